import { expect } from '@open-wc/testing';
import { passkeyName } from '../../shared/auth/webauthn';
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
import { passkeysOffered, postLoginStep, type PasskeysPromptFacts } from './login.machine';
import './index';

const DISMISSED = 'fe-passkeys-prompt-dismissed';
const PREFERRED = 'fe-preferred-login-method';

afterEach(() => {
  resetPage();
  goTo('');
  localStorage.removeItem(DISMISSED);
  localStorage.removeItem(PREFERRED);
});

const offered: PasskeysPromptFacts = {
  flagOn: true,
  secondaryStrategyActive: true,
  preferredMethod: null,
  dismissed: false,
  deviceCount: 0,
};

describe('passkeys in the login box', () => {
  it('[LOGIN-012] the prompt is offered only with the flag on, a secondary strategy, no preferred method, not dismissed and no devices', () => {
    expect(passkeysOffered(offered)).to.equal(true);
    expect(passkeysOffered({ ...offered, flagOn: false })).to.equal(false);
    expect(passkeysOffered({ ...offered, secondaryStrategyActive: false })).to.equal(false);
    expect(passkeysOffered({ ...offered, preferredMethod: 'passkeys' })).to.equal(false);
    expect(passkeysOffered({ ...offered, dismissed: true })).to.equal(false);
    expect(passkeysOffered({ ...offered, deviceCount: 1 })).to.equal(false);
    const facts = { mfaRequired: false, breachedPassword: false, authenticated: false };
    expect(postLoginStep({ ...facts, passkeysOffered: passkeysOffered(offered) })).to.equal('promptPasskeys');
    expect(
      postLoginStep({ ...facts, passkeysOffered: passkeysOffered({ ...offered, deviceCount: 2 }) }),
    ).to.equal('redirect');
  });

  it('names a new passkey after the browser and system it is made on', () => {
    const chromeLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    expect(passkeyName(chromeLinux)).to.equal('Chrome on Linux');
    expect(
      passkeyName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605 Version/17 Safari/605'),
    ).to.equal('Safari on macOS');
    expect(passkeyName('')).to.equal('');
  });

  /** Signs in with a password in preview (through the pre-login step when the strategies start with it). */
  async function signIn() {
    goTo('#/account/login');
    const box = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (r) =>
      Boolean(r.querySelector('input[name="email"]')),
    );
    setValue($<HTMLInputElement>(box, 'input[name="email"]')!, 'demo@fe-elements.dev');
    if (!$(box, 'input[name="password"]')) {
      $<HTMLButtonElement>(box, 'button[type="submit"]')!.click();
      await waitUntil(() => $(box, 'input[name="password"]'), 'no password step', { timeout: 5000 });
    }
    setValue($<HTMLInputElement>(box, 'input[name="password"]')!, 'any-password');
    const authenticated = new Promise((resolve) =>
      box.addEventListener('fe-authenticated', resolve, { once: true }),
    );
    $<HTMLButtonElement>(box, 'button[type="submit"]')!.click();
    return { box, authenticated };
  }

  it('[LOGIN-012] shows "Sign in with a passkey" when the vendor offers passkeys', async () => {
    goTo('#/account/login');
    const box = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (r) =>
      Boolean(r.querySelector('[data-passkey-sign-in]')),
    );
    expect(shadowText(box)).to.contain('Sign in with a passkey');
    expect(await axeViolations(box)).to.deep.equal([]);
  });

  it('[LOGIN-012] after a login with no passkey the promptPasskeys step offers Add a passkey / Not now; Not now is remembered', async () => {
    const { box, authenticated } = await signIn();
    await waitUntil(() => $(box, '[data-step="promptPasskeys"]'), 'no passkeys prompt', { timeout: 5000 });
    expect(shadowText(box)).to.contain('Sign in faster with a passkey');
    expect(shadowText(box)).to.contain('Add a passkey');
    expect(await axeViolations(box)).to.deep.equal([]);
    const notNow = [...box.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Not now')!;
    notNow.click();
    await authenticated;
    expect(localStorage.getItem(DISMISSED)).to.equal('1');
    await waitUntil(() => location.hash === '#/', 'no redirect after Not now');
  });

  it('[LOGIN-012] a dismissed prompt or a preferred method goes straight to the redirect', async () => {
    for (const [key, value] of [
      [DISMISSED, '1'],
      [PREFERRED, 'passkeys'],
    ] as const) {
      localStorage.setItem(key, value);
      const { box, authenticated } = await signIn();
      await authenticated;
      expect($(box, '[data-step="promptPasskeys"]')).to.equal(null);
      await waitUntil(() => location.hash === '#/', 'no redirect');
      localStorage.removeItem(key);
      resetPage();
    }
  });
});
