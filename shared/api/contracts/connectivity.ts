// Connectivity (issue 21, CONNECT-001..006, SCREEN-078..081): the event catalog (categories and channel maps),
// webhooks (configurations, test, logs, retry) and the email, SMS and Slack channels, in Frontegg's shapes
// (`@frontegg/rest-api` connectivity: ICategory, IChannelsMap, IWebhooksConfigurations, IWebhookLog,
// IEmailSMSConfigResponse, ISlackConfigurations, ISlackChannel). Our extra fields are marked "Ours".
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate, param } from './common';
import { emailField } from './signup';

const c = paths.connectivity;

/** The channels an event may go to (CONNECT-001). */
export const connectivityChannel = z.enum(['webhook', 'email', 'sms', 'slack']);
export type ConnectivityChannel = z.infer<typeof connectivityChannel>;

/** An event key of the catalog (`frontegg.user.invitedToTenant`, `signup_completed`: ENUM-047). */
export const eventKey = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Invalid event key');

// ---------------------------------------------------------------------------------------------------------
// The event catalog

const mainFields = { id, createdAt: isoDate, updatedAt: isoDate, vendorId: id };

/** Frontegg's IEvent: one event of the catalog. */
export const connectivityEvent = z.object({
  ...mainFields,
  key: eventKey,
  displayName: z.string(),
  description: z.string().optional(),
  category: z.string().optional(),
  categoryId: z.string().optional(),
  /** Ours: the channels this event may be sent to. */
  channels: z.array(connectivityChannel),
});
export type ConnectivityEvent = z.infer<typeof connectivityEvent>;

/** Frontegg's ICategory: a group of events. */
export const eventCategory = z.object({
  ...mainFields,
  name: z.string(),
  events: z.array(connectivityEvent),
});
export type EventCategory = z.infer<typeof eventCategory>;

/** Frontegg's IChannelsMap: an event available on the channels asked for, with its category. */
export const channelMap = z.object({
  id,
  key: eventKey,
  categoryId: z.string(),
  vendorId: id,
  displayName: z.string(),
  description: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  category: z.object({ id, vendorId: id, name: z.string(), createdAt: isoDate, updatedAt: isoDate }),
});
export type ChannelMap = z.infer<typeof channelMap>;

/** `?channels=webhook,email`: the channels whose events are answered (all when absent). */
const channelMapsQuery = z.object({
  channels: param(
    z
      .string()
      .max(100)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(connectivityChannel).max(4)),
  ),
});

// ---------------------------------------------------------------------------------------------------------
// Webhooks

/**
 * A Standard Webhooks signing secret (`whsec_` and 24 to 64 random bytes in base64). Absent or null on save:
 * the server makes one and answers it once.
 */
export const webhookSecret = z
  .string()
  .trim()
  .regex(
    /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/,
    'The secret must be whsec_ followed by 24 to 64 bytes in base64',
  );

/** A delivery address: an http(s) URL (the server checks the address again at every send). */
export const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'Enter an http or https URL without credentials');

/** Frontegg's IWebhooksSaveData: what the form sends (create without `_id`, update with it). */
export const webhookSaveBody = z.object({
  _id: id.optional(),
  displayName: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  url: webhookUrl,
  secret: webhookSecret.nullable().optional(),
  eventKeys: z.array(eventKey).min(1, 'Choose at least one event').max(100),
  isActive: z.boolean().default(true),
});

