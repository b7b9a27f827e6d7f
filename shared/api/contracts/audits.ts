// Audit logs (AUDITS-001..012, ENUM-017): the `audits` group of the paths table, in Frontegg's shapes (IAudits,
// IGetAuditsParams, IAuditsStats, IExportAudits) and the audit columns of `GET /metadata?entityName=audits`.
//
// The wire, as this server answers it (the preview follows it):
// - A row (AUDITS-001): `frontegg_id` (the row's id, as Frontegg's audit rows name it), `createdAt` (ISO),
//   `email` ('' when no user acted), `action` (server/audit/actions.ts), `description`, `ip`, `severity`,
//   `userAgent`, `json` (an object; `impersonatedBy` when an impersonator acted), `tenantId`, `vendorId`.
// - Whose rows: the caller's tenant only. With `includeSubTenants=true` (ours, on the list, the histogram and
//   the export, as on the users list) its sub-accounts' rows too (the tenants below it, not deleted), unless the
//   caller's sub-account access was withdrawn (TENANTS-013): then its own only. `tenantId` tells a row's
//   account. Never a parent's or a sibling's rows, never vendor rows (no tenant). The stats are the tenant's own.
// - Severity: one vocabulary on the wire, ENUM-051's `INFO`, `WARNING`, `SEVERE` (the database keeps `Info`,
//   `Medium`, `High`: `INFO` = Info, `WARNING` = Medium, `SEVERE` = High). The `severity` filter accepts either
//   vocabulary, any case, one value or several separated by commas.
// - `GET /audits` query: `offset` (0..10,000), `count` (1..100, default 20, AUDITS-010), `sortBy` (a sortable
//   column: createdAt, email, action, ip, severity; default createdAt), `sortDirection` (asc|desc, any case;
//   default desc, AUDITS-011), `filter` (text search: case-insensitive "contains" over email, action,
//   description, ip and user agent; no control characters), `paginationMode=virtual`, `after` (virtual mode's
//   cursor), and a column
//   filter per filterable column, named after it (AUDITS-005):
//     email        contains, case-insensitive
//     action       exact
//     description  contains, case-insensitive
//     ip           exact; a value ending in `*` is a prefix (`203.0.113.*`)
//     severity     exact, see above (`SEVERE` or `WARNING,SEVERE`)
//     userAgent    contains, case-insensitive
//     createdAt    a range `from,to` of ISO 8601 instants, both inclusive, either side may be empty
//                  (`2026-11-01T00:00:00Z,` = since then)
//   A column that is not filterable (json) or a bad value is a 400 naming it; other parameters are ignored.
// - Answer `{ data, total, next }` (AUDITS-006). Offset mode: `total` counts the matching rows exactly up to
//   1,000 (AUDITS_TOTAL_CAP); beyond that it is 1,000 and `totalCapped` is true (an exact count over a
//   million rows is not a page query; the page shows "More than 1,000" and goes on by `next`). A page whose
//   rows already reach past the cap is not counted at all. `offset` goes to 10,000; deeper: virtual mode.
// - Sorts and their indexes (server/db/schema.ts): each sort is one index walk from the tenant's first row in
//   that order, never a sort of the tenant's rows: createdAt by (tenant_id, created_at, id); email, action and
//   ip by (tenant_id, <column>, id) (ties in id order); severity by (tenant_id, <rank>, created_at, id), an
//   expression index on the very rank expression the query orders by (INFO 1 < WARNING 2 < SEVERE 3; newest
//   first within a severity when descending). An expression index rather than a stored `severity_rank`
//   column: no table rewrite to add it, no write path (server/audit.ts) to keep in step, and the stored word
//   stays the one source of the severity.
//   Virtual mode (`paginationMode=virtual`): no count; `next` is the cursor of the next page (null at the end),
//   sent back as `after` with the same sort and filters (keyset: the page after the last row, whatever was
//   written meanwhile); `total` is `offset + data.length + (next ? 1 : 0)` (offset: the rows the client already
//   holds), so a client that pages while `total` exceeds what it holds stops at the end. In offset mode `next`
//   is given too (the cursor after this page, to go on in virtual mode); `after` without virtual mode is a 400.
// - `GET /audits/stats`: `totalToday` (the tenant's rows since 00:00 in the account's time zone, TENANTS-004;
//   UTC by default), `severeThisWeek` (SEVERE rows of the last 7 days); sortBy, sortDirection and count are
//   accepted and ignored (AUDITS-007).
// - `GET /audits/histogram` (ours: Frontegg has none; the page's chart): the rows per day and severity, under
//   the same text search and column filters as `GET /audits` (sort and page parameters are ignored). The days
//   are those of the account's time zone (as the stats), from the day of the `createdAt` filter's `from` to the
//   day of its `to` (no `from`: the 30 days ending on `to`'s day; no `to`: ending today); without the filter
//   the last 30 days ending today. At most 366 days (a longer range is a 400 naming createdAt). Answer
//   `{ from, to, timeZone, days: [{ day, INFO, WARNING, SEVERE }], countedFrom }`, days as `YYYY-MM-DD`, every
//   day of the range present (zeros too), ascending. Without a text filter the counts are exact (kept per hour
//   as rows are written). With one (search, email, action, …) the newest AUDITS_HISTOGRAM_SEARCH_CAP (1,000, as the list's total)
//   matching rows of the range are counted, as the list's total is capped: when more match, `countedFrom` is
//   the oldest day the count reached (its count in part: the newest of its rows), the days before it count 0
//   (null when every match is counted).
// - `POST /audits/export/csv/v2` (also `/audits/export/csv`): body `{ properties: [{ name, displayName }, …] }`
//   (the header: its columns in that order), query `sortBy`, `sortDirection`, `filter`, `offset` (0), and the
//   column filters as for `GET /audits` (Frontegg's client sends these as query parameters). Answer `text/csv;
//   charset=utf-8`, file `audits.csv` (AUDITS-009), RFC 4180 quoting and CRLF line ends (no BOM), and a cell
//   starting with = + - @ tab or CR gets a leading apostrophe (no formula runs in a spreadsheet). Streamed: the
//   server reads the rows page by page while the client downloads. `endpoint` pdf: 400.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { flag, isoDate, param } from './common';

