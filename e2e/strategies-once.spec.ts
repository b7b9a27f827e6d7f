// One password sign-in reads the vendor's public auth strategies once: the login entry, the passkey button
// and the passkeys prompt after the login share one request per page (issue 12).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { freshContext, loginBox, submitPassword } from './journeys';

describe('the public strategies configuration during a sign-in', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;

  before(async () => {
    // localhost: a secure context, so the passkey button and the passkeys prompt (flag on) read the strategies too.
    server = await startServerProcess({ publicHost: 'localhost' });
    const res = await fetch(`${server.url}/dev/feature-flags/show-passkeys-new`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    assert.equal(res.status, 200);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is fetched once from the login page to the passkeys prompt', async () => {
    const { context, page, errors } = await freshContext(browser);
    const strategies: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === paths.auth.getVendorPublicAuthStrategiesConfig.path)
        strategies.push(r.url());
    });
    await submitPassword(page, server.url, 'admin@acme.test', DEMO_PASSWORD);
    // The passkeys prompt is the last post-login step that reads the strategies: the sign-in is done.
    await loginBox(page).locator('[data-step="promptPasskeys"]').waitFor({ timeout: 15_000 });
    assert.equal(page.url(), `${server.url}/account/login`);
    assert.equal(strategies.length, 1, strategies.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
