// The checkout slice (BILLING-019, ENUM-027) and what confirming a plan does (001 §4, BILLING-030..034).
import type { Subscription, SubscriptionChange } from '../../shared/api/billing';
import { CHECKOUT_SUBSCRIPTION_NOT_FOUND, checkoutActions } from '../../shared/api/contracts/billingMessages';

/** The checkout state (BILLING-019). */
export interface CheckoutState {
  fetching: boolean;
  loading: boolean;
  error: string | null;
  confirmed: boolean;
}

export const initialCheckoutState: CheckoutState = {
  fetching: false,
  loading: false,
  error: null,
  confirmed: false,
};

/** The checkout's actions (ENUM-027). */
export const CHECKOUT_ACTIONS = checkoutActions;

export type CheckoutAction =
  | { type: 'load' }
  | { type: 'reset' }
  | { type: 'submit' }
  | { type: 'error'; error: string }
  /** Like every slice's setState: what a step sets (fetched, confirmed). */
  | { type: 'setState'; patch: Partial<CheckoutState> };

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'load':
      return { ...state, fetching: true, error: null, confirmed: false };
    case 'reset':
      return initialCheckoutState;
    // Submit sets loading (BILLING-034); setting loading clears the error (BILLING-023).
    case 'submit':
      return { ...state, loading: true, error: null };
    // A confirm error is stored in the checkout state (BILLING-033).
    case 'error':
      return { ...state, loading: false, fetching: false, error: action.error };
    case 'setState':
      return { ...state, ...action.patch };
  }
}

/** The message of a confirm without a subscription (BILLING-030): no trailing full stop. */
export const SUBSCRIPTION_NOT_FOUND = CHECKOUT_SUBSCRIPTION_NOT_FOUND;

export type ConfirmDecision =
  { kind: 'error'; error: string } | { kind: 'activateLocally' } | { kind: 'update'; subscriptionId: string };

/** What the user chose in the checkout: the plan, the subscription's current plan, and the card. */
export interface ConfirmChoice {
  /** The plan selected in the checkout. */
  planId: string;
  /** The subscription's current plan (null when unknown). */
  currentPlanId: string | null | undefined;
  /** Whether the user pays with the saved card (false when a new card is typed). */
  payingWithSaved: boolean;
}

/**
 * What confirming a plan does (001 §4): no subscription fails (BILLING-030); a TRIALING subscription whose
 * summary already holds a payment method becomes ACTIVE locally (BILLING-031) — only when the plan chosen is
 * the subscription's current plan and the user pays with the saved card, since nothing then changes at the
 * server; otherwise (another plan, or a new card) the subscription is updated with the card and the plan
 * (BILLING-032). `status` is the view's (ACTIVE, TRIALING, …).
 */
export function decideConfirm(
  subscription: (Pick<Subscription, 'id'> & { status: string }) | null,
  summaryPaymentMethodId: string | null | undefined,
  choice: ConfirmChoice,
): ConfirmDecision {
  if (!subscription) return { kind: 'error', error: SUBSCRIPTION_NOT_FOUND };
  if (
    subscription.status.toUpperCase() === 'TRIALING' &&
    summaryPaymentMethodId &&
    choice.payingWithSaved &&
    !!choice.currentPlanId &&
    choice.planId === choice.currentPlanId
  )
    return { kind: 'activateLocally' };
  return { kind: 'update', subscriptionId: subscription.id };
}

/** The work a confirm does, given by the element (the store's billing actions) or a test. */
export interface ConfirmDeps {
  /** Sets the subscription ACTIVE in the store, without a server call (BILLING-031: same plan, saved card). */
  activateLocally(): void;
  /** The card to pay with: the saved one, or a new one saved now (null when the card could not be saved). */
  paymentMethodId(): Promise<string | null>;
  updateSubscription(subscriptionId: string, change: SubscriptionChange): Promise<Subscription>;
  /** Reloads billing information, payment method and invoices (BILLING-032). */
  reloadAfterCheckout(): Promise<void>;
}

/** Runs a confirm through the reducer: the result is the confirmed subscription id, or null on an error. */
export async function confirmCheckout(
  input: {
    subscription: (Pick<Subscription, 'id'> & { status: string }) | null;
    summaryPaymentMethodId: string | null | undefined;
  } & ConfirmChoice,
  deps: ConfirmDeps,
  dispatch: (action: CheckoutAction) => void,
  describe: (error: unknown) => string,
): Promise<string | null> {
  dispatch({ type: 'submit' });
  const decision = decideConfirm(input.subscription, input.summaryPaymentMethodId, input);
  if (decision.kind === 'error') {
    dispatch({ type: 'error', error: decision.error });
    return null;
  }
  try {
    if (decision.kind === 'activateLocally') {
      deps.activateLocally();
    } else {
      const paymentMethodId = await deps.paymentMethodId();
      if (paymentMethodId === null) {
        dispatch({ type: 'setState', patch: { loading: false } });
        return null;
      }
      await deps.updateSubscription(decision.subscriptionId, { paymentMethodId, planId: input.planId });
      await deps.reloadAfterCheckout();
    }
    dispatch({ type: 'setState', patch: { loading: false, confirmed: true } });
    return input.subscription!.id;
  } catch (error) {
    dispatch({ type: 'error', error: describe(error) });
    return null;
  }
}
