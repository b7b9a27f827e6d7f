import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { paths } from '../../shared/api/paths';
import { isSteppedUp, MFA_ACR } from '../../shared/auth/stepup';
import { fixtures, testServer, type TestServer } from '../testing';

const p = paths.auth;
const now = Date.UTC(2030, 0, 1);
const fresh = { acr: MFA_ACR, amr: ['pwd', 'mfa', 'otp'], auth_time: now / 1000 - 60 };

describe('step-up: the check (pure)', () => {
  it('[STEPUP-002] satisfied only when the context class is the multi-factor policy', () => {
    assert.equal(isSteppedUp(fresh, undefined, now), true);
    assert.equal(isSteppedUp({ ...fresh, acr: 'urn:other' }, undefined, now), false);
    assert.equal(isSteppedUp({ ...fresh, acr: null }, undefined, now), false);
  });
  it('[STEPUP-003] satisfied only when the methods include mfa', () => {
    assert.equal(isSteppedUp({ ...fresh, amr: ['pwd', 'otp'] }, undefined, now), false);
  });
  it('[STEPUP-004] satisfied only with one of otp, sms or hwk', () => {
    assert.equal(isSteppedUp({ ...fresh, amr: ['pwd', 'mfa'] }, undefined, now), false);
    for (const m of ['otp', 'sms', 'hwk'])
      assert.equal(isSteppedUp({ ...fresh, amr: ['pwd', 'mfa', m] }, undefined, now), true);
    assert.equal(isSteppedUp({ ...fresh, amr: ['pwd', 'mfa', 'swk'] }, undefined, now), false);
  });
  it('[STEPUP-005] with maxAge, satisfied only within maxAge seconds of auth_time', () => {
    assert.equal(isSteppedUp(fresh, 120, now), true);
    assert.equal(isSteppedUp(fresh, 30, now), false);
    assert.equal(isSteppedUp({ ...fresh, auth_time: null }, 120, now), false);
    assert.equal(isSteppedUp(fresh, null, now), true, 'no maxAge: any age');
  });
});

describe('step-up: generateStepupSession', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
  });
  after(() => t.close());

  const post = (path: string, body: unknown, token?: string) => f.request('POST', path, token, body);

  /** A code `steps` time steps from now: each call below uses a later step (a code is accepted once). */
  const code = (secret: string, steps: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

  const enrolled = async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const token = await user.tokenIn();
    const pre = await f.json<{ secret: string }>(await post(p.preEnrollMFAAuthenticatorApp.path, {}, token));
    await f.json(await post(p.enrollMFAAuthenticatorApp.path, { token: await code(pre.secret, -1) }, token));
    return { ...user, secret: pre.secret };
  };

  it('[STEPUP-006][STEPUP-008] a password session gets an mfaToken and the devices; MFA gives a stepped-up token [STEPUP-007]', async () => {
    const user = await enrolled();
    // Sign in with password + MFA, then ask for step-up with a maxAge the session no longer meets.
    const login = await f.json<{ mfaToken: string }>(await t.login(user.email, user.password));
    const signed = await f.json<{ accessToken: string }>(
      await post(p.loginWithMfa.path, { mfaToken: login.mfaToken, value: await code(user.secret, 0) }),
    );
    const claims = decodeJwt(signed.accessToken);
    assert.ok(isSteppedUp(claims as never), 'MFA login satisfies step-up');
    // Satisfied within maxAge: the user is answered at once (STEPUP-007).
    const same = await f.json<{ accessToken: string; user: { id: string } }>(
      await post(p.generateStepupSession.path, { maxAge: 600 }, signed.accessToken),
    );
    assert.equal(same.user.id, user.id);
    assert.equal(decodeJwt(same.accessToken).sid, claims.sid);
  });

  it('[STEPUP-005][STEPUP-008] maxAge 0 demands a fresh MFA: mfaToken and devices; verifying replaces the session', async () => {
    const user = await enrolled();
    const login = await f.json<{ mfaToken: string }>(await t.login(user.email, user.password));
    const signed = await f.json<{ accessToken: string }>(
      await post(p.loginWithMfa.path, { mfaToken: login.mfaToken, value: await code(user.secret, 0) }),
    );
    await new Promise((r) => setTimeout(r, 1100));
    const challenge = await f.json<{
      mfaRequired: boolean;
      mfaToken: string;
      mfaDevices: { authenticators: unknown[] };
    }>(await post(p.generateStepupSession.path, { maxAge: 0 }, signed.accessToken));
    assert.equal(challenge.mfaRequired, true);
    assert.equal(challenge.mfaDevices.authenticators.length, 1);
    const stepped = await f.json<{ accessToken: string }>(
      await post(p.loginWithMfa.path, { mfaToken: challenge.mfaToken, value: await code(user.secret, 1) }),
    );
    const claims = decodeJwt(stepped.accessToken);
    assert.ok(isSteppedUp(claims as never, 5), 'fresh within 5 s');
    assert.notEqual(claims.sid, decodeJwt(signed.accessToken).sid, 'a new session replaces the old');
    const old = await post(p.generateStepupSession.path, {}, signed.accessToken);
    assert.equal(old.status, 401, 'the replaced session is over');
  });

  it("[STEPUP-009] a user without MFA gets 'MFA is not enrolled'", async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const { token } = await user.signIn();
    const res = await post(p.generateStepupSession.path, {}, token);
    assert.deepEqual(await f.errorsOf(res, 400), ['MFA is not enrolled']);
  });

  it('[STEPUP-010] no token or a bad body is an error (the login box logs out on it)', async () => {
    assert.equal((await post(p.generateStepupSession.path, {})).status, 401);
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const { token } = await user.signIn();
    assert.equal((await post(p.generateStepupSession.path, { maxAge: -1 }, token)).status, 400);
  });
});
