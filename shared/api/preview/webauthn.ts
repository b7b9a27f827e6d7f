// Passkeys and security keys in the preview: the user's passkeys (listed, deleted), ceremony options with a
// fresh challenge, and refusals where a real authenticator's answer would be needed (the preview cannot
// verify one). Bodies are parsed with the contract's schemas (400 as the server words it).
import type { z } from 'zod';
import { webauthnContracts as c, type webauthnDevice } from '../contracts/webauthn';
import { paths } from '../paths';
import { fail, on, parseWith, type PreviewRequest, type PreviewRoute, randomHex, remove } from './common';
import type { SampleState } from './sampleData';

const MFA_TOKEN_INVALID = 'The MFA session is invalid or expired. Sign in again';
const KEY_FAILED = 'The security key could not be verified';
const b64 = () => btoa(randomHex(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const RP = { name: 'fe-elements', id: typeof location === 'undefined' ? 'localhost' : location.hostname };

const requestOptions = (userVerification: 'required' | 'preferred') => ({
  challenge: b64(),
  timeout: 120_000,
  rpId: RP.id,
  userVerification,
  allowCredentials: [],
});

function creationOptions(state: SampleState, passkey: boolean) {
  const user = state.users.find((u) => u.id === state.session.userId) ?? state.users[0];
  return {
    rp: RP,
    user: { id: b64(), name: user?.email ?? '', displayName: user?.name ?? '' },
    challenge: b64(),
    pubKeyCredParams: [
      { type: 'public-key' as const, alg: -7 },
      { type: 'public-key' as const, alg: -257 },
    ],
    timeout: 120_000,
    authenticatorSelection: passkey
      ? { residentKey: 'required' as const, requireResidentKey: true, userVerification: 'required' as const }
      : { residentKey: 'discouraged' as const, userVerification: 'preferred' as const },
  };
}

/** A sample passkey in the contract's shape. */
const deviceOf = (d: SampleState['mfaDevices']['webauthn'][number]): z.infer<typeof webauthnDevice> => ({
  id: d.id,
  deviceType: d.deviceType === 'CrossPlatform' ? 'CrossPlatform' : 'Platform',
  name: d.name,
  synced: d.deviceType === 'multiDevice',
  createdAt: d.createdAt,
  lastUsedAt: null,
});

/** Login-time calls: the body is checked, then the mfaToken is refused (a preview sign-in asks for no MFA). */
const loginTime = (schema: z.ZodType) => (req: PreviewRequest) => {
  parseWith(schema, req.body);
  throw fail(401, MFA_TOKEN_INVALID);
};

const securityKey = (state: SampleState, deviceId: string | undefined) => {
  if (!state.mfaDevices.webauthn.some((d) => d.id === deviceId)) throw fail(404, 'No such device');
};

export const webauthnHandlers: PreviewRoute[] = [
  // Passkeys: sign-in (the preview has no authenticator to check a signed answer against)
  on(paths.auth.webAuthnPreLogin, (req) => {
    parseWith(c.webAuthnPreLogin.body, req.body ?? {});
    return requestOptions('required');
  }),
  on(paths.auth.webAuthnPostLogin, (req) => {
    parseWith(c.webAuthnPostLogin.body, req.body);
    throw fail(401, 'Passkey sign-in failed');
  }),
  // Passkeys: the user's own
  on(paths.auth.webAuthnCreateNewDeviceSession, ({ state }) => creationOptions(state, true)),
  on(paths.auth.verifyNewDeviceSession, (req) => {
    parseWith(c.verifyNewDeviceSession.body, req.body);
    throw fail(400, 'The passkey could not be registered');
  }),
  on(paths.auth.getWebAuthnDevices, ({ state }) => ({ devices: state.mfaDevices.webauthn.map(deviceOf) })),
  on(paths.auth.deleteWebAuthnDevice, ({ state, params }) => {
    remove(state.mfaDevices.webauthn, (d) => d.id === params.deviceId, 'Passkey');
    return {};
  }),
  // Security keys at login
  on(paths.auth.preEnrollMFAWebAuthnForLogin, loginTime(c.preEnrollMFAWebAuthnForLogin.body)),
  on(paths.auth.enrollMFAWebAuthnForLogin, loginTime(c.enrollMFAWebAuthnForLogin.body)),
  on(paths.auth.preVerifyMFAWebAuthnForLogin, loginTime(c.preVerifyMFAWebAuthnForLogin.body)),
  on(paths.auth.verifyMFAWebAuthnForLogin, loginTime(c.verifyMFAWebAuthnForLogin.body)),
  // Security keys in the profile
  on(paths.auth.preEnrollMFAWebAuthn, ({ state }) => ({
    webauthnToken: b64(),
    options: creationOptions(state, false),
  })),
  on(paths.auth.enrollMFAWebAuthn, (req) => {
    parseWith(c.enrollMFAWebAuthn.body, req.body);
    throw fail(400, KEY_FAILED);
  }),
  on(paths.auth.preDisableMFAWebAuthn, ({ state, params }) => {
    securityKey(state, params.deviceId);
    return { webauthnToken: b64(), options: requestOptions('preferred') };
  }),
  on(paths.auth.disableMFAWebAuthn, (req) => {
    parseWith(c.disableMFAWebAuthn.body, req.body);
    throw fail(400, KEY_FAILED);
  }),
];
