import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { mfaContracts, mfaDeviceKind, mfaRequiredAnswer, mfaStrategy } from '../../shared/api/contracts/mfa';
import { paths } from '../../shared/api/paths';
import { MFA_ACR } from '../../shared/auth/stepup';
import { audits, mfaDevices, policies, recoveryCodes, smsOutbox, users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const p = paths.auth;
const at = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
/** A code of the next time step: accepted (±1 step) and never the step an earlier call spent. */
const nextCode = (secret: string, steps = 1) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

interface MfaAnswer {
  mfaRequired?: boolean;
  mfaToken?: string;
  mfaEnrolled?: boolean;
  mfaDevices?: {
    webauthn: unknown[];
    phones: { id: string; phoneNumber: string }[];
    authenticators: { id: string }[];
    emails: { id: string; email: string }[];
  };
  accessToken?: string;
  recoveryCode?: string;
  isBreachedPassword?: boolean;
  errors?: string[];
}

describe('MFA at sign-in and in the profile', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
  });
  after(() => t.close());

  const post = (path: string, body: unknown, token?: string, cookie?: string) =>
    f.request('POST', path, token, body, cookie ? { cookie } : {});
  const login = async (email: string, password: string, cookie?: string) => {
    const res = await post(p.login.path, { email, password }, undefined, cookie);
    return { res, body: await f.json<MfaAnswer>(res) };
  };
  const setPolicy = async (value: Record<string, unknown>) => {
    await f.db.delete(policies).where(and(eq(policies.kind, 'mfa'), eq(policies.tenantId, acme)));
    await f.db
      .insert(policies)
      .values({ id: randomUUID(), vendorId: t.services.vendorId, tenantId: acme, kind: 'mfa', value });
  };

  /** A user enrolled with an authenticator app through the profile calls; its secret and recovery code. */
  const enrolledUser = async () => {
    const user = await f.createUser({ tenants: [{ id: acme }], password: true });
    const token = await user.tokenIn();
    const pre = await f.json<{ qrCode: string; secret: string }>(
      await post(p.preEnrollMFAAuthenticatorApp.path, {}, token),
    );
    const done = await f.json<{ recoveryCode: string }>(
      await post(p.enrollMFAAuthenticatorApp.path, { token: await generate({ secret: pre.secret }) }, token),
    );
    return { ...user, secret: pre.secret, recoveryCode: done.recoveryCode, token };
  };

  it('[ENUM-004] [ENUM-042] the MFA answer lists devices by kind (webauthn, phones, authenticators, emails) and MFA strategies are AuthenticatorApp, WebAuthnPlatform, WebAuthnCrossPlatform, SMS, EmailCode', async () => {
    assert.deepEqual(mfaDeviceKind.options, ['webauthn', 'phones', 'authenticators', 'emails']);
    assert.deepEqual(mfaStrategy.options, [
      'AuthenticatorApp',
      'WebAuthnPlatform',
      'WebAuthnCrossPlatform',
      'SMS',
      'EmailCode',
    ]);
    // The login answer of an enrolled user and the profile's device list carry exactly those kinds.
    const user = await enrolledUser();
    const { body } = await login(user.email, user.password);
    assert.ok(mfaRequiredAnswer.safeParse(body).success, JSON.stringify(body));
    assert.deepEqual(Object.keys(body.mfaDevices!).sort(), [...mfaDeviceKind.options].sort());
    const devices = await f.json(await f.request('GET', p.getMFADevices.path, user.token));
    assert.ok(mfaContracts.getMFADevices.response.safeParse(devices).success);
    // The strategies the server offers are MFA strategies (the contract's enum parses the answer).
    const strategies = await f.json(await f.request('GET', p.getMFAStrategiesConfig.path));
    const parsed = mfaContracts.getMFAStrategiesConfig.response.parse(strategies);
    assert.ok(parsed.strategies.length > 0);
    // A strategy outside the enum breaks the answer's contract.
    assert.equal(
      mfaContracts.getMFAStrategiesConfig.response.safeParse({
        strategies: [{ strategy: 'Carrier', isActive: true }],
      }).success,
      false,
    );
  });

  it('[LOGIN-016] a user without MFA gets tokens and a session', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }], password: true });
    const { res, body } = await login(user.email, user.password);
    assert.ok(body.accessToken);
    assert.equal(body.mfaRequired, false);
    assert.ok(t.refreshCookie(res));
  });

  it('[LOGIN-015][LOGIN-010] forced MFA, not enrolled: an mfaToken and no session; enrolment during login ends with the recovery code [MFA-006][MFA-007]', async () => {
    await setPolicy({ enforceMFAType: 'Force' });
    try {
      const user = await f.createUser({ tenants: [{ id: acme }], password: true });
      const { res, body } = await login(user.email, user.password);
      assert.equal(body.mfaRequired, true);
      assert.ok(body.mfaToken && body.mfaToken.length > 30);
      assert.equal(body.mfaEnrolled, false);
      assert.equal(body.accessToken, undefined);
      assert.equal(t.refreshCookie(res), null, 'no refresh cookie: no session');

      const pre = await f.json<{ qrCode: string; secret: string }>(
        await post(p.preEnrollMFAAuthenticatorAppForLogin.path, { mfaToken: body.mfaToken }),
      );
      assert.match(pre.qrCode, /^data:image\/png;base64,/);
      assert.match(pre.secret, /^[A-Z2-7]{16,}$/);
      // A wrong code is refused and the device stays unverified.
      const wrong = await post(p.enrollMFAAuthenticatorAppForLogin.path, {
        mfaToken: body.mfaToken,
        token: '000000',
      });
      assert.equal(wrong.status, 400);
      const res2 = await post(p.enrollMFAAuthenticatorAppForLogin.path, {
        mfaToken: body.mfaToken,
        token: await generate({ secret: pre.secret }),
      });
      const done = await f.json<MfaAnswer & { user: { mfaEnrolled: boolean } }>(res2);
      assert.ok(done.accessToken);
      assert.match(done.recoveryCode ?? '', /^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);
      assert.equal(done.user.mfaEnrolled, true);
      const claims = decodeJwt(done.accessToken!);
      assert.deepEqual(claims.amr, ['pwd', 'mfa', 'otp']);
      assert.equal(claims.acr, MFA_ACR);
      assert.equal(typeof claims.auth_time, 'number');
      // The mfaToken was spent.
      const again = await post(p.preEnrollMFAAuthenticatorAppForLogin.path, { mfaToken: body.mfaToken });
      assert.equal(again.status, 401);
    } finally {
      await setPolicy({ enforceMFAType: 'DontForce' });
    }
  });

  it('[MFA-002][MFA-004] an enrolled user must verify: the answer lists the devices by kind; the authenticator code opens the session', async () => {
    const user = await enrolledUser();
    const { body } = await login(user.email, user.password);
    assert.equal(body.mfaRequired, true);
    assert.equal(body.mfaEnrolled, true);
    assert.deepEqual(Object.keys(body.mfaDevices!).sort(), [
      'authenticators',
      'emails',
      'phones',
      'webauthn',
    ]);
    assert.equal(body.mfaDevices!.authenticators.length, 1);
    const deviceId = body.mfaDevices!.authenticators[0]!.id;
    const res = await post(at(p.verifyMFAAuthenticatorAppForLogin.path, { deviceId }), {
      mfaToken: body.mfaToken,
      value: await nextCode(user.secret),
    });
    const done = await f.json<MfaAnswer>(res);
    assert.ok(done.accessToken);
    assert.ok(t.refreshCookie(res));
    const [row] = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'MFA verified')));
    assert.ok(row, 'an audit row of the MFA verification');
  });

  it('a TOTP code is accepted once: the same code cannot sign in twice', async () => {
    const user = await enrolledUser();
    const code = await nextCode(user.secret);
    const first = await login(user.email, user.password);
    await f.json(await post(p.loginWithMfa.path, { mfaToken: first.body.mfaToken, value: code }));
    const second = await login(user.email, user.password);
    const replay = await post(p.loginWithMfa.path, { mfaToken: second.body.mfaToken, value: code });
    assert.deepEqual(await f.errorsOf(replay, 400), ['The code is incorrect']);
  });

  it('the authenticator has its own attempt counter: after 5 wrong codes the mfaToken is spent', async () => {
    const user = await enrolledUser();
    const { body } = await login(user.email, user.password);
    for (let i = 0; i < 5; i++) {
      const res = await post(p.loginWithMfa.path, { mfaToken: body.mfaToken, value: '000000' });
      assert.equal(res.status, 400);
    }
    const sixth = await post(p.loginWithMfa.path, {
      mfaToken: body.mfaToken,
      value: await nextCode(user.secret),
    });
    assert.equal(sixth.status, 401, 'even the right code is refused once the attempts are used');
  });

  it('a recovery code signs in once (hashed at rest); a second use is refused', async () => {
    const user = await enrolledUser();
    const [stored] = await f.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    assert.ok(stored && !stored.codeHash.includes(user.recoveryCode.replace(/-/g, '')));
    const first = await login(user.email, user.password);
    const ok = await f.json<MfaAnswer>(
      await post(p.recoverMfaToken.path, {
        mfaToken: first.body.mfaToken,
        recoveryCode: user.recoveryCode.toLowerCase(),
      }),
    );
    assert.ok(ok.accessToken);
    assert.deepEqual(decodeJwt(ok.accessToken!).amr, ['pwd', 'mfa'], 'no device proof: step-up asks again');
    const second = await login(user.email, user.password);
    const res = await post(p.recoverMfaToken.path, {
      mfaToken: second.body.mfaToken,
      recoveryCode: user.recoveryCode,
    });
    assert.deepEqual(await f.errorsOf(res, 400), ['The recovery code is incorrect']);
  });

  it('login-time enrolment is refused once the user has a device (it cannot bypass verification)', async () => {
    const user = await enrolledUser();
    const { body } = await login(user.email, user.password);
    const res = await post(p.preEnrollMFAAuthenticatorAppForLogin.path, { mfaToken: body.mfaToken });
    assert.deepEqual(await f.errorsOf(res, 400), ['MFA is already enrolled']);
  });

  it('remember this device: allowed by the policy, the next sign-in in that browser skips MFA', async () => {
    const user = await enrolledUser();
    await setPolicy({ enforceMFAType: 'DontForce', allowRememberMyDevice: true, mfaDeviceExpiration: 3600 });
    try {
      const { body } = await login(user.email, user.password);
      const allowed = await f.json<{ isAllowedToRemember: boolean }>(
        await f.request(
          'GET',
          `${p.checkIfAllowToRememberMfaDevice.path}?mfaToken=${encodeURIComponent(body.mfaToken!)}`,
        ),
      );
      assert.equal(allowed.isAllowedToRemember, true);
      const res = await post(p.loginWithMfa.path, {
        mfaToken: body.mfaToken,
        value: await nextCode(user.secret),
        rememberDevice: true,
      });
      await f.json(res);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fe_mfa_device='));
      assert.ok(cookie, 'a remember-device cookie');
      const next = await login(user.email, user.password, cookie.split(';')[0]);
      assert.ok(next.body.accessToken, 'MFA skipped in the remembered browser');
      const elsewhere = await login(user.email, user.password);
      assert.equal(elsewhere.body.mfaRequired, true, 'another browser still verifies');
    } finally {
      await setPolicy({ enforceMFAType: 'DontForce' });
    }
  });

  it('SMS: enrol a phone in the profile, then sign in with the texted code (its own attempt counter)', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }], password: true });
    const token = await user.tokenIn();
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const lastSms = async () => {
      const [row] = await f.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
      const rows = await f.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
      return (rows.at(-1) ?? row)!.text.match(/\d{6}/)![0];
    };
    const pre = await f.json<{ otcToken: string }>(
      await post(p.preEnrollMFASMS.path, { phoneNumber: phone }, token),
    );
    await f.json(await post(p.enrollMFASMS.path, { otcToken: pre.otcToken, code: await lastSms() }, token));
    const devices = await f.json<MfaAnswer['mfaDevices']>(
      await f.request('GET', p.getMFADevices.path, token),
    );
    assert.equal(devices!.phones[0]!.phoneNumber, phone);

    const { body } = await login(user.email, user.password);
    const deviceId = body.mfaDevices!.phones[0]!.id;
    assert.notEqual(body.mfaDevices!.phones[0]!.phoneNumber, phone, 'masked before sign-in');
    const sent = await f.json<{ otcToken: string }>(
      await post(at(p.preVerifyMFASMSForLogin.path, { deviceId }), { mfaToken: body.mfaToken }),
    );
    const wrong = await post(at(p.verifyMFASMSForLogin.path, { deviceId }), {
      mfaToken: body.mfaToken,
      otcToken: sent.otcToken,
      code: '999999' === (await lastSms()) ? '999998' : '999999',
    });
    assert.equal(wrong.status, 400);
    const done = await f.json<MfaAnswer>(
      await post(at(p.verifyMFASMSForLogin.path, { deviceId }), {
        mfaToken: body.mfaToken,
        otcToken: sent.otcToken,
        code: await lastSms(),
      }),
    );
    assert.deepEqual(decodeJwt(done.accessToken!).amr, ['pwd', 'mfa', 'sms']);
  });

  it('[MFA-006] forced MFA: SMS enrolment during login (code texted to the new phone) ends with a recovery code and a session', async () => {
    await setPolicy({ enforceMFAType: 'Force' });
    try {
      const user = await f.createUser({ tenants: [{ id: acme }], password: true });
      const phone = '+15557654321';
      const { body } = await login(user.email, user.password);
      const sent = await f.json<{ otcToken: string }>(
        await post(p.preEnrollMFASMSForLogin.path, { mfaToken: body.mfaToken, phoneNumber: phone }),
      );
      const rows = await f.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
      const code = rows.at(-1)!.text.match(/\d{6}/)![0];
      const done = await f.json<MfaAnswer>(
        await post(p.enrollMFASMSForLogin.path, { mfaToken: body.mfaToken, otcToken: sent.otcToken, code }),
      );
      assert.ok(done.accessToken);
      assert.ok(done.recoveryCode);
      assert.deepEqual(decodeJwt(done.accessToken!).amr, ['pwd', 'mfa', 'sms']);
    } finally {
      await setPolicy({ enforceMFAType: 'DontForce' });
    }
  });

  it('email code: a code mailed to the email device signs in', async () => {
    const user = await f.createUser({ tenants: [{ id: acme }], password: true });
    await f.db.insert(mfaDevices).values({
      id: randomUUID(),
      userId: user.id,
      kind: 'email',
      email: user.email,
      verifiedAt: new Date(),
    });
    const { body } = await login(user.email, user.password);
    assert.equal(body.mfaDevices!.emails.length, 1);
    const sent = await f.json<{ otcToken: string }>(
      await post(p.preVerifyMFAEmailCode.path, { mfaToken: body.mfaToken }),
    );
    const { readOutbox } = await import('../mail/mailer');
    let mail;
    for (let i = 0; i < 20 && !mail; i++) {
      mail = (await readOutbox(f.db)).find((m) => m.to === user.email && /sign-in code/.test(m.subject));
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    const code = mail!.text.match(/\d{6}/)![0];
    const done = await f.json<MfaAnswer>(
      await post(p.verifyMFAEmailCode.path, { mfaToken: body.mfaToken, otcToken: sent.otcToken, code }),
    );
    assert.ok(done.accessToken);
  });

  it('[MFA-008] disabling the authenticator (with a current code) clears every authenticator device', async () => {
    const user = await enrolledUser();
    // A second authenticator of the same kind.
    await f.db.insert(mfaDevices).values({
      id: randomUUID(),
      userId: user.id,
      kind: 'authenticator',
      secret: user.secret,
      verifiedAt: new Date(),
    });
    const before = await f.json<NonNullable<MfaAnswer['mfaDevices']>>(
      await f.request('GET', p.getMFADevices.path, user.token),
    );
    assert.equal(before.authenticators.length, 2);
    const deviceId = before.authenticators[0]!.id;
    const res = await post(
      at(p.disableMFAAuthenticatorApp.path, { deviceId }),
      { token: await nextCode(user.secret) },
      user.token,
    );
    assert.deepEqual(await f.json(res), { mfaEnrolled: false });
    const after = await f.json<NonNullable<MfaAnswer['mfaDevices']>>(
      await f.request('GET', p.getMFADevices.path, user.token),
    );
    assert.equal(after.authenticators.length, 0);
    const { body } = await login(user.email, user.password);
    assert.ok(body.accessToken, 'no MFA once disabled');
  });

  it('profile MFA calls need a Bearer token; bodies are validated', async () => {
    assert.equal((await f.request('GET', p.getMFADevices.path)).status, 401);
    assert.equal((await post(p.preEnrollMFAAuthenticatorApp.path, {})).status, 401);
    const user = await f.createUser({ tenants: [{ id: acme }] });
    const bad = await post(p.preEnrollMFASMS.path, { phoneNumber: 'call me' }, await user.tokenIn());
    assert.equal(bad.status, 400);
    const login2 = await post(p.loginWithMfa.path, { mfaToken: 'x'.repeat(40), value: '123456' });
    assert.equal(login2.status, 401);
  });

  it('the user view carries mfaEnrolled', async () => {
    const user = await enrolledUser();
    const [row] = await f.db.select().from(users).where(eq(users.id, user.id));
    assert.ok(row);
    const me = await f.json<{ mfaEnrolled: boolean }>(await f.request('GET', p.getMeV2.path, user.token));
    assert.equal(me.mfaEnrolled, true);
  });
});
