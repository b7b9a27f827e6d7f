import { expect } from '@open-wc/testing';
import { ASSIGNMENT_FAILED_MESSAGE, assignmentErrorMessage } from '../../../../shared/api/applications';
import { adminPortalApi, type RequestOptions } from '../../../../shared/api/client';
import { ApiError, errorMessageFromResponse } from '../../../../shared/api/errors';
import { paths, type ApiPath } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import {
  SAMPLE_SUB_TENANT_IDS,
  SAMPLE_TENANT_ID,
  SAMPLE_USER_EMAIL,
  SAMPLE_USER_ID,
  SAMPLE_USER_NAME,
} from '../../../../shared/api/preview/sampleData';
import { clearSession } from '../../../../shared/auth/session';
import { accessTokenAtom, userAtom } from '../../../../shared/auth/session.atoms';
import { $, axeViolations, mount, resetPage, waitUntil } from '../../../../shared/element/testing';
import { loadedFlagsAtom } from '../../../../shared/flags/flags.atoms';
import { usersEn } from '../../../../shared/i18n/locales/portal/users';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';

// Multi-app administration on the users page (TEAM-021..023), in preview: the applications column, the
// applications dialog, the flag that gates both. Every call the page makes is recorded (and can fail).

interface Sent {
  route: ApiPath;
  opts: RequestOptions;
}
const sent: Sent[] = [];
const originalRequest = adminPortalApi.request;
let failWith: (route: ApiPath, opts: RequestOptions) => Error | null = () => null;

const READ = 'fe.secure.read.users';
const WRITE = 'fe.secure.write.users';
const A = paths.applications;

before(async () => {
  // The page's first portal runs the load sequence (session restore, flags, navigation): let it settle
  // once, so that every test starts from the same state.
  signIn([READ, WRITE]);
  await mount('fe-admin-portal', { preview: '' });
  await new Promise((r) => setTimeout(r, 2500));
  clearSession();
  resetPage();
  previewFetch.reset();
});

beforeEach(() => {
  sent.length = 0;
  failWith = () => null;
  adminPortalApi.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
    sent.push({ route, opts });
    const failure = failWith(route, opts);
    if (failure) {
      await new Promise((r) => setTimeout(r, 50));
      throw failure;
    }
    return originalRequest(route, opts);
  }) as typeof adminPortalApi.request;
});

afterEach(() => {
  adminPortalApi.request = originalRequest;
  clearSession();
  resetPage();
  previewFetch.reset();
});

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

const until = (predicate: () => unknown, message?: string) =>
  waitUntil(predicate, message, { timeout: 4000 });
const root = (el: Element) => el.shadowRoot!;
const rowIds = (el: Element) =>
  [...root(el).querySelectorAll('tr[data-row]')].map((r) => r.getAttribute('data-row') ?? '');
const appsIn = (el: Element, userId: string) =>
  [...(root(el).querySelectorAll(`tr[data-row="${userId}"] [data-applications] [data-app]`) ?? [])].map(
    (a) => a.textContent,
  );
const calls = (route: ApiPath) => sent.filter((s) => s.route === route);
const openDialog = () => root(document.querySelector('fe-admin-portal')!).querySelector('dialog[open]');
const checkbox = (appId: string) =>
  openDialog()?.querySelector<HTMLInputElement>(`[data-app="${appId}"] input[type="checkbox"]`) ?? null;

/** The first mount of the file may still be settling its navigation: clicks until the users page shows. */
const showUsers = (el: Element) =>
  until(() => {
    if ($(el, '[data-users-page]')) return true;
    $<HTMLButtonElement>(el, 'nav [data-entry="users"]')?.click();
    return false;
  }, 'the users page did not open');

/** The portal on the users page with the fe-multi-apps flag as given. */
async function openUsersPage(
  multiApps: boolean,
  permissions = [READ, WRITE],
  attrs: Record<string, string> = {},
) {
  // The flag as the account's flags answer says it (the preview's sample flags), and as loaded already.
  previewFetch.state.sampleFlags = multiApps ? ['fe-multi-apps'] : [];
  store.set(loadedFlagsAtom, multiApps ? { 'fe-multi-apps': true } : {});
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { preview: '', ...attrs },
    (r) => r.querySelector('nav [data-entry="users"]') !== null,
  );
  await showUsers(el);
  await waitUntil(
    () => rowIds(el).length > 0,
    `no users listed: ${root(el).querySelector('main, [data-users-page]')?.textContent?.slice(0, 300)} sent: ${sent.map((s) => s.route.path).join(' ')}`,
    {
      timeout: 8000,
    },
  );
  return el;
}

