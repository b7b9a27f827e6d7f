// The audit log of a tenant as the audits page reads it (AUDITS-005/006, 010, 011): filters, text search, sort,
// offset pages with a capped count, keyset pages (virtual mode and the CSV export). The wire is described in
// shared/api/contracts/audits.ts. Rows are only read here: the audit trail is append-only through the API.
//
// Indexes (server/db/schema.ts, migration 0013): (tenant_id, created_at, id) serves the default sort, its
// keyset and the date range; (tenant_id, severity, created_at, id) the severity filter in time order, the
// week's severe count and the histogram's per-day counts; one index per other sort, on the very expression the
// sort orders by (email, action, ip, the severity rank; see the contract's header); the trigram GIN index on
// AUDIT_SEARCH_TEXT the text search and the "contains" column filters (those also checked on their own field).
// The plans assume fresh statistics: the retention sweep keeps them (server/audits/retention.ts).
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  AUDITS_HISTOGRAM_SEARCH_CAP,
  AUDITS_TOTAL_CAP,
  createdAtRange,
  severitiesOf,
  STORED_SEVERITY,
  type AuditRowWire,
  type AuditsHistogramDay,
  type AuditSeverityName,
  type AuditSortColumn,
  wallClockIn,
} from '../../shared/api/contracts/audits';
import { apiError } from '../context';
import type { Db } from '../db';
import { audits } from '../db/schema';

/** The searched text of a row: the expression of the trigram index `audits_search_trgm` (keep them equal). */
export const AUDIT_SEARCH_TEXT = sql`lower(coalesce(${audits.email}, '') || E'\\x1f' || ${audits.action} || E'\\x1f' || ${audits.description} || E'\\x1f' || ${audits.ipAddress} || E'\\x1f' || ${audits.userAgent})`;

/** What narrows the rows: the tenant, the text search and the column filters (as the contract parsed them). */
export interface AuditFilters {
  /** The tenants whose rows are read: the caller's, and its sub-accounts' when asked and allowed. */
  tenantIds: string[];
  filter?: string;
  email?: string;
  action?: string;
  description?: string;
  userAgent?: string;
  ip?: string;
  severity?: string;
  createdAt?: string;
}

export interface AuditSort {
  sortBy: AuditSortColumn;
  sortDirection: 'asc' | 'desc';
}

/** The default sort (AUDITS-011). */
export const DEFAULT_SORT: AuditSort = { sortBy: 'createdAt', sortDirection: 'desc' };

const WIRE_SEVERITY: Record<string, AuditSeverityName> = { Info: 'INFO', Medium: 'WARNING', High: 'SEVERE' };

/** A LIKE pattern matching `text` anywhere (its %, _ and \ taken literally), lower-cased. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Trigrams need 3 characters: a shorter needle gains nothing from the index. */
const indexed = (needle: string): SQL[] =>
  needle.length >= 3 ? [sql`${AUDIT_SEARCH_TEXT} like ${containsPattern(needle)}`] : [];

const lowerOf = (column: SQL | typeof audits.email) => sql`lower(coalesce(${column}, ''))`;

/** Rows of these tenants (one: the index's equality; several: a list). */
const tenantIn = (tenantIds: string[]): SQL =>
  tenantIds.length === 1 ? eq(audits.tenantId, tenantIds[0]!) : inArray(audits.tenantId, tenantIds);

