// Issue 17's journey against `npm start` on an empty data dir: a member invited with the ReadOnly role signs in
// (and once fails to); the admin signs in, changes the member's role to Viewer, and finds the sign-ins, the failed
// sign-in and the role change on the Audit logs page; filters by severity, searches by email, sorts, pages, opens
// a row's detail and exports the filtered rows as CSV (the downloaded file read back). The ReadOnly member sees
// Audit logs (fe.secure.read.audits); as a Viewer they neither see the entry nor read the API (403): the vendor's
// portal configuration shows the entry by permissions (ROUTE-033's default shows it to everyone, and the page
// then says the 403). axe on the page and the detail dialog; screenshots in test-results/e2e-audits-*.png.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { AUDITS_PAGE_SIZE } from '../shared/api/contracts/audits';
import { paths } from '../shared/api/paths';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  accessTokenFor,
  axeViolations,
  freshContext,
  journeySteps,
  loginBox,
  mailedLink,
  portalShows,
  signIn,
  submitPassword,
} from './journeys';

const ADMIN = 'admin@acme.test';
const MEMBER_PASSWORD = 'auditor-password-1';
/** Sign-ins of the admin through the API: with the journey's own rows, more than a page of events. */
const EXTRA_SIGN_INS = AUDITS_PAGE_SIZE + 2;

type Fresh = Awaited<ReturnType<typeof freshContext>>;

