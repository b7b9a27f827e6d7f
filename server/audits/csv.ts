// The CSV export of the audit log (AUDITS-009): the header the client chose, then every matching row in the same
// sort and filters, streamed from the database page by page (memory stays flat whatever the row count).
import type { AuditRowWire } from '../../shared/api/contracts/audits';
import type { Db } from '../db';
import { log } from '../log';
import { allRows, type AuditFilters, type AuditSort } from './query';

/**
 * Rows read per query while exporting, whatever the sort: each sort has its index (server/db/schema.ts), so a
 * page is an index range from the cursor. (Memory: smaller pages measured no lower; what the export's peak
 * holds is garbage the V8 heap collects at its own pace, not rows kept: bench/audits.ts.)
 */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe; then RFC 4180 quoting (a cell with a comma, a quote, CR or LF is quoted,
 * its quotes doubled).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A row's field as CSV text (`json` as JSON). */
export function fieldText(row: AuditRowWire, name: string): string {
  const value = (row as unknown as Record<string, unknown>)[name];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

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
  const pages = allRows(db, filters, sort, pageSize);
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvLine(header.map((h) => h.displayName))));
          return;
        }
        let page: IteratorResult<AuditRowWire[]>;
        try {
          page = await pages.next();
        } catch (error) {
          // The header is sent already: the download ends short (the client sees a broken transfer), and we log.
          log.error({ err: error }, 'audit CSV export failed');
          controller.error(error);
          return;
        }
        const { value, done } = page;
        if (done) {
          controller.close();
          return;
        }
        controller.enqueue(
          encoder.encode(value.map((row) => csvLine(header.map((h) => fieldText(row, h.name)))).join('')),
        );
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
