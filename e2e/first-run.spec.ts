// A new user's first run against `npm start` on an empty data dir: sign up a new account → activate → the
// creator is its administrator and invites a member → the member is locked out after the policy's attempts and
// told so → the administrator sees Locked and unlocks them → they sign in; a reload keeps the flag-gated
// entries; the account's custom login title shows on its login route; `locale="he"` shows a translated server
// error. The whole journey has 0 console errors and 0 failed requests other than the deliberate ones.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { errorsHe } from '../shared/i18n/locales/errors';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  accessTokenFor,
  freshContext,
  landsSignedIn,
  loginBox,
  mailedLink,
  submitPassword,
} from './journeys';

describe('first run: a new account from sign-up to a locked and unlocked member', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  /** Console errors and failed requests of every page, except the deliberate ones (wrong passwords). */
  const problems: string[] = [];

  before(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Wrong passwords answer 401 on the login call on purpose: nothing else may fail. */
  const deliberate = (url: string, status: number) =>
    status === 401 && new URL(url).pathname === paths.auth.login.path;

  const fresh = async () => {
    const opened = await freshContext(browser, { width: 1280, height: 900 });
    const { page } = opened;
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium reports every 4xx answer as a console error too; the deliberate ones are allowed below.
      const location = message.location().url;
      if (/Failed to load resource: the server responded with a status of 401/.test(message.text()))
        if (location && deliberate(location, 401)) return;
      problems.push(`console: ${message.text()} (${location})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !deliberate(response.url(), response.status()))
        problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // A navigation away cancels the page's pending calls: that is not a failure of the product.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      problems.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
    });
    return opened;
  };

  const userRow = (page: Page, email: string) =>
    page.locator('fe-admin-portal tr[data-row]', { hasText: email });
  const openEntry = async (page: Page, entry: string) => {
    await page.locator(`fe-admin-portal nav button[data-entry="${entry}"]`).click();
    await page.locator(`fe-admin-portal [data-${entry}-page], fe-admin-portal main h3`).first().waitFor();
  };

  it('sign-up → Admin → invite → lockout → Locked → unlock → sign in; flags after reload; custom login; Hebrew error; no console error', async () => {
    const stamp = Date.now();
    const ownerEmail = `owner.${stamp}@zeta.test`;
    const ownerPassword = 'zeta-owner-password-1';
    const memberEmail = `member.${stamp}@zeta.test`;
    const memberPassword = 'zeta-member-password-2';

    // 1. Sign up a new account and activate it: the creator lands signed in.
    const owner = await fresh();
    const a = owner.page;
    await a.goto(`${server.url}/account/sign-up`);
    await loginBox(a).locator('input[name="name"]').fill('Zoe Owner');
    await loginBox(a).locator('input[name="email"]').fill(ownerEmail);
    await loginBox(a).locator('input[name="password"]').fill(ownerPassword);
    const company = loginBox(a).locator('input[name="companyName"]');
    if (await company.count()) await company.fill('Zeta Corp');
    await loginBox(a).locator('button[type="submit"]').click();
    await loginBox(a).locator('[role="status"]', { hasText: ownerEmail }).waitFor();
    await a.goto(await mailedLink(server.url, ownerEmail, '/account/activate'));
    await landsSignedIn(a, server.url);
    await a.locator('fe-admin-portal main', { hasText: ownerEmail }).waitFor({ timeout: 15_000 });

    // 2. The creator is the account's administrator: Users offers "Invite user"; they invite a member.
    await openEntry(a, 'users');
    await userRow(a, ownerEmail).waitFor();
    await userRow(a, ownerEmail).getByText('Admin').waitFor();
    await a.getByRole('button', { name: 'Invite user' }).click();
    const invite = a.locator('fe-admin-portal dialog[open]');
    await invite.locator('input[name="email"]').fill(memberEmail);
    await invite.locator('input[name="name"]').fill('Max Member');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await userRow(a, memberEmail).waitFor();

    // 3. A reload keeps the flag-gated entries (flags reload for the restored session). The demo flags are on
    // for the demo account (Acme): its administrator's Usage entry and Applications column survive a reload.
    const demo = await fresh();
    const d = demo.page;
    await submitPassword(d, server.url, 'admin@acme.test', DEMO_PASSWORD);
    await landsSignedIn(d, server.url);
    for (const round of ['signed in', 'reloaded']) {
      if (round === 'reloaded') await d.reload();
      await d.locator('fe-admin-portal nav button[data-entry="usage"]').waitFor();
      await openEntry(d, 'users');
      await d.locator('fe-admin-portal th', { hasText: 'Applications' }).waitFor();
    }

    // 4. The member accepts the invitation ("Set your password") and signs in once.
    const member = await fresh();
    const b = member.page;
    await b.goto(await mailedLink(server.url, memberEmail, '/account/invitation/accept'));
    await loginBox(b).getByText('Set your password').first().waitFor();
    await loginBox(b).locator('input[name="password"]').fill(memberPassword);
    const confirm = loginBox(b).locator('input[name="confirmPassword"]');
    if (await confirm.count()) await confirm.fill(memberPassword);
    await loginBox(b).locator('button[type="submit"]').click();
    await loginBox(b).locator('[role="status"]', { hasText: 'sign in now' }).waitFor();

    // 5. Five wrong passwords (the policy's attempts): then even the right one is blocked, with the way out.
    for (let i = 0; i < 5; i++) {
      await submitPassword(b, server.url, memberEmail, `wrong-password-${i}`);
      await loginBox(b).locator('[role="alert"]', { hasText: 'Incorrect email or password' }).waitFor();
    }
    await submitPassword(b, server.url, memberEmail, memberPassword);
    const blocked = loginBox(b).locator('[role="alert"]', { hasText: 'temporarily blocked' });
    await blocked.waitFor();
    await blocked.getByRole('button', { name: 'Reset your password' }).waitFor();
    await b.screenshot({ path: 'test-results/e2e-first-run-blocked.png' });

    // 6. The administrator sees Locked, unlocks them (a toast confirms), and the member signs in.
    await a.reload();
    await openEntry(a, 'users');
    await userRow(a, memberEmail).getByText('Locked').waitFor();
    await a.screenshot({ path: 'test-results/e2e-first-run-locked.png' });
    await userRow(a, memberEmail)
      .getByRole('button', { name: /Actions for/ })
      .click();
    await a.getByRole('menuitem', { name: 'Unlock' }).click();
    await a.locator('fe-admin-portal [data-toast]', { hasText: 'unlocked' }).waitFor();
    await userRow(a, memberEmail).getByText('Locked').waitFor({ state: 'detached' });
    await submitPassword(b, server.url, memberEmail, memberPassword);
    await landsSignedIn(b, server.url);

    // 7. The account's custom login title shows on its login route.
    await openEntry(a, 'account');
    await a.locator('fe-admin-portal [role="tab"]', { hasText: /custom login/i }).click();
    const title = `Welcome to Zeta ${stamp}`;
    const customLogin = a.locator('fe-admin-portal form[data-form="customLogin"]');
    await customLogin.locator('input[name="title"]').fill(title);
    await customLogin.locator('button[type="submit"]').click();
    await a.locator('fe-admin-portal [data-toast]', { hasText: /saved/i }).first().waitFor();
    const me = (await (
      await fetch(`${server.url}${paths.auth.getMeV2.path}`, {
        headers: { authorization: `Bearer ${await accessTokenFor(server.url, ownerEmail, ownerPassword)}` },
      })
    ).json()) as { tenantId: string };
    const visitor = await fresh();
    const c = visitor.page;
    await c.goto(`${server.url}/account/login?tenantId=${encodeURIComponent(me.tenantId)}`);
    await loginBox(c).getByText(title).waitFor();
    await c.screenshot({ path: 'test-results/e2e-first-run-custom-login.png' });

    // 8. locale="he": a server error in Hebrew (by its code).
    await loginBox(c).evaluate((box) => box.setAttribute('locale', 'he'));
    await loginBox(c).locator('input[name="email"]').fill(`nobody.${stamp}@zeta.test`);
    const passwordField = loginBox(c).locator('input[name="password"]');
    if (!(await passwordField.isVisible())) await loginBox(c).locator('button[type="submit"]').click();
    await passwordField.fill('not-the-password');
    await loginBox(c).locator('button[type="submit"]').click();
    await loginBox(c).locator('[role="alert"]', { hasText: errorsHe['ER-1001'] }).waitFor();

    for (const opened of [owner, demo, member, visitor]) assert.deepEqual(opened.errors, []);
    assert.deepEqual(problems, [], 'no console error and no failed request but the deliberate ones');
    for (const opened of [owner, demo, member, visitor]) await opened.context.close();
  });
});
