// Stripe's webhook through the app over real HTTP (BILLING-003): the server runs with BILLING_PROVIDER=stripe
// against the stand-in of Stripe's API (server/testing/stripe); the stand-in runs a subscription's period and
// posts the events Stripe would, signed with the webhook secret. A verified event changes the database; the
// same event twice changes it once; a bad, stale or missing signature is refused with an audit row. The
// billing routes with Stripe: the publishable key and the setup intent's secret reach the browser, never a
// secret key.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { serve } from '@hono/node-server';
import { and, eq, isNull } from 'drizzle-orm';
import { billingContracts as bc } from '../../shared/api/contracts/billing';
import { paths } from '../../shared/api/paths';
import { billingAccounts, billingProviderEvents, billingSubscriptions, invoices, plans } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe';

type Fixtures = ReturnType<typeof fixtures>;
const webhookPath = paths.stripe.receiveStripeWebhook.path;

let standIn: StripeStandIn;
let t: TestServer;
let f: Fixtures;
let server: Server;
let webhookUrl: string;
const publishableKey = 'pk_test_stand_in';

/** A tenant billed at Stripe: its customer, a card, a Pro subscription there and its row here. */
async function stripeTenant(
  name: string,
  card: 'pm_card_visa' | 'pm_card_chargeCustomerFail' = 'pm_card_visa',
) {
  const provider = t.services.billing.provider!;
  const tenantId = await f.newTenant(name);
  const { customerId } = await provider.createCustomer({ tenantId, name, email: `billing@${name}.test` });
  await f.db.insert(billingAccounts).values({
    id: randomUUID(),
    vendorId: t.services.vendorId,
    tenantId,
    providerType: 'stripe',
    customerId,
    name,
  });
  const intent = await provider.createSetupIntent({ tenantId, customerId });
  const cardId = standIn.confirmSetupIntent(intent.id, card)!;
  const [pro] = await f.db.select().from(plans).where(eq(plans.slug, 'pro'));
  const { subscription } = await provider.subscribe({
    customerId,
    plan: { id: pro!.id, externalId: 'price_pro', amount: 4900, currency: 'usd', name: 'Pro' },
    cardExternalId: cardId,
    // A card that refuses charges still starts a trial (nothing charged until its end).
    trialEnd: card === 'pm_card_visa' ? null : new Date(Date.now() + 86_400_000),
    now: new Date(),
  });
  const [row] = await f.db
    .insert(billingSubscriptions)
    .values({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      tenantId,
      planId: pro!.id,
      externalId: subscription.externalId,
      status: subscription.status,
      startDate: subscription.currentPeriodStart,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      trialEnd: subscription.trialEnd,
    })
    .returning();
  return { tenantId, customerId, subscription, row: row! };
}

const rowOf = async (id: string) =>
  (await f.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)))[0]!;

const errorsOf = async (res: Response, status: number) => {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return (JSON.parse(text) as { errors: string[] }).errors;
};

