import { expect } from '@open-wc/testing';
import { adminPortalApi, type RequestOptions } from '../../../../shared/api/client';
import { ApiError } from '../../../../shared/api/errors';
import { paths, type ApiPath } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import {
  buildUser,
  SAMPLE_SUB_TENANT_IDS,
  SAMPLE_TENANT_ID,
  SAMPLE_USER_EMAIL,
  SAMPLE_USER_ID,
  SAMPLE_USER_NAME,
} from '../../../../shared/api/preview/sampleData';
import { clearSession } from '../../../../shared/auth/session';
import { accessTokenAtom, userAtom } from '../../../../shared/auth/session.atoms';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { startApp } from '../../../../shared/options/start';
import {
  $,
  axeViolations,
  mount,
  resetPage,
  setValue,
  shadowText,
  waitUntil,
} from '../../../../shared/element/testing';
import { store } from '../../../../shared/store';
import '../../index';

// ---------------------------------------------------------------------------------------------------------
// Harness: the portal in preview on the users page; every call the page makes is recorded (and can fail).

interface Sent {
  route: ApiPath;
  opts: RequestOptions;
  started: number;
  settled: boolean;
  ended?: number;
}

const sent: Sent[] = [];
const originalRequest = adminPortalApi.request;
/** Answers a call with an error instead of the preview (after `delay` ms), when it returns one. */
let failWith: (route: ApiPath, opts: RequestOptions) => { error: Error; delay?: number } | null = () => null;

// Once: the page's load sequence (flags, metadata, session restore) runs now in preview, signed out, so its
// restore cannot sign a test's user out half-way through a test.
before(async () => {
  store.set(setOptionsAtom, { preview: true });
  await startApp();
  resetPage();
});

beforeEach(() => {
  sent.length = 0;
  failWith = () => null;
  adminPortalApi.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
    const entry: Sent = { route, opts, started: performance.now(), settled: false };
    sent.push(entry);
    try {
      const failure = failWith(route, opts);
      if (failure) {
        await new Promise((r) => setTimeout(r, failure.delay ?? 0));
        throw failure.error;
      }
      return await originalRequest(route, opts);
    } finally {
      entry.settled = true;
      entry.ended = performance.now();
    }
  }) as typeof adminPortalApi.request;
});

afterEach(() => {
  adminPortalApi.request = originalRequest;
  // Signed out while preview is still on: the flags reload that follows a user change stays in preview.
  clearSession();
  resetPage();
  previewFetch.reset();
});

const READ = 'fe.secure.read.users';
const WRITE = 'fe.secure.write.users';
const DELETE = 'fe.secure.delete.users';

function signIn(permissions: string[]) {
  store.set(setOptionsAtom, { preview: true });
  store.set(accessTokenAtom, 'token');
  store.set(userAtom, {
    id: SAMPLE_USER_ID,
    email: SAMPLE_USER_EMAIL,
    name: SAMPLE_USER_NAME,
    tenantId: SAMPLE_TENANT_ID,
    tenantIds: [SAMPLE_TENANT_ID, ...SAMPLE_SUB_TENANT_IDS],
    roles: [{ id: 'role-admin', key: 'Admin', name: 'Admin' }],
    permissions: permissions.map((key) => ({ key })),
  });
}

/** Mounts the portal in preview for a signed-in user and opens the users page from the navigation. */
async function mountUsersPage(permissions: string[], ready: (root: ShadowRoot) => boolean) {
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { preview: '' },
    (r) => r.querySelector('nav [data-entry="users"]') !== null,
  );
  $<HTMLButtonElement>(el, 'nav [data-entry="users"]')!.click();
  await waitUntil(() => ready(root(el)), 'the users page did not show', { timeout: 5000 });
  return el;
}

async function openUsersPage(permissions = [READ, WRITE, DELETE]) {
  const el = await mountUsersPage(permissions, (r) => r.querySelector('[data-users-page]') !== null);
  await until(() => rowIds(el).length > 0, 'no users listed');
  return el;
}

/** waitUntil with room for a few preview answers (500 ms each). */
const until = (predicate: () => unknown, message?: string) =>
  waitUntil(predicate, message, { timeout: 4000 });

const root = (el: Element) => el.shadowRoot!;
const rowIds = (el: Element) =>
  [...root(el).querySelectorAll('tr[data-row]')].map((r) => r.getAttribute('data-row') ?? '');
