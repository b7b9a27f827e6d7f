import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer } from './harness';
import { freshContext } from './journeys';

describe('vanilla example (preview)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  let errors: string[] = [];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const fresh = await freshContext(browser, { width: 1280, height: 1100 });
    page = fresh.page;
    errors = fresh.errors;
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/examples/vanilla/`);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the four elements in their shadow roots', async () => {
    await page.locator('fe-login-box form').waitFor();
    await page.locator('fe-checkout [data-plan]').waitFor();
    await page.locator('fe-security-center [role="meter"]').waitFor();
    assert.equal(await page.locator('fe-security-center [role="meter"]').getAttribute('aria-valuenow'), '79');
    await page
      .locator('fe-admin-portal [role="status"]', { hasText: 'Sign in to manage your account' })
      .waitFor();
    const shadowed = await page.evaluate(() =>
      ['fe-login-box', 'fe-admin-portal', 'fe-checkout', 'fe-security-center'].map(
        (tag) => document.querySelector(tag)?.shadowRoot?.mode,
      ),
    );
    assert.deepEqual(shadowed, ['open', 'open', 'open', 'open']);
  });

  it('[SHELL-001] [SHELL-011] [SHELL-012] [SHELL-013] two CDN script tags (login-box/index.js, admin-portal/index.js) share one store: signing in shows the user in the portal', async () => {
    await page.locator('fe-login-box input[name="email"]').fill('demo@fe-elements.dev');
    // The preview vendor has SSO on: the email first, then the password (LOGIN-006).
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.locator('fe-login-box input[name="password"]').fill('demo-password');
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.locator('fe-admin-portal nav').waitFor();
    // The profile page loads the user from the (preview) API.
    await page.locator('fe-admin-portal main', { hasText: 'demo@fe-elements.dev' }).waitFor();
    // One core chunk, fetched once, serves both element scripts.
    const cores = requested.filter((p) => /\/cdn\/6\.187\.0\/chunks\/core-[\w-]+\.js$/.test(p));
    assert.equal(cores.length, 1);
    assert.ok(requested.includes('/cdn/6.187.0/login-box/index.js'));
    assert.ok(requested.includes('/cdn/6.187.0/admin-portal/index.js'));
    // The preview flags are on, so the login box offers a passkey first (LOGIN-012): not now. After the
    // post-login redirect the login box leaves the page to the portal (ROUTE-020).
    await page.locator('fe-login-box button', { hasText: 'Not now' }).click();
    await page.waitForFunction(() => location.hash === '#/');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/vanilla.png', fullPage: true });
    assert.deepEqual(errors, []);
  });
});
