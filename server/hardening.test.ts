// Hardening: development routes, the atomic lockout, revocation that takes effect, cookie endpoints' origins.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../shared/api/paths';
import { loadConfig } from './config';
import { sessions, users } from './db/schema';
import { fixtures, peer, testServer, type TestServer } from './testing';

const DEV_ROUTES: [string, string, unknown?][] = [
  ['GET', '/dev/outbox'],
  ['GET', '/dev/sms'],
  ['PUT', '/dev/auth-strategy', { strategy: 'MagicLink' }],
  ['PUT', '/dev/feature-flags/show-passkeys-new', { on: true }],
  ['POST', '/dev/sso-configurations', {}],
  ['POST', '/dev/social-providers', {}],
];
const devRequest = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

describe('[Hardening] development routes', () => {
  it('exist only with DEV_ROUTES=1: every /dev route answers 404 without it', async () => {
    const t = await testServer({ devRoutes: false });
    try {
      for (const [method, path, body] of DEV_ROUTES) {
        const res = await t.app.request(path, devRequest(method, body));
        assert.equal(res.status, 404, `${method} ${path}`);
      }
    } finally {
      await t.close();
    }
  });

  it('answer only loopback peers: a remote address gets 403 on every /dev route, 127.0.0.1 and ::1 are answered', async () => {
    const t = await testServer();
    try {
      for (const remote of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1', '']) {
        for (const [method, path, body] of DEV_ROUTES) {
          const res = await t.app.request(path, devRequest(method, body), peer(remote));
          assert.equal(res.status, 403, `${method} ${path} from ${remote || 'no socket'}`);
        }
      }
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
        const res = await t.app.request('/dev/outbox', {}, peer(local));
        assert.equal(res.status, 200, local);
      }
    } finally {
      await t.close();
    }
  });

  it('the configuration: off by default, bound to 127.0.0.1, and refused on a non-loopback interface or in production', () => {
    const base = { DATA_DIR: 'memory://' };
    assert.equal(loadConfig(base).devRoutes, false);
    assert.equal(loadConfig(base).host, '127.0.0.1');
    assert.equal(loadConfig({ ...base, DEV_ROUTES: '1' }).devRoutes, true);
    assert.equal(loadConfig({ ...base, DEV_ROUTES: '1', HOST: '::1' }).devRoutes, true);
    assert.throws(() => loadConfig({ ...base, DEV_ROUTES: '1', HOST: '0.0.0.0' }), /not loopback/);
    assert.throws(() => loadConfig({ ...base, DEV_ROUTES: '1', HOST: 'example.com' }), /not loopback/);
    assert.throws(() => loadConfig({ ...base, DEV_ROUTES: '1', NODE_ENV: 'production' }), /production/);
    assert.deepEqual(
      loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173' })
        .allowedOrigins,
      ['https://app.example.com', 'http://localhost:5173'],
    );
    assert.throws(() => loadConfig({ ...base, ALLOWED_ORIGINS: 'https://app.example.com/path' }), /origin/);
  });
});

describe('[Hardening] lockout: attempts reserved before the password is verified', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
  });
  after(() => t.close());

  const guess = (email: string, password: string) => t.login(email, password);

  it('200 parallel guesses, the right one among them, evaluate at most the policy’s 5 and the right one is refused', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const guesses = [...Array.from({ length: 199 }, (_, i) => `wrong-${i}`), user.password];
    const answers = await Promise.all(guesses.map((p) => guess(user.email, p)));
    assert.deepEqual(new Set(answers.map((r) => r.status)), new Set([401]));
    const evaluated = (await f.auditsFor('User login failed')).filter((a) => a.userId === user.id);
    const refused = (await f.auditsFor('User login refused: account locked')).filter(
      (a) => a.userId === user.id,
    );
    assert.ok(evaluated.length <= 5, `${evaluated.length} guesses evaluated`);
    assert.equal(evaluated.length + refused.length, 200);
    assert.equal((await f.auditsFor('User locked out')).filter((a) => a.userId === user.id).length, 1);
    // Locked: the right password alone is refused too, and no session was opened by any of them.
    assert.equal((await guess(user.email, user.password)).status, 401);
    const open = await t.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.equal(open.length, 0);
  });

  it('the same burst on a second process’s worth of requests agrees: the count lives in the database', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    // Two apps on one database (as two server processes would be).
    const { createApp } = await import('./app');
    const { fileURLToPath } = await import('node:url');
    const other = createApp({ root: fileURLToPath(new URL('..', import.meta.url)), ...t.services });
    const send = (i: number) =>
      (i % 2 ? other : t.app).request(
        paths.auth.login.path,
        t.json({ email: user.email, password: `wrong-${i}` }),
      );
    await Promise.all(Array.from({ length: 60 }, (_, i) => send(i)));
    const evaluated = (await f.auditsFor('User login failed')).filter((a) => a.userId === user.id);
    assert.ok(evaluated.length <= 5, `${evaluated.length} guesses evaluated`);
  });

  it('four wrong guesses then the right one sign in, and the count starts again', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    for (let i = 0; i < 4; i++) assert.equal((await guess(user.email, `wrong-${i}`)).status, 401);
    assert.equal((await guess(user.email, user.password)).status, 200);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(row?.failedLogins, 0);
    assert.equal(row?.lockedUntil, null);
  });

  it('a lock runs out by its time, never by a lucky guess', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    for (let i = 0; i < 5; i++) await guess(user.email, `wrong-${i}`);
    assert.equal((await guess(user.email, user.password)).status, 401);
    await t.services.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    assert.equal((await guess(user.email, user.password)).status, 200);
  });

  it('wrong current passwords on change password count toward the same lockout, in parallel too', async () => {
    const user = await f.createUser({ tenants: [{ id: await f.tenantId('Acme') }], password: true });
    const { token } = await user.signIn();
    const change = (password: string) =>
      f.request('POST', paths.teams.changePassword.path, token, {
        password,
        newPassword: 'A-new-password-9876',
      });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => change(`wrong-${i}`)));
    const evaluated = answers.filter((r) => r.status === 400).length;
    assert.ok(evaluated <= 5, `${evaluated} current passwords evaluated`);
    assert.equal(answers.filter((r) => r.status === 429).length, 40 - evaluated);
    // Now locked: the right current password is refused, and so is a password sign-in.
    assert.equal((await change(user.password)).status, 429);
    assert.equal((await guess(user.email, user.password)).status, 401);
  });
});

