import type { Plan, Subscription, SubscriptionChange } from '../../shared/api/billing';

export type SubscriptionStatus = 'ACTIVE' | 'CANCELED' | 'INCOMPLETE' | 'EXPIRED' | 'TRIALING';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

/** An unknown status maps to EXPIRED (001 §3). */
export function normalizeStatus(status: string): SubscriptionStatus {
  const upper = status.toUpperCase();
  return (
    (['ACTIVE', 'CANCELED', 'INCOMPLETE', 'EXPIRED', 'TRIALING'] as const).find((s) => s === upper) ??
    'EXPIRED'
  );
}

/** Plan price for the view: a number and a currency that defaults to usd (001 §3). */
export function planPrice(plan: Plan, locale: string): string {
  const currency = (plan.price.currency || 'usd').toUpperCase();
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(plan.price.amount);
}

export type ConfirmDecision =
  | { kind: 'error'; error: string }
  | { kind: 'activateLocally' }
  | { kind: 'update'; subscriptionId: string; body: SubscriptionChange };

/**
 * What confirming a plan does (001 §4): no subscription fails; a trialing subscription whose summary already
 * holds a payment method becomes active locally; otherwise the subscription is updated with plan and card.
 */
export function decideConfirm(
  subscription: Subscription | null,
  planId: string,
  paymentMethodId: string | undefined,
): ConfirmDecision {
  if (!subscription) return { kind: 'error', error: SUBSCRIPTION_NOT_FOUND };
  if (normalizeStatus(subscription.status) === 'TRIALING' && paymentMethodId)
    return { kind: 'activateLocally' };
  return { kind: 'update', subscriptionId: subscription.id, body: { paymentMethodId, planId } };
}
