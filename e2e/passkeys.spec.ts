// Passkeys against `npm start`, with Chromium's virtual authenticator (CDP WebAuthn domain): the prompt after a
// password login registers one, the login screen signs in with it, the privacy page lists, deletes and adds.
// WebAuthn needs a domain for its relying-party id: the server is reached at http://localhost (a secure context).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  accessTokenFor,
  axeViolations,
  freshContext,
  loginBox,
  portalShows,
  submitPassword,
} from './journeys';

const ADMIN = 'admin@acme.test';

describe('passkeys against `npm start` with a virtual authenticator', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;

  before(async () => {
    server = await startServerProcess({ publicHost: 'localhost' });
    // The prompt after login is behind the show-passkeys-new flag (off in the demo data).
    const res = await fetch(`${server.url}/dev/feature-flags/show-passkeys-new`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: true }),
    });
    assert.equal(res.status, 200);
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function fresh(): Promise<{
    context: BrowserContext;
    page: Page;
    cdp: CDPSession;
    authenticatorId: string;
    errors: string[];
  }> {
    const { context, page, errors } = await freshContext(browser);
    // A virtual authenticator that answers at once, as a user approving every prompt would.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { context, page, cdp, authenticatorId, errors };
  }

  const axeClean = async (page: Page, selector: string) =>
    assert.deepEqual(await axeViolations(page, selector), []);
  const box = loginBox;

  const passwordLogin = (page: Page) => submitPassword(page, server.url, ADMIN, DEMO_PASSWORD);

  it('[LOGIN-012] after a password login the prompt adds a passkey; the login screen then signs in with it (no password)', async () => {
    const { context, page, cdp, authenticatorId, errors } = await fresh();
    await passwordLogin(page);
    const prompt = box(page).locator('[data-step="promptPasskeys"]');
    await prompt.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/passkeys-prompt.png' });
    await axeClean(page, 'fe-login-box');
    await prompt.locator('button', { hasText: 'Add a passkey' }).click();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await portalShows(page, ADMIN);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0]!.isResidentCredential, true, 'a discoverable credential (passkey)');
    assert.equal(credentials[0]!.rpId, 'localhost');

    // Signed out, back at the login screen: the email field's passkey autofill (conditional UI) signs in; the
    // virtual authenticator answers at once where a user would pick the passkey from the autofill list.
    await page.goto(`${server.url}/account/logout`);
    await page.waitForURL(`${server.url}/`, { timeout: 20_000 });
    await portalShows(page, ADMIN);

    // A browser without passkey autofill: the button asks for the passkey.
    await page.addInitScript(() => {
      delete (PublicKeyCredential as { isConditionalMediationAvailable?: unknown })
        .isConditionalMediationAvailable;
    });
    await page.goto(`${server.url}/account/logout`);
    await page.waitForURL(`${server.url}/account/login`, { timeout: 15_000 });
    const passkeyButton = box(page).locator('button', { hasText: 'Sign in with a passkey' });
    await passkeyButton.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/passkeys-login.png' });
    await axeClean(page, 'fe-login-box');
    assert.equal(
      await box(page).locator('input[name="email"]').getAttribute('autocomplete'),
      'username webauthn',
    );
    await passkeyButton.click();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await portalShows(page, ADMIN);
    // A user with a passkey is not prompted again.
    assert.equal(await box(page).locator('[data-step="promptPasskeys"]').count(), 0);
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.ok(after.credentials[0]!.signCount >= 1, 'the authenticator signed');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[MFA-003] [LOGIN-012] no prompt with a passkey registered; the privacy page lists passkeys (with their id), registers and deletes one', async () => {
    const { context, page, cdp, authenticatorId, errors } = await fresh();
    await passwordLogin(page);
    // The account has a passkey already (first journey): no prompt, straight to the app (LOGIN-012).
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    assert.equal(await box(page).locator('[data-step="promptPasskeys"]').count(), 0);
    await portalShows(page, ADMIN);
    await page.locator('fe-admin-portal nav button[data-entry="privacy"]').click();
    const section = page.locator('fe-admin-portal section[aria-labelledby="fe-privacy-passkeys"]');
    await section.waitFor({ timeout: 15_000 });
    // The passkey of the first journey (same account, other browser) is listed.
    const items = section.locator('[data-passkey]');
    await items.first().waitFor({ timeout: 15_000 });
    const before = await items.count();
    assert.ok(before >= 1);
    assert.match((await items.first().getAttribute('data-passkey')) ?? '', /^[0-9a-f-]{36}$/);
    await section.locator('[data-add-passkey]').click();
    // A completed action is a toast in the portal's live region.
    const toasts = page.locator('fe-admin-portal [data-toast]');
    await toasts.getByText('The passkey was added.').waitFor({ timeout: 15_000 });
    await section.locator('[data-passkey]').nth(before).waitFor();
    assert.equal(await section.locator('[data-passkey]').count(), before + 1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);
    await page.screenshot({ path: 'test-results/passkeys-privacy.png', fullPage: true });
    await axeClean(page, 'fe-admin-portal');

    const newest = section.locator('[data-passkey]').nth(before);
    await newest.locator('[data-delete-passkey]').click();
    const dialog = page.locator('fe-admin-portal dialog[open]');
    await dialog.waitFor();
    await page.screenshot({ path: 'test-results/passkeys-privacy-delete.png' });
    await axeClean(page, 'fe-admin-portal');
    await dialog.locator('button', { hasText: 'Delete' }).click();
    await toasts.getByText('The passkey was deleted.').waitFor({ timeout: 15_000 });
    // The list loads again after the toast: wait for it to settle on the remaining passkeys.
    await section.locator('[data-passkey]').nth(before).waitFor({ state: 'detached', timeout: 15_000 });
    await section
      .locator('[data-passkey]')
      .nth(before - 1)
      .waitFor({ timeout: 15_000 });
    assert.equal(await section.locator('[data-passkey]').count(), before);
    // The deleted passkey no longer signs in: the server refuses it.
    await page.addInitScript(() => {
      delete (PublicKeyCredential as { isConditionalMediationAvailable?: unknown })
        .isConditionalMediationAvailable;
    });
    await page.goto(`${server.url}/account/logout`);
    await page.waitForURL(`${server.url}/account/login`, { timeout: 15_000 });
    await box(page).locator('button', { hasText: 'Sign in with a passkey' }).click();
    await box(page).locator('[role="alert"]').waitFor({ timeout: 15_000 });
    assert.match((await box(page).locator('[role="alert"]').textContent()) ?? '', /Passkey sign-in failed/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[MFA-002] [MFA-003] [MFA-004] forced MFA: a security key is enrolled at login (recovery code), then verifies the next login', async () => {
    // The tenant forces MFA (saved through the API as the admin).
    const accessToken = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
    const policy = (enforceMFAType: string) =>
      fetch(`${server.url}/identity/resources/configurations/v1/mfa-policy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          enforceMFAType,
          allowRememberMyDevice: false,
          mfaDeviceExpiration: 1_209_600,
        }),
      });
    assert.equal((await policy('Force')).status, 200);
    const { context, page, cdp, authenticatorId, errors } = await fresh();
    try {
      // No passkey autofill here: the journey is about the second factor.
      await page.addInitScript(() => {
        delete (PublicKeyCredential as { isConditionalMediationAvailable?: unknown })
          .isConditionalMediationAvailable;
      });
      await passwordLogin(page);
      const enrolKey = box(page).locator('[data-enroll-security-key]');
      await enrolKey.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: 'test-results/passkeys-mfa-enroll.png' });
      await axeClean(page, 'fe-login-box');
      await enrolKey.click();
      const recovery = box(page).locator('[data-recovery-code]');
      await recovery.waitFor({ timeout: 15_000 });
      assert.ok(((await recovery.textContent()) ?? '').trim().length >= 8);
      await box(page).locator('button', { hasText: 'Continue' }).click();
      await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
      await portalShows(page, ADMIN);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      assert.equal(credentials.length, 1);

      // The next login: one device, so verification goes straight to the security key (MFA-004).
      await page.goto(`${server.url}/account/logout`);
      await page.waitForURL(`${server.url}/account/login`, { timeout: 15_000 });
      await passwordLogin(page);
      const verify = box(page).locator('[data-security-key]');
      await verify.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: 'test-results/passkeys-mfa-verify.png' });
      await axeClean(page, 'fe-login-box');
      await verify.locator('button', { hasText: 'Use security key' }).click();
      await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
      await portalShows(page, ADMIN);
      assert.deepEqual(errors, []);
    } finally {
      await policy('DontForce');
      await context.close();
    }
  });
});
