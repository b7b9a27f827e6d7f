// The delivery engine (issue 21, CONNECT-002..004, docs/decisions/0027) on the real database: events queued by
// writeAudit for the tenant's destinations, signed webhook deliveries a real receiver verifies, the retry
// schedule with its jitter, failure after the last delay (audited), email, SMS and Slack messages, turned-off
// and deleted destinations, a slow receiver that stalls nothing, tests and manual retries, and the address
// rules without the development switch (loopback, metadata, private, a DNS name resolving to a private address).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookLog as webhookLogContract } from '../../shared/api/contracts/connectivity';
import { writeAudit } from '../audit';
import {
  audits,
  channelConfigs,
  channelSubscriptions,
  integrationDeliveries,
  slackSubscriptions,
  webhookLogs,
  webhooks,
} from '../db/schema';
import { readOutbox } from '../mail/mailer';
import { FetchRefused, guardedFetchFunction } from '../net/guardedFetch';
import { readSmsOutbox } from '../sms/sms';
import { startDns, type LocalDns } from '../testing/dns';
import { fixtures, testServer, type TestServer } from '../testing';
import { deliveryUrlRefusal, DNS_TIMEOUT_MS, UNREACHABLE_HOST } from './address';
import { checkDeliveryUrl, retryWebhookDelivery, sendWebhookTest } from './delivery';
import type { EventPayload } from './payload';
import {
  DELIVERY_RETENTION_DAYS,
  enqueueEvent,
  failureFields,
  insertClaimedDelivery,
  pruneDeliveries,
} from './queue';
import { startReceiver, until, type Receiver } from './receivers';
import { attemptDelivery, MESSAGE_TIMEOUT_MS, retryDelayMs } from './send';
import { DEFAULT_LOCK_SECONDS, startDeliveryWorker } from './worker';

const INVITED = 'frontegg.user.invitedToTenant';
/** The promise fails with an apiError whose first message matches. */
const rejectsWith = async (promise: Promise<unknown>, pattern: RegExp) => {
  const error = await promise.then(
    () => assert.fail(`accepted, expected ${pattern}`),
    (e: { getResponse(): Response }) => e,
  );
  const { errors } = (await error.getResponse().json()) as { errors: string[] };
  assert.match(errors[0]!, pattern);
};
const secretOf = () => `whsec_${randomBytes(32).toString('base64')}`;

let t: TestServer;
let acme: string;
let other: string;
const receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};

const addWebhook = async (url: string, values: Partial<typeof webhooks.$inferInsert> = {}) => {
  const row = {
    id: randomUUID(),
    vendorId: t.services.vendorId,
    tenantId: acme,
    displayName: 'Hook',
    url,
    secret: secretOf(),
    eventKeys: [INVITED],
    ...values,
  };
  await t.services.db.insert(webhooks).values(row);
  return row;
};

/** An event of the tenant: an audit row of the catalog's `User invited`. */
const invite = (email = `x${randomUUID().slice(0, 6)}@example.test`, tenantId = acme) =>
  writeAudit(t.services.db, {
    vendorId: t.services.vendorId,
    tenantId,
    email: 'admin@acme.test',
    action: 'User invited',
    description: `Invited ${email}`,
    json: { invitedUserId: 'u1' },
  });

const deliveriesOf = (targetId: string) =>
  t.services.db.select().from(integrationDeliveries).where(eq(integrationDeliveries.targetId, targetId));
const logsOf = (webhookId: string) =>
  t.services.db
    .select()
    .from(webhookLogs)
    .where(eq(webhookLogs.webhookId, webhookId))
    .orderBy(webhookLogs.attempt);

