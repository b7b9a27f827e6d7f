// Audit logs.
import { paths } from '../paths';
import {
  first,
  int,
  type Json,
  on,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  sortList,
} from './common';
import { type AuditRow } from './sampleData';

const AUDIT_RESERVED = new Set(['offset', 'count', 'sortBy', 'sortDirection', 'filter', 'paginationMode']);

function filterAudits(req: PreviewRequest): AuditRow[] {
  const q = req.query;
  let rows = [...req.state.audits];
  const search = first(q, ['filter'])?.toLowerCase();
  if (search) {
    rows = rows.filter((r) =>
      [r.email, r.action, r.description, r.ip, r.severity].some((v) => v.toLowerCase().includes(search)),
    );
  }
  for (const [name, value] of q) {
    if (AUDIT_RESERVED.has(name) || value === '' || !req.state.auditColumns.some((c) => c.name === name))
      continue;
    rows = rows.filter((r) => String((r as unknown as Json)[name]) === value);
  }
  const sortBy = first(q, ['sortBy']) ?? 'createdAt';
  return sortList(rows, sortBy, first(q, ['sortDirection']) ?? 'desc');
}

function auditsCsv(rows: readonly AuditRow[]): string {
  const columns = ['createdAt', 'email', 'action', 'description', 'ip', 'severity', 'userAgent'] as const;
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

export const auditsHandlers: PreviewRoute[] = [
  // Audits and metadata
  on(paths.audits.getAudits, (req) => {
    const rows = filterAudits(req);
    const offset = int(req.query, ['offset'], 0);
    return { data: rows.slice(offset, offset + int(req.query, ['count'], 20)), total: rows.length };
  }),
  on(paths.audits.getAuditsStats, ({ state }) => state.auditStats),
  on(
    paths.audits.exportAudits,
    (req) =>
      new PreviewReply(200, auditsCsv(filterAudits(req)), 'text/csv', {
        'Content-Disposition': 'attachment; filename="audits.csv"',
      }),
  ),
];