/** Frontegg's IWebhooksConfigurations: a saved webhook. */
export const webhookConfiguration = z.object({
  _id: id,
  displayName: z.string(),
  description: z.string(),
  url: z.string(),
  /** Null except in the answer of a save that made or replaced it (shown once). */
  secret: z.string().nullable(),
  eventKeys: z.array(z.string()),
  isActive: z.boolean(),
  /** Events queued for it so far. */
  invocations: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type WebhookConfiguration = z.infer<typeof webhookConfiguration>;

/** One delivery attempt to a webhook (Frontegg's IWebhookLog, with ours). */
export const webhookLog = z.object({
  id,
  /** The HTTP status the receiver answered, as a string; '' when none came (refused address, timeout…). */
  statusCode: z.string(),
  /** The request body sent (cut at 4 kB). */
  body: z.string(),
  createdAt: isoDate,
  tenantId: id,
  vendorId: id,
  /** The webhook; '' for a test of an unsaved form. */
  webhookId: z.string(),
  /** Ours: the delivery (the `webhook-id` header: the idempotency id, the same on every attempt). */
  deliveryId: z.string(),
  /** Ours: the event sent. */
  eventKey: z.string(),
  /** Ours: 1 for the first attempt of a delivery. */
  attempt: z.number().int(),
  /** Ours: the receiver answered 2xx. */
  ok: z.boolean(),
  /** Ours: where the delivery stands after this attempt. */
  deliveryStatus: z.enum(['delivered', 'retrying', 'failed']),
  /** Ours: the time to the receiver's answer (or the failure), in ms. */
  latencyMs: z.number().int(),
  /** Ours: the start of the receiver's answer (cut at 1 kB). */
  response: z.string(),
  /** Ours: why no answer came (`timeout`, `private-address`…), else null. */
  error: z.string().nullable(),
  /** Ours: an event, a test or a manual retry. */
  kind: z.enum(['event', 'test', 'retry']),
});
export type WebhookLog = z.infer<typeof webhookLog>;

/** Frontegg's IWebhookLogsResponse. */
export const webhookLogsPage = z.object({ count: z.number().int(), rows: z.array(webhookLog) });

/** The logs of one webhook, newest first: offset 0 and limit 10 by default (CONNECT-005). */
export const webhookLogsQuery = z.object({
  id,
  offset: param(z.coerce.number().int().min(0).max(1_000_000)).default(0),
  limit: param(z.coerce.number().int().min(1).max(100)).default(10),
});

/** Frontegg's IWebhookTest: a test delivery to a URL (CONNECT-003: success is a 200 or 201 answer). */
export const webhookTestBody = z.object({
  url: webhookUrl,
  secret: webhookSecret.nullable().optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
  /** Ours: a saved webhook whose secret signs the test (the form never holds it after the first save). */
  webhookId: id.optional(),
});

/** The status codes that count as success (CONNECT-003, CONNECT-004). */
export const WEBHOOK_TEST_OK = ['200', '201'] as const;
export const WEBHOOK_RETRY_STATUS = 202;

// ---------------------------------------------------------------------------------------------------------
// Email and SMS (per event key: enabled, subscriptions of recipients)

/** Frontegg's IEmailSMSSubscriptionResponse. */
export const channelSubscription = z.object({
  id: id.optional(),
  name: z.string().trim().max(100).default(''),
  enabled: z.boolean().default(true),
  recipients: z.array(z.string().trim().min(1).max(320)).max(50),
});
/** Frontegg's IEmailSMSConfigResponse. */
export const channelConfiguration = z.object({
  eventKey: z.string(),
  enabled: z.boolean(),
  subscriptions: z.array(channelSubscription.extend({ id, name: z.string(), enabled: z.boolean() })),
});
export type ChannelConfiguration = z.infer<typeof channelConfiguration>;

const emailRecipients = z.array(emailField).max(50);
/** An E.164 number (the SMS channel's recipients). */
export const smsRecipient = z
  .string()
  .trim()
  .regex(/^\+[1-9][0-9]{6,14}$/, 'Enter the number in international format (+ and digits)');

const subscriptionOf = (recipients: z.ZodType) => channelSubscription.extend({ recipients });
const configBodyOf = (recipients: z.ZodType) =>
  z.object({
    enabled: z.boolean().default(true),
    subscriptions: z.array(subscriptionOf(recipients)).max(20),
  });

export const emailConfigBody = configBodyOf(emailRecipients);
export const smsConfigBody = configBodyOf(z.array(smsRecipient).max(50));
export const emailSubscriptionBody = subscriptionOf(emailRecipients);
export const smsSubscriptionBody = subscriptionOf(z.array(smsRecipient).max(50));
const enabledBody = z.object({ enabled: z.boolean() });
const eventKeyParam = z.object({ eventKey });
const subscriptionParams = z.object({ eventKey, subscriptionId: id });

// ---------------------------------------------------------------------------------------------------------
// Slack (incoming-webhook URLs as channels; Slack's app registration only when a Slack app is configured)

/** A Slack incoming-webhook address (`https://hooks.slack.com/services/…`; any http(s) URL in development). */
export const slackChannelId = webhookUrl;

/** Frontegg's ISlackEvent. */
export const slackEvent = z.object({
  eventKey,
  channelIds: z.array(slackChannelId).min(1).max(10),
  title: z.string().trim().max(150).optional(),
  message: z.string().trim().max(1000).optional(),
});
/** Frontegg's ISlackSubscription. */
export const slackSubscriptionBody = z.object({
  id: id.optional(),
  isActive: z.boolean().default(true),
  slackEvents: z.array(slackEvent).max(100),
});
export const slackSubscription = z.object({
  id,
  isActive: z.boolean(),
  slackEvents: z.array(
    z.object({
      eventKey: z.string(),
      channelIds: z.array(z.string()),
      title: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});
/** Frontegg's ISlackConfigurations. */
export const slackConfiguration = z.object({ id, slackSubscriptions: z.array(slackSubscription) });
/** Frontegg's ISlackChannel. */
export const slackChannel = z.object({ id: z.string(), name: z.string() });
/** The Slack app's scope (`getSlackScope`): its client id, when a Slack app is configured. */
export const slackScope = z.object({ clientId: z.string() });

export const connectivityContracts = {
  getCategories: contract({ route: c.getCategories, response: z.array(eventCategory) }),
  getChannelMaps: contract({
    route: c.getChannelMaps,
    query: channelMapsQuery,
    response: z.array(channelMap),
  }),
  // webhooks
  getWebhooksConfigurations: contract({
    route: c.getWebhooksConfigurations,
    response: z.array(webhookConfiguration),
  }),
  postWebhooksConfiguration: contract({
    route: c.postWebhooksConfiguration,
    body: webhookSaveBody,
    response: webhookConfiguration,
    status: 201,
  }),
  patchWebhooksConfiguration: contract({
    route: c.patchWebhooksConfiguration,
    params: z.object({ _id: id }),
    // Partial without the create's defaults: a field left out stays as saved.
    body: webhookSaveBody
      .extend({ description: z.string().trim().max(500), isActive: z.boolean() })
      .partial(),
    response: webhookConfiguration,
  }),
  deleteWebhooksConfiguration: contract({
    route: c.deleteWebhooksConfiguration,
    params: z.object({ id }),
    response: empty,
  }),
  getWebhookLog: contract({ route: c.getWebhookLog, query: webhookLogsQuery, response: webhookLogsPage }),
  postWebhookTest: contract({ route: c.postWebhookTest, body: webhookTestBody, response: webhookLog }),
  postWebhookRetry: contract({
    route: c.postWebhookRetry,
    params: z.object({ id }),
    response: webhookLog,
    status: WEBHOOK_RETRY_STATUS,
  }),
  // email
  getEmailConfiguration: contract({
    route: c.getEmailConfiguration,
    response: z.array(channelConfiguration),
  }),
  postEmailConfiguration: contract({
    route: c.postEmailConfiguration,
    params: eventKeyParam,
    body: emailConfigBody,
    response: channelConfiguration,
  }),
  patchEmailConfiguration: contract({
    route: c.patchEmailConfiguration,
    params: eventKeyParam,
    body: enabledBody,
    response: channelConfiguration,
  }),
  putEmailSubscriptions: contract({
    route: c.putEmailSubscriptions,
    params: subscriptionParams,
    body: emailSubscriptionBody,
    response: channelConfiguration,
  }),
  deleteEmailSubscriptions: contract({
    route: c.deleteEmailSubscriptions,
    params: subscriptionParams,
    response: empty,
  }),
  deleteEmailConfiguration: contract({
    route: c.deleteEmailConfiguration,
    params: eventKeyParam,
    response: empty,
  }),
  // SMS
  getSMSConfiguration: contract({ route: c.getSMSConfiguration, response: z.array(channelConfiguration) }),
  postSMSConfiguration: contract({
    route: c.postSMSConfiguration,
    params: eventKeyParam,
    body: smsConfigBody,
    response: channelConfiguration,
  }),
  patchSMSConfiguration: contract({
    route: c.patchSMSConfiguration,
    params: eventKeyParam,
    body: enabledBody,
    response: channelConfiguration,
  }),
  putSMSSubscriptions: contract({
    route: c.putSMSSubscriptions,
    params: subscriptionParams,
    body: smsSubscriptionBody,
    response: channelConfiguration,
  }),
  deleteSMSSubscriptions: contract({
    route: c.deleteSMSSubscriptions,
    params: subscriptionParams,
    response: empty,
  }),
  deleteSMSConfiguration: contract({
    route: c.deleteSMSConfiguration,
    params: eventKeyParam,
    response: empty,
  }),
  // Slack
  getSlackConfiguration: contract({ route: c.getSlackConfiguration, response: slackConfiguration }),
  getSlackScope: contract({ route: c.getSlackScope, response: slackScope }),
  getSlackChannels: contract({ route: c.getSlackChannels, response: z.array(slackChannel) }),
  postSlackConfiguration: contract({
    route: c.postSlackConfiguration,
    body: slackSubscriptionBody,
    response: slackSubscription,
    status: 201,
  }),
  patchSlackConfiguration: contract({
    route: c.patchSlackConfiguration,
    params: z.object({ id }),
    body: slackSubscriptionBody,
    response: slackSubscription,
  }),
  deleteSlackConfiguration: contract({
    route: c.deleteSlackConfiguration,
    params: z.object({ id }),
    response: empty,
  }),
  postSlackCode: contract({
    route: c.postSlackCode,
    body: z.object({ code: z.string().trim().min(1).max(500) }),
    response: empty,
  }),
} as const;
