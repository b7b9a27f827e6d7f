import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { z } from 'zod';
import { axeViolations, setValue, waitUntil } from '../element/testing';
import { DataTable, type ColumnDef, type SortingState } from './DataTable';
import { Dialog } from './Dialog';
import { FormTextField, fieldRules, useZodForm } from './form';
import { Tabs } from './Tabs';
import { themeToCssVars } from '../../themes/cssVars';
import { createTheme } from '../../themes/theme';
import { tokenVars } from '../../themes/tokens';

let root: Root | null = null;
let host: HTMLElement;

/**
 * Renders into the light DOM: without an element's Emotion cache, styles go to the document head. The host
 * declares the theme's variables and the size tokens, as an element's host does.
 */
function render(node: React.ReactNode): HTMLElement {
  host = document.createElement('div');
  const vars = { ...themeToCssVars(createTheme('light')), ...tokenVars };
  for (const [name, value] of Object.entries(vars)) host.style.setProperty(name, value);
  document.body.append(host);
  root = createRoot(host);
  root.render(node);
  return host;
}

afterEach(() => {
  root?.unmount();
  root = null;
  host?.remove();
});

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `r${i}`,
  name: `User ${String(i).padStart(5, '0')}`,
}));
const columns: ColumnDef<Row, string>[] = [{ accessorKey: 'name', header: 'Name' }];

describe('ui primitives', () => {
  it('a table of 10,000 rows keeps only the rows in view in the DOM, and scrolling brings others', async () => {
    const shadow = render(
      <DataTable
        label="People"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        emptyMessage="none"
        maxHeight={300}
      />,
    );
    await waitUntil(() => shadow.querySelectorAll('tr[data-row]').length > 0);
    const count = shadow.querySelectorAll('tr[data-row]').length;
    expect(count).to.be.greaterThan(5).and.lessThan(60);
    expect(shadow.querySelector('tr[data-row="r0"]')).to.not.equal(null);
    const scroller = shadow.querySelector<HTMLElement>('[part="table-scroll"]')!;
    scroller.scrollTop = 44 * 5000;
    scroller.dispatchEvent(new Event('scroll'));
    await waitUntil(() => shadow.querySelector('tr[data-row="r0"]') === null, 'first row still rendered', {
      timeout: 5000,
    });
    expect([...shadow.querySelectorAll('tr[data-row]')].some((r) => r.textContent === 'User 05000')).to.equal(
      true,
    );
  });

  it('sorts the rows it holds, or reports the wanted order when the server sorts', async () => {
    const seen: SortingState[] = [];
    function ServerSorted() {
      const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
      return (
        <DataTable
          label="People"
          columns={columns}
          data={rows.slice(0, 3)}
          getRowId={(r) => r.id}
          emptyMessage="none"
          sorting={sorting}
          onSortingChange={(updater) =>
            setSorting((old) => {
              const next = typeof updater === 'function' ? updater(old) : updater;
              seen.push(next);
              return next;
            })
          }
        />
      );
    }
    const shadow = render(<ServerSorted />);
    await waitUntil(() => shadow.querySelector('[data-sort="name"]'));
    expect(shadow.querySelector('th')!.getAttribute('aria-sort')).to.equal('ascending');
    shadow.querySelector<HTMLButtonElement>('[data-sort="name"]')!.click();
    await waitUntil(() => shadow.querySelector('th')!.getAttribute('aria-sort') === 'descending');
    expect(seen.at(-1)).to.deep.equal([{ id: 'name', desc: true }]);
    // Server-sorted: the rows stay in the order given.
    expect(shadow.querySelector('tr[data-row]')!.textContent).to.equal('User 00000');
  });

  it('what a cell renders keeps its state when the parent re-renders with new column definitions', async () => {
    function Counter() {
      const [n, setN] = useState(0);
      return (
        <button type="button" data-counter onClick={() => setN(n + 1)}>
          {n}
        </button>
      );
    }
    function Parent() {
      const [tick, setTick] = useState(0);
      // New column objects and renderers on every render, as an unmemoized page would make them.
      const cols: ColumnDef<Row, string>[] = [{ id: 'c', header: `Tick ${tick}`, cell: () => <Counter /> }];
      return (
        <>
          <button type="button" data-tick onClick={() => setTick(tick + 1)} />
          <DataTable
            label="People"
            columns={cols}
            data={rows.slice(0, 1)}
            getRowId={(r) => r.id}
            emptyMessage="none"
          />
        </>
      );
    }
    const shadow = render(<Parent />);
    await waitUntil(() => shadow.querySelector('[data-counter]'));
    shadow.querySelector<HTMLButtonElement>('[data-counter]')!.click();
    await waitUntil(() => shadow.querySelector('[data-counter]')!.textContent === '1');
    shadow.querySelector<HTMLButtonElement>('[data-tick]')!.click();
    await waitUntil(() => shadow.textContent?.includes('Tick 1'));
    expect(shadow.querySelector('[data-counter]')!.textContent).to.equal('1');
  });

  it('an empty table says so', async () => {
    const shadow = render(
      <DataTable
        label="People"
        columns={columns}
        data={[]}
        getRowId={(r) => r.id}
        emptyMessage="No people"
      />,
    );
    await waitUntil(() => shadow.textContent?.includes('No people'));
  });

  it('a dialog is modal, named by its title, and Escape asks to close it', async () => {
    let closed = 0;
    const shadow = render(
      <Dialog open title="Invite" onClose={() => closed++}>
        <input aria-label="Email" />
      </Dialog>,
    );
    await waitUntil(() => shadow.querySelector('dialog')?.open);
    const dialog = shadow.querySelector('dialog')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Invite');
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(closed).to.equal(1);
    expect(await axeViolations(dialog)).to.deep.equal([]);
  });

  it('tabs move with the arrow keys', async () => {
    function Both() {
      const [tab, setTab] = useState<'a' | 'b'>('a');
      return (
        <Tabs
          label="Sections"
          tabs={[
            { key: 'a', label: 'A' },
            { key: 'b', label: 'B' },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          <p>panel {tab}</p>
        </Tabs>
      );
    }
    const shadow = render(<Both />);
    await waitUntil(() => shadow.querySelector('[role="tab"]'));
    shadow
      .querySelector('[role="tablist"]')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await waitUntil(() => shadow.textContent?.includes('panel b'));
    expect(shadow.querySelector('[data-tab="b"]')!.getAttribute('aria-selected')).to.equal('true');
  });

  it('form fields show the shared, translated validation messages', async () => {
    const schema = z.object({ email: fieldRules.email(), phone: fieldRules.optionalPhone() });
    function Invite() {
      const form = useZodForm(schema, { email: '', phone: '' });
      return (
        <form onSubmit={form.handleSubmit(() => undefined)}>
          <FormTextField form={form} name="email" label="Email" />
          <FormTextField form={form} name="phone" label="Phone" />
          <button type="submit">Go</button>
        </form>
      );
    }
    const shadow = render(<Invite />);
    await waitUntil(() => shadow.querySelector('button'));
    const [email, phone] = shadow.querySelectorAll('input');
    setValue(phone!, '12');
    shadow.querySelector('button')!.click();
    await waitUntil(() => shadow.textContent?.includes('This field is required'));
    expect(shadow.textContent).to.include('Enter a phone number in international format');
    setValue(email!, 'not-an-email');
    await waitUntil(() => shadow.textContent?.includes('Enter a valid email address'));
    setValue(phone!, '+44 20 7946 0958');
    await waitUntil(() => !shadow.textContent?.includes('international format'));
  });
});
