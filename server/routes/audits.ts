// The audit log (AUDITS-005..011): the `audits` group of the paths table. Only the caller's tenant's rows, and
// its sub-accounts' when asked and allowed (a vendor-level row, with no tenant, never), under
// fe.secure.read.audits. Read-only: no route changes or deletes
// an audit row (retention aside: server/audits/retention.ts). The wire: shared/api/contracts/audits.ts.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  AUDITS_PAGE_SIZE,
  AUDITS_TOTAL_CAP,
  auditsContracts as ac,
  histogramDays,
  type AuditSortColumn,
} from '../../shared/api/contracts/audits';
import { paths } from '../../shared/api/paths';
import { auditsCsvStream } from '../audits/csv';
import {
  countCapped,
  DEFAULT_SORT,
  readHistogram,
  readPage,
  readStats,
  startOfDay,
  type AuditFilters,
  type AuditSort,
} from '../audits/query';
import { apiError, readBody, type AppEnv } from '../context';
import { tenants } from '../db/schema';
import { readQuery } from '../signup/validation';
import { callerScope } from '../team/users';
import { defineFamily, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.audits';
const p = paths.audits;

type Answer<K extends keyof typeof ac> = AnswerOf<(typeof ac)[K]>;

/** Routes of the audit log, with the permission each requires. */
export const auditsEndpointsByName = {
  getAudits: endpoint(p.getAudits, READ, "the caller's tenant's rows"),
  getAuditsStats: endpoint(p.getAuditsStats, READ, "the caller's tenant's rows"),
  getAuditsHistogram: endpoint(p.getAuditsHistogram, READ, "the caller's tenant's rows"),
  exportAudits: endpoint(
    p.exportAudits,
    READ,
    "the caller's tenant's rows; endpoint csv/v2 (encoded) or csv",
  ),
  /** The same export as Frontegg's client sends it: `csv/v2` as two path segments. */
  exportAuditsCsvV2: endpoint(
    { method: 'POST', path: '/audits/export/csv/v2', download: true },
    READ,
    "the caller's tenant's rows",
  ),
} as const;

export const auditsEndpoints: Endpoint[] = Object.values(auditsEndpointsByName);

/** The filters and sort of a parsed list or export query, on the tenants of the caller's scope. */
function filtersOf(
  tenantIds: string[],
  q: Partial<Record<keyof AuditFilters, string>> & {
    sortBy?: AuditSortColumn;
    sortDirection?: 'asc' | 'desc';
  },
): { filters: AuditFilters; sort: AuditSort } {
  const { filter, email, action, description, userAgent, ip, severity, createdAt } = q;
  return {
    filters: { tenantIds, filter, email, action, description, userAgent, ip, severity, createdAt },
    sort: {
      sortBy: q.sortBy ?? DEFAULT_SORT.sortBy,
      sortDirection: q.sortDirection ?? DEFAULT_SORT.sortDirection,
    },
  };
}

export const auditsRoutes = defineFamily(auditsEndpointsByName, (on, e, { db, vendorId }) => {
  /** The tenants of a request's rows: the caller's, and its sub-accounts' when asked and allowed. */
  const scopeOf = (c: Context<AppEnv>, q: { includeSubTenants?: boolean }) =>
    callerScope(db, vendorId, c.get('auth'), q.includeSubTenants ?? false);

  on(e.getAudits, async (c) => {
    const q = readQuery(c, ac.getAudits.query);
    const { filters, sort } = filtersOf(await scopeOf(c, q), q);
    const offset = q.offset ?? 0;
    const count = q.count ?? AUDITS_PAGE_SIZE;
    const virtual = q.paginationMode === 'virtual';
    if (q.after && !virtual) throw apiError(400, 'after: Only with paginationMode=virtual');
    if (virtual) {
      const page = await readPage(db, filters, sort, { offset, count, after: q.after });
      // No count: the rows the client holds, this page, and one more when a next page exists.
      const total = offset + page.rows.length + (page.next ? 1 : 0);
      return c.json({ data: page.rows, total, next: page.next } satisfies Answer<'getAudits'>);
    }
    // A page from beyond the cap needs no count: its rows prove more than AUDITS_TOTAL_CAP match. Otherwise
    // the page and the capped count run side by side (on PostgreSQL two connections of the pool).
    const beyondCap = offset >= AUDITS_TOTAL_CAP;
    const [page, counted] = await Promise.all([
      readPage(db, filters, sort, { offset, count }),
      beyondCap ? undefined : countCapped(db, filters),
    ]);
    const { total, capped } =
      counted ??
      (page.rows.length > 0 ? { total: AUDITS_TOTAL_CAP, capped: true } : await countCapped(db, filters));
    return c.json({
      data: page.rows,
      total,
      totalCapped: capped,
      next: page.next,
    } satisfies Answer<'getAudits'>);
  });

  /** The account's time zone (TENANTS-004): an IANA name, UTC when none is set or it is not one. */
  const timeZoneOf = async (tenantId: string): Promise<string> => {
    const [tenant] = await db
      .select({ timezone: tenants.timezone })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    const zone = tenant?.timezone ?? 'UTC';
    // A region name only (Postgres reads an offset such as +05:00 with the POSIX sign, the reverse of ISO's).
    if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || /^[A-Za-z]+[+-]/.test(zone))
      return 'UTC';
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      return 'UTC';
    }
  };

  on(e.getAuditsStats, async (c) => {
    readQuery(c, ac.getAuditsStats.query);
    const { tenantId } = c.get('auth');
    const now = new Date();
    const stats = await readStats(db, tenantId, startOfDay(now, await timeZoneOf(tenantId)), now);
    return c.json(stats satisfies Answer<'getAuditsStats'>);
  });

  on(e.getAuditsHistogram, async (c) => {
    const q = readQuery(c, ac.getAuditsHistogram.query);
    const { tenantId } = c.get('auth');
    const { filters } = filtersOf(await scopeOf(c, q), q);
    const timeZone = await timeZoneOf(tenantId);
    const range = histogramDays(q.createdAt, new Date(), timeZone);
    if ('error' in range) throw apiError(400, range.error);
    const { days, countedFrom } = await readHistogram(db, filters, range, timeZone);
    return c.json({ ...range, timeZone, days, countedFrom } satisfies Answer<'getAuditsHistogram'>);
  });

  const exportCsv = (endpointName: string) => async (c: Context<AppEnv>) => {
    const parsedEndpoint = ac.exportAudits.params.safeParse({ endpoint: endpointName });
    if (!parsedEndpoint.success) throw apiError(400, 'endpoint: Must be csv/v2 or csv');
    const q = readQuery(c, ac.exportAudits.query);
    const { properties } = await readBody(c, ac.exportAudits.body);
    const { filters, sort } = filtersOf(await scopeOf(c, q), q);
    return c.body(auditsCsvStream(db, properties, filters, sort), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audits.csv"',
      'Cache-Control': 'no-store',
    });
  };
  on(e.exportAudits, (c) => exportCsv(c.req.param('endpoint') ?? '')(c));
  on(e.exportAuditsCsvV2, (c) => exportCsv('csv/v2')(c));
});
