// The configurations of connectivity (issue 21, CONNECT-001..005): the event catalog as the wire answers it
// (categories, channel maps), a tenant's webhooks and their logs, its email and SMS configurations per event key
// with their subscriptions, and its Slack subscriptions, read and written here and answered in the contracts'
// shapes (shared/api/contracts/connectivity.ts). Everything is a tenant's own: another tenant's id is not found.
// Deliveries themselves are the engine's (queue.ts, worker.ts, send.ts; entry points in delivery.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type {
  ChannelConfiguration,
  ChannelMap,
  ConnectivityChannel,
  EventCategory,
  WebhookConfiguration,
  WebhookLog,
} from '../../shared/api/contracts/connectivity';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import {
  channelConfigs,
  channelSubscriptions,
  integrationDeliveries,
  slackSubscriptions,
  webhookLogs,
  webhooks,
} from '../db/schema';
import { guardedFetchFunction } from '../net/guardedFetch';
import { wireWebhookLog } from './delivery';
import { eventCatalog, eventsByKey } from './events';

/** The catalog's dates: it is part of the server, fixed (Frontegg's events carry dates). */
export const CATALOG_DATE = '2024-01-01T00:00:00.000Z';

export const MAX_WEBHOOKS = 20;
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const TOO_MANY_WEBHOOKS = 'An account may have at most 20 webhooks';
export const CONFIG_NOT_FOUND = 'Channel configuration not found';
export const SUBSCRIPTION_NOT_FOUND = 'Channel subscription not found';
export const SLACK_SUBSCRIPTION_NOT_FOUND = 'Slack subscription not found';
export const SLACK_NOT_CONFIGURED = 'Slack is not configured on this server';
export const SLACK_REGISTRATION_FAILED = 'Slack did not accept the registration code';

// ---------------------------------------------------------------------------------------------------------
// The catalog

/** Every category of the catalog with its events (Frontegg's ICategory; ids: the category's, the event key). */
export function catalogCategories(vendorId: string): EventCategory[] {
  const dates = { createdAt: CATALOG_DATE, updatedAt: CATALOG_DATE, vendorId };
  return eventCatalog.map((category) => ({
    id: category.id,
    name: category.name,
    ...dates,
    events: category.events.map((event) => ({
      id: event.key,
      key: event.key,
      displayName: event.displayName,
      description: event.description,
      category: category.name,
      categoryId: category.id,
      channels: [...event.channels],
      ...dates,
    })),
  }));
}

/** The events available on every channel asked (all events when none is asked), with their category. */
export function channelMaps(vendorId: string, channels: readonly ConnectivityChannel[]): ChannelMap[] {
  const dates = { createdAt: CATALOG_DATE, updatedAt: CATALOG_DATE, vendorId };
  return eventCatalog.flatMap((category) =>
    category.events
      .filter((event) => channels.every((channel) => event.channels.includes(channel)))
      .map((event) => ({
        id: event.key,
        key: event.key,
        categoryId: category.id,
        displayName: event.displayName,
        description: event.description,
        ...dates,
        category: { id: category.id, name: category.name, ...dates },
      })),
  );
}

/** Refuses a key the catalog does not have (400 ER-9003) or one that may not go to `channel` (400 ER-9010). */
export function assertEventKey(key: string, channel: ConnectivityChannel): void {
  const event = eventsByKey.get(key);
  if (!event) throw apiError(400, `Unknown event key: ${key}`);
  if (event.channels.includes(channel)) return;
  // One literal message per channel (the error catalog's scan reads them).
  switch (channel) {
    case 'webhook':
      throw apiError(400, `This event cannot be sent by webhook: ${key}`);
    case 'email':
      throw apiError(400, `This event cannot be sent by email: ${key}`);
    case 'sms':
      throw apiError(400, `This event cannot be sent by SMS: ${key}`);
    case 'slack':
      throw apiError(400, `This event cannot be sent by Slack: ${key}`);
  }
}

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

// ---------------------------------------------------------------------------------------------------------
// Webhooks

export type WebhookRow = typeof webhooks.$inferSelect;

