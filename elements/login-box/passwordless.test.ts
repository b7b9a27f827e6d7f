import { expect } from '@open-wc/testing';
import { resolveOptions } from '../../shared/options/options';
import {
  afterPhoneChange,
  IMPERSONATION_REDIRECT_MS,
  impersonateNext,
  initialResetPhoneState,
  PENDING_PASSWORDLESS_KEY,
  readPending,
  resetPhoneReducer,
  resetPhoneSteps,
} from './flows/resetPhone.machine';
import {
  afterPreLogin,
  firstLoginStep,
  mainStrategy,
  passwordlessType,
  SSO_REDIRECT_MS,
  startsWithPreLogin,
  type LoginFlowState,
} from './login.machine';
import { screenForPath } from './routing';

describe('pre-login and passwordless steps', () => {
  it('[LOGIN-001] the login state has flow, step, email and tenants', () => {
    const state: LoginFlowState = { flow: 'login', step: 'preLogin', email: 'a@b.test', tenants: [] };
    expect(Object.keys(state)).to.deep.equal(['flow', 'step', 'email', 'tenants']);
  });

  it('[LOGIN-002] [LOGIN-003] [LOGIN-004] [LOGIN-005] the first step per strategy', () => {
    expect(firstLoginStep('Code')).to.equal('loginWithOtc');
    expect(firstLoginStep('EmailAndPassword')).to.equal('loginWithPassword');
    expect(firstLoginStep('MagicLink')).to.equal('magicLinkPreLoginSuccess');
    expect(firstLoginStep('SmsCode')).to.equal('loginWithSmsOtc');
  });

  it('[LOGIN-008] the public auth strategy decides: main strategy first, then the active flags', () => {
    expect(mainStrategy({ mainAuthStrategies: [{ strategy: 'MagicLink', isActive: true }] })).to.equal(
      'MagicLink',
    );
    expect(mainStrategy({ code: { isActive: true } })).to.equal('Code');
    expect(mainStrategy(null)).to.equal('EmailAndPassword');
    expect(passwordlessType('SmsCode')).to.equal('smscode');
    expect(passwordlessType('EmailAndPassword')).to.equal(null);
  });

  it('[LOGIN-006] the email comes first when the strategy is passwordless or SSO is on', () => {
    expect(
      startsWithPreLogin({ mainAuthStrategies: [{ strategy: 'EmailAndPassword', isActive: true }] }),
    ).to.equal(false);
    expect(startsWithPreLogin({ sso: { isActive: true } })).to.equal(true);
    expect(startsWithPreLogin({ smsCode: { isActive: true } })).to.equal(true);
  });

  it('[LOGIN-007] an SSO address from pre-login redirects (after 2000 ms)', () => {
    expect(SSO_REDIRECT_MS).to.equal(2000);
    expect(afterPreLogin({ address: 'https://idp.test/start' }, 'MagicLink')).to.deep.equal({
      step: 'redirectToSSO',
      address: 'https://idp.test/start',
    });
  });

  it('[LOGIN-008] without an SSO address: the password step or the passwordless pre-login', () => {
    expect(afterPreLogin({}, 'EmailAndPassword')).to.deep.equal({
      step: 'loginWithPassword',
      passwordless: null,
    });
    expect(afterPreLogin(null, 'Code')).to.deep.equal({ step: 'loginWithOtc', passwordless: 'code' });
    expect(afterPreLogin({}, 'MagicLink')).to.deep.equal({
      step: 'magicLinkPreLoginSuccess',
      passwordless: 'magiclink',
    });
  });

  it('[PHONE-001] [PHONE-002] [PHONE-003] reset phone: ResetPhoneNumber → VerifyResetPhoneNumber → ChangePhoneNumber', () => {
    expect(resetPhoneSteps).to.deep.equal([
      'ResetPhoneNumber',
      'VerifyResetPhoneNumber',
      'ChangePhoneNumber',
    ]);
    // Out of order events change nothing.
    expect(
      resetPhoneReducer(initialResetPhoneState, { type: 'verified', changePhoneNumberToken: 'c' }),
    ).to.equal(initialResetPhoneState);
    const requested = resetPhoneReducer(initialResetPhoneState, {
      type: 'requested',
      email: 'a@b.test',
      resetPhoneNumberToken: 'r',
    });
    expect(requested.step).to.equal('VerifyResetPhoneNumber');
    expect(requested.resetPhoneNumberToken).to.equal('r');
    const verified = resetPhoneReducer(requested, { type: 'verified', changePhoneNumberToken: 'c' });
    expect(verified.step).to.equal('ChangePhoneNumber');
    expect(verified.changePhoneNumberToken).to.equal('c');
  });

  it('[PHONE-004] after ChangePhoneNumber an SMS login is pending and the user goes to login', () => {
    const next = afterPhoneChange('a@b.test', '/account/login');
    expect(next).to.deep.equal({ pending: { type: 'smscode', email: 'a@b.test' }, to: '/account/login' });
    const storage = new Map([[PENDING_PASSWORDLESS_KEY, JSON.stringify(next.pending)]]);
    expect(readPending({ getItem: (k) => storage.get(k) ?? null })).to.deep.equal(next.pending);
    expect(readPending({ getItem: () => '{"type":"other"}' })).to.equal(null);
    expect(readPending({ getItem: () => 'not json' })).to.equal(null);
  });

  it('[IMPERSONATE-001] [IMPERSONATE-002] impersonating → success, redirect after 1000 ms', () => {
    expect(impersonateNext('impersonating', 'ok')).to.equal('success');
    expect(impersonateNext('impersonating', 'error')).to.equal('failed');
    expect(impersonateNext('success', 'error')).to.equal('success');
    expect(IMPERSONATION_REDIRECT_MS).to.equal(1000);
  });

  it('the magic-link, reset-phone and impersonation routes show their screens', () => {
    const { routes } = resolveOptions({});
    expect(screenForPath('/account/login/magic-link', routes)).to.equal('magicLink');
    expect(screenForPath('/account/reset-phone-number', routes)).to.equal('resetPhone');
    expect(screenForPath('/account/impersonate', routes)).to.equal('impersonate');
  });
});
