// Connectivity in preview (CONNECT-001..006, SCREEN-078..081): a small event catalog (the server's keys, a
// sample of them), the scoped tenant's webhooks with their logs, its email and SMS configurations and its Slack
// subscriptions, all in memory. A test of a URL containing `fail` answers 500, any other 200; a retry answers
// 202 with the new attempt. The preview has no Slack app: its registration calls answer "not configured". The
// sample state has no connectivity slice: each state keeps its own here (a reset state starts from the sample).
import {
  connectivityContracts as cc,
  type ChannelConfiguration,
  type ConnectivityChannel,
  type WebhookConfiguration,
  type WebhookLog,
} from '../contracts/connectivity';
import { paths } from '../paths';
import {
  fail,
  iso,
  newId,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
} from './common';
import { SAMPLE_VENDOR_ID, type SampleState } from './sampleData';
import { scopedTenant } from './views';

const c = paths.connectivity;

// ---------------------------------------------------------------------------------------------------------
// The sample catalog: the server's keys (server/integrations/events.ts), a few of each category

const ALL: readonly ConnectivityChannel[] = ['webhook', 'email', 'sms', 'slack'];
const MACHINES: readonly ConnectivityChannel[] = ['webhook', 'slack'];

interface SampleEvent {
  key: string;
  displayName: string;
  description: string;
  channels: readonly ConnectivityChannel[];
}

const SAMPLE_CATALOG: readonly { id: string; name: string; events: readonly SampleEvent[] }[] = [
  {
    id: 'cat-users',
    name: 'Users',
    events: [
      {
        key: 'signup_completed',
        displayName: 'Sign-up completed',
        description: 'A user signed up to the account',
        channels: ALL,
      },
      {
        key: 'user_verified',
        displayName: 'User verified',
        description: 'A user verified their email and activated',
        channels: ALL,
      },
      {
        key: 'frontegg.user.invitedToTenant',
        displayName: 'User invited',
        description: 'A user was invited to the account',
        channels: ALL,
      },
      {
        key: 'frontegg.user.removedFromTenant',
        displayName: 'User removed',
        description: 'A user was removed from the account',
        channels: ALL,
      },
    ],
  },
  {
    id: 'cat-security',
    name: 'Sign-in and security',
    events: [
      {
        key: 'frontegg.user.authenticated',
        displayName: 'User signed in',
        description: 'A user signed in',
        channels: MACHINES,
      },
      {
        key: 'frontegg.user.lockedOut',
        displayName: 'User locked out',
        description: 'A user was locked out',
        channels: ALL,
      },
    ],
  },
  {
    id: 'cat-billing',
    name: 'Billing',
    events: [
      {
        key: 'frontegg.subscription.renewed',
        displayName: 'Subscription renewed',
        description: 'A subscription renewed for a new period',
        channels: ALL,
      },
    ],
  },
];

const CATALOG_DATE = '2026-01-01T00:00:00.000Z';
const stamps = { createdAt: CATALOG_DATE, updatedAt: CATALOG_DATE, vendorId: SAMPLE_VENDOR_ID };

const sampleEvents = SAMPLE_CATALOG.flatMap((category) =>
  category.events.map((event) => ({ ...event, category })),
);
const eventOf = (key: string) => sampleEvents.find((e) => e.key === key);

const CHANNEL_NAMES: Record<ConnectivityChannel, string> = {
  webhook: 'webhook',
  email: 'email',
  sms: 'SMS',
  slack: 'Slack',
};

/** The server's refusals of an event key (ER-9003, ER-9010). */
function checkEventKeys(keys: readonly string[], channel: ConnectivityChannel): void {
  for (const key of keys) {
    const event = eventOf(key);
    if (!event) throw fail(400, `Unknown event key: ${key}`);
    if (!event.channels.includes(channel))
      throw fail(400, `This event cannot be sent by ${CHANNEL_NAMES[channel]}: ${key}`);
  }
}

/**
 * The server refuses delivery addresses on this machine's networks (without its development switch): the preview
 * refuses the literal ones and `localhost` with the same message (ER-9005). It sends nothing anyway.
 */
