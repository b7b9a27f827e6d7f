// Connectivity (issue 21, CONNECT-001..006): the event catalog (categories and channel maps), the caller
// account's webhooks (configurations, test, logs, retry) and its email, SMS and Slack channels. One set of
// permissions governs every channel (`fe.connectivity.read|write|delete.webhooks`: the portal's Webhooks entry,
// ROUTE-022). Everything is the token's account's own: another account's webhook, log or subscription is a 404.
// The reading and writing is server/integrations/configs.ts; deliveries are the engine's (delivery.ts).
import type { Context } from 'hono';
import type { ZodType } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { connectivityContracts as cc } from '../../shared/api/contracts/connectivity';
import { paths } from '../../shared/api/paths';
import type { AuditAction } from '../audit/actions';
import { apiError, readBody, type AppEnv } from '../context';
import {
  assertEventKey,
  catalogCategories,
  channelMaps,
  createSlackSubscription,
  createWebhook,
  deleteChannelConfig,
  deleteChannelSubscription,
  deleteSlackSubscription,
  deleteWebhook,
  findSlackSubscription,
  findWebhook,
  listChannelConfigs,
  listSlackSubscriptions,
  listWebhooks,
  newWebhookSecret,
  putChannelSubscription,
  registerSlackApp,
  sampleTestEvent,
  saveChannelConfig,
  setChannelConfigEnabled,
  slackChannels,
  slackEventsInput,
  slackSubscriptionView,
  slackUrlsOf,
  SLACK_NOT_CONFIGURED,
  updateSlackSubscription,
  updateWebhook,
  webhookEventKeys,
  webhookLogsPage,
  webhookView,
  type MessageChannel,
  type WebhookInput,
} from '../integrations/configs';
import { checkDeliveryUrl, retryWebhookDelivery, sendWebhookTest } from '../integrations/delivery';
import { readQuery } from '../signup/validation';
import { defineFamily, endpoint } from './endpoints';

export const READ_CONNECTIVITY = 'fe.connectivity.read.webhooks';
export const WRITE_CONNECTIVITY = 'fe.connectivity.write.webhooks';
export const DELETE_CONNECTIVITY = 'fe.connectivity.delete.webhooks';

const c = paths.connectivity;
const own = "the caller's account's own";

