// The durable delivery queue (issue 21, docs/decisions/0027): `integration_deliveries` rows, one per event and
// destination. `enqueueEvent` (called by writeAudit) fans an event out in one statement; workers claim due rows
// with a lock (`locked_until`) so that several processes (WORKERS=N) share the queue, and a row claimed by a
// process that died is claimed again once its lock expired (at-least-once: the same id, the same webhook-id).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { integrationDeliveries } from '../db/schema';
import { log } from '../log';
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
    log.error({ err: error, action: row.action, tenantId: row.tenantId }, 'queueing an event failed');
    return 0;
  }
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
 * Claims up to `limit` due deliveries, oldest first, for `lockMs`: one UPDATE of the rows a FOR UPDATE SKIP
 * LOCKED sub-select picked (two workers never claim the same row; PGlite and PostgreSQL alike).
 */
export async function claimDue(db: Db, limit: number, lockMs: number, now = new Date()): Promise<Delivery[]> {
  if (limit <= 0) return [];
  const d = integrationDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.status, 'pending'),
        lte(d.nextAttemptAt, now),
        or(isNull(d.lockedUntil), lt(d.lockedUntil, now)),
      ),
    )
    .orderBy(asc(d.nextAttemptAt), asc(d.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(d)
    .set({ lockedUntil: new Date(now.getTime() + lockMs) })
    .where(inArray(d.id, due))
    .returning();
}
