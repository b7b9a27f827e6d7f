import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_CLIENT_ID, ensureDemoOAuthClient } from '../../oauth/clients';
import { s256 } from '../../oauth/pkce';
import { testServer } from '../../testing';
import { contentSecurityPolicy, withNonce } from './index';

const AUTHORIZE = `/oauth/authorize?${new URLSearchParams({
  response_type: 'code',
  client_id: DEMO_CLIENT_ID,
  redirect_uri: 'http://localhost:8080/oauth/callback',
  scope: 'openid email profile',
  state: 'state-1234',
  code_challenge: s256('v'.repeat(43)),
  code_challenge_method: 'S256',
})}`;

/** Every page the server builds or serves: hosted pages (never framed) and the example host pages. */
const HOSTED_PAGES = ['/', '/admin-box', '/admin-box/users', '/account/login', '/account/sign-up', AUTHORIZE];
const EXAMPLE_PAGES = [
  '/examples/vanilla/',
  '/examples/vanilla/index.html',
  '/examples/hosted/',
  '/examples/hosted/login/',
  '/examples/hosted/callback/',
];

/** The nonce of an answer's script-src, after checking the rest of the policy. */
function policyNonce(res: Response, frameAncestors: string): string {
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = /^script-src 'nonce-([A-Za-z0-9+/=]{22,})' 'strict-dynamic'; /.exec(csp)?.[1];
  assert.ok(nonce, `a nonce-based script-src: ${csp}`);
  assert.equal(
    csp,
    contentSecurityPolicy(nonce, frameAncestors === "'none'" ? [] : frameAncestors.split(' ')),
  );
  assert.match(csp, new RegExp(`; frame-ancestors ${frameAncestors}$`));
  return nonce;
}

/** Every `<script` tag of a page carries `nonce`, and there is at least one. */
function scriptsCarry(html: string, nonce: string, path: string) {
  const tags = html.match(/<script\b[^>]*>/gi) ?? [];
  assert.ok(tags.length > 0, `${path} has scripts`);
  for (const tag of tags) assert.ok(tag.includes(` nonce="${nonce}"`), `${path}: ${tag}`);
}

const baseHeaders = (res: Response, path: string) => {
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
};

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer();
    await ensureDemoOAuthClient(t.services);
  });
  after(() => t.close());

  it('every answer (JSON, errors, scripts) has nosniff and Referrer-Policy, no CSP and no HSTS on http', async () => {
    for (const [path, status] of [
      ['/health', 200],
      ['/no-such-route', 404],
      ['/identity/resources/users/v2/me', 401],
      ['/examples/hosted/config.js', 200],
      ['/examples/no-such-page.html', 404],
    ] as const) {
      const res = await t.app.request(path);
      assert.equal(res.status, status, path);
      baseHeaders(res, path);
      assert.equal(res.headers.get('strict-transport-security'), null, path);
      assert.equal(res.headers.get('content-security-policy'), null, path);
    }
    const script = await t.app.request('/examples/hosted/config.js');
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
  });

  it('hosted pages: a strict CSP with a fresh nonce on every script, never framed', async () => {
    const seen = new Set<string>();
    for (const path of HOSTED_PAGES) {
      const res = await t.app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, path);
      baseHeaders(res, path);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      const nonce = policyNonce(res, "'none'");
      scriptsCarry(await res.text(), nonce, path);
      seen.add(nonce);
    }
    assert.equal(seen.size, HOSTED_PAGES.length, 'a fresh nonce per request');
  });

  it('the OAuth message pages (no script) have the policy too', async () => {
    const res = await t.app.request('/oauth/authorize?client_id=nobody&redirect_uri=x');
    assert.equal(res.status, 400);
    policyNonce(res, "'none'");
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.doesNotMatch(await res.text(), /<script/);
  });

  it('example pages: every script (the inline one too) gets the nonce; framed by no one without ALLOWED_ORIGINS', async () => {
    for (const path of EXAMPLE_PAGES) {
      const res = await t.app.request(path);
      assert.equal(res.status, 200, path);
      baseHeaders(res, path);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      scriptsCarry(await res.text(), policyNonce(res, "'none'"), path);
    }
    const vanilla = await (await t.app.request('/examples/vanilla/')).text();
    assert.match(vanilla, /<script nonce="[^"]+" type="module">\s*\/\/ The login box shows/);
  });

  it('only files under examples/ get the nonce; path tricks fall through to the static files (404)', async () => {
    for (const path of [
      '/examples/../server/config.ts',
      '/examples/%2e%2e/package.json',
      '/examples/..%2fpackage.json',
      '/examples//etc/passwd',
      '/examples/vanilla/%00.html',
      '/examples/vanilla\\..\\..\\package.json',
    ]) {
      const res = await t.app.request(path);
      // 400: refused before routing (a NUL byte); 404: no such static file.
      assert.ok([400, 404].includes(res.status), `${path}: ${res.status}`);
      assert.doesNotMatch(await res.text(), /"name": "fe-elements"|<script/, path);
    }
  });

  it('with ALLOWED_ORIGINS and an https PUBLIC_URL: those origins may frame the examples, never the hosted pages; HSTS everywhere', async () => {
    const hosts = ['https://app.acme.test', 'http://localhost:4200'];
    const s = await testServer({ allowedOrigins: hosts, publicUrl: 'https://id.acme.test' });
    try {
      const example = await s.app.request('/examples/vanilla/');
      policyNonce(example, hosts.join(' '));
      assert.equal(example.headers.get('x-frame-options'), null);
      const login = await s.app.request('/account/login');
      policyNonce(login, "'none'");
      assert.equal(login.headers.get('x-frame-options'), 'DENY');
      for (const path of ['/health', '/account/login', '/examples/hosted/config.js', '/no-such-route']) {
        const res = await s.app.request(path);
        assert.equal(
          res.headers.get('strict-transport-security'),
          'max-age=31536000; includeSubDomains',
          path,
        );
      }
    } finally {
      await s.close();
    }
  });

  it('[base-url] the pages take base-url from PUBLIC_URL, never from the Host header', async () => {
    for (const path of ['/account/login', '/', '/admin-box/users', AUTHORIZE]) {
      const res = await t.app.request(`http://evil.example${path}`, { headers: { host: 'evil.example' } });
      assert.equal(res.status, 200, path);
      const html = await res.text();
      assert.doesNotMatch(html, /evil\.example/, path);
      assert.match(html, /<fe-(login-box|admin-portal) base-url="http:\/\/localhost:8080"/, path);
    }
  });

  it('withNonce adds the nonce to every script tag, whatever its case or attributes', () => {
    assert.equal(
      withNonce('<script src="/a.js"></script><SCRIPT type="module">x</SCRIPT><scripts>', 'n0nce'),
      '<script nonce="n0nce" src="/a.js"></script><script nonce="n0nce" type="module">x</SCRIPT><scripts>',
    );
  });
});