describe('the delivery engine (development switch on: receivers on 127.0.0.1)', () => {
  before(async () => {
    t = await testServer({
      allowPrivateNetworkFetch: true,
      connectivity: { retryDelaysSeconds: [0, 0] },
    });
    const f = fixtures(t);
    acme = await f.tenantId('Acme');
    other = await f.newTenant('Other');
  });
  // Each test its own webhooks: those of the tests before are gone (their queued deliveries dropped).
  beforeEach(() => t.services.db.delete(webhooks));
  after(async () => {
    for (const r of receivers) await r.close();
    await t.close();
  });

  it('[CONNECT-002] an event is queued once per destination of its tenant and key, none for the others', async () => {
    const { db } = t.services;
    const listening = await addWebhook('http://127.0.0.1:9/a');
    const otherKey = await addWebhook('http://127.0.0.1:9/b', { eventKeys: ['frontegg.role.created'] });
    const off = await addWebhook('http://127.0.0.1:9/c', { isActive: false });
    const elsewhere = await addWebhook('http://127.0.0.1:9/d', { tenantId: other });
    // Not sendable: kept out of the worker's way (the address is a closed port).
    await db.update(webhooks).set({ url: 'http://127.0.0.1:9/a' }).where(eq(webhooks.id, listening.id));
    await invite();
    assert.equal((await deliveriesOf(listening.id)).length, 1);
    assert.equal((await deliveriesOf(otherKey.id)).length, 0);
    assert.equal((await deliveriesOf(off.id)).length, 0);
    assert.equal((await deliveriesOf(elsewhere.id)).length, 0);
    const [bumped] = await db.select().from(webhooks).where(eq(webhooks.id, listening.id));
    assert.equal(bumped!.invocations, 1);
    // Not an event: an action outside the catalog, or a row without a tenant.
    await writeAudit(db, { vendorId: t.services.vendorId, tenantId: acme, action: 'Webhook created' });
    await writeAudit(db, { vendorId: t.services.vendorId, action: 'User invited' });
    assert.equal((await deliveriesOf(listening.id)).length, 1);
    // No destination at all: nothing queued.
    const none = await enqueueEvent(db, {
      vendorId: t.services.vendorId,
      tenantId: other,
      userId: null,
      email: null,
      action: 'Role created',
      description: '',
      severity: 'Info',
      json: {},
    });
    assert.equal(none, 0);
    for (const id of [listening.id, otherKey.id, off.id, elsewhere.id])
      await db.delete(webhooks).where(eq(webhooks.id, id));
  });

  it('[CONNECT-001] a delivery is signed per Standard Webhooks: the receiver verifies it; the payload names the event', async () => {
    const r = await receiver();
    const hook = await addWebhook(r.url);
    await invite('signed@example.test');
    const [got] = await until(() => (r.received.length ? r.received : undefined), 'the delivery');
    const [delivery] = await deliveriesOf(hook.id);
    assert.equal(got!.headers['webhook-id'], delivery!.id);
    assert.match(got!.headers['webhook-signature']!, /^v1,/);
    assert.equal(got!.headers['content-type'], 'application/json');
    const verified = new Webhook(hook.secret).verify(got!.body, got!.headers) as EventPayload;
    assert.equal(verified.type, INVITED);
    assert.equal(verified.eventKey, INVITED);
    assert.deepEqual(verified.eventContext, { vendorId: t.services.vendorId, tenantId: acme, userId: null });
    assert.equal(verified.data.action, 'User invited');
    assert.equal(verified.data.description, 'Invited signed@example.test');
    assert.equal(verified.data.email, 'admin@acme.test');
    assert.equal(verified.data.invitedUserId, 'u1');
    assert.throws(() => new Webhook(secretOf()).verify(got!.body, got!.headers), /signature/i);
    await until(async () => (await deliveriesOf(hook.id))[0]?.status === 'delivered', 'delivered');
    const [log] = await logsOf(hook.id);
    assert.equal(log!.kind, 'event');
    assert.equal(log!.statusCode, '200');
    assert.equal(log!.deliveryStatus, 'delivered');
    assert.equal(log!.responseBody, 'ok');
    assert.equal(log!.requestBody, got!.body);
  });

  it('a receiver failing twice then succeeding: three attempts logged, the same webhook-id', async () => {
    const r = await receiver(
      (_req, res, i) => void res.writeHead(i < 2 ? 500 : 200).end(i < 2 ? 'no' : 'yes'),
    );
    const hook = await addWebhook(r.url);
    await invite();
    await until(async () => (await deliveriesOf(hook.id))[0]?.status === 'delivered', 'delivered');
    const logs = await logsOf(hook.id);
    assert.deepEqual(
      logs.map((l) => [l.attempt, l.statusCode, l.ok, l.deliveryStatus]),
      [
        [1, '500', false, 'retrying'],
        [2, '500', false, 'retrying'],
        [3, '200', true, 'delivered'],
      ],
    );
    assert.equal(new Set(r.received.map((x) => x.headers['webhook-id'])).size, 1);
    const [delivery] = await deliveriesOf(hook.id);
    assert.equal(delivery!.attempts, 3);
    assert.ok(delivery!.deliveredAt);
  });

  it('after the last delay a delivery is failed, once, and audited (Medium)', async () => {
    const r = await receiver((_req, res) => void res.writeHead(503).end('down'));
    const hook = await addWebhook(r.url);
    await invite();
    await until(async () => (await deliveriesOf(hook.id))[0]?.status === 'failed', 'failed');
    const [delivery] = await deliveriesOf(hook.id);
    assert.equal(delivery!.attempts, 3); // the first and one per delay (0, 0)
    assert.equal(delivery!.lastError, 'HTTP 503');
    assert.equal(r.received.length, 3);
    const logs = await logsOf(hook.id);
    assert.deepEqual(
      logs.map((l) => l.deliveryStatus),
      ['retrying', 'retrying', 'failed'],
    );
    const [row] = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'Webhook delivery failed'), eq(audits.tenantId, acme)));
    assert.equal(row!.severity, 'Medium');
    assert.deepEqual(row!.json, {
      webhookId: hook.id,
      deliveryId: delivery!.id,
      eventKey: INVITED,
      attempts: 3,
    });
    // A redirect is a failure too (never followed).
    await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
    const moved = await receiver((_req, res) => void res.writeHead(302, { location: r.url }).end());
    const redirected = await addWebhook(moved.url);
    await invite();
    await until(async () => (await deliveriesOf(redirected.id))[0]?.status === 'failed', 'failed');
    assert.equal(r.received.length, 3, 'the redirect was not followed');
    assert.deepEqual(
      (await logsOf(redirected.id)).map((l) => l.statusCode),
      ['302', '302', '302'],
    );
  });

  it('the retry schedule: each delay × a jitter within 0.8..1.2', async () => {
    assert.equal(
      retryDelayMs([5, 30], 1, () => 0),
      4000,
    );
    assert.equal(
      retryDelayMs([5, 30], 1, () => 1),
      6000,
    );
    assert.equal(
      retryDelayMs([5, 30], 2, () => 0.5),
      30_000,
    );
    assert.equal(retryDelayMs([5, 30], 3), null);
    for (let i = 0; i < 200; i++) {
      const ms = retryDelayMs([10], 1)!;
      assert.ok(ms >= 8000 && ms <= 12_000, String(ms));
    }
    // On a real delivery: the next attempt is due 0.8..1.2 × the delay after the failed one.
    t.services.config.connectivity.retryDelaysSeconds = [100];
    try {
      const r = await receiver((_req, res) => void res.writeHead(500).end());
      const hook = await addWebhook(r.url);
      await invite();
      await until(async () => (await logsOf(hook.id)).length === 1, 'the first attempt');
      const [delivery] = await until(async () => {
        const rows = await deliveriesOf(hook.id);
        return rows[0]?.attempts === 1 ? rows : undefined;
      }, 'recorded');
      const [log] = await logsOf(hook.id);
      const wait = delivery!.nextAttemptAt.getTime() - log!.createdAt.getTime();
      assert.ok(wait >= 80_000 && wait <= 120_000, String(wait));
      assert.equal(delivery!.status, 'pending');
      assert.equal(log!.deliveryStatus, 'retrying');
      await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
    } finally {
      t.services.config.connectivity.retryDelaysSeconds = [0, 0];
    }
  });

  it('[CONNECT-001] [CONNECT-002] an email channel: each enabled recipient gets the mail in the outbox', async () => {
    const { db } = t.services;
    const config = { id: randomUUID(), tenantId: acme, channel: 'email', eventKey: INVITED, enabled: true };
    await db.insert(channelConfigs).values(config);
    await db.insert(channelSubscriptions).values([
      { id: randomUUID(), configId: config.id, name: 'Ops', recipients: ['ops@acme.test', 'sec@acme.test'] },
      { id: randomUUID(), configId: config.id, name: 'Off', enabled: false, recipients: ['off@acme.test'] },
    ]);
    await invite('<b>new</b>@example.test');
    const mails = await until(async () => {
      const all = (await readOutbox(db)).filter((m) => m.subject === '[Acme] User invited');
      return all.length >= 2 ? all : undefined;
    }, 'two mails');
    assert.deepEqual(mails.map((m) => m.to).sort(), ['ops@acme.test', 'sec@acme.test']);
    assert.match(mails[0]!.text, /Invited <b>new<\/b>@example\.test/);
    assert.match(mails[0]!.text, /By: admin@acme\.test/);
    assert.match(mails[0]!.text, /When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    assert.doesNotMatch(mails[0]!.html, /<b>new/, 'text, never markup');
    assert.equal((await readOutbox(db)).filter((m) => m.to === 'off@acme.test').length, 0);
    await db.delete(channelConfigs).where(eq(channelConfigs.id, config.id));
  });

  it('[CONNECT-001] [CONNECT-002] an SMS channel: a short text to each number', async () => {
    const { db } = t.services;
    const config = { id: randomUUID(), tenantId: acme, channel: 'sms', eventKey: INVITED, enabled: true };
    await db.insert(channelConfigs).values(config);
    await db
      .insert(channelSubscriptions)
      .values({ id: randomUUID(), configId: config.id, recipients: ['+15550001'] });
    await invite('texted@example.test');
    const sms = await until(
      async () => (await readSmsOutbox(db)).find((s) => s.to === '+15550001'),
      'the text message',
    );
    assert.match(sms.text, /^Acme: User invited - Invited texted@example\.test - by admin@acme\.test$/);
    assert.ok(sms.text.length <= 160);
    await db.delete(channelConfigs).where(eq(channelConfigs.id, config.id));
  });

  it('[CONNECT-001] [CONNECT-002] a Slack subscription: the channel URL gets { text }, its title and message when set, escaped', async () => {
    const { db } = t.services;
    const plain = await receiver();
    const custom = await receiver();
    const id = randomUUID();
    await db.insert(slackSubscriptions).values({
      id,
      tenantId: acme,
      slackEvents: [
        { eventKey: INVITED, channelIds: [plain.url] },
        { eventKey: 'frontegg.role.created', channelIds: [custom.url] },
      ],
    });
    const other = randomUUID();
    await db.insert(slackSubscriptions).values({
      id: other,
      tenantId: acme,
      slackEvents: [
        {
          eventKey: INVITED,
          channelIds: [custom.url],
          title: 'New <!channel> invite',
          message: 'See the portal',
        },
      ],
    });
    await invite('<@U1>@example.test');
    await until(() => plain.received.length && custom.received.length, 'both channels');
    const text = (JSON.parse(plain.received[0]!.body) as { text: string }).text;
    assert.match(
      text,
      /^\*User invited \(Acme\)\*\nInvited &lt;@U1&gt;@example\.test — by admin@acme\.test\n/,
    );
    assert.deepEqual(Object.keys(JSON.parse(custom.received[0]!.body) as object), ['text']);
    assert.match(
      (JSON.parse(custom.received[0]!.body) as { text: string }).text,
      /^\*New &lt;!channel&gt; invite\*\nSee the portal\n/,
    );
    await db.delete(slackSubscriptions).where(eq(slackSubscriptions.id, id));
    await db.delete(slackSubscriptions).where(eq(slackSubscriptions.id, other));
  });

  it('[CONNECT-002] a webhook turned off or deleted after the event was queued: nothing sent, the delivery dropped', async () => {
    const { db } = t.services;
    const r = await receiver();
    const off = await addWebhook(r.url);
    const gone = await addWebhook(r.url);
    // Queued due in an hour (no worker takes them yet), then the webhooks change, then they are due.
    const queued = await enqueueEvent(
      db,
      {
        vendorId: t.services.vendorId,
        tenantId: acme,
        userId: null,
        email: null,
        action: 'User invited',
        description: '',
        severity: 'Info',
        json: {},
      },
      new Date(Date.now() + 3_600_000),
    );
    assert.equal(queued, 2);
    await db.update(webhooks).set({ isActive: false }).where(eq(webhooks.id, off.id));
    await db.delete(webhooks).where(eq(webhooks.id, gone.id));
    await db
      .update(integrationDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(inArray(integrationDeliveries.targetId, [off.id, gone.id]));
    await until(async () => (await deliveriesOf(off.id))[0]?.status === 'failed', 'dropped');
    await until(async () => (await deliveriesOf(gone.id))[0]?.status === 'failed', 'dropped');
    assert.equal((await deliveriesOf(off.id))[0]!.lastError, 'The webhook is turned off');
    assert.equal((await deliveriesOf(gone.id))[0]!.lastError, 'The webhook was deleted');
    assert.equal(r.received.length, 0);
    assert.equal((await logsOf(off.id)).length, 0);
    await db.delete(webhooks).where(eq(webhooks.id, off.id));
  });

  it('a receiver that never answers stalls nothing: the fast one is delivered while the slow one is pending', async () => {
    const slow = await receiver(() => undefined);
    const fast = await receiver();
    const slowHook = await addWebhook(slow.url);
    const fastHook = await addWebhook(fast.url);
    await invite();
    await until(async () => (await deliveriesOf(fastHook.id))[0]?.status === 'delivered', 'the fast one');
    await until(() => slow.received.length, 'the slow one reached');
    const [pending] = await deliveriesOf(slowHook.id);
    assert.equal(pending!.status, 'pending');
    assert.ok(pending!.lockedUntil, 'claimed, in flight');
    // Another event meanwhile: delivered too.
    await invite();
    await until(
      async () => (await deliveriesOf(fastHook.id)).filter((d) => d.status === 'delivered').length === 2,
      'the next one',
    );
    assert.equal((await deliveriesOf(slowHook.id)).filter((d) => d.status === 'delivered').length, 0);
    await t.services.db.delete(webhooks).where(eq(webhooks.id, slowHook.id));
    await t.services.db.delete(webhooks).where(eq(webhooks.id, fastHook.id));
    await slow.close();
  });

  it('[CONNECT-003] a test is sent and logged; a retry of its log sends the same delivery again (kind retry)', async () => {
    const r = await receiver((_req, res, i) => void res.writeHead(i === 0 ? 201 : 200).end('hi'));
    const hook = await addWebhook(r.url, { eventKeys: [] });
    const secret = hook.secret;
    const base = { vendorId: t.services.vendorId, tenantId: acme, eventKey: INVITED };
    const log = webhookLogContract.parse(
      await sendWebhookTest(t.services, { ...base, webhookId: hook.id, payload: { test: true } }),
    );
    assert.equal(log.statusCode, '201');
    assert.equal(log.kind, 'test');
    assert.equal(log.deliveryStatus, 'delivered');
    assert.equal(log.webhookId, hook.id);
    assert.equal(log.body, '{"test":true}');
    assert.equal(r.received[0]!.headers['webhook-id'], log.deliveryId);
    new Webhook(secret).verify(r.received[0]!.body, r.received[0]!.headers);

    const retried = await retryWebhookDelivery(t.services, acme, log.id);
    assert.equal(retried.id, log.id);
    await until(async () => (await logsOf(hook.id)).length === 2, 'the retry');
    const [, again] = await logsOf(hook.id);
    assert.equal(again!.kind, 'retry');
    assert.equal(again!.attempt, 2);
    assert.equal(again!.deliveryId, log.deliveryId);
    assert.equal(r.received[1]!.headers['webhook-id'], log.deliveryId);

    // Another account's log is unknown; a test of an unsaved form cannot be retried.
    await rejectsWith(retryWebhookDelivery(t.services, other, log.id), /^Webhook log not found$/);
    await rejectsWith(retryWebhookDelivery(t.services, acme, randomUUID()), /^Webhook log not found$/);
    const unsaved = await sendWebhookTest(t.services, {
      ...base,
      webhookId: null,
      url: r.url,
      secret,
      payload: {},
    });
    assert.equal(unsaved.webhookId, '');
    await rejectsWith(
      retryWebhookDelivery(t.services, acme, unsaved.id),
      /^A test of an unsaved webhook cannot be retried$/,
    );
    // A test that fails is failed at once (no schedule): one attempt.
    const down = await sendWebhookTest(t.services, {
      ...base,
      webhookId: null,
      url: 'http://127.0.0.1:9/x',
      secret,
      payload: {},
    });
    assert.equal(down.deliveryStatus, 'failed');
    assert.equal(down.statusCode, '');
    assert.equal(down.error, 'network');
    await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('[CONNECT-004] a retried test of a saved webhook goes to its current URL under its secret, never to a stored URL', async () => {
    const first = await receiver();
    const moved = await receiver();
    const hook = await addWebhook(first.url, { eventKeys: [] });
    const log = await sendWebhookTest(t.services, {
      vendorId: t.services.vendorId,
      tenantId: acme,
      eventKey: INVITED,
      webhookId: hook.id,
      payload: { sample: true },
    });
    assert.equal(first.received.length, 1);
    const [row] = await t.services.db
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, log.deliveryId));
    assert.equal(row!.recipient, null, 'no URL stored with a delivery of a saved webhook');
    // A URL stored with the delivery anyway (an older row): ignored, the webhook's own URL is sent to.
    await t.services.db
      .update(integrationDeliveries)
      .set({ recipient: 'http://127.0.0.1:9/stolen' })
      .where(eq(integrationDeliveries.id, log.deliveryId));
    await t.services.db.update(webhooks).set({ url: moved.url }).where(eq(webhooks.id, hook.id));
    await retryWebhookDelivery(t.services, acme, log.id);
    const got = await until(() => moved.received[0], 'the retry at the current URL');
    new Webhook(hook.secret).verify(got.body, got.headers);
    assert.equal(first.received.length, 1);
    await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('one slow receiver stalls no one: a tarpit with many queued deliveries holds at most one slot; the fast one gets all of its', async () => {
    const tarpit = await receiver(() => undefined);
    const fast = await receiver();
    const slowHook = await addWebhook(tarpit.url);
    const fastHook = await addWebhook(fast.url);
    for (let i = 0; i < 12; i++) await invite();
    await until(
      async () => (await deliveriesOf(fastHook.id)).filter((d) => d.status === 'delivered').length === 12,
      'the fast one, every delivery',
    );
    assert.equal(tarpit.received.length, 1, 'one delivery of the tarpit in flight at a time');
    const inFlight = (await deliveriesOf(slowHook.id)).filter(
      (d) => d.lockedUntil && d.lockedUntil.getTime() > Date.now(),
    );
    assert.equal(inFlight.length, 1);
    await t.services.db.delete(webhooks).where(inArray(webhooks.id, [slowHook.id, fastHook.id]));
    await tarpit.close();
  });

  it('a delivery claimed again mid-send is not recorded by the first claim (the outcome is fenced by its lock)', async () => {
    const r = await receiver();
    const hook = await addWebhook(r.url, { eventKeys: [] });
    const values = {
      vendorId: t.services.vendorId,
      tenantId: acme,
      channel: 'webhook',
      targetId: hook.id,
      eventKey: INVITED,
      payload: { fenced: true },
    };
    const stale = await insertClaimedDelivery(t.services.db, values, 60_000);
    // Its lock expired and another claim took it: a new lock value.
    const other = new Date(Date.now() + 120_000);
    await t.services.db
      .update(integrationDeliveries)
      .set({ lockedUntil: other })
      .where(eq(integrationDeliveries.id, stale.id));
    const outcome = await attemptDelivery(t.services, stale);
    assert.equal(outcome.abandoned, true);
    const [row] = await t.services.db
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, stale.id));
    assert.equal(row!.status, 'pending');
    assert.equal(row!.attempts, 0);
    assert.equal(row!.lockedUntil!.getTime(), other.getTime(), "the other claim's lock untouched");
    assert.equal((await logsOf(hook.id)).length, 0, 'no log written by the stale claim');
    await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
    await t.services.db.delete(integrationDeliveries).where(eq(integrationDeliveries.id, stale.id));
  });

  it('an email send that never ends is cut off by its time limit: a failed attempt, retried on schedule', async () => {
    const { db } = t.services;
    const config = { id: randomUUID(), tenantId: acme, channel: 'email', eventKey: INVITED, enabled: true };
    await db.insert(channelConfigs).values(config);
    const subscription = { id: randomUUID(), configId: config.id, recipients: ['hang@acme.test'] };
    await db.insert(channelSubscriptions).values(subscription);
    const delivery = await insertClaimedDelivery(
      db,
      {
        vendorId: t.services.vendorId,
        tenantId: acme,
        channel: 'email',
        targetId: subscription.id,
        recipient: 'hang@acme.test',
        eventKey: INVITED,
        payload: {},
      },
      60_000,
    );
    const hanging = {
      ...t.services,
      mailer: { ...t.services.mailer, send: () => new Promise<never>(() => {}) },
    };
    const started = Date.now();
    const outcome = await attemptDelivery(hanging as typeof t.services, delivery, { messageTimeoutMs: 200 });
    assert.ok(Date.now() - started < 5_000);
    assert.equal(outcome.status, 'pending');
    const [row] = await db
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, delivery.id));
    assert.equal(row!.attempts, 1);
    assert.equal(row!.lockedUntil, null);
    assert.match(row!.lastError!, /No answer within 0.2 s/);
    assert.equal(MESSAGE_TIMEOUT_MS < DEFAULT_LOCK_SECONDS * 1000, true, 'the limit is below the lock');
    await db.delete(channelConfigs).where(eq(channelConfigs.id, config.id));
    await db.delete(integrationDeliveries).where(eq(integrationDeliveries.id, delivery.id));
  });

  it('retention: delivered and failed deliveries and webhook logs older than 30 days are pruned in batches, by the worker at start too', async () => {
    const { db, vendorId } = t.services;
    const old = new Date(Date.now() - (DELIVERY_RETENTION_DAYS + 1) * 24 * 3600_000);
    const future = new Date(Date.now() + 3600_000);
    const delivery = (status: string, at: Date, next = at) => ({
      id: randomUUID(),
      vendorId,
      tenantId: acme,
      channel: 'webhook',
      targetId: `gone-${randomUUID()}`,
      eventKey: INVITED,
      payload: {},
      status,
      createdAt: at,
      nextAttemptAt: next,
      ...(status === 'delivered' ? { deliveredAt: at } : {}),
    });
    const oldDone = [delivery('delivered', old), delivery('failed', old), delivery('delivered', old)];
    const kept = [
      delivery('pending', old, future),
      delivery('delivered', new Date()),
      delivery('failed', old, new Date()), // retried lately
    ];
    await db.insert(integrationDeliveries).values([...oldDone, ...kept]);
    const logRow = (at: Date) => ({
      id: randomUUID(),
      vendorId,
      tenantId: acme,
      deliveryId: randomUUID(),
      eventKey: INVITED,
      attempt: 1,
      statusCode: '200',
      ok: true,
      deliveryStatus: 'delivered',
      latencyMs: 1,
      requestBody: '{}',
      kind: 'event',
      createdAt: at,
    });
    const oldLogs = [logRow(old), logRow(old), logRow(old)];
    const newLog = logRow(new Date());
    await db.insert(webhookLogs).values([...oldLogs, newLog]);
    assert.equal(await pruneDeliveries(db, { batchSize: 2 }), 6);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const left = ids(
      await db
        .select({ id: integrationDeliveries.id })
        .from(integrationDeliveries)
        .where(inArray(integrationDeliveries.id, ids([...oldDone, ...kept]))),
    );
    assert.deepEqual(left.sort(), ids(kept).sort());
    const logsLeft = await db
      .select({ id: webhookLogs.id })
      .from(webhookLogs)
      .where(inArray(webhookLogs.id, ids([...oldLogs, newLog])));
    assert.deepEqual(ids(logsLeft), [newLog.id]);
    // The worker prunes at start (then hourly; an unref'd timer, stopped with it).
    const again = delivery('failed', old);
    await db.insert(integrationDeliveries).values(again);
    await db.insert(webhookLogs).values(logRow(old));
    const worker = startDeliveryWorker(t.services, { concurrency: 0 });
    await until(
      async () =>
        !(await db.select().from(integrationDeliveries).where(eq(integrationDeliveries.id, again.id))).length,
      'pruned by the worker',
    );
    await worker.stop();
    await db.delete(integrationDeliveries).where(inArray(integrationDeliveries.id, ids(kept)));
  });

  it('a payload never carries impersonatedBy or actingTenantId of the audit row', async () => {
    const hook = await addWebhook('http://127.0.0.1:9/closed');
    await writeAudit(t.services.db, {
      vendorId: t.services.vendorId,
      tenantId: acme,
      action: 'User invited',
      description: 'Invited by a support agent',
      json: { invitedUserId: 'u9', impersonatedBy: 'agent-1', actingTenantId: 'parent-1' },
    });
    const [queued] = await deliveriesOf(hook.id);
    const data = (queued!.payload as unknown as EventPayload).data;
    assert.equal(data.invitedUserId, 'u9');
    assert.equal('impersonatedBy' in data, false);
    assert.equal('actingTenantId' in data, false);
    await t.services.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it('a failure to queue logs only the message (without the query parameters) and the code', async () => {
    const error = await t.services.db
      .execute(sql`select * from no_such_table where email = ${'secret-recipient@acme.test'}`)
      .then(
        () => assert.fail('the query ran'),
        (e: unknown) => e,
      );
    assert.match(String((error as Error).message), /secret-recipient/, 'the raw error holds the parameter');
    const fields = failureFields(error);
    assert.deepEqual(Object.keys(fields).sort(), ['errorCode', 'message']);
    assert.doesNotMatch(JSON.stringify(fields), /secret-recipient/);
  });
});

