// WebAuthn: passkeys (a first factor: sign-in, and the user's own passkeys) and security keys as an MFA
// factor (enrolment and verification at login, enrolment and disabling in the profile). The ceremony answers
// are what @simplewebauthn/browser sends (RegistrationResponseJSON / AuthenticationResponseJSON).
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';
import { loginAnswer } from './auth';
import { mfaLoginAnswer, mfaToken, webauthnDeviceType } from './mfa';

const a = paths.auth;

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'base64url');

/** What every credential answer of @simplewebauthn/browser starts with. */
const credentialAnswer = {
  id: b64url.min(1).max(1024),
  rawId: b64url.max(1024).optional(),
  type: z.literal('public-key').default('public-key'),
};

/** A registration answer as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** An authentication answer as @simplewebauthn/browser sends it (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional().nullable(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

// Objects (not loose): extra fields of the ceremony options are allowed and not checked.
const credentialDescriptor = z.object({
  type: z.string(),
  id: z.string(),
  transports: z.array(z.string()).optional(),
});

/** Options of a creation ceremony (PublicKeyCredentialCreationOptionsJSON; Frontegg's ICreateNewDeviceSessionResponse). */
export const creationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  timeout: z.number().optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    })
    .optional(),
});

/** Options of a request ceremony (PublicKeyCredentialRequestOptionsJSON; Frontegg's IWebAuthnPreLoginResponse). */
export const requestOptions = z.object({
  challenge: z.string(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

/** A passkey or security key of the user (MFA-003: it carries its id). */
export const webauthnDevice = z.object({
  id,
  deviceType: webauthnDeviceType,
  name: z.string(),
  /** A synced (multi-device, backed-up) passkey rather than one bound to its authenticator. */
  synced: z.boolean(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
});

/** A ceremony the server started for an MFA step: its options and the token naming it. */
const ceremony = <T extends z.ZodType>(options: T) => z.object({ webauthnToken: z.string(), options });

const webauthnToken = z.string().max(200).optional();
const name = z.string().trim().max(100).optional();
/** The credential comes as `options` (Frontegg's wire shape) or as the credential itself (older clients). */
const withRegistration = <T extends z.ZodRawShape>(shape: T) =>
  z.union([z.object({ ...shape, options: registrationResponse }), registrationResponse.extend(shape)]);
const withAssertion = <T extends z.ZodRawShape>(shape: T) =>
  z.union([z.object({ ...shape, options: authenticationResponse }), authenticationResponse.extend(shape)]);
const deviceParam = z.object({ deviceId: id });
const recaptchaToken = z.string().max(4096).optional();
const invitationToken = z.string().max(4096).optional();

export const webauthnContracts = {
  // ---------------------------------------------------------------- passkeys: sign-in
  webAuthnPreLogin: contract({
    route: a.webAuthnPreLogin,
    body: z.object({
      email: z.string().trim().toLowerCase().email().max(320).optional(),
      userId: z.string().max(200).optional(),
      tenantId: z.string().max(100).optional(),
      recaptchaToken,
      invitationToken,
    }),
    response: requestOptions,
  }),
  webAuthnPostLogin: contract({
    route: a.webAuthnPostLogin,
    body: authenticationResponse.extend({ recaptchaToken, invitationToken }),
    response: loginAnswer,
  }),

  // ---------------------------------------------------------------- passkeys: the user's own
  webAuthnCreateNewDeviceSession: contract({
    route: a.webAuthnCreateNewDeviceSession,
    response: creationOptions,
  }),
  verifyNewDeviceSession: contract({
    route: a.verifyNewDeviceSession,
    body: registrationResponse.extend({ name, deviceType: webauthnDeviceType.optional() }),
    response: webauthnDevice,
  }),
  getWebAuthnDevices: contract({
    route: a.getWebAuthnDevices,
    response: z.object({ devices: z.array(webauthnDevice) }),
  }),
  deleteWebAuthnDevice: contract({ route: a.deleteWebAuthnDevice, params: deviceParam, response: empty }),

  // ---------------------------------------------------------------- security keys: at login
  preEnrollMFAWebAuthnForLogin: contract({
    route: a.preEnrollMFAWebAuthnForLogin,
    body: z.object({ mfaToken }),
    response: ceremony(creationOptions),
  }),
  enrollMFAWebAuthnForLogin: contract({
    route: a.enrollMFAWebAuthnForLogin,
    body: withRegistration({
      mfaToken,
      webauthnToken,
      deviceType: webauthnDeviceType.optional(),
      name,
      rememberDevice: z.boolean().optional(),
    }),
    response: mfaLoginAnswer,
  }),
  preVerifyMFAWebAuthnForLogin: contract({
    route: a.preVerifyMFAWebAuthnForLogin,
    params: deviceParam,
    body: z.object({ mfaToken }),
    response: ceremony(requestOptions),
  }),
  verifyMFAWebAuthnForLogin: contract({
    route: a.verifyMFAWebAuthnForLogin,
    params: deviceParam,
    body: withAssertion({ mfaToken, webauthnToken, rememberDevice: z.boolean().optional() }),
    response: mfaLoginAnswer,
  }),

  // ---------------------------------------------------------------- security keys: in the profile (Bearer)
  preEnrollMFAWebAuthn: contract({ route: a.preEnrollMFAWebAuthn, response: ceremony(creationOptions) }),
  enrollMFAWebAuthn: contract({
    route: a.enrollMFAWebAuthn,
    body: withRegistration({ webauthnToken, deviceType: webauthnDeviceType.optional(), name }),
    response: z.object({ recoveryCode: z.string(), mfaEnrolled: z.literal(true), device: webauthnDevice }),
  }),
  preDisableMFAWebAuthn: contract({
    route: a.preDisableMFAWebAuthn,
    params: deviceParam,
    response: ceremony(requestOptions),
  }),
  disableMFAWebAuthn: contract({
    route: a.disableMFAWebAuthn,
    params: deviceParam,
    body: withAssertion({ webauthnToken }),
    response: z.object({ mfaEnrolled: z.boolean() }),
  }),
} as const;
