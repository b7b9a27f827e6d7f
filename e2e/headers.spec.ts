import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';
import { launchBrowser, startServer } from './harness';
import { freshContext, headerChecksDone, pageChecks } from './journeys';

const cdn = `/cdn/${ADMIN_BOX_CDN_VERSION}`;

/** The strict policy of docs/decisions/0008-security-headers.md, with the frame-ancestors of the page. */
function assertStrictHeaders(headers: Record<string, string>, frameAncestors: string, what: string) {
  assert.match(
    headers['content-security-policy'] ?? '',
    new RegExp(
      `^script-src 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors ${frameAncestors}$`,
    ),
    what,
  );
  assert.equal(headers['x-content-type-options'], 'nosniff', what);
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', what);
}

describe('security headers and CSP on the pages, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  // A host page on its own loopback port (Chromium refuses loopback frames in a page of a public address):
  // 127.0.0.1:<port> is the host origin in ALLOWED_ORIGINS, localhost:<port> a stranger.
  let host: Server;
  let EMBEDDER = '';
  let STRANGER = '';
  let frames = '';

  before(async () => {
    host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(frames));
    await new Promise<void>((listening) => host.listen(0, '127.0.0.1', listening));
    const { port } = host.address() as AddressInfo;
    EMBEDDER = `http://127.0.0.1:${port}`;
    STRANGER = `http://localhost:${port}`;
    server = await startServer({ allowedOrigins: [EMBEDDER] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    host?.closeAllConnections();
    await new Promise((closed) => host?.close(closed));
  });

  /**
   * Opens `path`, waits for `ready`, and answers the document's headers and the scripts loaded (path and status).
   * The context's own checks (every document and script, every CSP report) must stay empty.
   */
  async function visit(path: string, ready: (page: Page) => Promise<unknown>) {
    const { context, page, errors } = await freshContext(browser);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(`${new URL(r.url()).pathname} ${r.status()}`);
    });
    const response = await page.goto(`${server.url}${path}`);
    assert.ok(response, path);
    const headers = await response.allHeaders();
    await ready(page);
    await headerChecksDone();
    assert.deepEqual(errors, []);
    await context.close();
    return { headers, scripts };
  }

  it('the hosted login page: strict headers, never framed; its module script and the static import of the core chunk load', async () => {
    const { headers, scripts } = await visit('/account/login', (page) =>
      page.locator('fe-login-box input[name="email"]').waitFor(),
    );
    assertStrictHeaders(headers, "'none'", '/account/login');
    assert.equal(headers['x-frame-options'], 'DENY');
    assert.ok(scripts.includes(`${cdn}/login-box/index.js 200`), scripts.join());
    assert.ok(
      scripts.some((s) => /\/chunks\/core-[\w-]+\.js 200$/.test(s)),
      scripts.join(),
    );
  });

  it('the app page `/`: strict headers; the portal loads', async () => {
    const { headers, scripts } = await visit('/', (page) =>
      page.locator('fe-admin-portal [role="status"]', { hasText: 'Sign in to manage' }).waitFor(),
    );
    assertStrictHeaders(headers, "'none'", '/');
    assert.ok(scripts.includes(`${cdn}/admin-portal/index.js 200`), scripts.join());
  });

  it('the vanilla example: its inline module script runs by the nonce; dynamic import() chunks load', async () => {
    const { headers, scripts } = await visit('/examples/vanilla/', async (page) => {
      await page.locator('fe-login-box form').waitFor();
      await page.locator('fe-security-center [role="meter"]').waitFor();
      // The inline module script sends a hash-less page to the login route.
      await page.waitForFunction(() => location.hash === '#/account/login');
    });
    assertStrictHeaders(headers, EMBEDDER, '/examples/vanilla/');
    assert.equal(headers['x-frame-options'], undefined);
    // The preview transport is loaded by `import()` (a dynamic chunk).
    assert.ok(
      scripts.some((s) => /\/chunks\/preview-[\w-]+\.js 200$/.test(s)),
      scripts.join(),
    );
  });

  it('the hosted example and /oauth/authorize: the bridge script (inline, nonce) imports the login box', async () => {
    const { headers } = await visit('/examples/hosted/login/', async (page) => {
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      await page.locator('fe-login-box input[name="email"]').waitFor();
    });
    assertStrictHeaders(headers, EMBEDDER, '/examples/hosted/login/');
    const { headers: app } = await visit('/examples/hosted/', (page) =>
      page.locator('fe-admin-portal').waitFor({ state: 'attached' }),
    );
    assertStrictHeaders(app, EMBEDDER, '/examples/hosted/');
    const { headers: authorize } = await visit(
      '/oauth/authorize?client_id=nobody&redirect_uri=https%3A%2F%2Fx.test%2F',
      (page) => page.locator('h1', { hasText: 'Sign-in request refused' }).waitFor(),
    );
    assertStrictHeaders(authorize, "'none'", '/oauth/authorize (refused)');
  });

  it('framing: /account/login is blocked in any other origin; the examples only in ALLOWED_ORIGINS', async () => {
    const { context, page, errors, expectedViolations } = await freshContext(browser, undefined, {
      expectViolations: /frame-ancestors/,
    });
    const framing = (...srcs: string[]) =>
      `<!doctype html><html lang="en"><body>${srcs.map((src, i) => `<iframe id="f${i}" src="${server.url}${src}"></iframe>`).join('')}</body></html>`;

    frames = framing('/account/login', '/examples/vanilla/');
    await page.goto(`${EMBEDDER}/`);
    // The allowed host shows the example in its frame.
    await page.frameLocator('#f1').locator('fe-login-box form').waitFor();
    const loginFrame = await (await page.$('#f0'))!.contentFrame();
    await expectBlocked(page, () => loginFrame?.url() ?? '', '/account/login in embedder.test');

    frames = framing('/examples/vanilla/');
    await page.goto(`${STRANGER}/`);
    const exampleFrame = await (await page.$('#f0'))!.contentFrame();
    await expectBlocked(page, () => exampleFrame?.url() ?? '', '/examples/vanilla/ in stranger.test');

    // Both refusals were reported by the browser as frame-ancestors violations, and kept apart from the count.
    assert.ok(expectedViolations.length >= 2, expectedViolations.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('this file: every document and script checked, 0 header problems, 0 CSP violations', async () => {
    await headerChecksDone();
    assert.deepEqual(pageChecks.problems, []);
    assert.deepEqual(pageChecks.violations, []);
    assert.ok(pageChecks.documents >= 8, `documents checked: ${pageChecks.documents}`);
    assert.ok(pageChecks.scripts >= 8, `scripts checked: ${pageChecks.scripts}`);
  });
});

/** A frame refused by frame-ancestors shows Chromium's error page, never the framed document. */
async function expectBlocked(page: Page, frameUrl: () => string, what: string) {
  for (let i = 0; i < 50 && !frameUrl().startsWith('chrome-error:'); i++) await page.waitForTimeout(100);
  assert.match(frameUrl(), /^chrome-error:/, what);
}
