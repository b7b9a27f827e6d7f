import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { freshContext, mailedLink, portalShows, submitPassword } from './journeys';

describe('sign-in journeys against `npm start` on an empty data dir', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;

  before(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const fresh = () => freshContext(browser);

  it('sign up → activation link from the outbox → activate → signed in → reload → still signed in → sign out', async () => {
    const { context, page, errors } = await fresh();
    const email = `new.user.${Date.now()}@example.test`;
    await page.goto(`${server.url}/account/sign-up`);
    await page.locator('fe-login-box input[name="name"]').fill('New User');
    await page.locator('fe-login-box input[name="email"]').fill(email);
    await page.locator('fe-login-box input[name="password"]').fill('a-good-password-1');
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.locator('fe-login-box [role="status"]', { hasText: email }).waitFor();
    await page.screenshot({ path: 'test-results/signup-success.png' });

    await page.goto(await mailedLink(server.url, email, '/account/activate'));
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await portalShows(page, email);
    await page.reload();
    await portalShows(page, email);
    await page.screenshot({ path: 'test-results/signed-in-portal.png' });

    await page.goto(`${server.url}/account/logout`);
    await page.waitForURL(`${server.url}/account/login`);
    await page.goto(`${server.url}/`);
    await page.locator('fe-admin-portal [role="status"]', { hasText: 'Sign in to manage' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('forgot password → reset link → new password → sign in with it', async () => {
    const { context, page, errors } = await fresh();
    const email = 'ada@acme.test';
    await page.goto(`${server.url}/account/forget-password`);
    await page.locator('fe-login-box input[name="email"]').fill(email);
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.locator('fe-login-box [role="status"]').waitFor();

    await page.goto(await mailedLink(server.url, email, '/account/reset-password'));
    await page.locator('fe-login-box input[name="password"]').fill('brand-new-password-2');
    await page.locator('fe-login-box input[name="confirmPassword"]').fill('brand-new-password-2');
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.locator('fe-login-box [role="status"]', { hasText: 'Your password is changed' }).waitFor();
    await page.screenshot({ path: 'test-results/reset-success.png' });

    await submitPassword(page, server.url, email, 'brand-new-password-2');
    await page.waitForURL(`${server.url}/`);
    await portalShows(page, email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hosted login: /oauth/authorize with PKCE S256 comes back signed in', async () => {
    const { context, page, errors } = await fresh();
    const authorizeRequests: URL[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/oauth/authorize?') && authorizeRequests.push(new URL(r.url())),
    );
    await page.goto(`${server.url}/examples/hosted/login/`);
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    const authorize = authorizeRequests[0]!;
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.match(authorize.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.equal(authorize.searchParams.get('scope'), 'openid email profile');
    await page.locator('fe-login-box input[name="email"]').fill('admin@acme.test');
    await page.locator('fe-login-box input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('fe-login-box button[type="submit"]').click();
    await page.waitForURL(`${server.url}/examples/hosted/`, { timeout: 20_000 });
    await portalShows(page, 'admin@acme.test');
    await page.screenshot({ path: 'test-results/hosted-login-app.png' });
    // Tokens stay in memory: nothing in web storage.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    assert.doesNotMatch(stored, /eyJ/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
