import { expect } from '@open-wc/testing';
import { resolveOptions } from '../../../shared/options/options';
import { captureConsole } from '../../../shared/testing/console';
import {
  initialLoginState,
  loginReducer,
  loginSteps,
  POST_LOGIN_REDIRECT_MS,
  postLoginStep,
  postLoginTarget,
  storesSession,
} from '../login.machine';
import { savedPathAfterLogin } from '../useLogin';
import { ACTIVATION_REDIRECT_MS, afterActivation, linkParams, stepAfterStrategy } from './activate.machine';
import { INVITATION_FAILED, invitationStart } from './invitation.machine';
import { FORGOT_PASSWORD_FALLBACK, defaultPasswordConfig, passwordProblem } from './password.machine';
import { signUpOutcome } from './signup.machine';
import { en } from '../../../shared/i18n/locales/en';

const options = resolveOptions({ allowedRedirectOrigins: ['https://partner.test'] });
const routes = options.routes;
const facts = { mfaRequired: false, breachedPassword: false, authenticated: false, passkeysOffered: false };

describe('login flow', () => {
  it('pins the full list of login steps', () => {
    expect(loginSteps).to.have.length(15);
    expect(loginSteps).to.include.members(['preLogin', 'loginWithPassword', 'success', 'promptPasskeys']);
  });

  it('[LOGIN-003] with email and password the first step is loginWithPassword', () => {
    expect(initialLoginState.step).to.equal('loginWithPassword');
    const failed = loginReducer(loginReducer(initialLoginState, { type: 'submit' }), {
      type: 'failed',
      error: 'x',
    });
    expect(failed).to.deep.equal({ step: 'loginWithPassword', loading: false, error: 'x' });
    expect(loginReducer(initialLoginState, { type: 'succeeded' }).step).to.equal('success');
  });

  it('a blocked sign-in (locked account, ER-1009) offers the reset; the next attempt clears it', () => {
    const blocked = loginReducer(initialLoginState, { type: 'failed', error: 'blocked', blocked: true });
    expect(blocked.blocked).to.equal(true);
    expect(loginReducer(blocked, { type: 'submit' }).blocked).to.equal(undefined);
  });

  it('[LOGIN-009] after login: MFA first, then breached password, then passkeys, else redirect', () => {
    expect(
      postLoginStep({ ...facts, mfaRequired: true, breachedPassword: true, passkeysOffered: true }),
    ).to.equal('mfa');
    expect(postLoginStep({ ...facts, breachedPassword: true, passkeysOffered: true })).to.equal(
      'breachedPassword',
    );
    expect(
      postLoginStep({ ...facts, breachedPassword: true, authenticated: true, passkeysOffered: true }),
    ).to.equal('promptPasskeys');
    expect(postLoginStep(facts)).to.equal('redirect');
  });

  it('[LOGIN-013] with no check left: the saved path after 200 ms, else the authenticated URL', () => {
    expect(POST_LOGIN_REDIRECT_MS).to.equal(200);
    expect(postLoginTarget('/reports?x=1', routes)).to.equal('/reports?x=1');
    expect(postLoginTarget(null, routes)).to.equal('/');
  });

  it('[LOGIN-014] a saved login, logout, social callback or activate path is discarded', () => {
    for (const path of [
      '/account/login',
      '/account/logout',
      '/account/social/success',
      '/account/activate?x=1',
    ]) {
      expect(postLoginTarget(path, routes)).to.equal('/');
    }
  });

  it('[LOGIN-015] [LOGIN-016] an answer with mfaRequired and mfaToken stores no session; others do', () => {
    expect(storesSession({ mfaRequired: true, mfaToken: 't' })).to.equal(false);
    expect(storesSession({ mfaRequired: false })).to.equal(true);
    expect(storesSession({ mfaRequired: true })).to.equal(true);
  });

  it('[LOGIN-018] a redirectUrl is used only on the current origin or an allowed origin', () => {
    const origin = 'https://app.test';
    expect(savedPathAfterLogin('/reports', options, origin)).to.equal('/reports');
    expect(savedPathAfterLogin('https://app.test/a?b=1#c', options, origin)).to.equal('/a?b=1#c');
    expect(savedPathAfterLogin('https://partner.test/x', options, origin)).to.equal('https://partner.test/x');
    // Same origin by URL parsing, but a protocol-relative path once navigated to: refused.
    expect(savedPathAfterLogin('/.//evil.test/x', options, origin)).to.equal('/');
    expect(savedPathAfterLogin('https://app.test//evil.test/x', options, origin)).to.equal('/');
    const off = resolveOptions({ enforceRedirectToSameSite: false });
    expect(savedPathAfterLogin('https://elsewhere.test/x', off, origin)).to.equal('https://elsewhere.test/x');
  });

  it('[LOGIN-019] a rejected redirectUrl logs a warning and the authenticated URL is used', () => {
    const warn = captureConsole('warn');
    try {
      expect(savedPathAfterLogin('https://evil.test/phish', options, 'https://app.test')).to.equal('/');
      expect(savedPathAfterLogin('javascript:alert(1)', options, 'https://app.test')).to.equal('/');
    } finally {
      warn.restore();
    }
    expect(warn.calls).to.have.length(2);
  });
});