const row = (el: Element, id: string) => $(el, `tr[data-row="${id}"]`);
/** The text of the toasts shown (completed actions), newest last. */
const toastText = (el: Element) =>
  [...root(el).querySelectorAll('[data-toast]')].map((toast) => toast.textContent).join('\n');
const rowText = (el: Element, id: string, part: string) =>
  row(el, id)?.querySelector(`[${part}]`)?.textContent ?? '';
const names = (el: Element) =>
  [...root(el).querySelectorAll('tr[data-row] [data-name]')].map((n) => n.textContent?.replace(' (you)', ''));
const calls = (route: ApiPath) => sent.filter((s) => s.route === route);
const lastQuery = (route = paths.users.getUsersV3) => calls(route).at(-1)?.opts.query;
const openDialog = () =>
  document
    .querySelector('fe-admin-portal')!
    .shadowRoot!.querySelector('dialog[open]') as HTMLDialogElement | null;
const settle = (route: ApiPath) =>
  until(
    () => calls(route).length > 0 && calls(route).every((c) => c.settled),
    `${route.path} did not answer`,
  );

/** The control labelled `label` inside `scope` (labels point at their control with `for`). */
function control<T extends HTMLElement>(scope: ParentNode, label: string): T {
  const labelEl = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!labelEl) throw new Error(`no label ${label}`);
  const control = labelEl.htmlFor
    ? (labelEl.getRootNode() as ShadowRoot).getElementById(labelEl.htmlFor)
    : labelEl.querySelector('input');
  if (!control) throw new Error(`no control for ${label}`);
  return control as T;
}

