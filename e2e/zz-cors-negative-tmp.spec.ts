// The kit's main use: a host page on its own origin embeds the elements with the README's module-script tags
// (`<script type="module" src="https://auth.example.com/cdn/6.187.0/login-box/index.js">`) and a base URL naming
// the identity server, which lists the host in ALLOWED_ORIGINS. Here the host is the vanilla example
// (examples/vanilla) served by its own web server on another 127.0.0.1 port, against the server as `npm start`
// runs it. Both origins are on 127.0.0.1: another ORIGIN but the same SITE (a site ignores the port), so the
// refresh cookie's default SameSite=Lax rides the host's calls; a host on another site needs
// COOKIE_SAME_SITE=None (README "Embed on another origin").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';
import { DEMO_PASSWORD, launchBrowser, root, startHostServer, startServerProcess } from './harness';
import { freshContext, loginBox, portalShows } from './journeys';

const ADMIN = 'admin@acme.test';

/**
 * The vanilla example as a host on another origin embeds it: the script tags name the server's /cdn/, and the
 * login box the server's base URL (no preview: the real API).
 */
function hostedVanilla(server: string): string {
  const html = readFileSync(join(root, 'examples/vanilla/index.html'), 'utf8');
  const embedded = html
    .replaceAll('src="/cdn/', `src="${server}/cdn/`)
    .replace(
      '<fe-login-box preview url-strategy="hash">',
      `<fe-login-box base-url="${server}" url-strategy="hash">`,
    )
    .replace(/<p>Four fe-elements in preview mode[^<]*<\/p>/, `<p>Four fe-elements against ${server}.</p>`);
  assert.ok(
    embedded.includes(
      `<script type="module" src="${server}/cdn/${ADMIN_BOX_CDN_VERSION}/login-box/index.js">`,
    ),
  );
  assert.ok(embedded.includes(`base-url="${server}"`) && !embedded.includes(' preview '), 'the real API');
  return embedded;
}

describe('a host page on another origin: the vanilla example with the README module-script tags against npm start', () => {
  let host: Awaited<ReturnType<typeof startHostServer>>;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  let page = '';

  before(async () => {
    host = await startHostServer({ '/': () => page });
    server = await startServerProcess({ env: { ALLOWED_ORIGINS: "" } });
    page = hostedVanilla(server.url);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await host?.close();
  });

  it('[SHELL-011] [SHELL-012] [SHELL-013] signs in on the host page, stays signed in across a reload (refresh cookie), and the portal shows the user', async () => {
    const { context, page: tab, errors } = await freshContext(browser, { width: 1280, height: 1000 });
    const refused: string[] = [];
    const scripts: string[] = [];
    tab.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED')
        refused.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
    });
    tab.on('console', (m) => {
      if (/CORS|Cross-Origin|blocked/i.test(m.text())) refused.push(`console: ${m.text()}`);
    });
    tab.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(`${r.url()} ${r.status()}`);
    });

    await tab.goto(`${host.origin}/`);
    assert.notEqual(new URL(tab.url()).origin, server.url, 'the page is on its own origin');
    // The scripts came from the server's /cdn/ (module scripts: CORS requests), the chunks with them.
    await loginBox(tab).locator('input[name="email"]').waitFor({ timeout: 20_000 });
    assert.ok(
      scripts.includes(`${server.url}/cdn/${ADMIN_BOX_CDN_VERSION}/login-box/index.js 200`),
      scripts.join('\n'),
    );
    assert.ok(
      scripts.some((s) => /\/cdn\/[\d.]+\/chunks\/core-[\w-]+\.js 200$/.test(s)),
      scripts.join('\n'),
    );

    await loginBox(tab).locator('input[name="email"]').fill(ADMIN);
    const password = loginBox(tab).locator('input[name="password"]');
    if (!(await password.isVisible())) await loginBox(tab).locator('button[type="submit"]').click();
    await password.fill(DEMO_PASSWORD);
    await loginBox(tab).locator('button[type="submit"]').click();
    // The passkey offer may come first (LOGIN-012): not now.
    const notNow = loginBox(tab).locator('button', { hasText: 'Not now' });
    await Promise.race([
      portalShows(tab, ADMIN),
      notNow.waitFor({ timeout: 15_000 }).then(() => notNow.click()),
    ]);
    await portalShows(tab, ADMIN);

    // A reload forgets the access token (memory only): the refresh cookie, set by the server's answer to the
    // host's credentialed call, signs the page back in.
    const refreshed = tab.waitForResponse(
      (r) =>
        r.url() === `${server.url}/identity/resources/auth/v1/user/token/refresh` &&
        r.request().method() === 'POST',
    );
    await tab.reload();
    assert.equal((await refreshed).status(), 200, 'the refresh cookie rode the cross-origin call');
    await portalShows(tab, ADMIN);
    assert.equal(new URL(tab.url()).origin, host.origin);

    assert.deepEqual(refused, [], 'nothing refused by CORS');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
