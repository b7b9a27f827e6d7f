// The local payment provider (issue 19): billing without a card processor, for demos, tests and self-hosters.
// Cards are entered in our own form (confirmLocalSetupIntent) and checked with the shared card checks
// (shared/billing/card/cardChecks.ts): the number by Luhn, the expiry against the clock, the brand from the
// number's prefix; Stripe's test numbers behave as at Stripe
// (LOCAL_TEST_CARDS: 4000000000000002 is declined when entered, 4000000000000341 is saved but every charge
// with it is declined). No number or CVC is kept: a saved card is an opaque id (`lpm_…`) plus brand, last 4
// and expiry; a card whose charges are declined carries that in its id (`lpm_decline_…`), the way a
// processor's token carries what the processor knows about the card. Periods are run by the billing job
// (server/billing/job.ts), which calls `renew` at each period's end (`runsPeriods` false).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CARD_DECLINED,
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  LOCAL_TEST_CARDS,
} from '../../../shared/api/contracts/billingMessages';
import {
  brandOf,
  checkLocalCard as checkCard,
  type LocalCardRefusal,
} from '../../../shared/billing/card/cardChecks';
import {
  CardDeclinedError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderPlan,
  type ProviderSubscription,
} from '../provider';

/** The date one calendar month after `from` (the 31st of January → the last day of February). */
export function addMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Why a card entered in the local form is refused. */
export type LocalCardProblem = 'number' | 'expired' | 'declined';

/** The shared check's message (shared/billing/card/cardChecks.ts) as the problem the route answers. */
const problemOf: Record<LocalCardRefusal, LocalCardProblem> = {
  [CARD_NUMBER_INVALID]: 'number',
  [CARD_EXPIRED]: 'expired',
  [CARD_DECLINED]: 'declined',
};

/**
 * Checks a card entered in the local form (the number without spaces) with the shared card checks (number,
 * then expiry, then the declining test card): the saved card, or the problem. Expired: the last day of the
 * expiry month has passed at `now`.
 */
export function checkLocalCard(
  input: { number: string; expMonth: number; expYear: number },
  now: Date,
): { ok: true; card: ProviderCard } | { ok: false; problem: LocalCardProblem } {
  const refusal = checkCard(input, now);
  if (refusal) return { ok: false, problem: problemOf[refusal] };
  const declinesCharges = input.number === LOCAL_TEST_CARDS.chargeDeclined;
  return {
    ok: true,
    card: {
      externalId: `lpm_${declinesCharges ? 'decline_' : ''}${randomUUID()}`,
      brand: brandOf(input.number),
      last4: input.number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
    },
  };
}

/** Whether a charge with the card succeeds (the local processor's whole decision). */
function charge(cardExternalId: string | null, amount: number): void {
  if (amount <= 0) return;
  if (!cardExternalId || cardExternalId.startsWith('lpm_decline_')) throw new CardDeclinedError();
}

function invoiceFor(
  subscriptionExternalId: string,
  plan: ProviderPlan,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): ProviderInvoice {
  return {
    externalId: `lin_${randomUUID()}`,
    subscriptionExternalId,
    totalAmount: plan.amount,
    currency: plan.currency,
    paid: true,
    paymentDate: now,
    periodStart,
    periodEnd,
  };
}

export function createLocalProvider(): PaymentProvider {
  return {
    mode: 'local',
    runsPeriods: false,
    publishableKey: () => '',
    createCustomer: async () => ({ customerId: `lcus_${randomUUID()}` }),
    createSetupIntent: async () => ({
      id: `lseti_${randomUUID()}`,
      clientSecret: `lseti_secret_${randomBytes(24).toString('base64url')}`,
    }),
    // Local intents are completed by our own card form (confirmLocalSetupIntent), never at a processor.
    cardOfSetupIntent: async () => null,
    async subscribe({ plan, cardExternalId, trialEnd, now }) {
      const externalId = `lsub_${randomUUID()}`;
      if (trialEnd) {
        const subscription: ProviderSubscription = {
          externalId,
          status: 'trialing',
          currentPeriodStart: now,
          currentPeriodEnd: trialEnd,
          trialEnd,
          cancelAtPeriodEnd: false,
        };
        return { subscription, invoice: null };
      }
      charge(cardExternalId, plan.amount);
      const end = addMonth(now);
      const subscription: ProviderSubscription = {
        externalId,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: end,
        trialEnd: null,
        cancelAtPeriodEnd: false,
      };
      return {
        subscription,
        invoice: plan.amount > 0 ? invoiceFor(externalId, plan, now, end, now) : null,
      };
    },
    async changePlan({ subscription, plan, cardExternalId, charge: charged, now }) {
      // A downgrade: the period stays, nothing is charged or credited (the database holds the plan).
      if (!charged) return { subscription, invoice: null };
      // Charged now for a new month (an upgrade, or a trial moved to a paid plan): the new period starts now.
      charge(cardExternalId, plan.amount);
      const end = addMonth(now);
      return {
        subscription: {
          ...subscription,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: end,
        },
        invoice: plan.amount > 0 ? invoiceFor(subscription.externalId, plan, now, end, now) : null,
      };
    },
    async renew({ subscription, plan, cardExternalId, now }) {
      charge(cardExternalId, plan.amount);
      const start = subscription.currentPeriodEnd;
      const end = addMonth(start);
      return {
        subscription: { ...subscription, status: 'active', currentPeriodStart: start, currentPeriodEnd: end },
        invoice: invoiceFor(subscription.externalId, plan, start, end, now),
      };
    },
    setCancelAtPeriodEnd: async ({ subscription, cancel }) => ({
      ...subscription,
      cancelAtPeriodEnd: cancel,
    }),
    setDefaultCard: async () => undefined,
    // The database holds the local invoices (the service lists them there).
    listInvoices: async () => [],
    parseWebhook() {
      throw new Error('The local payment provider receives no webhooks');
    },
  };
}