/** The severities on the wire (ENUM-051), lowest first. */
export const auditSeverity = z.enum(['INFO', 'WARNING', 'SEVERE']);
export type AuditSeverityName = z.infer<typeof auditSeverity>;

/** What the database keeps for each wire severity (server/audit.ts AuditSeverity). */
export const STORED_SEVERITY = { INFO: 'Info', WARNING: 'Medium', SEVERE: 'High' } as const;

/** The severities a `severity` filter names (either vocabulary, any case, comma-separated); null if one is unknown. */
export function severitiesOf(value: string): AuditSeverityName[] | null {
  const byName: Record<string, AuditSeverityName> = {
    info: 'INFO',
    warning: 'WARNING',
    severe: 'SEVERE',
    medium: 'WARNING',
    high: 'SEVERE',
  };
  const names = value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  const out = names.map((n) => byName[n]);
  return names.length > 0 && out.every((s) => s !== undefined) ? [...new Set(out)] : null;
}

/** Audit column types (ENUM-017), and AlphaNumeric for plain text columns. */
export const auditColumnType = z.enum([
  'Timestamp',
  'Email',
  'IpAddress',
  'Severity',
  'Json',
  'AlphaNumeric',
]);

/** One column of the audit metadata (AUDITS-002). */
export const auditColumn = z.object({
  name: z.string(),
  displayName: z.string(),
  type: auditColumnType,
  sortable: z.boolean(),
  filterable: z.boolean(),
  showInTable: z.boolean(),
  showInMoreInfo: z.boolean(),
  isPredefined: z.boolean(),
});
export type AuditColumn = z.infer<typeof auditColumn>;

