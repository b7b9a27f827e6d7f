// Reaching the server from a host on another origin: CORS for ALLOWED_ORIGINS, the `/frontegg/` prefix (cookies
// included), the refresh cookie's SameSite, and the public scripts under /cdn/ (docs/decisions/0012-wire-contract.md).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paths } from '../../shared/api/paths';
import { ADMIN_BOX_CDN_VERSION } from '../../shared/options/cdn';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { CORS_ALLOWED_HEADERS } from './cors';
import { prefixCookiePath } from './frontegg-prefix';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  clearOfWindowEdge,
  LOOPBACK_PEER,
  testServer,
  type TestServer,
} from '../testing';

const HOST = 'https://app.example.com';
const STRANGER = 'https://evil.example';
const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));

/** The headers `@frontegg/rest-api` 7.119.0's FetchClient sets (metadata, source, scoped tenant, additional). */
const FRONTEGG_CLIENT_HEADERS = [
  'authorization',
  'content-type',
  'frontegg-source',
  'frontegg-scoped-tenant',
  'x-frontegg-framework',
  'x-frontegg-sdk',
  'frontegg-login-alias',
  'frontegg-requested-application-id',
];

const preflight = (
  origin: string,
  path: string,
  method = 'POST',
  headers = 'content-type, x-frontegg-sdk',
) => ({
  path,
  init: {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  },
});

describe('[CORS] ALLOWED_ORIGINS: credentialed calls from the listed host origins only', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer({ allowedOrigins: [HOST] });
  });
  after(() => t.close());

  it('a preflight from a listed origin is answered 204 with its origin, credentials, the methods and every header both clients send', async () => {
    for (const path of [
      paths.auth.login.path,
      `/frontegg${paths.auth.login.path}`,
      paths.roles.getRoles.path,
    ]) {
      const { init } = preflight(HOST, path, 'POST', FRONTEGG_CLIENT_HEADERS.join(','));
      const res = await t.app.request(path, init);
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('access-control-allow-origin'), HOST);
      assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
      const methods = res.headers.get('access-control-allow-methods')!.split(/,\s*/);
      for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) assert.ok(methods.includes(m), m);
      const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
      for (const h of FRONTEGG_CLIENT_HEADERS) assert.ok(allowed.includes(h), h);
      assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/);
      assert.ok(Number(res.headers.get('access-control-max-age')) > 0);
    }
    // The elements' own client headers are in the same list.
    for (const h of ['frontegg-application-id', 'frontegg-login-alias'])
      assert.ok(CORS_ALLOWED_HEADERS.includes(h as never));
  });

  it('a preflight from any other origin (another site, a sibling port, an opaque origin) gets no CORS header at all and counts against no rate limit', async () => {
    for (const origin of [STRANGER, 'https://app.example.com:8443', 'http://app.example.com', 'null']) {
      const { init } = preflight(origin, paths.auth.login.path);
      const res = await t.app.request(paths.auth.login.path, init);
      assert.deepEqual(corsHeaders(res), [], origin);
    }
  });

  it('answers to a listed origin carry its origin and credentials, errors included; another origin gets none', async () => {
    const login = await t.app.request(
      paths.auth.login.path,
      t.json({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { origin: HOST }),
    );
    assert.equal(login.status, 200);
    assert.equal(login.headers.get('access-control-allow-origin'), HOST);
    assert.equal(login.headers.get('access-control-allow-credentials'), 'true');
    assert.match(login.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
    assert.match(login.headers.get('vary') ?? '', /\bOrigin\b/);
    // A refusal is readable by the host page too (its client shows the message).
    const refused = await t.app.request(paths.auth.getMeV2.path, { headers: { origin: HOST } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), HOST);
    const wrong = await t.app.request(
      paths.auth.login.path,
      t.json({ email: ADMIN_EMAIL, password: 'wrong-password-123' }, { origin: HOST }),
    );
    assert.equal(wrong.headers.get('access-control-allow-origin'), HOST);
    // Another origin: the same answers, not one CORS header (the browser keeps them from the page).
    for (const path of [paths.auth.getMeV2.path, paths.roles.getRoles.path, '/health']) {
      const res = await t.app.request(path, { headers: { origin: STRANGER } });
      assert.deepEqual(corsHeaders(res), [], path);
      assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/, 'caches keep answers apart by Origin');
    }
  });

  it('no origin listed (the default): no origin gets CORS headers', async () => {
    const plain = createApp({
      ...t.services,
      root: '.',
      config: { ...t.services.config, allowedOrigins: [] },
    });
    const { path, init } = preflight(HOST, paths.auth.login.path);
    assert.deepEqual(corsHeaders(await plain.request(path, init, LOOPBACK_PEER)), []);
    const login = await plain.request(
      path,
      t.json({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { origin: HOST }),
      LOOPBACK_PEER,
    );
    assert.equal(login.status, 200);
    assert.deepEqual(corsHeaders(login), []);
  });

  it('cookie-authenticated endpoints trust the same origins: refresh from a listed origin works, from another is refused (403, with no CORS header)', async () => {
    const login = await t.login();
    const cookie = t.refreshCookie(login)!;
    const from = (origin: string, token: string) =>
      t.app.request(
        paths.auth.refreshToken.path,
        t.json({}, { cookie: `fe_refresh=${token}`, origin, 'sec-fetch-site': 'cross-site' }),
      );
    const stranger = await from(STRANGER, cookie);
    assert.equal(stranger.status, 403);
    assert.deepEqual(corsHeaders(stranger), []);
    const host = await from(HOST, cookie);
    assert.equal(host.status, 200);
    assert.equal(host.headers.get('access-control-allow-origin'), HOST);
  });
});

