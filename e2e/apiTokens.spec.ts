// API tokens end to end, against `npm start` on an empty data dir (issue 15): the admin generates a TENANT token
// with the ReadOnly role on the API tokens page and reads its clientId and secret from the success dialog; Node
// code exchanges them for an access token that lists users (200) but cannot invite (403); the admin deletes the
// token on the page, and the exchange fails and the earlier access token is refused at once (decision 0021:
// liveness is checked on every request, bound zero). The same for a PERSONAL token of a user whose roles let
// them read users but not invite: its permissions are the user's.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { accessTokenFor, axeViolations, freshContext, mailedLink, signIn } from './journeys';

describe('API tokens against `npm start` on an empty data dir', () => {
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

  /** A call as a script would send it, with a bearer token. */
  const call = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The machine-to-machine sign-in: clientId and secret for an access token. */
  const exchange = (clientId: string, secret: string) =>
    fetch(`${server.url}${paths.auth.exchangeApiToken.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, secret }),
    });

  const listUsers = (token: string) => call(token, 'GET', paths.users.getUsersV3.path);
  const invite = (token: string) =>
    call(token, 'POST', paths.teams.addUser.path, {
      email: `nope.${Date.now()}@example.test`,
      name: 'Nope',
    });

  async function openEntry(page: Page, entry: 'apiTokens' | 'personalApiTokens') {
    await page.locator(`fe-admin-portal nav button[data-entry="${entry}"]`).click();
    await page.locator(`fe-admin-portal section[data-page="${entry}"]`).waitFor();
  }

  async function expectAxeClean(page: Page, what: string) {
    assert.deepEqual(await axeViolations(page, 'fe-admin-portal'), [], `axe: ${what}`);
  }

  /** Generates a token on the open page; answers the clientId and secret the success dialog shows. */
  async function generate(page: Page, kind: string, description: string, role?: string) {
    await page.locator('fe-admin-portal [data-action="create"]').click();
    const dialog = page.locator('fe-admin-portal dialog[open]');
    await dialog.locator('input[data-input="description"]').fill(description);
    await dialog.locator('select[data-expiry]').selectOption('30');
    if (role) await dialog.getByRole('checkbox', { name: new RegExp(`^${role}`) }).check();
    await expectAxeClean(page, `${kind} add dialog`);
    await page.screenshot({ path: `test-results/e2e-tokens-${kind}-add.png` });
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    const success = page.locator('fe-admin-portal dialog[open]:has([data-token-created])');
    await success.waitFor();
    await success.getByText('Copy it now: you will not see the secret again.').waitFor();
    const clientId = await success.locator('input[data-client-id]').inputValue();
    const secret = await success.locator('input[data-secret]').inputValue();
    await expectAxeClean(page, `${kind} success dialog`);
    await page.screenshot({ path: `test-results/e2e-tokens-${kind}-secret.png` });
    await success.getByRole('button', { name: 'Done' }).click();
    await success.waitFor({ state: 'detached' });
    await page.locator('fe-admin-portal tr[data-row]', { hasText: description }).waitFor();
    return { clientId, secret };
  }

  async function deleteOnPage(page: Page, kind: string, description: string) {
    await page.getByRole('button', { name: `Delete token ${description}` }).click();
    await page.locator('fe-admin-portal dialog[open]', { hasText: 'Delete API token' }).waitFor();
    await page.screenshot({ path: `test-results/e2e-tokens-${kind}-delete.png` });
    await page.locator('fe-admin-portal dialog[open] [data-confirm]').click();
    await page
      .locator('fe-admin-portal tr[data-row]', { hasText: description })
      .waitFor({ state: 'detached' });
  }

  /** The exchange, the allowed read and the refused write; after the delete, nothing works any more. */
  async function provesAccessThenRevoked(
    credentials: { clientId: string; secret: string },
    revoke: () => Promise<void>,
  ) {
    const exchanged = await exchange(credentials.clientId, credentials.secret);
    assert.equal(exchanged.status, 200, await exchanged.clone().text());
    const { accessToken } = (await exchanged.json()) as { accessToken: string };
    assert.equal((await listUsers(accessToken)).status, 200, 'the token lists users');
    assert.equal((await invite(accessToken)).status, 403, 'the token cannot invite');

    await revoke();
    const again = await exchange(credentials.clientId, credentials.secret);
    assert.equal(again.status, 401, 'the exchange of a deleted token fails');
    const refused = await listUsers(accessToken);
    assert.equal(refused.status, 401, `the earlier access token is refused at once: ${refused.status}`);
  }

  it('[TOKENS-002] [TOKENS-003] [TOKENS-004] [SCREEN-046] [SCREEN-047] [SCREEN-048] a tenant token with the ReadOnly role: exchange, read yes, invite no; deleted on the page, refused at once', async () => {
    const admin = await fresh();
    const a = admin.page;
    await signIn(a, server.url, 'admin@acme.test', DEMO_PASSWORD);
    await openEntry(a, 'apiTokens');
    await a.locator('fe-admin-portal section[data-page="apiTokens"]', { hasText: 'no API tokens' }).waitFor();
    await expectAxeClean(a, 'tenant page (empty)');

    const description = 'Nightly report';
    const credentials = await generate(a, 'tenant', description, 'ReadOnly');
    const row = a.locator('fe-admin-portal tr[data-row]', { hasText: description });
    await row.locator('[data-token-roles]', { hasText: 'ReadOnly' }).waitFor();
    assert.equal(await row.locator('[data-client-id]').textContent(), credentials.clientId);
    await expectAxeClean(a, 'tenant page (one token)');
    await a.screenshot({ path: 'test-results/e2e-tokens-tenant-page.png' });

    await provesAccessThenRevoked(credentials, () => deleteOnPage(a, 'tenant', description));
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });

  it("[TOKENS-003] [TOKENS-004] [SCREEN-045] [SCREEN-047] [SCREEN-048] a personal token acts with its user's permissions: read yes, invite no; deleted on the page, refused at once", async () => {
    // The admin makes a member who reads users (ReadOnly) and may manage their own tokens, but not invite.
    const adminToken = await accessTokenFor(server.url, 'admin@acme.test', DEMO_PASSWORD);
    const [roles, permissions] = await Promise.all([
      call(adminToken, 'GET', paths.roles.getRoles.path).then(
        (r) => r.json() as Promise<{ id: string; name: string }[]>,
      ),
      call(adminToken, 'GET', paths.roles.getPermissions.path).then(
        (r) => r.json() as Promise<{ id: string; key: string }[]>,
      ),
    ]);
    const tokenKeys = /^fe\.secure\.(read|write|delete)\.userApiTokens$/;
    const made = await call(adminToken, 'POST', paths.roles.addRole.path, {
      name: 'Token owner',
      key: 'token-owner',
      permissionIds: permissions.filter((p) => tokenKeys.test(p.key)).map((p) => p.id),
    });
    assert.equal(made.status, 201, await made.clone().text());
    const tokenRole = (await made.json()) as { id: string };
    const readOnly = roles.find((r) => r.name === 'ReadOnly');
    assert.ok(readOnly, 'the ReadOnly role');
    const email = `token.owner.${Date.now()}@example.test`;
    const invited = await call(adminToken, 'POST', paths.teams.addUser.path, {
      email,
      name: 'Token Owner',
      roleIds: [readOnly.id, tokenRole.id],
    });
    assert.ok(invited.ok, await invited.clone().text());

    const member = await fresh();
    const b = member.page;
    const password = 'a-good-password-42';
    await b.goto(await mailedLink(server.url, email, '/account/invitation/accept'));
    await b.locator('fe-login-box input[name="password"]').fill(password);
    const confirm = b.locator('fe-login-box input[name="confirmPassword"]');
    if (await confirm.count()) await confirm.fill(password);
    await b.locator('fe-login-box button[type="submit"]').click();
    await b.locator('fe-login-box [role="status"]', { hasText: 'sign in now' }).waitFor();
    await signIn(b, server.url, email, password);

    await openEntry(b, 'personalApiTokens');
    await b
      .locator('fe-admin-portal section[data-page="personalApiTokens"]', { hasText: 'no API tokens' })
      .waitFor();
    await expectAxeClean(b, 'personal page (empty)');
    const description = 'My laptop script';
    const credentials = await generate(b, 'personal', description);
    await expectAxeClean(b, 'personal page (one token)');
    await b.screenshot({ path: 'test-results/e2e-tokens-personal-page.png' });

    await provesAccessThenRevoked(credentials, () => deleteOnPage(b, 'personal', description));
    assert.deepEqual(member.errors, []);
    await member.context.close();
  });
});
