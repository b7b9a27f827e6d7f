import { expect } from '@open-wc/testing';
import { api, type RequestOptions } from '../../shared/api/client';
import { paths, type ApiPath } from '../../shared/api/paths';
import { previewFetch } from '../../shared/api/preview/index';
import { SAMPLE_TENANT_ID } from '../../shared/api/preview/sampleData';
import {
  $,
  axeViolations,
  goTo,
  mount,
  resetPage,
  setValue,
  shadowText,
  waitUntil,
} from '../../shared/element/testing';
import { createTheme, themeToCssVars } from '../../themes';
import { customLoginTenantId, customLoginTheme, keepAccount, safeImage } from './customLogin';
import { firstPasswordPath, isFirstPassword } from './flows/invitation.machine';
import './index';

// An account's custom login box on its users' login box (the account page's customLogin tab), the box's
// one width on every screen, and the invitee's first password.

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const look = {
  title: 'Welcome to Acme',
  subtitle: 'Sign in to the Acme workspace',
  logo: PNG,
  primaryColor: '#0A7C4A',
  backgroundColor: '#1D2433',
  themeMode: 'dark' as const,
};
const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const until = (predicate: () => unknown, message: string) => waitUntil(predicate, message, { timeout: 5000 });
const customLoginCalls: string[] = [];
const originalRequest = api.request;

beforeEach(() => {
  customLoginCalls.length = 0;
  api.request = ((route: ApiPath, opts?: RequestOptions) => {
    if (route === paths.accountSettings.getPublicCustomLogin)
      customLoginCalls.push(String(opts?.query?.tenantId));
    return originalRequest(route, opts);
  }) as typeof api.request;
});

afterEach(() => {
  api.request = originalRequest;
  resetPage();
  previewFetch.reset();
  goTo('');
});

describe('custom login box: which account, which look', () => {
  it('the account is the app URL’s tenantId (after #/path? with the hash strategy)', () => {
    const url = (href: string) => new URL(href);
    expect(customLoginTenantId(url('https://app.test/account/login?tenantId=t-1'), 'path')).to.equal('t-1');
    expect(customLoginTenantId(url('https://app.test/#/account/login?tenantId=t-2'), 'hash')).to.equal('t-2');
    expect(customLoginTenantId(url('https://app.test/account/login'), 'path')).to.equal(null);
    expect(customLoginTenantId(url(`https://app.test/?tenantId=${'x'.repeat(101)}`), 'path')).to.equal(null);
  });

  it('the box’s own links keep the account, so the next screen (a page load with the path strategy) has its look', () => {
    expect(keepAccount('/account/forget-password', 't-1')).to.equal('/account/forget-password?tenantId=t-1');
    expect(keepAccount('/account/login?redirectUrl=%2Fx', 't-1')).to.equal(
      '/account/login?redirectUrl=%2Fx&tenantId=t-1',
    );
    expect(keepAccount('/account/login?tenantId=t-2', 't-1')).to.equal('/account/login?tenantId=t-2');
    expect(keepAccount('/account/sign-up', null)).to.equal('/account/sign-up');
  });

  it('only https and raster data images are shown', () => {
    expect(safeImage('https://cdn.acme.test/logo.png')).to.equal('https://cdn.acme.test/logo.png');
    expect(safeImage(PNG)).to.equal(PNG);
    for (const bad of [
      'http://cdn.acme.test/logo.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      '',
    ])
      expect(safeImage(bad), bad).to.equal(undefined);
  });

  it('the colours go through the theme palette: every shade and contrast from the primary, the background, the mode', () => {
    const { mode, vars, backdrop } = customLoginTheme(look, { themeMode: 'light' });
    expect(mode).to.equal('dark');
    expect(vars).to.deep.equal(
      themeToCssVars(createTheme('dark', { palette: { primary: look.primaryColor } })),
    );
    expect(vars['--fe-color-primary']!.toLowerCase()).to.equal(look.primaryColor.toLowerCase());
    // The backdrop takes the account's background; the fields inside the card keep the palette's.
    expect(backdrop.toLowerCase()).to.equal(look.backgroundColor.toLowerCase());
    expect(vars['--fe-color-background']).to.equal(createTheme('dark').palette.background);
    // The host's theme stays underneath; a colour that is not a hex colour is ignored.
    const host = { themeMode: 'light' as const, theme: { shape: { borderRadius: '12px' } } };
    const kept = customLoginTheme({ primaryColor: 'red; x: y', backgroundColor: 'url(x)' }, host);
    expect(kept.vars).to.deep.equal(themeToCssVars(createTheme('light', host.theme)));
    expect(kept.backdrop).to.equal(createTheme('light').palette.background);
  });
});