const column = (
  name: string,
  displayName: string,
  type: z.infer<typeof auditColumnType>,
  flags: Partial<Pick<AuditColumn, 'sortable' | 'filterable' | 'showInTable' | 'showInMoreInfo'>> = {},
): AuditColumn => ({
  name,
  displayName,
  type,
  sortable: true,
  filterable: true,
  showInTable: true,
  showInMoreInfo: true,
  isPredefined: true,
  ...flags,
});

/** The audit columns, in table order: what `GET /metadata?entityName=audits` answers (AUDITS-008). */
export const AUDIT_COLUMNS: readonly AuditColumn[] = [
  column('createdAt', 'Time', 'Timestamp'),
  column('email', 'User', 'Email'),
  column('action', 'Action', 'AlphaNumeric'),
  column('description', 'Description', 'AlphaNumeric', { sortable: false }),
  column('ip', 'IP address', 'IpAddress'),
  column('severity', 'Severity', 'Severity'),
  column('userAgent', 'User agent', 'AlphaNumeric', { sortable: false, showInTable: false }),
  column('json', 'Details', 'Json', { sortable: false, filterable: false, showInTable: false }),
];

/** Sortable columns (the `sortBy` whitelist). */
export const AUDIT_SORTABLE = ['createdAt', 'email', 'action', 'ip', 'severity'] as const;
export type AuditSortColumn = (typeof AUDIT_SORTABLE)[number];

/** The page size (AUDITS-010), the largest page, and where the offset count stops. */
export const AUDITS_PAGE_SIZE = 20;
export const AUDITS_MAX_COUNT = 100;
export const AUDITS_TOTAL_CAP = 1_000;
/** The deepest offset page (beyond it: virtual mode's cursor). */
export const AUDITS_MAX_OFFSET = 10_000;

/** A row (AUDITS-001). */
export const auditRow = z.object({
  frontegg_id: z.string(),
  createdAt: isoDate,
  email: z.string(),
  action: z.string(),
  description: z.string(),
  ip: z.string(),
  severity: auditSeverity,
  userAgent: z.string(),
  json: z.record(z.string(), z.unknown()),
  tenantId: z.string(),
  vendorId: z.string(),
});
export type AuditRowWire = z.infer<typeof auditRow>;

const isInstant = (v: string) => v === '' || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)));

/** A `createdAt` range `from,to` (ISO 8601, inclusive; either side empty). */
export function createdAtRange(value: string): { from?: string; to?: string } | null {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length > 2 || !parts.every(isInstant)) return null;
  const [from = '', to = ''] = parts;
  if (from && to && Date.parse(from) > Date.parse(to)) return null;
  return {
    ...(from ? { from: new Date(from).toISOString() } : {}),
    ...(to ? { to: new Date(to).toISOString() } : {}),
  };
}

/** The column filters (AUDITS-005): one query parameter per filterable column, named after it. */
export const auditColumnFilters = z.object({
  email: param(z.string().trim().max(320)),
  action: param(z.string().trim().max(200)),
  description: param(z.string().trim().max(200)),
  userAgent: param(z.string().trim().max(500)),
  ip: param(
    z
      .string()
      .trim()
      .max(64)
      .regex(/^[0-9A-Fa-f.:]+\*?$/, 'Must be an IP address, or its beginning followed by * (203.0.113.*)'),
  ),
  severity: param(
    z
      .string()
      .max(100)
      .refine((v) => severitiesOf(v) !== null, 'Must be INFO, WARNING or SEVERE (several: comma-separated)'),
  ),
  createdAt: param(
    z
      .string()
      .max(100)
      .refine(
        (v) => createdAtRange(v) !== null,
        'Must be a range from,to of ISO 8601 times (either may be empty; from not after to)',
      ),
  ),
  json: param(z.string().refine(() => false, 'Not a filterable column')),
});

