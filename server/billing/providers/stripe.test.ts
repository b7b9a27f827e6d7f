// The Stripe adapter against the stand-in of Stripe's API (server/testing/stripe), over real HTTP with the
// real SDK: customers, setup intents and the card they save, subscriptions created and moved to another price
// (the stand-in records what the SDK sent), a refused card, cancellation at period end, the default card,
// invoices, the status mapping, and webhooks read back through the SDK's signature check.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe';
import {
  CardDeclinedError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPlan,
} from '../provider';
import { createStripeProvider, subscriptionStatusOf } from './stripe';

const pro: ProviderPlan = {
  id: 'plan-pro',
  externalId: 'price_pro',
  amount: 4900,
  currency: 'usd',
  name: 'Pro',
};
const enterprise: ProviderPlan = {
  id: 'plan-ent',
  externalId: 'price_enterprise',
  amount: 19900,
  currency: 'usd',
  name: 'Enterprise',
};
const DAY = 86_400_000;

let standIn: StripeStandIn;
let stripe: PaymentProvider;
const publishableKey = 'pk_test_publishable';

/** A customer with a saved card (a test token confirmed on a setup intent, as Stripe.js would). */
async function customerWithCard(token: Parameters<StripeStandIn['confirmSetupIntent']>[1] = 'pm_card_visa') {
  const { customerId } = await stripe.createCustomer({
    tenantId: 't',
    name: 'Acme',
    email: 'billing@acme.test',
  });
  const intent = await stripe.createSetupIntent({ tenantId: 't', customerId });
  standIn.confirmSetupIntent(intent.id, token);
  const card = await stripe.cardOfSetupIntent({ customerId, setupIntentId: intent.id });
  assert.ok(card);
  return { customerId, card };
}