/** Routes of connectivity, with the permission each requires in the token's account. */
export const connectivityEndpointsByName = {
  getCategories: endpoint(c.getCategories, READ_CONNECTIVITY, 'the event catalog'),
  getChannelMaps: endpoint(c.getChannelMaps, READ_CONNECTIVITY, 'the event catalog by channel'),
  getWebhooksConfigurations: endpoint(c.getWebhooksConfigurations, READ_CONNECTIVITY, own),
  postWebhooksConfiguration: endpoint(c.postWebhooksConfiguration, WRITE_CONNECTIVITY, own),
  patchWebhooksConfiguration: endpoint(c.patchWebhooksConfiguration, WRITE_CONNECTIVITY, own),
  deleteWebhooksConfiguration: endpoint(c.deleteWebhooksConfiguration, DELETE_CONNECTIVITY, own),
  // The paths table writes its query (`/webhook/logs?{query}`); the route is the path before it. Frontegg's
  // client asks `/webhook/logs/?…` (a trailing slash): the same call under both.
  getWebhookLog: endpoint(
    { ...c.getWebhookLog, path: c.getWebhookLog.path.split('?')[0]! },
    READ_CONNECTIVITY,
    own,
  ),
  getWebhookLogSlash: endpoint(
    { ...c.getWebhookLog, path: `${c.getWebhookLog.path.split('?')[0]!}/` },
    READ_CONNECTIVITY,
    `${own} (getWebhookLog as Frontegg's client asks it)`,
  ),
  postWebhookTest: endpoint(c.postWebhookTest, WRITE_CONNECTIVITY, 'a guarded request to the URL given'),
  postWebhookRetry: endpoint(c.postWebhookRetry, WRITE_CONNECTIVITY, own),
  getEmailConfiguration: endpoint(c.getEmailConfiguration, READ_CONNECTIVITY, own),
  postEmailConfiguration: endpoint(c.postEmailConfiguration, WRITE_CONNECTIVITY, own),
  patchEmailConfiguration: endpoint(c.patchEmailConfiguration, WRITE_CONNECTIVITY, own),
  putEmailSubscriptions: endpoint(c.putEmailSubscriptions, WRITE_CONNECTIVITY, own),
  deleteEmailSubscriptions: endpoint(c.deleteEmailSubscriptions, DELETE_CONNECTIVITY, own),
  deleteEmailConfiguration: endpoint(c.deleteEmailConfiguration, DELETE_CONNECTIVITY, own),
  getSMSConfiguration: endpoint(c.getSMSConfiguration, READ_CONNECTIVITY, own),
  postSMSConfiguration: endpoint(c.postSMSConfiguration, WRITE_CONNECTIVITY, own),
  patchSMSConfiguration: endpoint(c.patchSMSConfiguration, WRITE_CONNECTIVITY, own),
  putSMSSubscriptions: endpoint(c.putSMSSubscriptions, WRITE_CONNECTIVITY, own),
  deleteSMSSubscriptions: endpoint(c.deleteSMSSubscriptions, DELETE_CONNECTIVITY, own),
  deleteSMSConfiguration: endpoint(c.deleteSMSConfiguration, DELETE_CONNECTIVITY, own),
  getSlackConfiguration: endpoint(c.getSlackConfiguration, READ_CONNECTIVITY, own),
  getSlackScope: endpoint(c.getSlackScope, READ_CONNECTIVITY, 'the Slack app, when one is configured'),
  getSlackChannels: endpoint(c.getSlackChannels, READ_CONNECTIVITY, own),
  postSlackConfiguration: endpoint(c.postSlackConfiguration, WRITE_CONNECTIVITY, own),
  patchSlackConfiguration: endpoint(c.patchSlackConfiguration, WRITE_CONNECTIVITY, own),
  deleteSlackConfiguration: endpoint(c.deleteSlackConfiguration, DELETE_CONNECTIVITY, own),
  postSlackCode: endpoint(c.postSlackCode, WRITE_CONNECTIVITY, 'the Slack app, when one is configured'),
} as const;

type Answer<K extends keyof typeof cc> = AnswerOf<(typeof cc)[K]>;

