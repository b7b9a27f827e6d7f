// The delivery side of connectivity (issue 21), as the routes use it. Implemented by the delivery engine
// (server/integrations/queue.ts, worker.ts, send.ts): these are its entry points for the routes.
import type { WebhookLog } from '../../shared/api/contracts/connectivity';
import type { Services } from '../context';

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
  void services;
  void url;
  throw new Error('not implemented yet (issue 21, delivery engine)');
}

/** A test delivery now (CONNECT-003): signed, guarded, logged (kind `test`); answers its log. */
export async function sendWebhookTest(services: Services, send: WebhookSend): Promise<WebhookLog> {
  void services;
  void send;
  throw new Error('not implemented yet (issue 21, delivery engine)');
}

/**
 * A manual retry of the delivery a log row belongs to (CONNECT-004): the delivery is queued again at once (the
 * same idempotency id), the worker woken; answers the log of the attempt retried. Throws 404 'Webhook log not
 * found' for another account's or an unknown log.
 */
export async function retryWebhookDelivery(
  services: Services,
  tenantId: string,
  logId: string,
): Promise<WebhookLog> {
  void services;
  void tenantId;
  void logId;
  throw new Error('not implemented yet (issue 21, delivery engine)');
}
