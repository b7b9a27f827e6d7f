import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, generateKeyPair, importJWK, type JWK } from 'jose';
import { hashPassword } from '../auth/passwords';
import { signingKeys, users } from '../db/schema';
import { ADMIN_EMAIL, testServer } from '../testing';

describe('identity auth: login, refresh, logout, me', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('logs in with email and password: an RS256 access token of 300 s and an HttpOnly refresh cookie', async () => {
    const res = await t.login();
    assert.equal(res.status, 200);
    const body = (await res.json()) as { accessToken: string; expiresIn: number; user: { email: string } };
    assert.equal(body.expiresIn, 300);
    assert.equal(body.user.email, ADMIN_EMAIL);
    const claims = decodeJwt(body.accessToken);
    assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 300);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /Secure/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\/identity\/resources\/auth\/v1/);
  });

  it('users v2 me answers the signed-in user with roles and permissions', async () => {
    const { accessToken } = (await (await t.login()).json()) as { accessToken: string };
    const res = await t.app.request('/identity/resources/users/v2/me', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(res.status, 200);
    const me = (await res.json()) as {
      email: string;
      roles: { key: string }[];
      permissions: { key: string }[];
    };
    assert.equal(me.email, ADMIN_EMAIL);
    assert.deepEqual(
      me.roles.map((r) => r.key),
      ['Admin'],
    );
    assert.ok(me.permissions.some((p) => p.key === 'fe.secure.read.users'));
  });

  it('known and unknown emails get identical answers (no user enumeration)', async () => {
    const wrong = await t.login(ADMIN_EMAIL, 'not-the-password');
    const unknown = await t.login('nobody@acme.test', 'not-the-password');
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, wrong.status);
    assert.deepEqual(await unknown.json(), await wrong.json());
  });

  it('refuses tokens with alg none, a wrong signature or a past exp', async () => {
    const me = (token: string) =>
      t.app.request('/identity/resources/users/v2/me', { headers: { authorization: `Bearer ${token}` } });
    const { accessToken } = (await (await t.login()).json()) as { accessToken: string };
    const [, payload] = accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    assert.equal((await me(none)).status, 401);
    const { privateKey } = await generateKeyPair('RS256');
    const claims = decodeJwt(accessToken);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'x' }).sign(privateKey);
    assert.equal((await me(forged)).status, 401);
    const tampered = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    assert.equal((await me(tampered)).status, 401);
    // Signed with the server's own key, but expired a minute ago.
    const [key] = await t.services.db.select().from(signingKeys);
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key!.kid })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(await importJWK(key!.privateJwk as JWK, 'RS256'));
    assert.equal((await me(expired)).status, 401);
    assert.equal((await me(accessToken)).status, 200);
  });

  it('rotates the refresh token on every use; presenting a used one later revokes its whole family', async () => {
    let shift = 0;
    const clocked = await testServer({}, { now: () => new Date(Date.now() + shift) });
    try {
      const first = clocked.refreshCookie(await clocked.login())!;
      const res = await clocked.refresh(first);
      assert.equal(res.status, 200);
      const second = clocked.refreshCookie(res)!;
      assert.notEqual(second, first);
      // Reuse past the concurrency grace: refused, and the family (so `second` too) is revoked.
      shift = 60_000;
      assert.equal((await clocked.refresh(first)).status, 401);
      assert.equal((await clocked.refresh(second)).status, 401);
    } finally {
      await clocked.close();
    }
  });

  it('16 concurrent redemptions of one refresh token mint exactly one new token (200 repetitions)', async () => {
    for (let round = 0; round < 200; round++) {
      const token = t.refreshCookie(await t.login())!;
      const answers = await Promise.all(Array.from({ length: 16 }, () => t.refresh(token)));
      const ok = answers.filter((r) => r.status === 200);
      assert.equal(ok.length, 1, `round ${round}`);
      // The others are told to retry (409), not treated as thieves.
      assert.ok(
        answers.every((r) => r.status === 200 || r.status === 409),
        `round ${round}`,
      );
      // The winner's successor still works: concurrent losers did not revoke the family.
      assert.equal((await t.refresh(t.refreshCookie(ok[0]!)!)).status, 200, `round ${round}`);
    }
  });

  it('a used refresh token replayed after its successor was used revokes the family, however soon', async () => {
    const first = t.refreshCookie(await t.login())!;
    const second = t.refreshCookie(await t.refresh(first))!;
    const third = t.refreshCookie(await t.refresh(second))!;
    assert.equal((await t.refresh(first)).status, 401);
    assert.equal((await t.refresh(third)).status, 401, 'the family is revoked');
  });

  it('logout revokes the session: its refresh token no longer works', async () => {
    const token = t.refreshCookie(await t.login())!;
    const out = await t.app.request(
      '/identity/resources/auth/v1/logout',
      t.json({}, { cookie: `fe_refresh=${token}` }),
    );
    assert.equal(out.status, 200);
    assert.ok(out.headers.getSetCookie().some((c) => /fe_refresh=;/.test(c)));
    assert.equal((await t.refresh(token)).status, 401);
  });

  it('locks an account after 5 failed logins, even against the right password', async () => {
    const email = 'grace@acme.test';
    await t.services.db
      .update(users)
      .set({ passwordHash: await hashPassword('grace-password-1') })
      .where(eq(users.email, email));
    for (let i = 0; i < 5; i++) assert.equal((await t.login(email, 'wrong-password')).status, 401);
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    assert.ok(row?.lockedUntil && row.lockedUntil > new Date());
    assert.equal((await t.login(email, 'grace-password-1')).status, 401);
  });

  it('parallel wrong passwords cannot slip past the lockout', async () => {
    const email = 'margaret@acme.test';
    await t.services.db
      .update(users)
      .set({ passwordHash: await hashPassword('margaret-password-1') })
      .where(eq(users.email, email));
    await Promise.all(Array.from({ length: 20 }, () => t.login(email, 'wrong-password')));
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    assert.ok(row?.lockedUntil && row.lockedUntil > new Date(), 'locked');
    assert.equal((await t.login(email, 'margaret-password-1')).status, 401);
  });

  it('an account that was never activated cannot sign in: the same answer as a wrong password', async () => {
    const email = 'linus@acme.test';
    await t.services.db
      .update(users)
      .set({ verified: false, passwordHash: await hashPassword('linus-password-1') })
      .where(eq(users.email, email));
    const unverified = await t.login(email, 'linus-password-1');
    const wrong = await t.login(ADMIN_EMAIL, 'not-the-password');
    assert.equal(unverified.status, 401);
    assert.deepEqual(await unverified.json(), await wrong.json());
  });

  it('lockout holds against the right password and releases when it ends', async () => {
    const { db } = t.services;
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, admin!.id));
    assert.equal((await t.login()).status, 401, 'locked: even the right password is refused');
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, admin!.id));
    assert.equal((await t.login()).status, 200, 'released');
  });
});

describe('server boundary', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  it('validates bodies: a bad body is a 400 with the errors shape', async () => {
    const res = await t.app.request('/identity/resources/auth/v1/user', t.json({ email: 'not-an-email' }));
    assert.equal(res.status, 400);
    const body = (await res.json()) as { errors: string[] };
    assert.ok(body.errors.length >= 1);
    assert.ok(body.errors.every((e) => typeof e === 'string' && !/at .*\.ts/.test(e)));
    const broken = await t.app.request('/identity/resources/auth/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    assert.equal(broken.status, 400);
  });

  it('a body over the limit is a 413 "Error request is too large"', async () => {
    const res = await t.app.request('/identity/resources/auth/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { errors: ['Error request is too large'], errorCode: 'ER-6004' });
  });

  it('serves the JWKS with the signing key', async () => {
    const jwks = (await (await t.app.request('/.well-known/jwks.json')).json()) as {
      keys: { kty: string; alg: string; d?: string }[];
    };
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0]!.alg, 'RS256');
    assert.equal(jwks.keys[0]!.d, undefined);
  });
});