/** The WHERE of a tenant's rows under the filters. */
export function whereOf(f: AuditFilters): SQL[] {
  const where: SQL[] = [tenantIn(f.tenantIds)];
  // The fields are joined by U+001F, which no search contains (the contract refuses control characters): one
  // predicate, served by the trigram index, that never matches across two fields.
  if (f.filter) where.push(sql`${AUDIT_SEARCH_TEXT} like ${containsPattern(f.filter)}`);
  const contains = (needle: string | undefined, column: SQL) => {
    if (!needle) return;
    where.push(...indexed(needle), sql`${column} like ${containsPattern(needle)}`);
  };
  contains(f.email, lowerOf(audits.email));
  contains(f.description, sql`lower(${audits.description})`);
  contains(f.userAgent, sql`lower(${audits.userAgent})`);
  if (f.action) where.push(...indexed(f.action), eq(audits.action, f.action));
  if (f.ip) {
    if (f.ip.endsWith('*')) {
      const prefix = f.ip.slice(0, -1).toLowerCase();
      where.push(
        ...indexed(prefix),
        sql`lower(${audits.ipAddress}) like ${`${prefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
      );
    } else where.push(sql`lower(${audits.ipAddress}) = ${f.ip.toLowerCase()}`);
  }
  if (f.severity) {
    const names = severitiesOf(f.severity);
    if (!names) throw apiError(400, 'severity: Must be INFO, WARNING or SEVERE');
    where.push(
      inArray(
        audits.severity,
        names.map((n) => STORED_SEVERITY[n]),
      ),
    );
  }
  if (f.createdAt) {
    const range = createdAtRange(f.createdAt);
    if (!range) throw apiError(400, 'createdAt: Must be a range from,to of ISO 8601 times');
    if (range.from) where.push(gte(audits.createdAt, new Date(range.from)));
    // Inclusive to the end of `to`'s millisecond: rows are stored in microseconds (23:59:59.999400 is in a day
    // that ends at 23:59:59.999).
    if (range.to) where.push(lt(audits.createdAt, new Date(Date.parse(range.to) + 1)));
  }
  return where;
}

/** One value a sort orders by, its text form (a cursor carries it) and how `castBack` reads that text again. */
interface SortPart {
  key: SQL;
  text: SQL;
  castBack: (v: string) => SQL;
  /** Whether a cursor's value can be cast back (a forged or damaged cursor is a 400, not a database error). */
  valid: (v: string) => boolean;
}

/** The rank of a severity (INFO 1 < WARNING 2 < SEVERE 3): the expression of the index `audits_tenant_severity_rank` (keep them equal). */
export const AUDIT_SEVERITY_RANK = sql`(case ${audits.severity} when 'High' then 3 when 'Medium' then 2 else 1 end)`;

const timePart: SortPart = {
  key: sql`${audits.createdAt}`,
  // Microseconds kept: rows written in the same millisecond stay in order across pages.
  text: sql`to_char(${audits.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  castBack: (v) => sql`${v}::timestamptz`,
  valid: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
};
const textPart = (column: SQL): SortPart => ({
  key: column,
  text: column,
  castBack: (v) => sql`${v}::text`,
  valid: (v) => !v.includes('\0'),
});

/**
 * The values each sort orders by, before the id (which breaks ties); each list is the leading columns of an
 * index after tenant_id (server/db/schema.ts), so a page is an index walk, never a sort.
 */
const SORT_KEYS: Record<AuditSortColumn, SortPart[]> = {
  createdAt: [timePart],
  email: [textPart(sql`coalesce(${audits.email}, '')`)],
  action: [textPart(sql`${audits.action}`)],
  ip: [textPart(sql`${audits.ipAddress}`)],
  // By rank, not by the stored word; newest first within a severity (descending).
  severity: [
    {
      key: AUDIT_SEVERITY_RANK,
      text: sql`${AUDIT_SEVERITY_RANK}::text`,
      castBack: (v) => sql`${v}::int`,
      valid: (v) => /^[123]$/.test(v),
    },
    timePart,
  ],
};

/** Where a keyset page starts: after the row with these sort values and id (the `after` cursor). */
interface Cursor {
  s: AuditSortColumn;
  d: 'asc' | 'desc';
  v: string[];
  i: string;
}

const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor of `after`, checked against the sort it is used with; a 400 otherwise. */
export function decodeCursor(after: string, sort: AuditSort): Cursor {
  let c: Partial<Cursor> | null = null;
  try {
    c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    c = null;
  }
  if (
    !c ||
    !Array.isArray(c.v) ||
    c.v.length !== SORT_KEYS[sort.sortBy].length ||
    !c.v.every((v, n) => typeof v === 'string' && SORT_KEYS[sort.sortBy][n]!.valid(v)) ||
    typeof c.i !== 'string' ||
    c.i.length > 64 ||
    c.i.includes('\0') ||
    c.s !== sort.sortBy ||
    c.d !== sort.sortDirection
  )
    throw apiError(
      400,
      'after: Not a cursor of this sort (send the `next` of the previous page, same sortBy and sortDirection)',
    );
  return c as Cursor;
}

/** The condition "after the cursor" in the sort's direction (a row comparison the index serves). */
function afterCursor(c: Cursor): SQL {
  const parts = SORT_KEYS[c.s];
  const keys = sql.join([...parts.map((p) => p.key), sql`${audits.id}`], sql`, `);
  const values = sql.join([...parts.map((p, n) => p.castBack(c.v[n]!)), sql`${c.i}`], sql`, `);
  return c.d === 'desc' ? sql`(${keys}) < (${values})` : sql`(${keys}) > (${values})`;
}

const rowColumns = {
  id: audits.id,
  createdAt: audits.createdAt,
  email: audits.email,
  action: audits.action,
  description: audits.description,
  ipAddress: audits.ipAddress,
  userAgent: audits.userAgent,
  severity: audits.severity,
  json: audits.json,
  tenantId: audits.tenantId,
  vendorId: audits.vendorId,
};

type DbRow = Pick<typeof audits.$inferSelect, keyof typeof rowColumns> & { sortKey: string[] };

/** A stored row on the wire (AUDITS-001). */
export const rowView = (r: DbRow): AuditRowWire => ({
  frontegg_id: r.id,
  createdAt: r.createdAt.toISOString(),
  email: r.email ?? '',
  action: r.action,
  description: r.description,
  ip: r.ipAddress,
  severity: WIRE_SEVERITY[r.severity] ?? 'INFO',
  userAgent: r.userAgent,
  json: (r.json ?? {}) as Record<string, unknown>,
  tenantId: r.tenantId ?? '',
  vendorId: r.vendorId,
});

export interface PageRequest {
  /** Rows to skip (offset mode); ignored with `after`. */
  offset: number;
  count: number;
  after?: string;
}

export interface Page {
  rows: AuditRowWire[];
  /** The cursor after the page's last row; null when no row follows. */
  next: string | null;
}

/** The values `sort` orders by, as one text array (what a cursor carries). */
const sortKeyOf = (sort: AuditSort) =>
  sql<string[]>`array[${sql.join(
    SORT_KEYS[sort.sortBy].map((p) => p.text),
    sql`, `,
  )}]`;

/** The ORDER BY of `sort` (its keys, then the id). */
const orderOf = (sort: AuditSort): SQL[] => {
  const dir = sort.sortDirection === 'desc' ? desc : asc;
  return [...SORT_KEYS[sort.sortBy].map((p) => dir(p.key)), dir(audits.id)];
};

/** The WHERE of a page: the filters, and after the cursor when one is given. */
const pageWhere = (f: AuditFilters, sort: AuditSort, after: string | undefined): SQL[] => {
  const where = whereOf(f);
  if (after) where.push(afterCursor(decodeCursor(after, sort)));
  return where;
};

/** The cursor after a row with these sort values and id. */
const cursorAfter = (sort: AuditSort, sortKey: string[], id: string): string =>
  encodeCursor({ s: sort.sortBy, d: sort.sortDirection, v: sortKey, i: id });

/**
 * Runs `read` walking the sort's index from the cursor, never gathering and sorting, whatever the planner's
 * statistics say (with stale ones it could gather all the tenant's remaining rows and sort them, every page):
 * each export page costs its own rows, so a whole export reads the tenant's rows once.
 */
const walkingIndex = <T>(db: Db, read: (q: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    return read(tx as unknown as Db);
  });

/** One page of the tenant's rows: `count` rows from `offset`, or after the cursor. */
export async function readPage(db: Db, f: AuditFilters, sort: AuditSort, page: PageRequest): Promise<Page> {
  const select = (q: Db) =>
    q
      .select({ ...rowColumns, sortKey: sortKeyOf(sort) })
      .from(audits)
      .where(and(...pageWhere(f, sort, page.after)))
      .orderBy(...orderOf(sort))
      .limit(page.count + 1)
      .offset(page.after ? 0 : page.offset);
  const rows = (await select(db)) as DbRow[];
  const more = rows.length > page.count;
  const shown = rows.slice(0, page.count);
  const last = shown.at(-1);
  return {
    rows: shown.map(rowView),
    next: more && last ? cursorAfter(sort, last.sortKey, last.id) : null,
  };
}

/**
 * A page of rows rendered by the database as CSV text (`line` is one record of each row, see
 * server/audits/csv.ts), `count` rows after the cursor, walking the sort's index: one string and the last row's
 * cursor come back, not a row object per row (the export's memory stays flat). `next` is null once a page
 * comes back short.
 */
export async function readTextPage(
  db: Db,
  f: AuditFilters,
  sort: AuditSort,
  line: SQL,
  page: { count: number; after?: string },
): Promise<{ text: string; rows: number; next: string | null }> {
  const [row] = await walkingIndex(db, (q) => {
    const inPage = q
      .select({
        line: sql<string>`${line}`.as('line'),
        sortKey: sortKeyOf(sort).as('sort_key'),
        id: audits.id,
        n: sql<number>`row_number() over (order by ${sql.join(orderOf(sort), sql`, `)})`.as('n'),
      })
      .from(audits)
      .where(and(...pageWhere(f, sort, page.after)))
      .orderBy(...orderOf(sort))
      .limit(page.count)
      .as('page');
    return q
      .select({
        text: sql<string | null>`string_agg(${inPage.line}, '' order by ${inPage.n})`,
        rows: sql<number>`count(*)::int`,
        // The last row's sort values as JSON (an aggregate of arrays would be a two-dimensional array).
        sortKey: sql<
          string | null
        >`(array_agg(array_to_json(${inPage.sortKey})::text order by ${inPage.n} desc))[1]`,
        id: sql<string | null>`(array_agg(${inPage.id} order by ${inPage.n} desc))[1]`,
      })
      .from(inPage);
  });
  const rows = Number(row?.rows ?? 0);
  return {
    text: row?.text ?? '',
    rows,
    next:
      rows === page.count && row?.sortKey && row.id
        ? cursorAfter(sort, JSON.parse(row.sortKey) as string[], row.id)
        : null,
  };
}

/** How many rows match, counted up to AUDITS_TOTAL_CAP (one more tells "more than the cap"). */
export async function countCapped(db: Db, f: AuditFilters): Promise<{ total: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(audits)
    .where(and(...whereOf(f)))
    .limit(AUDITS_TOTAL_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = Number(row?.n ?? 0);
  return n > AUDITS_TOTAL_CAP ? { total: AUDITS_TOTAL_CAP, capped: true } : { total: n, capped: false };
}

/** The tenant's header statistics (AUDITS-007): rows since the start of today, SEVERE rows of the last 7 days. */
export async function readStats(
  db: Db,
  tenantId: string,
  startOfToday: Date,
  now: Date,
): Promise<{ totalToday: number; severeThisWeek: number }> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
  const [today] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(audits)
    .where(and(eq(audits.tenantId, tenantId), gte(audits.createdAt, startOfToday)));
  const [severe] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(audits)
    .where(
      and(
        eq(audits.tenantId, tenantId),
        eq(audits.severity, STORED_SEVERITY.SEVERE),
        gte(audits.createdAt, weekAgo),
      ),
    );
  return { totalToday: Number(today?.n ?? 0), severeThisWeek: Number(severe?.n ?? 0) };
}

/**
 * The rows per day and severity (the histogram, `GET /audits/histogram`) from day `from` to day `to` (both
 * `YYYY-MM-DD`, included) in `timeZone` (an IANA name Postgres knows: the caller checks it), under the filters;
 * every day of the range in the answer (zeros too). The day bounds are the zone's midnights as Postgres computes
 * them (summer time included). Two forms:
 * - no text filter (the chart's usual question: the range, maybe severities): the hourly counts
 *   (`audit_hour_counts`, kept by triggers) summed per local day, plus the rows of the partial hours at the
 *   range's ends counted from `audits`; a year is ~9,000 small rows, whatever the log holds. In a zone whose
 *   midnight is not on a UTC hour (India, Nepal…) every day is counted from `audits` instead (index-only range
 *   counts per day and severity).
 * - with a text filter (search, email, action, …): the newest AUDITS_HISTOGRAM_SEARCH_CAP matching rows of the
 *   range grouped per day, as the list's total is capped: beyond the cap `countedFrom` is the oldest day
 *   reached (counted in part), and the days before it count 0.
 */
export async function readHistogram(
  db: Db,
  f: AuditFilters,
  days: { from: string; to: string },
  timeZone: string,
): Promise<{ days: AuditsHistogramDay[]; countedFrom: string | null }> {
  const textFiltered = Boolean(f.filter || f.email || f.action || f.description || f.userAgent || f.ip);
  let rows: HistogramRow[];
  let countedFrom: string | null = null;
  if (textFiltered) {
    const searched = await histogramSearched(db, f, days, timeZone);
    rows = searched.rows;
    countedFrom = searched.countedFrom;
  } else rows = await histogramRolledUp(db, f, days, timeZone);
  const byDay = new Map<string, { info: number; warning: number; severe: number }>();
  for (const r of rows) {
    if (countedFrom && r.day < countedFrom) continue;
    const sum = byDay.get(r.day) ?? { info: 0, warning: 0, severe: 0 };
    sum.info += Number(r.info);
    sum.warning += Number(r.warning);
    sum.severe += Number(r.severe);
    byDay.set(r.day, sum);
  }
  const out: AuditsHistogramDay[] = [];
  for (let day = days.from; day <= days.to; day = addDays(day, 1)) {
    const r = byDay.get(day);
    out.push({ day, INFO: r?.info ?? 0, WARNING: r?.warning ?? 0, SEVERE: r?.severe ?? 0 });
  }
  return { days: out, countedFrom };
}

interface HistogramRow {
  day: string;
  info: number;
  warning: number;
  severe: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The range's bounds: the days' midnights in the zone, narrowed by a `createdAt` filter. */
const rangeWhere = (days: { from: string; to: string }, timeZone: string): SQL[] => [
  sql`${audits.createdAt} >= (${days.from}::date)::timestamp at time zone ${timeZone}`,
  sql`${audits.createdAt} < (${days.to}::date + 1)::timestamp at time zone ${timeZone}`,
];

/** Per local day and severity, the rows of `source` (a subquery of created_at and severity). */
async function groupedPerDay(db: Db, source: SQL, timeZone: string): Promise<HistogramRow[]> {
  // Grouped by the date, written as text once per day (not once per row).
  return rowsOf<HistogramRow>(
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day, info, warning, severe from (
        select (s.created_at at time zone ${timeZone})::date as d,
               count(*) filter (where s.severity = ${STORED_SEVERITY.INFO})::int as info,
               count(*) filter (where s.severity = ${STORED_SEVERITY.WARNING})::int as warning,
               count(*) filter (where s.severity = ${STORED_SEVERITY.SEVERE})::int as severe
        from (${source}) as s group by 1) as per_day`),
  );
}