describe('[Hardening] revocation takes effect on the next request', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer();
    f = fixtures(t);
  });
  after(() => t.close());

  const me = (token: string) => f.request('GET', paths.auth.getMeV2.path, token);
  const signedInMember = async () => {
    const user = await f.createUser({
      tenants: [{ id: await f.tenantId('Acme'), roles: ['ReadOnly'] }],
      password: true,
    });
    const session = await user.signIn();
    assert.equal((await me(session.token)).status, 200);
    return { ...user, ...session };
  };

  it('a revoked session’s access token is refused', async () => {
    const user = await signedInMember();
    const other = await user.signIn();
    const res = await f.request(
      'DELETE',
      `/identity/resources/users/sessions/v1/me/${user.claims.sid}`,
      other.token,
    );
    assert.equal(res.status, 200, await res.text());
    assert.equal((await me(user.token)).status, 401);
    assert.equal((await me(other.token)).status, 200);
  });

  it('signing out refuses the session’s access token', async () => {
    const user = await signedInMember();
    const res = await t.app.request(
      paths.auth.logout.path,
      t.json({}, { cookie: `fe_refresh=${user.cookie}` }),
    );
    assert.equal(res.status, 200);
    assert.equal((await me(user.token)).status, 401);
  });

  it('changing the password refuses the other sessions’ access tokens', async () => {
    const user = await signedInMember();
    const other = await user.signIn();
    const res = await f.request('POST', paths.teams.changePassword.path, user.token, {
      password: user.password,
      newPassword: 'A-new-password-9876',
    });
    assert.equal(res.status, 200, await res.text());
    assert.equal((await me(other.token)).status, 401);
    assert.equal((await me(user.token)).status, 200);
  });

  it('disabling or deleting a user refuses their access tokens', async () => {
    const admin = await f.signIn();
    const disabled = await signedInMember();
    const off = await f.request(
      'POST',
      `/identity/resources/tenants/users/v1/${disabled.id}/disable`,
      admin.token,
      {},
    );
    assert.equal(off.status, 200, await off.text());
    assert.equal((await me(disabled.token)).status, 401);
    const deleted = await signedInMember();
    const gone = await f.request('DELETE', `/team/resources/members/v1/${deleted.id}`, admin.token);
    assert.equal(gone.status, 200, await gone.text());
    assert.equal((await me(deleted.token)).status, 401);
  });
});

describe('[Hardening] cookie-authenticated endpoints check the origin', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  before(async () => {
    t = await testServer({ allowedOrigins: ['https://app.example.com'] });
    f = fixtures(t);
  });
  after(() => t.close());

  const withCookie = (cookie: string, headers: Record<string, string>) =>
    t.json({}, { cookie: `fe_refresh=${cookie}`, ...headers });

  it('refresh from another site, a sibling port or an opaque origin is refused and rotates nothing', async () => {
    const { cookie } = await f.signIn();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:9999', 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await t.app.request(paths.auth.refreshToken.path, withCookie(cookie, headers));
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(t.refreshCookie(res), null);
    }
    // The cookie still works from the server's own origin and from an allowed host origin.
    const own = await t.app.request(
      paths.auth.refreshToken.path,
      withCookie(cookie, { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }),
    );
    assert.equal(own.status, 200);
    const host = await t.app.request(
      paths.auth.refreshToken.path,
      withCookie(t.refreshCookie(own)!, {
        origin: 'https://app.example.com',
        'sec-fetch-site': 'cross-site',
      }),
    );
    assert.equal(host.status, 200);
  });

  it('a cross-site form post to logout is refused and the session stays', async () => {
    const { cookie } = await f.signIn();
    const res = await t.app.request(paths.auth.logout.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `fe_refresh=${cookie}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body: '',
    });
    assert.equal(res.status, 403);
    assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith('fe_refresh=')), 'cookie kept');
    assert.equal((await t.refresh(cookie)).status, 200);
  });

  it('a signed-out browser asking to refresh (no cookie) gets 204 no-store: no 401 in every page load', async () => {
    const res = await t.app.request(paths.auth.refreshToken.path, t.json({}));
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal((await t.refresh('not-a-token')).status, 401, 'a cookie that is no longer valid is a 401');
  });

  it('silent authorize from another site is refused', async () => {
    const res = await t.app.request(paths.auth.silentOAuthRefreshToken.path, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(res.status, 403);
  });
});
