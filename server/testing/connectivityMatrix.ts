// Connectivity's calls of the authorization matrix (server/authz-matrix.test.ts): for each endpoint of
// `connectivityEndpointsByName`, a call on the own tenant (Acme: a fresh webhook, log, configuration or
// subscription made for the call, which may change or delete it) or aimed at the other tenant (its webhook, log,
// channel subscriptions and Slack subscription by id, or its tenant id in the query, the body and the scoping
// headers). Every id of the other tenant is a marker. And the other tenant's connectivity rows, for the matrix's
// "nothing of the other tenant changed": its webhook, email configuration and Slack subscription are inactive and
// name events the matrix never raises, so no delivery of its own can change them while the matrix runs.
//
// A local receiver (127.0.0.1; the matrix's server allows private addresses) answers webhook tests and retries,
// and stands in for Slack's API: the matrix's server is given a Slack app pointing at it at the first call.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import {
  channelConfigs,
  channelSubscriptions,
  integrationDeliveries,
  slackSubscriptions,
  webhookLogs,
  webhooks,
} from '../db/schema';
import { deleteWebhook } from '../integrations/configs';
import { connectivityEndpointsByName as ce } from '../routes/connectivity';
import type { Endpoint } from '../routes/endpoints';
import type { fixtures, TestServer } from '../testing';

type Scope = 'own' | 'other';
interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
type Fixtures = ReturnType<typeof fixtures>;
type MatrixCall = (scope: Scope, callerToken: string) => Promise<Call>;
interface Context {
  t: TestServer;
  f: Fixtures;
  acme: string;
  globex: string;
  /** The matrix's strings of the other tenant: none may appear in any answer. */
  markers: Set<string>;
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));
const key = (entry: Endpoint) => `${entry.method} ${entry.path}`;

const INVITED = 'frontegg.user.invitedToTenant';
/** The other tenant's event: never raised by the matrix (and its configurations are off anyway). */
const QUIET = 'frontegg.invoice.paymentFailed';
const SECRET = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;

/** The other tenant's connectivity rows, comparable. */
export async function connectivityState(f: Fixtures, tenantId: string): Promise<unknown[]> {
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  const configs = byId(await f.db.select().from(channelConfigs).where(eq(channelConfigs.tenantId, tenantId)));
  return [
    byId(await f.db.select().from(webhooks).where(eq(webhooks.tenantId, tenantId))),
    byId(await f.db.select().from(webhookLogs).where(eq(webhookLogs.tenantId, tenantId))),
    configs,
    configs.length
      ? byId(
          await f.db
            .select()
            .from(channelSubscriptions)
            .where(
              inArray(
                channelSubscriptions.configId,
                configs.map((c) => c.id),
              ),
            ),
        )
      : [],
    byId(await f.db.select().from(slackSubscriptions).where(eq(slackSubscriptions.tenantId, tenantId))),
    byId(await f.db.select().from(integrationDeliveries).where(eq(integrationDeliveries.tenantId, tenantId))),
  ];
}

/** `context` is read at the first call (the matrix builds its server in `before`). */
export function connectivityMatrixCalls(context: () => Context): Record<string, MatrixCall> {
  let built: Promise<Record<string, MatrixCall>> | undefined;
  return Object.fromEntries(
    Object.values(ce).map((entry) => [
      key(entry),
      async (scope: Scope, token: string) => {
        built ??= build(context());
        const call = (await built)[key(entry)];
        if (!call) throw new Error(`no connectivity matrix call for ${key(entry)}`);
        return call(scope, token);
      },
    ]),
  );
}