/** A fresh Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A webhook as the wire answers it: the secret only when `secret` is given (the save that made it). */
export const webhookView = (row: WebhookRow, secret: string | null = null): WebhookConfiguration => ({
  _id: row.id,
  displayName: row.displayName,
  description: row.description,
  url: row.url,
  secret,
  eventKeys: row.eventKeys as string[],
  isActive: row.isActive,
  invocations: row.invocations,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The tenant's webhooks, newest first. */
export const listWebhooks = (db: Db, tenantId: string) =>
  db
    .select()
    .from(webhooks)
    .where(eq(webhooks.tenantId, tenantId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));

/** The tenant's webhook (404 'Webhook not found' for another tenant's or an unknown one). */
export async function findWebhook(db: Db, tenantId: string, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.tenantId, tenantId)));
  if (!row) throw apiError(404, WEBHOOK_NOT_FOUND);
  return row;
}

/** Checks event keys for the webhook channel; answers them once each. */
export function webhookEventKeys(keys: readonly string[]): string[] {
  for (const key of keys) assertEventKey(key, 'webhook');
  return distinct(keys);
}

export interface WebhookInput {
  displayName: string;
  description: string;
  url: string;
  secret: string;
  eventKeys: string[];
  isActive: boolean;
}

/** Saves a new webhook (at most MAX_WEBHOOKS per account: 400 ER-9009). */
export async function createWebhook(
  db: Db,
  vendorId: string,
  tenantId: string,
  input: WebhookInput,
): Promise<WebhookRow> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(webhooks)
    .where(eq(webhooks.tenantId, tenantId));
  if (n >= MAX_WEBHOOKS) throw apiError(400, TOO_MANY_WEBHOOKS);
  const [row] = await db
    .insert(webhooks)
    .values({ id: randomUUID(), vendorId, tenantId, ...input })
    .returning();
  return row!;
}

/** Changes the given fields of a webhook (the caller has found it). */
export async function updateWebhook(
  db: Db,
  row: WebhookRow,
  change: Partial<WebhookInput>,
): Promise<WebhookRow> {
  const [updated] = await db
    .update(webhooks)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(webhooks.id, row.id))
    .returning();
  return updated!;
}

/** Deletes a webhook, its logs (cascade) and its deliveries not yet made. */
export async function deleteWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(integrationDeliveries)
      .where(
        and(
          eq(integrationDeliveries.targetId, row.id),
          eq(integrationDeliveries.channel, 'webhook'),
          eq(integrationDeliveries.status, 'pending'),
        ),
      );
    await tx.delete(webhooks).where(eq(webhooks.id, row.id));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Webhook logs

/** A page of a webhook's attempts, newest first (CONNECT-005), and how many there are. */
export async function webhookLogsPage(
  db: Db,
  webhookId: string,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: WebhookLog[] }> {
  const where = eq(webhookLogs.webhookId, webhookId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(webhookLogs).where(where);
  const rows = await db
    .select()
    .from(webhookLogs)
    .where(where)
    .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.attempt), desc(webhookLogs.id))
    .offset(offset)
    .limit(limit);
  return { count: n, rows: rows.map(wireWebhookLog) };
}

/** The sample event a test sends when the form gives no payload. */
export const sampleTestEvent = (
  vendorId: string,
  tenantId: string,
  who: { userId: string | null; email: string | null },
) => ({
  type: 'frontegg.test',
  eventKey: 'frontegg.test',
  timestamp: new Date().toISOString(),
  eventContext: { vendorId, tenantId, userId: who.userId },
  data: {
    action: 'Webhook test sent',
    description: 'A test event sent from the Webhooks page',
    severity: 'Info',
    email: who.email,
  },
});

// ---------------------------------------------------------------------------------------------------------
// Email and SMS (the same code, two channels)

export type MessageChannel = 'email' | 'sms';
type ConfigRow = typeof channelConfigs.$inferSelect;
type SubscriptionRow = typeof channelSubscriptions.$inferSelect;

export interface SubscriptionInput {
  id?: string;
  name: string;
  enabled: boolean;
  recipients: string[];
}

