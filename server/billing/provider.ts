// The payment-provider interface (issue 19): the billing service (server/billing/service.ts) keeps the
// subscriptions, cards and invoices in the database and asks a provider to do what needs a card processor.
// Two adapters: `local` (server/billing/providers/local.ts: test cards, no processor; periods and renewals run
// by the billing job) and `stripe` (server/billing/providers/stripe.ts: the `stripe` SDK; Stripe runs the
// periods and tells us through signed webhooks, which the adapter turns into ProviderEvents). Amounts are in
// minor units everywhere; dates are Date objects; nothing here ever holds a full card number or CVC.

import { CARD_DECLINED } from '../../shared/api/contracts/billingMessages';

/** A card as the provider describes it (never the number). */
export interface ProviderCard {
  /** The provider's payment method id (Stripe `pm_…`, local `lpm_…`). */
  externalId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A subscription's state at the provider, in Frontegg's status spelling (ENUM-021). */
export interface ProviderSubscription {
  externalId: string;
  status: 'active' | 'canceled' | 'incomplete' | 'expired' | 'trialing' | 'trialEnded';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** An invoice at the provider. */
export interface ProviderInvoice {
  externalId: string;
  subscriptionExternalId: string;
  totalAmount: number;
  currency: string;
  paid: boolean;
  paymentDate: Date | null;
  periodStart: Date;
  periodEnd: Date;
  /** The provider's price (plan externalId) billed, when known. */
  priceExternalId?: string;
}

/** The plan a provider bills: our id, the provider's price id (null for local), the monthly amount. */
export interface ProviderPlan {
  id: string;
  externalId: string | null;
  amount: number;
  currency: string;
  name: string;
}

/** A charge or a card check that the processor refused. */
export class CardDeclinedError extends Error {
  constructor(readonly declineCode = 'card_declined') {
    super(CARD_DECLINED);
    this.name = 'CardDeclinedError';
  }
}

/** A webhook whose signature is missing, not the secret's over its exact bytes, or outside the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(readonly reason: string) {
    super('Invalid webhook signature');
    this.name = 'WebhookSignatureError';
  }
}

/**
 * What a provider told us out of band (Stripe webhooks), in provider-neutral terms: the billing service
 * applies each to the database (`applyProviderEvent`), once per `eventId`.
 */
export type ProviderEvent =
  | { eventId: string; kind: 'subscription.updated'; customerId: string; subscription: ProviderSubscription }
  | { eventId: string; kind: 'subscription.deleted'; customerId: string; subscriptionExternalId: string }
  | { eventId: string; kind: 'invoice.paid'; customerId: string; invoice: ProviderInvoice }
  | { eventId: string; kind: 'invoice.payment_failed'; customerId: string; invoice: ProviderInvoice }
  | {
      eventId: string;
      kind: 'setup_intent.succeeded';
      customerId: string;
      setupIntentId: string;
      card: ProviderCard;
    }
  /** An event we do not act on (acknowledged, recorded). */
  | { eventId: string; kind: 'ignored'; type: string };

export interface PaymentProvider {
  readonly mode: 'local' | 'stripe';
  /** What the browser may know (BILLING-060): the publishable key ('' for local), never a secret. */
  publishableKey(): string;
  /** Creates the account's customer at the provider (BILLING-059). */
  createCustomer(input: { tenantId: string; name: string; email: string }): Promise<{ customerId: string }>;
  /**
   * Starts a card setup (BILLING-061): the browser completes it with the secret (Stripe's Card Element, or the
   * local card form). `replacesExternalId`: the card it will replace, if any.
   */
  createSetupIntent(input: {
    tenantId: string;
    customerId: string;
    replacesExternalId?: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The card a completed setup intent saved (null while not completed). */
  cardOfSetupIntent(input: { customerId: string; setupIntentId: string }): Promise<ProviderCard | null>;
  /**
   * Starts a subscription on `plan` for the customer: trialing until `trialEnd` when given (no charge), else
   * charged now with `cardExternalId` (CardDeclinedError when refused: nothing is created).
   */
  subscribe(input: {
    customerId: string;
    plan: ProviderPlan;
    cardExternalId: string | null;
    trialEnd: Date | null;
    now: Date;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /**
   * Moves a subscription to another plan now (an upgrade is charged at once for a new period; CardDeclinedError
   * when refused: nothing changes). A trial moved to a paid plan with a card ends the trial.
   */
  changePlan(input: {
    customerId: string;
    subscription: ProviderSubscription;
    plan: ProviderPlan;
    cardExternalId: string | null;
    /**
     * true: charged now for a new month (an upgrade; a trial, or an unpaid subscription, moved to a paid plan).
     * false: a downgrade, applied now with no charge and no credit; the period stays (invoice null).
     */
    charge: boolean;
    now: Date;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /**
   * Whether the provider runs the periods itself (Stripe: renewals, trial ends and cancellations at period end
   * happen there and reach us as events). When false (local), the billing job calls `renew` at each period's
   * end.
   */
  readonly runsPeriods: boolean;
  /**
   * The next period of a subscription whose period (or trial) ended: charges the plan's amount with the card
   * (CardDeclinedError when refused). Only for providers that do not run periods.
   */
  renew(input: {
    customerId: string;
    subscription: ProviderSubscription;
    plan: ProviderPlan;
    cardExternalId: string;
    now: Date;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice }>;
  /** Sets or clears cancel-at-period-end (cancel BILLING-024, renew BILLING-028). */
  setCancelAtPeriodEnd(input: {
    subscription: ProviderSubscription;
    cancel: boolean;
  }): Promise<ProviderSubscription>;
  /** Makes `cardExternalId` the card the customer's subscriptions charge. */
  setDefaultCard(input: { customerId: string; cardExternalId: string }): Promise<void>;
  /** The customer's invoices at the provider (newest first). */
  listInvoices(input: { customerId: string }): Promise<ProviderInvoice[]>;
  /**
   * Verifies a webhook's signature over the raw body and reads its events (Stripe only; the local provider
   * has none: it throws). A bad or stale signature: WebhookSignatureError. May read from the provider what an
   * event only names (a setup intent's card), hence a promise.
   */
  parseWebhook(
    rawBody: string,
    signatureHeader: string | undefined,
  ): ProviderEvent[] | Promise<ProviderEvent[]>;
}
