// The local payment provider (issue 19): billing without a card processor, for demos, tests and self-hosters.
// Cards are entered in our own form (confirmLocalSetupIntent) and checked here: the number by Luhn, the
// expiry against the clock, the brand from the number's prefix; Stripe's test numbers behave as at Stripe
// (LOCAL_TEST_CARDS: 4000000000000002 is declined when entered, 4000000000000341 is saved but every charge
// with it is declined). No number or CVC is kept: a saved card is an opaque id (`lpm_…`) plus brand, last 4
// and expiry; a card whose charges are declined carries that in its id (`lpm_decline_…`), the way a
// processor's token carries what the processor knows about the card. Periods are run by the billing job
// (server/billing/job.ts), which calls `renew` at each period's end (`runsPeriods` false).
import { randomBytes, randomUUID } from 'node:crypto';
import { LOCAL_TEST_CARDS } from '../../../shared/api/contracts/billing';
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

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand of a card number: visa 4, mastercard 51-55 and 2221-2720, amex 34/37, discover 6011/65. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65) return 'discover';
  return 'unknown';
}

/** Why a card entered in the local form is refused. */
export type LocalCardProblem = 'number' | 'expired' | 'declined';

/**
 * Checks a card entered in the local form (the number without spaces): the saved card, or the problem.
 * Expired: the last day of the expiry month has passed at `now`.
 */
export function checkLocalCard(
  input: { number: string; expMonth: number; expYear: number },
  now: Date,
): { ok: true; card: ProviderCard } | { ok: false; problem: LocalCardProblem } {
  if (!luhnValid(input.number)) return { ok: false, problem: 'number' };
  const endOfExpiry = Date.UTC(input.expYear, input.expMonth, 1); // the first instant after the month
  if (endOfExpiry <= now.getTime()) return { ok: false, problem: 'expired' };
  if (input.number === LOCAL_TEST_CARDS.declined) return { ok: false, problem: 'declined' };
  const declinesCharges = input.number === LOCAL_TEST_CARDS.chargeDeclined;
  return {
    ok: true,
    card: {
      externalId: `lpm_${declinesCharges ? 'decline_' : ''}${randomUUID()}`,
      brand: cardBrand(input.number),
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
    async changePlan({ subscription, plan, cardExternalId, now }) {
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