describe('audit logs against `npm start` on an empty data dir', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  let admin: Fresh;
  const member = `auditor.${Date.now()}@example.test`;
  let memberId = '';
  let viewerRoleId = '';

  const { fresh: freshIn, step, shot } = journeySteps('audits');
  const fresh = () => freshIn(browser);
  const portal = (page: Page, selector: string, options?: { hasText: string | RegExp }) =>
    page.locator(`fe-admin-portal ${selector}`, options);
  const a = () => admin.page;

  /** A call as a script of the admin would send it. */
  async function asAdmin(method: string, path: string, body?: unknown): Promise<Response> {
    const token = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
    return fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function openAudits(page: Page) {
    await portal(page, 'nav button[data-entry="audits"]').click();
    await portal(page, 'section[data-page="audits"]').waitFor();
    await portal(page, '[data-part="audits"] tr[data-row]').first().waitFor({ timeout: 15_000 });
    await settled(page);
  }

  /** The table shows the answer to the last query (no loader, no request under way). */
  async function settled(page: Page) {
    await page.waitForFunction(() => {
      const host = document.querySelector('fe-admin-portal');
      const section = host?.shadowRoot?.querySelector('section[data-page="audits"]');
      return (
        section?.getAttribute('aria-busy') === 'false' && !section.querySelector('tr[data-skeleton-row]')
      );
    });
  }

  /** Runs `change`, then waits for the audits answer it causes (and the table to show it). */
  async function answered(
    page: Page,
    change: () => Promise<unknown>,
    match: (url: URL) => boolean = () => true,
  ) {
    const response = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === paths.audits.getAudits.path && r.request().method() === 'GET' && match(url);
    });
    await change();
    const answer = await response;
    assert.equal(answer.status(), 200, `GET /audits: ${answer.status()}`);
    await settled(page);
    return new URL(answer.url());
  }

  /** The rows on the page: action, email, severity and time of each. */
  function tableRows(page: Page) {
    return portal(page, '[data-part="audits"] tr[data-row]').evaluateAll((trs) =>
      trs.map((tr) => ({
        action: tr.querySelector('[data-value="action"]')?.textContent ?? '',
        email: tr.querySelector('[data-value="email"]')?.textContent ?? '',
        description: tr.querySelector('[data-value="description"]')?.textContent ?? '',
        severity: tr.querySelector('[data-severity]')?.getAttribute('data-severity') ?? '',
        time: tr.querySelector('time')?.getAttribute('datetime') ?? '',
      })),
    );
  }

  async function expectAxeClean(page: Page, what: string) {
    assert.deepEqual(await axeViolations(page, 'fe-admin-portal'), [], `axe: ${what}`);
  }

  before(async () => {
    // Many sign-ins from one address in a minute: the journey's own, above the default auth rate limit.
    server = await startServerProcess({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '600' } });
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  step(
    'readonly',
    '[AUDITS-004] a member with the ReadOnly role (fe.secure.read.audits) signs in, once with a wrong password, and sees Audit logs',
    async () => {
      // The vendor shows Audit logs to those who may read them (a development route stands for the vendor).
      const configured = await fetch(`${server.url}${paths.metadata.updateAdminBoxMetadata.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          actions: [{ type: 'navigation', payload: { audits: { visibility: 'byPermissions' } } }],
        }),
      });
      assert.equal(configured.status, 200, await configured.clone().text());
      const roles = (await (await asAdmin('GET', paths.roles.getRoles.path)).json()) as {
        id: string;
        name: string;
      }[];
      const readOnly = roles.find((r) => r.name === 'ReadOnly');
      const viewer = roles.find((r) => r.name === 'Viewer');
      assert.ok(readOnly && viewer, 'the ReadOnly and Viewer roles');
      viewerRoleId = viewer.id;
      const invited = await asAdmin('POST', paths.teams.addUser.path, {
        email: member,
        name: 'Audit Reader',
        roleIds: [readOnly.id],
      });
      assert.ok(invited.ok, await invited.clone().text());
      memberId = ((await invited.json()) as { id: string }).id;

      const m = await fresh();
      await m.page.goto(await mailedLink(server.url, member, '/account/invitation/accept'));
      await loginBox(m.page).locator('input[name="password"]').fill(MEMBER_PASSWORD);
      const confirm = loginBox(m.page).locator('input[name="confirmPassword"]');
      if (await confirm.count()) await confirm.fill(MEMBER_PASSWORD);
      await loginBox(m.page).locator('button[type="submit"]').click();
      await loginBox(m.page).locator('[role="status"]', { hasText: 'sign in now' }).waitFor();

      // The failed sign-in, then the right one.
      await submitPassword(m.page, server.url, member, 'not-the-password-1');
      await loginBox(m.page).locator('[role="alert"]').waitFor();
      await signIn(m.page, server.url, member, MEMBER_PASSWORD);
      await openAudits(m.page);
      const rows = await tableRows(m.page);
      assert.ok(
        rows.some((r) => r.action === 'User login failed' && r.email === member),
        'the member reads their failed sign-in',
      );
      assert.deepEqual(m.errors, []);
      await m.context.close();
    },
  );

  step('role-change', 'the admin signs in and changes the member’s role to Viewer', async () => {
    for (let i = 0; i < EXTRA_SIGN_INS; i++) await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
    const changed = await asAdmin('PUT', paths.teams.updateUser.path, {
      id: memberId,
      roleIds: [viewerRoleId],
    });
    assert.ok(changed.ok, await changed.clone().text());
    admin = await fresh();
    await signIn(a(), server.url, ADMIN, DEMO_PASSWORD);
    await openAudits(a());
  });

  step(
    'page',
    '[SCREEN-068] [AUDITS-004] [AUDITS-011] the sign-ins, the failed sign-in and the role change are in Audit logs, newest first; axe clean',
    async () => {
      await portal(a(), '[data-stat="totalToday"] dd').filter({ hasText: /\d/ }).waitFor();
      await portal(a(), '[data-chart-canvas] canvas').waitFor();
      const rows = await tableRows(a());
      assert.equal(rows.length, AUDITS_PAGE_SIZE, 'a full first page');
      const times = rows.map((r) => r.time);
      assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
      assert.equal(rows[0]!.action, 'User logged in', 'the admin’s browser sign-in is the newest');
      assert.equal(rows[0]!.email, ADMIN);
      assert.ok(
        rows.some((r) => r.action === 'User updated' && r.email === ADMIN),
        'the role change, by the admin',
      );
      // The role change's detail names the member and the role given.
      await portal(a(), '[data-part="audits"] tr[data-row]', { hasText: 'User updated' })
        .locator('button[data-details]')
        .click();
      const dialog = portal(a(), 'dialog[open]', { hasText: 'Audit event' });
      const json = JSON.parse((await dialog.locator('pre[data-json]').textContent()) ?? '{}') as {
        targetUserId?: string;
        rolesAdded?: string[];
      };
      assert.equal(json.targetUserId, memberId);
      assert.deepEqual(json.rolesAdded, [viewerRoleId]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const total = await portal(a(), '[data-total]').textContent();
      const count = Number(total?.match(/^(\d+) events$/)?.[1]);
      assert.ok(count > AUDITS_PAGE_SIZE, `more than a page: ${total}`);
      // The chart counts the same events as the table (all of them today, in the last 30 days).
      const summary = await portal(a(), '[data-chart-summary]').textContent();
      assert.match(summary ?? '', new RegExp(`^${count} events from`), `the chart: ${summary}`);
      await expectAxeClean(a(), 'the audits page');
      await shot(a(), 'page');
    },
  );

  step('paging', '[AUDITS-010] Next shows the second page of 20, Previous the first', async () => {
    const first = await tableRows(a());
    const nav = portal(a(), 'nav[aria-label]', { hasText: 'Page 1 of' });
    const url = await answered(a(), () => nav.getByRole('button', { name: 'Next' }).click());
    assert.equal(url.searchParams.get('offset'), String(AUDITS_PAGE_SIZE));
    await portal(a(), 'nav[aria-label]', { hasText: 'Page 2 of' }).waitFor();
    const second = await tableRows(a());
    assert.ok(second.length > 0 && second.length <= AUDITS_PAGE_SIZE);
    assert.ok(second[0]!.time <= first.at(-1)!.time, 'older than the first page');
    await shot(a(), 'page-2');
    // A token first (its sign-in is an event too), then Previous, then the server's first page with it.
    const token = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
    const back = await answered(a(), () =>
      portal(a(), 'nav[aria-label]', { hasText: 'Page 2 of' })
        .getByRole('button', { name: 'Previous' })
        .click(),
    );
    assert.equal(back.searchParams.get('offset'), '0');
    // The first page again: the rows the server has at offset 0 now (an event written meanwhile, e.g. by a
    // sign-in still finishing under load, moves the page by a row; the table must show exactly that page).
    const again = await tableRows(a());
    const answer = await fetch(`${server.url}${back.pathname}${back.search}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const now = (await answer.json()) as {
      data: { createdAt: string; action: string }[];
    };
    const times = (rows: { time: string }[]) => rows.map((r) => new Date(r.time).toISOString());
    assert.deepEqual(
      again.map((r, i) => [r.action, times(again)[i]]),
      now.data.map((r) => [r.action, new Date(r.createdAt).toISOString()]),
      `Previous shows the first page: ${JSON.stringify({ again, first })}`,
    );
  });

  step('sort', '[AUDITS-014] the time header sorts oldest first, then newest first again', async () => {
    const sortButton = portal(a(), 'button[data-sort="createdAt"]');
    let url = await answered(a(), () => sortButton.click());
    assert.equal(url.searchParams.get('sortDirection'), 'asc');
    let times = (await tableRows(a())).map((r) => r.time);
    assert.deepEqual(times, [...times].sort(), 'oldest first');
    url = await answered(a(), () => sortButton.click());
    assert.equal(url.searchParams.get('sortDirection'), 'desc');
    times = (await tableRows(a())).map((r) => r.time);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
  });

  step(
    'filter',
    '[AUDITS-003] [AUDITS-005] the severity filter shows the warnings: the failed sign-in',
    async () => {
      const url = await answered(a(), () =>
        portal(a(), 'select[data-filter="severity"]').selectOption('WARNING'),
      );
      assert.equal(url.searchParams.get('severity'), 'WARNING');
      const rows = await tableRows(a());
      assert.ok(rows.length > 0, 'warnings');
      assert.ok(
        rows.every((r) => r.severity === 'WARNING'),
        'only warnings',
      );
      assert.ok(
        rows.some((r) => r.action === 'User login failed' && r.email === member),
        'the failed sign-in',
      );
      await shot(a(), 'severity');
      await answered(a(), () => portal(a(), 'select[data-filter="severity"]').selectOption(''));
    },
  );

  step(
    'search',
    '[AUDITS-005] [AUDITS-009] a search by email, a row’s detail, and the CSV export of those rows read back',
    async () => {
      const url = await answered(
        a(),
        () => portal(a(), 'input[data-input="search"]').fill(member),
        (u) => u.searchParams.get('filter') === member,
      );
      assert.equal(url.searchParams.get('offset'), '0');
      const rows = await tableRows(a());
      const actions = rows.map((r) => r.action).sort();
      for (const action of ['User invited', 'User login failed', 'User logged in'])
        assert.ok(actions.includes(action), `${action} of the member: ${actions.join(', ')}`);
      assert.ok(
        rows.every((r) => r.email === member || r.description.includes(member)),
        'only rows of the member',
      );

      // The detail of the failed sign-in: its more-info columns and data, as text.
      const failed = portal(a(), '[data-part="audits"] tr[data-row]', { hasText: 'User login failed' });
      await failed.locator('button[data-details]').click();
      const dialog = portal(a(), 'dialog[open]', { hasText: 'Audit event' });
      await dialog.waitFor();
      await dialog
        .locator('[data-detail="userAgent"]')
        .filter({ hasText: /Chrome|Mozilla/ })
        .waitFor();
      assert.match((await dialog.textContent()) ?? '', /User login failed/);
      await expectAxeClean(a(), 'the detail dialog');
      await shot(a(), 'detail');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The export carries the search: the file holds exactly the rows the table shows.
      const download = a().waitForEvent('download');
      await portal(a(), 'button[data-action="export"]').click();
      const file = await download;
      assert.equal(file.suggestedFilename(), 'audits.csv');
      const csv = readFileSync((await file.path())!, 'utf8');
      const lines = csv.trim().split('\r\n');
      assert.equal(lines[0], 'Time,User,Action,Description,IP address,Severity,User agent,Details');
      const body = lines.slice(1);
      assert.equal(body.length, rows.length, 'as many rows as the table');
      assert.ok(
        body.every((line) => line.includes(member)),
        'every row names the member',
      );
      assert.deepEqual(body.map((line) => line.split(',')[2]).sort(), actions, 'the actions of the table');
      await portal(a(), '[data-toast]', { hasText: 'The audit log was downloaded as audits.csv.' }).waitFor();
      await shot(a(), 'export');
      assert.deepEqual(admin.errors, []);
    },
  );

  step(
    'viewer',
    'a Viewer (no fe.secure.read.audits) sees no Audit logs entry and the API answers 403',
    async () => {
      const v = await fresh();
      await signIn(v.page, server.url, member, MEMBER_PASSWORD);
      await portalShows(v.page, member);
      assert.equal(await portal(v.page, 'nav button[data-entry="audits"]').count(), 0, 'no Audit logs entry');
      await shot(v.page, 'viewer');
      const token = await accessTokenFor(server.url, member, MEMBER_PASSWORD);
      for (const path of [paths.audits.getAudits.path, paths.audits.getAuditsStats.path]) {
        const refused = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(refused.status, 403, `${path}: ${refused.status}`);
      }
      const exported = await fetch(`${server.url}/audits/export/csv/v2`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ properties: [{ name: 'email', displayName: 'User' }] }),
      });
      assert.equal(exported.status, 403, `export: ${exported.status}`);
      assert.deepEqual(v.errors, []);
      await v.context.close();
      await admin.context.close();
    },
  );
});
