// One attempt of one delivery (issue 21): the destination read at send time, the address checked again, the
// send (a signed POST to a webhook, a mail, a text message, a Slack message) within the guarded fetch's time and
// size limits, and the outcome recorded: delivered, retried later (the schedule of WEBHOOK_RETRY_DELAYS with
// ±20 % jitter) or failed after the last delay. Every attempt to a webhook writes its log row.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { writeAudit } from '../audit';
import type { Services } from '../context';
import {
  channelConfigs,
  channelSubscriptions,
  integrationDeliveries,
  slackSubscriptions,
  tenants,
  webhookLogs,
  webhooks,
} from '../db/schema';
import { log } from '../log';
import { FetchRefused, guardedFetchFunction, type FetchRefusalReason } from '../net/guardedFetch';
import { deliveryUrlRefusal } from './address';
import { eventMail, eventSlackText, eventSms } from './payload';
import type { Delivery } from './queue';

/** The limits of a send to a customer's address. */
export const SEND_TIMEOUT_MS = 10_000;
/** An email or a text message: the provider's own timeouts are minutes, the claim's lock 60 s. */
export const MESSAGE_TIMEOUT_MS = 20_000;
export const SEND_MAX_BYTES = 65_536;
export const LOG_REQUEST_CHARS = 4096;
export const LOG_RESPONSE_CHARS = 1024;
/** `last_error` of a delivery a user asked to retry (CONNECT-004): its next attempt is logged as a `retry`. */
export const RETRY_REQUESTED = 'A retry was requested';

export type WebhookLogRow = typeof webhookLogs.$inferSelect;
export type AttemptKind = 'event' | 'test' | 'retry';

export interface AttemptOptions {
  /** Aborted when the worker stops: the attempt is then not recorded (its lock expires; sent again later). */
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * A test, never retried on schedule. Of a form: signed with this secret, sent to the delivery's recipient URL.
   * Of a saved webhook (secret null): like its every delivery, signed with its stored secret and sent to its URL.
   */
  test?: { secret: string | null };
  /** The time limit of an email or SMS send (default MESSAGE_TIMEOUT_MS). */
  messageTimeoutMs?: number;
}

export interface AttemptOutcome {
  status: 'delivered' | 'pending' | 'failed';
  /** The webhook log row written (webhook deliveries). */
  log?: WebhookLogRow;
  /** Not recorded (the worker stopped mid-send). */
  abandoned?: boolean;
}

/** What one send answered. */
interface Sent {
  ok: boolean;
  statusCode: string;
  response: string;
  /** The refusal or failure reason when no answer came. */
  error: FetchRefusalReason | null;
  /** A sentence for the delivery's last_error. */
  message: string;
}

/** The delay before retry number `attempts` (1-based): the configured delay × a jitter in [0.8, 1.2]. */
export function retryDelayMs(delaysSeconds: number[], attempts: number, random = Math.random): number | null {
  const base = delaysSeconds[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (0.8 + 0.4 * random()));
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** A POST of JSON to a customer's address under the guarded fetch (no redirect followed: a 3xx fails). */
async function postJson(
  services: Pick<Services, 'config'>,
  url: string,
  body: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Sent> {
  const refusal = await deliveryUrlRefusal(services.config, url);
  if (refusal)
    return { ok: false, statusCode: '', response: '', error: refusal.reason, message: refusal.message };
  const fetch = guardedFetchFunction(services.config, {
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: SEND_MAX_BYTES,
    dnsServers: services.config.dnsServers,
  });
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal,
    });
    const response = cut(await res.text(), LOG_RESPONSE_CHARS);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: String(res.status), response, error: null, message: `HTTP ${res.status}` };
  } catch (error) {
    const refused = error instanceof FetchRefused ? error : new FetchRefused('network', 'The request failed');
    return { ok: false, statusCode: '', response: '', error: refused.reason, message: refused.message };
  }
}

const accountName = async (services: Services, tenantId: string) => {
  const [row] = await services.db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.name ?? 'Your account';
};

const failedSend = (error: unknown): Sent => ({
  ok: false,
  statusCode: '',
  response: '',
  error: error instanceof FetchRefused ? error.reason : 'network',
  message: error instanceof Error ? error.message : String(error),
});

