// Passkeys: registration and sign-in through a software authenticator (real P-256 keys, real CBOR, real
// signatures) against the real routes. Security keys of MFA are in mfaWebauthn.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { audits, authChallenges, sessions, webauthnCredentials } from '../db/schema';
import { decodeJwt } from 'jose';
import { SoftAuthenticator } from '../softAuthenticator';
import { fixtures, testServer, type TestServer } from '../testing';

/** The session an access token names. */
const sidOf = (accessToken: string) => (decodeJwt(accessToken) as { sid: string }).sid;

const P = {
  preLogin: '/identity/resources/auth/v1/webauthn/prelogin',
  postLogin: '/identity/resources/auth/v1/webauthn/postlogin',
  devices: '/identity/resources/users/webauthn/v1/devices',
  verify: '/identity/resources/users/webauthn/v1/devices/verify',
};

type Options = { challenge: string; user: { id: string }; allowCredentials?: unknown[] };

describe('passkeys: registration and sign-in (WebAuthn)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let tenant: string;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    tenant = await f.newTenant('Passkey Co');
  });
  after(() => t.close());

  /** Registers a passkey for a user: the device the server answers. */
  async function register(token: string, authenticator: SoftAuthenticator, name?: string) {
    const options = await f.json<Options>(await f.request('POST', P.devices, token, {}));
    const res = await f.request('POST', P.verify, token, { ...authenticator.create(options), name });
    return f.json<{ id: string; name: string; deviceType: string; createdAt: string }>(res);
  }

  async function preLogin(body: Record<string, unknown> = {}) {
    // Frontegg's shape: the request options themselves.
    return f.json<Options>(await f.request('POST', P.preLogin, undefined, body));
  }

  it('[MFA-003] registers a passkey: the device carries an id and is listed by getWebAuthnDevices', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const token = await user.tokenIn();
    const options = await f.json<Options & Record<string, unknown>>(
      await f.request('POST', P.devices, token, {}),
    );
    // A discoverable credential with user verification, for this relying party, not re-registering one held.
    assert.deepEqual(options.rp, { name: 'fe-elements', id: 'localhost' });
    assert.equal((options.authenticatorSelection as { residentKey: string }).residentKey, 'required');
    assert.equal(
      (options.authenticatorSelection as { userVerification: string }).userVerification,
      'required',
    );
    assert.equal(Buffer.from(options.user.id, 'base64url').toString(), user.id);
    const authenticator = new SoftAuthenticator();
    const device = await f.json<{ id: string; name: string }>(
      await f.request('POST', P.verify, token, { ...authenticator.create(options), name: 'Laptop' }),
    );
    assert.match(device.id, /^[0-9a-f-]{36}$/);
    assert.equal(device.name, 'Laptop');
    const { devices } = await f.json<{ devices: { id: string; name: string }[] }>(
      await f.request('GET', P.devices, token),
    );
    assert.deepEqual(
      devices.map((d) => [d.id, d.name]),
      [[device.id, 'Laptop']],
    );
    const [row] = await f.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, device.id));
    assert.equal(row?.usage, 'passkey');
    assert.equal(row?.credentialId, authenticator.id);
    const [audit] = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'Passkey registered')));
    assert.ok(audit, 'an audit row for the registration');
    // The next creation options exclude the credential already held.
    const again = await f.json<{ excludeCredentials: { id: string }[] }>(
      await f.request('POST', P.devices, token, {}),
    );
    assert.deepEqual(
      again.excludeCredentials.map((c) => c.id),
      [authenticator.id],
    );
  });

  it('signs in with a discoverable passkey (no email): tokens, amr hwk, an audit row', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    const options = await preLogin();
    assert.deepEqual(options.allowCredentials ?? [], []);
    const res = await f.request('POST', P.postLogin, undefined, authenticator.get(options));
    const body = await f.json<{ accessToken: string; user: { email: string } }>(res);
    assert.equal(body.user.email, user.email);
    assert.ok(t.refreshCookie(res), 'a refresh cookie');
    const [session] = await f.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(body.accessToken)));
    assert.deepEqual(session?.amr, ['hwk']);
    const logins = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.action, 'User logged in')));
    assert.deepEqual(
      logins.map((a) => (a.json as { method: string }).method),
      ['passkey'],
    );
  });

  it('a synced (backed-up) passkey signs in with amr swk', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator({ backedUp: true });
    await register(await user.tokenIn(), authenticator);
    const { accessToken } = await f.json<{ accessToken: string }>(
      await f.request('POST', P.postLogin, undefined, authenticator.get(await preLogin())),
    );
    const [session] = await f.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(accessToken)));
    assert.deepEqual(session?.amr, ['swk']);
  });

  it('with an email, only a passkey of that account signs in; the options never depend on the email', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    const known = await preLogin({ email: user.email.toUpperCase() });
    const unknown = await preLogin({ email: 'nobody@nowhere.test' });
    assert.deepEqual(Object.keys(known).sort(), Object.keys(unknown).sort());
    assert.deepEqual(known.allowCredentials ?? [], unknown.allowCredentials ?? []);
    await f.json(await f.request('POST', P.postLogin, undefined, authenticator.get(known)));
    const other = await f.request('POST', P.postLogin, undefined, authenticator.get(unknown));
    assert.deepEqual(await f.errorsOf(other, 401), ['Passkey sign-in failed']);
  });

  it('a challenge is single use: the same signed answer cannot sign in twice', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    const answer = authenticator.get(await preLogin());
    await f.json(await f.request('POST', P.postLogin, undefined, answer));
    await f.errorsOf(await f.request('POST', P.postLogin, undefined, answer), 401);
  });

  it('an expired challenge is refused', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    const options = await preLogin();
    await f.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.kind, 'webauthn'));
    await f.errorsOf(await f.request('POST', P.postLogin, undefined, authenticator.get(options)), 401);
  });

  it('a signature counter that goes back (a cloned authenticator) is refused and audited as High', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    await f.json(
      await f.request('POST', P.postLogin, undefined, authenticator.get(await preLogin(), { counter: 5 })),
    );
    const [row] = await f.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.credentialId, authenticator.id));
    assert.equal(row?.counter, 5);
    const res = await f.request(
      'POST',
      P.postLogin,
      undefined,
      authenticator.get(await preLogin(), { counter: 3 }),
    );
    await f.errorsOf(res, 401);
    const same = await f.request(
      'POST',
      P.postLogin,
      undefined,
      authenticator.get(await preLogin(), { counter: 5 }),
    );
    await f.errorsOf(same, 401);
    const flagged = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, user.id), eq(audits.severity, 'High')));
    assert.equal(flagged.length, 2);
    assert.match(flagged[0]!.action, /cloned authenticator/);
    // A counter that grows again is accepted.
    await f.json(
      await f.request('POST', P.postLogin, undefined, authenticator.get(await preLogin(), { counter: 6 })),
    );
  });

  it('refuses an answer without user verification, from another origin or for another relying party', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const good = new SoftAuthenticator();
    await register(await user.tokenIn(), good);
    // Same key material, other circumstances: a copy of the authenticator with altered options.
    for (const opts of [{ uv: false }, { origin: 'http://evil.test' }, { rpId: 'evil.test' }]) {
      Object.assign(good.opts, { uv: undefined, origin: undefined, rpId: undefined }, opts);
      const res = await f.request('POST', P.postLogin, undefined, good.get(await preLogin()));
      await f.errorsOf(res, 401);
    }
    Object.assign(good.opts, { uv: undefined, origin: undefined, rpId: undefined });
    await f.json(await f.request('POST', P.postLogin, undefined, good.get(await preLogin())));
  });

  it('an unknown credential, a bad body and a registration challenge used to sign in are refused', async () => {
    const stranger = new SoftAuthenticator();
    stranger.userHandle = Buffer.from('nobody').toString('base64url');
    await f.errorsOf(await f.request('POST', P.postLogin, undefined, stranger.get(await preLogin())), 401);
    await f.errorsOf(await f.request('POST', P.postLogin, undefined, { id: 'x' }), 400);
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const token = await user.tokenIn();
    const authenticator = new SoftAuthenticator();
    await register(token, authenticator);
    const options = await f.json<Options>(await f.request('POST', P.devices, token, {}));
    await f.errorsOf(await f.request('POST', P.postLogin, undefined, authenticator.get(options)), 401);
  });

  it("registration needs the caller's own live challenge", async () => {
    const alice = await f.createUser({ tenants: [{ id: tenant }] });
    const bob = await f.createUser({ tenants: [{ id: tenant }] });
    const options = await f.json<Options>(await f.request('POST', P.devices, await alice.tokenIn(), {}));
    const res = await f.request(
      'POST',
      P.verify,
      await bob.tokenIn(),
      new SoftAuthenticator().create(options),
    );
    await f.errorsOf(res, 400);
    // A sign-in challenge cannot register a credential either.
    const signIn = await preLogin();
    const res2 = await f.request(
      'POST',
      P.verify,
      await bob.tokenIn(),
      new SoftAuthenticator().create({ ...signIn, user: { id: 'x' } }),
    );
    await f.errorsOf(res2, 400);
    await f.errorsOf(await f.request('POST', P.devices, undefined, {}), 401);
    await f.errorsOf(await f.request('GET', P.devices), 401);
  });

  it("deletes the caller's own passkey only; a deleted passkey no longer signs in", async () => {
    const alice = await f.createUser({ tenants: [{ id: tenant }] });
    const bob = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    const device = await register(await alice.tokenIn(), authenticator);
    await f.errorsOf(await f.request('DELETE', `${P.devices}/${device.id}`, await bob.tokenIn()), 404);
    await f.json(await f.request('DELETE', `${P.devices}/${device.id}`, await alice.tokenIn()));
    const { devices } = await f.json<{ devices: unknown[] }>(
      await f.request('GET', P.devices, await alice.tokenIn()),
    );
    assert.equal(devices.length, 0);
    await f.errorsOf(
      await f.request('POST', P.postLogin, undefined, authenticator.get(await preLogin())),
      401,
    );
    const [audit] = await f.db
      .select()
      .from(audits)
      .where(and(eq(audits.userId, alice.id), eq(audits.action, 'Passkey deleted')));
    assert.ok(audit);
  });

  it('a locked or never-activated account does not sign in with its passkey', async () => {
    const user = await f.createUser({ tenants: [{ id: tenant }] });
    const authenticator = new SoftAuthenticator();
    await register(await user.tokenIn(), authenticator);
    const { users } = await import('../db/schema');
    await f.db.update(users).set({ verified: false }).where(eq(users.id, user.id));
    await f.errorsOf(
      await f.request('POST', P.postLogin, undefined, authenticator.get(await preLogin())),
      401,
    );
  });
});

describe('dev: feature flags switched by tests and demos', () => {
  it('[LOGIN-012] PUT /dev/feature-flags/show-passkeys-new turns the passkeys flag on and off', async () => {
    const t = await testServer();
    try {
      const flags = async () =>
        ((await (await t.app.request('/flags')).json()) as { flags?: Record<string, string> }).flags ?? {};
      const before = await flags();
      assert.notEqual(before['show-passkeys-new'], 'on');
      const put = (on: unknown) =>
        t.app.request('/dev/feature-flags/show-passkeys-new', { ...t.json({ on }), method: 'PUT' });
      assert.equal((await put(true)).status, 200);
      assert.equal((await flags())['show-passkeys-new'], 'on');
      assert.equal((await put(false)).status, 200);
      assert.notEqual((await flags())['show-passkeys-new'], 'on');
      assert.equal((await put('yes')).status, 400);
    } finally {
      await t.close();
    }
  });
});