describe('sign-up, activation, invitation, passwords', () => {
  it('[SIGNUP-001] a sign-up that should activate shows SignUpSuccess', () => {
    expect(signUpOutcome({ shouldActivate: true })).to.deep.equal({ stage: 'SignUpSuccess' });
  });

  it('[SIGNUP-002] a sign-up whose user needs MFA goes to login', () => {
    expect(signUpOutcome({ shouldActivate: false, mfaRequired: true })).to.deep.equal({ goTo: 'login' });
    expect(signUpOutcome({ shouldActivate: false, accessToken: 'a' })).to.deep.equal({ signedIn: true });
  });

  it('[ACTIVATE-001] activating, then the form only when a password is needed', () => {
    expect(stepAfterStrategy({ shouldSetPassword: true })).to.equal('activatingForm');
    expect(stepAfterStrategy({ shouldSetPassword: false })).to.equal('activating');
  });

  it('[ACTIVATE-002] after 1000 ms: the login URL, or signed in when the answer holds a session', () => {
    expect(ACTIVATION_REDIRECT_MS).to.equal(1000);
    expect(afterActivation({}, routes)).to.deep.equal({ signedIn: false, to: '/account/login' });
    expect(afterActivation({ accessToken: 'a' }, routes)).to.deep.equal({ signedIn: true, to: '/' });
  });

  it('[ACTIVATE-003] signed in after activation: the redirect location has priority', () => {
    expect(afterActivation({ accessToken: 'a', redirectLocation: '/welcome' }, routes).to).to.equal(
      '/welcome',
    );
  });

  it('[INVITE-001] without both token and userId the invitation is invalid', () => {
    expect(invitationStart(linkParams(new URLSearchParams('userId=u')))).to.equal('invalid');
    expect(invitationStart(linkParams(new URLSearchParams('token=t')))).to.equal('invalid');
    expect(invitationStart(linkParams(new URLSearchParams('userId=u&token=t')))).to.equal('pending');
  });

  it("[INVITE-003] the default invitation failure is 'We couldn't verify your invitation'", () => {
    expect(INVITATION_FAILED).to.equal("We couldn't verify your invitation");
    expect(en.loginBox.invitation.failed).to.equal(INVITATION_FAILED);
  });

  it("[PASSWORD-002] the forgot-password fallback is 'Unknown error occurred'", () => {
    expect(FORGOT_PASSWORD_FALLBACK).to.equal('Unknown error occurred');
    expect(en.loginBox.forgotPassword.unknownError).to.equal(FORGOT_PASSWORD_FALLBACK);
  });

  it('password rules: required, length, confirmation', () => {
    expect(passwordProblem('', null, defaultPasswordConfig)).to.equal('required');
    expect(passwordProblem('short', null, defaultPasswordConfig)).to.equal('tooShort');
    expect(passwordProblem('x'.repeat(129), null, defaultPasswordConfig)).to.equal('tooLong');
    expect(passwordProblem('long-enough', 'different', defaultPasswordConfig)).to.equal('mismatch');
    expect(passwordProblem('long-enough', 'long-enough', defaultPasswordConfig)).to.equal(null);
  });
});
