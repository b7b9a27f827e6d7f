// The audit log through the app (AUDITS-001..011, ENUM-017): rows written by real actions, only the caller's
// tenant, the text search and each column filter, sort both ways, offset pages with a capped total, virtual
// (keyset) pages, the header statistics, the column metadata, the streamed CSV export (header, order, RFC 4180
// quoting, formula neutralising), bad input (400) and the permission (403).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { AUDIT_SORTABLE } from '../../shared/api/contracts/audits';
import { paths } from '../../shared/api/paths';
import { audits, tenants, userTenants } from '../db/schema';
import { startOfDay } from '../audits/query';
import { settled } from '../signup/background';
import { ADMIN_EMAIL, fixtures, testServer, type TestServer } from '../testing';

interface Row {
  frontegg_id: string;
  createdAt: string;
  email: string;
  action: string;
  description: string;
  ip: string;
  severity: string;
  userAgent: string;
  json: Record<string, unknown>;
  tenantId: string;
  vendorId: string;
}
interface Page {
  data: Row[];
  total: number;
  totalCapped?: boolean;
  next?: string | null;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('audit logs (AUDITS-001..011)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let admin: string;
  /** A tenant with controlled rows, and an Admin of it. */
  let ctlTenant: string;
  let ctl: string;
  /** A tenant with 10,050 rows (the capped count, the long export). */
  let bulkTenant: string;
  let bulk: string;
  const now = Date.now();

  type Seed = Partial<typeof audits.$inferInsert> & { minutesAgo: number };
  const insertRows = (tenantId: string, rows: Seed[]) =>
    f.db.insert(audits).values(
      rows.map(({ minutesAgo, ...r }) => ({
        id: randomUUID(),
        vendorId: t.services.vendorId,
        tenantId,
        action: 'Filler action',
        createdAt: new Date(now - minutesAgo * MINUTE),
        ...r,
      })),
    );

  const list = async (token: string, query: Record<string, string> = {}, status = 200) => {
    const res = await f.request('GET', `${paths.audits.getAudits.path}?${new URLSearchParams(query)}`, token);
    return f.json<Page>(res, status);
  };
  const refused = async (token: string, query: Record<string, string>) => {
    const res = await f.request('GET', `${paths.audits.getAudits.path}?${new URLSearchParams(query)}`, token);
    return (await f.errorsOf(res, 400)).join(' ');
  };
  const exportCsv = (
    token: string,
    properties: unknown,
    query: Record<string, string> = {},
    path = '/audits/export/csv/v2',
  ) => f.request('POST', `${path}?${new URLSearchParams(query)}`, token, { properties });
  /** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
  const parseCsv = (text: string): string[][] => {
    const records: string[][] = [];
    let record: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') ((cell += '"'), i++);
        else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') (record.push(cell), (cell = ''));
      else if (ch === '\r' && text[i + 1] === '\n') {
        (record.push(cell), records.push(record), (record = []), (cell = ''), i++);
      } else cell += ch;
    }
    assert.equal(cell + record.join(''), '', 'the file ends with CRLF');
    return records;
  };

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;

    ctlTenant = await f.newTenant('Audit Co');
    ctl = (await f.member(['Admin'], 'Audit Co')).token;
    await settled(f.db);
    // The member's own sign-in wrote a row: the controlled tenant starts empty.
    await f.db.delete(audits).where(eq(audits.tenantId, ctlTenant));
    await insertRows(ctlTenant, [
      {
        minutesAgo: 1,
        email: 'alice@audit.test',
        action: 'User logged in',
        description: 'Alice signed in',
        ipAddress: '203.0.113.10',
        userAgent: 'Mozilla/5.0 Firefox',
        severity: 'Info',
        json: { method: 'password' },
      },
      {
        minutesAgo: 2,
        email: 'Bob@Audit.test',
        action: 'User login failed',
        description: 'Wrong password; kickoff',
        ipAddress: '203.0.113.77',
        userAgent: 'curl/8.0',
        severity: 'Medium',
      },
      {
        minutesAgo: 3,
        email: 'carol@audit.test',
        action: 'Role updated',
        description: 'Carol, the "admin",\nchanged roles',
        ipAddress: '198.51.100.5',
        userAgent: 'Mozilla/5.0 Safari',
        severity: 'High',
      },
      {
        minutesAgo: 10 * 24 * 60,
        email: null,
        action: 'Security policy updated',
        description: '50%_off sale',
        ipAddress: '2001:db8::1',
        userAgent: '',
        severity: 'High',
      },
      {
        minutesAgo: 4,
        email: 'dave@audit.test',
        action: 'User logged in',
        description: '=HYPERLINK("http://evil.example")',
        ipAddress: '198.51.100.6',
        userAgent: '@SUM(1+1)',
        severity: 'Info',
      },
      {
        minutesAgo: 5,
        email: 'erin@audit.test',
        action: '+cmd',
        description: '-2+3',
        ipAddress: '198.51.100.7',
        userAgent: '\tTabbed',
        severity: 'Medium',
        json: { note: '\rreturn' },
      },
      ...Array.from({ length: 39 }, (_, i) => ({
        minutesAgo: 10 + i,
        email: `filler-${i}@audit.test`,
        description: `filler row ${i}`,
        ipAddress: `192.0.2.${i}`,
        userAgent: 'Filler/1.0',
        severity: 'Info',
      })),
    ]);

    // 10,050 rows in one statement (the capped count and a long export).
    bulkTenant = await f.newTenant('Audit Bulk');
    bulk = (await f.member(['Admin'], 'Audit Bulk')).token;
    await settled(f.db);
    await f.db.delete(audits).where(eq(audits.tenantId, bulkTenant));
    await f.db.execute(sql`
      insert into audits (id, vendor_id, tenant_id, email, action, description, ip_address, severity, created_at)
      select gen_random_uuid()::text, ${t.services.vendorId}, ${bulkTenant}, 'bulk' || n || '@bulk.test',
        'Bulk action', 'bulk row ' || n, '10.0.' || (n / 256) || '.' || (n % 256), 'Info',
        now() - (n || ' seconds')::interval
      from generate_series(1, 10050) as n`);
    // A vendor-level row (no tenant): no tenant's list shows it.
    await f.db.insert(audits).values({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      tenantId: null,
      action: 'Portal metadata updated',
      description: 'vendor-level marker row',
    });
  });
  after(() => t.close());

  it('[AUDITS-001] [AUDITS-006] a sign-in, a role change and a failed sign-in appear in the tenant log, with actor, IP, user agent and severity', async () => {
    // A role change: a Viewer of Acme made an Editor by the admin.
    const member = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const editor = await f.roleId('Editor');
    await f.json(
      await f.request('PUT', paths.teams.updateUser.path, admin, { id: member.id, roleIds: [editor] }),
    );
    // A failed sign-in from a known client.
    const failed = await t.app.request(paths.auth.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'AuditAgent/1.0' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: 'not-the-password' }),
    });
    assert.equal(failed.status, 401);
    await settled(f.db);

    const page = await list(admin, { count: '100' });
    assert.ok(page.total >= 3 && typeof page.total === 'number');
    for (const row of page.data) {
      assert.deepEqual(Object.keys(row).sort(), [
        'action',
        'createdAt',
        'description',
        'email',
        'frontegg_id',
        'ip',
        'json',
        'severity',
        'tenantId',
        'userAgent',
        'vendorId',
      ]);
      assert.equal(row.tenantId, acme, 'only the caller tenant');
      assert.equal(row.vendorId, t.services.vendorId);
      assert.equal(new Date(row.createdAt).toISOString(), row.createdAt, 'createdAt is ISO');
    }
    const signIn = page.data.find((r) => r.action === 'User logged in' && r.email === ADMIN_EMAIL);
    assert.ok(signIn, 'the sign-in');
    assert.equal(signIn.severity, 'INFO');
    assert.equal(signIn.ip, '127.0.0.1');
    const change = page.data.find((r) => r.action === 'User updated');
    assert.ok(change, 'the role change');
    assert.deepEqual(change.json.rolesAdded, [editor]);
    assert.equal(change.email, ADMIN_EMAIL, 'the actor');
    const failure = page.data.find((r) => r.action === 'User login failed');
    assert.ok(failure, 'the failed sign-in');
    assert.equal(failure.severity, 'WARNING');
    assert.equal(failure.userAgent, 'AuditAgent/1.0');
    assert.equal(failure.email, ADMIN_EMAIL);
  });

  it("[AUDITS-006] another tenant's rows and vendor-level rows never appear, whatever the caller names", async () => {
    const texts = [
      JSON.stringify(await list(admin, { count: '100', tenantId: ctlTenant })),
      JSON.stringify(await list(admin, { filter: 'alice' })),
      JSON.stringify(await list(admin, { filter: 'vendor-level marker' })),
    ];
    for (const text of texts) {
      assert.ok(!text.includes(ctlTenant) && !text.includes('alice@audit.test'), 'no row of Audit Co');
      assert.ok(!text.includes('vendor-level marker'), 'no vendor-level row');
    }
    const own = await list(ctl, { count: '100' });
    assert.equal(own.total, 45);
    assert.ok(own.data.every((r) => r.tenantId === ctlTenant));
  });

  it('[AUDITS-005] [AUDITS-010] [AUDITS-011] a page is 20 rows by default, newest first; offset and count page through; total counts them all', async () => {
    const first = await list(ctl);
    assert.equal(first.data.length, 20);
    assert.equal(first.total, 45);
    assert.equal(first.totalCapped, false);
    const times = first.data.map((r) => Date.parse(r.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'createdAt descending',
    );
    assert.equal(first.data[0]!.email, 'alice@audit.test');
    const all = [
      ...first.data,
      ...(await list(ctl, { offset: '20' })).data,
      ...(await list(ctl, { offset: '40' })).data,
    ];
    assert.equal(all.length, 45);
    assert.equal(new Set(all.map((r) => r.frontegg_id)).size, 45, 'every row once');
    assert.equal(all.at(-1)!.action, 'Security policy updated', 'the oldest last');
    assert.equal((await list(ctl, { count: '100' })).data.length, 45);
    assert.match(await refused(ctl, { count: '101' }), /count/);
    assert.match(await refused(ctl, { count: '0' }), /count/);
    assert.match(await refused(ctl, { offset: '-1' }), /offset/);
  });

  it('[AUDITS-005] the text search: case-insensitive contains over email, action, description, IP and user agent; never across two fields', async () => {
    const emails = async (filter: string) =>
      (await list(ctl, { filter, count: '100' })).data.map((r) => r.email).sort();
    assert.deepEqual(await emails('BOB@audit'), ['Bob@Audit.test'], 'email, any case');
    assert.deepEqual(await emails('role UPDATED'), ['carol@audit.test'], 'action');
    assert.deepEqual(await emails('signed in'), ['alice@audit.test'], 'description');
    assert.deepEqual(await emails('203.0.113.77'), ['Bob@Audit.test'], 'ip');
    assert.deepEqual(await emails('firefox'), ['alice@audit.test'], 'user agent');
    assert.deepEqual(await emails('%_off'), [''], '% and _ are literal');
    assert.deepEqual(await emails('test user'), [], 'not across the email and the action');
    assert.equal((await list(ctl, { filter: 'filler row' })).total, 39);
  });

  it('[AUDITS-005] each column filter of the metadata, by its name: severity, email, action, ip, description, user agent, createdAt range', async () => {
    const actions = async (query: Record<string, string>) =>
      (await list(ctl, { ...query, count: '100' })).data.map((r) => r.email || r.action).sort();
    assert.deepEqual(await actions({ severity: 'SEVERE' }), ['Security policy updated', 'carol@audit.test']);
    assert.deepEqual(
      await actions({ severity: 'high' }),
      await actions({ severity: 'SEVERE' }),
      'stored word',
    );
    assert.deepEqual(await actions({ severity: 'WARNING' }), ['Bob@Audit.test', 'erin@audit.test']);
    assert.equal((await list(ctl, { severity: 'WARNING,SEVERE' })).total, 4);
    assert.equal((await list(ctl, { severity: 'INFO' })).total, 41);
    assert.deepEqual(await actions({ email: 'AUDIT.test', severity: 'medium' }), [
      'Bob@Audit.test',
      'erin@audit.test',
    ]);
    assert.deepEqual(await actions({ action: 'User logged in' }), ['alice@audit.test', 'dave@audit.test']);
    assert.deepEqual(await actions({ action: 'User logged' }), [], 'action is exact');
    assert.deepEqual(await actions({ ip: '198.51.100.5' }), ['carol@audit.test'], 'ip exact');
    assert.deepEqual(await actions({ ip: '198.51.100.*' }), [
      'carol@audit.test',
      'dave@audit.test',
      'erin@audit.test',
    ]);
    assert.deepEqual(await actions({ ip: '2001:DB8::1' }), ['Security policy updated'], 'IPv6, any case');
    assert.deepEqual(await actions({ description: 'KICKOFF' }), ['Bob@Audit.test']);
    assert.deepEqual(await actions({ userAgent: 'safari' }), ['carol@audit.test']);
    const iso = (ms: number) => new Date(ms).toISOString();
    assert.deepEqual(
      await actions({ createdAt: `${iso(now - 3.5 * MINUTE)},${iso(now - 1.5 * MINUTE)}` }),
      ['Bob@Audit.test', 'carol@audit.test'],
      'a closed range',
    );
    assert.deepEqual(
      await actions({ createdAt: `,${iso(now - DAY)}` }),
      ['Security policy updated'],
      'until',
    );
    assert.equal((await list(ctl, { createdAt: `${iso(now - 29.5 * MINUTE)},` })).total, 5 + 20, 'since');
    assert.equal(
      (await list(ctl, { createdAt: `${iso(now - 29.5 * MINUTE)},`, filter: 'filler' })).total,
      20,
    );
  });

  it('[AUDITS-005] a bad filter or a column that is not filterable is a 400 naming it', async () => {
    assert.match(await refused(ctl, { severity: 'LOUD' }), /severity/);
    assert.match(await refused(ctl, { createdAt: 'yesterday' }), /createdAt/);
    assert.match(
      await refused(ctl, { createdAt: '2026-02-01T00:00:00Z,2026-01-01T00:00:00Z' }),
      /createdAt/,
      'from after to',
    );
    assert.match(await refused(ctl, { ip: 'evil%' }), /ip/);
    assert.match(await refused(ctl, { json: '{}' }), /json/);
    assert.match(await refused(ctl, { paginationMode: 'infinite' }), /paginationMode/);
    assert.match(await refused(ctl, { filter: 'x'.repeat(201) }), /filter/);
    assert.match(await refused(ctl, { filter: 'a\u001fb' }), /filter/, 'a control character');
  });

  it('[AUDITS-005] sort by every sortable column, both ways (severity by rank); an unknown column or direction is a 400', async () => {
    for (const sortBy of AUDIT_SORTABLE) {
      const asc = (await list(ctl, { sortBy, sortDirection: 'asc', count: '100' })).data;
      const desc = (await list(ctl, { sortBy, sortDirection: 'DESC', count: '100' })).data;
      assert.deepEqual(
        asc.map((r) => r.frontegg_id),
        desc.map((r) => r.frontegg_id).reverse(),
        `${sortBy}: desc is asc reversed (ties broken by id)`,
      );
    }
    const byEmail = (await list(ctl, { sortBy: 'email', sortDirection: 'asc', count: '100' })).data;
    assert.equal(byEmail[0]!.email, '', 'no email first');
    assert.equal(byEmail.at(-1)!.email, 'filler-9@audit.test');
    const bySeverity = (await list(ctl, { sortBy: 'severity', sortDirection: 'desc', count: '100' })).data;
    assert.deepEqual(
      bySeverity.slice(0, 4).map((r) => r.severity),
      ['SEVERE', 'SEVERE', 'WARNING', 'WARNING'],
    );
    assert.equal(bySeverity.at(-1)!.severity, 'INFO');
    const byIp = (await list(ctl, { sortBy: 'ip', sortDirection: 'asc', count: '3' })).data;
    assert.deepEqual(
      byIp.map((r) => r.ip),
      ['192.0.2.0', '192.0.2.1', '192.0.2.10'],
    );
    assert.match(await refused(ctl, { sortBy: 'description' }), /sortBy/);
    assert.match(await refused(ctl, { sortBy: 'password' }), /sortBy/);
    assert.match(await refused(ctl, { sortDirection: 'sideways' }), /sortDirection/);
  });

  it('[AUDITS-005] virtual mode: keyset pages by the `next` cursor, no count, every row once; a row written meanwhile shifts nothing', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await list(ctl, {
        paginationMode: 'virtual',
        count: '20',
        offset: String(ids.length),
        filter: 'filler',
        ...(after ? { after } : {}),
      });
      pages++;
      ids.push(...page.data.map((r) => r.frontegg_id));
      assert.equal(
        page.total,
        ids.length + (page.next ? 1 : 0),
        'total: held rows, plus one while more come',
      );
      if (pages === 1)
        // A newer row written after the first page: the next pages are not shifted by it.
        await insertRows(ctlTenant, [
          { minutesAgo: 0, description: 'filler row late', email: 'late@audit.test' },
        ]);
      if (!page.next) break;
      after = page.next;
    }
    assert.equal(pages, 2);
    assert.equal(ids.length, 39);
    assert.equal(new Set(ids).size, 39);
    const offsetOrder = (
      await list(ctl, {
        filter: 'filler row ',
        count: '100',
        createdAt: `,${new Date(now - 9 * MINUTE).toISOString()}`,
      })
    ).data;
    assert.deepEqual(
      ids,
      offsetOrder.map((r) => r.frontegg_id),
      'the same order as offset pages',
    );
    await f.db.delete(audits).where(eq(audits.email, 'late@audit.test'));

    // Sorted otherwise, the cursor carries that sort.
    const first = await list(ctl, {
      paginationMode: 'virtual',
      sortBy: 'email',
      sortDirection: 'asc',
      count: '2',
    });
    const second = await list(ctl, {
      paginationMode: 'virtual',
      sortBy: 'email',
      sortDirection: 'asc',
      count: '2',
      after: first.next!,
    });
    const offsetPage = await list(ctl, { sortBy: 'email', sortDirection: 'asc', offset: '2', count: '2' });
    assert.deepEqual(
      second.data.map((r) => r.frontegg_id),
      offsetPage.data.map((r) => r.frontegg_id),
    );
    assert.match(
      await refused(ctl, { paginationMode: 'virtual', sortBy: 'ip', after: first.next! }),
      /after/,
      'a cursor of another sort',
    );
    assert.match(await refused(ctl, { paginationMode: 'virtual', after: 'garbage' }), /after/);
    // A forged cursor of the right sort whose values the database could not read is a 400, not a 500.
    const forged = (v: string[], i = 'x') =>
      Buffer.from(JSON.stringify({ s: 'createdAt', d: 'desc', v, i })).toString('base64url');
    for (const after of [
      forged(['x']),
      forged(['2026-11-24T10:00:00.000000Z\u0000']),
      forged([new Date(now).toISOString()]),
    ])
      assert.match(await refused(ctl, { paginationMode: 'virtual', after }), /after/, after);
    const severityCursor = (rank: string) =>
      Buffer.from(
        JSON.stringify({ s: 'severity', d: 'desc', v: [rank, '2026-11-24T10:00:00.000000Z'], i: 'x' }),
      ).toString('base64url');
    assert.match(
      await refused(ctl, { paginationMode: 'virtual', sortBy: 'severity', after: severityCursor('9') }),
      /after/,
    );
    assert.equal(
      (
        await list(ctl, { paginationMode: 'virtual', sortBy: 'severity', after: severityCursor('2') })
      ).data.every((r) => r.severity !== 'SEVERE'),
      true,
      'a well-formed cursor is read',
    );
    assert.match(await refused(ctl, { after: first.next! }), /after/, 'a cursor without virtual mode');
  });

  it('[AUDITS-005] a range ending at a millisecond holds the rows of that millisecond (stored in microseconds)', async () => {
    const id = randomUUID();
    await f.db.execute(sql`
      insert into audits (id, vendor_id, tenant_id, action, email, created_at)
      values (${id}, ${t.services.vendorId}, ${ctlTenant}, 'Filler action', 'micro@audit.test',
              '2026-01-15T23:59:59.999400Z')`);
    const found = await list(ctl, {
      email: 'micro@audit.test',
      createdAt: '2026-01-15T00:00:00.000Z,2026-01-15T23:59:59.999Z',
    });
    assert.deepEqual(
      found.data.map((r) => r.frontegg_id),
      [id],
    );
    await f.db.delete(audits).where(eq(audits.id, id));
  });

  it('[AUDITS-006] over 1,000 matching rows the total is capped (totalCapped), and pages still come; a page beyond the cap is not counted', async () => {
    const page = await list(bulk);
    assert.equal(page.total, 1_000);
    assert.equal(page.totalCapped, true);
    assert.equal(page.data.length, 20);
    assert.equal(page.data[0]!.email, 'bulk1@bulk.test');
    const narrowed = await list(bulk, { filter: 'bulk row 1000' });
    assert.deepEqual([narrowed.total, narrowed.totalCapped], [11, false], 'bulk row 1000 and 10000..10009');
    const deep = await list(bulk, { offset: '10000', count: '5' });
    assert.equal(deep.data[0]!.email, 'bulk10001@bulk.test');
    assert.deepEqual([deep.total, deep.totalCapped], [1_000, true]);
    // Beyond the cap with no row there: counted after all (here 11 rows match).
    const past = await list(bulk, { filter: 'bulk row 1000', offset: '5000' });
    assert.deepEqual([past.data.length, past.total, past.totalCapped], [0, 11, false]);
    assert.match(await refused(bulk, { offset: '10001' }), /offset/);
  });

  it('[AUDITS-007] the stats: rows since the start of the account day, SEVERE rows of the last 7 days', async () => {
    const tenant = await f.newTenant('Audit Stats');
    const token = (await f.member(['Admin'], 'Audit Stats')).token;
    await settled(f.db);
    await f.db.delete(audits).where(eq(audits.tenantId, tenant));
    // India has no daylight saving: the account day starts at 18:30 UTC the day before.
    await f.db.update(tenants).set({ timezone: 'Asia/Kolkata' }).where(eq(tenants.id, tenant));
    const offset = 330 * MINUTE;
    const dayStart = Math.floor((now + offset) / DAY) * DAY - offset;
    const at = (ms: number) => ({ minutesAgo: (now - ms) / MINUTE });
    await insertRows(tenant, [
      { ...at(dayStart + 1000), severity: 'Info' },
      { ...at(Math.min(now, dayStart + 2000)), severity: 'High' },
      { ...at(dayStart - 1000), severity: 'High' },
      { ...at(now - 6 * DAY), severity: 'High' },
      { ...at(now - 6 * DAY), severity: 'Medium' },
      { ...at(now - 8 * DAY), severity: 'High' },
    ]);
    const res = await f.request(
      'GET',
      `${paths.audits.getAuditsStats.path}?sortBy=createdAt&sortDirection=desc&count=20`,
      token,
    );
    assert.deepEqual(await f.json(res), { totalToday: 2, severeThisWeek: 3 });
  });

  describe('the histogram (issue 17: the page chart, ours)', () => {
    let tenant: string;
    let token: string;
    const histogram = async (query: Record<string, string> = {}, status = 200) => {
      const res = await f.request(
        'GET',
        `${paths.audits.getAuditsHistogram.path}?${new URLSearchParams(query)}`,
        token,
      );
      return f.json<{
        from: string;
        to: string;
        timeZone: string;
        days: { day: string; INFO: number; WARNING: number; SEVERE: number }[];
        countedFrom: string | null;
      }>(res, status);
    };
    const at = (iso: string) => ({ minutesAgo: (now - Date.parse(iso)) / MINUTE });
    const range = '2026-03-09T18:30:00Z,2026-03-13T18:29:59Z';

    before(async () => {
      tenant = await f.newTenant('Audit Histogram');
      token = (await f.member(['Admin'], 'Audit Histogram')).token;
      await settled(f.db);
      await f.db.delete(audits).where(eq(audits.tenantId, tenant));
      // India has no daylight saving: its day starts at 18:30 UTC the day before.
      await f.db.update(tenants).set({ timezone: 'Asia/Kolkata' }).where(eq(tenants.id, tenant));
      await insertRows(tenant, [
        { ...at('2026-03-10T10:00:00Z'), severity: 'Info' },
        { ...at('2026-03-10T12:00:00Z'), severity: 'High', email: 'hist@audit.test' },
        { ...at('2026-03-10T18:29:00Z'), severity: 'Medium' },
        // 00:01 on 11 March in India, still 10 March in UTC.
        { ...at('2026-03-10T18:31:00Z'), severity: 'Info' },
        {
          ...at('2026-03-12T01:00:00Z'),
          severity: 'High',
          action: 'Role updated',
          description: 'roles changed',
        },
        { ...at('2026-02-01T10:00:00Z'), severity: 'High' },
        { ...at('2026-03-14T10:00:00Z'), severity: 'High' },
      ]);
    });

    it('counts the rows per day and severity of the range in the account time zone, every day present, ascending', async () => {
      assert.deepEqual(await histogram({ createdAt: range }), {
        from: '2026-03-10',
        to: '2026-03-13',
        timeZone: 'Asia/Kolkata',
        countedFrom: null,
        days: [
          { day: '2026-03-10', INFO: 1, WARNING: 1, SEVERE: 1 },
          { day: '2026-03-11', INFO: 1, WARNING: 0, SEVERE: 0 },
          { day: '2026-03-12', INFO: 0, WARNING: 0, SEVERE: 1 },
          { day: '2026-03-13', INFO: 0, WARNING: 0, SEVERE: 0 },
        ],
      });
    });

    it('the time zone moves a row across midnight', async () => {
      await f.db.update(tenants).set({ timezone: 'UTC' }).where(eq(tenants.id, tenant));
      try {
        const h = await histogram({ createdAt: range });
        assert.deepEqual([h.from, h.to, h.timeZone], ['2026-03-09', '2026-03-13', 'UTC']);
        assert.deepEqual(h.days, [
          { day: '2026-03-09', INFO: 0, WARNING: 0, SEVERE: 0 },
          { day: '2026-03-10', INFO: 2, WARNING: 1, SEVERE: 1 },
          { day: '2026-03-11', INFO: 0, WARNING: 0, SEVERE: 0 },
          { day: '2026-03-12', INFO: 0, WARNING: 0, SEVERE: 1 },
          { day: '2026-03-13', INFO: 0, WARNING: 0, SEVERE: 0 },
        ]);
        // The same with a text filter (the other form of the query: one group by day).
        const filtered = await histogram({ createdAt: range, action: 'Filler action' });
        assert.deepEqual(
          filtered.days.map((d) => [d.day, d.INFO, d.WARNING, d.SEVERE].join(' ')),
          [
            '2026-03-09 0 0 0',
            '2026-03-10 2 1 1',
            '2026-03-11 0 0 0',
            '2026-03-12 0 0 0',
            '2026-03-13 0 0 0',
          ],
        );
      } finally {
        await f.db.update(tenants).set({ timezone: 'Asia/Kolkata' }).where(eq(tenants.id, tenant));
      }
    });

    it('the text search and the column filters of the list apply', async () => {
      const counts = (h: Awaited<ReturnType<typeof histogram>>) =>
        h.days.map((d) => [d.day, d.INFO, d.WARNING, d.SEVERE].join(' '));
      assert.deepEqual(counts(await histogram({ createdAt: range, severity: 'SEVERE' })), [
        '2026-03-10 0 0 1',
        '2026-03-11 0 0 0',
        '2026-03-12 0 0 1',
        '2026-03-13 0 0 0',
      ]);
      assert.deepEqual(counts(await histogram({ createdAt: range, filter: 'ROLES CHANGED' })), [
        '2026-03-10 0 0 0',
        '2026-03-11 0 0 0',
        '2026-03-12 0 0 1',
        '2026-03-13 0 0 0',
      ]);
      assert.deepEqual(
        counts(await histogram({ createdAt: range, email: 'hist@', action: 'Filler action' })),
        ['2026-03-10 0 0 1', '2026-03-11 0 0 0', '2026-03-12 0 0 0', '2026-03-13 0 0 0'],
      );
      // The range's instants bound the rows, not only its days: 10:00 UTC on 10 March is left out.
      assert.deepEqual(counts(await histogram({ createdAt: '2026-03-10T11:00:00Z,2026-03-10T12:00:00Z' })), [
        '2026-03-10 0 0 1',
      ]);
      // Without `from`: the 30 days ending on `to`'s day.
      const open = await histogram({ createdAt: ',2026-03-12T12:00:00Z' });
      assert.deepEqual([open.from, open.to, open.days.length], ['2026-02-11', '2026-03-12', 30]);
      assert.equal(
        open.days.reduce((n, d) => n + d.INFO + d.WARNING + d.SEVERE, 0),
        5,
      );
    });

    it('in a whole-hour zone the hourly counts plus the partial hours at the ends are exact; a deleted row leaves them', async () => {
      const berlin = await f.newTenant('Audit Hours');
      const hoursToken = (await f.member(['Admin'], 'Audit Hours')).token;
      await settled(f.db);
      await f.db.delete(audits).where(eq(audits.tenantId, berlin));
      await f.db.update(tenants).set({ timezone: 'Europe/Berlin' }).where(eq(tenants.id, berlin));
      const times = [
        '2026-03-10T10:10:00Z', // before the range's start (10:30): left out
        '2026-03-10T10:45:00Z', // in the start's partial hour
        '2026-03-10T11:00:00Z', // the first whole hour
        '2026-03-10T22:59:59Z', // 23:59:59 in Berlin: 10 March
        '2026-03-10T23:00:00Z', // midnight in Berlin: 11 March
        '2026-03-11T12:30:00Z',
        '2026-03-12T00:15:00Z', // in the end's partial hour
        '2026-03-12T00:40:00Z', // after the range's end (00:30): left out
      ];
      await insertRows(
        berlin,
        times.map((iso, n) => ({ ...at(iso), severity: (['Info', 'Medium', 'High'] as const)[n % 3] })),
      );
      const ask = async () => {
        const res = await f.request(
          'GET',
          `${paths.audits.getAuditsHistogram.path}?${new URLSearchParams({ createdAt: '2026-03-10T10:30:00Z,2026-03-12T00:30:00Z' })}`,
          hoursToken,
        );
        return (await f.json<Awaited<ReturnType<typeof histogram>>>(res, 200)).days.map((d) =>
          [d.day, d.INFO, d.WARNING, d.SEVERE].join(' '),
        );
      };
      // By index: Info, Medium, High in turn (the first and last rows are out of the range).
      assert.deepEqual(await ask(), ['2026-03-10 1 1 1', '2026-03-11 0 1 1', '2026-03-12 1 0 0']);
      // The counts follow the rows: the retention's deletes subtract (statement triggers on audits).
      await f.db
        .delete(audits)
        .where(and(eq(audits.tenantId, berlin), eq(audits.createdAt, new Date('2026-03-10T23:00:00Z'))));
      assert.deepEqual(await ask(), ['2026-03-10 1 1 1', '2026-03-11 0 0 1', '2026-03-12 1 0 0']);
      // An update (no route makes one; a manual fix) moves the counts with the row.
      await f.db
        .update(audits)
        .set({ severity: 'High', createdAt: new Date('2026-03-11T09:00:00Z') })
        .where(and(eq(audits.tenantId, berlin), eq(audits.createdAt, new Date('2026-03-10T10:45:00Z'))));
      assert.deepEqual(await ask(), ['2026-03-10 1 0 1', '2026-03-11 0 0 2', '2026-03-12 1 0 0']);
      const [kept] = (
        (await f.db.execute(
          sql`select coalesce(sum(n), 0)::int as n from audit_hour_counts where tenant_id = ${berlin}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      assert.equal(kept!.n, times.length - 1, 'one count per row of the tenant');
    });

    it('a search matching more rows than the chart counts: the newest 1,000, countedFrom the first day counted whole', async () => {
      const res = await f.request(
        'GET',
        `${paths.audits.getAuditsHistogram.path}?${new URLSearchParams({ filter: 'bulk row' })}`,
        bulk,
      );
      const h = await f.json<Awaited<ReturnType<typeof histogram>>>(res, 200);
      // 10,050 rows, one a second back from now: the 1,001 newest go back about 1,001 seconds.
      const oldestCounted = new Date(Date.now() - 1_002_000).toISOString().slice(0, 10);
      assert.ok(h.countedFrom, 'capped');
      assert.ok(h.countedFrom >= oldestCounted && h.countedFrom <= h.to, `${h.countedFrom} in the range`);
      for (const d of h.days.filter((x) => x.day < h.countedFrom!))
        assert.equal(d.INFO + d.WARNING + d.SEVERE, 0, `${d.day} before countedFrom counts 0`);
      // The newest matches are counted (the chart is never empty): the cap's rows, one more told by countedFrom.
      assert.equal(
        h.days.reduce((n, d) => n + d.INFO + d.WARNING + d.SEVERE, 0),
        1_001,
      );
      // A narrower search is counted whole.
      const narrow = await f.request(
        'GET',
        `${paths.audits.getAuditsHistogram.path}?${new URLSearchParams({ filter: 'bulk row 1000' })}`,
        bulk,
      );
      const n = await f.json<Awaited<ReturnType<typeof histogram>>>(narrow, 200);
      assert.equal(n.countedFrom, null);
      assert.equal(
        n.days.reduce((sum, d) => sum + d.INFO + d.WARNING + d.SEVERE, 0),
        11,
      );
    });

    it('without a range: the last 30 days ending today in the account time zone', async () => {
      await insertRows(tenant, [{ minutesAgo: 0, severity: 'Medium' }]);
      const h = await histogram({ sortBy: 'email', count: '5' });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      assert.equal(h.to, today);
      assert.equal(h.days.length, 30);
      assert.equal(h.days[0]!.day, h.from);
      assert.equal(h.days.at(-1)!.WARNING, 1);
    });

    it('a range over 366 days is a 400 naming createdAt; 366 days are answered', async () => {
      const res = await f.request(
        'GET',
        `${paths.audits.getAuditsHistogram.path}?createdAt=${encodeURIComponent('2025-01-01T00:00:00Z,2026-01-02T00:00:00Z')}`,
        token,
      );
      assert.match((await f.errorsOf(res, 400)).join(' '), /createdAt.*366/);
      const longest = await histogram({ createdAt: '2025-01-01T12:00:00Z,2026-01-01T12:00:00Z' });
      assert.equal(longest.days.length, 366);
      assert.match(
        (
          await f.errorsOf(
            await f.request('GET', `${paths.audits.getAuditsHistogram.path}?severity=LOUD`, token),
            400,
          )
        ).join(' '),
        /severity/,
      );
    });
  });

  it('[AUDITS-002] [AUDITS-008] [ENUM-017] the metadata names every column with its type and flags; its sorts and filters are the ones the list takes', async () => {
    const res = await t.app.request(`${paths.metadata.getMetadata.path}?entityName=audits`);
    const { rows } = await f.json<{
      rows: { entityName: string; properties: Record<string, unknown>[]; theme: unknown }[];
    }>(res);
    assert.equal(rows.length, 1);
    const [row] = rows;
    assert.equal(row!.entityName, 'audits');
    assert.ok(row!.theme, 'theme');
    const props = row!.properties;
    assert.deepEqual(
      props.map((p) => p.name),
      ['createdAt', 'email', 'action', 'description', 'ip', 'severity', 'userAgent', 'json'],
    );
    for (const p of props)
      assert.deepEqual(Object.keys(p).sort(), [
        'displayName',
        'filterable',
        'isPredefined',
        'name',
        'showInMoreInfo',
        'showInTable',
        'sortable',
        'type',
      ]);
    const types = new Set(props.map((p) => p.type));
    for (const type of ['Timestamp', 'Email', 'IpAddress', 'Severity', 'Json'])
      assert.ok(types.has(type), type);
    const typeOf = Object.fromEntries(props.map((p) => [p.name, p.type]));
    assert.deepEqual(
      [typeOf.createdAt, typeOf.email, typeOf.ip, typeOf.severity, typeOf.json],
      ['Timestamp', 'Email', 'IpAddress', 'Severity', 'Json'],
    );
    // What the metadata calls sortable the list sorts by; the others are refused.
    for (const p of props) {
      const res = await f.request('GET', `${paths.audits.getAudits.path}?sortBy=${p.name}`, ctl);
      assert.equal(res.status, p.sortable ? 200 : 400, `sortBy=${String(p.name)}`);
    }
    const sample: Record<string, string> = {
      createdAt: `${new Date(now - DAY).toISOString()},`,
      email: 'alice',
      action: 'User logged in',
      description: 'signed',
      ip: '203.0.113.10',
      severity: 'INFO',
      userAgent: 'firefox',
      json: '{}',
    };
    for (const p of props) {
      const res = await f.request(
        'GET',
        `${paths.audits.getAudits.path}?${p.name}=${encodeURIComponent(sample[String(p.name)]!)}`,
        ctl,
      );
      assert.equal(res.status, p.filterable ? 200 : 400, `filter ${String(p.name)}`);
      if (p.filterable) assert.ok(((await res.json()) as Page).total > 0, `filter ${String(p.name)} finds`);
    }
  });

  it('[AUDITS-009] CSV export: audits.csv with the header properties in their order, the same sort and filters, RFC 4180 quoting', async () => {
    const props = [
      { name: 'email', displayName: 'User, e-mail' },
      { name: 'createdAt', displayName: 'Time' },
      { name: 'description', displayName: 'What "happened"' },
      { name: 'severity', displayName: 'Severity' },
      { name: 'json', displayName: 'Details' },
    ];
    const res = await exportCsv(ctl, props, {
      sortBy: 'createdAt',
      sortDirection: 'asc',
      filter: 'audit.test',
      offset: '0',
      severity: 'SEVERE,WARNING',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="audits.csv"');
    const text = await res.text();
    const records = parseCsv(text);
    assert.deepEqual(records[0], ['User, e-mail', 'Time', 'What "happened"', 'Severity', 'Details']);
    assert.ok(
      text.startsWith('"User, e-mail",Time,"What ""happened""",Severity,Details\r\n'),
      'quoted header',
    );
    const expected = (
      await list(ctl, {
        sortBy: 'createdAt',
        sortDirection: 'asc',
        filter: 'audit.test',
        severity: 'SEVERE,WARNING',
      })
    ).data;
    assert.deepEqual(
      records.slice(1).map((r) => r[0]),
      expected.map((r) => r.email),
    );
    const carol = records.find((r) => r[0] === 'carol@audit.test')!;
    assert.equal(carol[2], 'Carol, the "admin",\nchanged roles', 'comma, quotes and a line break survive');
    assert.equal(carol[3], 'SEVERE');
    assert.equal(carol[1], expected.find((r) => r.email === 'carol@audit.test')!.createdAt);
    // Frontegg's path form, `csv/v2` encoded in one segment, answers the same file.
    const encoded = await exportCsv(
      ctl,
      props,
      { sortBy: 'createdAt', sortDirection: 'asc', filter: 'audit.test', severity: 'SEVERE,WARNING' },
      `/audits/export/${encodeURIComponent('csv/v2')}`,
    );
    assert.equal(await encoded.text(), text);
  });

  it('[AUDITS-009] CSV export neutralises formulas: a cell starting with = + - @ tab or CR gets a leading apostrophe', async () => {
    const res = await exportCsv(
      ctl,
      [
        { name: 'action', displayName: '=Action' },
        { name: 'description', displayName: 'Description' },
        { name: 'userAgent', displayName: 'Agent' },
        { name: 'json', displayName: '\rDetails' },
      ],
      { email: 'dave' },
    );
    const text = await res.text();
    assert.ok(text.startsWith(`'=Action,Description,Agent,"'\rDetails"\r\n`), 'CR: neutralised and quoted');
    const [head, dave] = parseCsv(text);
    assert.deepEqual(head, ["'=Action", 'Description', 'Agent', "'\rDetails"]);
    assert.deepEqual(dave, ['User logged in', `'=HYPERLINK("http://evil.example")`, "'@SUM(1+1)", '{}']);
    const [, erin] = parseCsv(
      await (
        await exportCsv(
          ctl,
          [
            { name: 'action', displayName: 'A' },
            { name: 'description', displayName: 'D' },
            { name: 'userAgent', displayName: 'U' },
            { name: 'ip', displayName: 'IP' },
          ],
          { email: 'erin' },
        )
      ).text(),
    );
    assert.deepEqual(erin, ["'+cmd", "'-2+3", "'\tTabbed", '198.51.100.7']);
  });

  it('[AUDITS-009] CSV export streams every matching row page by page (10,050 rows), newest first by default', async () => {
    const res = await exportCsv(bulk, [
      { name: 'email', displayName: 'User' },
      { name: 'ip', displayName: 'IP' },
    ]);
    assert.equal(res.status, 200);
    // Read as a stream: several chunks arrive (one per page of rows), not one body.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const records = parseCsv(text);
    assert.equal(records.length, 1 + 10_050);
    assert.ok(chunks >= 11, `${chunks} chunks`);
    assert.deepEqual(records[1], ['bulk1@bulk.test', '10.0.0.1']);
    assert.deepEqual(records.at(-1), ['bulk10050@bulk.test', '10.0.39.66']);
    assert.equal(new Set(records.slice(1).map((r) => r[0])).size, 10_050, 'every row once');
  });

  it('[AUDITS-009] a bad export is a 400: pdf, an unknown header name, no header, an offset other than 0, a bad filter', async () => {
    const one = [{ name: 'email', displayName: 'User' }];
    const errors = async (res: Response) => (await f.errorsOf(res, 400)).join(' ');
    assert.match(await errors(await exportCsv(ctl, one, {}, '/audits/export/pdf')), /endpoint/);
    assert.match(await errors(await exportCsv(ctl, [{ name: 'password', displayName: 'P' }])), /name/);
    assert.match(await errors(await exportCsv(ctl, [])), /properties/);
    assert.match(await errors(await exportCsv(ctl, one, { offset: '20' })), /offset/);
    assert.match(await errors(await exportCsv(ctl, one, { sortBy: 'json' })), /sortBy/);
    assert.match(await errors(await exportCsv(ctl, one, { severity: 'LOUD' })), /severity/);
  });

  it("[AUDITS-006] includeSubTenants: a parent admin reads its sub-accounts' rows too, unless their access was withdrawn; never a parent's", async () => {
    const parent = await f.newTenant('Audit Parent');
    const child = await f.newTenant('Audit Child', parent);
    const grandchild = await f.newTenant('Audit Grandchild', child);
    const sibling = await f.newTenant('Audit Sibling');
    const parentAdmin = await f.member(['Admin'], 'Audit Parent');
    const childAdmin = await f.member(['Admin'], 'Audit Child');
    await settled(f.db);
    for (const tid of [parent, child, grandchild, sibling])
      await f.db.delete(audits).where(eq(audits.tenantId, tid));
    await insertRows(parent, [{ minutesAgo: 3, email: 'p@scope.test' }]);
    await insertRows(child, [{ minutesAgo: 2, email: 'c@scope.test' }]);
    await insertRows(grandchild, [{ minutesAgo: 1, email: 'g@scope.test' }]);
    await insertRows(sibling, [{ minutesAgo: 1, email: 's@scope.test' }]);
    const emails = async (token: string, query: Record<string, string> = {}) =>
      (await list(token, { filter: 'scope.test', ...query })).data.map((r) => r.email);
    assert.deepEqual(await emails(parentAdmin.token), ['p@scope.test'], 'own rows by default');
    assert.deepEqual(await emails(parentAdmin.token, { includeSubTenants: 'true' }), [
      'g@scope.test',
      'c@scope.test',
      'p@scope.test',
    ]);
    assert.deepEqual(await emails(childAdmin.token, { includeSubTenants: 'true' }), [
      'g@scope.test',
      'c@scope.test',
    ]);
    // The histogram and the export read the same scope.
    const h = await f.json<{ days: { INFO: number }[] }>(
      await f.request(
        'GET',
        `${paths.audits.getAuditsHistogram.path}?${new URLSearchParams({ filter: 'scope.test', includeSubTenants: 'true' })}`,
        parentAdmin.token,
      ),
      200,
    );
    assert.equal(
      h.days.reduce((n, d) => n + d.INFO, 0),
      3,
    );
    const csv = await (
      await exportCsv(parentAdmin.token, [{ name: 'email', displayName: 'User' }], {
        filter: 'scope.test',
        includeSubTenants: 'true',
      })
    ).text();
    assert.equal(csv, 'User\r\ng@scope.test\r\nc@scope.test\r\np@scope.test\r\n');
    // Sub-account access withdrawn from the member (TENANTS-013): its own rows only.
    await f.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(and(eq(userTenants.userId, parentAdmin.id), eq(userTenants.tenantId, parent)));
    assert.deepEqual(await emails(parentAdmin.token, { includeSubTenants: 'true' }), ['p@scope.test']);
    assert.match(await refused(parentAdmin.token, { includeSubTenants: 'maybe' }), /includeSubTenants/);
  });

  it('[AUDITS-005] fe.secure.read.audits is required: a Viewer is refused (403), a ReadOnly user reads', async () => {
    const viewer = (await f.member(['Viewer'])).token;
    for (const res of [
      await f.request('GET', paths.audits.getAudits.path, viewer),
      await f.request('GET', paths.audits.getAuditsStats.path, viewer),
      await f.request('GET', paths.audits.getAuditsHistogram.path, viewer),
      await exportCsv(viewer, [{ name: 'email', displayName: 'User' }]),
    ])
      assert.equal(res.status, 403);
    const readOnly = (await f.member(['ReadOnly'])).token;
    assert.equal((await f.request('GET', paths.audits.getAudits.path, readOnly)).status, 200);
    assert.equal((await f.request('GET', paths.audits.getAuditsStats.path, readOnly)).status, 200);
    assert.equal((await f.request('GET', paths.audits.getAuditsHistogram.path, readOnly)).status, 200);
    assert.equal((await exportCsv(readOnly, [{ name: 'email', displayName: 'User' }])).status, 200);
    assert.equal((await f.request('GET', paths.audits.getAudits.path)).status, 401, 'no token');
  });

  it('[AUDITS-006] append-only: the API offers no way to change or delete an audit row', async () => {
    const auditRoutes = t.app.routes.filter((r) => r.path.startsWith('/audits') && r.method !== 'ALL');
    assert.deepEqual([...new Set(auditRoutes.map((r) => `${r.method} ${r.path}`))].sort(), [
      'GET /audits',
      'GET /audits/histogram',
      'GET /audits/stats',
      'POST /audits/export/:endpoint',
      'POST /audits/export/csv/v2',
    ]);
    const [row] = (await list(ctl, { count: '1' })).data;
    for (const method of ['DELETE', 'PUT', 'PATCH'])
      for (const path of [
        paths.audits.getAudits.path,
        `${paths.audits.getAudits.path}/${row!.frontegg_id}`,
      ]) {
        const res = await f.request(method, path, admin, {});
        assert.ok(res.status === 404 || res.status === 405, `${method} ${path}: ${res.status}`);
      }
    assert.equal((await f.db.select().from(audits).where(eq(audits.id, row!.frontegg_id))).length, 1);
  });
});

describe("audit stats: the start of the day in the account's time zone", () => {
  it('[AUDITS-007] totalToday counts from the local midnight, also on days the clocks change', () => {
    const at = (now: string, zone: string) => startOfDay(new Date(now), zone).toISOString();
    assert.equal(at('2026-03-08T14:00:00Z', 'America/New_York'), '2026-03-08T05:00:00.000Z');
    assert.equal(at('2026-11-01T14:00:00Z', 'America/New_York'), '2026-11-01T04:00:00.000Z');
    assert.equal(at('2026-03-29T14:00:00Z', 'Europe/Berlin'), '2026-03-28T23:00:00.000Z');
    assert.equal(at('2026-11-24T23:30:00Z', 'Asia/Tokyo'), '2026-11-24T15:00:00.000Z');
    assert.equal(at('2026-11-24T10:00:00Z', 'Not/AZone'), '2026-11-24T00:00:00.000Z');
  });
});
