// Security keys as an MFA factor, through a software authenticator against the real routes.
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { sessions, webauthnCredentials } from '../db/schema';
import { SoftAuthenticator } from '../softAuthenticator';
import { fixtures, testServer, type TestServer } from '../testing';

const P = {
  devices: '/identity/resources/users/v1/mfa/devices',
  preEnroll: '/identity/resources/users/v1/mfa/webauthn/enroll',
  enroll: '/identity/resources/users/v1/mfa/webauthn/enroll/verify',
  preEnrollLogin: '/identity/resources/auth/v1/user/mfa/webauthn/enroll',
  enrollLogin: '/identity/resources/auth/v1/user/mfa/webauthn/enroll/verify',
  preVerify: (id: string) => `/identity/resources/auth/v1/user/mfa/webauthn/${id}`,
  verify: (id: string) => `/identity/resources/auth/v1/user/mfa/webauthn/${id}/verify`,
  preDisable: (id: string) => `/identity/resources/users/v1/mfa/webauthn/${id}/disable`,
  disable: (id: string) => `/identity/resources/users/v1/mfa/webauthn/${id}/disable/verify`,
  login: '/identity/resources/auth/v1/user',
  mfaPolicy: '/identity/resources/configurations/v1/mfa-policy',
};
type Options = { challenge: string; user: { id: string }; allowCredentials?: { id: string }[] };
interface MfaAnswer {
  mfaRequired?: boolean;
  mfaToken?: string;
  mfaDevices?: { webauthn: { id: string }[] };
  accessToken?: string;
  recoveryCode?: string;
}

