// The selected account's pane of All accounts (AccountDetails and its dialogs), in the portal talking HTTP to
// a base URL answered by the preview (no delay). Every request is recorded with its Authorization header, so a
// test sees which token each call carried: the sub-account's (users v3 me/token) or the session's.
import { expect } from '@open-wc/testing';
import { paths, type ApiPath } from '../../../../shared/api/paths';
import { buildUser } from '../../../../shared/api/preview/sampleData';
import { $, axeViolations, mount, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';
import {
  BASE,
  button,
  fill,
  freshTransport,
  isCallOf,
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
const SESSION_TOKEN = 'Bearer token';
const XSS = '<img src=x onerror=alert(1)>';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

let transport: RecordingTransport;
/** Every request with the token it carried. */
let seen: Seen[] = [];
/** Where the requests of the account selected last start (the page opens on the caller's own account first). */
let mark = 0;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
  seen = [];
  mark = 0;
  const answer = transport.fetch.bind(transport);
  transport.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    seen.push({
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(new URL(BASE).pathname, ''),
      query: url.searchParams,
      body,
      authorization: new Headers(init.headers).get('authorization'),
    });
    return answer(input, init);
  };
});
afterEach(resetPortal);

/** The requests of `route` since the last account was selected. */
const callsOf = (route: ApiPath) => seen.slice(mark).filter((s) => isCallOf(route, s.method, s.path));
const last = (route: ApiPath) => callsOf(route).at(-1);

/** Mounts the portal, opens All accounts and selects `account` in the tree. */
async function openAccount(account: string, permissions = WRITER): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, 'log-level': 'none' },
    (root) => root.querySelector('nav [data-entry="allAccounts"]') !== null,
  );
  $<HTMLButtonElement>(el, 'nav [data-entry="allAccounts"]')!.click();
  await waitUntil(() => treeItem(el, account), `no tree item ${account}`);
  // The page opens on the caller's own account.
  await waitUntil(() => heading(el) && rows(el).length > 0, 'no account shown');
  if (heading(el) !== account) await select(el, account);
  return el;
}

async function select(el: HTMLElement, account: string) {
  mark = seen.length;
  (treeItem(el, account) as HTMLElement).click();
  await waitUntil(() => heading(el) === account, `${account} did not open`);
}

const treeItem = (el: HTMLElement, name: string) =>
  [...(el.shadowRoot?.querySelectorAll('[role="treeitem"]') ?? [])].find(
    (item) => el.shadowRoot!.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  ) ?? null;
const pane = (el: HTMLElement) => $<HTMLElement>(el, '[data-account-details]');
const heading = (el: HTMLElement) => pane(el)?.querySelector('h3')?.textContent ?? '';
const usersTable = (el: HTMLElement) => pane(el)?.querySelector<HTMLTableElement>('table') ?? null;
const rows = (el: HTMLElement) => [...(usersTable(el)?.querySelectorAll('tr[data-row]') ?? [])];
const emails = (el: HTMLElement) => rows(el).map((r) => r.querySelectorAll('td')[1]?.textContent ?? '');
const rowOf = (el: HTMLElement, email: string) =>
  rows(el).find((r) => r.querySelectorAll('td')[1]?.textContent === email) ?? null;
const alerts = (root: ParentNode | null | undefined) =>
  [...(root?.querySelectorAll('[role="alert"]') ?? [])].map((a) => a.textContent ?? '');
const check = (root: ParentNode, label: string, on = true) => {
  const box = [...root.querySelectorAll('label')]
    .find((l) => l.textContent?.trim() === label)
    ?.querySelector<HTMLInputElement>('input');
  if (!box) throw new Error(`no checkbox ${label}`);
  if (box.checked !== on) box.click();
};
const roleId = (name: string) => transport.preview.state.roles.find((r) => r.name === name)!.id;
const accountJwt = () => callsOf(paths.users.getUsersV3).at(-1)?.authorization ?? '';

