// MFA in the preview: the signed-in user's devices, enrolment and disabling from the profile (the preview's
// code is 123456), and the login-time calls, which always refuse the mfaToken: a preview sign-in never asks
// for a second factor. Bodies are parsed with the contract's schemas (400 as the server words it).
import type { z } from 'zod';
import { mfaContracts as c, type mfaDevices } from '../contracts/mfa';
import { paths } from '../paths';
import { fail, on, parseWith, type PreviewRequest, type PreviewRoute, randomHex, newId } from './common';
import type { SampleState } from './sampleData';

/** The one code the preview accepts (authenticator app, SMS). */
export const PREVIEW_MFA_CODE = '123456';
const MFA_TOKEN_INVALID = 'The MFA session is invalid or expired. Sign in again';
const WRONG_CODE = 'The code is incorrect';
const CODE_EXPIRED = 'The code has expired. Send a new one';

/** The preview's pending enrolments and codes sent, per sample state. */
const pending = new WeakMap<
  SampleState,
  { authenticator?: string; sms: Map<string, { phone: string; deviceId?: string }> }
>();
const pendingOf = (state: SampleState) => {
  let slice = pending.get(state);
  if (!slice) pending.set(state, (slice = { sms: new Map() }));
  return slice;
};

const mask = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;

/** The sample devices in the contract's shape (ENUM-004 kinds). */
export function devicesOf(state: SampleState): z.infer<typeof mfaDevices> {
  const d = state.mfaDevices;
  return {
    webauthn: d.webauthn.map((k) => ({
      id: k.id,
      deviceType: k.deviceType === 'CrossPlatform' ? 'CrossPlatform' : 'Platform',
      name: k.name,
      createdAt: k.createdAt,
    })),
    phones: d.phones.map((p) => ({ id: p.id, phoneNumber: p.phoneNumber })),
    authenticators: d.authenticators.map((a) => ({ id: a.id })),
    emails: d.emails.map((e) => ({ email: e.email })),
  };
}

/** Login-time calls: the body is checked, then the mfaToken is refused (the preview issues none). */
const loginTime = (schema: z.ZodType) => (req: PreviewRequest) => {
  parseWith(schema, req.body);
  throw fail(401, MFA_TOKEN_INVALID);
};

function preEnrollAuthenticator({ state }: PreviewRequest) {
  const secret = randomHex(10).toUpperCase();
  pendingOf(state).authenticator = secret;
  return { qrCode: `data:image/png;base64,${btoa(secret)}`, secret };
}

function enrollAuthenticator(req: PreviewRequest) {
  const { token } = parseWith(c.enrollMFAAuthenticatorApp.body, req.body);
  const slice = pendingOf(req.state);
  if (!slice.authenticator) throw fail(400, CODE_EXPIRED);
  if (token !== PREVIEW_MFA_CODE) throw fail(400, WRONG_CODE);
  slice.authenticator = undefined;
  req.state.mfaDevices.authenticators = [{ id: newId('authenticator') }];
  return { recoveryCode: `${randomHex(5)}-${randomHex(5)}`.toUpperCase(), mfaEnrolled: true as const };
}

function sendSmsCode(state: SampleState, phone: string, deviceId?: string) {
  const otcToken = randomHex(16);
  pendingOf(state).sms.set(otcToken, { phone, deviceId });
  return { otcToken, phoneNumber: mask(phone) };
}

/** A code sent by the preview, checked: unknown token 400 (expired), wrong code 400. */
function takeSmsCode(state: SampleState, otcToken: string, code: string) {
  const sent = pendingOf(state).sms.get(otcToken);
  if (!sent) throw fail(400, CODE_EXPIRED);
  if (code !== PREVIEW_MFA_CODE) throw fail(400, WRONG_CODE);
  pendingOf(state).sms.delete(otcToken);
  return sent;
}

const enrolled = (state: SampleState) => {
  const d = state.mfaDevices;
  return d.webauthn.length + d.phones.length + d.authenticators.length + d.emails.length > 0;
};

