// Issue 20's journey against `npm start` (demo data: Acme, a reseller, with Acme Europe and Acme Labs): the demo
// administrator opens All accounts, creates a third sub-account, adds a user to it with a role, opens it and
// sees its users and settings (read with the sub-account's own token), denies a member of Acme their sub-account
// access — that member's next call in the sub-account, with the token they already hold, is refused —, deletes
// the sub-account; then two tabs of one browser stay on two different accounts after a reload (TENANTS-016).
// axe on each screen; screenshots in test-results/e2e-all-accounts-*.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { TenantTreeNode } from '../shared/api/contracts/hierarchy';
import { paths } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  accessTokenFor,
  axeViolations,
  journeySteps,
  landsSignedIn,
  loginBox,
  mailedLink,
  signIn,
} from './journeys';

const ADMIN = 'admin@acme.test';

describe('all accounts against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof fresh>>;
  const stamp = Date.now();
  const subAccount = `Acme Asia ${stamp}`;
  const newUser = `new.${stamp}@asia.test`;
  const member = `member.${stamp}@acme.test`;
  const memberPassword = 'acme-member-password-1';
  let subAccountId = '';
  /** The member's token for the new sub-account, taken while they were allowed in. */
  let memberSubToken = '';

  const { fresh: freshIn, step, shot } = journeySteps('all-accounts');
  const fresh = () => freshIn(browser);
  const a = () => admin.page;
  const portal = (page: Page = a()) => page.locator('fe-admin-portal');
  const tree = () => portal().getByRole('tree', { name: 'Accounts' });
  const treeItem = (name: string) => tree().getByRole('treeitem', { name, exact: true });
  const dialog = (name: string) => portal().getByRole('dialog', { name });

  async function expectAxeClean(what: string) {
    assert.deepEqual(await axeViolations(a(), 'fe-admin-portal'), [], `axe: ${what}`);
  }

  /** An API call with a bearer token; the raw response. */
  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The accounts tree as the administrator's script reads it. */
  async function treeNow(): Promise<TenantTreeNode> {
    const answer = await api(
      await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD),
      'GET',
      paths.tenants.getSubTenantsAsTree.path,
    );
    assert.equal(answer.status, 200, await answer.clone().text());
    return (await answer.json()) as TenantTreeNode;
  }

  /** A token for `tenantId` (users v3 me/token, TENANTS-014) from a password sign-in. */
  async function accountToken(email: string, password: string, tenantId: string): Promise<Response> {
    return api(await accessTokenFor(server.url, email, password), 'POST', paths.users.GetUserJwt.path, {
      tenantId,
    });
  }

  async function openAllAccounts() {
    await portal().locator('nav button[data-entry="allAccounts"]').click();
    await portal().getByRole('heading', { name: 'All accounts', exact: true }).waitFor();
    await treeItem('Acme').waitFor();
  }

  async function select(name: string) {
    await treeItem(name).click();
    await portal().getByRole('heading', { name, exact: true, level: 3 }).waitFor();
  }

  before(async () => {
    server = await startServerProcess({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '600' } });
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  step(
    'open',
    '[SCREEN-075] [SCREEN-076] the demo administrator sees Acme and its two sub-accounts',
    async () => {
      admin = await fresh();
      await signIn(a(), server.url, ADMIN, DEMO_PASSWORD);
      await openAllAccounts();
      await treeItem('Acme Europe').waitFor();
      await treeItem('Acme Labs').waitFor();
      await expectAxeClean('the All accounts page');
      await shot(a(), 'tree');

      // A member of Acme (ReadOnly), invited by the administrator and signed up through the mailed link: they
      // reach Acme's sub-accounts by delegation.
      const token = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
      const roles = (await (await api(token, 'GET', paths.roles.getRoles.path)).json()) as {
        id: string;
        name: string;
      }[];
      const readOnly = roles.find((r) => r.name === 'ReadOnly')!;
      const invited = await api(token, 'POST', paths.teams.addUser.path, {
        email: member,
        name: 'Mia Member',
        roleIds: [readOnly.id],
      });
      assert.ok(invited.ok, await invited.clone().text());
      const m = await fresh();
      await m.page.goto(await mailedLink(server.url, member, '/account/invitation/accept'));
      await loginBox(m.page).locator('input[name="password"]').fill(memberPassword);
      const confirm = loginBox(m.page).locator('input[name="confirmPassword"]');
      if (await confirm.count()) await confirm.fill(memberPassword);
      await loginBox(m.page).locator('button[type="submit"]').click();
      await loginBox(m.page).locator('[role="status"]', { hasText: 'sign in now' }).waitFor();
      await m.context.close();
    },
  );

  step('create', '[TENANTS-013] [TENANTS-023] the administrator creates a third sub-account', async () => {
    await select('Acme');
    await portal().getByRole('button', { name: 'Create sub-account' }).click();
    await dialog('Create sub-account').getByLabel('Name').fill(subAccount);
    await expectAxeClean('the create dialog');
    await dialog('Create sub-account').getByRole('button', { name: 'Create' }).click();
    await treeItem(subAccount).waitFor();
    await portal().getByRole('heading', { name: subAccount, exact: true, level: 3 }).waitFor();
    const created = (await treeNow()).children.find((c) => c.name === subAccount);
    assert.ok(created, 'the server has the new sub-account under Acme');
    subAccountId = created.tenantId;
    await shot(a(), 'created');
  });

  step('add-user', '[TENANTS-022] a user is added to the sub-account with a role', async () => {
    await portal().getByRole('tab', { name: 'Users' }).click();
    await portal().getByRole('button', { name: 'Add user' }).click();
    const add = dialog('Add user');
    await add.getByLabel('Email').fill(newUser);
    await add.getByLabel('Name').fill('Nina New');
    await add.getByRole('checkbox', { name: 'Viewer', exact: true }).check();
    await expectAxeClean('the add-user dialog');
    await add.getByRole('button', { name: 'Add' }).click();
    const row = portal()
      .getByRole('table', { name: `Users of ${subAccount}` })
      .getByRole('row', { name: new RegExp(newUser) });
    await row.waitFor();
    await row.getByText('Viewer').waitFor();
  });

  step(
    'opened',
    '[TENANTS-011] [TENANTS-014] the sub-account opens with its own token: its users and its settings',
    async () => {
      // What the page shows is what the sub-account's token answers.
      const tokenAnswer = await accountToken(ADMIN, DEMO_PASSWORD, subAccountId);
      assert.equal(tokenAnswer.status, 200, await tokenAnswer.clone().text());
      const { accessToken } = (await tokenAnswer.json()) as { accessToken: string };
      const users = await api(accessToken, 'GET', `${paths.users.getUsersV3.path}?_limit=10&_offset=0`);
      assert.equal(users.status, 200, await users.clone().text());
      const listed = ((await users.json()) as { items: { email: string }[] }).items.map((u) => u.email);
      assert.deepEqual(listed, [newUser]);
      await expectAxeClean('the sub-account users');
      await shot(a(), 'sub-account-users');
      await portal().getByRole('tab', { name: 'Settings' }).click();
      await portal().getByText('Time zone').waitFor();
      await expectAxeClean('the sub-account settings');
      await shot(a(), 'sub-account-settings');
    },
  );

  step(
    'deny',
    "[TENANTS-021] denying a member's sub-account access refuses their next call there at once",
    async () => {
      const granted = await accountToken(member, memberPassword, subAccountId);
      assert.equal(granted.status, 200, await granted.clone().text());
      memberSubToken = ((await granted.json()) as { accessToken: string }).accessToken;
      const before = await api(memberSubToken, 'GET', `${paths.users.getUsersV3.path}?_limit=10`);
      assert.equal(before.status, 200, await before.clone().text());

      await select('Acme');
      await portal().getByRole('tab', { name: 'Users' }).click();
      const access = portal().getByRole('switch', { name: `Sub-account access for ${member}` });
      await access.waitFor();
      assert.equal(await access.getAttribute('aria-checked'), 'true');
      await access.click();
      await portal()
        .getByRole('switch', { name: `Sub-account access for ${member}`, checked: false })
        .waitFor();
      await expectAxeClean('the own account with a member denied');
      await shot(a(), 'access-denied');

      const refused = await api(memberSubToken, 'GET', `${paths.users.getUsersV3.path}?_limit=10`);
      assert.equal(refused.status, 403, await refused.clone().text());
      const again = await accountToken(member, memberPassword, subAccountId);
      assert.equal(again.status, 403, await again.clone().text());
    },
  );

  step('delete', '[TENANTS-024] the administrator deletes the sub-account', async () => {
    await select(subAccount);
    await portal().getByRole('button', { name: 'Delete account' }).click();
    const confirm = portal().getByRole('alertdialog', { name: `Delete ${subAccount}?` });
    await confirm.waitFor();
    await expectAxeClean('the delete confirmation');
    await shot(a(), 'delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await treeItem(subAccount).waitFor({ state: 'detached' });
    assert.equal(
      (await treeNow()).children.some((c) => c.tenantId === subAccountId),
      false,
    );
    // Its only member is gone with it; the administrator's token for it is refused.
    const gone = await accountToken(ADMIN, DEMO_PASSWORD, subAccountId);
    assert.equal(gone.status, 403, await gone.clone().text());
  });

  step('tabs', '[TENANTS-016] two tabs stay on two different accounts after a reload', async () => {
    const switcher = (page: Page) => portal(page).locator('[data-tenant-switcher] select');
    const selected = (page: Page) =>
      switcher(page).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent?.trim() ?? '');
    const first = a();
    const second = await admin.context.newPage();
    await second.goto(`${server.url}/`);
    await landsSignedIn(second, server.url);
    for (const [page, name] of [
      [first, 'Acme Europe'],
      [second, 'Acme Labs'],
    ] as const) {
      await switcher(page).waitFor();
      const value = await switcher(page).evaluate(
        (s: HTMLSelectElement, wanted: string) =>
          [...s.options].find((o) => o.textContent?.trim().endsWith(wanted))?.value ?? '',
        name,
      );
      assert.ok(value, `${name} in the switcher`);
      await switcher(page).selectOption(value);
      await page.waitForFunction(
        ([el, wanted]) => {
          const select = document
            .querySelector(el as string)
            ?.shadowRoot?.querySelector('[data-tenant-switcher] select') as HTMLSelectElement | null;
          return select?.selectedOptions[0]?.textContent?.trim().endsWith(wanted as string) ?? false;
        },
        ['fe-admin-portal', name],
      );
    }
    for (const page of [first, second]) {
      await page.reload();
      await switcher(page).waitFor();
    }
    assert.match(await selected(first), /Acme Europe$/);
    assert.match(await selected(second), /Acme Labs$/);
    await shot(first, 'tab-europe');
    await shot(second, 'tab-labs');
    await second.close();
  });
});
