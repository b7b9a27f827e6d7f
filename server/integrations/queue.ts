// The durable delivery queue (issue 21, docs/decisions/0027): `integration_deliveries` rows, one per event and
// destination. `enqueueEvent` (called by writeAudit) fans an event out in one statement; workers claim due rows
// with a lock (`locked_until`) so that several processes (WORKERS=N) share the queue, and a row claimed by a
// process that died is claimed again once its lock expired (at-least-once: the same id, the same webhook-id).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { integrationDeliveries } from '../db/schema';
import { log, serializeError } from '../log';
import { eventOfAction } from './events';
import { eventPayload, type EventRow } from './payload';

export type Delivery = typeof integrationDeliveries.$inferSelect;

/** The workers of this process (one per running server): woken when an event was queued. */
const wakers = new Set<() => void>();

export function onQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Wakes this process's workers (a row is due now). */
export function wakeWorkers(): void {
  for (const wake of wakers) wake();
}

/**
 * Queues an event (an audit row of a catalog action, with its tenant) for every enabled destination of that
 * tenant and key: each active webhook whose event keys hold it; each recipient of an enabled subscription of
 * an enabled email or SMS configuration of the key (when the event may go by that channel); each channel URL of
 * an active Slack subscription's entry for the key. One statement: no destination, no row. Bumps the webhooks'
 * invocations. Never throws: a failure is logged (the audit row and the request stand); inside a transaction
 * it runs in a savepoint, so a failure does not abort the caller's transaction.
 */
