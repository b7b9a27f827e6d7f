// The audit log at scale (issue 17): 1,000,000 audit rows in the admin's tenant and 100,000 in another, then
// the calls the Audits page makes — through the real routes, with the admin's bearer token — timed end to end:
// first page (default sort), text search, severity filter with a date range, virtual mode's next pages, the
// header statistics, a full CSV export (time, rows, bytes, peak RSS growth), and a retention sweep. Each page
// query's plan is printed (EXPLAIN) so the indexes used can be read. Figures, not tests.
//
// PGlite by default; PostgreSQL when TEST_DATABASE_URL names a server (a fresh database is created there and
// dropped at the end, as for the tests). BENCH_AUDIT_ROWS (or AUDIT_BENCH_ROWS) scales the big tenant down for a
// quick try.
import { sql } from 'drizzle-orm';
import { paths } from '../shared/api/paths';
import { writeAudit } from '../server/audit';
import { auditActions } from '../server/audit/actions';
import { maintainAudits, pruneAudits } from '../server/audits/retention';
import { testServer } from '../server/testing';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? process.env.AUDIT_BENCH_ROWS ?? 1_000_000);
const OTHER_ROWS = Math.round(ROWS / 10);
const BATCH = 100_000; // rows per insert statement: PGlite's memory stays small
const USERS = 5_000;
const SPAN_SECONDS = 400 * 86_400; // the log's age: 400 days
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const engine = postgres ? 'PostgreSQL' : 'PGlite';
const P95_TARGET = postgres ? 50 : 150;
const RSS_TARGET_MB = 100;

// A long token: seeding a million rows outlasts the default five minutes. Retention is run by hand below.
const t = await testServer({ accessTokenTtlSeconds: 3_600, auditRetentionDays: 0 }, undefined);
const { db, vendorId } = t.services;
const login = (await (await t.login()).json()) as { accessToken: string };
const headers = { authorization: `Bearer ${login.accessToken}` };
const me = (await (await t.app.request(paths.auth.getMeV2.path, { headers })).json()) as { tenantId: string };
const OTHER_TENANT = 'bench-other-tenant';

// ---- Seeding ------------------------------------------------------------------------------------------------
// Ten actions of the catalog, the frequent ones repeated (sign-ins dominate a real log), with a matching
// description and severity: mostly Info, failures Medium, lockouts and token reuse High.
const ACTIONS: { action: string; description: string; severity: 'Info' | 'Medium' | 'High' }[] = [
  { action: auditActions.userLoggedIn, description: 'Signed in with a password', severity: 'Info' },
  { action: auditActions.userLoggedIn, description: 'Signed in with a password', severity: 'Info' },
  { action: auditActions.userLoggedIn, description: 'Signed in with SSO', severity: 'Info' },
  { action: auditActions.userLoggedOut, description: 'Signed out', severity: 'Info' },
  { action: auditActions.userLoggedOut, description: 'Signed out', severity: 'Info' },
  { action: auditActions.userLoginFailed, description: 'Wrong password', severity: 'Medium' },
  { action: auditActions.mfaVerified, description: 'Authenticator app code accepted', severity: 'Info' },
  { action: auditActions.passwordChanged, description: 'Password changed by the user', severity: 'Info' },
  { action: auditActions.userUpdatedProfile, description: 'Name and phone number updated', severity: 'Info' },
  { action: auditActions.roleUpdated, description: 'Permissions of the role changed', severity: 'Info' },
  { action: auditActions.userInvited, description: 'Invited to the account', severity: 'Info' },
  { action: auditActions.mfaVerificationFailed, description: 'Wrong authenticator code', severity: 'Medium' },
  { action: auditActions.userLockedOut, description: 'Too many failed sign-ins', severity: 'High' },
  {
    action: auditActions.refreshTokenReuse,
    description: 'The session was revoked (token refresh)',
    severity: 'High',
  },
];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'okhttp/4.12.0',
];
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Rows `from`..`to` of a tenant's `total` in one statement, in time order as an append-only log is written:
 * createdAt spread evenly over 400 days up to now (row `total` the newest), a few seconds of jitter. The rest is
 * a pseudo-random but repeatable spread (multiplicative hashes of the row number): one of ~5,000 users (own
 * email, user id and address), an action with its description and severity, a user agent, a small json.
 */
