import { expect } from '@open-wc/testing';
import type { MfaChallenge, MfaDeviceLists } from '../../shared/api/mfa';
import {
  MFA_ACR,
  needsStepUpRedirect,
  readStepUpMarker,
  saveStepUpMarker,
  stepUpOutcome,
} from '../../shared/auth/stepup';
import { $, axeViolations, goTo, mount, resetPage, waitUntil } from '../../shared/element/testing';
import { store } from '../../shared/store';
import { deviceChoices, mfaReducer, mfaStateFrom, verificationStart } from './flows/mfa.machine';
import { postLoginStep } from './login.machine';
import { loginStepAtom } from './loginStep.atoms';
import './index';

const none: MfaDeviceLists = { webauthn: [], phones: [], authenticators: [], emails: [] };
const challenge = (devices: Partial<MfaDeviceLists>, extra: Partial<MfaChallenge> = {}): MfaChallenge => ({
  mfaRequired: true,
  mfaToken: 'mfa-token-0123456789012345678901234567890',
  mfaDevices: { ...none, ...devices },
  ...extra,
});

describe('MFA machine', () => {
  it('[MFA-001] the MFA state has step, loading, saving, error, recoveryCode, qrCode, otcToken, phoneNumber, mfaToken, mfaDevices', () => {
    const state = mfaStateFrom(challenge({ authenticators: [{ id: 'a1' }] }));
    for (const field of [
      'step',
      'loading',
      'saving',
      'error',
      'recoveryCode',
      'qrCode',
      'otcToken',
      'phoneNumber',
      'mfaToken',
      'mfaDevices',
    ])
      expect(state).to.have.property(field);
    expect(state.mfaToken).to.equal(challenge({}).mfaToken);
  });

  it('[MFA-002] mfaDevices holds webauthn, phones, authenticators and emails', () => {
    const state = mfaStateFrom({ mfaRequired: true, mfaToken: 't'.repeat(30) });
    expect(Object.keys(state.mfaDevices).sort()).to.deep.equal([
      'authenticators',
      'emails',
      'phones',
      'webauthn',
    ]);
  });

  it('[MFA-003] a WebAuthn device carries an id (the choice keeps it)', () => {
    const [choice] = deviceChoices({
      ...none,
      webauthn: [{ id: 'key-1', deviceType: 'CrossPlatform', name: 'YubiKey' }],
    });
    expect(choice).to.deep.equal({ kind: 'webauthn', id: 'key-1', name: 'YubiKey' });
  });

  it("[MFA-004] with exactly one device, verification goes straight to that device's step", () => {
    expect(verificationStart({ ...none, authenticators: [{ id: 'a1' }] })).to.deep.equal({
      step: 'authenticatorApp',
      deviceId: 'a1',
    });
    expect(verificationStart({ ...none, phones: [{ id: 'p1', phoneNumber: '•••4567' }] }).step).to.equal(
      'smsVerifyCode',
    );
    expect(verificationStart({ ...none, emails: [{ id: 'e1', email: 'a•••@x.test' }] }).step).to.equal(
      'emailVerifyCode',
    );
  });

  it('[MFA-005] with several devices, verification goes to the verify step', () => {
    const start = verificationStart({
      ...none,
      authenticators: [{ id: 'a1' }],
      phones: [{ id: 'p1', phoneNumber: '•••4567' }],
    });
    expect(start).to.deep.equal({ step: 'verify', deviceId: null });
  });

  it('[LOGIN-010] MFA required: enrolment when not enrolled, verification otherwise', () => {
    expect(mfaStateFrom(challenge({}, { mfaEnrolled: false })).step).to.equal('enroll');
    expect(mfaStateFrom(challenge({ authenticators: [{ id: 'a1' }] }, { mfaEnrolled: true })).step).to.equal(
      'authenticatorApp',
    );
  });

  it('[MFA-006] [MFA-007] enrolment ends at the recoveryCode step and sets mfaEnrolled', () => {
    let state = mfaStateFrom(challenge({}, { mfaEnrolled: false }));
    expect(state.mfaEnrolled).to.equal(false);
    state = mfaReducer(state, {
      type: 'qrCode',
      qrCode: 'data:image/png;base64,AA',
      secret: 'ABCDEFGHIJKLMNOP',
    });
    expect(state.step).to.equal('enrollAuthenticatorApp');
    state = mfaReducer(state, { type: 'enrolled', recoveryCode: 'AAAAA-BBBBB' });
    expect(state.step).to.equal('recoveryCode');
    expect(state.recoveryCode).to.equal('AAAAA-BBBBB');
    expect(state.mfaEnrolled).to.equal(true);
  });

  it('SMS enrolment: the phone step moves to the code step once the code is sent', () => {
    let state = mfaStateFrom(challenge({}, { mfaEnrolled: false }));
    state = mfaReducer(state, { type: 'goTo', step: 'smsSetPhoneNumber' });
    state = mfaReducer(state, { type: 'codeSent', otcToken: 'otc', phoneNumber: '•••4567' });
    expect(state.step).to.equal('smsVerifyCode');
    expect(state.otcToken).to.equal('otc');
  });

  it('[LOGIN-011] a flagged breached password without a session goes to breachedPassword (after MFA)', () => {
    const facts = { mfaRequired: false, breachedPassword: true, authenticated: false, passkeysOffered: true };
    expect(postLoginStep(facts)).to.equal('breachedPassword');
    expect(postLoginStep({ ...facts, mfaRequired: true })).to.equal('mfa');
    expect(postLoginStep({ ...facts, authenticated: true })).to.equal('promptPasskeys');
  });
});

