import { expect } from '@open-wc/testing';
import { resolveOptions } from '../../../shared/options/options';
import { captureConsole } from '../../../shared/testing/console';
import { emptyDevices, type MfaDeviceLists } from '../../../shared/api/mfa';
import {
  afterPreLogin,
  firstLoginStep,
  initialLoginState,
  loginFlows,
  loginReducer,
  loginSteps,
  type LoginEvent,
  type LoginFlowState,
  type LoginState,
  type MainAuthStrategy,
  POST_LOGIN_REDIRECT_MS,
  postLoginStep,
  postLoginTarget,
  storesSession,
} from '../login.machine';
import { savedPathAfterLogin } from '../useLogin';
import {
  ACTIVATION_REDIRECT_MS,
  activateSteps,
  afterActivation,
  linkParams,
  stepAfterStrategy,
} from './activate.machine';
import { INVITATION_FAILED, invitationStart, invitationSteps } from './invitation.machine';
import {
  mfaExtraSteps,
  mfaReducer,
  mfaStateFrom,
  mfaSteps,
  type MfaEvent,
  type MfaState,
} from './mfa.machine';
import {
  FORGOT_PASSWORD_FALLBACK,
  defaultPasswordConfig,
  forgotPasswordSteps,
  passwordProblem,
} from './password.machine';
import {
  impersonateNext,
  impersonateSteps,
  initialResetPhoneState,
  resetPhoneReducer,
  resetPhoneSteps,
  type ResetPhoneEvent,
} from './resetPhone.machine';
import { signUpOutcome, signUpStages } from './signup.machine';
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

