// Contract script of connectivity (issue 21, CONNECT-001..005, ENUM-047): the event catalog and channel maps;
// a webhook's life (create, update, logs, delete) and the refusals of its test and retry; the email and SMS
// configurations of an event key with their subscriptions; Slack subscriptions and channels, and Slack's app
// calls answering "not configured" (the contract's server has no Slack app). The server side of the contract
// test runs without ALLOW_PRIVATE_NETWORK_FETCH: delivery addresses here are a public IP literal (never sent to:
// no step raises their events and no test is sent), a loopback address is refused (400) on both sides. The
// ok answers of a test and a retry need a receiver: server/routes/connectivity.test.ts checks them.
import { connectivityContracts as cc } from '../../../shared/api/contracts/connectivity';
import type { Saved, Script } from '../contract';

const INVITED = 'frontegg.user.invitedToTenant';
/** Webhook and Slack only (ENUM-047's sign-ins are never mailed nor texted). */
const SIGNED_IN = 'frontegg.user.authenticated';
/** A public address (a literal: no DNS), never sent to by this script. */
const PUBLIC_URL = 'https://93.184.215.14/contract-hook';
const SLACK_URL = 'https://93.184.215.14/services/T0CONTRACT/B0CONTRACT/contract1234';
const LOOPBACK_URL = 'http://127.0.0.1:9/hook';

const webhookId = (s: Saved) => s.webhook._id as string;
const firstSubscription = (name: string) => (s: Saved) => (s[name].subscriptions as { id: string }[])[0]!.id;

/** The steps of the email or the SMS channel (the same calls on two sets of paths). */
function messageSteps(channel: 'email' | 'sms'): Script['steps'] {
  const [get, post, patch, put, deleteSubscription, remove] =
    channel === 'email'
      ? ([
          cc.getEmailConfiguration,
          cc.postEmailConfiguration,
          cc.patchEmailConfiguration,
          cc.putEmailSubscriptions,
          cc.deleteEmailSubscriptions,
          cc.deleteEmailConfiguration,
        ] as const)
      : ([
          cc.getSMSConfiguration,
          cc.postSMSConfiguration,
          cc.patchSMSConfiguration,
          cc.putSMSSubscriptions,
          cc.deleteSMSSubscriptions,
          cc.deleteSMSConfiguration,
        ] as const);
  const [one, two, bad] =
    channel === 'email'
      ? ['ops@example.test', 'security@example.test', 'not-an-email']
      : ['+14155550101', '+14155550102', '0123'];
  const saved = `${channel}Config`;
  const subscription = firstSubscription(saved);
  const key = { eventKey: INVITED };
  return [
    { name: `${channel}: the configurations`, call: get },
    {
      name: `[CONNECT-002] ${channel}: an event key's configuration with subscriptions of recipients`,
      call: post,
      params: key,
      body: {
        enabled: true,
        subscriptions: [
          { name: 'Operations', enabled: true, recipients: [one, two] },
          { name: 'Paused', enabled: false, recipients: [two] },
        ],
      },
      save: saved,
    },
    {
      name: `${channel}: an event key the catalog does not have is refused`,
      call: post,
      params: { eventKey: 'no.such.event' },
      body: { subscriptions: [] },
      expect: 400,
    },
    {
      name: `${channel}: a sign-in event is not sent by ${channel}`,
      call: post,
      params: { eventKey: SIGNED_IN },
      body: { subscriptions: [] },
      expect: 400,
    },
    {
      name: `${channel}: a bad recipient is refused`,
      call: post,
      params: key,
      body: { subscriptions: [{ recipients: [bad] }] },
      expect: 400,
    },
    { name: `${channel}: turned off`, call: patch, params: key, body: { enabled: false } },
    {
      name: `${channel}: an event key without a configuration is not found`,
      call: patch,
      params: { eventKey: 'signup_completed' },
      body: { enabled: true },
      expect: 404,
    },
    {
      name: `${channel}: a subscription replaced`,
      call: put,
      params: (s) => ({ ...key, subscriptionId: subscription(s) }),
      body: { name: 'Operations team', enabled: true, recipients: [one] },
    },
    {
      name: `${channel}: an unknown subscription is not found`,
      call: put,
      params: { ...key, subscriptionId: 'no-such-subscription' },
      body: { recipients: [one] },
      expect: 404,
    },
    {
      name: `${channel}: a subscription removed`,
      call: deleteSubscription,
      params: (s) => ({ ...key, subscriptionId: subscription(s) }),
    },
    {
      name: `${channel}: a removed subscription is not found`,
      call: deleteSubscription,
      params: (s) => ({ ...key, subscriptionId: subscription(s) }),
      expect: 404,
    },
    { name: `${channel}: the configuration removed`, call: remove, params: key },
    { name: `${channel}: a removed configuration is not found`, call: remove, params: key, expect: 404 },
  ];
}

