// The CSV export of the audit log (AUDITS-009): the header the client chose, then every matching row in the same
// sort and filters, streamed from the database page by page (memory stays flat whatever the row count). The
// database renders the records: a page comes back as one string, not as a row object per row (1,000,000 rows
// exported in bounded memory: bench/audits.ts, docs/decisions/0022).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { audits } from '../db/schema';
import { log } from '../log';
import { readTextPage, type AuditFilters, type AuditSort } from './query';

/**
 * Rows read per query while exporting, whatever the sort: each sort has its index (server/db/schema.ts), so a
 * page is an index range from the cursor.
 */
export const EXPORT_PAGE_SIZE = 1000;

/** Characters that make a cell quoted (RFC 4180). A bound parameter: the real CR and LF characters. */
const QUOTED = '[",\r\n]';

/**
 * One CSV cell of a text value, in SQL: a value a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe; then RFC 4180 quoting (a cell with a comma, a quote, CR
 * or LF is quoted, its quotes doubled).
 */
function csvCell(field: SQL): SQL {
  // A null would be skipped by concat_ws and shift the cells after it: an empty cell instead.
  const value = sql`coalesce(${field}, '')`;
  const safe = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${value} else ${value} end)`;
  return sql`(case when ${safe} ~ ${QUOTED} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/** One CSV record of cells, CRLF-terminated (RFC 4180). */
const csvRecord = (cells: SQL[]): SQL =>
  sql`concat_ws(',', ${sql.join(cells.map(csvCell), sql`, `)}) || E'\\r\\n'`;

/**
 * A header name's field as text, as the row is on the wire (AUDITS-001; shared/api/contracts/audits.ts):
 * times in ISO 8601 UTC with milliseconds, severities by their wire names, `json` as JSON text (the
 * database's: `{"key": "value"}`), a missing value empty.
 */
const FIELDS: Record<string, SQL> = {
  frontegg_id: sql`${audits.id}`,
  createdAt: sql`to_char(${audits.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  email: sql`coalesce(${audits.email}, '')`,
  action: sql`${audits.action}`,
  description: sql`${audits.description}`,
  ip: sql`${audits.ipAddress}`,
  severity: sql`(case ${audits.severity} when 'High' then 'SEVERE' when 'Medium' then 'WARNING' else 'INFO' end)`,
  userAgent: sql`${audits.userAgent}`,
  json: sql`coalesce(${audits.json}, '{}'::jsonb)::text`,
  tenantId: sql`coalesce(${audits.tenantId}, '')`,
  vendorId: sql`${audits.vendorId}`,
};

/** The field of a header name (the contract admits only AUDIT_EXPORT_FIELDS; an unknown one is empty). */
const fieldOf = (name: string): SQL => FIELDS[name] ?? sql`''`;

/**
 * The export as a byte stream: the header line, then each page of rows as it is read. Pull-driven: the next
 * page is read only when the client has taken the previous one, so a slow download holds one page at a time.
 */
export function auditsCsvStream(
  db: Db,
  header: readonly { name: string; displayName: string }[],
  filters: AuditFilters,
  sort: AuditSort,
  pageSize = EXPORT_PAGE_SIZE,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = csvRecord(header.map((h) => fieldOf(h.name)));
  let after: string | undefined;
  let state: 'header' | 'rows' | 'done' = 'header';
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (state === 'header') {
            const result = (await db.execute(
              sql`select ${csvRecord(header.map((h) => sql`${h.displayName}::text`))} as line`,
            )) as unknown as { rows: { line: string }[] };
            controller.enqueue(encoder.encode(result.rows[0]!.line));
            state = 'rows';
            return;
          }
          const page = await readTextPage(db, filters, sort, line, { count: pageSize, after });
          if (page.text) controller.enqueue(encoder.encode(page.text));
          if (!page.next) {
            state = 'done';
            controller.close();
          } else after = page.next;
        } catch (error) {
          // After the header, the download ends short (the client sees a broken transfer), and we log.
          log.error({ err: error }, 'audit CSV export failed');
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
