// The Stripe adapter (issue 19): every PaymentProvider call with the `stripe` SDK. Stripe runs the periods
// (renewals, trial ends, cancellations at period end) and tells us through signed webhooks, read here into
// ProviderEvents. `apiUrl` points the SDK elsewhere (the tests' stand-in, server/testing/stripe). The secret
// key stays inside the SDK client: no answer, error or log line of this file carries it.
import Stripe from 'stripe';
import type { BillingConfig } from '../../config';
import {
  CardDeclinedError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookSignatureError,
} from '../provider';

type StripeConfig = BillingConfig['stripe'];

/** Stripe's subscription statuses in Frontegg's spelling (ENUM-021); anything unknown is expired. */
export function subscriptionStatusOf(status: string): ProviderSubscription['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'canceled':
    case 'incomplete':
      return status;
    // Unpaid and past due: a payment is owed; the subscription is not in good standing until it is paid.
    case 'past_due':
    case 'unpaid':
      return 'incomplete';
    default:
      // incomplete_expired, paused and anything Stripe adds later.
      return 'expired';
  }
}

const date = (unix: number) => new Date(unix * 1000);
const unix = (at: Date) => Math.floor(at.getTime() / 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A Stripe subscription as the billing service reads it (the period is the first item's). */
export function subscriptionOf(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  return {
    externalId: sub.id,
    status: subscriptionStatusOf(sub.status),
    currentPeriodStart: date(item?.current_period_start ?? sub.billing_cycle_anchor ?? sub.start_date),
    currentPeriodEnd: date(item?.current_period_end ?? sub.billing_cycle_anchor ?? sub.start_date),
    trialEnd: sub.trial_end ? date(sub.trial_end) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

/** A Stripe invoice: its subscription and price from its parent and first line, the period the line bills. */
export function invoiceOf(invoice: Stripe.Invoice): ProviderInvoice {
  const line = invoice.lines?.data?.[0];
  const paidAt = invoice.status_transitions?.paid_at ?? null;
  const price = line?.pricing?.price_details?.price;
  return {
    externalId: invoice.id ?? '',
    subscriptionExternalId: idOf(invoice.parent?.subscription_details?.subscription) ?? '',
    totalAmount: invoice.total,
    currency: invoice.currency,
    paid: invoice.status === 'paid',
    paymentDate: paidAt ? date(paidAt) : null,
    // An invoice's own period is the one before the line's service period (Stripe's quirk): the line's is billed.
    periodStart: date(line?.period?.start ?? invoice.period_start),
    periodEnd: date(line?.period?.end ?? invoice.period_end),
    ...(price ? { priceExternalId: idOf(price)! } : {}),
  };
}

/** A card payment method (null for any other kind). */
export function cardOf(pm: Stripe.PaymentMethod | null | undefined): ProviderCard | null {
  if (!pm?.card) return null;
  return {
    externalId: pm.id,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** A refusal of the card (Stripe's 402 card_error) as the provider interface names it; anything else as is. */
async function declines<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new CardDeclinedError(error.decline_code || error.code || 'card_declined');
    throw error;
  }
}

/**
 * The charge a create or update made: its latest invoice when it bills something. A trial's $0 invoice and a
 * downgrade's proration credit charge nothing (they reach the service as invoice events, if at all).
 */
function chargeOf(sub: Stripe.Subscription): ProviderInvoice | null {
  if (!sub.latest_invoice || typeof sub.latest_invoice !== 'object') return null;
  const invoice = invoiceOf(sub.latest_invoice);
  return invoice.totalAmount > 0 ? invoice : null;
}

/** The SDK client: against `apiUrl` when set (host, port and protocol of it), Stripe's API otherwise. */
export function stripeClient(config: StripeConfig): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    // A call that failed is reported to the caller at once (the billing service decides what to do).
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
  });
}

/** What a webhook's event means to the billing service (an event we do not act on is `ignored`). */
async function eventOf(stripe: Stripe, event: Stripe.Event): Promise<ProviderEvent> {
  const eventId = event.id;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      return {
        eventId,
        kind: 'subscription.updated',
        customerId: idOf(sub.customer) ?? '',
        subscription: subscriptionOf(sub),
      };
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return {
        eventId,
        kind: 'subscription.deleted',
        customerId: idOf(sub.customer) ?? '',
        subscriptionExternalId: sub.id,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        eventId,
        kind: event.type,
        customerId: idOf(invoice.customer) ?? '',
        invoice: invoiceOf(invoice),
      };
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      // Events carry ids, not expanded objects: the card is read from Stripe when only named.
      const pm = intent.payment_method;
      const card =
        pm && typeof pm === 'object'
          ? cardOf(pm)
          : pm
            ? cardOf(await stripe.paymentMethods.retrieve(pm))
            : null;
      if (!card) return { eventId, kind: 'ignored', type: event.type };
      return {
        eventId,
        kind: 'setup_intent.succeeded',
        customerId: idOf(intent.customer) ?? '',
        setupIntentId: intent.id,
        card,
      };
    }
    default:
      return { eventId, kind: 'ignored', type: event.type };
  }
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    mode: 'stripe',
    runsPeriods: true,
    publishableKey: () => config.publishableKey,

    async createCustomer({ tenantId, name, email }) {
      const customer = await stripe.customers.create({ name, email, metadata: { tenantId } });
      return { customerId: customer.id };
    },

    async createSetupIntent({ tenantId, customerId, replacesExternalId }) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { tenantId, ...(replacesExternalId ? { replaces: replacesExternalId } : {}) },
      });
      if (!intent.client_secret) throw new Error('Stripe answered a setup intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async cardOfSetupIntent({ customerId, setupIntentId }) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      // Another customer's setup intent saves nothing for this one.
      if (idOf(intent.customer) !== customerId || intent.status !== 'succeeded') return null;
      return typeof intent.payment_method === 'object' ? cardOf(intent.payment_method) : null;
    },

    subscribe: ({ customerId, plan, cardExternalId, trialEnd }) =>
      declines(async () => {
        if (!plan.externalId) throw new Error(`plan ${plan.id} has no Stripe price`);
        const sub = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: plan.externalId }],
          ...(cardExternalId ? { default_payment_method: cardExternalId } : {}),
          ...(trialEnd ? { trial_end: unix(trialEnd) } : {}),
          // A refused first charge throws (402) and creates nothing, rather than an incomplete subscription.
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        });
        return { subscription: subscriptionOf(sub), invoice: chargeOf(sub) };
      }),

    changePlan: ({ subscription, plan, cardExternalId, charge }) =>
      declines(async () => {
        if (!plan.externalId) throw new Error(`plan ${plan.id} has no Stripe price`);
        const current = await stripe.subscriptions.retrieve(subscription.externalId);
        const item = current.items.data[0];
        // A trial moved to a paid plan with a card ends now: the first period is charged at once.
        const endsTrial =
          charge && current.status === 'trialing' && cardExternalId !== null && plan.amount > 0;
        const sub = await stripe.subscriptions.update(subscription.externalId, {
          items: [item ? { id: item.id, price: plan.externalId } : { price: plan.externalId }],
          // An upgrade is invoiced and paid now; a downgrade takes the new price from the next period on,
          // with no credit (the local provider's rule too).
          proration_behavior: charge ? 'always_invoice' : 'none',
          payment_behavior: 'error_if_incomplete',
          ...(cardExternalId ? { default_payment_method: cardExternalId } : {}),
          ...(endsTrial ? { trial_end: 'now' as const } : {}),
          expand: ['latest_invoice'],
        });
        const invoice = chargeOf(sub);
        // The latest invoice is this change's only when it bills the new price (not an earlier period's).
        const billed = invoice && invoice.externalId !== idOf(current.latest_invoice);
        return { subscription: subscriptionOf(sub), invoice: billed ? invoice : null };
      }),

    renew() {
      return Promise.reject(new Error('Stripe renews its subscriptions itself (runsPeriods)'));
    },

    async setCancelAtPeriodEnd({ subscription, cancel }) {
      const sub = await stripe.subscriptions.update(subscription.externalId, {
        cancel_at_period_end: cancel,
      });
      return subscriptionOf(sub);
    },

    async setDefaultCard({ customerId, cardExternalId }) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: cardExternalId },
      });
    },

    async listInvoices({ customerId }) {
      const invoices: ProviderInvoice[] = [];
      // Stripe lists newest first; every page is read.
      for await (const invoice of stripe.invoices.list({ customer: customerId, limit: 100 })) {
        invoices.push(invoiceOf(invoice));
      }
      return invoices;
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('no signature');
      // Without a secret nothing can be verified: every event is refused.
      if (!config.webhookSecret) throw new WebhookSignatureError('no webhook secret configured');
      let event: Stripe.Event;
      try {
        // A signature that is not the secret's over these exact bytes, or a timestamp outside the tolerance.
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        throw error;
      }
      return [await eventOf(stripe, event)];
    },
  };
}