describe('Stripe webhook', () => {
  before(async () => {
    standIn = await startStripeStandIn({
      prices: { price_pro: { amount: 4900 }, price_enterprise: { amount: 19900 } },
    });
    t = await testServer({
      billing: {
        provider: 'stripe',
        stripe: {
          secretKey: standIn.secretKey,
          publishableKey,
          webhookSecret: standIn.webhookSecret,
          apiUrl: standIn.url,
        },
      },
    });
    f = fixtures(t);
    await f.db.update(plans).set({ externalId: 'price_pro' }).where(eq(plans.slug, 'pro'));
    await f.db.update(plans).set({ externalId: 'price_enterprise' }).where(eq(plans.slug, 'enterprise'));
    await new Promise<void>((ready) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready()) as Server;
    });
    webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${webhookPath}`;
  });
  after(async () => {
    await new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
    await t.close();
    await standIn.close();
  });

  it('[BILLING-003] a signed event is verified and applied: the subscription ends in the database', async () => {
    const { subscription, row } = await stripeTenant('ending');
    await t.services.billing.provider!.setCancelAtPeriodEnd({ subscription, cancel: true });
    const updated = await standIn.deliver(webhookUrl, standIn.lastEvent('customer.subscription.updated'));
    const answer = bc.receiveStripeWebhook.response.parse(await updated.json());
    assert.deepEqual(answer, { received: true });
    assert.equal((await rowOf(row.id)).cancellationPolicy, 'atPeriodEnd');

    standIn.endPeriod(subscription.externalId);
    const deleted = await standIn.deliver(webhookUrl, standIn.lastEvent('customer.subscription.deleted'));
    assert.equal(deleted.status, 200);
    const after = await rowOf(row.id);
    assert.equal(after.status, 'canceled');
    assert.ok(after.endedAt);
    // The account goes on with the default plan (as with the local provider), so it can choose a plan again.
    const running = await f.db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.tenantId, row.tenantId), isNull(billingSubscriptions.endedAt)));
    const [free] = await f.db.select().from(plans).where(eq(plans.slug, 'free'));
    assert.deepEqual(
      running.map((r) => [r.planId, r.status]),
      [[free!.id, 'active']],
    );
  });

  it("[BILLING-003] an event naming one account's customer never changes another account's subscription", async () => {
    const victim = await stripeTenant('victim');
    const other = await stripeTenant('other customer');
    await t.services.billing.provider!.setCancelAtPeriodEnd({
      subscription: victim.subscription,
      cancel: true,
    });
    const event = standIn.lastEvent('customer.subscription.updated');
    // The victim's subscription, but another account's customer.
    const forged = structuredClone(event) as unknown as {
      id: string;
      data: { object: Record<string, unknown> };
    };
    forged.id = `evt_${randomUUID()}`;
    forged.data.object.customer = other.customerId;
    assert.equal((await standIn.deliver(webhookUrl, forged as unknown as typeof event)).status, 200);
    assert.equal((await rowOf(victim.row.id)).cancellationPolicy, null, 'the victim unchanged');
    assert.equal((await rowOf(other.row.id)).cancellationPolicy, null, 'nor the other account');
  });

  it('[BILLING-003] a renewal Stripe refused: the invoice recorded unpaid, the subscription incomplete', async () => {
    const { subscription, row, tenantId } = await stripeTenant('refusing', 'pm_card_chargeCustomerFail');
    assert.equal(row.status, 'trialing');
    standIn.endPeriod(subscription.externalId);
    const failed = standIn.lastEvent('invoice.payment_failed');
    assert.equal((await standIn.deliver(webhookUrl, failed)).status, 200);
    assert.equal(
      (await standIn.deliver(webhookUrl, standIn.lastEvent('customer.subscription.updated'))).status,
      200,
    );
    assert.equal((await rowOf(row.id)).status, 'incomplete');
    const rows = await f.db.select().from(invoices).where(eq(invoices.tenantId, tenantId));
    assert.deepEqual(
      rows.map((i) => [i.externalId, i.totalAmount, i.paid]),
      [[(failed.data.object as { id: string }).id, 4900, false]],
    );
  });

  it('[BILLING-003] the same event delivered twice is applied once', async () => {
    const { subscription, tenantId } = await stripeTenant('twice');
    standIn.endPeriod(subscription.externalId);
    const paid = standIn.lastEvent('invoice.paid');
    for (let i = 0; i < 2; i++) {
      const res = await standIn.deliver(webhookUrl, paid);
      assert.deepEqual(await res.json(), { received: true });
    }
    const rows = await f.db.select().from(invoices).where(eq(invoices.tenantId, tenantId));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.totalAmount, 4900);
    assert.equal(rows[0]!.paid, true);
    const recorded = await f.db
      .select()
      .from(billingProviderEvents)
      .where(eq(billingProviderEvents.id, paid.id));
    assert.equal(recorded.length, 1);
    assert.equal((await f.auditsFor('Invoice paid')).filter((a) => a.tenantId === tenantId).length, 1);
  });

  it('[BILLING-003] a bad signature is refused (400, an audit row) and changes nothing', async () => {
    const { subscription, row } = await stripeTenant('forged');
    standIn.endPeriod(subscription.externalId);
    const event = standIn.lastEvent('customer.subscription.updated');
    // The event as an attacker would forge it: canceled, signed with another secret.
    (event.data.object as { status: string }).status = 'canceled';
    const before = (await f.auditsFor('Billing webhook refused: bad signature')).length;
    const refusals: Array<[string, Parameters<StripeStandIn['deliver']>[2]]> = [
      ['another secret', { secret: 'whsec_attacker' }],
      ['a body changed after signing', { body: JSON.stringify({ ...event, id: 'evt_forged' }) }],
      ['a signature of garbage', { signature: 't=1,v1=deadbeef' }],
      ['a stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
      ['no signature', { signature: null }],
    ];
    for (const [what, opts] of refusals)
      assert.deepEqual(
        await errorsOf(await standIn.deliver(webhookUrl, event, opts), 400),
        ['Invalid webhook signature'],
        what,
      );
    const audits = await f.auditsFor('Billing webhook refused: bad signature');
    assert.equal(audits.length - before, refusals.length);
    assert.ok(audits.every((a) => a.severity === 'Medium' && a.tenantId === null));
    assert.equal((await rowOf(row.id)).status, 'active');
    const applied = await f.db
      .select()
      .from(billingProviderEvents)
      .where(eq(billingProviderEvents.id, event.id));
    assert.deepEqual(applied, [], 'a refused event is not recorded as applied');
  });

  it('[BILLING-003] an event we do not act on is acknowledged', async () => {
    const event = {
      id: 'evt_ignored_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1' } },
    };
    const res = await standIn.deliver(webhookUrl, event);
    assert.deepEqual(await res.json(), { received: true });
    const [recorded] = await f.db
      .select()
      .from(billingProviderEvents)
      .where(eq(billingProviderEvents.id, event.id));
    assert.equal(recorded?.type, 'charge.refunded');
  });

  it('[BILLING-003] a body over the limit is refused before it is verified', async () => {
    const huge = {
      id: 'evt_huge',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { pad: 'x'.repeat(1024 * 1024) } },
    };
    const res = await standIn.deliver(webhookUrl, huge);
    assert.equal(res.status, 413);
  });

  it('[BILLING-059] [BILLING-060] [BILLING-061] [ENUM-024] with Stripe: the publishable key and the setup secret reach the browser, no secret key', async () => {
    const admin = await f.signIn();
    const answers: string[] = [];
    const call = async (method: string, path: string, body?: unknown, status = 200) => {
      const res = await f.request(method, path, admin.token, body);
      const text = await res.text();
      assert.equal(res.status, status, `${method} ${path}: ${text}`);
      answers.push(text);
      return JSON.parse(text) as unknown;
    };
    const configuration = bc.getStripePaymentProviderConfiguration.response.parse(
      await call('GET', paths.stripe.getStripePaymentProviderConfiguration.path),
    );
    assert.equal(configuration.publishableKey, publishableKey);
    assert.equal(configuration.mode, 'stripe');
    const acme = await f.tenantId('Acme');
    // Acme's billing account has no Stripe customer yet: created at the stand-in.
    const customersBefore = standIn.customers.size;
    const created = bc.createStripeCustomer.response.parse(
      await call(
        'POST',
        paths.stripe.createStripeCustomer.path,
        { name: 'Acme', email: 'billing@acme.test' },
        201,
      ),
    );
    assert.match(created.stripeCustomerId, /^cus_/);
    assert.equal(standIn.customers.size, customersBefore + 1);
    const [account] = await f.db
      .select()
      .from(billingAccounts)
      .where(and(eq(billingAccounts.tenantId, acme)));
    assert.equal(account?.customerId, created.stripeCustomerId);
    const intent = bc.createStripePaymentMethodSetupIntentSecret.response.parse(
      await call('POST', paths.stripe.createStripePaymentMethodSetupIntentSecret.path, {}, 201),
    );
    const [atStripe] = [...standIn.setupIntents.values()].slice(-1);
    assert.equal(intent.setupIntentSecret, atStripe?.client_secret);
    assert.equal(atStripe?.customer, created.stripeCustomerId);
    for (const text of answers) {
      assert.ok(!text.includes(standIn.secretKey), 'no secret key in an answer');
      assert.ok(!text.includes(standIn.webhookSecret), 'no webhook secret in an answer');
      assert.ok(!/sk_(test|live)_/.test(text));
    }
  });
});

describe('Stripe webhook without Stripe', () => {
  it('[BILLING-003] with the local provider the webhook does not exist (404)', async () => {
    const local = await testServer();
    try {
      const res = await local.app.request(webhookPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      });
      assert.equal(res.status, 404);
      assert.deepEqual((await res.json()).errors, ['Not found']);
      const unsigned = await local.app.request(webhookPath, { method: 'POST', body: '{}' });
      assert.equal(unsigned.status, 404);
    } finally {
      await local.close();
    }
  });
});