async function menuActions(el: Element, userId: string) {
  const menuButton = $<HTMLButtonElement>(el, `[data-actions-for="${userId}"]`)!;
  const menu = root(el).getElementById(menuButton.getAttribute('aria-controls')!)!;
  return [...menu.querySelectorAll('[data-action]')].map((a) => a.getAttribute('data-action'));
}

async function openApplications(el: Element, userId: string) {
  const menuButton = $<HTMLButtonElement>(el, `[data-actions-for="${userId}"]`)!;
  menuButton.click();
  const menu = root(el).getElementById(menuButton.getAttribute('aria-controls')!)!;
  await until(() => menu.matches(':popover-open'), 'the menu did not open');
  menu.querySelector<HTMLButtonElement>('[data-action="applications"]')!.click();
  await until(() => checkbox('app-analytics'), 'the applications dialog did not open');
}

const click = (input: HTMLInputElement) => input.click();

describe('users page: multi-app administration', () => {
  it('[TEAM-023] with the fe-multi-apps flag off there is no applications column, action or call', async () => {
    const el = await openUsersPage(false);
    await until(() => calls(paths.users.getUsersGroups).length > 0);
    await new Promise((r) => setTimeout(r, 500));
    await until(() => $(el, '[data-actions-for="user-maya"]'), 'no actions menu');
    expect($(el, '[data-applications]')).to.equal(null);
    expect(root(el).textContent).not.to.contain(usersEn.columnApplications);
    expect(await menuActions(el, 'user-maya')).not.to.include('applications');
    expect(sent.filter((s) => (Object.values(A) as ApiPath[]).includes(s.route))).to.deep.equal([]);
  });

  it('[TEAM-023] with the flag on, the applications column shows each user’s applications from users-apps by the page’s user ids', async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, SAMPLE_USER_ID).length === 2, 'the applications column did not fill');
    expect(calls(A.getUsersApplicationsId)).to.have.length(1);
    expect(calls(A.getUsersApplicationsId)[0]!.opts.query).to.deep.equal({ userIds: rowIds(el).join(',') });
    expect(calls(A.getApplicationsData)).to.have.length(1);
    expect(await menuActions(el, 'user-maya')).to.include('applications');
  });

  it('[TEAM-021] a FREE_ACCESS application is listed for every user; a MANAGED_ACCESS one for its assignees only', async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, SAMPLE_USER_ID).length === 2);
    expect(appsIn(el, SAMPLE_USER_ID)).to.deep.equal(['Acme App', 'Acme Analytics']);
    expect(appsIn(el, 'user-maya')).to.deep.equal(['Acme App', 'Acme Analytics']);
    for (const id of ['user-liam', 'user-sofia', 'user-noah', 'user-ava'])
      expect(appsIn(el, id), id).to.deep.equal(['Acme App']);
  });

  it('[TEAM-021] the dialog assigns and unassigns MANAGED_ACCESS apps; a FREE_ACCESS one is available to everyone, not toggleable', async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, 'user-liam').length === 1);
    await openApplications(el, 'user-liam');
    const dialog = openDialog()!;
    const free = dialog.querySelector('[data-app="app-acme"]')!;
    expect(free.getAttribute('data-access')).to.equal('FREE_ACCESS');
    expect(free.querySelector('input')).to.equal(null);
    expect(free.textContent).to.contain(usersEn.availableToEveryone);
    expect(checkbox('app-analytics')!.checked).to.equal(false);

    click(checkbox('app-analytics')!);
    await until(() => calls(A.assignUserToApplications).length === 1);
    expect(calls(A.assignUserToApplications)[0]!.opts.body).to.deep.equal({
      userId: 'user-liam',
      appIds: ['app-analytics'],
      tenantId: SAMPLE_TENANT_ID,
    });
    await until(() => dialog.querySelector('[data-assignment-status]')?.textContent?.includes('can now use'));
    expect(checkbox('app-analytics')!.checked).to.equal(true);
    expect(appsIn(el, 'user-liam')).to.deep.equal(['Acme App', 'Acme Analytics']);
    expect(previewFetch.state.applications.find((a) => a.id === 'app-analytics')!.userIds).to.include(
      'user-liam',
    );

    click(checkbox('app-analytics')!);
    await until(() => calls(A.unassignUserFromApplications).length === 1);
    expect(calls(A.unassignUserFromApplications)[0]!.opts.body).to.deep.include({
      userId: 'user-liam',
      appIds: ['app-analytics'],
    });
    await until(() => dialog.querySelector('[data-assignment-status]')?.textContent?.includes('no longer'));
    expect(appsIn(el, 'user-liam')).to.deep.equal(['Acme App']);
  });

  it("[TEAM-022] a failed assignment shows 'Assignment action failed. Try again or contact support.' when the server sent no message; the box goes back and the dialog stays usable", async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, 'user-noah').length === 1);
    await openApplications(el, 'user-noah');
    failWith = (route) =>
      route === A.assignUserToApplications
        ? new ApiError(
            errorMessageFromResponse({
              status: 502,
              statusText: 'Bad Gateway',
              contentType: 'text/html',
              bodyText: '<html>',
            }),
            502,
          )
        : null;
    click(checkbox('app-analytics')!);
    await until(() => openDialog()?.querySelector('[data-assignment-error]'), 'no error shown');
    expect(openDialog()!.querySelector('[data-assignment-error]')!.textContent).to.equal(
      'Assignment action failed. Try again or contact support.',
    );
    expect(checkbox('app-analytics')!.checked).to.equal(false);
    expect(checkbox('app-analytics')!.disabled).to.equal(false);
    expect(appsIn(el, 'user-noah')).to.deep.equal(['Acme App']);

    // The dialog stays usable: the next try goes through.
    failWith = () => null;
    click(checkbox('app-analytics')!);
    await until(
      () => !openDialog()?.querySelector('[data-assignment-error]') && checkbox('app-analytics')!.checked,
    );
    await until(() =>
      openDialog()?.querySelector('[data-assignment-status]')?.textContent?.includes('can now use'),
    );
    expect(appsIn(el, 'user-noah')).to.deep.equal(['Acme App', 'Acme Analytics']);
  });

  it("[TEAM-022] a failed assignment shows the server's message when it sent one", async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, SAMPLE_USER_ID).length === 2);
    await openApplications(el, 'user-maya');
    failWith = (route) =>
      route === A.unassignUserFromApplications ? new ApiError('The application is locked', 409) : null;
    expect(checkbox('app-analytics')!.checked).to.equal(true);
    click(checkbox('app-analytics')!);
    await until(() => openDialog()?.querySelector('[data-assignment-error]'));
    expect(openDialog()!.querySelector('[data-assignment-error]')!.textContent).to.equal(
      'The application is locked',
    );
    expect(checkbox('app-analytics')!.checked).to.equal(true);
  });

  it('[TEAM-022] the fallback message is the spec text (English catalog) and replaces every answer without a message', () => {
    expect(usersEn.assignmentFailed).to.equal(ASSIGNMENT_FAILED_MESSAGE);
    expect(ASSIGNMENT_FAILED_MESSAGE).to.equal('Assignment action failed. Try again or contact support.');
    expect(assignmentErrorMessage(new TypeError('Failed to fetch'))).to.equal(ASSIGNMENT_FAILED_MESSAGE);
    expect(assignmentErrorMessage(new ApiError('', 500))).to.equal(ASSIGNMENT_FAILED_MESSAGE);
    expect(
      assignmentErrorMessage(
        new ApiError(
          errorMessageFromResponse({
            status: 500,
            statusText: 'Server Error',
            contentType: null,
            bodyText: '',
          }),
          500,
        ),
      ),
    ).to.equal(ASSIGNMENT_FAILED_MESSAGE);
    expect(assignmentErrorMessage(new ApiError('User not found', 404))).to.equal('User not found');
  });

  it('the preview mirrors the server: a FREE_ACCESS app cannot be assigned; another tenant’s user is a 404', async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, SAMPLE_USER_ID).length === 2);
    const request = (route: ApiPath, body: unknown) =>
      originalRequest(route, { body }).then(
        () => 'ok',
        (err: ApiError) => `${err.status} ${err.message}`,
      );
    expect(await request(A.assignUserToApplications, { userId: 'user-liam', appIds: ['app-acme'] })).to.match(
      /^400 .*FREE_ACCESS/,
    );
    expect(
      await request(A.assignUserToApplications, { userId: 'user-emma', appIds: ['app-analytics'] }),
    ).to.equal('404 User not found');
  });

  it('passes axe-core with the applications column and the dialog open, light and dark', async () => {
    const el = await openUsersPage(true);
    await until(() => appsIn(el, SAMPLE_USER_ID).length === 2);
    expect(await axeViolations(el)).to.deep.equal([]);
    await openApplications(el, 'user-maya');
    expect(await axeViolations(el)).to.deep.equal([]);
    failWith = (route) => (route === A.unassignUserFromApplications ? new ApiError('', 500) : null);
    click(checkbox('app-analytics')!);
    await until(() => openDialog()?.querySelector('[data-assignment-error]'));
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'dark');
    await new Promise((r) => setTimeout(r, 100));
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
