// The admin portal as a new administrator uses it, against `npm start` on an empty data dir: invite a user,
// who accepts in another browser; change their role and see their navigation change; add them to a group;
// delete them. A ReadOnly user sees no write controls on Users and Roles, and the server answers their
// writes with 403.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { apiAs, freshContext, landsSignedIn, mailedLink, submitPassword } from './journeys';

describe('admin portal against `npm start` on an empty data dir', () => {
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

  const fresh = () => freshContext(browser, { width: 1280, height: 900 });

  const navEntries = async (page: Page) => {
    await page.locator('fe-admin-portal nav button[data-entry]').first().waitFor();
    return page
      .locator('fe-admin-portal nav button[data-entry]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-entry')));
  };
  const openPage = async (page: Page, entry: string) => {
    await page.locator(`fe-admin-portal nav button[data-entry="${entry}"]`).click();
    await page
      .locator('fe-admin-portal main h3', { hasText: new RegExp(entry, 'i') })
      .first()
      .waitFor();
  };
  const userRow = (page: Page, email: string) =>
    page.locator('fe-admin-portal tr[data-row]', { hasText: email });

  /** A password sign-in that lands at `/` (screenshots where it stops, for the failure's report). */
  async function signIn(page: Page, email: string, password: string) {
    try {
      await submitPassword(page, server.url, email, password);
    } catch (error) {
      await page.screenshot({ path: 'test-results/e2e-portal-login-missing.png' });
      throw error;
    }
    try {
      await landsSignedIn(page, server.url);
    } catch (error) {
      await page.screenshot({ path: 'test-results/e2e-portal-signin-failed.png' });
      throw error;
    }
  }

  it('[TEAM-002] [TEAM-011] [ROUTE-037] invite → accept in a second browser → change role → navigation changes → group → delete; ReadOnly has no write controls and gets 403', async () => {
    const admin = await fresh();
    const a = admin.page;
    await signIn(a, 'admin@acme.test', DEMO_PASSWORD);
    assert.ok((await navEntries(a)).includes('roles'), 'the admin sees Roles');

    // Invite a Support user.
    const email = `new.member.${Date.now()}@example.test`;
    await openPage(a, 'users');
    await userRow(a, 'admin@acme.test').waitFor();
    await a.getByRole('button', { name: 'Invite user' }).click();
    const invite = a.locator('fe-admin-portal dialog[open]');
    await invite.locator('input[name="email"]').fill(email);
    await invite.locator('input[name="name"]').fill('New Member');
    for (const box of await invite.getByRole('checkbox').all()) await box.uncheck();
    await invite.getByRole('checkbox', { name: /^Support/ }).check();
    await a.screenshot({ path: 'test-results/e2e-portal-invite.png' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await userRow(a, email).waitFor();

    // The invitation arrives; the new user accepts it in a second browser context and sets a password.
    const member = await fresh();
    const b = member.page;
    const password = 'a-good-password-42';
    await b.goto(await mailedLink(server.url, email, '/account/invitation/accept'));
    await b.locator('fe-login-box input[name="password"]').fill(password);
    const confirm = b.locator('fe-login-box input[name="confirmPassword"]');
    if (await confirm.count()) await confirm.fill(password);
    await b.locator('fe-login-box button[type="submit"]').click();
    // Accepted: the invitation continues to choosing a password, then the user signs in with it.
    await b.locator('fe-login-box [role="status"]', { hasText: 'sign in now' }).waitFor();
    await signIn(b, email, password);
    const supportNav = await navEntries(b);
    assert.ok(supportNav.includes('groups'), `Support reads groups: ${supportNav}`);
    assert.ok(!supportNav.includes('roles'), `Support does not read roles: ${supportNav}`);

    // The admin makes them ReadOnly: their navigation changes (Roles appears).
    await a.reload();
    await openPage(a, 'users');
    await userRow(a, email)
      .getByRole('button', { name: /Actions for/ })
      .click();
    await a.waitForTimeout(1000);
    await a.screenshot({ path: 'test-results/e2e-portal-menu.png' });
    await a.getByRole('menuitem', { name: 'Edit roles' }).click();
    const roles = a.locator('fe-admin-portal dialog[open]');
    await roles.getByRole('checkbox', { name: /^Support/ }).uncheck();
    await roles.getByRole('checkbox', { name: /^ReadOnly/ }).check();
    await roles.getByRole('button', { name: 'Save' }).click();
    await userRow(a, email).getByText('ReadOnly').waitFor();

    await b.reload();
    await b.locator('fe-admin-portal nav button[data-entry="roles"]').waitFor();
    assert.ok((await navEntries(b)).includes('roles'), 'ReadOnly reads roles');

    // ReadOnly: no write controls on Users and Roles.
    await openPage(b, 'users');
    await userRow(b, email).waitFor();
    assert.equal(await b.getByRole('button', { name: 'Invite user' }).count(), 0);
    assert.equal(await b.locator('fe-admin-portal button[aria-label^="Actions for"]').count(), 0);
    await b.screenshot({ path: 'test-results/e2e-portal-readonly-users.png' });
    // A deep link to the portal's roles page (path strategy) opens it after a reload.
    await b.goto(`${server.url}/admin-box/roles`);
    await b.locator('fe-admin-portal nav button[data-entry="roles"][aria-current="page"]').waitFor();
    await b.locator('fe-admin-portal tr[data-row]').first().waitFor();
    assert.equal(await b.locator('fe-admin-portal [data-action="create"]').count(), 0);
    assert.equal(
      await b.locator('fe-admin-portal [data-action="edit"], fe-admin-portal [data-action="delete"]').count(),
      0,
    );
    // … and the server refuses their writes.
    const invited = await apiAs(server.url, email, password, 'POST', paths.teams.addUser.path, {
      email: 'x@example.test',
    });
    assert.equal(invited.status, 403);
    const role = await apiAs(server.url, email, password, 'POST', paths.roles.addRole.path, {
      name: 'Nope',
      key: 'nope',
    });
    assert.equal(role.status, 403);

    // The admin adds them to a group.
    await openPage(a, 'groups');
    const engineering = a.locator('fe-admin-portal tr[data-row]', { hasText: 'Engineering' });
    await engineering.locator('[data-action="details"]').click();
    const details = a.locator('fe-admin-portal dialog[open]');
    await details.locator('[data-pick="user"]').selectOption({ label: `New Member (${email})` });
    await details.getByRole('button', { name: 'Add member' }).click();
    await details.locator('[data-item="member"]', { hasText: email }).waitFor();
    await a.screenshot({ path: 'test-results/e2e-portal-group-member.png' });
    await a.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // … and deletes them: gone from the list, and their session no longer works.
    await openPage(a, 'users');
    await userRow(a, email)
      .getByRole('button', { name: /Actions for/ })
      .click();
    await a.getByRole('menuitem', { name: 'Delete user' }).click();
    await a.locator('fe-admin-portal dialog[open] [data-confirm]').click();
    await userRow(a, email).waitFor({ state: 'detached' });
    const gone = await apiAs(
      server.url,
      'admin@acme.test',
      DEMO_PASSWORD,
      'GET',
      `${paths.users.getUsersV3.path}?_email=${encodeURIComponent(email)}`,
      undefined,
    );
    assert.equal(((await gone.json()) as { items: unknown[] }).items.length, 0);

    assert.deepEqual(admin.errors, []);
    assert.deepEqual(member.errors, []);
    await admin.context.close();
    await member.context.close();
  });
});