/** A receiver answering 200 to everything, and Slack's `oauth.v2.access` with an incoming webhook. */
async function localReceiver(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const port = (server.address() as AddressInfo).port;
      res.end(
        req.url?.endsWith('/oauth.v2.access')
          ? JSON.stringify({
              ok: true,
              incoming_webhook: { url: `http://127.0.0.1:${port}/services/T/B/matrix1234` },
            })
          : '{"ok":true}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // It ends with the test process (the matrix has no hook for it): it must not keep the process alive.
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function build(context: Context): Promise<Record<string, MatrixCall>> {
  const { t, acme, globex, markers } = context;
  const { db, vendorId } = t.services;
  const base = await localReceiver();
  t.services.config.connectivity.slack = {
    clientId: 'matrix-slack-client',
    clientSecret: 'matrix-slack-secret',
    apiUrl: `${base}/api`,
  };
  const hookUrl = `${base}/hook`;
  const fresh = () => `matrix-${randomUUID().slice(0, 8)}`;
  const mark = <T extends string>(tenantId: string, value: T): T => {
    if (tenantId === globex) markers.add(value);
    return value;
  };

  /** A webhook of a tenant (the other tenant's: inactive, on an event the matrix never raises). */
  const webhook = async (tenantId: string) => {
    const id = mark(tenantId, randomUUID());
    await db.insert(webhooks).values({
      id,
      vendorId,
      tenantId,
      displayName: mark(tenantId, `Hook ${fresh()}`),
      url: tenantId === globex ? `${base}/globex-only` : hookUrl,
      secret: SECRET,
      eventKeys: [tenantId === globex ? QUIET : INVITED],
      isActive: tenantId !== globex,
    });
    return id;
  };
  /** A delivered attempt of a tenant's webhook: its delivery row and its log row. */
  const logOf = async (tenantId: string, webhookId: string) => {
    const deliveryId = mark(tenantId, randomUUID());
    await db.insert(integrationDeliveries).values({
      id: deliveryId,
      vendorId,
      tenantId,
      channel: 'webhook',
      targetId: webhookId,
      eventKey: tenantId === globex ? QUIET : INVITED,
      status: 'delivered',
      attempts: 1,
      deliveredAt: new Date(),
    });
    const id = mark(tenantId, randomUUID());
    await db.insert(webhookLogs).values({
      id,
      vendorId,
      tenantId,
      webhookId,
      deliveryId,
      eventKey: tenantId === globex ? QUIET : INVITED,
      attempt: 1,
      statusCode: '200',
      ok: true,
      deliveryStatus: 'delivered',
      latencyMs: 5,
      requestBody: '{}',
      kind: 'event',
    });
    return id;
  };
  /** An email or SMS configuration of a tenant with one subscription (the other tenant's: off). */
  const configOf = async (tenantId: string, channel: 'email' | 'sms', eventKey = INVITED) => {
    const configId = randomUUID();
    const [config] = await db
      .insert(channelConfigs)
      .values({ id: configId, tenantId, channel, eventKey, enabled: tenantId !== globex })
      .onConflictDoUpdate({
        target: [channelConfigs.tenantId, channelConfigs.channel, channelConfigs.eventKey],
        set: { enabled: tenantId !== globex },
      })
      .returning();
    const subscriptionId = mark(tenantId, randomUUID());
    await db.insert(channelSubscriptions).values({
      id: subscriptionId,
      configId: config!.id,
      name: mark(tenantId, `Subscription ${fresh()}`),
      enabled: tenantId !== globex,
      recipients: [
        channel === 'email'
          ? mark(tenantId, `${fresh()}@${tenantId === globex ? 'globex' : 'acme'}.test`)
          : '+14155550123',
      ],
    });
    return { eventKey: config!.eventKey, subscriptionId };
  };
  /** A Slack subscription of a tenant (the other tenant's: inactive, on its own channel URL). */
  const slackOf = async (tenantId: string) => {
    const id = mark(tenantId, randomUUID());
    await db.insert(slackSubscriptions).values({
      id,
      tenantId,
      isActive: tenantId !== globex,
      slackEvents: [
        {
          eventKey: tenantId === globex ? QUIET : INVITED,
          channelIds: [tenantId === globex ? mark(tenantId, `${base}/globex-only/${fresh()}`) : hookUrl],
        },
      ],
    });
    return id;
  };

  // The other tenant's rows, made once.
  const other = {
    webhookId: await webhook(globex),
    email: await configOf(globex, 'email', QUIET),
    sms: await configOf(globex, 'sms', QUIET),
    slackId: await slackOf(globex),
  };
  const otherLog = await logOf(globex, other.webhookId);
  // The other tenant's email and SMS configurations on the key the own calls use too.
  const otherInvited = { email: await configOf(globex, 'email'), sms: await configOf(globex, 'sms') };

  /** What a caller names when it tries to reach the other tenant without an id of it. */
  const aimAtOther = (path: string, body?: unknown): Call => ({
    path: `${path}${path.includes('?') ? '&' : '?'}tenantId=${globex}`,
    body: body === undefined ? undefined : { ...(body as object), tenantId: globex },
    headers: { 'frontegg-tenant-id': globex, 'frontegg-scoped-tenant': globex },
  });
  const plain =
    (path: string, body?: () => unknown) =>
    async (scope: Scope): Promise<Call> =>
      scope === 'own' ? { path, body: body?.() } : aimAtOther(path, body?.());
  /** Acme's webhooks kept under the limit of 20 (the matrix creates one per allowed call). */
  const roomForWebhooks = async () => {
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.tenantId, acme));
    if (n >= 10)
      for (const row of await db.select().from(webhooks).where(eq(webhooks.tenantId, acme)))
        await deleteWebhook(db, row);
  };
  const onWebhook =
    (make: (id: string) => Call) =>
    async (scope: Scope): Promise<Call> =>
      make(scope === 'own' ? (await roomForWebhooks(), await webhook(acme)) : other.webhookId);

  const calls: Record<string, MatrixCall> = {
    [key(ce.getCategories)]: plain(ce.getCategories.path),
    [key(ce.getChannelMaps)]: plain(`${ce.getChannelMaps.path}?channels=webhook,email`),
    [key(ce.getWebhooksConfigurations)]: plain(ce.getWebhooksConfigurations.path),
    [key(ce.postWebhooksConfiguration)]: async (scope) => {
      await roomForWebhooks();
      return plain(ce.postWebhooksConfiguration.path, () => ({
        displayName: fresh(),
        url: hookUrl,
        eventKeys: [INVITED],
      }))(scope);
    },
    [key(ce.patchWebhooksConfiguration)]: onWebhook((id) => ({
      path: fill(ce.patchWebhooksConfiguration.path, { _id: id }),
      body: { displayName: fresh(), isActive: true },
    })),
    [key(ce.deleteWebhooksConfiguration)]: onWebhook((id) => ({
      path: fill(ce.deleteWebhooksConfiguration.path, { id }),
    })),
    [key(ce.getWebhookLog)]: onWebhook((id) => ({
      path: `${ce.getWebhookLog.path}?id=${encodeURIComponent(id)}`,
    })),
    [key(ce.getWebhookLogSlash)]: onWebhook((id) => ({
      path: `${ce.getWebhookLogSlash.path}?id=${encodeURIComponent(id)}`,
    })),
    [key(ce.postWebhookTest)]: async (scope) =>
      scope === 'own'
        ? { path: ce.postWebhookTest.path, body: { url: hookUrl, secret: SECRET } }
        : { path: ce.postWebhookTest.path, body: { url: hookUrl, webhookId: other.webhookId } },
    [key(ce.postWebhookRetry)]: async (scope) => {
      const id =
        scope === 'own' ? await logOf(acme, (await roomForWebhooks(), await webhook(acme))) : otherLog;
      return { path: fill(ce.postWebhookRetry.path, { id }) };
    },
    [key(ce.getSlackConfiguration)]: plain(ce.getSlackConfiguration.path),
    [key(ce.getSlackScope)]: plain(ce.getSlackScope.path),
    [key(ce.getSlackChannels)]: plain(ce.getSlackChannels.path),
    [key(ce.postSlackConfiguration)]: plain(ce.postSlackConfiguration.path, () => ({
      slackEvents: [{ eventKey: INVITED, channelIds: [hookUrl] }],
    })),
    [key(ce.patchSlackConfiguration)]: async (scope) => ({
      path: fill(ce.patchSlackConfiguration.path, {
        id: scope === 'own' ? await slackOf(acme) : other.slackId,
      }),
      body: { isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [hookUrl] }] },
    }),
    [key(ce.deleteSlackConfiguration)]: async (scope) => ({
      path: fill(ce.deleteSlackConfiguration.path, {
        id: scope === 'own' ? await slackOf(acme) : other.slackId,
      }),
    }),
    [key(ce.postSlackCode)]: plain(ce.postSlackCode.path, () => ({ code: 'matrix-code' })),
  };

  for (const channel of ['email', 'sms'] as const) {
    const e =
      channel === 'email'
        ? {
            get: ce.getEmailConfiguration,
            post: ce.postEmailConfiguration,
            patch: ce.patchEmailConfiguration,
            put: ce.putEmailSubscriptions,
            deleteSub: ce.deleteEmailSubscriptions,
            remove: ce.deleteEmailConfiguration,
          }
        : {
            get: ce.getSMSConfiguration,
            post: ce.postSMSConfiguration,
            patch: ce.patchSMSConfiguration,
            put: ce.putSMSSubscriptions,
            deleteSub: ce.deleteSMSSubscriptions,
            remove: ce.deleteSMSConfiguration,
          };
    const recipients = channel === 'email' ? ['matrix@acme.test'] : ['+14155550124'];
    /** Acme's configuration and a subscription of it (own), or the other tenant's subscription's ids. */
    const target = async (scope: Scope) =>
      scope === 'own' ? configOf(acme, channel) : otherInvited[channel];
    calls[key(e.get)] = plain(e.get.path);
    calls[key(e.post)] = plain(fill(e.post.path, { eventKey: INVITED }), () => ({
      enabled: true,
      subscriptions: [{ name: 'Matrix', recipients }],
    }));
    calls[key(e.patch)] = async (scope) => {
      await configOf(acme, channel);
      return plain(fill(e.patch.path, { eventKey: INVITED }), () => ({ enabled: true }))(scope);
    };
    calls[key(e.put)] = async (scope) => {
      const { eventKey, subscriptionId } = await target(scope);
      return {
        path: fill(e.put.path, { eventKey, subscriptionId }),
        body: { name: 'Matrix', enabled: true, recipients },
      };
    };
    calls[key(e.deleteSub)] = async (scope) => {
      const { eventKey, subscriptionId } = await target(scope);
      return { path: fill(e.deleteSub.path, { eventKey, subscriptionId }) };
    };
    calls[key(e.remove)] = async (scope) => {
      // Own: Acme's configuration of the key; other: the other tenant's key (Acme has none of it: 404).
      if (scope === 'own') {
        const { eventKey } = await configOf(acme, channel);
        return { path: fill(e.remove.path, { eventKey }) };
      }
      return aimAtOther(fill(e.remove.path, { eventKey: other[channel].eventKey }));
    };
  }
  return calls;
}
