// Connectivity through the app (issue 21, CONNECT-001..005, ENUM-047): the event catalog and channel maps, webhooks
// (create with a secret shown once, partial update, delete with its logs and pending deliveries, the limit of 20),
// tests to receivers started here on 127.0.0.1 (201 and 500 answers, Standard Webhooks signatures), the logs paged
// 10 from offset 0, the manual retry (202), the email and SMS configurations per event key with their
// subscriptions, Slack subscriptions and channels, Slack's app registration against a local stand-in of Slack's
// API, another account's ids answered 404 on every call naming one, and an audit row for every change.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { connectivityContracts as cc } from '../../shared/api/contracts/connectivity';
import { paths } from '../../shared/api/paths';
import { integrationDeliveries, webhookLogs, webhooks } from '../db/schema';
import { eventCatalog } from '../integrations/events';
import { eventually, fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
const p = paths.connectivity;
const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
const logsPath = (query: Record<string, string>) =>
  `${p.getWebhookLog.path.split('?')[0]}?${new URLSearchParams(query).toString()}`;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: `/status/201` answers 201, any other path 200; every request is kept. */
async function startReceiver(answer?: (path: string, body: string) => { status: number; body: string }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      const made = answer?.(path, body) ?? {
        status: Number(/\/status\/(\d{3})/.exec(path)?.[1] ?? 200),
        body: '{"received":true}',
      };
      res.writeHead(made.status, { 'content-type': 'application/json' });
      res.end(made.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const INVITED = 'frontegg.user.invitedToTenant';
const SIGNED_IN = 'frontegg.user.authenticated';

describe('connectivity', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let admin: string;
  /** An administrator of another account. */
  let other: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The stand-in of Slack's API: `oauth.v2.access` answers ok for code `good`, an error otherwise. */
  let slackApi: Awaited<ReturnType<typeof startReceiver>>;
  let slackWebhook: string;

  before(async () => {
    receiver = await startReceiver();
    slackWebhook = `${receiver.url('/services/T000/B000/slackabcd1234')}`;
    slackApi = await startReceiver((_path, body) => {
      const form = new URLSearchParams(body);
      return form.get('code') === 'good'
        ? {
            status: 200,
            body: JSON.stringify({ ok: true, incoming_webhook: { url: slackWebhook, channel: '#alerts' } }),
          }
        : { status: 200, body: JSON.stringify({ ok: false, error: 'invalid_code' }) };
    });
    t = await testServer({
      allowPrivateNetworkFetch: true,
      connectivity: {
        retryDelaysSeconds: [60],
        slack: {
          clientId: 'slack-client-id',
          clientSecret: 'slack-client-secret',
          apiUrl: slackApi.url('/api'),
        },
      },
    });
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
    const globex = await f.newTenant('Globex Connectivity');
    other = await (await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] })).tokenIn(globex);
  });
  after(async () => {
    await t.close();
    await receiver.close();
    await slackApi.close();
  });

  const call = async <T = Json>(
    method: string,
    path: string,
    body?: unknown,
    status = 200,
    token = admin,
  ): Promise<T> => f.json<T>(await f.request(method, path, token, body), status);
  const refusal = async (
    method: string,
    path: string,
    body: unknown,
    status: number,
    token = admin,
  ): Promise<{ errors: string[]; errorCode: string }> =>
    f.json(await f.request(method, path, token, body), status);
  const createWebhook = async (body: Json = {}, token = admin) =>
    cc.postWebhooksConfiguration.response.parse(
      await call(
        'POST',
        p.postWebhooksConfiguration.path,
        { displayName: 'Hook', url: receiver.url(), eventKeys: [INVITED], ...body },
        201,
        token,
      ),
    );
  const sendTest = async (body: Json, token = admin) =>
    cc.postWebhookTest.response.parse(await call('POST', p.postWebhookTest.path, body, 200, token));

  // --- the catalog -------------------------------------------------------------------------------------------

  it('[ENUM-047] [CONNECT-001] the categories hold every event of the catalog, signup_completed and user_verified among them', async () => {
    const categories = cc.getCategories.response.parse(await call('GET', p.getCategories.path));
    assert.deepEqual(
      categories.map((c) => c.id),
      eventCatalog.map((c) => c.id),
    );
    const events = categories.flatMap((c) => c.events);
    const keys = events.map((e) => e.key);
    assert.ok(keys.includes('signup_completed') && keys.includes('user_verified'), 'ENUM-047');
    assert.equal(keys.length, eventCatalog.flatMap((c) => c.events).length);
    for (const event of events) assert.equal(event.id, event.key, 'an event id is its key');
    const users = categories.find((c) => c.id === 'cat-users')!;
    assert.equal(users.events[0]!.categoryId, 'cat-users');
    assert.equal(users.vendorId, t.services.vendorId);
    assert.deepEqual(events.find((e) => e.key === SIGNED_IN)!.channels, ['webhook', 'slack']);
    // Stable: the same answer twice.
    assert.deepEqual(await call('GET', p.getCategories.path), JSON.parse(JSON.stringify(categories)));
  });

  it('[CONNECT-001] channel maps: the events available on every channel asked, with their category', async () => {
    const maps = (query: string) =>
      call<unknown[]>('GET', `${p.getChannelMaps.path}${query}`).then((a) =>
        cc.getChannelMaps.response.parse(a),
      );
    const all = await maps('');
    assert.equal(all.length, eventCatalog.flatMap((c) => c.events).length);
    const webhookAndEmail = await maps('?channels=webhook,email');
    assert.ok(!webhookAndEmail.some((m) => m.key === SIGNED_IN), 'sign-ins are not mailed');
    assert.ok(webhookAndEmail.some((m) => m.key === INVITED));
    const slack = await maps('?channels=slack');
    const signIn = slack.find((m) => m.key === SIGNED_IN)!;
    assert.equal(signIn.category.id, 'cat-security');
    assert.equal(signIn.categoryId, 'cat-security');
    await refusal('GET', `${p.getChannelMaps.path}?channels=fax`, undefined, 400);
  });

  // --- webhooks ----------------------------------------------------------------------------------------------

  it('[CONNECT-001] a webhook: created with a fresh secret shown once, listed without it, newest first, audited', async () => {
    const first = await createWebhook({ displayName: 'First', description: 'the first' });
    assert.match(first.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(first.secret!.slice(6), 'base64').length, 32);
    assert.deepEqual(first.eventKeys, [INVITED]);
    assert.equal(first.isActive, true);
    assert.equal(first.invocations, 0);
    const second = await createWebhook({
      displayName: 'Second',
      secret: SECRET,
      eventKeys: [INVITED, INVITED],
    });
    assert.equal(second.secret, SECRET, 'a secret given is the one kept');
    assert.deepEqual(second.eventKeys, [INVITED], 'keys once each');
    const [row] = await f.db.select().from(webhooks).where(eq(webhooks.id, first._id));
    assert.equal(row!.secret, first.secret, 'kept to sign');

    const list = cc.getWebhooksConfigurations.response.parse(
      await call('GET', p.getWebhooksConfigurations.path),
    );
    const mine = list.filter((w) => [first._id, second._id].includes(w._id));
    assert.deepEqual(
      mine.map((w) => w._id),
      [second._id, first._id],
      'newest first',
    );
    assert.ok(
      list.every((w) => w.secret === null),
      'no secret in the list',
    );
    const audit = (await f.auditsFor('Webhook created')).find(
      (a) => (a.json as Json).webhookId === first._id,
    );
    assert.deepEqual(audit!.json, { webhookId: first._id, url: receiver.url(), eventKeys: [INVITED] });
    assert.equal(audit!.tenantId, acme);
    assert.ok(!JSON.stringify(await f.auditsFor('Webhook created')).includes(SECRET), 'never the secret');
  });

  it('[CONNECT-001] refusals of a webhook save: unknown event key, bad URL, no events, bad secret', async () => {
    const unknown = await refusal(
      'POST',
      p.postWebhooksConfiguration.path,
      { displayName: 'x', url: receiver.url(), eventKeys: ['no.such.event'] },
      400,
    );
    assert.deepEqual(unknown.errors, ['Unknown event key: no.such.event']);
    assert.equal(unknown.errorCode, 'ER-9003');
    for (const body of [
      { displayName: 'x', url: 'ftp://example.test/', eventKeys: [INVITED] },
      { displayName: 'x', url: 'https://user:pw@example.test/', eventKeys: [INVITED] },
      { displayName: 'x', url: receiver.url(), eventKeys: [] },
      { displayName: 'x', url: receiver.url(), eventKeys: [INVITED], secret: 'plain' },
      { url: receiver.url(), eventKeys: [INVITED] },
    ])
      await refusal('POST', p.postWebhooksConfiguration.path, body, 400);
  });

  it('[CONNECT-001] an update is partial; a new secret only when given, answered once; audited with what changed', async () => {
    const hook = await createWebhook({ displayName: 'Partial', description: 'kept' });
    const path = at(p.patchWebhooksConfiguration.path, { _id: hook._id });
    const off = cc.patchWebhooksConfiguration.response.parse(await call('PATCH', path, { isActive: false }));
    assert.equal(off.isActive, false);
    assert.equal(off.description, 'kept', 'a field left out stays');
    assert.equal(off.displayName, 'Partial');
    assert.equal(off.secret, null, 'no secret when none is given');
    const [before] = await f.db.select().from(webhooks).where(eq(webhooks.id, hook._id));
    assert.equal(before!.secret, hook.secret, 'the secret kept');

    const replaced = await call<Json>('PATCH', path, { secret: SECRET, eventKeys: ['signup_completed'] });
    assert.equal(replaced.secret, SECRET, 'the new secret answered once');
    assert.deepEqual(replaced.eventKeys, ['signup_completed']);
    const list = await call<Json[]>('GET', p.getWebhooksConfigurations.path);
    assert.equal(list.find((w) => w._id === hook._id)!.secret, null);

    const updates = (await f.auditsFor('Webhook updated')).filter(
      (a) => (a.json as Json).webhookId === hook._id,
    );
    assert.deepEqual(
      updates.map((a) => (a.json as Json).changed),
      [['isActive'], ['eventKeys', 'secret']],
    );
    assert.ok(!JSON.stringify(updates).includes(SECRET), 'never the secret');
    assert.equal(
      (await refusal('PATCH', path, { eventKeys: ['nope'] }, 400)).errors[0],
      'Unknown event key: nope',
    );
    await refusal('PATCH', path, { url: 'not a url' }, 400);
  });

  it('[CONNECT-001] a delete takes the webhook, its logs and its pending deliveries; audited', async () => {
    const hook = await createWebhook({ displayName: 'Doomed', secret: SECRET });
    await sendTest({ url: receiver.url(), webhookId: hook._id });
    const pending = randomUUID();
    await f.db.insert(integrationDeliveries).values({
      id: pending,
      vendorId: t.services.vendorId,
      tenantId: acme,
      channel: 'webhook',
      targetId: hook._id,
      eventKey: INVITED,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    });
    assert.equal(
      (await f.db.select().from(webhookLogs).where(eq(webhookLogs.webhookId, hook._id))).length,
      1,
    );
    await call('DELETE', at(p.deleteWebhooksConfiguration.path, { id: hook._id }));
    assert.deepEqual(await f.db.select().from(webhooks).where(eq(webhooks.id, hook._id)), []);
    assert.deepEqual(await f.db.select().from(webhookLogs).where(eq(webhookLogs.webhookId, hook._id)), []);
    assert.deepEqual(
      await f.db.select().from(integrationDeliveries).where(eq(integrationDeliveries.id, pending)),
      [],
    );
    const audit = (await f.auditsFor('Webhook deleted')).find((a) => (a.json as Json).webhookId === hook._id);
    assert.ok(audit);
    const again = await refusal(
      'DELETE',
      at(p.deleteWebhooksConfiguration.path, { id: hook._id }),
      undefined,
      404,
    );
    assert.deepEqual(again.errors, ['Webhook not found']);
    assert.equal(again.errorCode, 'ER-9001');
  });

  it('an account has at most 20 webhooks (ER-9009)', async () => {
    const tenant = await f.newTenant('Many Hooks');
    const token = await (await f.createUser({ tenants: [{ id: tenant, roles: ['Admin'] }] })).tokenIn(tenant);
    for (let i = 0; i < 20; i++) await createWebhook({ displayName: `Hook ${i}` }, token);
    const refused = await refusal(
      'POST',
      p.postWebhooksConfiguration.path,
      { displayName: 'One too many', url: receiver.url(), eventKeys: [INVITED] },
      400,
      token,
    );
    assert.deepEqual(refused.errors, ['An account may have at most 20 webhooks']);
    assert.equal(refused.errorCode, 'ER-9009');
  });

  // --- tests, logs and retries -----------------------------------------------------------------------------

  it('[CONNECT-003] a test to a receiver answering 201 logs 201, one answering 500 logs 500; signed with the secret', async () => {
    const from = receiver.received.length;
    const created = await sendTest({ url: receiver.url('/status/201'), secret: SECRET });
    assert.equal(created.statusCode, '201');
    assert.equal(created.ok, true);
    assert.equal(created.kind, 'test');
    assert.equal(created.webhookId, '');
    const failed = await sendTest({ url: receiver.url('/status/500'), secret: SECRET });
    assert.equal(failed.statusCode, '500');
    assert.equal(failed.ok, false);
    const [first] = receiver.received.slice(from);
    const event = new Webhook(SECRET).verify(first!.body, first!.headers as Record<string, string>) as Json;
    assert.equal(event.type, 'frontegg.test', 'the sample event, verified with the secret');
    assert.equal(first!.headers['webhook-id'], created.deliveryId);
    // A payload given is the one sent.
    await sendTest({ url: receiver.url('/status/200'), secret: SECRET, payload: { hello: 'world' } });
    assert.deepEqual(JSON.parse(receiver.received.at(-1)!.body), { hello: 'world' });
    const audits = await f.auditsFor('Webhook test sent');
    assert.ok(
      audits.some((a) => (a.json as Json).logId === created.id && (a.json as Json).statusCode === '201'),
    );
  });

  it('[CONNECT-003] a test with a saved webhook is sent to its own URL with the sample event, signed with its secret; of an unsaved form without one, with a throwaway', async () => {
    const hook = await createWebhook({ displayName: 'Signed', secret: SECRET, url: receiver.url('/saved') });
    // The URL and payload asked for are ignored: the stored secret signs only the sample event, to the saved URL.
    const log = await sendTest({
      url: receiver.url('/elsewhere'),
      webhookId: hook._id,
      payload: { forged: 1 },
    });
    assert.equal(log.webhookId, hook._id);
    const got = receiver.received.at(-1)!;
    assert.equal(got.path, '/saved');
    const event = new Webhook(SECRET).verify(got.body, got.headers as Record<string, string>) as Json;
    assert.equal(event.type, 'frontegg.test');
    assert.equal(event.forged, undefined);
    assert.equal(
      receiver.received.filter((r) => r.path === '/elsewhere').length,
      0,
      'nothing signed with the stored secret goes elsewhere',
    );
    // With a secret of the caller's: the URL and payload given, signed with that secret (a test of the form).
    const own = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const custom = await sendTest({
      url: receiver.url('/custom'),
      webhookId: hook._id,
      secret: own,
      payload: { custom: true },
    });
    const sent = receiver.received.at(-1)!;
    assert.equal(sent.path, '/custom');
    assert.deepEqual(new Webhook(own).verify(sent.body, sent.headers as Record<string, string>), {
      custom: true,
    });
    assert.throws(() => new Webhook(SECRET).verify(sent.body, sent.headers as Record<string, string>));
    assert.equal(custom.webhookId, '', 'not a delivery of the saved webhook: never retried under its secret');
    const throwaway = await sendTest({ url: receiver.url('/unsaved') });
    assert.equal(throwaway.statusCode, '200');
    const other_ = await refusal(
      'POST',
      p.postWebhookTest.path,
      { url: receiver.url(), webhookId: hook._id },
      404,
      other,
    );
    assert.deepEqual(other_.errors, ['Webhook not found']);
    await refusal('POST', p.postWebhookTest.path, { url: 'javascript:alert(1)' }, 400);
  });

  it('[CONNECT-005] logs come newest first, 10 from offset 0 by default; pages by offset and limit', async () => {
    const hook = await createWebhook({ displayName: 'Logged', secret: SECRET });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await sendTest({ url: receiver.url(`/log/${i}`), webhookId: hook._id })).id);
    const page = cc.getWebhookLog.response.parse(await call('GET', logsPath({ id: hook._id })));
    assert.equal(page.count, 12);
    assert.equal(page.rows.length, 10);
    assert.deepEqual(
      page.rows.map((r) => r.id),
      ids.slice(2).reverse(),
      'newest first',
    );
    const rest = cc.getWebhookLog.response.parse(await call('GET', logsPath({ id: hook._id, offset: '10' })));
    assert.deepEqual(
      rest.rows.map((r) => r.id),
      ids.slice(0, 2).reverse(),
    );
    // Frontegg's client asks with a trailing slash.
    const slashed = await call<Json>('GET', logsPath({ id: hook._id }).replace('?', '/?'));
    assert.deepEqual(slashed, JSON.parse(JSON.stringify(page)));
    const five = cc.getWebhookLog.response.parse(
      await call('GET', logsPath({ id: hook._id, offset: '0', limit: '5' })),
    );
    assert.equal(five.rows.length, 5);
    assert.equal(five.count, 12);
    assert.ok(page.rows[0]!.body.includes('frontegg.test'), 'the request body sent');
    assert.equal(page.rows[0]!.response, '{"received":true}');
    assert.equal(
      (await refusal('GET', logsPath({ id: 'no-such-webhook' }), undefined, 404)).errors[0],
      'Webhook not found',
    );
    await refusal('GET', logsPath({ id: hook._id, limit: '1000' }), undefined, 400);
    await refusal('GET', logsPath({ id: hook._id }), undefined, 404, other);
  });

  it('[CONNECT-004] a retry answers 202 with the log and sends the delivery again under the same id; audited', async () => {
    const hook = await createWebhook({
      displayName: 'Retried',
      secret: SECRET,
      url: receiver.url('/status/500'),
    });
    const log = await sendTest({ url: receiver.url(), webhookId: hook._id });
    assert.equal(log.statusCode, '500');
    const res = await f.request('POST', at(p.postWebhookRetry.path, { id: log.id }), admin);
    assert.equal(res.status, 202);
    const answer = cc.postWebhookRetry.response.parse(await res.json());
    assert.equal(answer.id, log.id);
    await eventually(
      async () =>
        receiver.received.filter((r) => r.headers['webhook-id'] === log.deliveryId).length >= 2 || undefined,
      'the retried delivery',
    );
    const audit = (await f.auditsFor('Webhook delivery retried')).find(
      (a) => (a.json as Json).logId === log.id,
    );
    assert.equal((audit!.json as Json).deliveryId, log.deliveryId);
    const unknown = await refusal('POST', at(p.postWebhookRetry.path, { id: randomUUID() }), undefined, 404);
    assert.deepEqual(unknown.errors, ['Webhook log not found']);
    await refusal('POST', at(p.postWebhookRetry.path, { id: log.id }), undefined, 404, other);
  });

  it('[CONNECT-004] a retry of a delivery being sent now answers 409 (ER-9013) and leaves its lock', async () => {
    const hook = await createWebhook({
      displayName: 'In flight',
      secret: SECRET,
      url: receiver.url('/status/500'),
    });
    const log = await sendTest({ url: receiver.url(), webhookId: hook._id });
    const lockedUntil = new Date(Date.now() + 60_000);
    await t.services.db
      .update(integrationDeliveries)
      .set({ lockedUntil })
      .where(eq(integrationDeliveries.id, log.deliveryId));
    const busy = await refusal('POST', at(p.postWebhookRetry.path, { id: log.id }), undefined, 409);
    assert.deepEqual(busy.errors, ['This delivery is being sent now. Try again in a moment']);
    assert.equal(busy.errorCode, 'ER-9013');
    const [row] = await t.services.db
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, log.deliveryId));
    assert.equal(row!.lockedUntil!.getTime(), lockedUntil.getTime(), 'the lock kept');
  });

  // --- email, SMS and Slack --------------------------------------------------------------------------------

  for (const channel of ['email', 'sms'] as const) {
    const label = channel === 'email' ? 'Email' : 'SMS';
    const route =
      channel === 'email'
        ? {
            get: p.getEmailConfiguration,
            post: p.postEmailConfiguration,
            patch: p.patchEmailConfiguration,
            put: p.putEmailSubscriptions,
            deleteSub: p.deleteEmailSubscriptions,
            delete: p.deleteEmailConfiguration,
          }
        : {
            get: p.getSMSConfiguration,
            post: p.postSMSConfiguration,
            patch: p.patchSMSConfiguration,
            put: p.putSMSSubscriptions,
            deleteSub: p.deleteSMSSubscriptions,
            delete: p.deleteSMSConfiguration,
          };
    const [a, b, c] =
      channel === 'email'
        ? ['ops@acme.test', 'security@acme.test', 'cto@acme.test']
        : ['+14155550101', '+14155550102', '+442071838750'];
    const bad = channel === 'email' ? 'not-an-email' : '0123';

    it(`[CONNECT-002] ${label}: a configuration per event key with enabled flags and subscriptions of recipients; audited without the addresses`, async () => {
      const path = at(route.post.path, { eventKey: INVITED });
      const saved = cc.postEmailConfiguration.response.parse(
        await call('POST', path, {
          enabled: true,
          subscriptions: [
            { name: 'Ops', enabled: true, recipients: [a, a, b] },
            { name: 'Quiet', enabled: false, recipients: [c] },
          ],
        }),
      );
      assert.equal(saved.eventKey, INVITED);
      assert.equal(saved.enabled, true);
      assert.deepEqual(
        saved.subscriptions.map((s) => [s.name, s.enabled, s.recipients]),
        [
          ['Ops', true, [a, b]],
          ['Quiet', false, [c]],
        ],
      );
      const [ops, quiet] = saved.subscriptions;
      const list = cc.getEmailConfiguration.response.parse(await call('GET', route.get.path));
      assert.deepEqual(list, [saved]);

      // Saved again: an id given and found is kept, a subscription not given is removed.
      const again = cc.postEmailConfiguration.response.parse(
        await call('POST', path, {
          enabled: true,
          subscriptions: [
            { id: ops!.id, name: 'Ops team', recipients: [a] },
            { id: 'unknown-id', name: 'New', recipients: [b] },
          ],
        }),
      );
      assert.equal(again.subscriptions[0]!.id, ops!.id);
      assert.notEqual(again.subscriptions[1]!.id, 'unknown-id');
      assert.ok(!again.subscriptions.some((s) => s.id === quiet!.id));

      const off = cc.patchEmailConfiguration.response.parse(
        await call('PATCH', at(route.patch.path, { eventKey: INVITED }), { enabled: false }),
      );
      assert.equal(off.enabled, false);
      const sub = at(route.put.path, { eventKey: INVITED, subscriptionId: ops!.id });
      const put = cc.putEmailSubscriptions.response.parse(
        await call('PUT', sub, { name: 'Renamed', enabled: false, recipients: [c] }),
      );
      assert.deepEqual(
        put.subscriptions.find((s) => s.id === ops!.id),
        { id: ops!.id, name: 'Renamed', enabled: false, recipients: [c] },
      );
      await call('DELETE', at(route.deleteSub.path, { eventKey: INVITED, subscriptionId: ops!.id }));
      const afterDelete = await call<Json[]>('GET', route.get.path);
      assert.equal((afterDelete[0]!.subscriptions as unknown[]).length, 1);

      const audits = await f.auditsFor(`${label} integration updated`);
      assert.ok(audits.length >= 4);
      assert.deepEqual(audits[0]!.json, {
        eventKey: INVITED,
        enabled: true,
        subscriptions: 2,
        recipients: 3,
      });
      assert.ok(!JSON.stringify(audits).includes(a!) && !JSON.stringify(audits).includes(c!), 'no addresses');

      await call('DELETE', at(route.delete.path, { eventKey: INVITED }));
      assert.deepEqual(await call('GET', route.get.path), []);
      assert.deepEqual((await f.auditsFor(`${label} integration deleted`))[0]!.json, {
        eventKey: INVITED,
        subscriptions: 1,
      });
    });

    it(`[CONNECT-002] ${label}: refusals (unknown key, a key not sent by ${label}, bad recipients, unknown configuration or subscription)`, async () => {
      const unknown = await refusal(
        'POST',
        at(route.post.path, { eventKey: 'no.such' }),
        { subscriptions: [] },
        400,
      );
      assert.deepEqual(unknown.errors, ['Unknown event key: no.such']);
      const machine = await refusal(
        'POST',
        at(route.post.path, { eventKey: SIGNED_IN }),
        { subscriptions: [] },
        400,
      );
      assert.deepEqual(machine.errors, [
        `This event cannot be sent by ${channel === 'email' ? 'email' : 'SMS'}: ${SIGNED_IN}`,
      ]);
      assert.equal(machine.errorCode, 'ER-9010');
      await refusal(
        'POST',
        at(route.post.path, { eventKey: INVITED }),
        { subscriptions: [{ recipients: [bad] }] },
        400,
      );
      const missing = await refusal(
        'PATCH',
        at(route.patch.path, { eventKey: 'signup_completed' }),
        { enabled: true },
        404,
      );
      assert.deepEqual(missing.errors, ['Channel configuration not found']);
      assert.equal(missing.errorCode, 'ER-9006');
      await refusal('DELETE', at(route.delete.path, { eventKey: 'signup_completed' }), undefined, 404);
      await call('POST', at(route.post.path, { eventKey: 'signup_completed' }), { subscriptions: [] });
      const noSub = await refusal(
        'PUT',
        at(route.put.path, { eventKey: 'signup_completed', subscriptionId: 'nope' }),
        { recipients: [] },
        404,
      );
      assert.deepEqual(noSub.errors, ['Channel subscription not found']);
      await refusal(
        'DELETE',
        at(route.deleteSub.path, { eventKey: 'signup_completed', subscriptionId: 'nope' }),
        undefined,
        404,
      );
      await call('DELETE', at(route.delete.path, { eventKey: 'signup_completed' }));
    });
  }

  it('[CONNECT-002] Slack: subscriptions of event keys to channel URLs, the channels masked, update and delete; audited', async () => {
    const url = receiver.url('/services/T1/B1/abcdefgh9876');
    const created = cc.postSlackConfiguration.response.parse(
      await call(
        'POST',
        p.postSlackConfiguration.path,
        {
          slackEvents: [
            { eventKey: INVITED, channelIds: [url, url], title: 'Invited' },
            { eventKey: SIGNED_IN, channelIds: [url] },
          ],
        },
        201,
      ),
    );
    assert.equal(created.isActive, true);
    assert.deepEqual(created.slackEvents[0], { eventKey: INVITED, channelIds: [url], title: 'Invited' });
    const config = cc.getSlackConfiguration.response.parse(await call('GET', p.getSlackConfiguration.path));
    assert.equal(config.id, acme);
    assert.deepEqual(config.slackSubscriptions, [created]);
    const channels = cc.getSlackChannels.response.parse(await call('GET', p.getSlackChannels.path));
    assert.deepEqual(channels, [{ id: url, name: `${new URL(url).host}/…/XXXX9876` }]);

    const path = at(p.patchSlackConfiguration.path, { id: created.id });
    const updated = cc.patchSlackConfiguration.response.parse(
      await call('PATCH', path, { isActive: false, slackEvents: [{ eventKey: INVITED, channelIds: [url] }] }),
    );
    assert.equal(updated.isActive, false);
    assert.equal(updated.slackEvents.length, 1);
    const refused = await refusal(
      'POST',
      p.postSlackConfiguration.path,
      { slackEvents: [{ eventKey: 'nope', channelIds: [url] }] },
      400,
    );
    assert.deepEqual(refused.errors, ['Unknown event key: nope']);
    await refusal(
      'POST',
      p.postSlackConfiguration.path,
      { slackEvents: [{ eventKey: INVITED, channelIds: ['nope'] }] },
      400,
    );

    await call('DELETE', at(p.deleteSlackConfiguration.path, { id: created.id }));
    const gone = await refusal(
      'DELETE',
      at(p.deleteSlackConfiguration.path, { id: created.id }),
      undefined,
      404,
    );
    assert.deepEqual(gone.errors, ['Slack subscription not found']);
    assert.equal(gone.errorCode, 'ER-9008');
    assert.ok(
      (await f.auditsFor('Slack integration updated')).some(
        (a) => (a.json as Json).subscriptionId === created.id,
      ),
    );
    assert.ok(
      (await f.auditsFor('Slack integration deleted')).some(
        (a) => (a.json as Json).subscriptionId === created.id,
      ),
    );
  });

  it("[CONNECT-002] Slack's app: the scope answers the client id; a code is exchanged at Slack's API and its channel kept", async () => {
    const scope = cc.getSlackScope.response.parse(await call('GET', p.getSlackScope.path));
    assert.deepEqual(scope, { clientId: 'slack-client-id' });
    const from = slackApi.received.length;
    await call('POST', p.postSlackCode.path, { code: 'good' });
    const sent = slackApi.received.slice(from);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, '/api/oauth.v2.access');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(sent[0]!.body)), {
      code: 'good',
      client_id: 'slack-client-id',
      client_secret: 'slack-client-secret',
    });
    const channels = cc.getSlackChannels.response.parse(await call('GET', p.getSlackChannels.path));
    assert.ok(channels.some((c) => c.id === slackWebhook && c.name.endsWith('XXXX1234')));
    const refused = await refusal('POST', p.postSlackCode.path, { code: 'bad' }, 400);
    assert.deepEqual(refused.errors, ['Slack did not accept the registration code']);
    await refusal('POST', p.postSlackCode.path, {}, 400);
  });

  it("another account's webhook, log, configuration and subscriptions are not found by any call naming them", async () => {
    const hook = await createWebhook({ displayName: 'Private', secret: SECRET });
    const log = await sendTest({ url: receiver.url(), webhookId: hook._id });
    const email = cc.postEmailConfiguration.response.parse(
      await call('POST', at(p.postEmailConfiguration.path, { eventKey: 'user_verified' }), {
        subscriptions: [{ recipients: ['x@acme.test'] }],
      }),
    );
    const sms = cc.postSMSConfiguration.response.parse(
      await call('POST', at(p.postSMSConfiguration.path, { eventKey: 'user_verified' }), {
        subscriptions: [{ recipients: ['+14155550199'] }],
      }),
    );
    const slack = cc.postSlackConfiguration.response.parse(
      await call(
        'POST',
        p.postSlackConfiguration.path,
        { slackEvents: [{ eventKey: INVITED, channelIds: [receiver.url('/s/x/y/zzzz0001')] }] },
        201,
      ),
    );
    const key = { eventKey: 'user_verified' };
    const calls: [string, string, unknown][] = [
      ['PATCH', at(p.patchWebhooksConfiguration.path, { _id: hook._id }), { isActive: false }],
      ['DELETE', at(p.deleteWebhooksConfiguration.path, { id: hook._id }), undefined],
      ['GET', logsPath({ id: hook._id }), undefined],
      ['POST', p.postWebhookTest.path, { url: receiver.url(), webhookId: hook._id }],
      ['POST', at(p.postWebhookRetry.path, { id: log.id }), undefined],
      ['PATCH', at(p.patchEmailConfiguration.path, key), { enabled: false }],
      [
        'PUT',
        at(p.putEmailSubscriptions.path, { ...key, subscriptionId: email.subscriptions[0]!.id }),
        { recipients: [] },
      ],
      [
        'DELETE',
        at(p.deleteEmailSubscriptions.path, { ...key, subscriptionId: email.subscriptions[0]!.id }),
        undefined,
      ],
      ['DELETE', at(p.deleteEmailConfiguration.path, key), undefined],
      ['PATCH', at(p.patchSMSConfiguration.path, key), { enabled: false }],
      [
        'PUT',
        at(p.putSMSSubscriptions.path, { ...key, subscriptionId: sms.subscriptions[0]!.id }),
        { recipients: [] },
      ],
      [
        'DELETE',
        at(p.deleteSMSSubscriptions.path, { ...key, subscriptionId: sms.subscriptions[0]!.id }),
        undefined,
      ],
      ['DELETE', at(p.deleteSMSConfiguration.path, key), undefined],
      ['PATCH', at(p.patchSlackConfiguration.path, { id: slack.id }), { slackEvents: [] }],
      ['DELETE', at(p.deleteSlackConfiguration.path, { id: slack.id }), undefined],
    ];
    for (const [method, path, body] of calls) await refusal(method, path, body, 404, other);
    // The other account's lists name none of it.
    for (const path of [
      p.getWebhooksConfigurations.path,
      p.getEmailConfiguration.path,
      p.getSMSConfiguration.path,
      p.getSlackConfiguration.path,
      p.getSlackChannels.path,
    ]) {
      const text = JSON.stringify(await call('GET', path, undefined, 200, other));
      for (const marker of [
        hook._id,
        email.subscriptions[0]!.id,
        sms.subscriptions[0]!.id,
        slack.id,
        'zzzz0001',
      ])
        assert.ok(!text.includes(marker), `${path} leaks ${marker}`);
    }
    // Nothing of it changed.
    const [still] = await f.db.select().from(webhooks).where(eq(webhooks.id, hook._id));
    assert.equal(still!.isActive, true);
    assert.equal((await call<Json[]>('GET', p.getEmailConfiguration.path)).length >= 1, true);
  });

  it('without the development switch a private delivery address is refused; without a Slack app its calls say so', async () => {
    const plain = await testServer();
    try {
      const g = fixtures(plain);
      const token = (await g.signIn()).token;
      for (const [path, body] of [
        [
          p.postWebhooksConfiguration.path,
          { displayName: 'x', url: 'http://127.0.0.1:9/hook', eventKeys: [INVITED] },
        ],
        [p.postWebhookTest.path, { url: 'http://169.254.169.254/latest' }],
        [
          p.postSlackConfiguration.path,
          { slackEvents: [{ eventKey: INVITED, channelIds: ['http://10.0.0.1/x'] }] },
        ],
      ] as const) {
        const refused = await g.json<{ errors: string[]; errorCode: string }>(
          await g.request('POST', path, token, body),
          400,
        );
        assert.equal(refused.errorCode, 'ER-9005', JSON.stringify(refused));
        assert.match(refused.errors[0]!, /^The delivery address is refused: /);
      }
      for (const [method, path, body] of [
        ['GET', p.getSlackScope.path, undefined],
        ['POST', p.postSlackCode.path, { code: 'x' }],
      ] as const) {
        const refused = await g.json<{ errors: string[]; errorCode: string }>(
          await g.request(method, path, token, body),
          400,
        );
        assert.deepEqual(refused.errors, ['Slack is not configured on this server']);
        assert.equal(refused.errorCode, 'ER-9004');
      }
    } finally {
      await plain.close();
    }
  });

  it('a member without the connectivity permissions is refused', async () => {
    const viewer = await f.member(['Viewer']);
    const res = await f.request('GET', p.getWebhooksConfigurations.path, viewer.token);
    assert.equal(res.status, 403);
  });
});