function checkDeliveryUrl(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const kind =
    host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1'
      ? 'a loopback'
      : host === '169.254.169.254'
        ? 'a cloud-metadata'
        : /^169\.254\./.test(host)
          ? 'a link-local'
          : /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.)/.test(host) || /^f[cd]/.test(host)
            ? 'a private'
            : null;
  if (kind) throw fail(400, `The delivery address is refused: ${host} is ${kind} address`);
}

// ---------------------------------------------------------------------------------------------------------
// State

type StoredWebhook = WebhookConfiguration & { tenantId: string; signingSecret: string };
type StoredConfig = ChannelConfiguration & { tenantId: string };
interface StoredSlack {
  id: string;
  tenantId: string;
  isActive: boolean;
  slackEvents: { eventKey: string; channelIds: string[]; title?: string; message?: string }[];
}

interface ConnectivityState {
  webhooks: StoredWebhook[];
  logs: WebhookLog[];
  email: StoredConfig[];
  sms: StoredConfig[];
  slack: StoredSlack[];
}

/** The signed-in account may hold this many webhooks (ER-9009). */
const MAX_WEBHOOKS = 20;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

const byState = new WeakMap<SampleState, ConnectivityState>();

/** The state's connectivity: one sample webhook with a few logs and an email configuration to start with. */
function stateOf(req: PreviewRequest): ConnectivityState {
  let found = byState.get(req.state);
  if (found) return found;
  const tenantId = scopedTenant(req);
  const now = req.now.getTime();
  const at = (minutesAgo: number) => iso(new Date(now - minutesAgo * 60_000));
  const webhook: StoredWebhook = {
    _id: 'webhook-crm',
    displayName: 'CRM sync',
    description: 'Keeps the CRM contacts in step with the account',
    url: 'https://hooks.example.com/crm',
    secret: null,
    signingSecret: newSecret(),
    eventKeys: ['signup_completed', 'frontegg.user.invitedToTenant'],
    isActive: true,
    invocations: 3,
    createdAt: at(60 * 24 * 7),
    updatedAt: at(60 * 24 * 7),
    tenantId,
  };
  const invited = JSON.stringify({
    type: 'frontegg.user.invitedToTenant',
    eventKey: 'frontegg.user.invitedToTenant',
    timestamp: at(30),
    eventContext: { vendorId: SAMPLE_VENDOR_ID, tenantId, userId: req.state.session.userId },
    data: { action: 'User invited', description: 'Invited jamie@example.com', severity: 'Info' },
  });
  const log = (n: number, over: Partial<WebhookLog>): WebhookLog => ({
    id: `webhook-log-${n}`,
    statusCode: '200',
    body: invited,
    createdAt: at(30 - n),
    tenantId,
    vendorId: SAMPLE_VENDOR_ID,
    webhookId: webhook._id,
    deliveryId: 'delivery-invited-1',
    eventKey: 'frontegg.user.invitedToTenant',
    attempt: n,
    ok: true,
    deliveryStatus: 'delivered',
    latencyMs: 120 + n * 7,
    response: 'ok',
    error: null,
    kind: 'event',
    ...over,
  });
  found = {
    webhooks: [webhook],
    // Newest first: two failed attempts of one delivery, then its success.
    logs: [
      log(3, {}),
      log(2, { statusCode: '503', ok: false, deliveryStatus: 'retrying', response: 'Service unavailable' }),
      log(1, { statusCode: '', ok: false, deliveryStatus: 'retrying', response: '', error: 'timeout' }),
    ],
    email: [
      {
        tenantId,
        eventKey: 'frontegg.user.lockedOut',
        enabled: true,
        subscriptions: [
          { id: 'email-sub-security', name: 'Default', enabled: true, recipients: ['security@example.com'] },
        ],
      },
    ],
    sms: [],
    slack: [],
  };
  byState.set(req.state, found);
  return found;
}

const mine = <T extends { tenantId: string }>(req: PreviewRequest, list: readonly T[]) =>
  list.filter((item) => item.tenantId === scopedTenant(req));

const webhookView = (
  { tenantId: _t, signingSecret: _s, ...w }: StoredWebhook,
  secret: string | null = null,
) => ({
  ...w,
  secret,
});
const configView = ({ tenantId: _t, ...config }: StoredConfig): ChannelConfiguration => config;
const slackView = ({ tenantId: _t, ...subscription }: StoredSlack) => subscription;