describe('<fe-login-box> with an account’s custom login box', () => {
  it('at /account/login?tenantId= the account’s title, subtitle, logo, colours and background apply', async () => {
    previewFetch.state.accountSettings.customLogin = look;
    goTo(`#/account/login?tenantId=${SAMPLE_TENANT_ID}`);
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      (root.textContent ?? '').includes(look.title),
    );
    expect(shadowText(el)).to.contain(look.subtitle);
    expect(customLoginCalls).to.deep.equal([SAMPLE_TENANT_ID]);
    expect($<HTMLImageElement>(el, 'img[part="logo"]')!.src).to.equal(PNG);
    const backdrop = $(el, '[part="backdrop"]')!;
    expect(backdrop.getAttribute('data-custom-login')).to.equal('applied');
    expect(getComputedStyle(backdrop).backgroundColor).to.equal(rgb(look.backgroundColor));
    await until(() => $(el, 'button[type="submit"]'), 'no submit button');
    const submit = $(el, 'button[type="submit"]')!;
    expect(getComputedStyle(submit).backgroundColor).to.equal(rgb(look.primaryColor));
    // Dark mode: the card is the dark palette's surface, not the host's light one.
    const card = $(el, '[part="card"]')!;
    const darkSurface = createTheme('dark').palette.surface;
    expect(getComputedStyle(card).backgroundColor).to.equal(rgb(darkSurface));
    const email = $(el, 'input[name="email"]')!;
    expect(getComputedStyle(email).backgroundColor).to.equal(rgb(createTheme('dark').palette.background));
    expect(await axeViolations(el)).to.deep.equal([]);
    // The password step's links (forgot password, sign up) keep the account.
    setValue($<HTMLInputElement>(el, 'input[name="email"]')!, 'someone@acme.test');
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await until(() => $(el, 'a[href^="#/account/forget-password"]'), 'no password step');
    const links = [...el.shadowRoot!.querySelectorAll('a[href^="#/account/"]')].map((a) =>
      a.getAttribute('href'),
    );
    expect(links).to.not.be.empty;
    for (const href of links) expect(href).to.contain(`tenantId=${SAMPLE_TENANT_ID}`);
  });

  it('an account without a custom login box, or an unknown one, gets the default look', async () => {
    goTo('#/account/login?tenantId=tenant-nobody-knows');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, () =>
      customLoginCalls.includes('tenant-nobody-knows'),
    );
    await new Promise((r) => setTimeout(r, 700));
    expect(shadowText(el)).to.contain('Welcome back');
    expect($(el, '[part="backdrop"]')!.hasAttribute('data-custom-login')).to.equal(false);
    expect($(el, 'img[part="logo"]')).to.equal(null);
  });
});

describe('<fe-login-box> layout and first passwords', () => {
  it('the card keeps one width on every screen, in a host that sizes it to its content', async () => {
    goTo('#/account/login');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      Boolean(root.querySelector('form')),
    );
    el.style.display = 'inline-block';
    const width = () => $(el, '[part="card"]')!.getBoundingClientRect().width;
    const widths = [width()];
    for (const hash of ['#/account/forget-password', '#/account/reset-password', '#/account/sign-up']) {
      goTo(hash);
      await until(() => $(el, `[data-screen]`)?.getAttribute('data-screen') !== 'login', `no screen ${hash}`);
      await new Promise((r) => setTimeout(r, 50));
      widths.push(width());
    }
    expect(widths).to.deep.equal([420, 420, 420, 420]);
    // Never wider than its room.
    el.style.display = 'block';
    el.style.width = '300px';
    await until(() => width() === 300, 'the card overflows a narrow host');
  });

  it('an accepted invitation leads to "Set your password", a reset link to "Choose a new password"', async () => {
    const path = firstPasswordPath('/account/reset-password', 'u1', 't1');
    expect(isFirstPassword(new URL(path, 'https://app.test').searchParams)).to.equal(true);
    goTo(`#${path}`);
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      Boolean(root.querySelector('form')),
    );
    expect(shadowText(el)).to.contain('Set your password');
    expect(shadowText(el)).not.to.contain('new password');
    expect($(el, 'button[type="submit"]')!.textContent).to.equal('Set password');
    goTo('#/account/reset-password?userId=u1&token=t1');
    await until(() => shadowText(el).includes('Choose a new password'), 'a reset is not a new password');
  });

  it('an activation that asks for a password says "Set your password"', async () => {
    api.request = ((route: ApiPath, opts?: RequestOptions) =>
      route === paths.auth.getActivateAccountStrategy
        ? Promise.resolve({ shouldSetPassword: true })
        : originalRequest(route, opts)) as typeof api.request;
    goTo('#/account/activate?userId=u1&token=t1');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      Boolean(root.querySelector('input[name="password"]')),
    );
    expect($(el, 'h2')!.textContent).to.equal('Set your password');
  });
});