function setText(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function button(scope: ParentNode, text: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

/** Opens a row's actions menu and picks an action. */
async function rowAction(el: Element, userId: string, action: string) {
  const menuButton = $<HTMLButtonElement>(el, `[data-actions-for="${userId}"]`);
  if (!menuButton) throw new Error(`no actions for ${userId}`);
  menuButton.click();
  const menu = root(el).getElementById(menuButton.getAttribute('aria-controls')!)!;
  await waitUntil(() => menu.matches(':popover-open'), 'the menu did not open');
  const item = menu.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
  if (!item) throw new Error(`no action ${action} for ${userId}`);
  item.click();
}

const menuActions = async (el: Element, userId: string) => {
  const menuButton = $<HTMLButtonElement>(el, `[data-actions-for="${userId}"]`)!;
  const menu = root(el).getElementById(menuButton.getAttribute('aria-controls')!)!;
  return [...menu.querySelectorAll('[data-action]')].map((a) => a.getAttribute('data-action'));
};

const acmeNamesDesc = ['Sofia Rossi', 'Noah Kim', 'Maya Cohen', 'Liam Patel', 'Demo Admin', 'Ava Johnson'];

// ---------------------------------------------------------------------------------------------------------

describe('users page', () => {
  it('[TEAM-008][TEAM-015][SCREEN-051] opens with users v3 at offset 0, 20 a page, sorted by name descending', async () => {
    const el = await openUsersPage();
    expect(calls(paths.users.getUsersV3)).to.have.length(1);
    expect(lastQuery()).to.deep.equal({
      _offset: 0,
      _limit: 20,
      _sortBy: 'name',
      _order: 'DESC',
      _includeSubTenants: false,
    });
    expect(names(el)).to.deep.equal(acmeNamesDesc);
    expect($(el, 'th[aria-sort]')?.textContent).to.contain('Name');
    expect($(el, 'th[aria-sort]')?.getAttribute('aria-sort')).to.equal('descending');
    expect(control<HTMLSelectElement>(root(el), 'Users per page').value).to.equal('20');
  });

  it('[TEAM-013] pages on the server: the count and the pages come from the answer metadata', async function () {
    this.timeout(20000);
    for (let i = 0; i < 25; i++)
      previewFetch.state.users.push(
        buildUser({ id: `user-extra-${i}`, name: `Extra ${String(i).padStart(2, '0')}` }),
      );
    const el = await openUsersPage();
    expect($(el, '[data-total]')?.textContent).to.equal('31 users');
    expect($(el, '[data-pages]')?.getAttribute('data-pages')).to.equal('2');
    expect(shadowText(el)).to.contain('Page 1 of 2');
    // The table is virtualized: the rows it holds are counted by aria-rowcount (header + rows).
    const rowCount = () => $(el, 'table')?.getAttribute('aria-rowcount');
    expect(rowCount()).to.equal('21');
    button(root(el), 'Next').click();
    await until(() => lastQuery()?._offset === 1);
    await until(() => rowCount() === '12', 'the second page did not show');
    expect(shadowText(el)).to.contain('Page 2 of 2');
  });

  it('sorts on the server when a column header is clicked', async () => {
    const el = await openUsersPage();
    $<HTMLButtonElement>(el, '[data-sort="name"]')!.click();
    await until(() => lastQuery()?._order === 'ASC');
    await until(() => names(el)[0] === 'Ava Johnson');
    expect(names(el)).to.deep.equal([...acmeNamesDesc].reverse());
    $<HTMLButtonElement>(el, '[data-sort="lastLogin"]')!.click();
    await until(() => lastQuery()?._sortBy === 'lastLogin');
    expect(lastQuery()).to.include({ _order: 'DESC', _offset: 0 });
    await settle(paths.users.getUsersV3);
    // Noah signed in 120 days ago: the oldest sign-in comes last.
    await until(() => names(el).at(-1) === 'Noah Kim');
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const el = await openUsersPage();
    const search = control<HTMLInputElement>(root(el), 'Search users');
    for (const text of ['r', 'ro', 'ros', 'rossi']) setValue(search, text);
    await until(() => lastQuery()?._filter === 'rossi', 'no search request');
    await until(() => rowIds(el).length === 1 && names(el)[0] === 'Sofia Rossi');
    expect(calls(paths.users.getUsersV3).filter((c) => c.opts.query?._filter)).to.have.length(1);
    expect(lastQuery()).to.include({ _offset: 0 });
    setValue(search, 'nobody-matches');
    await until(() => shadowText(el).includes('No users match “nobody-matches”.'));
  });

  it('[TEAM-015][SCREEN-058][TENANTS-012] includes the users of sub-accounts when asked, without actions on them', async () => {
    const el = await openUsersPage();
    expect(rowIds(el)).not.to.include('user-emma');
    control<HTMLInputElement>(root(el), 'Include sub-accounts').click();
    await until(() => lastQuery()?._includeSubTenants === true);
    await until(() => rowIds(el).includes('user-emma'), 'sub-account users not listed');
    expect(rowText(el, 'user-emma', 'data-status')).to.contain('Sub-account');
    expect($(el, '[data-actions-for="user-emma"]')).to.equal(null);
    expect($(el, '[data-actions-for="user-maya"]')).not.to.equal(null);
  });

  it("[TEAM-016][TEAM-017] each user's roles and groups come from their calls, with the page's ids comma-joined", async () => {
    const el = await openUsersPage();
    await settle(paths.users.getUsersRoles);
    await settle(paths.users.getUsersGroups);
    const ids = rowIds(el).join(',');
    expect(calls(paths.users.getUsersRoles).map((c) => c.opts.query)).to.deep.equal([{ ids }]);
    expect(calls(paths.users.getUsersGroups).map((c) => c.opts.query)).to.deep.equal([{ ids }]);
    expect(rowText(el, 'user-maya', 'data-roles')).to.equal('Editor');
    expect(rowText(el, 'user-maya', 'data-groups')).to.equal('Engineering');
    expect(rowText(el, SAMPLE_USER_ID, 'data-groups')).to.equal('No groups');
  });

  it('[TEAM-012] a failed load shows the error with a retry, an empty list and zero pages', async () => {
    failWith = (route) =>
      route === paths.users.getUsersV3 ? { error: new ApiError('Users are resting', 503) } : null;
    const el = await mountUsersPage([READ, WRITE], (r) => r.querySelector('[data-load-error]') !== null);
    expect($(el, '[data-load-error]')?.textContent).to.contain('This could not be loaded: Users are resting');
    expect(rowIds(el)).to.deep.equal([]);
    expect($(el, '[data-total]')?.textContent).to.equal('No users');
    expect($(el, '[data-pages]')?.getAttribute('data-pages')).to.equal('0');
    // The page stays usable: the retry loads the list.
    failWith = () => null;
    button($(el, '[data-load-error]')!, 'Try again').click();
    await until(() => rowIds(el).length === 6, 'the retry did not load');
    expect($(el, '[data-load-error]')).to.equal(null);
  });

  it('[TEAM-002][SCREEN-052] the invite dialog asks for email, name and an optional phone number, and invites', async () => {
    const el = await openUsersPage();
    await settle(paths.teams.loadAvailableRoles);
    $<HTMLButtonElement>(el, '[data-open-invite]')!.click();
    await until(() => openDialog());
    const dialog = openDialog()!;
    expect(dialog.textContent).to.contain('Invite a user');
    setText(control(dialog, 'Email'), 'grace@acme.example');
    setText(control(dialog, 'Name'), 'Grace Hopper');
    const phone = control<HTMLInputElement>(dialog, 'Phone number (optional)');
    setText(phone, '12');
    button(dialog, 'Send invitation').click();
    await until(() => dialog.textContent?.includes('Enter a phone number in international format'));
    expect(calls(paths.teams.addUser)).to.have.length(0);
    // Optional: left empty, it is not sent at all.
    setText(phone, '');
    // The default role is ticked.
    expect(dialog.querySelector<HTMLInputElement>('input[data-role="role-readonly"]')!.checked).to.equal(
      true,
    );
    dialog.querySelector<HTMLInputElement>('input[data-role="role-support"]')!.click();
    button(dialog, 'Send invitation').click();
    await until(() => calls(paths.teams.addUser).length === 1);
    expect(calls(paths.teams.addUser)[0]!.opts.body).to.deep.equal({
      email: 'grace@acme.example',
      name: 'Grace Hopper',
      roleIds: ['role-readonly', 'role-support'],
    });
    await until(() => !openDialog(), 'the dialog did not close');
    await until(() => toastText(el).includes('An invitation was sent to grace@acme.example.'), 'no toast');
    await until(() => names(el).includes('Grace Hopper'), 'the list did not reload');
    const id = previewFetch.state.users.find((u) => u.email === 'grace@acme.example')!.id;
    expect(row(el, id)!.querySelector('[data-status]')!.getAttribute('data-status')).to.equal('invited');
    await until(() => rowText(el, id, 'data-roles') === 'ReadOnlySupport');
  });

  it('an invite the server refuses keeps the dialog open with the reason', async () => {
    const el = await openUsersPage();
    $<HTMLButtonElement>(el, '[data-open-invite]')!.click();
    await until(() => openDialog());
    const dialog = openDialog()!;
    setText(control(dialog, 'Email'), 'maya.cohen@acme.example');
    setText(control(dialog, 'Name'), 'Maya again');
    button(dialog, 'Send invitation').click();
    await until(() => dialog.querySelector('[role="alert"]')?.textContent?.includes('already a member'));
    expect(openDialog()).to.equal(dialog);
  });

  it('[TEAM-019][SCREEN-057] invites a temporary user, shows the expiry, changes it, and makes the user permanent', async () => {
    const el = await openUsersPage();
    $<HTMLButtonElement>(el, '[data-open-invite]')!.click();
    await until(() => openDialog());
    const dialog = openDialog()!;
    setText(control(dialog, 'Email'), 'temp@acme.example');
    setText(control(dialog, 'Name'), 'Tess Temp');
    control<HTMLInputElement>(dialog, 'Temporary user (access ends automatically)').click();
    await until(() => dialog.querySelector('select[data-expiry]'));
    choose(control(dialog, 'Access ends in'), '7');
    button(dialog, 'Send invitation').click();
    await until(() => calls(paths.teams.updateUserExpirationTime).length === 1, 'no expiry sent');
    const id = previewFetch.state.users.find((u) => u.email === 'temp@acme.example')!.id;
    expect(calls(paths.teams.updateUserExpirationTime)[0]!.opts).to.deep.include({
      params: { userId: id },
      body: { expirationInSeconds: 7 * 86_400 },
    });
    await until(() => row(el, id)?.querySelector('[data-temporary]'), 'no temporary badge');
    expect(rowText(el, id, 'data-temporary')).to.match(/^Temporary until /);

    await rowAction(el, id, 'edit-expiry');
    await until(() => openDialog());
    choose(control(openDialog()!, 'Access ends in'), '90');
    button(openDialog()!, 'Save').click();
    await until(() => calls(paths.teams.updateUserExpirationTime).length === 2);
    expect(calls(paths.teams.updateUserExpirationTime)[1]!.opts.body).to.deep.equal({
      expirationInSeconds: 90 * 86_400,
    });

    await settle(paths.teams.updateUserExpirationTime);
    expect(
      Date.parse(previewFetch.state.users.find((u) => u.id === id)!.temporaryExpirationDate!),
    ).to.be.greaterThan(Date.now() + 89 * 86_400_000);
    await rowAction(el, id, 'make-permanent');
    await until(() => !row(el, id)?.querySelector('[data-temporary]'), 'still temporary');
    expect(calls(paths.teams.setPermanentUser).map((c) => c.opts.params)).to.deep.equal([{ userId: id }]);
    await settle(paths.teams.setPermanentUser);
    expect(previewFetch.state.users.find((u) => u.id === id)!.temporaryExpirationDate).to.equal(null);
    // The toast follows the answer (the badge went optimistically before it).
    await until(() => toastText(el).includes('Tess Temp is now a permanent user.'), 'no toast');
  });

  it('[TEAM-005][TEAM-006][SCREEN-055] bulk invite sends the emails one by one; invited ones are allowed, failed ones unallowed with the reason', async () => {
    const el = await openUsersPage();
    $<HTMLButtonElement>(el, '[data-open-bulk]')!.click();
    await until(() => openDialog());
    const dialog = openDialog()!;
    setText(
      dialog.querySelector<HTMLTextAreaElement>('textarea')!,
      'ada@acme.example, maya.cohen@acme.example\nnot-an-email\nalan@acme.example',
    );
    button(dialog, 'Send invitations').click();
    await until(() => dialog.querySelector('[data-bulk-result]'), 'no result');
    const adds = calls(paths.teams.addUser);
    expect(adds.map((c) => (c.opts.body as { email: string }).email)).to.deep.equal([
      'ada@acme.example',
      'maya.cohen@acme.example',
      'alan@acme.example',
    ]);
    // One by one: each starts after the previous answered.
    for (let i = 1; i < adds.length; i++) expect(adds[i]!.started).to.be.at.least(adds[i - 1]!.ended!);
    const allowed = [...dialog.querySelectorAll('[data-allowed] li')].map((li) => li.textContent);
    expect(allowed).to.deep.equal(['ada@acme.example', 'alan@acme.example']);
    const unallowed = [...dialog.querySelectorAll('[data-unallowed] li')].map((li) => li.textContent);
    expect(unallowed).to.deep.equal([
      'not-an-email — Enter a valid email address',
      'maya.cohen@acme.example — The user is already a member of this account',
    ]);
    expect(dialog.textContent).to.contain('2 users were invited; 2 could not be invited.');
  });

  it('[TEAM-007] after a bulk invite the list reloads with offset 0, page size 10 and an empty filter', async () => {
    const el = await openUsersPage();
    setValue(control<HTMLInputElement>(root(el), 'Search users'), 'a');
    await until(() => lastQuery()?._filter === 'a');
    await settle(paths.users.getUsersV3);
    $<HTMLButtonElement>(el, '[data-open-bulk]')!.click();
    await until(() => openDialog());
    const dialog = openDialog()!;
    setText(dialog.querySelector<HTMLTextAreaElement>('textarea')!, 'zoe@acme.example');
    const before = calls(paths.users.getUsersV3).length;
    button(dialog, 'Send invitations').click();
    await until(() => calls(paths.users.getUsersV3).length > before, 'no reload');
    expect(lastQuery()).to.deep.equal({
      _offset: 0,
      _limit: 10,
      _sortBy: 'name',
      _order: 'DESC',
      _includeSubTenants: false,
    });
    expect(control<HTMLInputElement>(root(el), 'Search users').value).to.equal('');
    expect(control<HTMLSelectElement>(root(el), 'Users per page').value).to.equal('10');
    button(dialog, 'Close').click();
    await until(() => names(el).includes('zoe@acme.example'));
  });

  it('[TEAM-003][TEAM-004][SCREEN-053] a role change shows at once and an emptied role list is sent as [""]', async () => {
    const el = await openUsersPage();
    await settle(paths.users.getUsersRoles);
    expect(rowText(el, 'user-liam', 'data-roles')).to.equal('Support');
    await rowAction(el, 'user-liam', 'edit-roles');
    await until(() => openDialog());
    const dialog = openDialog()!;
    const support = dialog.querySelector<HTMLInputElement>('input[data-role="role-support"]')!;
    expect(support.checked).to.equal(true);
    support.click();
    await until(() => dialog.textContent?.includes('Without roles'));
    button(dialog, 'Save').click();
    await until(() => rowText(el, 'user-liam', 'data-roles') === 'No roles');
    const update = calls(paths.teams.updateUser);
    expect(update).to.have.length(1);
    expect(update[0]!.settled, 'shown before the server answered').to.equal(false);
    expect(update[0]!.opts.body).to.deep.equal({ id: 'user-liam', roleIds: [''] });
    await settle(paths.teams.updateUser);
    expect(previewFetch.state.users.find((u) => u.id === 'user-liam')!.roleIds).to.deep.equal([]);
    expect(rowText(el, 'user-liam', 'data-roles')).to.equal('No roles');
    expect($(el, '[data-notice="error"]')).to.equal(null);
  });

  it('[TEAM-003] a role change the server refuses is rolled back with an error message', async () => {
    const el = await openUsersPage();
    await settle(paths.users.getUsersRoles);
    failWith = (route) =>
      route === paths.teams.updateUser
        ? { error: new ApiError('Role change refused', 403), delay: 600 }
        : null;
    await rowAction(el, 'user-maya', 'edit-roles');
    await until(() => openDialog());
    const dialog = openDialog()!;
    dialog.querySelector<HTMLInputElement>('input[data-role="role-viewer"]')!.click();
    button(dialog, 'Save').click();
    await until(() => rowText(el, 'user-maya', 'data-roles') === 'EditorViewer', 'not optimistic');
    expect(calls(paths.teams.updateUser)[0]!.settled).to.equal(false);
    await until(() => rowText(el, 'user-maya', 'data-roles') === 'Editor', 'not rolled back');
    expect($(el, '[data-notice="error"]')?.textContent).to.contain(
      'The roles of Maya Cohen were not saved and are back as they were: Role change refused',
    );
  });

  it('[TEAM-011][SCREEN-054] members are added, updated and deleted (after a confirmation)', async () => {
    const el = await openUsersPage();
    $<HTMLButtonElement>(el, '[data-open-invite]')!.click();
    await until(() => openDialog());
    setText(control(openDialog()!, 'Email'), 'bob@acme.example');
    setText(control(openDialog()!, 'Name'), 'Bob Builder');
    button(openDialog()!, 'Send invitation').click();
    await until(() => names(el).includes('Bob Builder'), 'not added');
    const id = previewFetch.state.users.find((u) => u.email === 'bob@acme.example')!.id;
    await settle(paths.users.getUsersRoles);

    await rowAction(el, id, 'edit-roles');
    await until(() => openDialog());
    openDialog()!.querySelector<HTMLInputElement>('input[data-role="role-editor"]')!.click();
    button(openDialog()!, 'Save').click();
    await settle(paths.teams.updateUser);
    expect(previewFetch.state.users.find((u) => u.id === id)!.roleIds).to.deep.equal([
      'role-readonly',
      'role-editor',
    ]);

    await rowAction(el, id, 'delete');
    await until(() => openDialog()?.textContent?.includes('Bob Builder (bob@acme.example) loses access'));
    $<HTMLButtonElement>(el, 'dialog[open] [data-confirm]')!.click();
    await until(() => !rowIds(el).includes(id), 'not removed');
    expect(calls(paths.teams.deleteUser).map((c) => c.opts.params)).to.deep.equal([{ userId: id }]);
    await settle(paths.teams.deleteUser);
    expect(previewFetch.state.users.some((u) => u.id === id)).to.equal(false);
    await until(() => toastText(el).includes('Bob Builder was deleted.'), 'no toast');
  });

  it('a delete the server refuses puts the user back and says why', async () => {
    const el = await openUsersPage();
    failWith = (route) =>
      route === paths.teams.deleteUser ? { error: new ApiError('Not allowed', 403), delay: 300 } : null;
    await rowAction(el, 'user-noah', 'delete');
    await until(() => openDialog());
    $<HTMLButtonElement>(el, 'dialog[open] [data-confirm]')!.click();
    await until(() => !rowIds(el).includes('user-noah'));
    await until(() => rowIds(el).includes('user-noah'), 'not put back');
    expect(rowIds(el).indexOf('user-noah')).to.equal(1);
    expect($(el, '[data-notice="error"]')?.textContent).to.contain('The change was not saved: Not allowed');
  });

  it('disables and enables a user', async () => {
    const el = await openUsersPage();
    await rowAction(el, 'user-ava', 'disable');
    await until(() => row(el, 'user-ava')?.querySelector('[data-status="disabled"]'));
    await settle(paths.teams.disableUser);
    expect(previewFetch.state.users.find((u) => u.id === 'user-ava')!.isDisabled).to.equal(true);
    expect(await menuActions(el, 'user-ava')).to.include('enable');
    await rowAction(el, 'user-ava', 'enable');
    await until(() => row(el, 'user-ava')?.querySelector('[data-status="active"]'));
    await settle(paths.teams.enableUser);
    expect(previewFetch.state.users.find((u) => u.id === 'user-ava')!.isDisabled).to.equal(false);
  });

  it('resends the invitation to an invited user and the activation mail to a user not activated', async () => {
    previewFetch.state.users.push(
      buildUser({
        id: 'user-invited',
        name: 'Ivy Invited',
        email: 'ivy@acme.example',
        activatedForTenant: false,
        verified: false,
      }),
      buildUser({
        id: 'user-unverified',
        name: 'Una Unverified',
        email: 'una@acme.example',
        verified: false,
      }),
    );
    const el = await openUsersPage();
    expect(await menuActions(el, 'user-invited'))
      .to.include('resend-invitation')
      .and.not.include('resend-activation');
    expect(await menuActions(el, 'user-unverified'))
      .to.include('resend-activation')
      .and.not.include('resend-invitation');
    expect(await menuActions(el, 'user-maya')).not.to.include.members([
      'resend-invitation',
      'resend-activation',
    ]);
    await rowAction(el, 'user-invited', 'resend-invitation');
    await until(() => toastText(el).includes('The invitation was sent again to ivy@acme.example.'));
    expect(calls(paths.teams.resendInvitationLink).at(-1)!.opts.body).to.deep.equal({
      email: 'ivy@acme.example',
    });
    await rowAction(el, 'user-unverified', 'resend-activation');
    await until(() => toastText(el).includes('activation email was sent again'));
    expect(calls(paths.teams.resendActivationLink).map((c) => c.opts.params)).to.deep.equal([
      { userId: 'user-unverified' },
    ]);
  });

  it('[TEAM-020][SCREEN-056] the invite link is created for 30 days by default, copied, given a new expiry and deleted', async () => {
    const copied: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    try {
      const el = await openUsersPage();
      await until(() => $(el, '[data-create-link]'), 'no create button');
      const section = $(el, '[data-invite-link]')!;
      expect(control<HTMLSelectElement>(section, 'Link expires in').value).to.equal('30');
      $<HTMLButtonElement>(el, '[data-create-link]')!.click();
      await until(() => $(el, '[data-invite-url]'), 'no link shown');
      expect(calls(paths.teams.createInviteUserLink)[0]!.opts.body).to.deep.equal({
        expiresInMinutes: 43_200,
        shouldSendEmail: false,
      });
      const token = previewFetch.state.inviteLinks[0]!.token;
      const url = $<HTMLInputElement>(el, '[data-invite-url]')!.value;
      expect(url).to.equal(`${location.origin}/account/sign-up?invitationToken=${token}`);
      const expires = Date.parse(previewFetch.state.inviteLinks[0]!.expires);
      expect(Math.round((expires - Date.now()) / 86_400_000)).to.equal(30);

      $<HTMLButtonElement>(el, '[data-copy-link]')!.click();
      await until(() => shadowText(el).includes('The link is copied.'));
      expect(copied).to.deep.equal([url]);

      choose(control($(el, '[data-invite-link]')!, 'Link expires in'), '7');
      $<HTMLButtonElement>(el, '[data-update-link]')!.click();
      await settle(paths.teams.updateInviteUserLink);
      expect(calls(paths.teams.updateInviteUserLink)[0]!.opts.body).to.deep.equal({
        expiresInMinutes: 10_080,
      });

      // The buttons stay disabled until the update's answer is rendered.
      await until(() => !$<HTMLButtonElement>(el, '[data-delete-link]')!.disabled, 'the update did not end');
      $<HTMLButtonElement>(el, '[data-delete-link]')!.click();
      await until(() => openDialog()?.textContent?.includes('Delete the invite link?'));
      $<HTMLButtonElement>(el, 'dialog[open] [data-confirm]')!.click();
      await until(() => $(el, '[data-create-link]'), 'not deleted');
      expect(calls(paths.teams.deleteInviteUserLink)).to.have.length(1);
      expect(previewFetch.state.inviteLinks).to.deep.equal([]);
    } finally {
      if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('a user with read permission only sees the users and no invite, edit, delete or disable controls', async () => {
    const el = await openUsersPage([READ]);
    await settle(paths.users.getUsersRoles);
    expect(names(el)).to.deep.equal(acmeNamesDesc);
    expect(rowText(el, 'user-maya', 'data-roles')).to.equal('Editor');
    for (const selector of [
      '[data-open-invite]',
      '[data-open-bulk]',
      '[data-actions-for]',
      '[data-invite-link]',
    ])
      expect($(el, selector), selector).to.equal(null);
    expect([...root(el).querySelectorAll('th')].map((th) => th.textContent)).not.to.include('Actions');
    expect(calls(paths.teams.loadAvailableRoles)).to.have.length(0);
    expect(calls(paths.teams.getInviteUserLink)).to.have.length(0);
  });

  it('write without delete permission: no delete action; nobody may disable or delete themselves', async () => {
    const el = await openUsersPage([READ, WRITE]);
    expect(await menuActions(el, 'user-maya'))
      .to.include.members(['edit-roles', 'disable'])
      .and.not.include('delete');
    expect(await menuActions(el, SAMPLE_USER_ID)).not.to.include.members(['delete', 'disable']);
  });

  it('[ENUM-030] a locked-out user shows Locked; "Locked only" filters by isLocked; the status column sorts by it; Unlock lifts it with a toast', async () => {
    previewFetch.state.users.find((u) => u.id === 'user-maya')!.isLocked = true;
    const el = await openUsersPage();
    expect(rowText(el, 'user-maya', 'data-status')).to.contain('Locked');
    expect(row(el, 'user-noah')?.querySelector('[data-status]')?.getAttribute('data-status')).to.equal(
      'active',
    );

    $<HTMLInputElement>(el, 'input[data-locked-only]')!.click();
    await until(() => lastQuery()?._isLocked === true, 'no _isLocked query');
    await until(() => rowIds(el).length === 1 && rowIds(el)[0] === 'user-maya', 'not filtered');

    $<HTMLInputElement>(el, 'input[data-locked-only]')!.click();
    await until(() => lastQuery()?._isLocked === undefined && rowIds(el).length > 1, 'filter kept');
    const statusHeader = [...root(el).querySelectorAll('th')].find((th) =>
      th.textContent?.includes('Status'),
    );
    statusHeader!.querySelector('button')!.click();
    await until(() => lastQuery()?._sortBy === 'isLocked', 'no isLocked sort');

    expect(await menuActions(el, 'user-maya')).to.include('unlock');
    expect(await menuActions(el, 'user-noah')).not.to.include('unlock');
    await rowAction(el, 'user-maya', 'unlock');
    await settle(paths.teams.unlockUser);
    await until(() => !rowText(el, 'user-maya', 'data-status').includes('Locked'), 'still locked');
    await until(() => toastText(el).includes('unlocked'), 'no toast');
  });

  it('passes axe-core with the list, with the invite dialog open and with an actions menu open', async () => {
    const el = await openUsersPage();
    await settle(paths.users.getUsersRoles);
    await until(() => $(el, '[data-create-link]'));
    expect(await axeViolations(el)).to.deep.equal([]);
    $<HTMLButtonElement>(el, '[data-open-invite]')!.click();
    await until(() => openDialog());
    setText(control(openDialog()!, 'Phone number (optional)'), '12');
    button(openDialog()!, 'Send invitation').click();
    await until(() => openDialog()!.textContent?.includes('This field is required'));
    expect(await axeViolations(el)).to.deep.equal([]);
    button(openDialog()!, 'Cancel').click();
    await until(() => !openDialog());
    $<HTMLButtonElement>(el, '[data-actions-for="user-maya"]')!.click();
    await until(() => root(el).querySelector(':popover-open'));
    // The first item takes the focus.
    await until(() => root(el).activeElement?.getAttribute('data-action') === 'edit-roles');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