async function seedRange(tenantId: string, prefix: string, from: number, to: number, total: number) {
  await db.execute(sql`
    insert into audits (id, created_at, vendor_id, tenant_id, user_id, email, action, description, ip_address,
                        user_agent, severity, json)
    select ${prefix} || g,
           now() - ((${total} - g)::float8 * ${SPAN_SECONDS / total} + (g::bigint * 2654435761) % 5)
                   * interval '1 second',
           ${vendorId}, ${tenantId}, ${prefix} || 'user-' || u, 'user' || u || '@' || d, a.action, a.description,
           '203.0.' || (u % 200) || '.' || (1 + (u * 13) % 250), ua[1 + (g * 7 + u) % ${USER_AGENTS.length}],
           a.severity, jsonb_build_object('requestId', g, 'via', (array['portal','api','hosted'])[1 + g % 3])
    from generate_series(${from}::int, ${to}::int) as g,
         lateral (select (g::bigint * 40503) % ${USERS} as u,
                         (array['acme.test','example.com','corp.example'])[1 + g % 3] as d) as who,
         lateral (select ${textArray(ACTIONS.map((x) => x.action))} as actions,
                         ${textArray(ACTIONS.map((x) => x.description))} as descriptions,
                         ${textArray(ACTIONS.map((x) => x.severity))} as severities,
                         ${textArray(USER_AGENTS)} as ua) as lists,
         lateral (select actions[1 + (g * 31 + u) % ${ACTIONS.length}] as action,
                         descriptions[1 + (g * 31 + u) % ${ACTIONS.length}] as description,
                         severities[1 + (g * 31 + u) % ${ACTIONS.length}] as severity) as a`);
}