describe('step-up (login box side)', () => {
  const now = Date.UTC(2030, 0, 1);
  const stepped = { acr: MFA_ACR, amr: ['pwd', 'mfa', 'otp'], auth_time: now / 1000 - 10 };

  it('[STEPUP-001] a stored marker sends to the step-up URL unless step-up is already satisfied', () => {
    expect(needsStepUpRedirect(null, { amr: ['pwd'] }, now)).to.equal(false);
    expect(needsStepUpRedirect({}, { amr: ['pwd'] }, now)).to.equal(true);
    expect(needsStepUpRedirect({}, stepped, now)).to.equal(false);
    expect(needsStepUpRedirect({ maxAge: 5 }, stepped, now)).to.equal(true, 'older than maxAge');
    sessionStorage.clear();
    saveStepUpMarker(sessionStorage, { maxAge: 60, returnTo: '/billing' });
    expect(readStepUpMarker(sessionStorage)).to.deep.equal({ maxAge: 60, returnTo: '/billing' });
    saveStepUpMarker(sessionStorage, { returnTo: '//evil.test' });
    expect(readStepUpMarker(sessionStorage)).to.deep.equal({}, 'no protocol-relative return path');
    sessionStorage.clear();
  });

  it('[STEPUP-007] an answer with a user logs in', () => {
    expect(stepUpOutcome({ answer: { accessToken: 'a', user: { id: 'u' } } })).to.equal('loggedIn');
  });
  it('[STEPUP-008] otherwise the MFA token and devices lead to the MFA step', () => {
    expect(stepUpOutcome({ answer: { mfaToken: 'm' } })).to.equal('mfa');
  });
  it("[STEPUP-009] the error 'MFA is not enrolled' leads to noMFAEnrolledStepUp", () => {
    expect(stepUpOutcome({ error: 'MFA is not enrolled' })).to.equal('noMFAEnrolledStepUp');
  });
  it('[STEPUP-010] any other error logs out', () => {
    expect(stepUpOutcome({ error: 'Unauthorized' })).to.equal('logout');
    expect(stepUpOutcome({ error: '' })).to.equal('logout');
  });
});

describe('MFA and breached-password screens', () => {
  afterEach(() => {
    store.set(loginStepAtom, null);
    resetPage();
    goTo('');
  });

  const show = async (mode: string, c: MfaChallenge, step: string) => {
    goTo('#/account/login');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash', 'theme-mode': mode },
      (root) => Boolean(root.querySelector('form')),
    );
    store.set(loginStepAtom, { step: 'mfa', challenge: c, method: 'password' });
    await waitUntil(() => $(el, `[data-mfa-step="${step}"]`) !== null);
    return el;
  };

  for (const mode of ['light', 'dark']) {
    it(`[MFA-004] one authenticator: the code step with "remember this device" when allowed; axe (${mode})`, async () => {
      const el = await show(
        mode,
        challenge({ authenticators: [{ id: 'a1' }] }, { allowRememberDevice: true, rememberDeviceDays: 14 }),
        'authenticatorApp',
      );
      expect($(el, 'input[name="code"]')).to.exist;
      expect($(el, 'input[name="rememberDevice"]')).to.exist;
      expect(await axeViolations(el)).to.deep.equal([]);
    });

    it(`[MFA-005] several devices: the choice lists each; axe (${mode})`, async () => {
      const el = await show(
        mode,
        challenge({ authenticators: [{ id: 'a1' }], phones: [{ id: 'p1', phoneNumber: '•••••••4567' }] }),
        'verify',
      );
      expect(el.shadowRoot!.textContent).to.contain('Text message to •••••••4567');
      expect(el.shadowRoot!.textContent).to.contain('Use a recovery code');
      expect(await axeViolations(el)).to.deep.equal([]);
    });

    it(`[LOGIN-010] not enrolled: the enrolment choice; axe (${mode})`, async () => {
      const el = await show(mode, challenge({}, { mfaEnrolled: false }), 'enroll');
      expect(el.shadowRoot!.textContent).to.contain('Set up two-factor authentication');
      expect(await axeViolations(el)).to.deep.equal([]);
    });

    it(`[LOGIN-011] the breachedPassword step; axe (${mode})`, async () => {
      goTo('#/account/login');
      const el = await mount(
        'fe-login-box',
        { preview: '', 'url-strategy': 'hash', 'theme-mode': mode },
        (root) => Boolean(root.querySelector('form')),
      );
      store.set(loginStepAtom, { step: 'breachedPassword', email: 'ada@acme.test' });
      await waitUntil(() => $(el, '[data-step="breachedPassword"]') !== null);
      expect(el.shadowRoot!.textContent).to.contain('ada@acme.test');
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it('the recovery-code way in from a device step', async () => {
    const el = await show('light', challenge({ authenticators: [{ id: 'a1' }] }), 'authenticatorApp');
    const link = [...el.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent === 'Use a recovery code',
    )!;
    link.click();
    await waitUntil(() => $(el, '[data-mfa-step="recover"]') !== null);
    expect($(el, 'input[name="recoveryCode"]')).to.exist;
  });
});