export const connectivityScript: Script = {
  family: 'connectivity',
  steps: [
    // The catalog
    { name: '[ENUM-047] [CONNECT-001] the event categories', call: cc.getCategories },
    {
      name: '[CONNECT-001] the events available by webhook and email',
      call: cc.getChannelMaps,
      query: { channels: 'webhook,email' },
    },
    { name: 'every event (no channel asked)', call: cc.getChannelMaps },
    {
      name: 'a channel outside webhook, email, sms, slack is refused',
      call: cc.getChannelMaps,
      query: { channels: 'fax' },
      expect: 400,
    },

    // Webhooks
    { name: 'the webhooks', call: cc.getWebhooksConfigurations },
    {
      name: '[CONNECT-001] create a webhook (its secret answered once)',
      call: cc.postWebhooksConfiguration,
      body: {
        displayName: 'Contract webhook',
        description: 'made by the contract script',
        url: PUBLIC_URL,
        eventKeys: [INVITED, 'frontegg.subscription.renewed'],
      },
      save: 'webhook',
    },
    {
      name: 'an event key the catalog does not have is refused',
      call: cc.postWebhooksConfiguration,
      body: { displayName: 'Unknown', url: PUBLIC_URL, eventKeys: ['no.such.event'] },
      expect: 400,
    },
    {
      name: 'a webhook without events is refused',
      call: cc.postWebhooksConfiguration,
      body: { displayName: 'Empty', url: PUBLIC_URL, eventKeys: [] },
      expect: 400,
    },
    {
      name: 'a loopback delivery address is refused',
      call: cc.postWebhooksConfiguration,
      body: { displayName: 'Loopback', url: LOOPBACK_URL, eventKeys: [INVITED] },
      expect: 400,
    },
    {
      name: '[CONNECT-001] update a webhook (partial)',
      call: cc.patchWebhooksConfiguration,
      params: (s) => ({ _id: webhookId(s) }),
      body: { displayName: 'Contract webhook renamed', isActive: false },
    },
    {
      name: 'an unknown webhook is not found',
      call: cc.patchWebhooksConfiguration,
      params: { _id: 'no-such-webhook' },
      body: { isActive: true },
      expect: 404,
    },
    {
      name: 'an update with an unknown event key is refused',
      call: cc.patchWebhooksConfiguration,
      params: (s) => ({ _id: webhookId(s) }),
      body: { eventKeys: ['no.such.event'] },
      expect: 400,
    },
    {
      name: '[CONNECT-005] its logs, 10 from offset 0',
      call: cc.getWebhookLog,
      query: (s) => ({ id: webhookId(s), offset: '0', limit: '10' }),
    },
    {
      name: 'the logs of an unknown webhook are not found',
      call: cc.getWebhookLog,
      query: { id: 'no-such-webhook' },
      expect: 404,
    },
    {
      name: '[CONNECT-003] a test to a loopback address is refused',
      call: cc.postWebhookTest,
      body: { url: LOOPBACK_URL },
      expect: 400,
    },
    {
      name: 'a test to something not a URL is refused',
      call: cc.postWebhookTest,
      body: { url: 'not a url' },
      expect: 400,
    },
    {
      name: 'a test of an unknown saved webhook is not found',
      call: cc.postWebhookTest,
      body: { url: PUBLIC_URL, webhookId: 'no-such-webhook' },
      expect: 404,
    },
    {
      name: '[CONNECT-004] a retry of an unknown log is not found',
      call: cc.postWebhookRetry,
      params: { id: 'no-such-log' },
      expect: 404,
    },
    {
      name: 'delete the webhook',
      call: cc.deleteWebhooksConfiguration,
      params: (s) => ({ id: webhookId(s) }),
    },
    {
      name: 'a deleted webhook is not found',
      call: cc.deleteWebhooksConfiguration,
      params: (s) => ({ id: webhookId(s) }),
      expect: 404,
    },

    // Email and SMS
    ...messageSteps('email'),
    ...messageSteps('sms'),

    // Slack
    { name: 'the Slack configuration', call: cc.getSlackConfiguration },
    {
      name: '[CONNECT-002] a Slack subscription of an event to a channel',
      call: cc.postSlackConfiguration,
      body: { slackEvents: [{ eventKey: INVITED, channelIds: [SLACK_URL], title: 'Invited' }] },
      save: 'slack',
    },
    {
      name: 'a Slack subscription of an unknown event is refused',
      call: cc.postSlackConfiguration,
      body: { slackEvents: [{ eventKey: 'no.such.event', channelIds: [SLACK_URL] }] },
      expect: 400,
    },
    { name: 'the Slack channels (masked names)', call: cc.getSlackChannels },
    {
      name: 'a Slack subscription updated',
      call: cc.patchSlackConfiguration,
      params: (s) => ({ id: s.slack.id as string }),
      body: { isActive: false, slackEvents: [{ eventKey: SIGNED_IN, channelIds: [SLACK_URL] }] },
    },
    {
      name: 'an unknown Slack subscription is not found',
      call: cc.patchSlackConfiguration,
      params: { id: 'no-such-subscription' },
      body: { slackEvents: [] },
      expect: 404,
    },
    {
      name: 'a Slack subscription removed',
      call: cc.deleteSlackConfiguration,
      params: (s) => ({ id: s.slack.id as string }),
    },
    {
      name: 'a removed Slack subscription is not found',
      call: cc.deleteSlackConfiguration,
      params: (s) => ({ id: s.slack.id as string }),
      expect: 404,
    },
    {
      name: "Slack's app scope: not configured",
      call: cc.getSlackScope,
      expect: 400,
    },
    {
      name: "Slack's app registration: not configured",
      call: cc.postSlackCode,
      body: { code: 'contract-code' },
      expect: 400,
    },
  ],
};
