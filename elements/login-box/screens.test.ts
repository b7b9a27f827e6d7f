import { expect } from '@open-wc/testing';
import {
  $,
  axeViolations,
  fillLogin,
  mount,
  resetPage,
  goTo,
  setValue,
  waitUntil,
} from '../../shared/element/testing';
import { accessTokenAtom, userAtom, type SessionUser } from '../../shared/auth/session.atoms';
import { store } from '../../shared/store';
import './index';

const someone: SessionUser = {
  id: 'u0',
  email: 'someone@else.test',
  name: 'Someone Else',
  tenantId: 't0',
  tenantIds: ['t0'],
  roles: [],
  permissions: [],
};
const text = (el: Element) => el.shadowRoot?.textContent ?? '';

afterEach(() => {
  resetPage();
  goTo('');
});

const routes: [string, string, RegExp][] = [
  ['#/account/sign-up', 'signUp', /Create your account/],
  ['#/account/forget-password', 'forgotPassword', /Reset your password/],
  ['#/account/reset-password?userId=u1&token=t1', 'resetPassword', /Choose a new password/],
  ['#/account/activate', 'activate', /Send a new link/],
  ['#/account/invitation/accept', 'acceptInvitation', /This invitation link is incomplete/],
];

describe('login-box screens', () => {
  for (const [hash, screen, text] of routes) {
    for (const mode of ['light', 'dark']) {
      it(`${screen} renders at its route and passes axe-core (${mode} theme)`, async () => {
        goTo(hash);
        const el = await mount(
          'fe-login-box',
          { preview: '', 'url-strategy': 'hash', 'theme-mode': mode },
          (root) => text.test(root.textContent ?? ''),
        );
        expect($(el, `[data-screen="${screen}"]`)).to.exist;
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }
  }

  it('sign-up validates before calling the server', async () => {
    goTo('#/account/sign-up');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash' },
      (root) => root.querySelector('form') !== null,
    );
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => (el.shadowRoot?.textContent ?? '').includes('This field is required'));
    expect(el.shadowRoot!.querySelectorAll('[aria-invalid="true"]').length).to.equal(3);
  });

  it("[TEAM-020] sign-up from an account's invite link joins it: no company field, the token is sent and checked", async () => {
    goTo('#/account/sign-up?invitationToken=no-such-link');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash' },
      (root) => root.querySelector('form') !== null,
    );
    expect($(el, 'input[name="companyName"]')).to.equal(null);
    setValue($<HTMLInputElement>(el, 'input[name="name"]')!, 'Jo Iner');
    setValue($<HTMLInputElement>(el, 'input[name="email"]')!, 'jo@example.test');
    setValue($<HTMLInputElement>(el, 'input[name="password"]')!, 'a-good-password-1');
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => text(el).includes("We couldn't verify your invitation"), 'no refusal', {
      timeout: 5000,
    });
    expect($(el, '[role="alert"]')).to.exist;
  });

  it('[PASSWORD-001] forgot password moves from the forgotPassword step to the success step', async () => {
    goTo('#/account/forget-password');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash' },
      (root) => root.querySelector('form') !== null,
    );
    setValue($<HTMLInputElement>(el, 'input[name="email"]')!, 'ada@acme.test');
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => text(el).includes('If an account exists for ada@acme.test'), 'no success step', {
      timeout: 5000,
    });
    expect($(el, 'form')).to.equal(null);
  });

  it('[INVITE-002] accepting an invitation reaches success and clears authentication', async () => {
    store.set(accessTokenAtom, 'someone-elses-token');
    store.set(userAtom, someone);
    goTo('#/account/invitation/accept?userId=u1&token=t1');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      /Your invitation is accepted/.test(root.textContent ?? ''),
    );
    expect(store.get(accessTokenAtom)).to.equal(null);
    expect(store.get(userAtom)).to.equal(null);
    expect(text(el)).to.contain('Go to sign in');
  });

  it('[INVITE-001] [INVITE-003] a link the server refuses shows "We couldn\'t verify your invitation"', async () => {
    goTo('#/account/invitation/accept?userId=u1&token=expired');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      /We couldn't verify your invitation/.test(root.textContent ?? ''),
    );
    expect($(el, '[role="alert"]')).to.exist;
  });

  it('[ACTIVATE-004] a signed-in user activating an account is signed out first', async () => {
    store.set(accessTokenAtom, 'someone-elses-token');
    store.set(userAtom, someone);
    const tokens: (string | null)[] = [];
    const unsubscribe = store.sub(accessTokenAtom, () => tokens.push(store.get(accessTokenAtom)));
    try {
      goTo('#/account/activate?userId=u1&token=t1');
      await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
        /Your account is active/.test(root.textContent ?? ''),
      );
      await waitUntil(
        () => tokens.some((t) => t && t !== 'someone-elses-token'),
        'not signed in after activation',
        {
          timeout: 5000,
        },
      );
      expect(tokens[0]).to.equal(null);
      // Then, after 1000 ms, the activated user is signed in and sent to the authenticated URL.
      await waitUntil(() => location.hash === '#/', 'no redirect after activation', { timeout: 5000 });
      await waitUntil(() => store.get(userAtom)?.email === 'demo@fe-elements.dev', 'no user', {
        timeout: 5000,
      });
    } finally {
      unsubscribe();
    }
  });

  it('[LOGIN-017] a failed login clears the stored access token and user', async () => {
    store.set(accessTokenAtom, 'stale-token');
    goTo('#/account/login');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash' },
      (root) => root.querySelector('form') !== null,
    );
    await fillLogin(el, 'demo@fe-elements.dev', 'wrong');
    await waitUntil(() => $(el, '[role="alert"]') !== null, 'no error', { timeout: 5000 });
    expect(store.get(accessTokenAtom)).to.equal(null);
    expect(store.get(userAtom)).to.equal(null);
  });

  it('the reset form checks its link first: an expired one says so before a password is typed', async () => {
    goTo('#/account/reset-password?userId=u1&token=expired');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      /The password reset link is invalid or expired/.test(root.textContent ?? ''),
    );
    expect($(el, 'form')).to.equal(null);
  });
});
