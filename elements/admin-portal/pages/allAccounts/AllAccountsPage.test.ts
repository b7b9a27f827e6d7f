import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { buildTenant } from '../../../../shared/api/preview/sampleData';
import { $, axeViolations, mount, setValue, shadowText, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';
import {
  BASE,
  button,
  clickButton,
  fill,
  freshTransport,
  openDialog,
  present,
  resetPortal,
  signIn,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';

const READER = ['fe.account-hierarchy.read.subAccount'];
const WRITER = [...READER, 'fe.account-hierarchy.write.subAccount'];
const ACME = 'tenant-acme';
const EUROPE = 'tenant-acme-europe';
const XSS = '<img src=x onerror=alert(1)>';

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
});
afterEach(resetPortal);

/** Mounts the portal for a signed-in user and opens All accounts from the navigation, as a user does. */
async function openAllAccounts(permissions = WRITER): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, 'log-level': 'none' },
    (root) => root.querySelector('nav [data-entry="allAccounts"]') !== null,
  );
  $<HTMLButtonElement>(el, 'nav [data-entry="allAccounts"]')!.click();
  await waitUntil(() => $(el, '[data-page-content="allAccounts"]'), 'the page did not open');
  await waitUntil(() => treeItem(el, 'Acme'), 'the tree did not load');
  return el;
}

const tree = (el: HTMLElement) => $<HTMLUListElement>(el, '[role="tree"]');
/** The accessible name of a tree item: the text of its label. */
const itemName = (el: HTMLElement, item: Element) =>
  el.shadowRoot!.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
/** The accounts of the tree (its "Load more" rows are tree items too, without an account). */
const treeItems = (el: HTMLElement) => [
  ...(el.shadowRoot?.querySelectorAll('[role="treeitem"][data-tenant-id]') ?? []),
];
const loadMore = (el: HTMLElement) => $<HTMLElement>(el, '[role="treeitem"][data-load-more]');
const treeNames = (el: HTMLElement) => treeItems(el).map((item) => itemName(el, item));
const treeItem = (el: HTMLElement, name: string) =>
  (treeItems(el).find((item) => itemName(el, item) === name) as HTMLElement | undefined) ?? null;
const detailsTitle = (el: HTMLElement) => $(el, '[data-pane="details"] h3')?.textContent ?? '';
const focused = (el: HTMLElement) => el.shadowRoot!.activeElement;
const press = (target: Element, key: string) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }),
  );
const search = (el: HTMLElement, text: string) =>
  setValue($<HTMLInputElement>(el, 'input[type="search"]')!, text);
const results = (el: HTMLElement) =>
  [...(el.shadowRoot?.querySelectorAll('[data-search-results] ul button') ?? [])].map((b) => b.textContent);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds a sub-account to the preview's accounts before the page reads them. */
const addAccount = (tenantId: string, name: string, parentTenantId: string) =>
  transport.preview.state.tenants.push(buildTenant({ tenantId, name, parentTenantId }));

