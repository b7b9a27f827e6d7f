// The delivery side of connectivity (issue 21), as the routes use it. Implemented by the delivery engine
// (server/integrations/queue.ts, worker.ts, send.ts, address.ts): these are its entry points for the routes.
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { WebhookLog } from '../../shared/api/contracts/connectivity';
import { apiError, type Services } from '../context';
import { integrationDeliveries, webhookLogs } from '../db/schema';
import { assertDeliveryUrl } from './address';
import { insertClaimedDelivery, wakeWorkers } from './queue';
import { attemptDelivery, RETRY_REQUESTED, SEND_TIMEOUT_MS, type WebhookLogRow } from './send';

/**
 * What a test sends. A saved webhook's test is signed with its stored secret and goes to its own URL (read at
 * send time, like every delivery of it): its payload must be the sample event, never the caller's (the stored
 * secret signs nothing else). A test of a form (unsaved, or with a secret of its own) goes to the URL given,
 * signed with the secret given, with any payload.
 */
export type WebhookSend = {
  vendorId: string;
  tenantId: string;
  eventKey: string;
  payload: Record<string, unknown>;
} & (
  | { webhookId: string }
  | {
      webhookId: null;
      url: string;
      /** The Standard Webhooks secret (`whsec_…`). */
      secret: string;
    }
);

/**
 * Checks a delivery address when it is saved (and again at every send): http(s), no credentials, https only
 * outside development, and the host's addresses public (no loopback, private, link-local or metadata address)
 * unless ALLOW_PRIVATE_NETWORK_FETCH. Throws a 400 `The delivery address is refused: <reason>`.
 */
export async function checkDeliveryUrl(services: Pick<Services, 'config'>, url: string): Promise<void> {
  await assertDeliveryUrl(services.config, url);
}

/** A log row in the wire's shape (Frontegg's IWebhookLog, with ours). */
export function wireWebhookLog(row: WebhookLogRow): WebhookLog {
  return {
    id: row.id,
    statusCode: row.statusCode,
    body: row.requestBody,
    createdAt: row.createdAt.toISOString(),
    tenantId: row.tenantId,
    vendorId: row.vendorId,
    webhookId: row.webhookId ?? '',
    deliveryId: row.deliveryId,
    eventKey: row.eventKey,
    attempt: row.attempt,
    ok: row.ok,
    deliveryStatus: row.deliveryStatus as WebhookLog['deliveryStatus'],
    latencyMs: row.latencyMs,
    response: row.responseBody,
    error: row.error,
    kind: row.kind as WebhookLog['kind'],
  };
}

/**
 * A test delivery now (CONNECT-003): signed with the given secret, guarded, logged (kind `test`); answers its
 * log. It is a delivery row too (never retried on schedule), so that a retry of its log can send it again.
 */
export async function sendWebhookTest(services: Services, send: WebhookSend): Promise<WebhookLog> {
  const delivery = await insertClaimedDelivery(
    services.db,
    {
      vendorId: send.vendorId,
      tenantId: send.tenantId,
      channel: 'webhook',
      targetId: send.webhookId ?? '',
      // A saved webhook's URL is read at send time (a retry too): never a URL stored with the delivery.
      recipient: send.webhookId === null ? send.url : null,
      eventKey: send.eventKey,
      payload: send.payload,
    },
    SEND_TIMEOUT_MS * 2,
  );
  const outcome = await attemptDelivery(services, delivery, {
    test: { secret: send.webhookId === null ? send.secret : null },
  });
  if (!outcome.log) throw new Error('a webhook test wrote no log');
  return wireWebhookLog(outcome.log);
}

/** The answer to a retry of a delivery whose attempt is under way (ER-9013). */
export const DELIVERY_IN_FLIGHT = 'This delivery is being sent now. Try again in a moment';

/**
 * A manual retry of the delivery a log row belongs to (CONNECT-004): the delivery is queued again at once (the
 * same idempotency id, its attempts kept), the worker woken; answers the log of the attempt retried. Throws 404
 * 'Webhook log not found' for another account's or an unknown log, 409 while the delivery is being sent.
 */
export async function retryWebhookDelivery(
  services: Services,
  tenantId: string,
  logId: string,
): Promise<WebhookLog> {
  const { db } = services;
  const [row] = await db
    .select()
    .from(webhookLogs)
    .where(and(eq(webhookLogs.id, logId), eq(webhookLogs.tenantId, tenantId)));
  if (!row) throw apiError(404, 'Webhook log not found');
  if (!row.webhookId) throw apiError(400, 'A test of an unsaved webhook cannot be retried');
  const d = integrationDeliveries;
  const now = new Date();
  const ours = and(eq(d.id, row.deliveryId), eq(d.tenantId, tenantId));
  // A delivery being sent now keeps its lock (clearing it would let a second claim send it at once).
  const [queued] = await db
    .update(d)
    .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null, lastError: RETRY_REQUESTED })
    .where(and(ours, or(isNull(d.lockedUntil), lte(d.lockedUntil, now))))
    .returning({ id: d.id });
  if (!queued) {
    const [sending] = await db.select({ id: d.id }).from(d).where(ours);
    if (sending) throw apiError(409, DELIVERY_IN_FLIGHT);
    throw apiError(404, 'Webhook log not found');
  }
  wakeWorkers();
  return wireWebhookLog(row);
}
