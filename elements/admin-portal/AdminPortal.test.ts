import { expect } from '@open-wc/testing';
import { accessTokenAtom, userAtom, type SessionUser } from '../../shared/auth/session.atoms';
import { $, axeViolations, mount, resetPage, shadowText, waitUntil } from '../../shared/element/testing';
import { entitlementsLoadAtom } from '../../shared/flags/flags.atoms';
import { startApp } from '../../shared/options/start';
import { store } from '../../shared/store';
import './index';

afterEach(resetPage);

const user = (permissions: string[]): SessionUser => ({
  id: 'u1',
  email: 'ada@acme.test',
  name: 'Ada Lovelace',
  tenantId: 'acme',
  tenantIds: ['acme'],
  roles: [{ id: 'r1', key: 'Admin', name: 'Admin' }],
  permissions: permissions.map((key) => ({ key })),
});
const signIn = (permissions: string[]) => {
  store.set(accessTokenAtom, 'token');
  store.set(userAtom, user(permissions));
};
const navKeys = (el: Element) =>
  [...(el.shadowRoot?.querySelectorAll('nav [data-entry]') ?? [])].map((b) => b.getAttribute('data-entry'));

describe('<fe-admin-portal>', () => {
  it('asks to sign in when nobody is signed in', async () => {
    const el = await mount('fe-admin-portal', { preview: '' }, (r) =>
      /Sign in to manage/.test(r.textContent ?? ''),
    );
    expect(el.shadowRoot?.mode).to.equal('open');
  });

  it('[ROUTE-037] shows the navigation the user permissions allow, and the profile page', async () => {
    signIn(['fe.secure.read.users', 'fe.secure.read.roles']);
    const el = await mount(
      'fe-admin-portal',
      {
        preview: '',
        navigation: '{"roles":{"visibility":"byPermissions"},"groups":{"visibility":"byPermissions"}}',
      },
      (r) => r.querySelector('nav') !== null,
    );
    expect(navKeys(el)).to.include.members(['profile', 'privacy', 'users', 'roles', 'audits']);
    expect(navKeys(el)).not.to.include('groups');
    // Each page is its own lazy chunk.
    await waitUntil(() => $(el, '[data-page-content="profile"]'), 'the profile page did not load');
    expect($(el, 'nav [data-entry="profile"]')?.getAttribute('aria-current')).to.equal('page');
  });

  it('[ROUTE-037] the navigation changes with the user permissions at run time', async () => {
    signIn([]);
    const el = await mount(
      'fe-admin-portal',
      { preview: '', navigation: '{"groups":{"visibility":"byPermissions"}}' },
      (r) => r.querySelector('nav') !== null,
    );
    expect(navKeys(el)).not.to.include('groups');
    store.set(userAtom, user(['fe.secure.*']));
    await waitUntil(() => navKeys(el).includes('groups'));
  });

  it('with entitlements on, an entry that names a feature shows only when the user is entitled to it', async () => {
    store.set(accessTokenAtom, null);
    store.set(userAtom, null);
    const entitled = (expireTime: number | null) =>
      store.set(entitlementsLoadAtom, {
        status: 'loaded',
        entitlements: {
          features: { sso: { expireTime, planIds: [], linkedPermissions: [] } },
          plans: {},
          permissions: {},
        },
      });
    const el = await mount('fe-admin-portal', {
      preview: '',
      entitlements: '{"enabled":true}',
      navigation: '{"sso":{"visibility":"byPermissions","feature":"sso"}}',
    });
    // The page's load sequence (its session restore included) ends first; then entitlements load for the
    // sign-in (whatever the preview answers); then the test sets its own.
    await startApp();
    let written = 0;
    let lastWrite = 0;
    const stop = store.sub(entitlementsLoadAtom, () => {
      written++;
      lastWrite = performance.now();
    });
    signIn(['fe.*']);
    // Each load takes a preview answer (500 ms): quiet for longer than that means the queue is done.
    await waitUntil(
      () => written > 0 && performance.now() - lastWrite > 1200 && navKeys(el).length > 0,
      'the session loads ended',
      { timeout: 8000 },
    );
    stop();
    entitled(Date.now() - 60_000);
    await waitUntil(() => !navKeys(el).includes('sso'), 'an expired feature hides the entry');
    entitled(-1);
    await waitUntil(() => navKeys(el).includes('sso'), 'an entitled user sees the entry');
    el.setAttribute('entitlements', '{"enabled":false}');
    entitled(Date.now() - 60_000);
    await waitUntil(() => navKeys(el).includes('sso'), 'with entitlements off the feature is not required');
    store.set(entitlementsLoadAtom, { status: 'idle' });
  });

  it('selecting an entry opens its page', async () => {
    signIn(['fe.*']);
    const el = await mount('fe-admin-portal', { preview: '' }, (r) => r.querySelector('nav') !== null);
    $<HTMLButtonElement>(el, '[data-entry="audits"]')!.click();
    await waitUntil(() => $(el, '[data-entry="audits"]')?.getAttribute('aria-current') === 'page');
    expect(shadowText(el)).to.contain('Audit logs');
  });

  it('passes an axe-core accessibility check', async () => {
    signIn(['fe.*']);
    const el = await mount('fe-admin-portal', { preview: '' }, (r) => r.querySelector('nav') !== null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
