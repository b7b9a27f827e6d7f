// The delivery side of connectivity (issue 21), as the routes use it. Implemented by the delivery engine
// (server/integrations/queue.ts, worker.ts, send.ts, address.ts): these are its entry points for the routes.
import { and, eq } from 'drizzle-orm';
import type { WebhookLog } from '../../shared/api/contracts/connectivity';
import { apiError, type Services } from '../context';
import { integrationDeliveries, webhookLogs } from '../db/schema';
import { assertDeliveryUrl } from './address';
import { insertClaimedDelivery, wakeWorkers } from './queue';
import { attemptDelivery, RETRY_REQUESTED, SEND_TIMEOUT_MS, type WebhookLogRow } from './send';

/** What a test or a retry sends to a webhook. */
export interface WebhookSend {
  vendorId: string;
  tenantId: string;
  /** The saved webhook (null: a test of an unsaved form). */
  webhookId: string | null;
  url: string;
  /** The Standard Webhooks secret (`whsec_…`). */
  secret: string;
  eventKey: string;
  payload: Record<string, unknown>;
}

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
      recipient: send.url,
      eventKey: send.eventKey,
      payload: send.payload,
    },
    SEND_TIMEOUT_MS * 2,
  );
  const outcome = await attemptDelivery(services, delivery, { test: { secret: send.secret } });
  if (!outcome.log) throw new Error('a webhook test wrote no log');
  return wireWebhookLog(outcome.log);
}

/**
 * A manual retry of the delivery a log row belongs to (CONNECT-004): the delivery is queued again at once (the
 * same idempotency id, its attempts kept), the worker woken; answers the log of the attempt retried. Throws 404
 * 'Webhook log not found' for another account's or an unknown log.
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
  const [queued] = await db
    .update(d)
    .set({ status: 'pending', nextAttemptAt: new Date(), lockedUntil: null, lastError: RETRY_REQUESTED })
    .where(and(eq(d.id, row.deliveryId), eq(d.tenantId, tenantId)))
    .returning({ id: d.id });
  if (!queued) throw apiError(404, 'Webhook log not found');
  wakeWorkers();
  return wireWebhookLog(row);
}
