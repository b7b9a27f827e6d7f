// The login route for a user who is already signed in: Continue, or sign in as someone else; at once to the
// redirectUrl target; and after a sign-in in this box, only its own redirect.
import { expect } from '@open-wc/testing';
import { previewFetch } from '../../shared/api/preview/index';
import { clearSession } from '../../shared/auth/session';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import {
  $,
  axeViolations,
  fillLogin,
  goTo,
  mount,
  resetPage,
  shadowText,
  waitUntil,
} from '../../shared/element/testing';
import type { FeNavigateDetail } from '../../shared/options/location';
import { setOptionsAtom } from '../../shared/options/options.atoms';
import { startApp } from '../../shared/options/start';
import { store } from '../../shared/store';
import { signedInLoginStep } from './login.machine';
import './index';

// The load sequence runs once, now: its session restore (preview starts signed out) cannot undo a test's user.
before(async () => {
  store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
  await startApp();
});

/** Navigations the box asked for; cancelled, so that the test page stays where it is. */
let navigations: FeNavigateDetail[] = [];
const cancelNavigation = (event: CustomEvent<FeNavigateDetail>) => {
  navigations.push(event.detail);
  event.preventDefault();
};
beforeEach(() => {
  navigations = [];
  document.addEventListener('fe-navigate', cancelNavigation);
});
afterEach(() => {
  document.removeEventListener('fe-navigate', cancelNavigation);
  // Signed out while preview is on: the flags reload that follows a user change stays in preview.
  clearSession();
  resetPage();
  previewFetch.reset();
  goTo('');
});

function signIn() {
  // Preview first: a new user reloads the flags with the options of the moment.
  store.set(setOptionsAtom, { preview: true, logLevel: 'none' });
  previewFetch.state.session.signedIn = true;
  store.set(accessTokenAtom, 'preview-token');
  store.set(userAtom, {
    id: 'user-ada',
    email: 'ada@acme.example',
    name: 'Ada Lovelace',
    tenantId: 'tenant-acme',
    tenantIds: ['tenant-acme'],
    roles: [],
    permissions: [],
  });
}

const mountBox = (ready: (root: ShadowRoot) => boolean) =>
  mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, ready);
const offersContinue = (root: ShadowRoot) => root.querySelector('[data-continue]') !== null;

describe('login route while signed in', () => {
  it('decides: the redirect of a sign-in here, at once with a redirectUrl, else offer to continue', () => {
    expect(signedInLoginStep({ redirectPending: true, redirectUrl: '/x' })).to.equal('redirecting');
    expect(signedInLoginStep({ redirectPending: false, redirectUrl: '/reports' })).to.equal('redirectNow');
    expect(signedInLoginStep({ redirectPending: false, redirectUrl: null })).to.equal('offerContinue');
  });

  it('shows the signed-in email with Continue to the authenticated URL', async () => {
    signIn();
    goTo('#/account/login');
    const el = await mountBox(offersContinue);
    expect(shadowText(el)).to.contain('You are signed in');
    expect($(el, '[data-signed-in-as]')!.textContent).to.equal('Signed in as ada@acme.example');
    expect($(el, 'form')).to.equal(null);
    expect(navigations).to.deep.equal([]);
    $<HTMLButtonElement>(el, '[data-continue]')!.click();
    expect(navigations.map((n) => n.url.split('#')[1])).to.deep.equal(['/']);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('"Sign in as someone else" signs out and shows the sign-in form', async () => {
    signIn();
    goTo('#/account/login');
    const el = await mountBox(offersContinue);
    $<HTMLButtonElement>(el, '[data-switch-account]')!.click();
    await waitUntil(() => $(el, 'input[name="email"]'), 'no sign-in form after signing out', {
      timeout: 5000,
    });
    expect(store.get(userAtom)).to.equal(null);
  });

  it('with a redirectUrl, goes there at once (replacing the login page in the history)', async () => {
    signIn();
    goTo('#/account/login?redirectUrl=%2Freports%3Fq%3D1');
    const el = await mountBox((root) => (root.textContent ?? '').includes('Redirecting'));
    await waitUntil(() => navigations.length > 0);
    expect(navigations.map((n) => [n.url.split('#')[1], n.replace])).to.deep.equal([['/reports?q=1', true]]);
    expect($(el, '[data-continue]')).to.equal(null);
  });

  it('[LOGIN-014] a redirectUrl to the login page itself is discarded: the signed-in user goes to the authenticated URL', async () => {
    signIn();
    goTo('#/account/login?redirectUrl=%2Faccount%2Flogin');
    await mountBox((root) => (root.textContent ?? '').includes('Redirecting'));
    await waitUntil(() => navigations.length > 0);
    expect(navigations.map((n) => n.url.split('#')[1])).to.deep.equal(['/']);
  });

  it('after a sign-in in the box, only its own redirect runs: no Continue screen on the way', async () => {
    localStorage.setItem('fe-passkeys-prompt-dismissed', '1');
    try {
      goTo('#/account/login?redirectUrl=%2Freports');
      const el = await mountBox((root) => root.querySelector('form') !== null);
      let sawContinue = false;
      const observer = new MutationObserver(() => {
        if ($(el, '[data-continue]')) sawContinue = true;
      });
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
      await fillLogin(el, 'demo@fe-elements.dev', 'any-password');
      await waitUntil(() => navigations.length > 0, 'no redirect after the sign-in', { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      observer.disconnect();
      expect(navigations.map((n) => [n.url.split('#')[1], n.replace])).to.deep.equal([['/reports', false]]);
      expect(sawContinue).to.equal(false);
    } finally {
      localStorage.removeItem('fe-passkeys-prompt-dismissed');
    }
  });
});
