// MFA (MFA-*): the login-time calls with an mfaToken (auth/v1/user/mfa/*: enrolment when forced and nothing
// is enrolled, verification by authenticator app, SMS code, email code or recovery code) and the profile's
// calls with a Bearer token (users/v1/mfa/*: devices, enrol, disable). Security keys are in ./webauthn.ts.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { breachedPassword, signedIn } from './auth';
import { id, isoDate } from './common';

const a = paths.auth;

/** MFA strategies (ENUM-042). */
export const mfaStrategy = z.enum([
  'AuthenticatorApp',
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
  'SMS',
  'EmailCode',
]);

/** Where a WebAuthn credential lives: on this device, or a key or phone that roams (Frontegg's WebAuthnDeviceType). */
export const webauthnDeviceType = z.enum(['Platform', 'CrossPlatform']);

/** The kinds of MFA devices (ENUM-004), the keys of `mfaDevices`. */
export const mfaDeviceKind = z.enum(['webauthn', 'phones', 'authenticators', 'emails']);

/** The user's MFA devices (MFA-002), one list per kind (ENUM-004); a security key carries an id (MFA-003). */
export const mfaDevices = z.object({
  webauthn: z.array(
    z.object({ id, deviceType: webauthnDeviceType, name: z.string(), createdAt: isoDate.optional() }),
  ),
  phones: z.array(z.object({ id, phoneNumber: z.string() })),
  authenticators: z.array(z.object({ id })),
  emails: z.array(z.object({ id: id.optional(), email: z.string() })),
}) satisfies z.ZodType<Record<z.infer<typeof mfaDeviceKind>, unknown[]>>;

/**
 * The MFA-required answer of a sign-in in full (LOGIN-015): no session, an mfaToken and the user's (masked)
 * devices; the auth family's `mfaRequired` names the fields every sign-in answer relies on.
 */
export const mfaRequiredAnswer = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  mfaEnrolled: z.boolean(),
  mfaDevices,
  mfaStrategies: z.array(mfaStrategy),
  allowRememberDevice: z.boolean(),
  rememberDeviceDays: z.number(),
  email: z.string(),
});

/**
 * The answer of an MFA proof at login: signed in (with the recovery code after an enrolment, MFA-006), or
 * the breached-password step. The signed-in answer is the auth family's (`signedIn`).
 */
export const mfaLoginAnswer = z.union([
  signedIn.extend({ recoveryCode: z.string().optional() }),
  breachedPassword,
]);

// ------------------------------------------------------------------ request parts

export const mfaToken = z.string().min(20).max(200);
/** A 6-digit code (authenticator app, SMS, email). */
export const mfaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');
const otcToken = z.string().min(20).max(200);
/** A phone number in international format; spaces, dashes and brackets are dropped. */
export const phoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'The phone number must be in international format, e.g. +15551234567'),
  );
const rememberDevice = z.boolean().optional();
const invitationToken = z.string().max(4096).optional();

const mfaTokenBody = z.object({ mfaToken });
const otcVerifyBody = z.object({ mfaToken, otcToken, code: mfaCode, rememberDevice });
const authenticatorVerifyBody = z.object({ mfaToken, value: mfaCode, rememberDevice, invitationToken });
const profileCodeBody = z.object({ token: mfaCode });
const profileOtcBody = z.object({ otcToken, code: mfaCode });
const deviceParam = z.object({ deviceId: id });

/** A new authenticator: the QR code of its otpauth URI and the secret to type instead. */
const authenticatorEnrolment = z.object({ qrCode: z.string(), secret: z.string() });
/** A code was sent: the token to send back with it, and where it went (masked). */
const codeSent = z.object({ otcToken: z.string(), phoneNumber: z.string() });
/** The profile's enrolments answer the recovery code (shown once, MFA-006). */
const enrolled = z.object({ recoveryCode: z.string(), mfaEnrolled: z.literal(true) });
/** A disable answers whether any MFA device is left. */
const disabled = z.object({ mfaEnrolled: z.boolean() });