describe('the steps of the login box machines (ENUM rules)', () => {
  const strategies: MainAuthStrategy[] = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'];

  it('[ENUM-001] the login steps are exactly the 15 of the spec, and the machine moves only among them', () => {
    expect([...loginSteps]).to.deep.equal([
      'preLogin',
      'magicLinkPreLoginSuccess',
      'loginWithSmsOtc',
      'loginWithQuickSmsOtc',
      'loginWithOtc',
      'loginWithPassword',
      'loginWithTwoFactor',
      'redirectToSSO',
      'loginWithSSOFailed',
      'success',
      'forceTwoFactor',
      'recoverTwoFactor',
      'promptPasskeys',
      'breachedPassword',
      'breachedPasswordSuccess',
    ]);
    const events: LoginEvent[] = [
      { type: 'submit' },
      { type: 'succeeded' },
      { type: 'failed', error: 'x', blocked: true },
      { type: 'reset' },
    ];
    const reached = new Set<string>();
    let states: LoginState[] = [initialLoginState];
    for (let depth = 0; depth < 3; depth++) {
      states = states.flatMap((state) => events.map((event) => loginReducer(state, event)));
      for (const state of states) reached.add(state.step);
    }
    for (const strategy of strategies) {
      reached.add(firstLoginStep(strategy));
      reached.add(afterPreLogin(null, strategy).step);
    }
    reached.add(afterPreLogin({ address: 'https://idp.example' }, 'EmailAndPassword').step);
    expect([...reached].filter((step) => !(loginSteps as readonly string[]).includes(step))).to.deep.equal(
      [],
    );
    expect([...reached]).to.include.members(['loginWithPassword', 'loginWithOtc', 'redirectToSSO']);
  });

  it('[ENUM-002] the login flows are exactly login and registerQuickLogin', () => {
    expect([...loginFlows]).to.deep.equal(['login', 'registerQuickLogin']);
    const state: LoginFlowState = { flow: loginFlows[0], step: 'preLogin', email: '', tenants: [] };
    expect(loginFlows).to.include(state.flow);
  });

  it("[ENUM-003] the MFA steps are the 7 of the spec (plus the machine's own), and the machine moves only among them", () => {
    expect([...mfaSteps]).to.deep.equal([
      'verify',
      'recoveryCode',
      'authenticatorApp',
      'smsSetPhoneNumber',
      'smsVerifyCode',
      'emailVerifyCode',
      'noMFAEnrolledStepUp',
    ]);
    const known: readonly string[] = [...mfaSteps, ...mfaExtraSteps];
    const lists: Partial<MfaDeviceLists>[] = [
      {},
      { authenticators: [{ id: 'a1' }] },
      { phones: [{ id: 'p1', phoneNumber: '+1***' }] },
      { emails: [{ id: 'e1', email: 'a@x.io' }] },
      { webauthn: [{ id: 'w1', deviceType: 'CrossPlatform', name: '' }] },
      { authenticators: [{ id: 'a1' }], phones: [{ id: 'p1', phoneNumber: '+1***' }] },
    ];
    const events: MfaEvent[] = [
      { type: 'choose', device: { kind: 'sms', id: 'p1', phoneNumber: '+1***' } },
      { type: 'choose', device: { kind: 'email', id: 'e1', email: 'a@x.io' } },
      { type: 'busy' },
      { type: 'failed', error: 'x' },
      { type: 'qrCode', qrCode: 'data:', secret: 's' },
      { type: 'codeSent', otcToken: 'o' },
      { type: 'enrolled', recoveryCode: 'r' },
    ];
    const reached = new Set<string>();
    for (const devices of lists) {
      let states: MfaState[] = [false, true].map((mfaEnrolled) =>
        mfaStateFrom({
          mfaRequired: true,
          mfaToken: 't',
          mfaEnrolled,
          mfaDevices: { ...emptyDevices(), ...devices },
        }),
      );
      for (let depth = 0; depth < 2; depth++) {
        for (const state of states) reached.add(state.step);
        states = states.flatMap((state) => events.map((event) => mfaReducer(state, event)));
      }
      for (const state of states) reached.add(state.step);
    }
    expect([...reached].filter((step) => !known.includes(step))).to.deep.equal([]);
    expect([...reached]).to.include.members(['verify', 'recoveryCode', 'authenticatorApp', 'smsVerifyCode']);
  });

  it('[ENUM-005] the sign-up stages are exactly SignUp and SignUpSuccess', () => {
    expect([...signUpStages]).to.deep.equal(['SignUp', 'SignUpSuccess']);
    const outcome = signUpOutcome({ shouldActivate: true });
    expect('stage' in outcome && signUpStages.includes(outcome.stage)).to.equal(true);
  });

  it('[ENUM-006] the activate steps are exactly activating, success, resend, activatingForm', () => {
    expect([...activateSteps]).to.deep.equal(['activating', 'success', 'resend', 'activatingForm']);
    const next = [true, false].map((shouldSetPassword) => stepAfterStrategy({ shouldSetPassword }));
    expect(next).to.deep.equal(['activatingForm', 'activating']);
    expect(next.every((step) => activateSteps.includes(step))).to.equal(true);
  });

  it('[ENUM-007] the accept-invitation steps are exactly validate, invalid, pending, success, failed', () => {
    expect([...invitationSteps]).to.deep.equal(['validate', 'invalid', 'pending', 'success', 'failed']);
    const starts = [null, { userId: 'u', token: 't' }].map(invitationStart);
    expect(starts).to.deep.equal(['invalid', 'pending']);
    expect(starts.every((step) => invitationSteps.includes(step))).to.equal(true);
  });

  it('[ENUM-008] the forgot-password steps are exactly forgotPassword and success', () => {
    expect([...forgotPasswordSteps]).to.deep.equal(['forgotPassword', 'success']);
  });

  it('[ENUM-009] the reset-phone-number steps are exactly ResetPhoneNumber, VerifyResetPhoneNumber, ChangePhoneNumber', () => {
    expect([...resetPhoneSteps]).to.deep.equal([
      'ResetPhoneNumber',
      'VerifyResetPhoneNumber',
      'ChangePhoneNumber',
    ]);
    const events: ResetPhoneEvent[] = [
      { type: 'requested', email: 'a@x.io', resetPhoneNumberToken: 'r' },
      { type: 'verified', changePhoneNumberToken: 'c' },
      { type: 'restart' },
    ];
    const walk = [initialResetPhoneState];
    for (const event of [...events, ...events.slice(0, 2)]) walk.push(resetPhoneReducer(walk.at(-1)!, event));
    const steps = walk.map((state) => state.step);
    expect(steps).to.deep.equal([
      'ResetPhoneNumber',
      'VerifyResetPhoneNumber',
      'ChangePhoneNumber',
      'ResetPhoneNumber',
      'VerifyResetPhoneNumber',
      'ChangePhoneNumber',
    ]);
  });

  it('[ENUM-010] the impersonate steps are impersonating and success (the machine adds failed)', () => {
    expect([...impersonateSteps]).to.deep.equal(['impersonating', 'success']);
    expect(impersonateNext('impersonating', 'ok')).to.equal('success');
    expect(impersonateNext('impersonating', 'error')).to.equal('failed');
    expect(impersonateNext('success', 'error')).to.equal('success');
  });
});
