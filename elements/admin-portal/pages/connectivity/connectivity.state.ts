// Pure helpers of the Webhooks entry (connectivity: CONNECT-001..006, SCREEN-078..081): the events a channel
// offers, recipients read from what an administrator types, the Slack form's draft and what it saves, the
// outcome of a webhook test, and the logs' paging. No React, no fetch: tested on their own.
import type {
  ChannelConfiguration,
  ChannelMap,
  EventCategory,
  MessageChannel,
  SlackSubscription,
  SlackSubscriptionSave,
  WebhookLog,
} from '../../../../shared/api/connectivity';
import { WEBHOOK_LOGS_PAGE_SIZE, webhookTestSucceeded } from '../../../../shared/api/connectivity';
import { smsRecipient, webhookUrl } from '../../../../shared/api/contracts/connectivity';

/** The tabs of the page, one per channel (CONNECT-001). */
export const CONNECTIVITY_TABS = ['webhooks', 'email', 'sms', 'slack'] as const;
export type ConnectivityTab = (typeof CONNECTIVITY_TABS)[number];

/** The events a webhook may carry, grouped by category (categories without one are left out). */
export function webhookEventGroups(categories: readonly EventCategory[]) {
  return categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      events: category.events.filter((event) => event.channels.includes('webhook')),
    }))
    .filter((category) => category.events.length > 0);
}

/** The display name of each event key of the catalog. */
export function eventNames(
  events: readonly { key: string; displayName: string }[] | readonly EventCategory[],
): Map<string, string> {
  const flat = (events as readonly (EventCategory | { key: string; displayName: string })[]).flatMap((e) =>
    'events' in e ? e.events : [e],
  );
  return new Map(flat.map((event) => [event.key, event.displayName]));
}

/** A channel map's rows in catalog order, grouped by category name. */
export function groupByCategory(events: readonly ChannelMap[]): { name: string; events: ChannelMap[] }[] {
  const groups = new Map<string, ChannelMap[]>();
  for (const event of events) {
    const name = event.category.name;
    groups.set(name, [...(groups.get(name) ?? []), event]);
  }
  return [...groups].map(([name, list]) => ({ name, events: list }));
}

// ---------------------------------------------------------------------------------------------------------
// Email and SMS recipients

/** At most this many recipients per subscription (the server's limit). */
export const MAX_RECIPIENTS = 50;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The recipients typed in the dialog: one per comma or line, trimmed, duplicates dropped. `invalid` lists
 * those that are not an email address (email) or a +E.164 number (SMS), in the order typed.
 */