export const mfaContracts = {
  // ---------------------------------------------------------------- login: enrolment (forced, none enrolled)
  preEnrollMFAAuthenticatorAppForLogin: contract({
    route: a.preEnrollMFAAuthenticatorAppForLogin,
    body: mfaTokenBody,
    response: authenticatorEnrolment,
  }),
  enrollMFAAuthenticatorAppForLogin: contract({
    route: a.enrollMFAAuthenticatorAppForLogin,
    body: z.object({ mfaToken, token: mfaCode, rememberDevice }),
    response: mfaLoginAnswer,
  }),
  preEnrollMFASMSForLogin: contract({
    route: a.preEnrollMFASMSForLogin,
    body: z.object({ mfaToken, phoneNumber }),
    response: codeSent,
  }),
  enrollMFASMSForLogin: contract({
    route: a.enrollMFASMSForLogin,
    body: otcVerifyBody,
    response: mfaLoginAnswer,
  }),

  // ---------------------------------------------------------------- login: verification
  loginWithMfa: contract({ route: a.loginWithMfa, body: authenticatorVerifyBody, response: mfaLoginAnswer }),
  verifyMFAAuthenticatorAppForLogin: contract({
    route: a.verifyMFAAuthenticatorAppForLogin,
    params: deviceParam,
    body: authenticatorVerifyBody,
    response: mfaLoginAnswer,
  }),
  preVerifyMFASMSForLogin: contract({
    route: a.preVerifyMFASMSForLogin,
    params: deviceParam,
    body: mfaTokenBody,
    response: codeSent,
  }),
  verifyMFASMSForLogin: contract({
    route: a.verifyMFASMSForLogin,
    params: deviceParam,
    body: otcVerifyBody,
    response: mfaLoginAnswer,
  }),
  preVerifyMFAEmailCode: contract({
    route: a.preVerifyMFAEmailCode,
    body: mfaTokenBody,
    response: z.object({ otcToken: z.string() }),
  }),
  verifyMFAEmailCode: contract({
    route: a.verifyMFAEmailCode,
    body: otcVerifyBody,
    response: mfaLoginAnswer,
  }),
  recoverMfaToken: contract({
    route: a.recoverMfaToken,
    body: z.object({
      mfaToken,
      recoveryCode: z.string().trim().min(8).max(64),
      email: z.string().max(320).optional(),
    }),
    response: mfaLoginAnswer,
  }),
  checkIfAllowToRememberMfaDevice: contract({
    route: a.checkIfAllowToRememberMfaDevice,
    query: z.object({ mfaToken: z.string().max(200).optional() }),
    response: z.object({ isAllowedToRemember: z.boolean(), mfaDeviceExpiration: z.number() }),
  }),
  getMFAStrategiesConfig: contract({
    route: a.getMFAStrategiesConfig,
    response: z.object({ strategies: z.array(z.object({ strategy: mfaStrategy, isActive: z.boolean() })) }),
  }),

  // ---------------------------------------------------------------- profile (Bearer)
  getMFADevices: contract({ route: a.getMFADevices, response: mfaDevices }),
  preEnrollMFAAuthenticatorApp: contract({
    route: a.preEnrollMFAAuthenticatorApp,
    response: authenticatorEnrolment,
  }),
  enrollMfa: contract({ route: a.enrollMfa, response: authenticatorEnrolment }),
  enrollMFAAuthenticatorApp: contract({
    route: a.enrollMFAAuthenticatorApp,
    body: profileCodeBody,
    response: enrolled,
  }),
  verifyMfa: contract({ route: a.verifyMfa, body: profileCodeBody, response: enrolled }),
  preEnrollMFASMS: contract({
    route: a.preEnrollMFASMS,
    body: z.object({ phoneNumber }),
    response: codeSent,
  }),
  enrollMFASMS: contract({ route: a.enrollMFASMS, body: profileOtcBody, response: enrolled }),
  disableMFAAuthenticatorApp: contract({
    route: a.disableMFAAuthenticatorApp,
    params: deviceParam,
    body: profileCodeBody,
    response: disabled,
  }),
  preDisableMFASMS: contract({
    route: a.preDisableMFASMS,
    params: deviceParam,
    response: codeSent,
  }),
  disableMFASMS: contract({
    route: a.disableMFASMS,
    params: deviceParam,
    body: profileOtcBody,
    response: disabled,
  }),
  /** Every MFA method off, with an authenticator code or a recovery code. */
  disableMfa: contract({
    route: a.disableMfa,
    body: z.object({ token: z.string().trim().min(6).max(64) }),
    response: z.object({ mfaEnrolled: z.literal(false) }),
  }),
} as const;
