// Audit retention (AUDIT_RETENTION_DAYS): rows older than the retention are deleted in small batches, each its
// own short statement, so a sign-in writing its audit row never waits behind one long delete.
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { log } from '../log';

/** Rows deleted per statement: a few milliseconds of work, then writes waiting on the database get their turn. */
export const RETENTION_BATCH = 5_000;
/** How often the sweep runs (and once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

export interface PruneOptions {
  /** Days an audit row is kept; 0 keeps every row forever. */
  retentionDays: number;
  now?: () => Date;
  batchSize?: number;
  /** Called after each batch with the rows it deleted (the bench times batches with it). */
  onBatch?: (deleted: number) => void;
  /** Aborted: no further batch starts (shutdown). */
  signal?: AbortSignal;
}

/**
 * Deletes the audit rows created before `now - retentionDays`, `batchSize` ids per statement, until none is
 * left; answers how many went. Between batches the event loop turns, so queued writes run in between.
 */
export async function pruneAudits(
  db: Db,
  { retentionDays, now = () => new Date(), batchSize = RETENTION_BATCH, onBatch, signal }: PruneOptions,
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now().getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  while (!signal?.aborted) {
    const result = await db.execute(sql`
      delete from audits where id in (
        select id from audits where created_at < ${cutoff}::timestamptz limit ${batchSize})`);
    const deleted = rowCount(result);
    total += deleted;
    onBatch?.(deleted);
    if (deleted < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

/**
 * Fresh planner statistics for the audit log, and its dead rows vacuumed and the visibility map set (which the
 * capped count's and the histogram's index-only scans read: without it each index entry costs a heap visit).
 * PGlite has no autovacuum: without this the statistics stay those of the day the table was small, and the
 * page queries' plans (server/audits/query.ts: which index serves a search, a filter, a range) go wrong as the
 * log grows. The sweep runs it at start and after each sweep that deleted rows (`vacuum: true`; a vacuum
 * skips the pages already all-visible, so after the first it costs the rows written since); on PostgreSQL it
 * only does early what autovacuum would. `vacuum: false` is the statistics alone.
 */
export async function maintainAudits(db: Db, { vacuum }: { vacuum: boolean }): Promise<void> {
  // The chart's hourly counts too (server/audits/query.ts): the same triggers' writes, the same planner.
  await db.execute(
    vacuum ? sql`vacuum (analyze) audits, audit_hour_counts` : sql`analyze audits, audit_hour_counts`,
  );
}

/** Rows a DELETE touched: `rowCount` from node-postgres, `affectedRows` from PGlite. */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * Runs `pruneAudits` now and every `intervalMs` (an unref'd timer: it never keeps the process alive);
 * `stop` clears the timer and waits for the batch under way (no other starts), so the database closes after it.
 */
export function startAuditRetention(
  db: Db,
  { intervalMs = RETENTION_INTERVAL_MS, ...options }: PruneOptions & { intervalMs?: number },
): { stop: () => Promise<void> } {
  const maintain = () =>
    maintainAudits(db, { vacuum: true }).catch((error: unknown) =>
      log.error({ err: error }, 'audit statistics refresh failed'),
    );
  if (options.retentionDays <= 0) {
    // No sweep: the statistics are refreshed once, at start.
    const once = maintain();
    return { stop: () => once };
  }
  let running: Promise<void> | undefined;
  let first = true;
  const stopping = new AbortController();
  const sweep = () => {
    if (running || stopping.signal.aborted) return;
    const atStart = first;
    first = false;
    running = pruneAudits(db, { ...options, signal: stopping.signal })
      .then(async (deleted) => {
        if (deleted) log.info({ deleted, retentionDays: options.retentionDays }, 'old audit rows deleted');
        if ((deleted || atStart) && !stopping.signal.aborted) await maintain();
      })
      .catch((error: unknown) => log.error({ err: error }, 'audit retention sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  sweep();
  return {
    stop: async () => {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