async function histogramSearched(
  db: Db,
  f: AuditFilters,
  days: { from: string; to: string },
  timeZone: string,
): Promise<{ rows: HistogramRow[]; countedFrom: string | null }> {
  const newest = db
    .select({ created_at: audits.createdAt, severity: audits.severity })
    .from(audits)
    .where(and(...whereOf(f), ...rangeWhere(days, timeZone)))
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(AUDITS_HISTOGRAM_SEARCH_CAP + 1);
  const rows = await groupedPerDay(db, sql`${newest}`, timeZone);
  const counted = rows.reduce((n, r) => n + Number(r.info) + Number(r.warning) + Number(r.severe), 0);
  if (counted <= AUDITS_HISTOGRAM_SEARCH_CAP) return { rows, countedFrom: null };
  // More rows match than the chart counts: it counts back to the oldest day reached (that day in part).
  return { rows, countedFrom: rows.reduce((min, r) => (r.day < min ? r.day : min), days.to) };
}

/** The UTC wall clock of an instant, as `audit_hour_counts.hour` holds hours. */
const utcClock = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

async function histogramRolledUp(
  db: Db,
  f: AuditFilters,
  days: { from: string; to: string },
  timeZone: string,
): Promise<HistogramRow[]> {
  const [bounds] = rowsOf<{ lo: Date | string; hi: Date | string; whole: boolean }>(
    await db.execute(sql`
      select (${days.from}::date)::timestamp at time zone ${timeZone} as lo,
             (${days.to}::date + 1)::timestamp at time zone ${timeZone} as hi,
             bool_and(extract(epoch from (d at time zone ${timeZone}))::bigint % 3600 = 0) as whole
      from generate_series((${days.from}::date)::timestamp, (${days.to}::date + 1)::timestamp, interval '1 day') as d`),
  );
  if (!bounds?.whole) return histogramCounted(db, f, days, timeZone);
  let lo = new Date(bounds.lo).getTime();
  let hi = new Date(bounds.hi).getTime();
  const range = f.createdAt ? createdAtRange(f.createdAt) : undefined;
  if (range?.from) lo = Math.max(lo, Date.parse(range.from));
  if (range?.to) hi = Math.min(hi, Date.parse(range.to) + 1);
  const hour = 3_600_000;
  const loHour = Math.ceil(lo / hour) * hour;
  const hiHour = Math.floor(hi / hour) * hour;
  const base = whereOf(f);
  if (loHour >= hiHour) {
    const source = db
      .select({ created_at: audits.createdAt, severity: audits.severity })
      .from(audits)
      .where(and(...base, ...rangeWhere(days, timeZone)));
    return groupedPerDay(db, sql`${source}`, timeZone);
  }
  const severities = f.severity ? severitiesOf(f.severity)?.map((n) => STORED_SEVERITY[n]) : undefined;
  const stored = (name: string) => sql`coalesce(sum(n) filter (where severity = ${name}), 0)::int`;
  const whole = rowsOf<HistogramRow>(
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day, info, warning, severe from (
      select ((hour at time zone 'UTC') at time zone ${timeZone})::date as d,
             ${stored(STORED_SEVERITY.INFO)} as info, ${stored(STORED_SEVERITY.WARNING)} as warning,
             ${stored(STORED_SEVERITY.SEVERE)} as severe
      from audit_hour_counts
      where tenant_id in (${sql.join(
        f.tenantIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and hour >= ${utcClock(loHour)}::timestamp and hour < ${utcClock(hiHour)}::timestamp
        ${
          severities
            ? sql`and severity in (${sql.join(
                severities.map((x) => sql`${x}`),
                sql`, `,
              )})`
            : sql``
        }
      group by 1) as per_day`),
  );
  // The partial hours at the ends, from the rows themselves.
  const edges = db
    .select({ created_at: audits.createdAt, severity: audits.severity })
    .from(audits)
    .where(
      and(
        ...base,
        ...rangeWhere(days, timeZone),
        sql`(${audits.createdAt} < ${new Date(loHour)} or ${audits.createdAt} >= ${new Date(hiHour)})`,
      ),
    );
  return [...whole, ...(await groupedPerDay(db, sql`${edges}`, timeZone))];
}

/** Per day and severity, index-only range counts between the zone's midnights (any zone). */
async function histogramCounted(
  db: Db,
  f: AuditFilters,
  days: { from: string; to: string },
  timeZone: string,
): Promise<HistogramRow[]> {
  const base = whereOf(f);
  const day = sql`d.day`;
  const count = (stored: string) =>
    sql<number>`(select count(*)::int from ${audits} where ${and(
      ...base,
      eq(audits.severity, stored),
      sql`${audits.createdAt} >= ${day} at time zone ${timeZone}`,
      sql`${audits.createdAt} < (${day} + interval '1 day') at time zone ${timeZone}`,
    )})`;
  const result = await db.execute(sql`
    select to_char(${day}, 'YYYY-MM-DD') as day, ${count(STORED_SEVERITY.INFO)} as info,
           ${count(STORED_SEVERITY.WARNING)} as warning, ${count(STORED_SEVERITY.SEVERE)} as severe
    from generate_series(${days.from}::date::timestamp, ${days.to}::date::timestamp, interval '1 day') as d(day)`);
  return (result as unknown as { rows: HistogramRow[] }).rows;
}

/** The zone's offset at `instant`: its wall clock read as UTC, minus the instant (whole seconds). */
function offsetAt(instant: Date, timeZone: string): number {
  const {
    year = 1970,
    month = 1,
    day = 1,
    hour = 0,
    minute = 0,
    second = 0,
  } = wallClockIn(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The start of the current day in `timeZone` (an IANA name; UTC when it is not one). The offset is read twice:
 * on a day the clocks change, midnight's offset is not the one of the moment asked about.
 */
export function startOfDay(now: Date, timeZone: string): Date {
  let midnight: number;
  try {
    const { year, month, day } = wallClockIn(now, timeZone);
    midnight = Date.UTC(year, month - 1, day);
  } catch {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }
  const guess = new Date(midnight - offsetAt(now, timeZone));
  return new Date(midnight - offsetAt(guess, timeZone));
}
