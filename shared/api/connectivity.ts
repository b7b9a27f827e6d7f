// The calls of the portal's Webhooks entry (connectivity: CONNECT-001..006, SCREEN-078..081): the event catalog,
// webhooks with their test, logs and retry, and the email, SMS and Slack channels. Requests as Frontegg's
// client sends them (`@frontegg/rest-api` ConnectivityApi): a save with an `_id`/`id` PATCHes, else POSTs.
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { connectivityContracts as c } from './contracts/connectivity';
import { paths } from './paths';

export type EventCategory = AnswerOf<typeof c.getCategories>[number];
export type ChannelMap = AnswerOf<typeof c.getChannelMaps>[number];
export type WebhookConfiguration = AnswerOf<typeof c.getWebhooksConfigurations>[number];
export type WebhookSave = BodyOf<typeof c.postWebhooksConfiguration>;
export type WebhookLog = AnswerOf<typeof c.postWebhookTest>;
export type WebhookLogsPage = AnswerOf<typeof c.getWebhookLog>;
export type WebhookTest = BodyOf<typeof c.postWebhookTest>;
export type ChannelConfiguration = AnswerOf<typeof c.getEmailConfiguration>[number];
export type ChannelConfigurationSave = BodyOf<typeof c.postEmailConfiguration> & { eventKey: string };
export type ChannelSubscriptionSave = BodyOf<typeof c.putEmailSubscriptions>;
export type SlackConfiguration = AnswerOf<typeof c.getSlackConfiguration>;
export type SlackSubscription = AnswerOf<typeof c.postSlackConfiguration>;
export type SlackSubscriptionSave = BodyOf<typeof c.postSlackConfiguration>;
export type SlackChannel = AnswerOf<typeof c.getSlackChannels>[number];

/** The email and SMS channels: the same calls on two paths. */
export type MessageChannel = 'email' | 'sms';

/** A webhook test succeeded: the receiver answered 200 or 201 (CONNECT-003). */
export const webhookTestSucceeded = (log: Pick<WebhookLog, 'statusCode'>) =>
  log.statusCode === '200' || log.statusCode === '201';

/** Webhook logs come 10 a page from offset 0 (CONNECT-005). */
export const WEBHOOK_LOGS_PAGE_SIZE = 10;

const p = paths.connectivity;

const messagePaths = {
  email: {
    get: p.getEmailConfiguration,
    post: p.postEmailConfiguration,
    patch: p.patchEmailConfiguration,
    putSubscription: p.putEmailSubscriptions,
    deleteSubscription: p.deleteEmailSubscriptions,
    delete: p.deleteEmailConfiguration,
  },
  sms: {
    get: p.getSMSConfiguration,
    post: p.postSMSConfiguration,
    patch: p.patchSMSConfiguration,
    putSubscription: p.putSMSSubscriptions,
    deleteSubscription: p.deleteSMSSubscriptions,
    delete: p.deleteSMSConfiguration,
  },
} as const;

/** The calls of connectivity, bound to a client. */
export function createConnectivityApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET event categories: the event catalog, grouped. */
    getCategories: () => client.request<EventCategory[]>(p.getCategories),
    /** GET event configurations `?channels=`: the events available on those channels. */
    getChannelMaps: (channels: readonly string[]) =>
      client.request<ChannelMap[]>(p.getChannelMaps, { query: { channels: channels.join(',') } }),

    getWebhooks: () => client.request<WebhookConfiguration[]>(p.getWebhooksConfigurations),
    /** POST /webhook/custom (new) or PATCH /webhook/{_id}; the answer carries a new secret once. */
    saveWebhook: ({ _id, ...data }: WebhookSave) =>
      _id
        ? client.request<WebhookConfiguration>(p.patchWebhooksConfiguration, { params: { _id }, body: data })
        : client.request<WebhookConfiguration>(p.postWebhooksConfiguration, { body: data }),
    deleteWebhook: (id: string) => client.request<void>(p.deleteWebhooksConfiguration, { params: { id } }),
    /** GET /webhook/logs: one webhook's attempts, newest first (offset 0, limit 10 unless asked). */
    getWebhookLogs: (id: string, offset = 0, limit = WEBHOOK_LOGS_PAGE_SIZE) =>
      client.request<WebhookLogsPage>(p.getWebhookLog, {
        params: { query: new URLSearchParams({ id, offset: `${offset}`, limit: `${limit}` }).toString() },
      }),
    /** POST /webhook/test: one signed delivery now; success when `webhookTestSucceeded`. */
    testWebhook: (test: WebhookTest) => client.request<WebhookLog>(p.postWebhookTest, { body: test }),
    /** POST /webhook/logs/{id}/retries: the delivery queued again at once (answers 202: CONNECT-004). */
    retryWebhook: (logId: string) =>
      client.request<WebhookLog>(p.postWebhookRetry, { params: { id: logId } }),

    /** The email or SMS configurations, one per event key. */
    getMessageConfigurations: (channel: MessageChannel) =>
      client.request<ChannelConfiguration[]>(messagePaths[channel].get),
    /** POST: creates or replaces the configuration of an event key. */
    saveMessageConfiguration: (channel: MessageChannel, { eventKey, ...data }: ChannelConfigurationSave) =>
      client.request<ChannelConfiguration>(messagePaths[channel].post, { params: { eventKey }, body: data }),
    /** PATCH: turns an event key's channel on or off. */
    setMessageConfigurationEnabled: (channel: MessageChannel, eventKey: string, enabled: boolean) =>
      client.request<ChannelConfiguration>(messagePaths[channel].patch, {
        params: { eventKey },
        body: { enabled },
      }),
    /** PUT: replaces one subscription (its name, enabled flag and recipients). */
    saveMessageSubscription: (
      channel: MessageChannel,
      eventKey: string,
      subscriptionId: string,
      data: ChannelSubscriptionSave,
    ) =>
      client.request<ChannelConfiguration>(messagePaths[channel].putSubscription, {
        params: { eventKey, subscriptionId },
        body: data,
      }),
    deleteMessageSubscription: (channel: MessageChannel, eventKey: string, subscriptionId: string) =>
      client.request<void>(messagePaths[channel].deleteSubscription, {
        params: { eventKey, subscriptionId },
      }),
    deleteMessageConfiguration: (channel: MessageChannel, eventKey: string) =>
      client.request<void>(messagePaths[channel].delete, { params: { eventKey } }),

    getSlackConfiguration: () => client.request<SlackConfiguration>(p.getSlackConfiguration),
    /** The Slack app's client id; a "not configured" error when the server has no Slack app. */
    getSlackScope: () => client.request<{ clientId: string }>(p.getSlackScope),
    getSlackChannels: () => client.request<SlackChannel[]>(p.getSlackChannels),
    /** POST a new subscription, or PATCH one with an id. */
    saveSlackSubscription: ({ id, ...data }: SlackSubscriptionSave) =>
      id
        ? client.request<SlackSubscription>(p.patchSlackConfiguration, { params: { id }, body: data })
        : client.request<SlackSubscription>(p.postSlackConfiguration, { body: data }),
    deleteSlackSubscription: (id: string) =>
      client.request<void>(p.deleteSlackConfiguration, { params: { id } }),
    postSlackCode: (code: string) => client.request<void>(p.postSlackCode, { body: { code } }),
  };
}

export type ConnectivityApi = ReturnType<typeof createConnectivityApi>;

export const connectivityApi: ConnectivityApi = createConnectivityApi(adminPortalApi);
