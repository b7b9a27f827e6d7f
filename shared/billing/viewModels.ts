// The billing view models (001 §3, BILLING-005..014, ENUM-020/021): statuses mapped to the billing state's
// upper-case set, plans with a numeric price in major units, invoices with dates and amounts in major units,
// and money formatted through Intl. Zod-free (constants from billingMessages).
import type { CardPaymentMethod, Invoice, PaymentMethod, Plan } from '../api/billing';
import {
  DEFAULT_CURRENCY,
  RECURRING_INTERVAL,
  subscriptionStatuses,
  type SubscriptionStatus,
} from '../api/contracts/billingMessages';

export type { SubscriptionStatus };

/**
 * A wire status (lowercase, ENUM-021) or an upper-case one to the billing state's (ENUM-020): `trialEnded`
 * and anything unknown map to EXPIRED (BILLING-005).
 */
export function normalizeStatus(status: string | null | undefined): SubscriptionStatus {
  const upper = typeof status === 'string' ? status.toUpperCase() : '';
  return subscriptionStatuses.find((s) => s === upper) ?? 'EXPIRED';
}

/** A plan for the view (BILLING-007..009): price a number, currency default usd, billed monthly. */
export interface PlanView {
  id: string;
  name: string;
  description: string;
  slug: string;
  price: number;
  currency: string;
  recurringInterval: typeof RECURRING_INTERVAL;
  features: string[];
  seatLimit: number | null;
  rank: number;
  isDefault: boolean;
}

const numberOr = (value: unknown, fallback: number): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** The plan's view model; a partial answer (a plan without price or currency) still reads. */
export function toPlanView(plan: Plan): PlanView {
  const price = (plan.price ?? {}) as Partial<Plan['price']>;
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description ?? '',
    slug: plan.slug,
    price: numberOr(price.amount, 0),
    currency: price.currency || DEFAULT_CURRENCY,
    recurringInterval: RECURRING_INTERVAL,
    features: plan.features ?? [],
    seatLimit: plan.seatLimit ?? null,
    rank: plan.rank ?? 0,
    isDefault: plan.isDefault ?? false,
  };
}

/** An invoice for the view (BILLING-011..014). */
export interface InvoiceView {
  id: string;
  externalId: string;
  subscriptionId: string;
  receiptNumber: string;
  /** BILLING-011. */
  paymentDate: Date;
  /** Major units, two decimals (BILLING-012): 4900 → 49.00. */
  totalAmount: number;
  /** BILLING-013. */
  currency: string;
  /** BILLING-014. */
  paid: boolean;
}

/** Minor units to major units with two decimals (BILLING-012). */
export const fromMinorUnits = (amount: number): number => Number((amount / 100).toFixed(2));

export function toInvoiceView(invoice: Invoice): InvoiceView {
  return {
    id: invoice.id,
    externalId: invoice.externalId,
    subscriptionId: invoice.subscriptionId,
    receiptNumber: invoice.receiptNumber,
    paymentDate: new Date(invoice.paymentDate),
    totalAmount: fromMinorUnits(numberOr(invoice.totalAmount, 0)),
    currency: invoice.currency || DEFAULT_CURRENCY,
    paid: invoice.paid ?? false,
  };
}

/** An amount in major units as money of the locale ("$49.00"); the currency defaults to usd. */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code.
    return `${amount.toFixed(2)} ${code}`;
  }
}

/** The plan's price per month as money (the checkout's former `planPrice`). */
export function planPrice(plan: Plan, locale: string): string {
  const view = toPlanView(plan);
  return formatMoney(view.price, view.currency, locale);
}

/** The card of a payment method, or null for an unknown kind (ENUM-023). */
export const cardOf = (method: PaymentMethod | null | undefined): CardPaymentMethod | null =>
  method && method.type === 'card' ? method : null;

/** A card brand as people write it ("visa" → "Visa"). */
export function brandName(brand: string): string {
  const known: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners: 'Diners Club',
    unionpay: 'UnionPay',
  };
  return known[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');
}