function findWebhook(req: PreviewRequest, id: string | undefined): StoredWebhook {
  const found = mine(req, stateOf(req).webhooks).find((w) => w._id === id);
  if (!found) throw fail(404, 'Webhook not found');
  return found;
}

/** One attempt to a URL: 500 when the URL says `fail`, else 200 (the preview sends nothing). */
function attempt(
  req: PreviewRequest,
  url: string,
  fields: Pick<WebhookLog, 'webhookId' | 'deliveryId' | 'eventKey' | 'attempt' | 'kind' | 'body'>,
): WebhookLog {
  const failed = url.includes('fail');
  return {
    id: newId('webhook-log'),
    statusCode: failed ? '500' : '200',
    createdAt: iso(req.now),
    tenantId: scopedTenant(req),
    vendorId: SAMPLE_VENDOR_ID,
    ok: !failed,
    deliveryStatus: failed ? 'failed' : 'delivered',
    latencyMs: failed ? 85 : 42,
    response: failed ? 'Internal Server Error' : 'ok',
    error: null,
    ...fields,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Email and SMS: the same calls on two paths

type MessageChannel = 'email' | 'sms';
const messageContracts = {
  email: {
    post: cc.postEmailConfiguration,
    patch: cc.patchEmailConfiguration,
    put: cc.putEmailSubscriptions,
  },
  sms: {
    post: cc.postSMSConfiguration,
    patch: cc.patchSMSConfiguration,
    put: cc.putSMSSubscriptions,
  },
} as const;

function findConfig(req: PreviewRequest, channel: MessageChannel): StoredConfig {
  const found = mine(req, stateOf(req)[channel]).find((config) => config.eventKey === req.params.eventKey);
  if (!found) throw fail(404, 'Channel configuration not found');
  return found;
}

function messageHandlers(channel: MessageChannel, route: typeof messagePaths.email): PreviewRoute[] {
  const contracts = messageContracts[channel];
  return [
    on(route.get, (req) => mine(req, stateOf(req)[channel]).map(configView)),
    on(route.post, (req) => {
      const { eventKey } = parseWith(contracts.post.params, req.params);
      const body = parseWith(contracts.post.body, req.body);
      checkEventKeys([eventKey], channel);
      const list = stateOf(req)[channel];
      const existing = mine(req, list).find((config) => config.eventKey === eventKey);
      const config: StoredConfig = {
        tenantId: scopedTenant(req),
        eventKey,
        enabled: body.enabled,
        subscriptions: body.subscriptions.map((s) => ({
          id: s.id ?? newId(`${channel}-sub`),
          name: s.name,
          enabled: s.enabled,
          recipients: s.recipients as string[],
        })),
      };
      if (existing) list.splice(list.indexOf(existing), 1, config);
      else list.push(config);
      return configView(config);
    }),
    on(route.patch, (req) => {
      const { enabled } = parseWith(contracts.patch.body, req.body);
      const config = findConfig(req, channel);
      config.enabled = enabled;
      return configView(config);
    }),
    on(route.putSubscription, (req) => {
      const body = parseWith(contracts.put.body, req.body);
      const config = findConfig(req, channel);
      const subscription = config.subscriptions.find((s) => s.id === req.params.subscriptionId);
      if (!subscription) throw fail(404, 'Channel subscription not found');
      subscription.name = body.name;
      subscription.enabled = body.enabled;
      subscription.recipients = body.recipients as string[];
      return configView(config);
    }),
    on(route.deleteSubscription, (req) => {
      const config = findConfig(req, channel);
      const index = config.subscriptions.findIndex((s) => s.id === req.params.subscriptionId);
      if (index < 0) throw fail(404, 'Channel subscription not found');
      config.subscriptions.splice(index, 1);
      return {};
    }),
    on(route.delete, (req) => {
      const config = findConfig(req, channel);
      const list = stateOf(req)[channel];
      list.splice(list.indexOf(config), 1);
      return {};
    }),
  ];
}

const messagePaths = {
  email: {
    get: c.getEmailConfiguration,
    post: c.postEmailConfiguration,
    patch: c.patchEmailConfiguration,
    putSubscription: c.putEmailSubscriptions,
    deleteSubscription: c.deleteEmailSubscriptions,
    delete: c.deleteEmailConfiguration,
  },
  sms: {
    get: c.getSMSConfiguration,
    post: c.postSMSConfiguration,
    patch: c.patchSMSConfiguration,
    putSubscription: c.putSMSSubscriptions,
    deleteSubscription: c.deleteSMSSubscriptions,
    delete: c.deleteSMSConfiguration,
  },
};

/** The preview has no Slack app (ER-9004): its registration calls refuse, as the server without one does. */
const SLACK_NOT_CONFIGURED = 'Slack is not configured on this server';
const slackNotConfigured = () => {
  throw fail(400, SLACK_NOT_CONFIGURED);
};

function findSlack(req: PreviewRequest): StoredSlack {
  const found = mine(req, stateOf(req).slack).find((s) => s.id === req.params.id);
  if (!found) throw fail(404, 'Slack subscription not found');
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// The table

export const connectivityHandlers: PreviewRoute[] = [
  on(c.getCategories, () =>
    SAMPLE_CATALOG.map((category) => ({
      id: category.id,
      ...stamps,
      name: category.name,
      events: category.events.map((event) => ({
        id: `event-${event.key}`,
        ...stamps,
        key: event.key,
        displayName: event.displayName,
        description: event.description,
        category: category.name,
        categoryId: category.id,
        channels: [...event.channels],
      })),
    })),
  ),
  on(c.getChannelMaps, (req) => {
    const { channels } = parseWith(cc.getChannelMaps.query, Object.fromEntries(req.query));
    return sampleEvents
      .filter((event) => !channels?.length || event.channels.some((ch) => channels.includes(ch)))
      .map((event) => ({
        id: `event-${event.key}`,
        key: event.key,
        categoryId: event.category.id,
        vendorId: SAMPLE_VENDOR_ID,
        displayName: event.displayName,
        description: event.description,
        createdAt: CATALOG_DATE,
        updatedAt: CATALOG_DATE,
        category: { id: event.category.id, name: event.category.name, ...stamps },
      }));
  }),

  // Webhooks
  on(c.getWebhooksConfigurations, (req) => mine(req, stateOf(req).webhooks).map((w) => webhookView(w))),
  on(c.postWebhooksConfiguration, (req) => {
    const { _id: _ignored, ...body } = parseWith(cc.postWebhooksConfiguration.body, req.body);
    checkEventKeys(body.eventKeys, 'webhook');
    checkDeliveryUrl(body.url);
    const state = stateOf(req);
    if (mine(req, state.webhooks).length >= MAX_WEBHOOKS)
      throw fail(400, 'An account may have at most 20 webhooks');
    const secret = body.secret ?? newSecret();
    const webhook: StoredWebhook = {
      _id: newId('webhook'),
      displayName: body.displayName,
      description: body.description,
      url: body.url,
      secret: null,
      signingSecret: secret,
      eventKeys: body.eventKeys,
      isActive: body.isActive,
      invocations: 0,
      createdAt: iso(req.now),
      updatedAt: iso(req.now),
      tenantId: scopedTenant(req),
    };
    state.webhooks.push(webhook);
    return new PreviewReply(201, webhookView(webhook, secret));
  }),
  on(c.patchWebhooksConfiguration, (req) => {
    const { _id: _ignored, secret, ...body } = parseWith(cc.patchWebhooksConfiguration.body, req.body);
    const webhook = findWebhook(req, req.params._id);
    if (body.eventKeys) checkEventKeys(body.eventKeys, 'webhook');
    if (body.url !== undefined) checkDeliveryUrl(body.url);
    Object.assign(
      webhook,
      Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
      { updatedAt: iso(req.now) },
    );
    // A secret sent replaces the signing secret, answered this once.
    if (secret) {
      webhook.signingSecret = secret;
      return webhookView(webhook, secret);
    }
    return webhookView(webhook);
  }),
  on(c.deleteWebhooksConfiguration, (req) => {
    const webhook = findWebhook(req, req.params.id);
    const state = stateOf(req);
    state.webhooks.splice(state.webhooks.indexOf(webhook), 1);
    state.logs = state.logs.filter((log) => log.webhookId !== webhook._id);
    return {};
  }),
  on(c.getWebhookLog, (req) => {
    const { id, offset, limit } = parseWith(cc.getWebhookLog.query, Object.fromEntries(req.query));
    findWebhook(req, id);
    const rows = stateOf(req)
      .logs.filter((log) => log.webhookId === id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { count: rows.length, rows: rows.slice(offset, offset + limit) };
  }),
  on(c.postWebhookTest, (req) => {
    const body = parseWith(cc.postWebhookTest.body, req.body);
    if (body.webhookId) findWebhook(req, body.webhookId);
    checkDeliveryUrl(body.url);
    const payload = JSON.stringify(
      body.payload ?? {
        type: 'frontegg.test',
        eventKey: 'frontegg.test',
        timestamp: iso(req.now),
      },
    );
    const log = attempt(req, body.url, {
      webhookId: body.webhookId ?? '',
      deliveryId: newId('delivery'),
      eventKey: 'frontegg.test',
      attempt: 1,
      kind: 'test',
      body: payload.slice(0, 4096),
    });
    if (body.webhookId) stateOf(req).logs.unshift(log);
    return log;
  }),
  on(c.postWebhookRetry, (req) => {
    const state = stateOf(req);
    const previous = mine(req, state.logs).find((log) => log.id === req.params.id);
    if (!previous) throw fail(404, 'Webhook log not found');
    const webhook = mine(req, state.webhooks).find((w) => w._id === previous.webhookId);
    if (!webhook) throw fail(400, 'A test of an unsaved webhook cannot be retried');
    const log = attempt(req, webhook.url, {
      webhookId: webhook._id,
      deliveryId: previous.deliveryId,
      eventKey: previous.eventKey,
      attempt: previous.attempt + 1,
      kind: 'retry',
      body: previous.body,
    });
    state.logs.unshift(log);
    return new PreviewReply(202, log);
  }),

  // Email and SMS
  ...messageHandlers('email', messagePaths.email),
  ...messageHandlers('sms', messagePaths.sms),

  // Slack
  on(c.getSlackConfiguration, (req) => ({
    id: `slack-${scopedTenant(req)}`,
    slackSubscriptions: mine(req, stateOf(req).slack).map(slackView),
  })),
  on(c.getSlackScope, slackNotConfigured),
  // The channels are the incoming-webhook URLs the subscriptions post to (shown masked, as the server does).
  on(c.getSlackChannels, (req) =>
    [
      ...new Set(mine(req, stateOf(req).slack).flatMap((s) => s.slackEvents.flatMap((e) => e.channelIds))),
    ].map((url) => ({ id: url, name: url.replace(/\/[^/]+$/, '/…') })),
  ),
  on(c.postSlackCode, slackNotConfigured),
  on(c.postSlackConfiguration, (req) => {
    const body = parseWith(cc.postSlackConfiguration.body, req.body);
    checkEventKeys(
      body.slackEvents.map((e) => e.eventKey),
      'slack',
    );
    for (const event of body.slackEvents) event.channelIds.forEach(checkDeliveryUrl);
    const subscription: StoredSlack = {
      id: newId('slack-sub'),
      tenantId: scopedTenant(req),
      isActive: body.isActive,
      slackEvents: body.slackEvents,
    };
    stateOf(req).slack.push(subscription);
    return new PreviewReply(201, slackView(subscription));
  }),
  on(c.patchSlackConfiguration, (req) => {
    const body = parseWith(cc.patchSlackConfiguration.body, req.body);
    const subscription = findSlack(req);
    checkEventKeys(
      body.slackEvents.map((e) => e.eventKey),
      'slack',
    );
    for (const event of body.slackEvents) event.channelIds.forEach(checkDeliveryUrl);
    subscription.isActive = body.isActive;
    subscription.slackEvents = body.slackEvents;
    return slackView(subscription);
  }),
  on(c.deleteSlackConfiguration, (req) => {
    const subscription = findSlack(req);
    const list = stateOf(req).slack;
    list.splice(list.indexOf(subscription), 1);
    return {};
  }),
];