/** The path's params, validated like a body: a bad one is a 400 naming it. */
function readParams<T>(ctx: Context<AppEnv>, schema: ZodType<T>): T {
  const parsed = schema.safeParse(ctx.req.param());
  if (!parsed.success)
    throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'path'}: ${i.message}`));
  return parsed.data;
}

/** The email and SMS calls of each channel (the same handlers on two sets of paths). */
const messageCalls = {
  email: {
    label: 'Email',
    get: 'getEmailConfiguration',
    post: 'postEmailConfiguration',
    patch: 'patchEmailConfiguration',
    put: 'putEmailSubscriptions',
    deleteSubscription: 'deleteEmailSubscriptions',
    delete: 'deleteEmailConfiguration',
  },
  sms: {
    label: 'SMS',
    get: 'getSMSConfiguration',
    post: 'postSMSConfiguration',
    patch: 'patchSMSConfiguration',
    put: 'putSMSSubscriptions',
    deleteSubscription: 'deleteSMSSubscriptions',
    delete: 'deleteSMSConfiguration',
  },
} as const;

export const connectivityRoutes = defineFamily(connectivityEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;
  const tenantOf = (ctx: Context<AppEnv>) => ctx.get('auth').tenantId;
  const audit = (ctx: Context<AppEnv>, action: AuditAction, json: Record<string, unknown>) =>
    ctx.var.audit({ action, severity: 'Info', json });

  // --- the catalog ---------------------------------------------------------------------------------------
  on(e.getCategories, (ctx) => ctx.json(catalogCategories(vendorId) satisfies Answer<'getCategories'>));

  on(e.getChannelMaps, (ctx) => {
    const { channels } = readQuery(ctx, cc.getChannelMaps.query);
    return ctx.json(channelMaps(vendorId, channels ?? []) satisfies Answer<'getChannelMaps'>);
  });

  // --- webhooks ------------------------------------------------------------------------------------------
  on(e.getWebhooksConfigurations, async (ctx) => {
    const rows = await listWebhooks(db, tenantOf(ctx));
    return ctx.json(rows.map((row) => webhookView(row)) satisfies Answer<'getWebhooksConfigurations'>);
  });

  on(e.postWebhooksConfiguration, async (ctx) => {
    const body = await readBody(ctx, cc.postWebhooksConfiguration.body);
    const eventKeys = webhookEventKeys(body.eventKeys);
    await checkDeliveryUrl(services, body.url);
    const secret = body.secret ?? newWebhookSecret();
    const row = await createWebhook(db, vendorId, tenantOf(ctx), {
      displayName: body.displayName,
      description: body.description,
      url: body.url,
      secret,
      eventKeys,
      isActive: body.isActive,
    });
    await audit(ctx, 'Webhook created', { webhookId: row.id, url: row.url, eventKeys });
    return ctx.json(webhookView(row, secret) satisfies Answer<'postWebhooksConfiguration'>, 201);
  });

  on(e.patchWebhooksConfiguration, async (ctx) => {
    const { _id } = readParams(ctx, cc.patchWebhooksConfiguration.params);
    const body = await readBody(ctx, cc.patchWebhooksConfiguration.body);
    const row = await findWebhook(db, tenantOf(ctx), _id);
    const change: Partial<WebhookInput> = {};
    if (body.displayName !== undefined && body.displayName !== row.displayName)
      change.displayName = body.displayName;
    if (body.description !== undefined && body.description !== row.description)
      change.description = body.description;
    if (body.url !== undefined && body.url !== row.url) {
      await checkDeliveryUrl(services, body.url);
      change.url = body.url;
    }
    if (body.eventKeys !== undefined) {
      const keys = webhookEventKeys(body.eventKeys);
      if (JSON.stringify(keys) !== JSON.stringify(row.eventKeys)) change.eventKeys = keys;
    }
    if (body.isActive !== undefined && body.isActive !== row.isActive) change.isActive = body.isActive;
    // A new secret only when one is given (answered once, in this answer).
    if (body.secret) change.secret = body.secret;
    const updated = Object.keys(change).length ? await updateWebhook(db, row, change) : row;
    const { secret, ...changed } = change;
    await audit(ctx, 'Webhook updated', {
      webhookId: row.id,
      changed: Object.keys(change),
      ...changed,
      ...(secret ? { secretReplaced: true } : {}),
    });
    return ctx.json(webhookView(updated, secret ?? null) satisfies Answer<'patchWebhooksConfiguration'>);
  });

  on(e.deleteWebhooksConfiguration, async (ctx) => {
    const { id } = readParams(ctx, cc.deleteWebhooksConfiguration.params);
    const row = await findWebhook(db, tenantOf(ctx), id);
    await deleteWebhook(db, row);
    await audit(ctx, 'Webhook deleted', { webhookId: row.id, url: row.url, displayName: row.displayName });
    return ctx.json({} satisfies Answer<'deleteWebhooksConfiguration'>);
  });

  for (const entry of [e.getWebhookLog, e.getWebhookLogSlash])
    on(entry, async (ctx) => {
      const query = readQuery(ctx, cc.getWebhookLog.query);
      const row = await findWebhook(db, tenantOf(ctx), query.id);
      const page = await webhookLogsPage(db, row.id, query.offset ?? 0, query.limit ?? 10);
      return ctx.json(page satisfies Answer<'getWebhookLog'>);
    });

  on(e.postWebhookTest, async (ctx) => {
    const body = await readBody(ctx, cc.postWebhookTest.body);
    const tenantId = tenantOf(ctx);
    const saved = body.webhookId ? await findWebhook(db, tenantId, body.webhookId) : null;
    const auth = ctx.get('auth');
    const sample = sampleTestEvent(vendorId, tenantId, { userId: auth.sub, email: auth.email ?? null });
    // The stored secret signs only the sample event, sent to the saved webhook's own URL (no signing oracle: a
    // URL or payload of the caller's is signed with the caller's secret or a throwaway one, never the stored).
    const target = saved && !body.secret ? { webhookId: saved.id, url: saved.url } : null;
    const url = target?.url ?? body.url;
    await checkDeliveryUrl(services, url);
    const log = await sendWebhookTest(
      services,
      target
        ? { vendorId, tenantId, eventKey: 'frontegg.test', webhookId: target.webhookId, payload: sample }
        : {
            vendorId,
            tenantId,
            eventKey: 'frontegg.test',
            webhookId: null,
            url,
            secret: body.secret ?? newWebhookSecret(),
            payload: body.payload ?? sample,
          },
    );
    await audit(ctx, 'Webhook test sent', {
      webhookId: saved?.id ?? null,
      url,
      statusCode: log.statusCode,
      logId: log.id,
    });
    return ctx.json(log satisfies Answer<'postWebhookTest'>);
  });

  on(e.postWebhookRetry, async (ctx) => {
    const { id } = readParams(ctx, cc.postWebhookRetry.params);
    const log = await retryWebhookDelivery(services, tenantOf(ctx), id);
    await audit(ctx, 'Webhook delivery retried', {
      logId: id,
      webhookId: log.webhookId,
      deliveryId: log.deliveryId,
      eventKey: log.eventKey,
    });
    return ctx.json(log satisfies Answer<'postWebhookRetry'>, 202);
  });

  // --- email and SMS -------------------------------------------------------------------------------------
  for (const channel of ['email', 'sms'] as const satisfies readonly MessageChannel[]) {
    const names = messageCalls[channel];
    const updated = `${names.label} integration updated` as const;
    const deleted = `${names.label} integration deleted` as const;
    const recipientCount = (subs: { recipients: string[] }[]) =>
      subs.reduce((n, s) => n + s.recipients.length, 0);

    on(e[names.get], async (ctx) => ctx.json(await listChannelConfigs(db, tenantOf(ctx), channel)));

    on(e[names.post], async (ctx) => {
      const { eventKey } = readParams(ctx, cc[names.post].params);
      assertEventKey(eventKey, channel);
      const body = await readBody(ctx, cc[names.post].body);
      const answer = await saveChannelConfig(db, tenantOf(ctx), channel, eventKey, {
        enabled: body.enabled,
        subscriptions: body.subscriptions as {
          id?: string;
          name: string;
          enabled: boolean;
          recipients: string[];
        }[],
      });
      await audit(ctx, updated, {
        eventKey,
        enabled: answer.enabled,
        subscriptions: answer.subscriptions.length,
        recipients: recipientCount(answer.subscriptions),
      });
      return ctx.json(answer satisfies Answer<'postEmailConfiguration'>);
    });

    on(e[names.patch], async (ctx) => {
      const { eventKey } = readParams(ctx, cc[names.patch].params);
      const { enabled } = await readBody(ctx, cc[names.patch].body);
      const answer = await setChannelConfigEnabled(db, tenantOf(ctx), channel, eventKey, enabled);
      await audit(ctx, updated, { eventKey, enabled });
      return ctx.json(answer satisfies Answer<'patchEmailConfiguration'>);
    });

    on(e[names.put], async (ctx) => {
      const { eventKey, subscriptionId } = readParams(ctx, cc[names.put].params);
      const body = (await readBody(ctx, cc[names.put].body)) as {
        name: string;
        enabled: boolean;
        recipients: string[];
      };
      const answer = await putChannelSubscription(db, tenantOf(ctx), channel, eventKey, subscriptionId, body);
      await audit(ctx, updated, {
        eventKey,
        subscriptionId,
        enabled: body.enabled,
        recipients: body.recipients.length,
      });
      return ctx.json(answer satisfies Answer<'putEmailSubscriptions'>);
    });

    on(e[names.deleteSubscription], async (ctx) => {
      const { eventKey, subscriptionId } = readParams(ctx, cc[names.deleteSubscription].params);
      await deleteChannelSubscription(db, tenantOf(ctx), channel, eventKey, subscriptionId);
      await audit(ctx, updated, { eventKey, subscriptionId, removed: true });
      return ctx.json({} satisfies Answer<'deleteEmailSubscriptions'>);
    });

    on(e[names.delete], async (ctx) => {
      const { eventKey } = readParams(ctx, cc[names.delete].params);
      const { subscriptions } = await deleteChannelConfig(db, tenantOf(ctx), channel, eventKey);
      await audit(ctx, deleted, { eventKey, subscriptions });
      return ctx.json({} satisfies Answer<'deleteEmailConfiguration'>);
    });
  }

  // --- Slack ---------------------------------------------------------------------------------------------
  on(e.getSlackConfiguration, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const rows = await listSlackSubscriptions(db, tenantId);
    return ctx.json({
      id: tenantId,
      slackSubscriptions: rows.map(slackSubscriptionView),
    } satisfies Answer<'getSlackConfiguration'>);
  });

  on(e.getSlackScope, (ctx) => {
    const slack = services.config.connectivity.slack;
    if (!slack) throw apiError(400, SLACK_NOT_CONFIGURED);
    return ctx.json({ clientId: slack.clientId } satisfies Answer<'getSlackScope'>);
  });

  on(e.getSlackChannels, async (ctx) =>
    ctx.json((await slackChannels(db, tenantOf(ctx))) satisfies Answer<'getSlackChannels'>),
  );

  /** The events of a Slack save, checked: known keys allowed on Slack, every channel URL deliverable. */
  const slackSave = async (ctx: Context<AppEnv>) => {
    const body = await readBody(ctx, cc.postSlackConfiguration.body);
    const slackEvents = slackEventsInput(body.slackEvents);
    for (const url of slackUrlsOf(slackEvents)) await checkDeliveryUrl(services, url);
    return { isActive: body.isActive, slackEvents };
  };
  const slackAudit = (input: { isActive: boolean; slackEvents: { eventKey: string }[] }) => ({
    isActive: input.isActive,
    eventKeys: input.slackEvents.map((s) => s.eventKey),
    channels: slackUrlsOf(input.slackEvents as { eventKey: string; channelIds: string[] }[]).length,
  });

  on(e.postSlackConfiguration, async (ctx) => {
    const input = await slackSave(ctx);
    const row = await createSlackSubscription(db, tenantOf(ctx), input);
    await audit(ctx, 'Slack integration updated', { subscriptionId: row.id, ...slackAudit(input) });
    return ctx.json(slackSubscriptionView(row) satisfies Answer<'postSlackConfiguration'>, 201);
  });

  on(e.patchSlackConfiguration, async (ctx) => {
    const { id } = readParams(ctx, cc.patchSlackConfiguration.params);
    const row = await findSlackSubscription(db, tenantOf(ctx), id);
    const input = await slackSave(ctx);
    const updated = await updateSlackSubscription(db, row, input);
    await audit(ctx, 'Slack integration updated', { subscriptionId: row.id, ...slackAudit(input) });
    return ctx.json(slackSubscriptionView(updated) satisfies Answer<'patchSlackConfiguration'>);
  });

  on(e.deleteSlackConfiguration, async (ctx) => {
    const { id } = readParams(ctx, cc.deleteSlackConfiguration.params);
    const row = await findSlackSubscription(db, tenantOf(ctx), id);
    await deleteSlackSubscription(db, row);
    await audit(ctx, 'Slack integration deleted', { subscriptionId: row.id });
    return ctx.json({} satisfies Answer<'deleteSlackConfiguration'>);
  });

  on(e.postSlackCode, async (ctx) => {
    const slack = services.config.connectivity.slack;
    if (!slack) throw apiError(400, SLACK_NOT_CONFIGURED);
    const { code } = await readBody(ctx, cc.postSlackCode.body);
    const row = await registerSlackApp(services, slack, tenantOf(ctx), code);
    await audit(ctx, 'Slack integration updated', { subscriptionId: row.id, registered: true });
    return ctx.json({} satisfies Answer<'postSlackCode'>);
  });
});