describe('[CORS] the API under /frontegg/ (the default urlPrefix of @frontegg/rest-api)', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer({ allowedOrigins: [HOST] });
  });
  after(() => t.close());

  it('answers every path under /frontegg/ as at /: sign-in, me, an unknown path 404', async () => {
    const login = await t.app.request(
      `/frontegg${paths.auth.login.path}`,
      t.json({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    assert.equal(login.status, 200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = await t.app.request(`/frontegg${paths.auth.getMeV2.path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { email: string }).email, ADMIN_EMAIL);
    assert.equal((await t.app.request('/frontegg/no/such/path')).status, 404);
    assert.equal(
      (await t.app.request('/fronteggish/health')).status,
      404,
      'only the whole segment is a prefix',
    );
  });

  it('the refresh cookie of a sign-in under /frontegg/ is scoped under it, and refreshes there; a sign-in at / keeps its path', async () => {
    const login = await t.app.request(
      `/frontegg${paths.auth.login.path}`,
      t.json({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!;
    assert.match(cookie, /; Path=\/frontegg\/identity\/resources\/auth\/v1(;|$)/);
    const token = t.refreshCookie(login)!;
    const refreshed = await t.app.request(
      `/frontegg${paths.auth.refreshToken.path}`,
      t.json({}, { cookie: `fe_refresh=${token}`, origin: HOST, 'sec-fetch-site': 'cross-site' }),
    );
    assert.equal(refreshed.status, 200);
    assert.match(
      refreshed.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!,
      /; Path=\/frontegg\/identity\/resources\/auth\/v1(;|$)/,
    );
    const atRoot = await t.login();
    assert.match(
      atRoot.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!,
      /; Path=\/identity\/resources\/auth\/v1(;|$)/,
    );
    // Logging out under the prefix clears the cookie at the path it was set on.
    const logout = await t.app.request(
      `/frontegg${paths.auth.logout.path}`,
      t.json({}, { cookie: `fe_refresh=${t.refreshCookie(refreshed)}` }),
    );
    assert.match(
      logout.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!,
      /Max-Age=0.*Path=\/frontegg\/identity\/resources\/auth\/v1|Path=\/frontegg\/identity\/resources\/auth\/v1.*Max-Age=0/,
    );
  });

  it('a cookie path is moved under the prefix once; Path=/ stays', () => {
    assert.equal(prefixCookiePath('a=1; Path=/oauth; HttpOnly'), 'a=1; Path=/frontegg/oauth; HttpOnly');
    assert.equal(prefixCookiePath('a=1; Path=/frontegg/x'), 'a=1; Path=/frontegg/x');
    assert.equal(prefixCookiePath('a=1; Path=/; Secure'), 'a=1; Path=/; Secure');
    assert.equal(prefixCookiePath('a=1; Secure'), 'a=1; Secure');
  });

  it('sign-in paths under the prefix share the one sign-in budget (no escape through the prefix)', async () => {
    const limited = await testServer({ authRateLimitPerMinute: 2 });
    try {
      await clearOfWindowEdge();
      const attempt = (path: string) =>
        limited.app.request(path, limited.json({ email: 'nobody@acme.test', password: 'whatever-123' }));
      await attempt(paths.auth.login.path);
      await attempt(`/frontegg${paths.auth.login.path}`);
      assert.equal((await attempt(`/frontegg${paths.auth.login.path}`)).status, 429);
    } finally {
      await limited.close();
    }
  });
});

describe('[CORS] COOKIE_SAME_SITE: the refresh cookie SameSite', () => {
  it('is Lax by default; None (always Secure) for a host on another site; anything else stops the start-up', async () => {
    const base = { DATA_DIR: 'memory://' };
    assert.equal(loadConfig(base).cookieSameSite, 'Lax');
    assert.equal(loadConfig({ ...base, COOKIE_SAME_SITE: 'None' }).cookieSameSite, 'None');
    assert.throws(() => loadConfig({ ...base, COOKIE_SAME_SITE: 'none-please' }), /COOKIE_SAME_SITE/);
    const t = await testServer();
    try {
      for (const sameSite of ['Lax', 'None'] as const) {
        const app = createApp({
          ...t.services,
          root: '.',
          config: { ...t.services.config, cookieSameSite: sameSite },
        });
        const login = await app.request(
          paths.auth.login.path,
          t.json({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
          LOOPBACK_PEER,
        );
        const cookie = login.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='))!;
        assert.match(cookie, new RegExp(`; SameSite=${sameSite}(;|$)`));
        assert.match(cookie, /; Secure(;|$)/);
        assert.match(cookie, /; HttpOnly(;|$)/);
      }
    } finally {
      await t.close();
    }
  });
});

describe('[CORS] the built scripts under /cdn/ are public', () => {
  let t: TestServer;
  let root: string;
  let app: ReturnType<typeof createApp>;
  const cdn = `/cdn/${ADMIN_BOX_CDN_VERSION}`;
  before(async () => {
    t = await testServer({ allowedOrigins: [HOST] });
    // A build of two files (the test does not depend on `npm run build`).
    root = mkdtempSync(join(tmpdir(), 'fe-cdn-'));
    mkdirSync(join(root, 'dist/cdn/login-box'), { recursive: true });
    mkdirSync(join(root, 'dist/cdn/chunks'), { recursive: true });
    writeFileSync(join(root, 'dist/cdn/login-box/index.js'), "import './../chunks/core-B9tLh1Pw.js';\n");
    writeFileSync(join(root, 'dist/cdn/chunks/core-B9tLh1Pw.js'), 'export const core = 1;\n');
    writeFileSync(join(root, 'dist/cdn/fe-elements.js'), 'window.FeElements = {};\n');
    app = createApp({ ...t.services, root });
  });
  after(async () => {
    rmSync(root, { recursive: true, force: true });
    await t.close();
  });
  const get = (path: string, origin?: string) =>
    app.request(path, { headers: origin ? { origin } : {} }, LOOPBACK_PEER);

  it('to any origin (Access-Control-Allow-Origin: *, no credentials, Cross-Origin-Resource-Policy: cross-origin) as JavaScript', async () => {
    for (const origin of [STRANGER, HOST, undefined]) {
      for (const path of [
        `${cdn}/login-box/index.js`,
        `${cdn}/chunks/core-B9tLh1Pw.js`,
        `${cdn}/fe-elements.js`,
      ]) {
        const res = await get(path, origin);
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get('access-control-allow-origin'), '*', `${path} from ${origin}`);
        assert.equal(res.headers.get('access-control-allow-credentials'), null);
        assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
        assert.match(res.headers.get('content-type') ?? '', /^text\/javascript\b/);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      }
    }
  });

  it('hashed chunks are cached a year (immutable); the entry files, whose names stay across builds, a few minutes', async () => {
    const chunk = await get(`${cdn}/chunks/core-B9tLh1Pw.js`);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    for (const entry of [`${cdn}/login-box/index.js`, `${cdn}/fe-elements.js`]) {
      const res = await get(entry);
      const cacheControl = res.headers.get('cache-control') ?? '';
      assert.match(cacheControl, /^public, max-age=\d+$/, entry);
      assert.ok(Number(cacheControl.split('=')[1]) <= 3600, entry);
    }
    const missing = await get(`${cdn}/chunks/nothing-AAAAAAAA.js`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('cache-control'), null, 'a miss is not cached');
  });
});
