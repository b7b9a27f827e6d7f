// Contract script of passkeys and security keys. A signed answer needs a real authenticator (the server
// tests use a software one): the calls that take one are covered by their refusals; the options, the device
// list and the refusals of unknown devices and tokens run on both sides.
import { webauthnContracts as c } from '../../../shared/api/contracts/webauthn';
import type { Script } from '../contract';

const b64 = (value: string) => Buffer.from(value).toString('base64url');
const clientData = (type: string) =>
  b64(JSON.stringify({ type, challenge: b64('no-such-challenge'), origin: 'http://localhost:8080' }));
/** A well-formed assertion no challenge was issued for. */
const assertion = {
  id: b64('no-such-credential'),
  response: {
    clientDataJSON: clientData('webauthn.get'),
    authenticatorData: b64('data'),
    signature: b64('sig'),
  },
};
/** A well-formed attestation no challenge was issued for. */
const attestation = {
  id: b64('no-such-credential'),
  response: { clientDataJSON: clientData('webauthn.create'), attestationObject: b64('attestation') },
};
const mfaToken = 'unknown-mfa-token-'.padEnd(40, 'x');
const deviceId = 'no-such-device';

export const webauthnScript: Script = {
  family: 'webauthn',
  steps: [
    // Passkeys: sign-in
    { name: 'passkey sign-in options', call: c.webAuthnPreLogin, body: {} },
    {
      name: 'passkey sign-in options for an email',
      call: c.webAuthnPreLogin,
      body: { email: 'someone@example.com' },
    },
    {
      name: 'a bad email is refused',
      call: c.webAuthnPreLogin,
      body: { email: 'not-an-email' },
      expect: 400,
    },
    {
      name: 'a passkey answer without its parts is refused',
      call: c.webAuthnPostLogin,
      body: { id: 'x' },
      expect: 400,
    },
    {
      name: 'an answer to no challenge does not sign in',
      call: c.webAuthnPostLogin,
      body: assertion,
      expect: 401,
    },
    // Passkeys: the user's own
    { name: 'passkey creation options', call: c.webAuthnCreateNewDeviceSession },
    {
      name: 'an attestation without its parts is refused',
      call: c.verifyNewDeviceSession,
      body: { id: 'x' },
      expect: 400,
    },
    {
      name: 'an attestation to no challenge is refused',
      call: c.verifyNewDeviceSession,
      body: attestation,
      expect: 400,
    },
    { name: 'my passkeys', call: c.getWebAuthnDevices },
    {
      name: 'an unknown passkey is not found',
      call: c.deleteWebAuthnDevice,
      params: { deviceId },
      expect: 404,
    },
    // Security keys at login
    {
      name: 'pre-enrol a key at login: bad body',
      call: c.preEnrollMFAWebAuthnForLogin,
      body: {},
      expect: 400,
    },
    {
      name: 'pre-enrol a key at login: unknown mfaToken',
      call: c.preEnrollMFAWebAuthnForLogin,
      body: { mfaToken },
      expect: 401,
    },
    {
      name: 'enrol a key at login: bad body',
      call: c.enrollMFAWebAuthnForLogin,
      body: { mfaToken },
      expect: 400,
    },
    {
      name: 'enrol a key at login: unknown mfaToken',
      call: c.enrollMFAWebAuthnForLogin,
      body: { mfaToken, webauthnToken: 'x', options: attestation },
      expect: 401,
    },
    {
      name: 'verify with a key: bad body',
      call: c.preVerifyMFAWebAuthnForLogin,
      params: { deviceId },
      body: {},
      expect: 400,
    },
    {
      name: 'verify with a key: unknown mfaToken',
      call: c.preVerifyMFAWebAuthnForLogin,
      params: { deviceId },
      body: { mfaToken },
      expect: 401,
    },
    {
      name: 'the signed challenge: bad body',
      call: c.verifyMFAWebAuthnForLogin,
      params: { deviceId },
      body: { mfaToken },
      expect: 400,
    },
    {
      name: 'the signed challenge: unknown mfaToken',
      call: c.verifyMFAWebAuthnForLogin,
      params: { deviceId },
      body: { mfaToken, webauthnToken: 'x', options: assertion },
      expect: 401,
    },
    // Security keys in the profile
    { name: 'security key creation options', call: c.preEnrollMFAWebAuthn },
    {
      name: 'an attestation to no challenge does not enrol',
      call: c.enrollMFAWebAuthn,
      body: { options: attestation },
      expect: 400,
    },
    { name: 'an unknown key is not found', call: c.preDisableMFAWebAuthn, params: { deviceId }, expect: 404 },
    {
      name: 'an assertion to no challenge does not disable',
      call: c.disableMFAWebAuthn,
      params: { deviceId },
      body: { options: assertion },
      expect: 400,
    },
  ],
};