/**
 * Whose rows (ours; the list, the histogram and the export): the caller's tenant, and with `includeSubTenants`
 * its sub-accounts' too, where the hierarchy allows (see the header).
 */
const auditScope = z.object({ includeSubTenants: param(flag) });

/** Sort and text search (shared by the list and the export). */
const sortAndSearch = z.object({
  sortBy: param(
    z.enum(AUDIT_SORTABLE, { message: `Must be a sortable column: ${AUDIT_SORTABLE.join(', ')}` }),
  ),
  sortDirection: param(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['asc', 'desc'], { message: 'Must be asc or desc' }),
    ),
  ),
  filter: param(
    z
      .string()
      .max(200)
      .refine(
        (v) => ![...v].some((ch) => ch < ' ' || ch === '\u007f'),
        'Must not contain control characters',
      ),
  ),
});

/** The list query (Frontegg's IGetAuditsParams and the column filters); other parameters are ignored. */
export const getAuditsQuery = z.looseObject({
  ...auditScope.shape,
  ...sortAndSearch.shape,
  ...auditColumnFilters.shape,
  offset: param(z.coerce.number().int().min(0).max(AUDITS_MAX_OFFSET)),
  count: param(z.coerce.number().int().min(1).max(AUDITS_MAX_COUNT)),
  paginationMode: param(z.enum(['virtual'], { message: 'Must be virtual (or absent)' })),
  // A cursor carries the last row's sort values: an email may be 320 characters, base64url-encoded.
  after: param(z.string().max(2000)),
});

/** The list answer (Frontegg's IAudits, with the next page's cursor). */
export const auditsPage = z.object({
  data: z.array(auditRow),
  total: z.number().int(),
  /** Offset mode: true when more rows than AUDITS_TOTAL_CAP match (total is the cap). */
  totalCapped: z.boolean().optional(),
  /** The cursor of the next page (`after`), null at the end. */
  next: z.string().nullable().optional(),
});

/** Frontegg's IAuditsStats. */
export const auditsStats = z.object({ totalToday: z.number().int(), severeThisWeek: z.number().int() });

/** The histogram's query: the list's text search and column filters (other parameters are ignored). */
export const auditsHistogramQuery = z.looseObject({
  ...auditScope.shape,
  filter: sortAndSearch.shape.filter,
  ...auditColumnFilters.shape,
});

/** Days of a histogram: the default range, and the longest one. */
export const AUDITS_HISTOGRAM_DEFAULT_DAYS = 30;
export const AUDITS_HISTOGRAM_MAX_DAYS = 366;
/** Rows a searched histogram counts at most (the newest of the range; see the header): the list's cap. */
export const AUDITS_HISTOGRAM_SEARCH_CAP = AUDITS_TOTAL_CAP;

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day YYYY-MM-DD');

/** One day of the histogram: its rows per severity. */
export const auditsHistogramDay = z.object({
  day: calendarDay,
  INFO: z.number().int(),
  WARNING: z.number().int(),
  SEVERE: z.number().int(),
});
export type AuditsHistogramDay = z.infer<typeof auditsHistogramDay>;

/** The histogram's answer: every day from `from` to `to` (inclusive, ascending) in `timeZone`. */
export const auditsHistogram = z.object({
  from: calendarDay,
  to: calendarDay,
  timeZone: z.string(),
  days: z.array(auditsHistogramDay),
  /**
   * With a text filter matching more than AUDITS_HISTOGRAM_SEARCH_CAP rows of the range: the oldest day the
   * count reached (counted in part; the days before it count 0). Null otherwise.
   */
  countedFrom: calendarDay.nullable(),
});
export type AuditsHistogram = z.infer<typeof auditsHistogram>;

/** `YYYY-MM-DD` plus `n` days (calendar arithmetic, no time zone). */
export function addDays(day: string, n: number): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The wall clock of an instant in a zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of an instant in `zone` (an IANA name; throws on one the runtime does not know): what
 * the page shows times with and the server finds the account's midnight with. One formatter per zone.
 */