const configView = (config: ConfigRow, subscriptions: SubscriptionRow[]): ChannelConfiguration => ({
  eventKey: config.eventKey,
  enabled: config.enabled,
  subscriptions: subscriptions.map((s) => ({
    id: s.id,
    name: s.name,
    enabled: s.enabled,
    recipients: s.recipients as string[],
  })),
});

const subscriptionsOf = (db: Db, configIds: string[]) =>
  configIds.length
    ? db
        .select()
        .from(channelSubscriptions)
        .where(inArray(channelSubscriptions.configId, configIds))
        .orderBy(asc(channelSubscriptions.createdAt), asc(channelSubscriptions.id))
    : Promise.resolve([] as SubscriptionRow[]);

/** Every configuration of the tenant on a channel, with its subscriptions (by event key). */
export async function listChannelConfigs(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
): Promise<ChannelConfiguration[]> {
  const configs = await db
    .select()
    .from(channelConfigs)
    .where(and(eq(channelConfigs.tenantId, tenantId), eq(channelConfigs.channel, channel)))
    .orderBy(asc(channelConfigs.eventKey));
  const subscriptions = await subscriptionsOf(
    db,
    configs.map((c) => c.id),
  );
  return configs.map((config) =>
    configView(
      config,
      subscriptions.filter((s) => s.configId === config.id),
    ),
  );
}

async function findConfig(db: Db, tenantId: string, channel: MessageChannel, eventKey: string) {
  const [config] = await db
    .select()
    .from(channelConfigs)
    .where(
      and(
        eq(channelConfigs.tenantId, tenantId),
        eq(channelConfigs.channel, channel),
        eq(channelConfigs.eventKey, eventKey),
      ),
    );
  if (!config) throw apiError(404, CONFIG_NOT_FOUND);
  return config;
}

/** One configuration, answered. */
async function readConfig(db: Db, config: ConfigRow): Promise<ChannelConfiguration> {
  return configView(config, await subscriptionsOf(db, [config.id]));
}

/** Removes the deliveries not yet made to subscriptions that are gone. */
const dropPending = (db: Pick<Db, 'delete'>, targetIds: string[]) =>
  targetIds.length
    ? db
        .delete(integrationDeliveries)
        .where(
          and(
            inArray(integrationDeliveries.targetId, targetIds),
            eq(integrationDeliveries.status, 'pending'),
          ),
        )
    : Promise.resolve();

/**
 * Creates or replaces the configuration of an event key: its enabled flag and its subscriptions (an id given
 * and found in this configuration is kept, any other subscription is new; those not given are removed).
 */
export async function saveChannelConfig(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
  eventKey: string,
  input: { enabled: boolean; subscriptions: SubscriptionInput[] },
): Promise<ChannelConfiguration> {
  assertEventKey(eventKey, channel);
  const config = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(channelConfigs)
      .values({ id: randomUUID(), tenantId, channel, eventKey, enabled: input.enabled })
      .onConflictDoUpdate({
        target: [channelConfigs.tenantId, channelConfigs.channel, channelConfigs.eventKey],
        set: { enabled: input.enabled, updatedAt: new Date() },
      })
      .returning();
    const existing = await tx
      .select({ id: channelSubscriptions.id })
      .from(channelSubscriptions)
      .where(eq(channelSubscriptions.configId, saved!.id));
    const known = new Set(existing.map((s) => s.id));
    const kept: string[] = [];
    // Answered in the order given: each subscription's createdAt is its place.
    const base = Date.now();
    for (const [i, sub] of input.subscriptions.entries()) {
      const values = {
        name: sub.name,
        enabled: sub.enabled,
        recipients: distinct(sub.recipients),
        createdAt: new Date(base + i),
      };
      if (sub.id && known.has(sub.id) && !kept.includes(sub.id)) {
        await tx.update(channelSubscriptions).set(values).where(eq(channelSubscriptions.id, sub.id));
        kept.push(sub.id);
      } else {
        const id = randomUUID();
        await tx.insert(channelSubscriptions).values({ id, configId: saved!.id, ...values });
        kept.push(id);
      }
    }
    const removed = existing.map((s) => s.id).filter((id) => !kept.includes(id));
    if (removed.length) {
      await tx
        .delete(channelSubscriptions)
        .where(
          and(
            eq(channelSubscriptions.configId, saved!.id),
            notInArray(channelSubscriptions.id, kept.length ? kept : ['']),
          ),
        );
      await dropPending(tx, removed);
    }
    return saved!;
  });
  return readConfig(db, config);
}