describe('MFA with a security key (WebAuthn)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let tenant: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    tenant = await f.newTenant('Keys Co');
  });
  after(() => t.close());

  const user = () => f.createUser({ tenants: [{ id: tenant }], password: true });
  const login = async (u: { email: string; password: string }) =>
    f.json<MfaAnswer>(await f.request('POST', P.login, undefined, { email: u.email, password: u.password }));

  /** Enrols a security key from the profile: the device id. */
  async function enrolFromProfile(token: string, key: SoftAuthenticator) {
    const { options, webauthnToken } = await f.json<{ options: Options; webauthnToken: string }>(
      await f.request('POST', P.preEnroll, token, {}),
    );
    assert.equal(options.challenge, webauthnToken);
    const done = await f.json<{ recoveryCode: string; mfaEnrolled: boolean; device: { id: string } }>(
      await f.request('POST', P.enroll, token, {
        webauthnToken,
        deviceType: 'CrossPlatform',
        options: key.create(options),
      }),
    );
    assert.equal(done.mfaEnrolled, true);
    assert.ok(done.recoveryCode);
    return done.device.id;
  }

  it('[MFA-002] [MFA-003] a security key enrolled from the profile is listed under webauthn with its id', async () => {
    const u = await user();
    const token = await u.tokenIn();
    const id = await enrolFromProfile(token, new SoftAuthenticator({ uv: false }));
    const devices = await f.json<{
      webauthn: { id: string }[];
      phones: unknown[];
      authenticators: unknown[];
      emails: unknown[];
    }>(await f.request('GET', P.devices, token));
    assert.deepEqual(Object.keys(devices).sort(), ['authenticators', 'emails', 'phones', 'webauthn']);
    assert.deepEqual(
      devices.webauthn.map((d) => d.id),
      [id],
    );
    // It is an MFA factor, not a passkey: it does not sign in alone.
    const passkeys = await f.json<{ devices: unknown[] }>(
      await f.request('GET', '/identity/resources/users/webauthn/v1/devices', token),
    );
    assert.equal(passkeys.devices.length, 0);
  });

  it('[MFA-003] login with an enrolled key: mfaRequired with the key id, then the signed challenge opens the session (amr pwd mfa hwk)', async () => {
    const u = await user();
    const key = new SoftAuthenticator({ uv: false });
    const id = await enrolFromProfile(await u.tokenIn(), key);
    const first = await login(u);
    assert.equal(first.mfaRequired, true);
    assert.equal(first.accessToken, undefined);
    assert.deepEqual(
      first.mfaDevices!.webauthn.map((d) => d.id),
      [id],
    );
    const { options } = await f.json<{ options: Options }>(
      await f.request('POST', P.preVerify(id), undefined, { mfaToken: first.mfaToken }),
    );
    assert.deepEqual(
      options.allowCredentials!.map((c) => c.id),
      [key.id],
    );
    const done = await f.json<MfaAnswer>(
      await f.request('POST', P.verify(id), undefined, {
        mfaToken: first.mfaToken,
        options: key.get(options),
      }),
    );
    assert.ok(done.accessToken);
    const { sid } = decodeJwt(done.accessToken) as { sid: string };
    const [session] = await f.db.select().from(sessions).where(eq(sessions.id, sid));
    assert.deepEqual(session?.amr, ['pwd', 'mfa', 'hwk']);
    // The mfaToken was spent: the same answer cannot open a second session.
    await f.errorsOf(
      await f.request('POST', P.verify(id), undefined, {
        mfaToken: first.mfaToken,
        options: key.get(options),
      }),
      401,
    );
  });

  it('a wrong key or another login challenge is refused; the key has its own attempt counter (5)', async () => {
    const u = await user();
    const key = new SoftAuthenticator({ uv: false });
    const id = await enrolFromProfile(await u.tokenIn(), key);
    const first = await login(u);
    const pre = async () =>
      (
        await f.json<{ options: Options }>(
          await f.request('POST', P.preVerify(id), undefined, { mfaToken: first.mfaToken }),
        )
      ).options;
    // Another authenticator answering for the device: refused.
    const stranger = new SoftAuthenticator({ uv: false });
    const wrong = { ...stranger.get(await pre()), id: key.id, rawId: key.id };
    await f.errorsOf(
      await f.request('POST', P.verify(id), undefined, { mfaToken: first.mfaToken, options: wrong }),
      400,
    );
    // A challenge issued for another login's mfaToken does not complete this one.
    const other = await login(u);
    const otherOptions = (
      await f.json<{ options: Options }>(
        await f.request('POST', P.preVerify(id), undefined, { mfaToken: other.mfaToken }),
      )
    ).options;
    await f.errorsOf(
      await f.request('POST', P.verify(id), undefined, {
        mfaToken: first.mfaToken,
        options: key.get(otherOptions),
      }),
      400,
    );
    // Five failures spend the factor's attempts: even the right answer is refused now.
    for (let i = 0; i < 3; i++)
      await f.errorsOf(
        await f.request('POST', P.verify(id), undefined, { mfaToken: first.mfaToken, options: wrong }),
        400,
      );
    await f.errorsOf(
      await f.request('POST', P.verify(id), undefined, {
        mfaToken: first.mfaToken,
        options: key.get(await pre()),
      }),
      401,
    );
  });

  it('[MFA-006] [MFA-007] forced MFA with nothing enrolled: a security key is enrolled at login and the session opens with a recovery code', async () => {
    const admin = await f.signIn();
    const adminTenant = admin.claims.tenantId as string;
    const saved = await f.request('POST', P.mfaPolicy, admin.token, {
      enforceMFAType: 'Force',
      allowRememberMyDevice: false,
      mfaDeviceExpiration: 14 * 86_400,
    });
    await f.json(saved);
    try {
      const u = await f.createUser({ tenants: [{ id: adminTenant }], password: true });
      const first = await login(u);
      assert.equal(first.mfaRequired, true);
      const { options, webauthnToken } = await f.json<{ options: Options; webauthnToken: string }>(
        await f.request('POST', P.preEnrollLogin, undefined, { mfaToken: first.mfaToken }),
      );
      const key = new SoftAuthenticator({ uv: false });
      const done = await f.json<MfaAnswer>(
        await f.request('POST', P.enrollLogin, undefined, {
          mfaToken: first.mfaToken,
          webauthnToken,
          deviceType: 'CrossPlatform',
          options: key.create(options),
        }),
      );
      assert.ok(done.accessToken);
      assert.match(done.recoveryCode ?? '', /\S{8,}/);
      const rows = await f.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, u.id));
      assert.deepEqual(
        rows.map((r) => r.usage),
        ['mfa'],
      );
      // Enrolled now: a second login-time enrolment is refused (it would add a device past the MFA).
      const again = await login(u);
      await f.errorsOf(
        await f.request('POST', P.preEnrollLogin, undefined, { mfaToken: again.mfaToken }),
        400,
      );
    } finally {
      await f.json(
        await f.request('POST', P.mfaPolicy, admin.token, {
          enforceMFAType: 'DontForce',
          allowRememberMyDevice: false,
          mfaDeviceExpiration: 14 * 86_400,
        }),
      );
    }
  });

  it('[MFA-008] disabling with the key itself clears every security key of the user', async () => {
    const u = await user();
    const token = await u.tokenIn();
    const a = new SoftAuthenticator({ uv: false });
    const b = new SoftAuthenticator({ uv: false });
    const idA = await enrolFromProfile(token, a);
    await enrolFromProfile(token, b);
    const { options } = await f.json<{ options: Options }>(
      await f.request('POST', P.preDisable(idA), token, {}),
    );
    // The other key cannot answer for this one.
    await f.errorsOf(await f.request('POST', P.disable(idA), token, { options: b.get(options) }), 400);
    const { options: again } = await f.json<{ options: Options }>(
      await f.request('POST', P.preDisable(idA), token, {}),
    );
    const done = await f.json<{ mfaEnrolled: boolean }>(
      await f.request('POST', P.disable(idA), token, { options: a.get(again) }),
    );
    assert.equal(done.mfaEnrolled, false);
    const devices = await f.json<{ webauthn: unknown[] }>(await f.request('GET', P.devices, token));
    assert.equal(devices.webauthn.length, 0);
    const first = await login(u);
    assert.equal(first.mfaRequired ?? false, false);
  });
});