/** Answers the calls of one route with `change(answer)` instead of the preview's answer. */
function rewrite(
  route: (typeof paths.tenants)[keyof typeof paths.tenants],
  change: (answer: unknown) => unknown,
) {
  const original = transport.fetch.bind(transport);
  transport.fetch = async (input, init = {}) => {
    const response = await original(input, init);
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    if ((init.method ?? 'GET') !== route.method || !path.endsWith(route.path) || !response.ok)
      return response;
    const body = change(await response.json());
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

describe('all accounts page', () => {
  it('[SCREEN-075] [SCREEN-076] shows the caller’s account and its sub-accounts as a tree, read once', async () => {
    const el = await openAllAccounts();
    expect($(el, '#fe-page-title')!.textContent).to.equal('All accounts');
    expect(tree(el)!.getAttribute('aria-label')).to.equal('Accounts');
    await waitUntil(() => treeItem(el, 'Acme Labs'));
    expect(treeNames(el)).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs']);
    const acme = treeItem(el, 'Acme')!;
    expect([acme.getAttribute('aria-level'), acme.getAttribute('aria-expanded')]).to.deep.equal([
      '1',
      'true',
    ]);
    expect(acme.getAttribute('aria-selected'), 'the own account is selected at first').to.equal('true');
    expect(treeItem(el, 'Acme Europe')!.getAttribute('aria-level')).to.equal('2');
    expect(
      ['aria-setsize', 'aria-posinset'].map((a) => treeItem(el, 'Acme Labs')!.getAttribute(a)),
      'a flat tree says where each item is',
    ).to.deep.equal(['2', '2']);
    expect(treeItem(el, 'Acme Europe')!.hasAttribute('aria-expanded'), 'a leaf has no expander').to.equal(
      false,
    );
    await waitUntil(() => detailsTitle(el) === 'Acme', 'the own account is not shown in the pane');
    expect(transport.callsOf(paths.tenants.getSubTenantsAsTree)).to.have.length(1);

    treeItem(el, 'Acme Labs')!.click();
    await waitUntil(() => detailsTitle(el) === 'Acme Labs', 'the selected account is not shown');
    expect(treeItem(el, 'Acme Labs')!.getAttribute('aria-selected')).to.equal('true');
    expect(acme.getAttribute('aria-selected')).to.equal('false');
    expect(
      transport.callsOf(paths.tenants.getSubTenantsAsTree),
      'selecting reads no tree again',
    ).to.have.length(1);
  });

  it('[SCREEN-076] expands and collapses, and the keyboard follows the WAI-ARIA tree pattern', async () => {
    addAccount('tenant-acme-paris', 'Acme Paris', EUROPE);
    const el = await openAllAccounts();
    const europe = () => treeItem(el, 'Acme Europe')!;
    await waitUntil(() => europe());
    expect(europe().getAttribute('aria-expanded')).to.equal('false');
    expect(present(treeItem(el, 'Acme Paris')), 'a closed account hides its children').to.equal(false);
    const tabStops = () => treeItems(el).filter((i) => i.getAttribute('tabindex') === '0');
    expect(tabStops(), 'one tab stop (roving tabindex)').to.deep.equal([treeItem(el, 'Acme')]);

    treeItem(el, 'Acme')!.focus();
    press(treeItem(el, 'Acme')!, 'ArrowDown');
    await waitUntil(() => focused(el) === europe(), 'Down did not move to Acme Europe');
    expect(tabStops()).to.deep.equal([europe()]);
    press(europe(), 'ArrowRight');
    await waitUntil(() => europe().getAttribute('aria-expanded') === 'true', 'Right did not expand');
    await waitUntil(() => treeItem(el, 'Acme Paris'));
    expect(treeItem(el, 'Acme Paris')!.getAttribute('aria-level')).to.equal('3');
    press(europe(), 'ArrowRight');
    await waitUntil(
      () => focused(el) === treeItem(el, 'Acme Paris'),
      'Right did not move to the first child',
    );
    press(treeItem(el, 'Acme Paris')!, 'ArrowDown');
    await waitUntil(() => focused(el) === treeItem(el, 'Acme Labs'));
    press(treeItem(el, 'Acme Labs')!, 'ArrowUp');
    await waitUntil(() => focused(el) === treeItem(el, 'Acme Paris'));
    press(treeItem(el, 'Acme Paris')!, 'ArrowLeft');
    await waitUntil(() => focused(el) === europe(), 'Left did not move to the parent');
    press(europe(), 'ArrowLeft');
    await waitUntil(() => europe().getAttribute('aria-expanded') === 'false', 'Left did not collapse');
    expect(present(treeItem(el, 'Acme Paris'))).to.equal(false);
    press(europe(), 'Enter');
    await waitUntil(() => detailsTitle(el) === 'Acme Europe', 'Enter did not select');
    expect(europe().getAttribute('aria-selected')).to.equal('true');
    press(europe(), 'End');
    await waitUntil(() => focused(el) === treeItem(el, 'Acme Labs'));
    press(treeItem(el, 'Acme Labs')!, ' ');
    await waitUntil(() => detailsTitle(el) === 'Acme Labs', 'Space did not select');
    press(treeItem(el, 'Acme Labs')!, 'Home');
    await waitUntil(() => focused(el) === treeItem(el, 'Acme'));

    // The mouse: the expander opens and closes without selecting.
    europe().querySelector<HTMLElement>('[data-expander]')!.click();
    await waitUntil(() => treeItem(el, 'Acme Paris'));
    europe().querySelector<HTMLElement>('[data-expander]')!.click();
    await waitUntil(() => !treeItem(el, 'Acme Paris'));
    expect(detailsTitle(el)).to.equal('Acme Labs');
  });

  it('[TENANTS-003] a child the tree answers twice is shown once', async () => {
    rewrite(paths.tenants.getSubTenantsAsTree, (answer) => {
      const root = answer as { children: { children: unknown[] }[] };
      const [europe, labs] = root.children;
      europe!.children = [structuredClone(labs)];
      root.children = [europe!, labs!, structuredClone(europe!)];
      return root;
    });
    const el = await openAllAccounts();
    await waitUntil(() => treeItem(el, 'Acme Labs'));
    expect(treeNames(el)).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs']);
    expect(
      treeItem(el, 'Acme Europe')!.hasAttribute('aria-expanded'),
      'Labs is not listed under Europe',
    ).to.equal(false);
  });

  it('[SCREEN-076] "Load more" lists the next children of a level through the search with _subTenantId and _offset', async () => {
    for (let i = 1; i <= 51; i += 1)
      addAccount(`tenant-more-${i}`, `Branch ${String(i).padStart(2, '0')}`, ACME);
    addAccount('tenant-more-child', 'Branch 51 child', 'tenant-more-51');
    const el = await openAllAccounts();
    await waitUntil(() => loadMore(el), 'no Load more');
    expect(treeItems(el)).to.have.length(51, 'the root and the first 50 children');
    expect(loadMore(el)!.textContent).to.equal('Load more');
    expect(loadMore(el)!.getAttribute('aria-level'), 'a row of the level it continues').to.equal('2');
    expect(await axeViolations(el)).to.deep.equal([]);
    // The keyboard reaches it as the last row; Enter loads, and the focus goes to the first account it listed.
    treeItem(el, 'Acme')!.focus();
    press(treeItem(el, 'Acme')!, 'End');
    await waitUntil(() => focused(el) === loadMore(el), 'End did not reach Load more');
    press(loadMore(el)!, 'Enter');
    await waitUntil(() => treeItem(el, 'Branch 51'), 'the next children were not listed');
    await waitUntil(
      () => focused(el) === treeItem(el, 'Branch 49'),
      'the focus did not move to the new rows',
    );
    const [call] = transport.callsOf(paths.tenants.searchSubTenants);
    expect(call!.query.get('_subTenantId')).to.equal(ACME);
    expect(call!.query.get('_offset')).to.equal('50');
    expect(treeNames(el).slice(-4)).to.deep.equal(['Branch 48', 'Branch 49', 'Branch 50', 'Branch 51']);
    expect(treeItems(el)).to.have.length(54);
    expect(present(loadMore(el)), 'every child listed').to.equal(false);
    // A loaded account with children (metadata.isParent) has an expander; opening it fetches its children.
    const branch = treeItem(el, 'Branch 51')!;
    expect(branch.getAttribute('aria-expanded')).to.equal('false');
    transport.fail(paths.tenants.searchSubTenants, 500, 'Search is down');
    branch.querySelector<HTMLElement>('[data-expander]')!.click();
    await waitUntil(() =>
      shadowText(el).includes('The sub-accounts of Branch 51 could not be loaded: Search is down'),
    );
    transport.heal();
    clickButton($(el, '[data-children-error]')!, 'Try again');
    await waitUntil(() => treeItem(el, 'Branch 51 child'), 'the children were not fetched');
    expect(transport.callsOf(paths.tenants.searchSubTenants).at(-1)!.query.get('_subTenantId')).to.equal(
      'tenant-more-51',
    );
    expect(present($(el, '[data-children-error]'))).to.equal(false);
  });

  it('[TENANTS-010] the search asks limit 50 from offset 0 once typing pauses, and lists matches as buttons', async () => {
    const el = await openAllAccounts();
    for (const text of ['l', 'la', 'lab', 'labs']) search(el, text);
    await sleep(150);
    expect(transport.callsOf(paths.tenants.searchSubTenants), 'nothing asked while typing').to.have.length(0);
    await waitUntil(() => results(el).length > 0, 'no matches listed');
    const calls = transport.callsOf(paths.tenants.searchSubTenants);
    expect(calls).to.have.length(1);
    expect(Object.fromEntries(calls[0]!.query)).to.deep.equal({
      _limit: '50',
      _offset: '0',
      _filter: 'labs',
    });
    expect(results(el)).to.deep.equal(['Acme Labs']);
    expect(present(tree(el)), 'the matches replace the tree').to.equal(false);
    expect($(el, '[data-search-results] [role="status"]')!.textContent).to.equal('1 account matches.');
    clickButton(el.shadowRoot!, 'Acme Labs');
    await waitUntil(() => detailsTitle(el) === 'Acme Labs', 'the match was not selected');

    search(el, 'nothing like it');
    await waitUntil(() => shadowText(el).includes('No accounts match “nothing like it”.'));
    search(el, '');
    await waitUntil(() => tree(el), 'clearing did not show the tree');
    expect(treeItem(el, 'Acme Labs')!.getAttribute('aria-selected')).to.equal('true');
  });

  it('[TENANTS-010] a stale search answer never overwrites a newer one', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const original = transport.fetch.bind(transport);
    transport.fetch = async (input, init) => {
      if (String(input).includes('_filter=europe')) await held;
      return original(input, init);
    };
    const el = await openAllAccounts();
    search(el, 'europe');
    await sleep(500);
    search(el, 'labs');
    await waitUntil(() => results(el).length > 0, 'the newer answer is not listed');
    release();
    await waitUntil(() => transport.callsOf(paths.tenants.searchSubTenants).length === 2);
    await sleep(100);
    expect(results(el)).to.deep.equal(['Acme Labs']);
  });

  it('[TENANTS-013] creates a sub-account under the selected account: inserted there and selected', async () => {
    const el = await openAllAccounts();
    treeItem(el, 'Acme Europe')!.click();
    await waitUntil(() => detailsTitle(el) === 'Acme Europe');
    clickButton(el.shadowRoot!, 'Create sub-account');
    const dialog = await waitForDialog(el, 'Create sub-account');
    expect(dialog.textContent).to.contain('New sub-accounts go under Acme Europe.');
    fill(dialog, 'Name', 'Acme Rome');
    clickButton(dialog, 'Create');
    await waitUntil(() => treeItem(el, 'Acme Rome'), 'the new account is not in the tree');
    expect(transport.callsOf(paths.subTenants.createSubTenant).map((c) => c.body)).to.deep.equal([
      { name: 'Acme Rome', parentTenantId: EUROPE },
    ]);
    const rome = treeItem(el, 'Acme Rome')!;
    expect([rome.getAttribute('aria-level'), rome.getAttribute('aria-selected')]).to.deep.equal([
      '3',
      'true',
    ]);
    expect(treeItem(el, 'Acme Europe')!.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => detailsTitle(el) === 'Acme Rome');
    await waitUntil(() => openDialog(el) === null);
    await waitUntil(() => shadowText(el).includes('Sub-account Acme Rome created.'));
  });

  it('a refused create shows the server’s message in the dialog and keeps the name', async () => {
    const el = await openAllAccounts();
    transport.fail(paths.subTenants.createSubTenant, 409, 'Tenant already exists');
    clickButton(el.shadowRoot!, 'Create sub-account');
    const dialog = await waitForDialog(el, 'Create sub-account');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('This field is required'), 'an empty name was sent');
    fill(dialog, 'Name', 'Acme Asia');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.querySelector('[role="alert"]')?.textContent === 'Tenant already exists');
    expect(dialog.querySelector('input')!.value).to.equal('Acme Asia');
    expect(present(treeItem(el, 'Acme Asia'))).to.equal(false);
    transport.heal();
    clickButton(dialog, 'Create');
    await waitUntil(() => treeItem(el, 'Acme Asia'), 'the retry did not create it');
    expect(treeItem(el, 'Acme Asia')!.getAttribute('aria-level'), 'under the own account').to.equal('2');
  });

  it('a reader has no create button; a failed tree read shows the reason and a retry', async () => {
    transport.fail(paths.tenants.getSubTenantsAsTree, 500, 'Hierarchy is down');
    store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
    signIn(READER);
    const el = await mount(
      'fe-admin-portal',
      { 'base-url': BASE, 'log-level': 'none' },
      (root) => root.querySelector('nav [data-entry="allAccounts"]') !== null,
    );
    $<HTMLButtonElement>(el, 'nav [data-entry="allAccounts"]')!.click();
    await waitUntil(() => shadowText(el).includes('This could not be loaded: Hierarchy is down'));
    transport.heal();
    clickButton(el.shadowRoot!, 'Try again');
    await waitUntil(() => treeItem(el, 'Acme Labs'), 'the retry did not load the tree');
    expect(present(button(el.shadowRoot!, 'Create sub-account'))).to.equal(false);
  });

  it('account names are text: markup in a name is shown, never run', async () => {
    addAccount('tenant-xss', XSS, ACME);
    const el = await openAllAccounts();
    await waitUntil(() => treeItem(el, XSS), 'the name is not shown as text');
    treeItem(el, XSS)!.click();
    await waitUntil(() => detailsTitle(el) === XSS);
    search(el, 'onerror');
    await waitUntil(() => results(el).includes(XSS), 'the match is not shown as text');
    search(el, '');
    clickButton(el.shadowRoot!, 'Create sub-account');
    const dialog = await waitForDialog(el, 'Create sub-account');
    expect(dialog.textContent).to.contain(`New sub-accounts go under ${XSS}.`);
    fill(dialog, 'Name', `${XSS} 2`);
    clickButton(dialog, 'Create');
    await waitUntil(() => treeItem(el, `${XSS} 2`));
    expect(el.shadowRoot!.querySelectorAll('img'), 'no element made from a name').to.have.length(0);
  });

  it('[SCREEN-075] in preview mode the sample accounts are listed', async () => {
    store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
    previewFetch.reset();
    previewFetch.state.session.signedIn = true;
    signIn(READER);
    const el = await mount(
      'fe-admin-portal',
      { preview: '' },
      (root) => root.querySelector('nav [data-entry="allAccounts"]') !== null,
    );
    $<HTMLButtonElement>(el, 'nav [data-entry="allAccounts"]')!.click();
    await waitUntil(() => treeItem(el, 'Acme Labs')).catch(() => {
      throw new Error(`the sample accounts did not load: ${shadowText(el)}`);
    });
    expect(treeNames(el)).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs']);
    previewFetch.reset();
  });

  it('passes axe-core with the tree, the matches and the create dialog, light and dark', async () => {
    addAccount('tenant-acme-paris', 'Acme Paris', EUROPE);
    const el = await openAllAccounts();
    treeItem(el, 'Acme Europe')!.querySelector<HTMLElement>('[data-expander]')!.click();
    await waitUntil(() => treeItem(el, 'Acme Paris'));
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'dark');
    expect(await axeViolations(el)).to.deep.equal([]);
    search(el, 'acme');
    await waitUntil(() => results(el).length === 3);
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'light');
    clickButton(el.shadowRoot!, 'Create sub-account');
    const dialog = await waitForDialog(el, 'Create sub-account');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('This field is required'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