/** Turns an event key's channel on or off. */
export async function setChannelConfigEnabled(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
  eventKey: string,
  enabled: boolean,
): Promise<ChannelConfiguration> {
  const config = await findConfig(db, tenantId, channel, eventKey);
  const [updated] = await db
    .update(channelConfigs)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(channelConfigs.id, config.id))
    .returning();
  return readConfig(db, updated!);
}

async function findSubscription(db: Db, config: ConfigRow, subscriptionId: string) {
  const [sub] = await db
    .select()
    .from(channelSubscriptions)
    .where(and(eq(channelSubscriptions.id, subscriptionId), eq(channelSubscriptions.configId, config.id)));
  if (!sub) throw apiError(404, SUBSCRIPTION_NOT_FOUND);
  return sub;
}

/** Replaces one subscription's name, enabled flag and recipients. */
export async function putChannelSubscription(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
  eventKey: string,
  subscriptionId: string,
  input: SubscriptionInput,
): Promise<ChannelConfiguration> {
  const config = await findConfig(db, tenantId, channel, eventKey);
  await findSubscription(db, config, subscriptionId);
  await db
    .update(channelSubscriptions)
    .set({ name: input.name, enabled: input.enabled, recipients: distinct(input.recipients) })
    .where(eq(channelSubscriptions.id, subscriptionId));
  await db.update(channelConfigs).set({ updatedAt: new Date() }).where(eq(channelConfigs.id, config.id));
  return readConfig(db, config);
}

/** Removes one subscription (and its deliveries not yet made). */
export async function deleteChannelSubscription(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
  eventKey: string,
  subscriptionId: string,
): Promise<void> {
  const config = await findConfig(db, tenantId, channel, eventKey);
  await findSubscription(db, config, subscriptionId);
  await db.transaction(async (tx) => {
    await tx.delete(channelSubscriptions).where(eq(channelSubscriptions.id, subscriptionId));
    await dropPending(tx, [subscriptionId]);
  });
}

/** Removes an event key's configuration with its subscriptions (and their deliveries not yet made). */
export async function deleteChannelConfig(
  db: Db,
  tenantId: string,
  channel: MessageChannel,
  eventKey: string,
): Promise<{ subscriptions: number }> {
  const config = await findConfig(db, tenantId, channel, eventKey);
  const subs = await subscriptionsOf(db, [config.id]);
  await db.transaction(async (tx) => {
    await dropPending(
      tx,
      subs.map((s) => s.id),
    );
    await tx.delete(channelConfigs).where(eq(channelConfigs.id, config.id));
  });
  return { subscriptions: subs.length };
}

// ---------------------------------------------------------------------------------------------------------
// Slack

type SlackRow = typeof slackSubscriptions.$inferSelect;
export interface SlackEventInput {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}

const slackEventsOf = (row: SlackRow): SlackEventInput[] =>
  (row.slackEvents as SlackEventInput[]).map((e) => ({
    eventKey: e.eventKey,
    channelIds: e.channelIds,
    ...(e.title !== undefined ? { title: e.title } : {}),
    ...(e.message !== undefined ? { message: e.message } : {}),
  }));

export const slackSubscriptionView = (row: SlackRow) => ({
  id: row.id,
  isActive: row.isActive,
  slackEvents: slackEventsOf(row),
});

/** The tenant's Slack subscriptions, oldest first. */
export const listSlackSubscriptions = (db: Db, tenantId: string) =>
  db
    .select()
    .from(slackSubscriptions)
    .where(eq(slackSubscriptions.tenantId, tenantId))
    .orderBy(asc(slackSubscriptions.createdAt), asc(slackSubscriptions.id));

export async function findSlackSubscription(db: Db, tenantId: string, id: string): Promise<SlackRow> {
  const [row] = await db
    .select()
    .from(slackSubscriptions)
    .where(and(eq(slackSubscriptions.id, id), eq(slackSubscriptions.tenantId, tenantId)));
  if (!row) throw apiError(404, SLACK_SUBSCRIPTION_NOT_FOUND);
  return row;
}

