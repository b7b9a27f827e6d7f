// Contract script of the MFA family. Login-time calls need a live MFA sign-in (an mfaToken): they are covered
// by their refusals (bad body 400, unknown mfaToken 401); the profile's calls by their ok paths where no code
// from a device is needed, and by their refusals (wrong code 400, unknown device 404).
import { mfaContracts as c } from '../../../shared/api/contracts/mfa';
import type { Script, Step } from '../contract';

const mfaToken = 'unknown-mfa-token-'.padEnd(40, 'x');
const otcToken = 'unknown-otc-token-'.padEnd(40, 'x');
const deviceId = 'no-such-device';

/** A login-time call refused: its body first (400), then the unknown mfaToken (401). */
const loginTime = (
  name: string,
  call: Step['call'],
  body: Record<string, unknown>,
  params?: Record<string, string>,
): Step[] => [
  { name: `${name}: a bad body is refused`, call, params, body: { mfaToken: 'short' }, expect: 400 },
  { name: `${name}: an unknown mfaToken is refused`, call, params, body: { mfaToken, ...body }, expect: 401 },
];

export const mfaScript: Script = {
  family: 'mfa',
  steps: [
    { name: 'MFA strategies', call: c.getMFAStrategiesConfig },
    { name: 'may a browser be remembered', call: c.checkIfAllowToRememberMfaDevice },
    { name: 'my MFA devices', call: c.getMFADevices },
    ...loginTime('pre-enrol an authenticator at login', c.preEnrollMFAAuthenticatorAppForLogin, {}),
    ...loginTime('enrol an authenticator at login', c.enrollMFAAuthenticatorAppForLogin, { token: '000000' }),
    ...loginTime('pre-enrol SMS at login', c.preEnrollMFASMSForLogin, { phoneNumber: '+15551234567' }),
    ...loginTime('enrol SMS at login', c.enrollMFASMSForLogin, { otcToken, code: '000000' }),
    ...loginTime('verify with the authenticator', c.loginWithMfa, { value: '000000' }),
    ...loginTime(
      'verify with an authenticator device',
      c.verifyMFAAuthenticatorAppForLogin,
      { value: '000000' },
      { deviceId },
    ),
    ...loginTime('text a code at login', c.preVerifyMFASMSForLogin, {}, { deviceId }),
    ...loginTime(
      'verify the texted code',
      c.verifyMFASMSForLogin,
      { otcToken, code: '000000' },
      { deviceId },
    ),
    ...loginTime('mail a code at login', c.preVerifyMFAEmailCode, {}),
    ...loginTime('verify the mailed code', c.verifyMFAEmailCode, { otcToken, code: '000000' }),
    ...loginTime('recover with a recovery code', c.recoverMfaToken, { recoveryCode: 'AAAAA-BBBBB-CCCCC' }),
    // Profile: an authenticator app
    { name: 'pre-enrol an authenticator', call: c.preEnrollMFAAuthenticatorApp },
    { name: 'pre-enrol an authenticator (enrollMfa)', call: c.enrollMfa },
    {
      name: 'a code must have 6 digits',
      call: c.enrollMFAAuthenticatorApp,
      body: { token: 'abc' },
      expect: 400,
    },
    {
      name: 'a wrong code does not enrol',
      call: c.enrollMFAAuthenticatorApp,
      body: { token: '000000' },
      expect: 400,
    },
    {
      name: 'a wrong code does not enrol (verifyMfa)',
      call: c.verifyMfa,
      body: { token: '000000' },
      expect: 400,
    },
    {
      name: 'an unknown authenticator is not found',
      call: c.disableMFAAuthenticatorApp,
      params: { deviceId },
      body: { token: '000000' },
      expect: 404,
    },
    // Profile: SMS
    {
      name: 'a phone number in international format',
      call: c.preEnrollMFASMS,
      body: { phoneNumber: '555' },
      expect: 400,
    },
    {
      name: 'text a code to a new phone',
      call: c.preEnrollMFASMS,
      body: { phoneNumber: '+15551234567' },
      save: 'sms',
    },
    {
      name: 'a wrong texted code does not enrol',
      call: c.enrollMFASMS,
      body: (s) => ({ otcToken: s.sms.otcToken, code: '000000' }),
      expect: 400,
    },
    { name: 'an unknown phone is not found', call: c.preDisableMFASMS, params: { deviceId }, expect: 404 },
    {
      name: 'an unknown code token does not disable',
      call: c.disableMFASMS,
      params: { deviceId },
      body: { otcToken, code: '000000' },
      expect: 400,
    },
    // Profile: everything off
    {
      name: 'a wrong code does not turn MFA off',
      call: c.disableMfa,
      body: { token: '000000' },
      expect: 400,
    },
  ],
};
