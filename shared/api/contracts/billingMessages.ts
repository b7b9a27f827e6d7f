// The billing contract's constants without zod (enumerations, messages, the local test cards): the portal's
// billing state and the checkout import them from here, so zod stays off their chunks. The contracts module
// (./billing.ts) re-exports every name.

/** Subscription statuses on the wire (ENUM-021, Frontegg's ISubscriptionStatus). */
export const wireSubscriptionStatuses = [
  'active',
  'canceled',
  'incomplete',
  'expired',
  'trialing',
  'trialEnded',
] as const;

/** The billing state's statuses (ENUM-020); any other maps to EXPIRED (BILLING-005). */
export const subscriptionStatuses = ['ACTIVE', 'CANCELED', 'INCOMPLETE', 'EXPIRED', 'TRIALING'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The one cancellation policy (ENUM-022). */
export const AT_PERIOD_END = 'atPeriodEnd' as const;

/** Payment method types (ENUM-023). */
export const paymentMethodTypes = ['unknown', 'card'] as const;

/** The payment provider type on the wire (ENUM-024): our local provider answers it too (it speaks Stripe's shapes). */
export const PROVIDER_TYPE = 'Stripe';

/** Ours: which engine really bills — Stripe, or the built-in local provider (test cards, no processor). */
export const providerModes = ['stripe', 'local'] as const;

/** A payment provider's enabled status (001 §9: '1'). */
export const PROVIDER_ENABLED_STATUS = '1';

/** The customer-creation action (ENUM-025). */
export const TENANT_CREATED_ACTION = 'create_customer';

/** Checkout actions (ENUM-027). */
export const checkoutActions = ['load', 'reset', 'submit', 'error'] as const;

/** Plans are billed monthly (BILLING-009). */
export const RECURRING_INTERVAL = 'month';
/** The default currency (BILLING-008, BILLING-013). */
export const DEFAULT_CURRENCY = 'usd';

// ---------------------------------------------------------------------------------------------------------
// Messages (001 §8, exactly), and ours

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
/** The checkout's own wording (BILLING-030): no trailing full stop. */
export const CHECKOUT_SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const BILLING_EXTERNALLY_MANAGED = 'Billing is externally managed.';
export const NOT_AUTHORIZED = 'Not authorized';
export const INTERNAL_FEATURE_FAILURE = 'Internal feature failure';
export const PAYMENT_PROVIDER_NOT_CONFIGURED = 'Payment provider not configured';
// Ours.
export const PLAN_NOT_FOUND = 'Plan not found';
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';
export const CARD_DECLINED = 'Your card was declined.';
export const CARD_NUMBER_INVALID = 'cardNumber: Invalid card number';
export const CARD_EXPIRED = 'Your card has expired.';
export const CARD_CVC_INVALID = "cvc: Your card's security code is invalid.";
export const SETUP_INTENT_INVALID = 'The card form has expired. Enter the card again';
export const PLAN_DOWNGRADE_NOT_ALLOWED = 'Moving to a cheaper plan is not allowed';
export const PLAN_CANCELLATION_NOT_ALLOWED = 'Cancelling the subscription is not allowed';
export const SUBSCRIPTION_NOT_CANCELLABLE =
  'Only an active subscription without a cancellation can be cancelled';
export const SUBSCRIPTION_NOT_RENEWABLE = 'Only a subscription cancelled at period end can be renewed';
export const PAYMENT_METHOD_REQUIRED = 'Add a card to move to a paid plan';
export const SUBSCRIPTION_EXISTS = 'The account already has a subscription';
export const SUBSCRIPTION_CHANGED = 'The subscription was changed meanwhile. Try again';
export const TENANT_CONFIGURATION_EXISTS = 'The account already has a billing configuration';
export const WEBHOOK_SIGNATURE_INVALID = 'Invalid webhook signature';

/** The messages of the billing calls (the error-code catalog holds each; errors.test checks). */
export const billingMessages = [
  SUBSCRIPTION_NOT_FOUND,
  CHECKOUT_SUBSCRIPTION_NOT_FOUND,
  BILLING_EXTERNALLY_MANAGED,
  NOT_AUTHORIZED,
  INTERNAL_FEATURE_FAILURE,
  PAYMENT_PROVIDER_NOT_CONFIGURED,
  PLAN_NOT_FOUND,
  INVOICE_NOT_FOUND,
  PAYMENT_METHOD_NOT_FOUND,
  CARD_DECLINED,
  CARD_NUMBER_INVALID,
  CARD_EXPIRED,
  CARD_CVC_INVALID,
  SETUP_INTENT_INVALID,
  PLAN_DOWNGRADE_NOT_ALLOWED,
  PLAN_CANCELLATION_NOT_ALLOWED,
  SUBSCRIPTION_NOT_CANCELLABLE,
  SUBSCRIPTION_NOT_RENEWABLE,
  PAYMENT_METHOD_REQUIRED,
  SUBSCRIPTION_EXISTS,
  TENANT_CONFIGURATION_EXISTS,
  SUBSCRIPTION_CHANGED,
  WEBHOOK_SIGNATURE_INVALID,
] as const;

/**
 * The local provider's test cards (Stripe's own test numbers, so a demo reads the same on both): any other
 * Luhn-valid number with a future expiry and a 3- or 4-digit CVC is accepted as a card of its brand.
 */
export const LOCAL_TEST_CARDS = {
  /** Accepted, charges succeed. */
  visa: '4242424242424242',
  /** Refused when entered (CARD_DECLINED): nothing is saved. */
  declined: '4000000000000002',
  /** Saved, but every charge is declined (a plan change with it fails and changes nothing). */
  chargeDeclined: '4000000000000341',
} as const;
