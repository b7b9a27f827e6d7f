// What a user sees after acting and while waiting: toasts for completed actions, skeletons while loading,
// the focus back where it was after a dialog or a menu, and a notice for a deep link to a page not shown.
import { expect } from '@open-wc/testing';
import { $, axeViolations, goTo } from '../../shared/element/testing';
import { mountPortal, resetPortal, signIn, startPreviewPortal, until } from './portalTestKit';

before(startPreviewPortal);
afterEach(resetPortal);

const root = (el: HTMLElement) => el.shadowRoot!;
const current = (el: HTMLElement) => $(el, 'nav [aria-current="page"]')?.getAttribute('data-entry');
const rowIds = (el: HTMLElement) =>
  [...root(el).querySelectorAll('tr[data-row]')].map((r) => r.getAttribute('data-row'));
const openDialog = (el: HTMLElement) => $<HTMLDialogElement>(el, 'dialog[open]');
const menuButton = (el: HTMLElement, userId: string) =>
  $<HTMLButtonElement>(el, `[data-actions-for="${userId}"]`)!;
const menuOf = (el: HTMLElement, userId: string) =>
  root(el).getElementById(menuButton(el, userId).getAttribute('aria-controls')!)!;

async function openUsersPage(el: HTMLElement) {
  $<HTMLButtonElement>(el, 'nav [data-entry="users"]')!.click();
  await until(() => rowIds(el).length > 0, 'no users listed');
}

/** Opens a row's actions menu from its (focused) button and picks an action, as a keyboard user does. */
async function rowAction(el: HTMLElement, userId: string, action: string) {
  menuButton(el, userId).focus();
  menuButton(el, userId).click();
  await until(() => menuOf(el, userId).matches(':popover-open'), 'the menu did not open');
  menuOf(el, userId).querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!.click();
}

/** Puts the page at a path (as a link or a reload does) and tells the elements. */
function visitPath(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('portal feedback', () => {
  it('a role change ends in a toast in a live region inside the shadow root, which goes by itself', async function () {
    this.timeout(20000);
    signIn();
    const el = await mountPortal();
    await openUsersPage(el);
    await rowAction(el, 'user-ava', 'edit-roles');
    await until(() => openDialog(el)?.querySelector('input[data-role="role-editor"]'), 'no roles to pick');
    openDialog(el)!.querySelector<HTMLInputElement>('input[data-role="role-editor"]')!.click();
    openDialog(el)!.querySelector<HTMLButtonElement>('[data-submit]')!.click();
    await until(() => $(el, '[data-toast]'), 'no toast after the role change');
    const toast = $(el, '[data-toast]')!;
    expect(toast.textContent).to.contain('The roles of Ava Johnson were saved.');
    // Announced politely, from inside the element: nothing is written to the host page.
    expect(toast.closest('[role="status"][aria-live="polite"]')).to.not.equal(null);
    expect(document.querySelector('[data-toast]')).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
    await until(() => !$(el, '[data-toast]'), 'the toast did not go by itself', 8000);
  });

  it('the users table shows skeleton rows under its real header while loading, then the rows, at the same width', async () => {
    signIn();
    const el = await mountPortal();
    // A desktop-wide portal: the rows fit the page (narrower, the table scrolls and grows to its rows).
    el.style.width = '1400px';
    $<HTMLButtonElement>(el, 'nav [data-entry="users"]')!.click();
    await until(() => $(el, 'tr[data-skeleton-row]'), 'no skeleton rows');
    const table = $(el, 'table')!;
    expect(table.getAttribute('aria-busy')).to.equal('true');
    expect([...root(el).querySelectorAll('th')].map((th) => th.textContent?.trim())).to.include.members([
      'Roles',
      'Groups',
      'Status',
      'Last sign-in',
    ]);
    const width = table.getBoundingClientRect().width;
    await until(() => rowIds(el).length > 0, 'no users listed');
    expect($(el, 'tr[data-skeleton-row]')).to.equal(null);
    expect($(el, 'table')).to.equal(table);
    expect(table.getBoundingClientRect().width).to.equal(width);
  });

  it('the focus returns to the row menu button after the menu or its dialog closes; to the table when the row is deleted', async () => {
    signIn();
    const el = await mountPortal();
    await openUsersPage(el);
    // Escape in the menu.
    menuButton(el, 'user-ava').focus();
    menuButton(el, 'user-ava').click();
    await until(() => menuOf(el, 'user-ava').matches(':popover-open'), 'the menu did not open');
    await until(() => root(el).activeElement?.getAttribute('role') === 'menuitem', 'no menu item focused');
    root(el).activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await until(() => !menuOf(el, 'user-ava').matches(':popover-open'), 'the menu did not close');
    expect(root(el).activeElement).to.equal(menuButton(el, 'user-ava'));
    // A dialog opened from the menu, cancelled.
    await rowAction(el, 'user-ava', 'edit-roles');
    await until(() => openDialog(el));
    [...openDialog(el)!.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    await until(() => !openDialog(el));
    await until(() => root(el).activeElement === menuButton(el, 'user-ava'), 'the focus did not come back');
    // The row is deleted: its button is gone, the table takes the focus.
    await rowAction(el, 'user-noah', 'delete');
    await until(() => openDialog(el));
    $<HTMLButtonElement>(el, 'dialog[open] [data-confirm]')!.click();
    await until(() => !rowIds(el).includes('user-noah'));
    await until(() => root(el).activeElement === $(el, 'table'), 'the focus did not go to the table');
  });

  it('the invite dialog gives the focus back to the Invite button', async () => {
    signIn();
    const el = await mountPortal();
    await openUsersPage(el);
    const invite = $<HTMLButtonElement>(el, '[data-open-invite]')!;
    invite.focus();
    invite.click();
    await until(() => openDialog(el));
    openDialog(el)!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await until(() => !openDialog(el));
    await until(() => root(el).activeElement === invite, 'the focus did not come back to Invite user');
  });

  it('a deep link to a hidden page (path) shows a notice and the first page, and fixes the URL', async () => {
    signIn();
    visitPath('/admin-box/sso');
    const el = await mountPortal();
    await until(() => $(el, '[data-deep-link-notice]'), 'no notice');
    expect($(el, '[data-deep-link-notice]')!.textContent).to.contain(
      'That page is not available, so you are on Profile.',
    );
    expect(current(el)).to.equal('profile');
    await until(() => location.pathname === '/admin-box/profile', 'the URL was not fixed');
    // Moving on forgets the notice.
    $<HTMLButtonElement>(el, 'nav [data-entry="account"]')!.click();
    await until(() => current(el) === 'account');
    expect($(el, '[data-deep-link-notice]')).to.equal(null);
  });

  it('a deep link to an unknown page (hash) shows the notice, the first page and the fixed hash', async () => {
    signIn();
    goTo('#/admin-box/nothing-here');
    const el = await mountPortal({ 'url-strategy': 'hash' });
    await until(() => $(el, '[data-deep-link-notice]'), 'no notice');
    expect(current(el)).to.equal('profile');
    await until(() => location.hash === '#/admin-box/profile', 'the hash was not fixed');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a deep link to a page the user sees shows no notice', async () => {
    signIn();
    visitPath('/admin-box/account');
    const el = await mountPortal();
    await until(() => current(el) === 'account');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect($(el, '[data-deep-link-notice]')).to.equal(null);
    expect(location.pathname).to.equal('/admin-box/account');
  });
});