export const mfaHandlers: PreviewRoute[] = [
  // Login time (mfaToken)
  on(paths.auth.preEnrollMFAAuthenticatorAppForLogin, loginTime(c.preEnrollMFAAuthenticatorAppForLogin.body)),
  on(paths.auth.enrollMFAAuthenticatorAppForLogin, loginTime(c.enrollMFAAuthenticatorAppForLogin.body)),
  on(paths.auth.preEnrollMFASMSForLogin, loginTime(c.preEnrollMFASMSForLogin.body)),
  on(paths.auth.enrollMFASMSForLogin, loginTime(c.enrollMFASMSForLogin.body)),
  on(paths.auth.loginWithMfa, loginTime(c.loginWithMfa.body)),
  on(paths.auth.verifyMFAAuthenticatorAppForLogin, loginTime(c.verifyMFAAuthenticatorAppForLogin.body)),
  on(paths.auth.preVerifyMFASMSForLogin, loginTime(c.preVerifyMFASMSForLogin.body)),
  on(paths.auth.verifyMFASMSForLogin, loginTime(c.verifyMFASMSForLogin.body)),
  on(paths.auth.preVerifyMFAEmailCode, loginTime(c.preVerifyMFAEmailCode.body)),
  on(paths.auth.verifyMFAEmailCode, loginTime(c.verifyMFAEmailCode.body)),
  on(paths.auth.recoverMfaToken, loginTime(c.recoverMfaToken.body)),
  on(paths.auth.checkIfAllowToRememberMfaDevice, ({ state }) => ({
    isAllowedToRemember: state.mfaPolicy.allowRememberMyDevice,
    mfaDeviceExpiration: state.mfaPolicy.mfaDeviceExpiration,
  })),
  on(paths.auth.getMFAStrategiesConfig, () => ({
    strategies: [
      { strategy: 'AuthenticatorApp', isActive: true },
      { strategy: 'SMS', isActive: true },
      { strategy: 'EmailCode', isActive: true },
      { strategy: 'WebAuthnCrossPlatform', isActive: true },
    ],
  })),

  // Profile (signed in)
  on(paths.auth.getMFADevices, ({ state }) => devicesOf(state)),
  on(paths.auth.preEnrollMFAAuthenticatorApp, preEnrollAuthenticator),
  on(paths.auth.enrollMfa, preEnrollAuthenticator),
  on(paths.auth.enrollMFAAuthenticatorApp, enrollAuthenticator),
  on(paths.auth.verifyMfa, enrollAuthenticator),
  on(paths.auth.preEnrollMFASMS, (req) => {
    const { phoneNumber } = parseWith(c.preEnrollMFASMS.body, req.body);
    return sendSmsCode(req.state, phoneNumber);
  }),
  on(paths.auth.enrollMFASMS, (req) => {
    const { otcToken, code } = parseWith(c.enrollMFASMS.body, req.body);
    const { phone, deviceId } = takeSmsCode(req.state, otcToken, code);
    if (deviceId) throw fail(400, CODE_EXPIRED);
    req.state.mfaDevices.phones = [{ id: newId('phone'), phoneNumber: phone }];
    return { recoveryCode: `${randomHex(5)}-${randomHex(5)}`.toUpperCase(), mfaEnrolled: true as const };
  }),
  on(paths.auth.disableMFAAuthenticatorApp, (req) => {
    const { token } = parseWith(c.disableMFAAuthenticatorApp.body, req.body);
    const devices = req.state.mfaDevices;
    if (!devices.authenticators.some((a) => a.id === req.params.deviceId)) throw fail(404, 'No such device');
    if (token !== PREVIEW_MFA_CODE) throw fail(400, WRONG_CODE);
    devices.authenticators = [];
    return { mfaEnrolled: enrolled(req.state) };
  }),
  on(paths.auth.preDisableMFASMS, ({ state, params }) => {
    const phone = state.mfaDevices.phones.find((p) => p.id === params.deviceId);
    if (!phone) throw fail(404, 'No such device');
    return sendSmsCode(state, phone.phoneNumber, phone.id);
  }),
  on(paths.auth.disableMFASMS, (req) => {
    const { otcToken, code } = parseWith(c.disableMFASMS.body, req.body);
    const { deviceId } = takeSmsCode(req.state, otcToken, code);
    if (deviceId !== req.params.deviceId) throw fail(400, CODE_EXPIRED);
    req.state.mfaDevices.phones = [];
    return { mfaEnrolled: enrolled(req.state) };
  }),
  on(paths.auth.disableMfa, (req) => {
    const { token } = parseWith(c.disableMfa.body, req.body);
    if (token !== PREVIEW_MFA_CODE) throw fail(400, WRONG_CODE);
    req.state.mfaDevices = { webauthn: [], phones: [], authenticators: [], emails: [] };
    return { mfaEnrolled: false as const };
  }),
];
