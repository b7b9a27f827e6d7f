import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_BOX_CDN_VERSION } from '../shared/options/cdn';
import { launchBrowser, startServer } from './harness';
import { freshContext } from './journeys';

const cdn = `/cdn/${ADMIN_BOX_CDN_VERSION}`;

describe('CDN bundles in a host page', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A host page served from the server's origin (so module scripts and CSP apply as in production). */
  async function hostPage(
    html: string,
    headers: Record<string, string> = {},
  ): Promise<{ page: Page; errors: string[] }> {
    // The size of a bare browser.newPage() (the default viewport); the host page is the test's own, not the server's.
    const { page, errors } = await freshContext(
      browser,
      { width: 1280, height: 720 },
      { unchecked: (url) => url.pathname === '/host.html' },
    );
    await page.route(`${server.url}/host.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers,
        body: `<!doctype html><html lang="en"><body>${html}</body></html>`,
      }),
    );
    await page.goto(`${server.url}/host.html#/account/login`);
    return { page, errors };
  }

  it('the classic script fe-elements.js defines all four elements and the page API', async () => {
    const { page, errors } = await hostPage(`
      <fe-login-box url-strategy="hash"></fe-login-box><fe-checkout plan-id="plan-enterprise"></fe-checkout>
      <fe-admin-portal></fe-admin-portal><fe-security-center></fe-security-center>
      <script src="${cdn}/fe-elements.js"></script>
      <script>FeElements.configure({ preview: true });</script>`);
    await page.locator('fe-login-box form').waitFor();
    await page.locator('fe-checkout [data-plan="plan-enterprise"]').waitFor();
    await page.locator('fe-security-center [role="meter"]').waitFor();
    await page.locator('fe-admin-portal [role="status"]', { hasText: 'Sign in to manage' }).waitFor();
    const api = await page.evaluate(() =>
      Object.keys((window as unknown as { FeElements: object }).FeElements).sort(),
    );
    assert.ok(api.includes('configure') && api.includes('setTheme'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("the login box's first load holds no billing code (the checkout's and the portal's billing load on demand)", async () => {
    const { page, errors } = await hostPage(`
      <fe-login-box url-strategy="hash" base-url="${server.url}"></fe-login-box>
      <script type="module" src="${cdn}/login-box/index.js"></script>`);
    // Against the server, as in production (the preview transport is a demo mode with its own chunk).
    const scripts: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith(`${cdn}/`) && path.endsWith('.js')) scripts.push(path.slice(cdn.length + 1));
    });
    await page.reload();
    await page.locator('fe-login-box input[name="email"]').waitFor();
    assert.ok(scripts.includes('login-box/index.js'), `scripts: ${scripts.join(', ')}`);
    // What each script was built from: its source map's sources.
    const sources = scripts.flatMap(
      (script) =>
        (JSON.parse(readFileSync(join('dist/cdn', `${script}.map`), 'utf8')) as { sources: string[] })
          .sources,
    );
    assert.ok(
      sources.some((s) => s.includes('elements/login-box/')),
      'the maps name the login box sources',
    );
    assert.deepEqual(
      sources.filter((s) => /shared\/billing\/|shared\/api\/billing|@stripe\//.test(s)),
      [],
      'billing modules on the login box first load',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loading the classic script twice warns and keeps the first definitions', async () => {
    const { page, errors } = await hostPage(`
      <fe-login-box preview url-strategy="hash"></fe-login-box>
      <script src="${cdn}/fe-elements.js"></script><script src="${cdn}/fe-elements.js"></script>`);
    await page.locator('fe-login-box form').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('works under a strict CSP when the nonce is given', async () => {
    const nonce = 'r4nd0m-n0nce';
    const { page, errors } = await hostPage(
      `<fe-login-box preview url-strategy="hash" nonce="${nonce}"></fe-login-box>
       <script type="module" src="${cdn}/login-box/index.js"></script>`,
      { 'Content-Security-Policy': `default-src 'self'; style-src 'nonce-${nonce}'; script-src 'self'` },
    );
    const violations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    await page.locator('fe-login-box form').waitFor();
    // Styled: the submit button has the theme's primary colour, not the browser default.
    const background = await page
      .locator('fe-login-box button[type="submit"]')
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    assert.equal(background, 'rgb(63, 81, 181)');
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a hostile theme or localization never runs script in the page', async () => {
    const { page, errors } = await hostPage(`
      <fe-login-box preview url-strategy="hash"
        localizations='{"en":{"loginBox":{"login":{"title":"<img src=x onerror=window.pwned=1>"}}}}'
        theme='{"typography":{"fontFamily":"x;}</style><script>window.pwned=1</script>"}}'></fe-login-box>
      <script type="module" src="${cdn}/login-box/index.js"></script>`);
    await page.locator('fe-login-box form').waitFor();
    await page.locator('fe-login-box h2', { hasText: '<img src=x onerror=window.pwned=1>' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.equal(await page.locator('fe-login-box img').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