export function parseRecipients(text: string, channel: MessageChannel) {
  const values = [
    ...new Set(
      text
        .split(/[,\n;]/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const valid = (value: string) =>
    channel === 'email' ? EMAIL.test(value) && value.length <= 320 : smsRecipient.safeParse(value).success;
  return { recipients: values, invalid: values.filter((v) => !valid(v)) };
}

/** Every recipient of a configuration's enabled subscriptions, each once. */
export const recipientsOf = (config: ChannelConfiguration | undefined): string[] => [
  ...new Set((config?.subscriptions ?? []).filter((s) => s.enabled).flatMap((s) => s.recipients)),
];

/**
 * The recipients the dialog edits: those of the subscription it saves (the first), on or off. The list shows
 * only the enabled subscriptions' (`recipientsOf`); a subscription turned off keeps its recipients.
 */
export const editedRecipients = (config: ChannelConfiguration | undefined): string[] =>
  config?.subscriptions[0]?.recipients ?? [];

/** The recipients of a configuration's subscriptions turned off, each once (shown as such: not sent). */
export const pausedRecipientsOf = (config: ChannelConfiguration | undefined): string[] => {
  const on = new Set(recipientsOf(config));
  return [
    ...new Set((config?.subscriptions ?? []).filter((s) => !s.enabled).flatMap((s) => s.recipients)),
  ].filter((r) => !on.has(r));
};

/**
 * The call that saves a configuration's recipients: the existing subscription replaced (PUT) and kept on or
 * off as it was — saving recipients never turns a subscription back on — or the configuration posted with one
 * subscription named "Default" (the configuration kept on or off as it was; on when new).
 */
export function recipientsSave(
  config: ChannelConfiguration | undefined,
  recipients: string[],
):
  | { kind: 'put'; subscriptionId: string; body: { name: string; enabled: boolean; recipients: string[] } }
  | {
      kind: 'post';
      body: { enabled: boolean; subscriptions: { name: string; enabled: boolean; recipients: string[] }[] };
    } {
  const subscription = config?.subscriptions[0];
  if (config && subscription)
    return {
      kind: 'put',
      subscriptionId: subscription.id,
      body: { name: subscription.name || 'Default', enabled: subscription.enabled, recipients },
    };
  return {
    kind: 'post',
    body: {
      enabled: config?.enabled ?? true,
      subscriptions: [{ name: 'Default', enabled: true, recipients }],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Slack

export type SlackDraft = Record<string, { enabled: boolean; url: string }>;

/**
 * The subscription the Slack form edits: the first that names events, else the first active one. A Slack app's
 * registration keeps its channel in an inactive subscription without events: never the form's.
 */
export const formSubscription = (
  subscriptions: readonly SlackSubscription[],
): SlackSubscription | undefined =>
  subscriptions.find((s) => s.slackEvents.some((e) => e.eventKey)) ?? subscriptions.find((s) => s.isActive);

/**
 * The form's values from the saved subscription: an event is on when the subscription lists it (with its
 * channel URL). Whether the subscription as a whole sends is its own `isActive` (`slackActiveOf`).
 */
export function slackDraftOf(subscription: SlackSubscription | undefined): SlackDraft {
  return Object.fromEntries(
    (subscription?.slackEvents ?? [])
      .filter((event) => event.eventKey)
      .map((event) => [event.eventKey, { enabled: true, url: event.channelIds[0] ?? '' }]),
  );
}

/** Whether the saved subscription sends at all (a new one does). */
export const slackActiveOf = (subscription: SlackSubscription | undefined): boolean =>
  subscription?.isActive ?? true;

/**
 * The form's values after a save: the saved subscription's events, and the events switched off that still
 * hold a URL in the form. The wire has no per-event switch (a subscription lists the events it sends), so a
 * switched-off event's URL is not saved: the form keeps it until the page is left (`slackUnsavedUrls` warns).
 */
export function slackDraftAfterSave(saved: SlackSubscription, before: SlackDraft): SlackDraft {
  const kept = Object.entries(before).filter(([, value]) => !value.enabled && value.url.trim());
  return { ...Object.fromEntries(kept), ...slackDraftOf(saved) };
}

/** The events switched off whose URL the form holds but a save does not keep. */
export const slackUnsavedUrls = (draft: SlackDraft): string[] =>
  Object.entries(draft)
    .filter(([, value]) => !value.enabled && value.url.trim())
    .map(([key]) => key);

/**
 * What the Slack form saves: every event switched on, with its URL, and the subscription on or off as the form
 * says (as it was saved, unless changed). An event switched on without a valid URL is an error (its key in
 * `missing` / `invalid`); an event switched off is not sent (the wire has no per-event switch).
 */
export function slackSave(draft: SlackDraft, subscriptionId: string | undefined, isActive = true) {
  const on = Object.entries(draft).filter(([, value]) => value.enabled);
  const missing = on.filter(([, value]) => !value.url.trim()).map(([key]) => key);
  const invalid = on
    .filter(([, value]) => value.url.trim() && !webhookUrl.safeParse(value.url).success)
    .map(([key]) => key);
  const body: SlackSubscriptionSave = {
    ...(subscriptionId ? { id: subscriptionId } : {}),
    isActive,
    slackEvents: on.map(([eventKey, value]) => ({ eventKey, channelIds: [value.url.trim()] })),
  };
  return { body, missing, invalid };
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

/** A fresh Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64 ("Replace secret"). */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** What a test's attempt says (CONNECT-003: 200 or 201 is a success; else the status or the reason). */
export function testOutcome(
  log: Pick<WebhookLog, 'statusCode' | 'error'>,
): { ok: true; status: string } | { ok: false; status: string | null; reason: string | null } {
  if (webhookTestSucceeded(log)) return { ok: true, status: log.statusCode };
  return { ok: false, status: log.statusCode || null, reason: log.error };
}

/** The `offset` of a logs page (CONNECT-005: from 0, 10 rows a page; the offset counts rows). */
export const logsOffset = (page: number) => page * WEBHOOK_LOGS_PAGE_SIZE;

/** How many pages the logs hold. */
export const logsPageCount = (count: number) => Math.max(1, Math.ceil(count / WEBHOOK_LOGS_PAGE_SIZE));

/** How often, and how many times, the log is read again after a retry is queued (the worker sends it). */
export const RETRY_WATCH_MS = 1000;
export const RETRY_WATCH_TRIES = 10;

/**
 * Whether a page of the log shows the attempt a retry queued: a row of the same delivery that was not listed
 * when the retry was asked (`known`: the ids of that delivery's rows then).
 */
export const retriedAttemptArrived = (
  rows: readonly Pick<WebhookLog, 'id' | 'deliveryId'>[],
  deliveryId: string,
  known: ReadonlySet<string>,
): boolean => rows.some((row) => row.deliveryId === deliveryId && !known.has(row.id));
