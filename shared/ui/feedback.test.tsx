import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DataTable, type ColumnDef } from './DataTable';
import { Dialog } from './Dialog';
import { ToastProvider, useToast, type ToastInput } from './Toast';

let root: Root | null = null;
let host: HTMLElement;
let shadow: ShadowRoot;

/** Renders into a shadow root with its own styles, as the elements do (focus is read through the root). */
function render(node: React.ReactNode): ShadowRoot {
  host = document.createElement('div');
  document.body.append(host);
  shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  root = createRoot(container);
  root.render(<CacheProvider value={createCache({ key: 'ui', container: shadow })}>{node}</CacheProvider>);
  return shadow;
}

afterEach(() => {
  root?.unmount();
  root = null;
  host?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toasts = () => [...shadow.querySelectorAll<HTMLElement>('[data-toast]')];

/** A button that shows a toast, inside a provider with a short duration. */
function Toaster({ toast, duration }: { toast: ToastInput; duration: number }) {
  function Trigger() {
    const show = useToast();
    return (
      <button type="button" data-show onClick={() => show(toast)}>
        show
      </button>
    );
  }
  return (
    <ToastProvider duration={duration}>
      <Trigger />
    </ToastProvider>
  );
}

describe('toasts', () => {
  it('a success toast is added to a polite live region that existed before it, and goes by itself', async () => {
    const r = render(<Toaster toast={{ text: 'Saved.' }} duration={300} />);
    await waitUntil(() => r.querySelector('[data-show]'));
    const region = r.querySelector('[role="status"][aria-live="polite"]');
    expect(region, 'the live region is rendered before any toast').to.not.equal(null);
    r.querySelector<HTMLButtonElement>('[data-show]')!.click();
    await waitUntil(() => toasts().length === 1);
    expect(region!.contains(toasts()[0]!)).to.equal(true);
    expect(toasts()[0]!.textContent).to.contain('Saved.');
    await waitUntil(() => toasts().length === 0, 'the toast stayed', { timeout: 2000 });
  });

  it('waits while hovered or focused, and goes once the pointer and the focus left', async () => {
    const r = render(<Toaster toast={{ text: 'Role changed.' }} duration={300} />);
    await waitUntil(() => r.querySelector('[data-show]'));
    r.querySelector<HTMLButtonElement>('[data-show]')!.click();
    await waitUntil(() => toasts().length === 1);
    const toast = toasts()[0]!;
    // React's enter and leave events come from pointerover and pointerout.
    toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    await sleep(700);
    expect(toasts(), 'a hovered toast went away').to.have.length(1);
    toast.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, composed: true }));
    r.querySelector<HTMLButtonElement>('[data-dismiss-toast]')!.focus();
    await sleep(700);
    expect(toasts(), 'a focused toast went away').to.have.length(1);
    r.querySelector<HTMLButtonElement>('[data-show]')!.focus();
    await waitUntil(() => toasts().length === 0, 'the toast stayed after the pause', { timeout: 4000 });
  });

  it('the dismiss button closes a toast; an error is an alert and stays until dismissed', async () => {
    const r = render(<Toaster toast={{ text: 'Not saved.', severity: 'error' }} duration={200} />);
    await waitUntil(() => r.querySelector('[data-show]'));
    r.querySelector<HTMLButtonElement>('[data-show]')!.click();
    await waitUntil(() => toasts().length === 1);
    expect(toasts()[0]!.closest('[role="alert"]')).to.not.equal(null);
    await sleep(500);
    expect(toasts()).to.have.length(1);
    const dismiss = r.querySelector<HTMLButtonElement>('[data-dismiss-toast]')!;
    expect(dismiss.getAttribute('aria-label')).to.equal('Dismiss');
    dismiss.click();
    await waitUntil(() => toasts().length === 0);
  });
});

interface Row {
  id: string;
  name: string;
  email: string;
}
const columns: ColumnDef<Row, string>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email' },
];

describe('skeletons', () => {
  it('a loading table shows its real header over skeleton rows of the row height, and says it is busy', async () => {
    const r = render(
      <DataTable
        label="People"
        columns={columns}
        data={[]}
        getRowId={(row) => row.id}
        emptyMessage="none"
        loading
        skeletonRows={4}
        rowHeight={50}
      />,
    );
    await waitUntil(() => r.querySelectorAll('tr[data-skeleton-row]').length === 4);
    expect([...r.querySelectorAll('th')].map((th) => th.textContent)).to.deep.equal(['Name', 'Email']);
    expect(r.querySelector('table')!.getAttribute('aria-busy')).to.equal('true');
    expect(r.querySelector('[role="status"]')!.textContent).to.equal('Loading…');
    expect(r.textContent).not.to.contain('none');
    const first = r.querySelector<HTMLElement>('tr[data-skeleton-row]')!;
    expect(first.getAttribute('aria-hidden')).to.equal('true');
    expect(Math.round(first.getBoundingClientRect().height)).to.equal(50);
    expect(first.querySelectorAll('[data-skeleton]')).to.have.length(2);
  });
});

describe('focus return', () => {
  function Page({ removeOpener }: { removeOpener: boolean }) {
    const [open, setOpen] = useState(false);
    const [gone, setGone] = useState(false);
    return (
      <>
        <h3 id="fe-page-title">Page</h3>
        <table data-focus-fallback tabIndex={-1} aria-label="Rows">
          <tbody>
            <tr>
              <td>
                {!gone && (
                  <button type="button" data-opener onClick={() => setOpen(true)}>
                    open
                  </button>
                )}
              </td>
            </tr>
          </tbody>
        </table>
        {open && (
          <Dialog open title="A dialog" onClose={() => setOpen(false)}>
            <button
              type="button"
              data-close
              onClick={() => {
                setOpen(false);
                if (removeOpener) setGone(true);
              }}
            >
              close
            </button>
          </Dialog>
        )}
      </>
    );
  }

  it('a closed (unmounted) dialog gives the focus back to the control that opened it', async () => {
    const r = render(<Page removeOpener={false} />);
    await waitUntil(() => r.querySelector('[data-opener]'));
    const opener = r.querySelector<HTMLButtonElement>('[data-opener]')!;
    opener.focus();
    opener.click();
    await waitUntil(() => r.querySelector('dialog[open]'));
    expect(r.activeElement).to.not.equal(opener);
    r.querySelector<HTMLButtonElement>('[data-close]')!.click();
    await waitUntil(() => !r.querySelector('dialog'));
    await waitUntil(() => r.activeElement === opener, 'the focus did not return to the opener');
  });

  it('when the opener is gone, the focus goes to the table around it', async () => {
    const r = render(<Page removeOpener />);
    await waitUntil(() => r.querySelector('[data-opener]'));
    const opener = r.querySelector<HTMLButtonElement>('[data-opener]')!;
    opener.focus();
    opener.click();
    await waitUntil(() => r.querySelector('dialog[open]'));
    r.querySelector<HTMLButtonElement>('[data-close]')!.click();
    await waitUntil(() => !r.querySelector('[data-opener]'));
    await waitUntil(() => r.activeElement === r.querySelector('table'), 'the focus did not go to the table');
  });
});