describe('the address rules without the development switch', () => {
  let s: TestServer;
  let dns: LocalDns;
  let r: Receiver;
  before(async () => {
    dns = await startDns();
    dns.setAddresses('hooks.private.test', ['10.1.2.3']);
    dns.setAddresses('hooks.loop.test', ['93.184.216.34', '127.0.0.1']);
    r = await startReceiver();
    s = await testServer({ dnsServers: [dns.address], connectivity: { retryDelaysSeconds: [] } });
  });
  after(async () => {
    await s.close();
    await r.close();
    await dns.close();
  });

  const refused = [
    'http://127.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/hook',
    'http://[::1]/hook',
    'http://hooks.private.test/hook',
    'http://hooks.loop.test/hook',
  ];

  it('refused when saved: loopback, metadata, private, IPv6 loopback, DNS names resolving to private addresses', async () => {
    for (const url of [...refused, r.url])
      await rejectsWith(checkDeliveryUrl(s.services, url), /^The delivery address is refused: /);
    const messages = await Promise.all(
      refused.map((url) =>
        checkDeliveryUrl(s.services, url).then(
          () => 'accepted',
          async (e: { getResponse(): Response }) =>
            ((await e.getResponse().json()) as { errors: string[] }).errors[0],
        ),
      ),
    );
    assert.deepEqual(messages, [
      'The delivery address is refused: 127.0.0.1 is a loopback address',
      'The delivery address is refused: 169.254.169.254 is a cloud-metadata address',
      'The delivery address is refused: 10.0.0.1 is a private address',
      'The delivery address is refused: ::1 is a ipv4-compatible address',
      `The delivery address is refused: ${UNREACHABLE_HOST}`,
      `The delivery address is refused: ${UNREACHABLE_HOST}`,
    ]);
    await rejectsWith(checkDeliveryUrl(s.services, 'ftp://example.com/x'), /ftp: URLs/);
    await rejectsWith(checkDeliveryUrl(s.services, 'https://u:p@example.com/x'), /credentials/);
    await rejectsWith(
      checkDeliveryUrl(s.services, 'https://nowhere.invalid/x'),
      /^The delivery address is refused: the host does not resolve to an address that may be reached$/,
    );
    // Production: https only.
    await rejectsWith(
      checkDeliveryUrl({ config: { ...s.services.config, production: true } }, 'http://93.184.216.34/x'),
      /^The delivery address is refused: only https URLs are sent to$/,
    );
    await checkDeliveryUrl(s.services, 'http://93.184.216.34/x');
  });

  it('refused at send: nothing reaches the receiver, each attempt logged with its reason', async () => {
    const f = fixtures(s);
    const tenantId = await f.tenantId('Acme');
    const hooks = [];
    for (const url of [...refused, r.url]) {
      const id = randomUUID();
      hooks.push(id);
      await s.services.db.insert(webhooks).values({
        id,
        vendorId: s.services.vendorId,
        tenantId,
        displayName: url,
        url,
        secret: secretOf(),
        eventKeys: [INVITED],
      });
    }
    await writeAudit(s.services.db, { vendorId: s.services.vendorId, tenantId, action: 'User invited' });
    const logs = await until(async () => {
      const rows = await s.services.db.select().from(webhookLogs);
      return rows.length === hooks.length ? rows : undefined;
    }, 'every attempt');
    for (const log of logs) {
      const url: string = refused[hooks.indexOf(log.webhookId!)] ?? r.url;
      // A DNS name's refusal says only 'dns' (nothing of what it resolves to); a literal address its kind.
      assert.equal(log.error, /\.test\//.test(url) ? 'dns' : 'private-address', url);
      assert.equal(log.statusCode, '');
      assert.equal(log.deliveryStatus, 'failed');
    }
    assert.equal(r.received.length, 0);
    // A sent test too.
    const test = await sendWebhookTest(s.services, {
      vendorId: s.services.vendorId,
      tenantId,
      webhookId: null,
      url: 'http://hooks.private.test/x',
      secret: secretOf(),
      eventKey: INVITED,
      payload: {},
    });
    assert.equal(test.error, 'dns');
  });
  it('the send-time DNS lookup is bounded: a resolver that never answers refuses the address (dns) in time', async () => {
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const config = {
        ...s.services.config,
        dnsServers: [`127.0.0.1:${silent.address().port}`],
        dnsTimeoutMs: 300,
      };
      const started = Date.now();
      const refusal = await deliveryUrlRefusal(config, 'https://tarpit.test/hook');
      assert.ok(Date.now() - started < 2_000, "within the limit, not the resolver's retries");
      assert.deepEqual(refusal, { reason: 'dns', message: UNREACHABLE_HOST });
      assert.equal(DNS_TIMEOUT_MS, 5_000);
    } finally {
      silent.close();
    }
  });

  it('at the socket too: the guarded fetch resolves with DNS_SERVERS and refuses a private answer (DNS rebinding)', async () => {
    const post = guardedFetchFunction(s.services.config, { dnsServers: s.services.config.dnsServers });
    const port = new URL(r.url).port;
    await assert.rejects(
      post(`http://hooks.private.test:${port}/hook`, { method: 'POST', body: '{}' }),
      (e) => {
        assert.ok(e instanceof FetchRefused);
        assert.equal(e.reason, 'private-address');
        return true;
      },
    );
    assert.equal(r.received.length, 0);
  });

  it('a failure to queue never fails the audit write, nor the transaction it is written in', async () => {
    const { db, vendorId } = s.services;
    const tenantId = await fixtures(s).tenantId('Acme');
    // The queue's table gone: every queueing fails (logged).
    await db.execute(sql`drop table integration_deliveries cascade`);
    await writeAudit(db, { vendorId, tenantId, action: 'User invited', description: 'still audited' });
    await db.transaction(async (tx) => {
      await writeAudit(tx as never, {
        vendorId,
        tenantId,
        action: 'User invited',
        description: 'in a transaction',
      });
      await tx
        .insert(audits)
        .values({ id: randomUUID(), vendorId, action: 'User invited', description: 'after it' });
    });
    const rows = await db.select().from(audits).where(eq(audits.tenantId, tenantId));
    const texts = rows.map((row) => row.description);
    assert.ok(texts.includes('still audited') && texts.includes('in a transaction'));
    assert.equal((await db.select().from(audits).where(eq(audits.description, 'after it'))).length, 1);
  });
});
