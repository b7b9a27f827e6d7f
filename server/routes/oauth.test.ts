import { Hono } from 'hono';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/refresh';
import { savePolicy } from '../account/policies';
import { oauthClients, oauthCodes, policies, sessions, tenants } from '../db/schema';
import { DEMO_CLIENT_ID, ensureDemoOAuthClient } from '../oauth/clients';
import { CODE_TTL_MS } from '../oauth/codes';
import { HOSTED_COOKIE } from '../oauth/hostedSession';
import { s256, verifiesChallenge } from '../oauth/pkce';
import { oauthRoutes } from './oauth';
import { ADMIN_EMAIL, testServer } from '../testing';

const REDIRECT = 'http://localhost:8080/oauth/callback';
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

type Tokens = { access_token: string; token_type: string; expires_in: number; refresh_token: string };
type OAuthError = { error: string; error_description: string };

describe('OAuth hosted login (PKCE S256)', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer();
    await ensureDemoOAuthClient(t.services);
  });
  after(() => t.close());

  const newVerifier = () => randomBytes(48).toString('base64url');
  const authorizeParams = (verifier: string, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    state: 'state-1234',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  const authorize = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.request(`/oauth/authorize?${new URLSearchParams(params)}`, { headers });
  const token = (body: Record<string, string>) => t.app.request('/oauth/token', t.json(body));
  const hostedCookie = (res: Response) => {
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${HOSTED_COOKIE}=`));
    return header ? decodeURIComponent(header.split(';')[0]!.slice(HOSTED_COOKIE.length + 1)) : null;
  };
  const withHosted = (cookie: string) => ({ cookie: `${HOSTED_COOKIE}=${cookie}` });

  /** What the hosted page does after sign-in: hands the identity session over to POST /oauth/authorize. */
  async function signInHosted(verifier = newVerifier()) {
    const { accessToken } = (await (await t.login()).json()) as { accessToken: string };
    const res = await t.app.request('/oauth/authorize', {
      ...t.json(authorizeParams(verifier), { authorization: `Bearer ${accessToken}` }),
    });
    assert.equal(res.status, 200);
    const { redirectTo } = (await res.json()) as { redirectTo: string };
    return { cookie: hostedCookie(res)!, redirectTo: new URL(redirectTo), verifier, setCookie: res };
  }

  async function codeFor(cookie: string, verifier: string, extra: Record<string, string> = {}) {
    const res = await authorize(authorizeParams(verifier, extra), withHosted(cookie));
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location')!);
    return location.searchParams.get('code')!;
  }

  const exchange = (code: string, verifier: string | undefined, extra: Record<string, string> = {}) =>
    token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: DEMO_CLIENT_ID,
      ...(verifier === undefined ? {} : { code_verifier: verifier }),
      ...extra,
    });

  it('computes the RFC 7636 Appendix B vector', () => {
    assert.equal(s256(RFC_VERIFIER), RFC_CHALLENGE);
    assert.equal(verifiesChallenge(RFC_VERIFIER, RFC_CHALLENGE), true);
    assert.equal(verifiesChallenge(`${RFC_VERIFIER}x`, RFC_CHALLENGE), false);
    assert.equal(verifiesChallenge('too-short', s256('too-short')), false);
  });

  it('seeds the demo client idempotently and follows the public URL', async () => {
    await ensureDemoOAuthClient(t.services);
    const [row] = await t.services.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, DEMO_CLIENT_ID));
    assert.deepEqual(row!.redirectUris, [REDIRECT, 'http://localhost:8080/examples/hosted/callback/']);
    const moved = { ...t.services, config: { ...t.services.config, publicUrl: 'https://id.example.com' } };
    await ensureDemoOAuthClient(moved);
    const [after] = await t.services.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, DEMO_CLIENT_ID));
    assert.deepEqual(after!.redirectUris, [
      'https://id.example.com/oauth/callback',
      'https://id.example.com/examples/hosted/callback/',
    ]);
    await ensureDemoOAuthClient(t.services);
  });

  it('refuses an unknown client with a 400 page, never a redirect', async () => {
    const res = await authorize(authorizeParams(newVerifier(), { client_id: 'nope' }));
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('location'), null);
    assert.match(await res.text(), /Unknown client_id/);
    const json = await authorize(authorizeParams(newVerifier(), { client_id: 'nope' }), {
      accept: 'application/json',
    });
    assert.equal(json.status, 400);
    assert.equal(((await json.json()) as OAuthError).error, 'invalid_client');
  });

  it('matches redirect_uri exactly: prefix, suffix, query, slash, case and look-alike hosts are refused', async () => {
    for (const uri of [
      'http://localhost:8080/oauth/callback/evil',
      'http://localhost:8080/oauth/callbackx',
      'http://localhost:8080/oauth/callback?next=https://evil.test',
      'http://localhost:8080/oauth/callback/',
      'http://localhost:8080/oauth/Callback',
      'http://localhost:8080/oauth',
      'http://localhost:8080.evil.test/oauth/callback',
      'https://localhost:8080/oauth/callback',
      'not a url',
    ]) {
      const res = await authorize(authorizeParams(newVerifier(), { redirect_uri: uri }));
      assert.equal(res.status, 400, uri);
      assert.equal(res.headers.get('location'), null, uri);
    }
  });

  it('refuses client_id or redirect_uri given twice, without redirecting', async () => {
    const query = `${new URLSearchParams(authorizeParams(newVerifier()))}&redirect_uri=${encodeURIComponent(REDIRECT)}`;
    const res = await t.app.request(`/oauth/authorize?${query}`);
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('location'), null);
  });

  it('refuses plain, a missing method and a missing challenge: invalid_request to the redirect URI, no code', async () => {
    const verifier = newVerifier();
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'plain', code_challenge: verifier },
      { code_challenge_method: 'plain' },
      { code_challenge_method: '' },
      { code_challenge: '' },
      { code_challenge_method: 's256' },
      { code_challenge: 'short' },
      { response_type: 'token' },
      { scope: 'openid admin' },
    ];
    for (const extra of cases) {
      const params = authorizeParams(verifier, extra);
      for (const [key, value] of Object.entries(extra))
        if (value === '') delete params[key as keyof typeof params];
      const res = await authorize(params);
      assert.equal(res.status, 302, JSON.stringify(extra));
      const location = new URL(res.headers.get('location')!);
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
      assert.ok(location.searchParams.get('error'), JSON.stringify(extra));
      assert.equal(location.searchParams.get('state'), 'state-1234');
      assert.equal(location.searchParams.get('code'), null);
    }
    const plain = await authorize(authorizeParams(verifier, { code_challenge_method: 'plain' }));
    assert.equal(new URL(plain.headers.get('location')!).searchParams.get('error'), 'invalid_request');
  });

  it('without a hosted session renders the hosted login page, whose login box loads after the hand-over', async () => {
    const res = await authorize(authorizeParams(newVerifier()));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, /<fe-login-box base-url="http:\/\/localhost(:\d+)?"/);
    assert.doesNotMatch(html, /<script type="module" src=/);
    assert.match(html, /\/identity\/resources\/auth\/v1\/user\/token\/refresh/);
    assert.match(html, /login-box\/index\.js/);
    assert.match(html, /authenticatedUrl/);
  });

  it('the hand-over needs a valid access token of a live session', async () => {
    const params = authorizeParams(newVerifier());
    const none = await t.app.request('/oauth/authorize', t.json(params));
    assert.equal(none.status, 401);
    assert.equal(hostedCookie(none), null);
    const forged = await t.app.request('/oauth/authorize', t.json(params, { authorization: 'Bearer x.y.z' }));
    assert.equal(forged.status, 401);
    const login = await t.login();
    const { accessToken } = (await login.json()) as { accessToken: string };
    await t.app.request('/identity/resources/auth/v1/logout', {
      ...t.json({}, { cookie: `fe_refresh=${t.refreshCookie(login)}` }),
    });
    const ended = await t.app.request(
      '/oauth/authorize',
      t.json(params, { authorization: `Bearer ${accessToken}` }),
    );
    assert.equal(ended.status, 401);
  });

  it('the hand-over sets an HttpOnly, Secure, SameSite=Lax hosted cookie on /oauth and redirects with a code', async () => {
    const { setCookie, redirectTo } = await signInHosted();
    const header = setCookie.headers.getSetCookie().find((c) => c.startsWith(`${HOSTED_COOKIE}=`))!;
    assert.match(header, /HttpOnly/);
    assert.match(header, /Secure/);
    assert.match(header, /SameSite=Lax/);
    assert.match(header, /Path=\/oauth(;|$)/);
    assert.equal(`${redirectTo.origin}${redirectTo.pathname}`, REDIRECT);
    assert.equal(redirectTo.searchParams.get('state'), 'state-1234');
    assert.ok(redirectTo.searchParams.get('code'));
  });

  it('runs the full code flow with PKCE S256: JSON and form bodies', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const res = await authorize(authorizeParams(verifier, { nonce: 'n-1' }), withHosted(cookie));
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location')!);
    assert.equal(location.searchParams.get('state'), 'state-1234');
    const code = location.searchParams.get('code')!;
    assert.ok(code.length >= 43);

    // Stored hashed, bound to client, redirect URI and challenge, expiring within 10 minutes.
    const [row] = await t.services.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    assert.ok(row);
    assert.notEqual(row.codeHash, code);
    assert.equal(row.clientId, DEMO_CLIENT_ID);
    assert.equal(row.redirectUri, REDIRECT);
    assert.equal(row.codeChallenge, s256(verifier));
    assert.equal(row.nonce, 'n-1');
    assert.ok(row.expiresAt.getTime() - row.createdAt.getTime() <= 10 * 60_000);

    const answer = await exchange(code, verifier);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const body = (await answer.json()) as Tokens;
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 300);
    assert.ok(body.refresh_token);
    const claims = await t.services.tokens.verify(body.access_token);
    assert.equal(claims.email, ADMIN_EMAIL);
    assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 300);
    const me = await t.app.request('/identity/resources/users/v2/me', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    assert.equal(me.status, 200);

    const formVerifier = newVerifier();
    const formCode = await codeFor(cookie, formVerifier);
    const form = await t.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: formCode,
        redirect_uri: REDIRECT,
        client_id: DEMO_CLIENT_ID,
        code_verifier: formVerifier,
      }).toString(),
    });
    assert.equal(form.status, 200);
    assert.equal(decodeJwt(((await form.json()) as Tokens).access_token).email, ADMIN_EMAIL);
  });

  it('refuses a missing verifier and a wrong verifier (invalid_grant), without spending the code', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const code = await codeFor(cookie, verifier);
    const missing = await exchange(code, undefined);
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as OAuthError).error, 'invalid_grant');
    const wrong = await exchange(code, newVerifier());
    assert.equal(wrong.status, 400);
    assert.deepEqual(Object.keys((await wrong.json()) as OAuthError).sort(), [
      'error',
      'error_description',
      'errors',
    ]);
    // The plain method's "verifier = challenge" does not pass either.
    const asPlain = await exchange(code, s256(verifier));
    assert.equal(asPlain.status, 400);
    assert.equal((await exchange(code, verifier)).status, 200);
  });

  it('refuses a redirect_uri or client_id that differs from the code', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const code = await codeFor(cookie, verifier);
    for (const redirect_uri of [
      `${REDIRECT}/`,
      `${REDIRECT}x`,
      'http://localhost:8080/examples/hosted/callback/',
    ]) {
      const res = await exchange(code, verifier, { redirect_uri });
      assert.equal(res.status, 400, redirect_uri);
      assert.equal(((await res.json()) as OAuthError).error, 'invalid_grant');
    }
    const unknown = await exchange(code, verifier, { client_id: 'other' });
    assert.equal(unknown.status, 401);
    assert.equal(((await unknown.json()) as OAuthError).error, 'invalid_client');
  });

  it('refuses a code used twice and revokes what its first use issued', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const code = await codeFor(cookie, verifier);
    const first = (await (await exchange(code, verifier)).json()) as Tokens;
    const again = await exchange(code, verifier);
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as OAuthError).error, 'invalid_grant');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    assert.equal(refreshed.status, 400);
    const silent = await t.app.request('/oauth/authorize/silent', {
      method: 'POST',
      headers: withHosted(cookie),
    });
    assert.equal(silent.status, 401);
  });

  it('refuses an expired code (expiry in the database, and an injected clock past 10 minutes)', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const code = await codeFor(cookie, verifier);
    await t.services.db
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    const res = await exchange(code, verifier);
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as OAuthError).error_description, /expired/);

    const later = (ms: number) => {
      const sub = oauthRoutes(t.services, { now: () => new Date(Date.now() + ms) });
      return new Hono().route(sub.prefix, sub.app);
    };
    const fresh = await codeFor(cookie, verifier);
    const body = JSON.stringify({
      grant_type: 'authorization_code',
      code: fresh,
      redirect_uri: REDIRECT,
      client_id: DEMO_CLIENT_ID,
      code_verifier: verifier,
    });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    assert.equal((await later(CODE_TTL_MS + 1000).request('/oauth/token', post)).status, 400);
    assert.equal((await later(CODE_TTL_MS - 60_000).request('/oauth/token', post)).status, 200);
  });

  it('the refresh_token grant rotates; a rotated token presented again is refused', async () => {
    const { cookie } = await signInHosted();
    const verifier = newVerifier();
    const first = (await (await exchange(await codeFor(cookie, verifier), verifier)).json()) as Tokens;
    const res = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: DEMO_CLIENT_ID,
    });
    assert.equal(res.status, 200);
    const second = (await res.json()) as Tokens;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.equal(second.token_type, 'Bearer');
    assert.equal(second.expires_in, 300);
    assert.equal((await t.services.tokens.verify(second.access_token)).email, ADMIN_EMAIL);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as OAuthError).error, 'invalid_grant');
    const unknown = await token({ grant_type: 'refresh_token', refresh_token: 'nope' });
    assert.equal(unknown.status, 400);
  });

  it('answers malformed token requests in the OAuth error shape', async () => {
    const unsupported = await token({ grant_type: 'password', username: 'a', password: 'b' });
    assert.equal(unsupported.status, 400);
    assert.equal(((await unsupported.json()) as OAuthError).error, 'unsupported_grant_type');
    const missing = await token({ grant_type: 'authorization_code' });
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as OAuthError).error, 'invalid_request');
    const garbage = await t.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    assert.equal(garbage.status, 400);
    assert.equal(((await garbage.json()) as OAuthError).error, 'invalid_request');
  });

  it('the session policy applies to the hosted session: past the absolute timeout silent authorize is refused', async () => {
    const { cookie } = await signInHosted();
    const [tenant] = await t.services.db.select().from(tenants).where(eq(tenants.name, 'Acme'));
    await savePolicy(
      t.services,
      'session',
      tenant!.id,
      {
        sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
        sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
        sessionTimeoutConfiguration: { isActive: true, timeout: 60 },
      },
      { userId: 'test' },
    );
    try {
      await t.services.db.update(sessions).set({ createdAt: new Date(Date.now() - 3_600_000) });
      const silent = await t.app.request('/oauth/authorize/silent', {
        method: 'POST',
        headers: withHosted(cookie),
      });
      assert.equal(silent.status, 401);
    } finally {
      await t.services.db.delete(policies);
    }
  });

  it('silent authorize answers like login with a hosted session, and 401 without one', async () => {
    const { cookie } = await signInHosted();
    const res = await t.app.request('/oauth/authorize/silent', {
      method: 'POST',
      headers: withHosted(cookie),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { accessToken: string; expiresIn: number; user: { email: string } };
    assert.equal(body.expiresIn, 300);
    assert.equal(body.user.email, ADMIN_EMAIL);
    assert.equal((await t.services.tokens.verify(body.accessToken)).email, ADMIN_EMAIL);
    assert.equal((await t.app.request('/oauth/authorize/silent', { method: 'POST' })).status, 401);
    const bogus = await t.app.request('/oauth/authorize/silent', {
      method: 'POST',
      headers: withHosted('bogus'),
    });
    assert.equal(bogus.status, 401);
  });

  it('prompt=login shows the page despite a session; prompt=none without one answers login_required', async () => {
    const { cookie } = await signInHosted();
    const login = await authorize(authorizeParams(newVerifier(), { prompt: 'login' }), withHosted(cookie));
    assert.equal(login.status, 200);
    assert.match(await login.text(), /<fe-login-box/);
    const none = await authorize(authorizeParams(newVerifier(), { prompt: 'none' }));
    assert.equal(none.status, 302);
    const location = new URL(none.headers.get('location')!);
    assert.equal(location.searchParams.get('error'), 'login_required');
    assert.equal(location.searchParams.get('code'), null);
    const silentOk = await authorize(authorizeParams(newVerifier(), { prompt: 'none' }), withHosted(cookie));
    assert.ok(new URL(silentOk.headers.get('location')!).searchParams.get('code'));
  });

  it('logout ends the hosted session and redirects only to an exactly registered URI', async () => {
    const { cookie } = await signInHosted();
    const res = await t.app.request(
      `/oauth/logout?post_logout_redirect_uri=${encodeURIComponent(REDIRECT)}&state=s1`,
      { headers: withHosted(cookie) },
    );
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), `${REDIRECT}?state=s1`);
    assert.match(
      res.headers.getSetCookie().find((c) => c.startsWith(`${HOSTED_COOKIE}=`))!,
      /Max-Age=0/,
    );
    const silent = await t.app.request('/oauth/authorize/silent', {
      method: 'POST',
      headers: withHosted(cookie),
    });
    assert.equal(silent.status, 401);
    const page = await authorize(authorizeParams(newVerifier()), withHosted(cookie));
    assert.equal(page.status, 200);

    for (const uri of [`${REDIRECT}/x`, 'https://evil.test/', `${REDIRECT}?x=1`]) {
      const plain = await t.app.request(`/oauth/logout?post_logout_redirect_uri=${encodeURIComponent(uri)}`);
      assert.equal(plain.status, 200, uri);
      assert.equal(plain.headers.get('location'), null);
      assert.match(await plain.text(), /signed out/i);
    }
  });

  it('signing out of the identity session ends the hosted session too', async () => {
    const login = await t.login();
    const { accessToken } = (await login.json()) as { accessToken: string };
    const handOver = await t.app.request(
      '/oauth/authorize',
      t.json(authorizeParams(newVerifier()), { authorization: `Bearer ${accessToken}` }),
    );
    const cookie = hostedCookie(handOver)!;
    await t.app.request('/identity/resources/auth/v1/logout', {
      ...t.json({}, { cookie: `fe_refresh=${t.refreshCookie(login)}` }),
    });
    const silent = await t.app.request('/oauth/authorize/silent', {
      method: 'POST',
      headers: withHosted(cookie),
    });
    assert.equal(silent.status, 401);
  });
});
