import { expect } from '@open-wc/testing';
import { api, type RequestOptions } from '../../shared/api/client';
import { paths, type ApiPath } from '../../shared/api/paths';
import type { UserTenant } from '../../shared/api/profile';
import { buildTenant } from '../../shared/api/preview/sampleData';
import { restoreSession, TAB_TENANT_KEY } from '../../shared/auth/session';
import { previewFetch } from '../../shared/api/preview/index';
import { userAtom } from '../../shared/auth/session.atoms';
import { $, axeViolations, captureConsole, goTo, shadowText } from '../../shared/element/testing';
import { portalConfigurationAtom } from '../../shared/options/metadata';
import type { FeNavigateDetail } from '../../shared/options/location';
import { hostOptionsInputAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { fieldAppearances, tabAppearances } from './appearance';
import type { FePortalCloseDetail, FeTenantSwitchedDetail } from './portalHost';
import { tenantGroups } from './TenantSwitcher';
import { isUnderRoute, normalizeRoute, pageOfPath, writesUrl } from './portalRouting';
import {
  button,
  callsOf,
  field,
  mountPortal,
  openPage,
  resetPortal,
  root,
  signIn,
  startPreviewPortal,
  until,
} from './portalTestKit';

before(startPreviewPortal);
afterEach(resetPortal);

const current = (el: HTMLElement) => $(el, 'nav [aria-current="page"]')?.getAttribute('data-entry');
const navKeys = (el: HTMLElement) =>
  [...(el.shadowRoot?.querySelectorAll('nav [data-entry]') ?? [])].map((b) => b.getAttribute('data-entry'));
const click = (el: HTMLElement, entry: string) =>
  $<HTMLButtonElement>(el, `nav [data-entry="${entry}"]`)!.click();

/** Puts the page at a path (as a link or a reload does) and tells the elements. */
function visitPath(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('portal routing (pure)', () => {
  it('reads the page from the path under the base route, and writes the URL only where it may', () => {
    expect(normalizeRoute(undefined)).to.equal('/admin-box');
    expect(normalizeRoute('/settings/')).to.equal('/settings');
    expect(pageOfPath('/admin-box/users', '/admin-box')).to.equal('users');
    expect(pageOfPath('/admin-box/account/customLogin', '/admin-box')).to.equal('account');
    expect(pageOfPath('/admin-box', '/admin-box')).to.equal(null);
    expect(pageOfPath('/admin-boxes/users', '/admin-box')).to.equal(null);
    expect(pageOfPath('/admin-box/nothing', '/admin-box')).to.equal(null);
    expect(isUnderRoute('/anything', '')).to.equal(true);
    expect(writesUrl('hash', '/', '/admin-box')).to.equal(true);
    expect(writesUrl('path', '/checkout', '/admin-box')).to.equal(false);
    expect(writesUrl('path', '/admin-box', '/admin-box')).to.equal(true);
  });
});

describe('<fe-admin-portal> shell', () => {
  it('deep link, path strategy: /admin-box/account opens the account page; a click pushes the URL; back and forward follow', async () => {
    signIn();
    visitPath('/admin-box/account');
    const el = await mountPortal();
    await until(() => current(el) === 'account', 'the URL did not open the account page');
    await openPage(el, 'account');
    const seen: FeNavigateDetail[] = [];
    el.addEventListener('fe-navigate', (e) => seen.push(e.detail));
    click(el, 'privacy');
    await until(() => current(el) === 'privacy');
    expect(location.pathname).to.equal('/admin-box/privacy');
    expect(seen).to.have.length(1);
    expect(seen[0]!.url.startsWith('/admin-box/privacy')).to.equal(true);
    history.back();
    await until(() => current(el) === 'account', 'back did not return to the account page');
    expect(location.pathname).to.equal('/admin-box/account');
    history.forward();
    await until(() => current(el) === 'privacy', 'forward did not return to the privacy page');
  });

  it('deep link, hash strategy: #/admin-box/privacy opens the privacy page; a click changes the hash; back follows', async () => {
    signIn();
    goTo('#/admin-box/privacy');
    const el = await mountPortal({ 'url-strategy': 'hash' });
    await until(() => current(el) === 'privacy');
    click(el, 'account');
    await until(() => current(el) === 'account');
    expect(location.hash).to.equal('#/admin-box/account');
    history.back();
    await until(() => current(el) === 'privacy', 'back did not return to the privacy page');
    goTo('#/admin-box/users');
    await until(() => current(el) === 'users', 'a hash change did not open the users page');
  });

  it('the base route is an option; an SPA router may cancel fe-navigate and the page still opens', async () => {
    signIn();
    visitPath('/settings/account');
    const el = await mountPortal({ portal: '{"route":"/settings"}' });
    await until(() => current(el) === 'account');
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('fe-navigate', cancel);
    try {
      click(el, 'users');
      await until(() => current(el) === 'users');
      expect(location.pathname).to.equal('/settings/account');
    } finally {
      document.removeEventListener('fe-navigate', cancel);
    }
    click(el, 'profile');
    await until(() => location.pathname === '/settings/profile');
    expect(current(el)).to.equal('profile');
  });

  it('path strategy on a page outside the base route: entries switch pages without touching the URL', async () => {
    signIn();
    const before = location.href;
    const el = await mountPortal();
    expect(current(el)).to.equal('profile');
    click(el, 'account');
    await until(() => current(el) === 'account');
    expect(location.href).to.equal(before);
  });

  it('modal layout: closed until the host opens it; Escape and the close button close it and fire fe-portal-close', async () => {
    signIn();
    const el = await mountPortal({ layout: 'modal', open: '' });
    const dialog = () => $<HTMLDialogElement>(el, 'dialog[data-portal-dialog]');
    await until(() => dialog()?.open && dialog()!.querySelector('nav'), 'the dialog did not open');
    expect(el.open).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);
    const closed: FePortalCloseDetail[] = [];
    el.addEventListener('fe-portal-close', (e) => closed.push(e.detail));
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await until(() => !dialog()?.open);
    expect(el.hasAttribute('open')).to.equal(false);
    el.open = true;
    await until(() => dialog()?.open && button(dialog()!, 'Close'));
    button(dialog()!, 'Close')!.click();
    await until(() => !dialog()?.open);
    expect(closed).to.deep.equal([{ reason: 'escape' }, { reason: 'closeButton' }]);
    // Escape in a confirmation opened inside the portal closes the confirmation only.
    el.open = true;
    await until(() => dialog()?.open && dialog()!.querySelector('nav'));
    await openPage(el, 'privacy');
    await until(() => $(el, '[data-revoke-others]'));
    $<HTMLButtonElement>(el, '[data-revoke-others]')!.click();
    const confirm = () => [...el.shadowRoot!.querySelectorAll('dialog[open]')].find((d) => d !== dialog());
    await until(() => confirm());
    expect(await axeViolations(el)).to.deep.equal([]);
    confirm()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await until(() => !confirm());
    expect(dialog()!.open).to.equal(true);
    expect(closed).to.have.length(2);
    expect(el.layout).to.equal('modal');
    el.setAttribute('open', '');
    await until(() => dialog()?.open);
    // Back to inline: the portal sits in the host's flow.
    el.layout = 'inline';
    await until(() => !dialog() && $(el, '[part="card"] nav'));
  });

  it('[ROUTE-041] [SCREEN-077] the tenant switcher lists the user accounts and switches: PUT tenant, refreshed session, fe-tenant-switched', async function () {
    this.timeout(15000);
    signIn();
    const el = await mountPortal();
    await until(() => field(root(el), 'Active account'), 'no tenant switcher');
    const select = field<HTMLSelectElement>(root(el), 'Active account')!;
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs']);
    expect(select.value).to.equal('tenant-acme');
    const switched = new Promise<FeTenantSwitchedDetail>((resolve) =>
      el.addEventListener('fe-tenant-switched', (e) => resolve(e.detail), { once: true }),
    );
    select.value = 'tenant-acme-labs';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(await switched).to.deep.equal({ tenantId: 'tenant-acme-labs', previousTenantId: 'tenant-acme' });
    expect(callsOf(paths.tenants.switchTenant).map((c) => c.opts.body)).to.deep.equal([
      { tenantId: 'tenant-acme-labs' },
    ]);
    expect(previewFetch.state.session.activeTenantId).to.equal('tenant-acme-labs');
    // The session was refreshed for the new tenant, as a sign-in does.
    expect(store.get(userAtom)?.tenantId).to.equal('tenant-acme-labs');
    await until(() => field<HTMLSelectElement>(root(el), 'Active account')?.value === 'tenant-acme-labs');
  });

  it('[SCREEN-077] [TENANTS-003] the switcher lists every account the user may enter once, sub-accounts grouped under their parent', async function () {
    this.timeout(15000);
    signIn();
    // A sub-account of Acme Europe the demo admin is no member of: entered through Acme (delegated).
    previewFetch.state.tenants.push(
      buildTenant({
        tenantId: 'tenant-acme-berlin',
        name: 'Acme Berlin',
        parentTenantId: 'tenant-acme-europe',
      }),
    );
    const el = await mountPortal();
    await until(() => field(root(el), 'Active account'), 'no tenant switcher');
    const select = field<HTMLSelectElement>(root(el), 'Active account')!;
    await until(() => select.options.length === 4, 'the delegated sub-account is listed');
    expect([...select.options].map((o) => o.value)).to.deep.equal([
      'tenant-acme',
      'tenant-acme-europe',
      'tenant-acme-labs',
      'tenant-acme-berlin',
    ]);
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).to.deep.equal([
      ['Acme', ['Acme Europe', 'Acme Labs']],
      ['Acme / Acme Europe', ['Acme Berlin']],
    ]);
    // The same account twice in an answer (a link in the tree) is one entry.
    const acme = { id: 'a', tenantId: 'a', name: 'A', parentTenantId: null } as UserTenant;
    const child = { id: 'b', tenantId: 'b', name: 'B', parentTenantId: 'a' } as UserTenant;
    expect(tenantGroups([acme, child, child]).map((g) => g.list.map((t) => t.name))).to.deep.equal([
      ['A'],
      ['B'],
    ]);
  });

  it('[TENANTS-016] a switch keeps the tab account in session storage; the next refresh sends it', async function () {
    this.timeout(15000);
    signIn();
    sessionStorage.removeItem(TAB_TENANT_KEY);
    const el = await mountPortal();
    await until(() => field(root(el), 'Active account'), 'no tenant switcher');
    const refreshes: unknown[] = [];
    const request = api.request;
    api.request = ((route: ApiPath, opts?: RequestOptions) => {
      if (route === paths.auth.refreshToken) refreshes.push(opts?.body);
      return request(route, opts);
    }) as typeof api.request;
    try {
      const select = field<HTMLSelectElement>(root(el), 'Active account')!;
      select.value = 'tenant-acme-europe';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await until(() => store.get(userAtom)?.tenantId === 'tenant-acme-europe', 'switched');
      expect(sessionStorage.getItem(TAB_TENANT_KEY)).to.equal('tenant-acme-europe');
      // Another tab moves the user's active account; this tab's next refresh (a reload) names its own.
      previewFetch.state.session.activeTenantId = 'tenant-acme-labs';
      await restoreSession();
      expect(refreshes.at(-1)).to.deep.equal({ tenantId: 'tenant-acme-europe' });
      expect(store.get(userAtom)?.tenantId).to.equal('tenant-acme-europe');
    } finally {
      api.request = request;
      sessionStorage.removeItem(TAB_TENANT_KEY);
    }
  });

  it('[ROUTE-041] a parent-account administrator sees All accounts and may switch into the sub-accounts', async () => {
    signIn(['fe.account-hierarchy.read.subAccount']);
    const el = await mountPortal();
    expect(navKeys(el)).to.include('allAccounts');
    await until(() => field(root(el), 'Active account'));
    signIn([]);
    await until(() => !navKeys(el).includes('allAccounts'));
  });

  it('[ROUTE-039] an end user manages their own profile, sessions, MFA, passkeys, phone numbers and personal API tokens', async () => {
    signIn(['fe.secure.read.userApiTokens']);
    const el = await mountPortal({ navigation: '{"personalApiTokens":{"visibility":"byPermissions"}}' });
    expect(navKeys(el)).to.include.members(['profile', 'privacy', 'personalApiTokens']);
    await openPage(el, 'profile');
    await until(() => button(root(el), 'Save'), 'the profile cannot be saved');
    await openPage(el, 'privacy');
    await until(() => $(el, '[data-revoke-others]'), 'sessions cannot be signed out');
    for (const title of ['Login sessions', 'Multi-factor authentication', 'Passkeys', 'Phone numbers'])
      expect(shadowText(el)).to.contain(title);
  });

  it('[ROUTE-040] account administrators see the team, roles, groups, SSO, security, API tokens and audits entries; others do not', async () => {
    const shown = ['users', 'roles', 'groups', 'sso', 'security', 'apiTokens', 'audits'];
    const navigation = JSON.stringify(
      Object.fromEntries(shown.map((key) => [key, { visibility: 'byPermissions' }])),
    );
    signIn(['fe.secure.*']);
    const el = await mountPortal({ navigation });
    expect(navKeys(el)).to.include.members(shown);
    signIn([]);
    await until(() => shown.every((key) => !navKeys(el).includes(key)));
  });

  it('[ENUM-012] [ENUM-013] field and tab appearance come from the metadata, the host option overrides them; a bad value is refused', async () => {
    expect(fieldAppearances).to.deep.equal(['hidden', 'viewOnly', 'edit']);
    expect(tabAppearances).to.deep.equal(['hidden', 'edit']);
    signIn();
    store.set(portalConfigurationAtom, {
      fields: { 'account.website': 'hidden', 'account.address': 'viewOnly', 'account.logo': 'bogus' },
      tabs: { 'account.customLogin': 'hidden' },
    });
    try {
      const el = await mountPortal({ portal: '{"fields":{"account.address":"edit"}}' });
      await openPage(el, 'account');
      await until(() => field(root(el), 'Company name'));
      expect(field(root(el), 'Website')).to.equal(null);
      expect(field(root(el), 'Address')!.readOnly).to.equal(false);
      expect(field(root(el), 'Logo URL')).not.to.equal(null);
      expect($(el, '[role="tab"][data-tab="customLogin"]')).to.equal(null);
      const errors = captureConsole('error');
      try {
        el.setAttribute('portal', '{"fields":{"account.address":"readonly"}}');
        el.setAttribute('portal', '{"tabs":{"account.customLogin":"viewOnly"}}');
      } finally {
        errors.restore();
      }
      expect(errors.calls.map((c) => String(c[0]))).to.have.length(2);
      expect(String(errors.calls[0]![0])).to.contain('portal.fields["account.address"] must be one of');
      expect(store.get(hostOptionsInputAtom).portal).to.deep.equal({ fields: { 'account.address': 'edit' } });
    } finally {
      store.set(portalConfigurationAtom, {});
    }
  });

  it('[SCREEN-039] the portal shell passes axe-core in light and dark themes, with the header and tenant switcher', async () => {
    signIn();
    const el = await mountPortal();
    await until(() => field(root(el), 'Active account'));
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'dark');
    await until(() => getComputedStyle(el).getPropertyValue('--fe-color-background') !== '');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