/** Checks the events of a Slack subscription; answers them with their channels once each. */
export function slackEventsInput(events: readonly SlackEventInput[]): SlackEventInput[] {
  for (const event of events) assertEventKey(event.eventKey, 'slack');
  return events.map((e) => ({
    eventKey: e.eventKey,
    channelIds: distinct(e.channelIds),
    ...(e.title ? { title: e.title } : {}),
    ...(e.message ? { message: e.message } : {}),
  }));
}

/** Every channel URL of a set of Slack events, once. */
export const slackUrlsOf = (events: readonly SlackEventInput[]) =>
  distinct(events.flatMap((e) => e.channelIds));

export async function createSlackSubscription(
  db: Db,
  tenantId: string,
  input: { isActive: boolean; slackEvents: SlackEventInput[] },
): Promise<SlackRow> {
  const [row] = await db
    .insert(slackSubscriptions)
    .values({ id: randomUUID(), tenantId, ...input })
    .returning();
  return row!;
}

export async function updateSlackSubscription(
  db: Db,
  row: SlackRow,
  input: { isActive: boolean; slackEvents: SlackEventInput[] },
): Promise<SlackRow> {
  const [updated] = await db
    .update(slackSubscriptions)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(slackSubscriptions.id, row.id))
    .returning();
  return updated!;
}

export async function deleteSlackSubscription(db: Db, row: SlackRow): Promise<void> {
  await db.transaction(async (tx) => {
    await dropPending(tx, [row.id]);
    await tx.delete(slackSubscriptions).where(eq(slackSubscriptions.id, row.id));
  });
}

/** A Slack URL shown without its secret part: the host and the last 4 characters of its last segment. */
export function maskSlackUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split('/').filter(Boolean).pop() ?? '';
    return `${u.host}/…/XXXX${last.slice(-4)}`;
  } catch {
    return 'XXXX';
  }
}

/** The distinct channel URLs the tenant's subscriptions use (Frontegg's ISlackChannel: id = the URL). */
export async function slackChannels(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  const rows = await listSlackSubscriptions(db, tenantId);
  return slackUrlsOf(rows.flatMap(slackEventsOf)).map((url) => ({ id: url, name: maskSlackUrl(url) }));
}

/**
 * Slack's app registration (`postSlackCode`): the OAuth code exchanged at Slack's `oauth.v2.access` (through the
 * guarded fetch; SLACK_API_URL may name a stand-in), and the incoming webhook Slack made kept as a channel of the
 * tenant: a Slack subscription, inactive, whose one entry names no event (eventKey '') and only that channel, so
 * that the channel list offers it and nothing is sent to it until a subscription chooses it.
 */
export async function registerSlackApp(
  services: Pick<Services, 'db' | 'config'>,
  slack: { clientId: string; clientSecret: string; apiUrl: string },
  tenantId: string,
  code: string,
): Promise<SlackRow> {
  const fetch = guardedFetchFunction(services.config, { timeoutMs: 10_000, maxBytes: 100_000 });
  let answer: { ok?: boolean; error?: string; incoming_webhook?: { url?: string; channel?: string } };
  try {
    const res = await fetch(`${slack.apiUrl}/oauth.v2.access`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        code,
        client_id: slack.clientId,
        client_secret: slack.clientSecret,
      }).toString(),
    });
    answer = (await res.json()) as typeof answer;
  } catch {
    throw apiError(400, SLACK_REGISTRATION_FAILED);
  }
  const url = answer.incoming_webhook?.url;
  if (!answer.ok || typeof url !== 'string' || !URL.canParse(url))
    throw apiError(400, SLACK_REGISTRATION_FAILED);
  const [row] = await services.db
    .insert(slackSubscriptions)
    .values({
      id: randomUUID(),
      tenantId,
      isActive: false,
      slackEvents: [
        {
          eventKey: '',
          channelIds: [url],
          ...(answer.incoming_webhook?.channel ? { title: String(answer.incoming_webhook.channel) } : {}),
        },
      ],
    })
    .returning();
  return row!;
}