export async function enqueueEvent(db: Db, row: EventRow, at = new Date()): Promise<number> {
  const event = eventOfAction.get(row.action);
  if (!event) return 0;
  const key = event.key;
  const email = event.channels.includes('email');
  const sms = event.channels.includes('sms');
  const slack = event.channels.includes('slack');
  const webhook = event.channels.includes('webhook');
  const payload = JSON.stringify(eventPayload(key, row, at));
  try {
    const statement = sql`
        with destinations as (
          select 'webhook'::text as channel, w.id as target_id, null::text as recipient
            from webhooks w
            where ${webhook} and w.tenant_id = ${row.tenantId} and w.is_active
              and w.event_keys @> jsonb_build_array(${key}::text)
          union all
          select c.channel, s.id, r.value
            from channel_configs c
            join channel_subscriptions s on s.config_id = c.id and s.enabled
            cross join lateral jsonb_array_elements_text(s.recipients) as r(value)
            where c.tenant_id = ${row.tenantId} and c.event_key = ${key} and c.enabled
              and ((c.channel = 'email' and ${email}) or (c.channel = 'sms' and ${sms}))
          union all
          select 'slack', s.id, ch.value
            from slack_subscriptions s
            cross join lateral jsonb_array_elements(s.slack_events) as e(value)
            cross join lateral jsonb_array_elements_text(coalesce(e.value->'channelIds', '[]'::jsonb)) as ch(value)
            where ${slack} and s.tenant_id = ${row.tenantId} and s.is_active and e.value->>'eventKey' = ${key}
        ),
        queued as (
          insert into integration_deliveries
            (id, vendor_id, tenant_id, channel, target_id, recipient, event_key, payload, next_attempt_at)
          select gen_random_uuid()::text, ${row.vendorId}, ${row.tenantId}, channel, target_id, recipient, ${key},
                 ${payload}::jsonb, ${at.toISOString()}::timestamptz
            from destinations
          returning channel, target_id
        ),
        bumped as (
          update webhooks set invocations = invocations + 1
            where id in (select target_id from queued where channel = 'webhook')
          returning id
        )
        select (select count(*)::int from queued) as queued`;
    // One statement: atomic alone. Inside a caller's transaction, in a savepoint (a failure must not abort it).
    const result =
      db instanceof PgTransaction
        ? await db.transaction((tx) => tx.execute(statement))
        : await db.execute(statement);
    const queued = Number((result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0);
    if (queued) wakeWorkers();
    return queued;
  } catch (error) {
    log.error(
      { ...failureFields(error), action: row.action, tenantId: row.tenantId },
      'queueing an event failed',
    );
    return 0;
  }
}

/**
 * What a failure to queue logs: the message (without the query's parameters: the payload, recipients' emails)
 * and the error code, nothing else of the error.
 */
export function failureFields(error: unknown): { message: string; errorCode?: string } {
  const { message, errorCode, cause } = serializeError(error);
  // Drizzle's error wraps the database's: its SQLSTATE is the cause's.
  const code = errorCode ?? (cause as { errorCode?: unknown } | undefined)?.errorCode;
  return {
    message: String(message),
    ...(typeof code === 'string' || typeof code === 'number' ? { errorCode: String(code) } : {}),
  };
}

/** A delivery row for one send made now (a webhook test): already claimed by its sender. */
export async function insertClaimedDelivery(
  db: Db,
  values: Omit<typeof integrationDeliveries.$inferInsert, 'id' | 'lockedUntil'>,
  lockMs: number,
  now = new Date(),
): Promise<Delivery> {
  const [row] = await db
    .insert(integrationDeliveries)
    .values({ id: randomUUID(), ...values, lockedUntil: new Date(now.getTime() + lockMs) })
    .returning();
  return row!;
}

/**
 * Claims up to `limit` due deliveries, oldest first, for `lockMs`, at most one per destination (`target_id` and
 * `recipient`: a webhook, an email recipient, a Slack URL) and none of a destination with a delivery in flight:
 * a slow receiver holds one slot, never the claims of the others. The candidates (the oldest due row of each
 * free destination) are picked first (DISTINCT ON cannot lock), then locked by a FOR UPDATE SKIP LOCKED select
 * that checks again that each is still due and unclaimed (two workers never claim the same row), then updated:
 * one statement, PGlite and PostgreSQL alike.
 */
export async function claimDue(db: Db, limit: number, lockMs: number, now = new Date()): Promise<Delivery[]> {
  if (limit <= 0) return [];
  const d = integrationDeliveries;
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`x.status = 'pending' and x.next_attempt_at <= ${at}
    and (x.locked_until is null or x.locked_until < ${at})`;
  return db
    .update(d)
    .set({ lockedUntil: new Date(now.getTime() + lockMs) })
    .where(
      sql`${d.id} in (
        select x.id from integration_deliveries x
          where x.id in (
            select c.id from (
              select distinct on (x.target_id, coalesce(x.recipient, '')) x.id, x.next_attempt_at, x.created_at
                from integration_deliveries x
                where ${due}
                  and not exists (
                    select 1 from integration_deliveries f
                      where f.target_id = x.target_id and coalesce(f.recipient, '') = coalesce(x.recipient, '')
                        and f.status = 'pending' and f.locked_until > ${at})
                order by x.target_id, coalesce(x.recipient, ''), x.next_attempt_at, x.created_at
            ) c
            order by c.next_attempt_at, c.created_at
            limit ${limit})
            and ${due}
          for update skip locked)`,
    )
    .returning();
}

/** Days a delivered or failed delivery, and a webhook log row, are kept (docs/decisions/0027). */
export const DELIVERY_RETENTION_DAYS = 30;
/** Rows deleted per statement: short statements, the event loop turning between them. */
export const PRUNE_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes the delivered and failed deliveries whose last activity (created, last scheduled, delivered) is older
 * than `DELIVERY_RETENTION_DAYS`, and the webhook log rows created before then, `batchSize` rows per statement,
 * until none is left or `signal` is aborted; answers how many went. Pending deliveries are never deleted.
 */
export async function pruneDeliveries(
  db: Db,
  {
    now = new Date(),
    batchSize = PRUNE_BATCH,
    signal,
  }: { now?: Date; batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const cutoff = sql`${new Date(now.getTime() - DELIVERY_RETENTION_DAYS * DAY_MS).toISOString()}::timestamptz`;
  const statements = [
    sql`delete from integration_deliveries where id in (
          select id from integration_deliveries
            where status in ('delivered', 'failed') and created_at < ${cutoff} and next_attempt_at < ${cutoff}
              and (delivered_at is null or delivered_at < ${cutoff})
            limit ${batchSize})`,
    sql`delete from webhook_logs where id in (
          select id from webhook_logs where created_at < ${cutoff} limit ${batchSize})`,
  ];
  let total = 0;
  for (const statement of statements)
    while (!signal?.aborted) {
      const result = (await db.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
      const deleted = result.rowCount ?? result.affectedRows ?? 0;
      total += deleted;
      if (deleted < batchSize) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  return total;
}
