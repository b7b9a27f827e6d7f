// Audit logs, on the wire of shared/api/contracts/audits.ts: the column filters named after the column
// (contains for email, description and user agent; exact action; an IP or its prefix `203.0.113.*`; one
// severity or several, either vocabulary; a createdAt range `from,to`), the text search, the sort, the page
// and the CSV export of the header columns.
import {
  addDays,
  AUDIT_COLUMNS,
  AUDITS_TOTAL_CAP,
  auditsContracts as c,
  type AuditsHistogramDay,
  createdAtRange,
  dayIn,
  histogramDays,
  severitiesOf,
} from '../contracts/audits';
import { paths } from '../paths';
import {
  fail,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  sortList,
} from './common';
import { type AuditRow, type Severity } from './sampleData';

const SEVERITY_RANK: Record<Severity, number> = { INFO: 1, WARNING: 2, SEVERE: 3 };

type Filters = Partial<
  Record<'email' | 'action' | 'description' | 'ip' | 'severity' | 'userAgent', string>
> & {
  createdAt?: string;
  filter?: string;
  sortBy?: string;
  sortDirection?: string;
};

const contains = (value: string | null | undefined, part: string) =>
  (value ?? '').toLowerCase().includes(part.toLowerCase());

function filterAudits(state: PreviewRequest['state'], q: Filters): AuditRow[] {
  let rows = [...state.audits];
  const search = q.filter?.trim();
  if (search)
    rows = rows.filter((r) =>
      [r.email, r.action, r.description, r.ip, r.userAgent].some((v) => contains(v, search)),
    );
  if (q.email) rows = rows.filter((r) => contains(r.email, q.email!));
  if (q.description) rows = rows.filter((r) => contains(r.description, q.description!));
  if (q.userAgent) rows = rows.filter((r) => contains(r.userAgent, q.userAgent!));
  if (q.action) rows = rows.filter((r) => r.action === q.action);
  if (q.ip) {
    const ip = q.ip;
    rows = rows.filter((r) => (ip.endsWith('*') ? r.ip.startsWith(ip.slice(0, -1)) : r.ip === ip));
  }
  if (q.severity) {
    const wanted = severitiesOf(q.severity) ?? [];
    rows = rows.filter((r) => (wanted as string[]).includes(r.severity));
  }
  if (q.createdAt) {
    const range = createdAtRange(q.createdAt) ?? {};
    const from = range.from ? Date.parse(range.from) : -Infinity;
    const to = range.to ? Date.parse(range.to) : Infinity;
    rows = rows.filter((r) => {
      const at = Date.parse(r.createdAt);
      return at >= from && at <= to;
    });
  }
  if (q.sortBy === 'severity') {
    // As the server: by rank (INFO < WARNING < SEVERE), then by time, in the one direction.
    const direction = (q.sortDirection ?? 'desc').toLowerCase() === 'desc' ? -1 : 1;
    return rows.sort(
      (a, b) =>
        (SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
          Date.parse(a.createdAt) - Date.parse(b.createdAt)) * direction,
    );
  }
  return sortList(rows, q.sortBy ?? 'createdAt', q.sortDirection ?? 'desc');
}

const queryOf = (req: PreviewRequest) => Object.fromEntries(req.query);

function auditsCsv(
  rows: readonly AuditRow[],
  header: readonly { name: string; displayName: string }[],
): string {
  const cell = (value: unknown) => {
    let text =
      typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [
    header.map((h) => cell(h.displayName)).join(','),
    ...rows.map((r) => header.map((h) => cell((r as unknown as Record<string, unknown>)[h.name])).join(',')),
  ];
  return lines.join('\r\n') + '\r\n';
}

export const auditsHandlers: PreviewRoute[] = [
  on(paths.audits.getAudits, (req) => {
    const q = parseWith(c.getAudits.query, queryOf(req));
    const rows = filterAudits(req.state, q);
    const virtual = q.paginationMode === 'virtual';
    if (q.after && !virtual) return fail(400, 'after: Only with paginationMode=virtual');
    // The preview's cursor is the index of the next row (the server's is a keyset cursor).
    const start = virtual && q.after ? Number(q.after) : (q.offset ?? 0);
    if (!Number.isInteger(start) || start < 0) return fail(400, 'after: Not a cursor');
    const data = rows.slice(start, start + (q.count ?? 20));
    const more = start + data.length < rows.length;
    const next = more ? String(start + data.length) : null;
    const offset = q.offset ?? 0;
    if (virtual) return { data, total: offset + data.length + (more ? 1 : 0), next };
    // Offset mode counts up to AUDITS_TOTAL_CAP, as the server does.
    const capped = rows.length > AUDITS_TOTAL_CAP;
    return { data, total: capped ? AUDITS_TOTAL_CAP : rows.length, totalCapped: capped, next };
  }),
  on(paths.audits.getAuditsStats, ({ state }) => state.auditStats),
  on(paths.audits.getAuditsHistogram, (req) => {
    const q = parseWith(c.getAuditsHistogram.query, queryOf(req));
    const timeZone = req.state.accountSettings.timezone || 'UTC';
    const range = histogramDays(q.createdAt, new Date(), timeZone);
    if ('error' in range) return fail(400, range.error);
    const counts = new Map<string, AuditsHistogramDay>();
    for (let day = range.from; day <= range.to; day = addDays(day, 1))
      counts.set(day, { day, INFO: 0, WARNING: 0, SEVERE: 0 });
    for (const row of filterAudits(req.state, q)) {
      const slot = counts.get(dayIn(new Date(row.createdAt), timeZone));
      if (slot) slot[row.severity] += 1;
    }
    // The preview holds a few rows: every match is counted.
    return { ...range, timeZone, days: [...counts.values()], countedFrom: null };
  }),
  on(paths.audits.exportAudits, (req) => {
    const q = parseWith(c.exportAudits.query, queryOf(req));
    // A request without a body (the preview's own tests) exports every column.
    const header =
      req.body === undefined ? AUDIT_COLUMNS : parseWith(c.exportAudits.body, req.body).properties;
    return new PreviewReply(200, auditsCsv(filterAudits(req.state, q), header), 'text/csv', {
      'Content-Disposition': 'attachment; filename="audits.csv"',
    });
  }),
];