describe('Stripe adapter against the stand-in', () => {
  before(async () => {
    standIn = await startStripeStandIn({
      prices: { price_pro: { amount: 4900 }, price_enterprise: { amount: 19900 }, price_free: { amount: 0 } },
    });
    stripe = createStripeProvider({
      secretKey: standIn.secretKey,
      publishableKey,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
    });
  });
  after(() => standIn.close());

  it('[ENUM-024] [BILLING-060] the mode, the publishable key only, Stripe running the periods', async () => {
    assert.equal(stripe.mode, 'stripe');
    assert.equal(stripe.publishableKey(), publishableKey);
    assert.equal(stripe.runsPeriods, true);
    await assert.rejects(
      stripe.renew({
        customerId: 'cus_x',
        subscription: {
          externalId: 'sub_x',
          status: 'active',
          currentPeriodStart: new Date(),
          currentPeriodEnd: new Date(),
          trialEnd: null,
          cancelAtPeriodEnd: false,
        },
        plan: pro,
        cardExternalId: 'pm_x',
        now: new Date(),
      }),
      /renews its subscriptions itself/,
    );
  });

  it('[BILLING-059] a customer is created with the secret key, its tenant in the metadata', async () => {
    const before = standIn.requests.length;
    const { customerId } = await stripe.createCustomer({
      tenantId: 'tenant-1',
      name: 'Acme',
      email: 'a@acme.test',
    });
    assert.match(customerId, /^cus_/);
    const [request] = standIn.requests.slice(before);
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/v1/customers');
    assert.deepEqual(request?.body, {
      name: 'Acme',
      email: 'a@acme.test',
      metadata: { tenantId: 'tenant-1' },
    });
    assert.ok(request?.idempotencyKey, 'the SDK sends an idempotency key on a write');
    assert.equal(standIn.customers.get(customerId)?.email, 'a@acme.test');
  });

  it('[BILLING-059] a wrong secret key is refused by Stripe (the adapter reports it, without the key)', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong_key_123',
      publishableKey,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
    });
    await assert.rejects(
      wrong.createCustomer({ tenantId: 't', name: 'n', email: 'e@x.test' }),
      (error: Error) => {
        assert.equal(error.constructor.name, 'StripeAuthenticationError');
        assert.ok(!error.message.includes('sk_test_wrong_key_123'));
        return true;
      },
    );
  });

  it('[BILLING-061] a setup intent: its client secret for the browser, then the card it saved (never a number)', async () => {
    const { customerId } = await stripe.createCustomer({ tenantId: 't', name: 'n', email: 'e@x.test' });
    const intent = await stripe.createSetupIntent({
      tenantId: 't',
      customerId,
      replacesExternalId: 'pm_old',
    });
    assert.match(intent.id, /^seti_/);
    assert.ok(intent.clientSecret.startsWith(`${intent.id}_secret_`));
    const [request] = standIn.requestsTo('POST', '/v1/setup_intents').slice(-1);
    assert.equal(request?.body.customer, customerId);
    assert.equal(request?.body.usage, 'off_session');
    assert.deepEqual(request?.body.allowed_payment_method_types, ['card']);
    // Not completed yet: nothing saved.
    assert.equal(await stripe.cardOfSetupIntent({ customerId, setupIntentId: intent.id }), null);
    const pmId = standIn.confirmSetupIntent(intent.id, 'pm_card_visa');
    const card = await stripe.cardOfSetupIntent({ customerId, setupIntentId: intent.id });
    assert.deepEqual(card, {
      externalId: pmId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    });
    const [read] = standIn.requestsTo('GET', `/v1/setup_intents/${intent.id}`).slice(-1);
    assert.deepEqual(read?.body.expand, ['payment_method']);
    // Another customer's setup intent saves nothing for this one.
    const other = await stripe.createCustomer({ tenantId: 't2', name: 'o', email: 'o@x.test' });
    assert.equal(
      await stripe.cardOfSetupIntent({ customerId: other.customerId, setupIntentId: intent.id }),
      null,
    );
  });

  it('[BILLING-061] a card declined at entry saves nothing', async () => {
    const { customerId } = await stripe.createCustomer({ tenantId: 't', name: 'n', email: 'e@x.test' });
    const intent = await stripe.createSetupIntent({ tenantId: 't', customerId });
    assert.equal(standIn.confirmSetupIntent(intent.id, 'pm_card_chargeDeclined'), null);
    assert.equal(await stripe.cardOfSetupIntent({ customerId, setupIntentId: intent.id }), null);
  });

  it('[BILLING-004] a trial subscription: trialing until the trial end, nothing charged', async () => {
    const { customerId } = await stripe.createCustomer({ tenantId: 't', name: 'n', email: 'e@x.test' });
    const trialEnd = new Date(Math.floor((Date.now() + 14 * DAY) / 1000) * 1000);
    const { subscription, invoice } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: null,
      trialEnd,
      now: new Date(),
    });
    assert.equal(subscription.status, 'trialing');
    assert.deepEqual(subscription.trialEnd, trialEnd);
    assert.deepEqual(subscription.currentPeriodEnd, trialEnd);
    assert.equal(invoice, null);
    const [request] = standIn.requestsTo('POST', '/v1/subscriptions').slice(-1);
    assert.equal(request?.body.trial_end, String(trialEnd.getTime() / 1000));
    assert.deepEqual(request?.body.items, [{ price: 'price_pro' }]);
    assert.equal(request?.body.payment_behavior, 'error_if_incomplete');
    assert.deepEqual(request?.body.expand, ['latest_invoice']);
  });

  it('[BILLING-004] a paid subscription: active for a month, its first invoice paid in minor units', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription, invoice } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    assert.equal(subscription.status, 'active');
    assert.equal(subscription.cancelAtPeriodEnd, false);
    const month = subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime();
    assert.ok(month >= 28 * DAY && month <= 31 * DAY, `a month: ${month}`);
    assert.ok(invoice);
    assert.equal(invoice.totalAmount, 4900);
    assert.equal(invoice.currency, 'usd');
    assert.equal(invoice.paid, true);
    assert.ok(invoice.paymentDate);
    assert.equal(invoice.subscriptionExternalId, subscription.externalId);
    assert.equal(invoice.priceExternalId, 'price_pro');
    assert.deepEqual(invoice.periodStart, subscription.currentPeriodStart);
    assert.deepEqual(invoice.periodEnd, subscription.currentPeriodEnd);
    const [request] = standIn.requestsTo('POST', '/v1/subscriptions').slice(-1);
    assert.equal(request?.body.default_payment_method, card.externalId);
  });

  it('[BILLING-003] a refused first charge: CardDeclinedError, no subscription at Stripe', async () => {
    const { customerId, card } = await customerWithCard('pm_card_chargeCustomerFail');
    const count = standIn.subscriptions.size;
    await assert.rejects(
      stripe.subscribe({
        customerId,
        plan: pro,
        cardExternalId: card.externalId,
        trialEnd: null,
        now: new Date(),
      }),
      (error: unknown) => error instanceof CardDeclinedError && error.message === 'Your card was declined.',
    );
    assert.equal(standIn.subscriptions.size, count);
  });

  it('[BILLING-003] [BILLING-004] a plan change: the item moved to the new price, prorations invoiced at once', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    const itemId = (standIn.subscriptions.get(subscription.externalId)!.items as { data: { id: string }[] })
      .data[0]!.id;
    const changed = await stripe.changePlan({
      customerId,
      subscription,
      plan: enterprise,
      cardExternalId: card.externalId,
      charge: true,
      now: new Date(),
    });
    const [update] = standIn.requestsTo('POST', `/v1/subscriptions/${subscription.externalId}`).slice(-1);
    assert.deepEqual(update?.body.items, [{ id: itemId, price: 'price_enterprise' }]);
    assert.equal(update?.body.proration_behavior, 'always_invoice');
    assert.equal(update?.body.payment_behavior, 'error_if_incomplete');
    assert.equal(update?.body.default_payment_method, card.externalId);
    assert.equal(update?.body.trial_end, undefined, 'an active subscription has no trial to end');
    assert.equal(changed.subscription.status, 'active');
    assert.deepEqual(changed.subscription.currentPeriodEnd, subscription.currentPeriodEnd);
    // Almost the whole month left: about the difference of the two prices.
    assert.ok(changed.invoice);
    assert.ok(changed.invoice.totalAmount > 14_900 && changed.invoice.totalAmount <= 15_000);
    assert.equal(changed.invoice.priceExternalId, 'price_enterprise');
    assert.equal(changed.invoice.paid, true);
  });

  it('[BILLING-003] a downgrade moves the price at Stripe with no charge and no credit (proration none)', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: enterprise,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    const changed = await stripe.changePlan({
      customerId,
      subscription,
      plan: pro,
      cardExternalId: null,
      charge: false,
      now: new Date(),
    });
    const [update] = standIn.requestsTo('POST', `/v1/subscriptions/${subscription.externalId}`).slice(-1);
    assert.equal(update?.body.proration_behavior, 'none');
    const stored = standIn.subscriptions.get(subscription.externalId)!;
    assert.equal((stored.items as { data: { price: { id: string } }[] }).data[0]!.price.id, 'price_pro');
    assert.equal(changed.invoice, null, 'nothing billed now');
    assert.deepEqual(changed.subscription.currentPeriodEnd, subscription.currentPeriodEnd);
  });

  it('[BILLING-003] a trial moved to a paid plan with a card ends the trial and charges the first period', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: null,
      trialEnd: new Date(Date.now() + 14 * DAY),
      now: new Date(),
    });
    const changed = await stripe.changePlan({
      customerId,
      subscription,
      plan: enterprise,
      cardExternalId: card.externalId,
      charge: true,
      now: new Date(),
    });
    const [update] = standIn.requestsTo('POST', `/v1/subscriptions/${subscription.externalId}`).slice(-1);
    assert.equal(update?.body.trial_end, 'now');
    assert.equal(changed.subscription.status, 'active');
    assert.equal(changed.invoice?.totalAmount, 19_900);
  });

  it('[BILLING-003] a refused plan change: CardDeclinedError, the subscription unchanged at Stripe', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    // A card that saves but refuses every charge becomes the one to pay with.
    const failing = await stripe.createSetupIntent({ tenantId: 't', customerId });
    const failingCard = standIn.confirmSetupIntent(failing.id, 'pm_card_chargeCustomerFail')!;
    await assert.rejects(
      stripe.changePlan({
        customerId,
        subscription,
        plan: enterprise,
        cardExternalId: failingCard,
        charge: true,
        now: new Date(),
      }),
      (error: unknown) => error instanceof CardDeclinedError && error.declineCode === 'generic_decline',
    );
    const stored = standIn.subscriptions.get(subscription.externalId)!;
    const price = (stored.items as { data: { price: { id: string } }[] }).data[0]!.price.id;
    assert.equal(price, 'price_pro');
    assert.equal(stored.default_payment_method, card.externalId);
  });

  it('[BILLING-003] [BILLING-004] cancel at period end, then renew', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    const cancelled = await stripe.setCancelAtPeriodEnd({ subscription, cancel: true });
    assert.equal(cancelled.cancelAtPeriodEnd, true);
    assert.equal(cancelled.status, 'active');
    const [request] = standIn.requestsTo('POST', `/v1/subscriptions/${subscription.externalId}`).slice(-1);
    assert.deepEqual(request?.body, { cancel_at_period_end: 'true' });
    const renewed = await stripe.setCancelAtPeriodEnd({ subscription, cancel: false });
    assert.equal(renewed.cancelAtPeriodEnd, false);
  });

  it('[BILLING-003] the default card of the customer', async () => {
    const { customerId, card } = await customerWithCard();
    await stripe.setDefaultCard({ customerId, cardExternalId: card.externalId });
    const [request] = standIn.requestsTo('POST', `/v1/customers/${customerId}`).slice(-1);
    assert.deepEqual(request?.body, { invoice_settings: { default_payment_method: card.externalId } });
    assert.deepEqual(standIn.customers.get(customerId)?.invoice_settings, {
      default_payment_method: card.externalId,
    });
    // A card of nobody's: Stripe refuses it.
    await assert.rejects(
      stripe.setDefaultCard({ customerId, cardExternalId: 'pm_nobody' }),
      /does not have a payment method/,
    );
  });

  it('[BILLING-010] invoices listed newest first, amounts in minor units, paid or not', async () => {
    const { customerId, card } = await customerWithCard();
    const { subscription } = await stripe.subscribe({
      customerId,
      plan: pro,
      cardExternalId: card.externalId,
      trialEnd: null,
      now: new Date(),
    });
    standIn.endPeriod(subscription.externalId);
    const invoices = await stripe.listInvoices({ customerId });
    assert.equal(invoices.length, 2);
    assert.deepEqual(
      invoices.map((i) => [i.totalAmount, i.paid, i.subscriptionExternalId, i.priceExternalId]),
      [
        [4900, true, subscription.externalId, 'price_pro'],
        [4900, true, subscription.externalId, 'price_pro'],
      ],
    );
    assert.ok(invoices[0]!.periodStart.getTime() > invoices[1]!.periodStart.getTime(), 'newest first');
    assert.deepEqual(invoices[0]!.periodStart, invoices[1]!.periodEnd);
    const [request] = standIn.requestsTo('GET', '/v1/invoices').slice(-1);
    assert.equal(request?.body.customer, customerId);
  });

  it('[ENUM-021] Stripe statuses in Frontegg spelling, anything unknown expired', () => {
    const table = {
      active: 'active',
      trialing: 'trialing',
      canceled: 'canceled',
      incomplete: 'incomplete',
      incomplete_expired: 'expired',
      past_due: 'incomplete',
      unpaid: 'incomplete',
      paused: 'expired',
      something_new: 'expired',
    };
    for (const [stripeStatus, ours] of Object.entries(table))
      assert.equal(subscriptionStatusOf(stripeStatus), ours, stripeStatus);
  });

  describe('webhooks', () => {
    it('[BILLING-003] a signed event is verified and read: subscription, invoice and card events', async () => {
      const { customerId, card } = await customerWithCard();
      const { subscription } = await stripe.subscribe({
        customerId,
        plan: pro,
        cardExternalId: card.externalId,
        trialEnd: null,
        now: new Date(),
      });
      await stripe.setCancelAtPeriodEnd({ subscription, cancel: true });
      const read = async (type: string) => {
        const payload = JSON.stringify(standIn.lastEvent(type));
        return stripe.parseWebhook(payload, standIn.sign(payload));
      };
      const [updated] = await read('customer.subscription.updated');
      assert.equal(updated?.kind, 'subscription.updated');
      assert.ok(updated?.kind === 'subscription.updated');
      assert.equal(updated.customerId, customerId);
      assert.equal(updated.subscription.externalId, subscription.externalId);
      assert.equal(updated.subscription.cancelAtPeriodEnd, true);

      const [paid] = await read('invoice.paid');
      assert.ok(paid?.kind === 'invoice.paid');
      assert.equal(paid.invoice.totalAmount, 4900);
      assert.equal(paid.invoice.subscriptionExternalId, subscription.externalId);

      // The event names the card only: the adapter reads it from Stripe.
      const before = standIn.requestsTo('GET', /^\/v1\/payment_methods\//).length;
      const [saved] = await read('setup_intent.succeeded');
      assert.ok(saved?.kind === 'setup_intent.succeeded');
      assert.equal(saved.card.externalId, card.externalId);
      assert.equal(saved.card.last4, '4242');
      assert.equal(standIn.requestsTo('GET', /^\/v1\/payment_methods\//).length, before + 1);

      standIn.endPeriod(subscription.externalId);
      const [deleted] = await read('customer.subscription.deleted');
      assert.ok(deleted?.kind === 'subscription.deleted');
      assert.equal(deleted.subscriptionExternalId, subscription.externalId);
    });

    it('[BILLING-003] a failed renewal is read as invoice.payment_failed; other events are ignored', async () => {
      const { customerId, card } = await customerWithCard('pm_card_chargeCustomerFail');
      const trial = await stripe.subscribe({
        customerId,
        plan: pro,
        cardExternalId: card.externalId,
        trialEnd: new Date(Date.now() + DAY),
        now: new Date(),
      });
      standIn.endPeriod(trial.subscription.externalId);
      const failedPayload = JSON.stringify(standIn.lastEvent('invoice.payment_failed'));
      const [failed] = await stripe.parseWebhook(failedPayload, standIn.sign(failedPayload));
      assert.ok(failed?.kind === 'invoice.payment_failed');
      assert.equal(failed.invoice.paid, false);
      const updatedPayload = JSON.stringify(standIn.lastEvent('customer.subscription.updated'));
      const [updated] = await stripe.parseWebhook(updatedPayload, standIn.sign(updatedPayload));
      assert.ok(updated?.kind === 'subscription.updated');
      assert.equal(updated.subscription.status, 'incomplete', 'past_due');
      const other = JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'charge.refunded',
        data: { object: {} },
      });
      assert.deepEqual(await stripe.parseWebhook(other, standIn.sign(other)), [
        { eventId: 'evt_other', kind: 'ignored', type: 'charge.refunded' },
      ]);
    });

    it('[BILLING-003] a bad signature, another secret, a changed body, a stale timestamp or none: refused', async () => {
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'charge.refunded',
        data: { object: {} },
      });
      const refusals: Array<[string, string | undefined, string]> = [
        ['no signature', undefined, payload],
        ['garbage', 'garbage', payload],
        ['another secret', standIn.sign(payload, { secret: 'whsec_other' }), payload],
        ['a changed body', standIn.sign(payload), payload.replace('refunded', 'captured')],
        // The SDK's tolerance is 300 s.
        [
          'a stale timestamp',
          standIn.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
          payload,
        ],
      ];
      for (const [what, header, body] of refusals)
        await assert.rejects(
          Promise.resolve().then(() => stripe.parseWebhook(body, header)),
          (error: unknown) =>
            error instanceof WebhookSignatureError && error.message === 'Invalid webhook signature',
          what,
        );
      // Without a configured secret nothing is verified: everything is refused.
      const unconfigured = createStripeProvider({
        secretKey: standIn.secretKey,
        publishableKey,
        webhookSecret: '',
        apiUrl: standIn.url,
      });
      await assert.rejects(
        Promise.resolve().then(() => unconfigured.parseWebhook(payload, standIn.sign(payload))),
        WebhookSignatureError,
      );
    });
  });
});
