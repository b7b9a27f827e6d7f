// The users page on PGlite: 100,000 users in the admin's tenant, then the page the portal asks for — 20 users,
// sorted and filtered, through the real route (users v3) — timed end to end (p50 / p95 over 200 requests).
// Figures, not tests.
import { sql } from 'drizzle-orm';
import { paths } from '../shared/api/paths';
import { testServer } from '../server/testing';

const USERS = 100_000;
const t = await testServer({}, undefined);
const { db, vendorId } = t.services;
const login = (await (await t.login()).json()) as { accessToken: string };
const me = (await (
  await t.app.request(paths.auth.getMeV2.path, { headers: { authorization: `Bearer ${login.accessToken}` } })
).json()) as { tenantId: string };

const seeded = performance.now();
// One statement per table: generated names and emails, every user a member of the admin's tenant.
await db.execute(sql`
  insert into users (id, vendor_id, email, name, verified, last_login)
  select 'bench-' || g, ${vendorId}, 'user' || g || '@bench.test',
         (array['Ada','Grace','Linus','Margaret','Alan','Barbara','Dennis','Edsger'])[1 + g % 8] || ' ' || g,
         g % 10 <> 0, now() - (g % 365) * interval '1 day'
  from generate_series(1, ${USERS}) as g`);
await db.execute(sql`
  insert into user_tenants (user_id, tenant_id) select 'bench-' || g, ${me.tenantId} from generate_series(1, ${USERS}) as g`);
await db.execute(sql`analyze`);
const seedSeconds = (performance.now() - seeded) / 1000;

const headers = { authorization: `Bearer ${login.accessToken}` };
const pageUrl = (i: number, filters: readonly string[]) => {
  const query = new URLSearchParams({
    _limit: '20',
    _offset: String(i % 50), // a page number
    _sortBy: i % 2 ? 'name' : 'createdAt',
    _order: i % 3 ? 'DESC' : 'ASC',
    _filter: filters[i % filters.length]!,
  });
  return `${paths.users.getUsersV3.path}?${query}`;
};

async function measure(filters: readonly string[]) {
  const first = await t.app.request(pageUrl(0, filters), { headers });
  if (first.status !== 200) throw new Error(`users v3 answered ${first.status}: ${await first.text()}`);
  const body = (await first.json()) as { items: unknown[]; _metadata: { totalItems: number } };
  if (body.items.length !== 20) throw new Error(`expected a page of 20, got ${body.items.length}`);
  for (let i = 0; i < 10; i++) await t.app.request(pageUrl(i, filters), { headers }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    const res = await t.app.request(pageUrl(i, filters), { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`users v3 answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  return { p50: at(0.5), p95: at(0.95), matches: body._metadata.totalItems };
}

// A search as an admin types it (a name, a name and number: 1 to 12,500 matches), and the worst case: a
// filter every user matches (the whole tenant is counted and sorted for each page).
const search = await measure(['grace', 'linus 1', 'ada 99', 'margaret 42']);
const broad = await measure(['bench.test']);
console.log(
  `\nusers page: 20 of ${USERS.toLocaleString('en')} users, sorted and filtered, PGlite | p50 ms | p95 ms`,
);
console.log('---|---|---');
console.log(
  `name search (${search.matches.toLocaleString('en')} matches for "grace") | ${search.p50.toFixed(1)} | ${search.p95.toFixed(1)}`,
);
console.log(
  `filter matching every user (${broad.matches.toLocaleString('en')}) | ${broad.p50.toFixed(1)} | ${broad.p95.toFixed(1)}`,
);
console.log(`(100,000 users seeded in ${seedSeconds.toFixed(1)} s)`);
await t.close();