export function wallClockIn(date: Date, zone: string): WallClock {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(zone, format);
  }
  const fields = Object.fromEntries(
    format
      .formatToParts(date)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** The calendar day of an instant in `timeZone` (an IANA name; UTC when it is not one). */
export function dayIn(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}

/**
 * The days a histogram covers under a `createdAt` filter (see the header): `{ from, to }`, or a 400 message
 * when the range is longer than AUDITS_HISTOGRAM_MAX_DAYS.
 */
export function histogramDays(
  createdAt: string | undefined,
  now: Date,
  timeZone: string,
): { from: string; to: string } | { error: string } {
  const range = createdAt ? (createdAtRange(createdAt) ?? {}) : {};
  const today = dayIn(now, timeZone);
  let to = range.to ? dayIn(new Date(range.to), timeZone) : today;
  const from = range.from
    ? dayIn(new Date(range.from), timeZone)
    : addDays(to, 1 - AUDITS_HISTOGRAM_DEFAULT_DAYS);
  if (from > to) to = from;
  const n = daysBetween(from, to);
  if (n > AUDITS_HISTOGRAM_MAX_DAYS)
    return {
      error: `createdAt: The histogram covers at most ${AUDITS_HISTOGRAM_MAX_DAYS} days (this range has ${n})`,
    };
  return { from, to };
}

/** The export's query (Frontegg's IExportAudits less the header, which is the body). */
export const exportAuditsQuery = z.looseObject({
  ...auditScope.shape,
  ...sortAndSearch.shape,
  ...auditColumnFilters.shape,
  offset: param(z.coerce.number().int().min(0).max(0, 'An export starts at offset 0')),
  outputFileName: param(z.string().max(200)),
});

/** A header column (Frontegg's HeaderProps: name and displayName read; the rest tolerated). */
export const exportHeaderProperty = z.looseObject({
  name: z.string().min(1).max(100),
  displayName: z.string().max(200),
});

/** The fields a header may name: the columns and the row's ids. */
export const AUDIT_EXPORT_FIELDS: readonly string[] = [
  ...AUDIT_COLUMNS.map((c) => c.name),
  'frontegg_id',
  'tenantId',
  'vendorId',
];

export const exportAuditsBody = z.object({
  properties: z
    .array(
      exportHeaderProperty.refine((p) => AUDIT_EXPORT_FIELDS.includes(p.name), {
        message: `name: Must be one of ${AUDIT_EXPORT_FIELDS.join(', ')}`,
      }),
    )
    .min(1)
    .max(AUDIT_EXPORT_FIELDS.length),
});

/** The export endpoints (Frontegg's TExportAudits; pdf is not offered). */
export const AUDIT_EXPORT_ENDPOINTS = ['csv/v2', 'csv'] as const;

const a = paths.audits;

export const auditsContracts = {
  getAudits: contract({ route: a.getAudits, query: getAuditsQuery, response: auditsPage }),
  getAuditsHistogram: contract({
    route: a.getAuditsHistogram,
    query: auditsHistogramQuery,
    response: auditsHistogram,
  }),
  getAuditsStats: contract({
    route: a.getAuditsStats,
    query: z.looseObject({
      sortBy: param(z.string().max(100)),
      sortDirection: param(z.string().max(10)),
      count: param(z.coerce.number().int().min(0).max(AUDITS_MAX_COUNT)),
    }),
    response: auditsStats,
  }),
  /** A CSV file (text/csv); the contract test reads it as a string. */
  exportAudits: contract({
    route: a.exportAudits,
    params: z.object({
      endpoint: z.enum(AUDIT_EXPORT_ENDPOINTS, { message: 'Must be csv/v2 or csv' }),
    }),
    query: exportAuditsQuery,
    body: exportAuditsBody,
    response: z.string(),
  }),
} as const;