describe('All accounts: the selected account (AccountDetails)', () => {
  it('[TENANTS-011] a sub-account opens on its users, 10 a page from offset 0, with Previous and Next', async () => {
    for (let i = 0; i < 12; i++)
      transport.preview.state.users.push(
        buildUser({
          id: `user-eu-${i}`,
          email: `eu${String(i).padStart(2, '0')}@acme-europe.example`,
          tenantId: EUROPE,
        }),
      );
    const el = await openAccount('Acme Europe');
    await waitUntil(() => rows(el).length === 10, 'the first page of users did not show');
    const first = callsOf(paths.users.getUsersV3)[0]!;
    expect(first.query.get('_limit')).to.equal('10');
    expect(first.query.get('_offset')).to.equal('0');
    expect(usersTable(el)!.getAttribute('aria-label')).to.equal('Users of Acme Europe');
    expect($(el, '[data-account-details] [data-parent]')!.textContent).to.equal('Sub-account of Acme');
    const headers = [...usersTable(el)!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).to.deep.equal(['Name', 'Email', 'Roles', 'Actions']);

    button(pane(el)!, 'Next')!.click();
    await waitUntil(() => callsOf(paths.users.getUsersV3).length === 2 && rows(el).length === 4, 'no page 2');
    expect(last(paths.users.getUsersV3)!.query.get('_offset')).to.equal('1');
    expect(last(paths.users.getUsersV3)!.query.get('_limit')).to.equal('10');
    expect(button(pane(el)!, 'Next')!.disabled).to.equal(true);
    button(pane(el)!, 'Previous')!.click();
    await waitUntil(() => rows(el).length === 10, 'back to page 1');
    expect(last(paths.users.getUsersV3)!.query.get('_offset')).to.equal('0');
  });

  it("[TENANTS-014] [SCREEN-075] the sub-account's users and settings are read with its own token, not the session's", async () => {
    const el = await openAccount('Acme Europe');
    await waitUntil(() => emails(el).includes('emma.mueller@acme-europe.example'), 'no Europe users');
    // The token asked for the account, then used for its users (and their roles).
    const tokenCall = callsOf(paths.users.GetUserJwt)[0]!;
    expect(tokenCall.body).to.deep.equal({ tenantId: EUROPE });
    expect(tokenCall.authorization).to.equal(SESSION_TOKEN);
    const jwt = accountJwt();
    expect(jwt).to.match(/^Bearer .+\..+\..+$/);
    expect(jwt).not.to.equal(SESSION_TOKEN);
    for (const call of [...callsOf(paths.users.getUsersV3), ...callsOf(paths.users.getUsersRoles)])
      expect(call.authorization).to.equal(jwt);
    // Only Acme Europe's members are listed (the preview answers for the token's account).
    expect(emails(el)).not.to.include('maya.cohen@acme.example');
    expect(await axeViolations(el)).to.deep.equal([]);

    button(pane(el)!, 'Settings')!.click();
    await waitUntil(() => pane(el)!.querySelector('dl'), 'no settings');
    const settingsCall = last(paths.accountSettings.getSettings)!;
    expect(settingsCall.authorization).to.equal(jwt);
    const terms = [...pane(el)!.querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).to.deep.equal(['Name', 'Address', 'Time zone', 'Currency', 'Date format', 'Time format']);
    expect(callsOf(paths.users.GetUserJwt)).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("[TENANTS-009] the Settings tab shows the sub-account's own settings, not its parent's", async () => {
    const el = await openAccount('Acme Europe');
    button(pane(el)!, 'Settings')!.click();
    await waitUntil(() => pane(el)!.querySelector('dl'), 'no settings');
    // The sub-account's own settings, not the parent's.
    const value = (field: string) => pane(el)!.querySelector(`[data-setting="${field}"] dd`)?.textContent;
    expect(value('name')).to.equal('Acme Europe');
    expect(value('timezone')).to.equal('Europe/Berlin');
  });

  it("[TENANTS-014] the caller's own account is read with the session's token, with the access column", async () => {
    const el = await openAccount('Acme');
    await waitUntil(() => emails(el).includes('maya.cohen@acme.example'), 'no Acme users');
    expect(callsOf(paths.users.GetUserJwt)).to.have.length(0);
    expect(last(paths.users.getUsersV3)!.authorization).to.equal(SESSION_TOKEN);
    const headers = [...usersTable(el)!.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).to.deep.equal(['Name', 'Email', 'Roles', 'Sub-account access', 'Actions']);
    // The own account is not renamed, deleted or switched to from here.
    for (const name of ['Rename', 'Delete account', 'Switch to this account'])
      expect(present(button(pane(el)!, name)), name).to.equal(false);
    expect(present($(el, '[data-account-details] [data-parent]'))).to.equal(false);
  });

  it('[TENANTS-013] [TENANTS-020] add a user with a role, change their roles and remove them, with the parent token', async () => {
    const el = await openAccount('Acme Europe');
    await waitUntil(() => rows(el).length > 0, 'no users');
    const jwt = accountJwt();

    // Add user: email, name, roles; sent with the session's (the parent's) token, naming the account.
    button(pane(el)!, 'Add user')!.click();
    let dialog = await waitForDialog(el, 'Add user');
    fill(dialog, 'Email', 'nina.new@asia.example');
    fill(dialog, 'Name', 'Nina New');
    check(dialog, 'Viewer');
    expect(await axeViolations(el)).to.deep.equal([]);
    button(dialog, 'Add')!.click();
    await waitUntil(() => rowOf(el, 'nina.new@asia.example'), 'the added user is not listed');
    const added = last(paths.subTenants.addUsersToSubTenant)!;
    expect(added.authorization).to.equal(SESSION_TOKEN);
    expect(added.body).to.deep.include({
      tenantId: EUROPE,
      users: [{ email: 'nina.new@asia.example', name: 'Nina New' }],
    });
    expect((added.body as { roleIds: string[] }).roleIds).to.include(roleId('Viewer'));
    // The list is read again with the account's token.
    expect(last(paths.users.getUsersV3)!.authorization).to.equal(jwt);
    await waitUntil(
      () => rowOf(el, 'nina.new@asia.example')?.textContent?.includes('Viewer'),
      'no Viewer role',
    );

    // Edit roles: the dialog ticks the current roles; Save sets the account's roles (PATCH, TENANTS-020).
    const userId = transport.preview.state.users.find((u) => u.email === 'nina.new@asia.example')!.id;
    button(pane(el)!, 'Edit roles for nina.new@asia.example')!.click();
    dialog = await waitForDialog(el, 'Edit roles');
    check(dialog, 'Viewer', false);
    check(dialog, 'ReadOnly', false);
    check(dialog, 'Editor');
    button(dialog, 'Save')!.click();
    await waitUntil(() => !openDialog(el), 'the roles dialog stayed open');
    const patched = last(paths.subTenants.setUserRolesForSubTenants)!;
    expect(patched.method).to.equal('PATCH');
    expect(patched.path).to.equal(`/identity/resources/sub-tenants/users/v1/${userId}/roles`);
    expect(patched.authorization).to.equal(SESSION_TOKEN);
    expect(patched.body).to.deep.equal({
      subTenantsRoles: [{ tenantId: EUROPE, roleIds: [roleId('Editor')] }],
    });
    await waitUntil(
      () => rowOf(el, 'nina.new@asia.example')?.textContent?.includes('Editor'),
      'roles not shown',
    );

    // Remove: an alert dialog; Remove sends the account in the payload (DELETE with a body).
    button(pane(el)!, 'Remove nina.new@asia.example')!.click();
    await waitUntil(() => openDialog(el)?.getAttribute('role') === 'alertdialog', 'no remove confirmation');
    dialog = openDialog(el)!;
    expect(dialog.querySelector('h2')!.textContent).to.equal('Remove nina.new@asia.example?');
    expect(await axeViolations(el)).to.deep.equal([]);
    button(dialog, 'Remove')!.click();
    await waitUntil(() => !rowOf(el, 'nina.new@asia.example'), 'the user is still listed');
    const removed = last(paths.subTenants.removeUserFromTenantAndSubTenants)!;
    expect(removed.method).to.equal('DELETE');
    expect(removed.authorization).to.equal(SESSION_TOKEN);
    expect(removed.body).to.deep.equal({ userId, subTenants: [{ tenantId: EUROPE }] });
  });

  it('[TENANTS-013] a refused add keeps the dialog, the typed values and the server reason', async () => {
    const el = await openAccount('Acme Europe');
    await waitUntil(() => rows(el).length > 0, 'no users');
    transport.fail(paths.subTenants.addUsersToSubTenant, 400, 'users must name at least one user');
    button(pane(el)!, 'Add user')!.click();
    const dialog = await waitForDialog(el, 'Add user');
    fill(dialog, 'Email', 'kept@asia.example');
    button(dialog, 'Add')!.click();
    await waitUntil(
      () => alerts(dialog).some((a) => a.includes('users must name at least one user')),
      'no error',
    );
    expect(openDialog(el)).to.equal(dialog);
    const email = [...dialog.querySelectorAll('input')].find((i) => i.type === 'email')!;
    expect(email.value).to.equal('kept@asia.example');
  });

  it('[TENANTS-013] [TENANTS-021] on the own account, a member’s sub-account access is switched off and on', async function () {
    // The own account lists every member with a switch and runs axe: slow on a loaded 2-core machine.
    this.timeout(45_000);
    const el = await openAccount('Acme');
    await waitUntil(() => rowOf(el, 'maya.cohen@acme.example'), 'no Maya');
    const access = () =>
      rowOf(el, 'maya.cohen@acme.example')!.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(access().getAttribute('aria-label')).to.equal('Sub-account access for maya.cohen@acme.example');
    const before = access().getAttribute('aria-checked');
    access().click();
    const wanted = before === 'true' ? 'false' : 'true';
    await waitUntil(() => callsOf(paths.subTenants.updateSubAccountAccess).length === 1, 'no access call');
    const call = last(paths.subTenants.updateSubAccountAccess)!;
    expect(call.method).to.equal('PUT');
    expect(call.path).to.equal('/identity/resources/sub-tenants/users/v1/user-maya/access');
    expect(call.body).to.deep.equal({ allowAccess: wanted === 'true' });
    expect(call.authorization).to.equal(SESSION_TOKEN);
    expect(access().getAttribute('aria-checked')).to.equal(wanted);
    expect(await axeViolations(el)).to.deep.equal([]);

    // A refusal puts the switch back and says why.
    transport.fail(paths.subTenants.updateSubAccountAccess, 403, 'Missing permission');
    access().click();
    await waitUntil(() => alerts(pane(el)).some((a) => a.includes('Missing permission')), 'no error shown');
    await waitUntil(() => access().getAttribute('aria-checked') === wanted, 'the switch was not put back');
    expect(alerts(pane(el)).join()).to.include('maya.cohen@acme.example');
  });

  it('[SCREEN-075] rename: a refusal keeps the typed name; saved, the pane and the tree show the new name', async () => {
    const el = await openAccount('Acme Europe');
    button(pane(el)!, 'Rename')!.click();
    let dialog = await waitForDialog(el, 'Rename account');
    transport.fail(paths.subTenants.updateSubTenant, 409, 'An account with this name exists');
    fill(dialog, 'Name', 'Acme EMEA');
    button(dialog, 'Save')!.click();
    await waitUntil(
      () => alerts(dialog).some((a) => a.includes('An account with this name exists')),
      'no error',
    );
    expect(dialog.querySelector('input')!.value).to.equal('Acme EMEA');
    transport.heal();
    button(dialog, 'Save')!.click();
    await waitUntil(() => heading(el) === 'Acme EMEA', 'the pane kept the old name');
    const renamed = last(paths.subTenants.updateSubTenant)!;
    expect(renamed.method).to.equal('PATCH');
    expect(renamed.path).to.equal(`/tenants/resources/sub-tenants/v1/${EUROPE}`);
    expect(renamed.body).to.deep.equal({ name: 'Acme EMEA' });
    await waitUntil(() => treeItem(el, 'Acme EMEA'), 'the tree kept the old name');
    dialog = openDialog(el)!;
    expect(dialog).to.equal(null);
  });

  it('[SCREEN-075] delete: the confirmation says what goes; deleted, the pane closes and the tree drops it', async () => {
    const el = await openAccount('Acme Labs');
    button(pane(el)!, 'Delete account')!.click();
    await waitUntil(() => openDialog(el)?.getAttribute('role') === 'alertdialog', 'no alert dialog');
    const dialog = openDialog(el)!;
    expect(dialog.querySelector('h2')!.textContent).to.equal('Delete Acme Labs?');
    const text = dialog.textContent ?? '';
    for (const part of [
      'sub-accounts',
      'members are removed',
      'no other account are deleted',
      'audit logs are kept',
    ])
      expect(text).to.include(part);
    expect(await axeViolations(el)).to.deep.equal([]);
    transport.fail(paths.subTenants.deleteSubTenant, 500, 'The database is away');
    button(dialog, 'Delete')!.click();
    await waitUntil(
      () => alerts(dialog).some((a) => a.includes('The database is away')),
      'no error in the dialog',
    );
    transport.heal();
    button(dialog, 'Delete')!.click();
    await waitUntil(() => !treeItem(el, 'Acme Labs'), 'the tree still lists Acme Labs');
    expect(last(paths.subTenants.deleteSubTenant)!.method).to.equal('DELETE');
    expect(last(paths.subTenants.deleteSubTenant)!.path).to.equal(
      '/tenants/resources/sub-tenants/v1/tenant-acme-labs',
    );
    await waitUntil(() => heading(el) !== 'Acme Labs', 'the pane still shows Acme Labs');
  });

  it('[SCREEN-075] "Switch to this account" switches the portal to the sub-account', async () => {
    const el = await openAccount('Acme Europe');
    const switched = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('fe-tenant-switched', (e) => resolve(e as CustomEvent), { once: true }),
    );
    button(pane(el)!, 'Switch to this account')!.click();
    const event = await switched;
    expect(event.detail).to.deep.equal({ tenantId: EUROPE, previousTenantId: ACME });
    expect(last(paths.tenants.switchTenant)!.body).to.deep.equal({ tenantId: EUROPE });
  });

  it('a refused account token is shown in place; the page stays usable, another account opens', async () => {
    transport.fail(paths.users.GetUserJwt, 403, 'Access to this sub-account is not allowed');
    const el = await openAccount('Acme Europe');
    await waitUntil(
      () => alerts(pane(el)).some((a) => a.includes('Access to this sub-account is not allowed')),
      'the refusal is not shown',
    );
    expect(callsOf(paths.users.getUsersV3)).to.have.length(0);
    transport.heal();
    await select(el, 'Acme');
    await waitUntil(() => rows(el).length > 0, 'the own account did not load');
  });

  it('switching the selected account drops the previous account’s answers', async () => {
    const el = await openAccount('Acme');
    await waitUntil(() => rows(el).length > 0, 'no Acme users');
    await select(el, 'Acme Europe');
    await select(el, 'Acme Labs');
    await waitUntil(() => emails(el).includes('omar.haddad@acme-labs.example'), 'no Labs users');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heading(el)).to.equal('Acme Labs');
    expect(usersTable(el)!.getAttribute('aria-label')).to.equal('Users of Acme Labs');
    expect(emails(el)).not.to.include('emma.mueller@acme-europe.example');
    expect(emails(el)).not.to.include('maya.cohen@acme.example');
  });

  it('names and emails from the server are shown as text; readers get no write controls', async () => {
    transport.preview.state.users.push(
      buildUser({ id: 'user-xss', email: 'xss@acme-europe.example', name: XSS, tenantId: EUROPE }),
    );
    const el = await openAccount('Acme Europe', READER);
    await waitUntil(() => rowOf(el, 'xss@acme-europe.example'), 'no xss user');
    expect(rowOf(el, 'xss@acme-europe.example')!.querySelector('td')!.textContent).to.equal(XSS);
    expect(pane(el)!.querySelector('img')).to.equal(null);
    for (const name of ['Add user', 'Rename', 'Delete account', 'Edit roles for xss@acme-europe.example'])
      expect(present(button(pane(el)!, name)), name).to.equal(false);
    expect(present(button(pane(el)!, 'Switch to this account'))).to.equal(true);
  });
});