const seeded = performance.now();
// The secondary indexes are set aside while seeding and built again from their own definitions (pg_indexes)
// afterwards: one build is much faster than a million GIN insertions.
const indexes = (
  (await db.execute(sql`
    select indexname, indexdef from pg_indexes
    where tablename = 'audits' and indexname not in (select conname from pg_constraint)`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  }
).rows;
for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
// The two tenants' rows interleave on disk as they would in a shared log: each batch of the big tenant, then
// the other tenant's rows of the same stretch of time.
for (let from = 1; from <= ROWS; from += BATCH) {
  await seedRange(me.tenantId, 'bench-a-', from, Math.min(ROWS, from + BATCH - 1), ROWS);
  const share = (n: number) => Math.round((n / ROWS) * OTHER_ROWS);
  const otherFrom = share(from - 1) + 1;
  const otherTo = share(Math.min(ROWS, from + BATCH - 1));
  if (otherTo >= otherFrom) await seedRange(OTHER_TENANT, 'bench-b-', otherFrom, otherTo, OTHER_ROWS);
}
for (const i of indexes) await db.execute(sql.raw(i.indexdef));
// What the server runs at start (server/audits/retention.ts): statistics, visibility map.
const maintained = performance.now();
await maintainAudits(db, { vacuum: true });
const startMaintenanceSeconds = (performance.now() - maintained) / 1000;
const tenantRows = (
  (await db.execute(
    sql`select count(*)::int as n from audits where tenant_id = ${me.tenantId}`,
  )) as unknown as {
    rows: { n: number }[];
  }
).rows[0]!.n;
const seedSeconds = (performance.now() - seeded) / 1000;
console.log(
  `\naudits on ${engine}: ${tenantRows.toLocaleString('en')} rows in the admin's tenant, ${OTHER_ROWS.toLocaleString('en')} in another, seeded (indexes built after: ${indexes.map((i) => i.indexname).join(', ')}) in ${seedSeconds.toFixed(1)} s, of which the start's vacuum (analyze) ${startMaintenanceSeconds.toFixed(1)} s`,
);

// ---- The statements a request runs (for EXPLAIN) ----------------------------------------------------------
// The database client, wrapped while one request of each kind runs: its audits statements are kept.
type Query = (text: unknown, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
const client = (db as unknown as { $client: { query: Query } }).$client;
const query = client.query.bind(client);
let captured: { text: string; params: unknown[] }[] | undefined;
client.query = (text, params, ...rest) => {
  const sqlText = typeof text === 'string' ? text : (text as { text?: string }).text;
  if (captured && sqlText && /from "audits"|from audit_hour_counts/i.test(sqlText))
    captured.push({ text: sqlText, params: params ?? [] });
  return query(text, params, ...rest);
};

async function plans(url: string): Promise<string> {
  captured = [];
  const res = await t.app.request(url, { headers });
  await res.arrayBuffer();
  const statements = captured;
  captured = undefined;
  const out: string[] = [];
  for (const s of statements) {
    const result = (await query(`explain ${s.text}`, s.params)) as { rows: Record<string, string>[] };
    out.push(result.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n'));
  }
  return out.join('\n    --\n');
}

// ---- Measurements ---------------------------------------------------------------------------------------------
const list = paths.audits.getAudits.path;
const at = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
const lines: string[] = [];
const report = (what: string, times: number[], detail = '') => {
  times.sort((a, b) => a - b);
  const p95 = at(times, 0.95);
  const line = `${what} | ${at(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} | < ${P95_TARGET} | ${p95 < P95_TARGET ? 'ok' : 'MISSED'}${detail ? ` | ${detail}` : ''}`;
  lines.push(line);
  console.log(line);
};

async function get(
  url: string,
): Promise<{ ms: number; body: { data: unknown[]; total: number; next?: string | null } }> {
  const started = performance.now();
  const res = await t.app.request(url, { headers });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text}`);
  return { ms, body: JSON.parse(text) as { data: unknown[]; total: number; next?: string | null } };
}

/** `n` requests (after 10 warm-ups) over the given URLs in turn; the matches of the first, each URL's p50. */
async function measure(what: string, urls: readonly string[], n = 200) {
  const first = await get(urls[0]!);
  if (first.body.data.length === 0) throw new Error(`${what}: no rows for ${urls[0]}`);
  for (let i = 0; i < 10; i++) await get(urls[i % urls.length]!);
  const times: number[] = [];
  const byUrl = urls.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    const { ms } = await get(urls[i % urls.length]!);
    times.push(ms);
    byUrl[i % urls.length]!.push(ms);
  }
  const query = (url: string) =>
    decodeURIComponent(url.split('?')[1] ?? '').replace('offset=0&count=20&', '');
  const each =
    urls.length > 1
      ? `; p50 each: ${urls
          .map(
            (u, i) =>
              `${query(u)} ${at(
                byUrl[i]!.sort((a, b) => a - b),
                0.5,
              ).toFixed(0)} ms`,
          )
          .join(', ')}`
      : '';
  report(what, times, `total ${first.body.total.toLocaleString('en')} for ${query(urls[0]!)}${each}`);
  return urls;
}

const q = (params: Record<string, string>) =>
  `${list}?${new URLSearchParams({ offset: '0', count: '20', ...params })}`;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

console.log(`\naudits page through the routes, ${engine} | p50 ms | p95 ms | target p95 | | detail`);
console.log('---|---|---|---|---|---');
const explained: [string, string][] = [];
const firstPage = await measure('first page, default sort (createdAt desc)', [
  q({ sortBy: 'createdAt', sortDirection: 'desc' }),
]);
explained.push(['first page', firstPage[0]!]);
const search = await measure('text search (email fragment, action word)', [
  q({ filter: 'user1234@' }),
  q({ filter: 'password' }),
  q({ filter: 'user42' }),
  q({ filter: 'locked out' }),
  q({ filter: 'corp.example' }),
  q({ filter: 'mfa' }),
]);
explained.push(
  ['search "user1234@"', search[0]!],
  ['search "password"', search[1]!],
  ['search "mfa"', search[5]!],
);
const severity = await measure('severity filter and a date range', [
  q({ severity: 'SEVERE', createdAt: `${iso(30)},${iso(0)}` }),
  q({ severity: 'WARNING,SEVERE', createdAt: `${iso(90)},${iso(60)}` }),
  q({ severity: 'SEVERE', createdAt: `${iso(400)},${iso(365)}` }),
  q({ severity: 'INFO', createdAt: `${iso(7)},` }),
]);
explained.push(['severity + range', severity[0]!], ['severity INFO since a week', severity[3]!]);
const sorted = await measure('sorted by another column (email, severity, action, ip; both ways)', [
  q({ sortBy: 'email', sortDirection: 'asc' }),
  q({ sortBy: 'severity', sortDirection: 'desc' }),
  q({ sortBy: 'action', sortDirection: 'asc' }),
  q({ sortBy: 'ip', sortDirection: 'desc' }),
  q({ sortBy: 'email', sortDirection: 'desc' }),
  q({ sortBy: 'severity', sortDirection: 'asc' }),
]);
explained.push(
  ['sort by email', sorted[0]!],
  ['sort by severity', sorted[1]!],
  ['sort by action', sorted[2]!],
  ['sort by ip', sorted[3]!],
);
const sortedDeep = await measure('a later page of another sort (offset 2,000: no count)', [
  q({ sortBy: 'email', sortDirection: 'asc', offset: '2000' }),
  q({ sortBy: 'severity', sortDirection: 'desc', offset: '2000' }),
]);
explained.push(['email sort, offset 2,000', sortedDeep[0]!]);

// The histogram (the page's chart): the default 30 days, a year, a year searched, SEVERE over 90 days.
{
  const h = paths.audits.getAuditsHistogram.path;
  const hq = (params: Record<string, string>) => `${h}?${new URLSearchParams(params)}`;
  const urls = [
    hq({}),
    hq({ createdAt: `${iso(365)},${iso(0)}` }),
    hq({ createdAt: `${iso(365)},${iso(0)}`, filter: 'password' }),
    hq({ severity: 'SEVERE', createdAt: `${iso(90)},${iso(0)}` }),
  ];
  const times: number[] = [];
  const byUrl = urls.map(() => [] as number[]);
  let days = 0;
  for (let i = 0; i < 10 + 60; i++) {
    const started = performance.now();
    const res = await t.app.request(urls[i % urls.length]!, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`histogram answered ${res.status}: ${text}`);
    if (i >= 10) {
      const ms = performance.now() - started;
      times.push(ms);
      byUrl[i % urls.length]!.push(ms);
    }
    if (i === 0) days = (JSON.parse(text) as { days: unknown[] }).days.length;
  }
  report(
    'histogram (30 days; 365 days; 365 days searched; SEVERE 90 days)',
    times,
    `${days} days by default; p50 each: ${byUrl
      .map(
        (x) =>
          `${at(
            x.sort((a, b) => a - b),
            0.5,
          ).toFixed(0)} ms`,
      )
      .join(', ')}`,
  );
  explained.push(
    ['histogram, 30 days', urls[0]!],
    ['histogram, 365 days', urls[1]!],
    ['histogram, 365 days searched "password"', urls[2]!],
  );
}

// Virtual mode: 10 chains of 20 next pages (each page after the previous one's cursor), default sort and a
// search, as a scrolling table asks for them.
{
  const times: number[][] = [[], []];
  let lastNext = '';
  for (let chain = 0; chain < 20; chain++) {
    const base = { paginationMode: 'virtual', ...(chain % 2 ? { filter: 'password' } : {}) };
    let after: string | null | undefined;
    for (let page = 0; page < 20; page++) {
      const r = await get(q({ ...base, offset: String(page * 20), ...(after ? { after } : {}) }));
      if (page > 0) times[chain % 2]!.push(r.ms);
      after = r.body.next;
      if (!after) throw new Error('virtual mode: the log ended early');
      if (chain === 0) lastNext = after;
    }
  }
  report('virtual mode, next pages (cursor), default sort', times[0]!, '10 chains of 20 pages');
  report('virtual mode, next pages (cursor), search "password"', times[1]!, '10 chains of 20 pages');
  explained.push(['virtual next page', q({ paginationMode: 'virtual', offset: '380', after: lastNext })]);
}

// The header statistics.
{
  const stats = paths.audits.getAuditsStats.path;
  const times: number[] = [];
  let answer = '';
  for (let i = 0; i < 210; i++) {
    const started = performance.now();
    const res = await t.app.request(`${stats}?sortBy=createdAt&sortDirection=desc&count=20`, { headers });
    answer = await res.text();
    if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${answer}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  report('stats (totalToday, severeThisWeek)', times, answer);
  explained.push(['stats', `${stats}?count=20`]);
}

// The full CSV export of the big tenant, read as a browser would, RSS sampled every 50 ms.
let exportLine: string;
{
  const properties = [
    { name: 'createdAt', displayName: 'Time' },
    { name: 'email', displayName: 'User' },
    { name: 'action', displayName: 'Action' },
    { name: 'description', displayName: 'Description' },
    { name: 'ip', displayName: 'IP address' },
    { name: 'severity', displayName: 'Severity' },
    { name: 'userAgent', displayName: 'User agent' },
    { name: 'json', displayName: 'Details' },
  ];
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 50);
  let lastSample = performance.now();
  const started = performance.now();
  const res = await t.app.request(
    `${paths.audits.exportAudits.path.replace('{endpoint}', 'csv/v2')}?sortBy=createdAt&sortDirection=desc&offset=0`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ properties }),
    },
  );
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
    // Also sampled here: a busy reader may hold the timer back.
    if (performance.now() - lastSample >= 50) {
      sample();
      lastSample = performance.now();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  const growthMb = (peak - baseline.rss) / 1024 / 1024;
  const heapMb = (peakHeap - baseline.heapUsed) / 1024 / 1024;
  (globalThis as { gc?: () => void }).gc?.();
  const afterMb = (process.memoryUsage().rss - baseline.rss) / 1024 / 1024;
  const rows = newlines - 1; // the header line (the rows hold no line break)
  exportLine = `CSV export of the tenant | ${seconds.toFixed(1)} s | ${rows.toLocaleString('en')} rows | ${(bytes / 1024 / 1024).toFixed(1)} MB | peak RSS growth ${growthMb.toFixed(1)} MB (target < ${RSS_TARGET_MB}; peak heap growth ${heapMb.toFixed(1)} MB, RSS after a GC +${afterMb.toFixed(1)} MB) | ${growthMb < RSS_TARGET_MB && rows === tenantRows ? 'ok' : 'MISSED'}`;
  console.log(`\n${exportLine}`);
  explained.push([
    'a keyset page mid-log (as the export reads)',
    q({ paginationMode: 'virtual', count: '100', after: lastNextOf() }),
  ]);
}

/** A cursor in the middle of the log (for the export's keyset statement's plan). */
function lastNextOf(): string {
  return Buffer.from(JSON.stringify({ s: 'createdAt', d: 'desc', v: [iso(200)], i: 'bench-a-5' })).toString(
    'base64url',
  );
}

// Retention: AUDIT_RETENTION_DAYS=365 over 400 days of rows (~9% of them), 5,000 per statement; an audit row
// written (as every audited request does) after each batch meanwhile, its latency measured.
{
  const batches: number[] = [];
  let batchStarted = performance.now();
  const writes: Promise<number>[] = [];
  const started = performance.now();
  const deleted = await pruneAudits(db, {
    retentionDays: 365,
    onBatch: () => {
      batches.push(performance.now() - batchStarted);
      const w = performance.now();
      writes.push(
        writeAudit(db, {
          vendorId,
          tenantId: me.tenantId,
          action: auditActions.userLoginFailed,
          description: 'during the retention sweep',
        }).then(() => performance.now() - w),
      );
      batchStarted = performance.now();
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const writeTimes = (await Promise.all(writes)).sort((a, b) => a - b);
  batches.sort((a, b) => a - b);
  const line = `retention sweep (365 days) | ${deleted.toLocaleString('en')} rows in ${batches.length} statements, ${seconds.toFixed(1)} s | longest statement ${batches.at(-1)!.toFixed(0)} ms | audit writes during it: p50 ${at(writeTimes, 0.5).toFixed(0)} ms, max ${writeTimes.at(-1)!.toFixed(0)} ms`;
  console.log(line);
  // What the sweep runs after deleting (maintainAudits): vacuum and analyze; and the analyze it runs at start.
  let m = performance.now();
  await maintainAudits(db, { vacuum: true });
  const vacuumMs = performance.now() - m;
  m = performance.now();
  await maintainAudits(db, { vacuum: false });
  console.log(
    `after the sweep: vacuum (analyze) audits ${(vacuumMs / 1000).toFixed(1)} s; analyze audits alone ${((performance.now() - m) / 1000).toFixed(1)} s`,
  );
}

console.log(`\nplans (EXPLAIN, ${engine}):`);
for (const [what, url] of explained) console.log(`  ${what}:\n${await plans(url)}`);
console.log(
  `\n(${ROWS.toLocaleString('en')} + ${OTHER_ROWS.toLocaleString('en')} rows seeded in ${seedSeconds.toFixed(1)} s)`,
);
await t.close();