/** `send` within `ms`: past it, a failed attempt (`timeout`; the provider's send is left to end on its own). */
export async function withinTime<T>(send: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchRefused('timeout', `No answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([send, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The destination of a delivery as it is now: what to send, or why the delivery is dropped (its webhook or
 * subscription deleted or turned off since it was queued).
 */
async function sendOnce(
  services: Services,
  delivery: Delivery,
  options: AttemptOptions,
  at: Date,
): Promise<{ dropped: string } | { sent: Sent; requestBody?: string; webhookId?: string | null }> {
  const { db } = services;
  const payload = delivery.payload as Record<string, unknown>;
  switch (delivery.channel) {
    case 'webhook': {
      // A delivery of a saved webhook goes to the webhook's current URL, signed with its secret, whatever the
      // row holds (a retried test cannot be sent elsewhere under the real secret); only a form's test (no
      // webhook) goes to its recipient URL under the secret it was given.
      let url: string | null = null;
      let secret: string | null = null;
      let webhookId: string | null = null;
      if (delivery.targetId) {
        const [hook] = await db
          .select()
          .from(webhooks)
          .where(and(eq(webhooks.id, delivery.targetId), eq(webhooks.tenantId, delivery.tenantId)));
        if (!hook) return { dropped: 'The webhook was deleted' };
        if (!hook.isActive && !options.test) return { dropped: 'The webhook is turned off' };
        url = hook.url;
        secret = hook.secret;
        webhookId = hook.id;
      } else {
        url = delivery.recipient;
        secret = options.test?.secret ?? null;
      }
      if (!url || !secret) return { dropped: 'The webhook has no address' };
      const body = JSON.stringify(payload);
      const signature = new Webhook(secret).sign(delivery.id, at, body);
      const sent = await postJson(
        services,
        url,
        body,
        {
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        options.signal,
      );
      return { sent, requestBody: body, webhookId };
    }
    case 'email':
    case 'sms': {
      const [subscription] = await db
        .select({ enabled: channelSubscriptions.enabled, configEnabled: channelConfigs.enabled })
        .from(channelSubscriptions)
        .innerJoin(channelConfigs, eq(channelConfigs.id, channelSubscriptions.configId))
        .where(
          and(eq(channelSubscriptions.id, delivery.targetId), eq(channelConfigs.tenantId, delivery.tenantId)),
        );
      if (!subscription) return { dropped: 'The subscription was deleted' };
      if (!subscription.enabled || !subscription.configEnabled)
        return { dropped: 'The subscription is turned off' };
      const account = await accountName(services, delivery.tenantId);
      const to = delivery.recipient ?? '';
      try {
        const timeoutMs = options.messageTimeoutMs ?? MESSAGE_TIMEOUT_MS;
        if (delivery.channel === 'email')
          await withinTime(
            services.mailer.send(eventMail(to, account, delivery.eventKey, payload)),
            timeoutMs,
          );
        else
          await withinTime(
            services.sms.send({ to, text: eventSms(account, delivery.eventKey, payload) }),
            timeoutMs,
          );
        return { sent: { ok: true, statusCode: '', response: '', error: null, message: '' } };
      } catch (error) {
        return { sent: failedSend(error) };
      }
    }
    case 'slack': {
      const [subscription] = await db
        .select()
        .from(slackSubscriptions)
        .where(
          and(
            eq(slackSubscriptions.id, delivery.targetId),
            eq(slackSubscriptions.tenantId, delivery.tenantId),
          ),
        );
      if (!subscription) return { dropped: 'The Slack subscription was deleted' };
      if (!subscription.isActive) return { dropped: 'The Slack subscription is turned off' };
      const entry = (
        subscription.slackEvents as { eventKey?: string; title?: string; message?: string }[]
      ).find((e) => e?.eventKey === delivery.eventKey);
      const account = await accountName(services, delivery.tenantId);
      const text = eventSlackText(account, delivery.eventKey, payload, {
        title: typeof entry?.title === 'string' ? entry.title : undefined,
        message: typeof entry?.message === 'string' ? entry.message : undefined,
      });
      const sent = await postJson(
        services,
        delivery.recipient ?? '',
        JSON.stringify({ text }),
        {},
        options.signal,
      );
      return { sent };
    }
    default:
      return { dropped: `Unknown channel ${delivery.channel}` };
  }
}

/** One attempt of a claimed delivery, its outcome recorded (see the header). */
export async function attemptDelivery(
  services: Services,
  delivery: Delivery,
  options: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const { db, config } = services;
  const now = options.now ?? (() => new Date());
  const started = now();
  const d = integrationDeliveries;
  // The outcome is recorded only while this claim still holds the row (its lock as the claim set it): a row
  // whose lock expired mid-send and was claimed again belongs to the other claim, which records its own.
  const mine = and(
    eq(d.id, delivery.id),
    delivery.lockedUntil ? eq(d.lockedUntil, delivery.lockedUntil) : isNull(d.lockedUntil),
  );
  const result = await sendOnce(services, delivery, options, started);
  if ('dropped' in result) {
    const dropped = await db
      .update(d)
      .set({ status: 'failed', lastError: result.dropped, lockedUntil: null })
      .where(mine)
      .returning({ id: d.id });
    return dropped.length ? { status: 'failed' } : { status: 'pending', abandoned: true };
  }
  const { sent } = result;
  // The worker stopped mid-send (the send cut off): nothing recorded; the lock expires and it is sent again.
  if (options.signal?.aborted && !sent.ok) return { status: 'pending', abandoned: true };
  const ended = now();
  const attempts = delivery.attempts + 1;
  const delay =
    sent.ok || options.test ? null : retryDelayMs(config.connectivity.retryDelaysSeconds, attempts);
  const status = sent.ok ? 'delivered' : delay === null ? 'failed' : 'pending';
  const recorded = await db
    .update(d)
    .set({
      status,
      attempts,
      lockedUntil: null,
      lastError: sent.ok ? null : sent.message,
      ...(sent.ok ? { deliveredAt: ended } : {}),
      ...(status === 'pending' ? { nextAttemptAt: new Date(ended.getTime() + delay!) } : {}),
    })
    .where(mine)
    .returning({ id: d.id });
  if (!recorded.length) {
    log.warn(
      { deliveryId: delivery.id },
      'a delivery was claimed again mid-send: its outcome is not recorded',
    );
    return { status: 'pending', abandoned: true };
  }
  let logRow: WebhookLogRow | undefined;
  if (delivery.channel === 'webhook') {
    const kind: AttemptKind = options.test
      ? 'test'
      : delivery.lastError === RETRY_REQUESTED
        ? 'retry'
        : 'event';
    [logRow] = await db
      .insert(webhookLogs)
      .values({
        id: randomUUID(),
        vendorId: delivery.vendorId,
        tenantId: delivery.tenantId,
        webhookId: result.webhookId ?? null,
        deliveryId: delivery.id,
        eventKey: delivery.eventKey,
        attempt: attempts,
        statusCode: sent.statusCode,
        ok: sent.ok,
        deliveryStatus: status === 'pending' ? 'retrying' : status,
        latencyMs: Math.max(0, ended.getTime() - started.getTime()),
        requestBody: cut(result.requestBody ?? '', LOG_REQUEST_CHARS),
        responseBody: sent.response,
        error: sent.error,
        kind,
        createdAt: ended,
      })
      .returning();
  }
  if (status === 'failed' && !options.test) {
    if (delivery.channel === 'webhook')
      await writeAudit(db, {
        vendorId: delivery.vendorId,
        tenantId: delivery.tenantId,
        action: 'Webhook delivery failed',
        description: `A delivery of ${delivery.eventKey} failed after ${attempts} attempts: ${sent.message}`,
        severity: 'Medium',
        json: {
          webhookId: delivery.targetId,
          deliveryId: delivery.id,
          eventKey: delivery.eventKey,
          attempts,
        },
      });
    else
      log.warn(
        { deliveryId: delivery.id, channel: delivery.channel, attempts, error: sent.message },
        'integration delivery failed',
      );
  }
  return { status, log: logRow };
}
