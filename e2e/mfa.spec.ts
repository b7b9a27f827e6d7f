import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  apiAs,
  axeViolations,
  freshContext,
  landsSignedIn,
  mailedLink,
  portalShows,
  submitPassword,
  textedCode,
  textsTo,
} from './journeys';

const ADMIN = 'admin@acme.test';
/** A TOTP code `steps` time steps from now: each use takes a later step (a code is accepted once). */
const totp = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

describe('MFA, step-up and breached passwords against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  const listDir = mkdtempSync(join(tmpdir(), 'fe-breached-'));
  const breachedList = join(listDir, 'breached.txt');

  before(async () => {
    writeFileSync(breachedList, '');
    process.env.BREACHED_PASSWORDS_FILE = breachedList;
    server = await startServerProcess();
    delete process.env.BREACHED_PASSWORDS_FILE;
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(listDir, { recursive: true, force: true });
  });

  const fresh = () => freshContext(browser, { width: 1100, height: 900 });

  /** Screenshot, and no axe-core violations in the login box (its shadow root included), light theme. */
  async function shot(page: Page, name: string) {
    await page.screenshot({ path: `test-results/${name}.png` });
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `axe violations on ${name}`);
  }

  const box = (page: Page, selector: string) => page.locator(`fe-login-box ${selector}`);

  const signIn = (page: Page, email: string, password: string) =>
    submitPassword(page, server.url, email, password);
  async function signOut(page: Page) {
    await page.goto(`${server.url}/account/logout`);
    await page.waitForURL(`${server.url}/account/login`);
  }

  let secret = '';
  let recoveryCode = '';

  it('[MFA-006][MFA-007][LOGIN-010] forced MFA: enrol an authenticator app at login (QR secret → code), see the recovery code, signed in', async () => {
    // Force MFA in the admin's tenant (as the admin, through the policy API).
    const saved = await apiAs(
      server.url,
      ADMIN,
      DEMO_PASSWORD,
      'POST',
      '/identity/resources/configurations/v1/mfa-policy',
      { enforceMFAType: 'Force', allowRememberMyDevice: true },
    );
    assert.ok(saved.ok, `policy saved: ${saved.status}`);

    const { context, page, errors } = await fresh();
    await signIn(page, ADMIN, DEMO_PASSWORD);
    await box(page, '[data-mfa-step="enroll"]').waitFor();
    await shot(page, 'mfa-enroll-choose');
    await page.locator('fe-login-box button', { hasText: 'Authenticator app' }).click();
    await box(page, '[data-mfa-step="enrollAuthenticatorApp"] img').waitFor();
    secret = (await box(page, '[data-totp-secret]').textContent())!.trim();
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await shot(page, 'mfa-enroll-authenticator');
    await box(page, 'input[name="code"]').fill(await totp(secret, -1));
    await box(page, 'button[type="submit"]').click();
    await box(page, '[data-mfa-step="recoveryCode"]').waitFor();
    recoveryCode = (await box(page, '[data-recovery-code]').textContent())!.trim();
    assert.match(recoveryCode, /^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);
    await shot(page, 'mfa-recovery-code');
    await page.locator('fe-login-box button', { hasText: 'Continue' }).click();
    await landsSignedIn(page, server.url);
    await portalShows(page, ADMIN);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[MFA-004] sign in with the authenticator app: one device goes straight to its code step', async () => {
    const { context, page, errors } = await fresh();
    await signIn(page, ADMIN, DEMO_PASSWORD);
    await box(page, '[data-mfa-step="authenticatorApp"]').waitFor();
    await box(page, 'input[name="rememberDevice"]').waitFor();
    await shot(page, 'mfa-verify-authenticator');
    // A wrong code first: the error shows and the step stays.
    await box(page, 'input[name="code"]').fill('000000');
    await box(page, 'button[type="submit"]').click();
    await page.locator('fe-login-box [role="alert"]', { hasText: 'The code is incorrect' }).waitFor();
    await shot(page, 'mfa-verify-wrong-code');
    await box(page, 'input[name="code"]').fill(await totp(secret, 0));
    await box(page, 'button[type="submit"]').click();
    await landsSignedIn(page, server.url);
    await portalShows(page, ADMIN);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('sign in with a recovery code; then step-up with maxAge asks for the authenticator [STEPUP-006][STEPUP-008]', async () => {
    const { context, page, errors } = await fresh();
    await signIn(page, ADMIN, DEMO_PASSWORD);
    await box(page, '[data-mfa-step="authenticatorApp"]').waitFor();
    await page.locator('fe-login-box button', { hasText: 'Use a recovery code' }).click();
    await box(page, '[data-mfa-step="recover"]').waitFor();
    await box(page, 'input[name="recoveryCode"]').fill(recoveryCode);
    await shot(page, 'mfa-recover');
    await box(page, 'button[type="submit"]').click();
    await landsSignedIn(page, server.url);
    await portalShows(page, ADMIN);

    // A recovery-code session is not a device proof: step-up asks for the authenticator.
    await page.goto(`${server.url}/account/step-up?maxAge=300`);
    await box(page, '[data-mfa-step="authenticatorApp"]').waitFor();
    await shot(page, 'stepup-mfa');
    await box(page, 'input[name="code"]').fill(await totp(secret, 1));
    await box(page, 'button[type="submit"]').click();
    await page.waitForURL(`${server.url}/`);
    await portalShows(page, ADMIN);
    // Stepped up within maxAge: the step-up URL returns at once (STEPUP-007).
    await page.goto(`${server.url}/account/step-up?maxAge=300`);
    await page.waitForURL(`${server.url}/`);
    await portalShows(page, ADMIN);

    // [MFA-008] the privacy page: add SMS (code from the dev SMS outbox), then turn it off.
    const phone = '+15550001234';
    const smsCount = async () => (await textsTo(server.url, phone)).length;
    await page.locator('fe-admin-portal nav button[data-entry="privacy"]').click();
    const manage = page.locator('fe-admin-portal [data-mfa-manage]');
    await manage.locator('button', { hasText: 'Add SMS verification' }).click();
    const dialog = page.locator('fe-admin-portal dialog[open]');
    await dialog.locator('input[name="phoneNumber"]').fill(phone);
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('input[name="code"]').waitFor();
    await dialog.locator('input[name="code"]').fill(await textedCode(server.url, phone));
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('[data-recovery-code]').waitFor();
    await page.screenshot({ path: 'test-results/privacy-mfa-recovery-code.png' });
    await dialog.locator('button[type="submit"]').click();
    const before = await smsCount();
    await manage.locator('button', { hasText: 'Turn off SMS' }).click();
    await dialog.locator('input[name="code"]').fill(await textedCode(server.url, phone, before));
    await page.screenshot({ path: 'test-results/privacy-mfa-turn-off.png' });
    await dialog.locator('button[type="submit"]').click();
    await manage.locator('button', { hasText: 'Add SMS verification' }).waitFor();
    await page.screenshot({ path: 'test-results/privacy-mfa.png', fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[LOGIN-011] a password found breached at sign-in: the breachedPassword step, then the reset mail (breachedPasswordSuccess)', async () => {
    const { context, page, errors } = await fresh();
    const email = `breached.${Date.now()}@example.test`;
    const password = 'was-fine-when-set-42';
    await page.goto(`${server.url}/account/sign-up`);
    await box(page, 'input[name="name"]').fill('Breached User');
    await box(page, 'input[name="email"]').fill(email);
    await box(page, 'input[name="password"]').fill(password);
    await box(page, 'button[type="submit"]').click();
    await page.locator('fe-login-box [role="status"]', { hasText: email }).waitFor();
    await page.goto(await mailedLink(server.url, email, '/account/activate'));
    await landsSignedIn(page, server.url);
    await signOut(page);

    // The password turns up in a breach after it was set.
    appendFileSync(breachedList, `${password}\n`);
    await signIn(page, email, password);
    await box(page, '[data-step="breachedPassword"]').waitFor();
    await shot(page, 'breached-password');
    await page.locator('fe-login-box button', { hasText: 'Email me a reset link' }).click();
    await box(page, '[data-step="breachedPasswordSuccess"]').waitFor();
    await shot(page, 'breached-password-success');
    await mailedLink(server.url, email, '/account/reset-password');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
