// Billing and subscriptions (BILLING-*, 001 §3, §4, §7, §8; ENUM-020..027): plans, managed and billing
// subscriptions, invoices and their PDFs, payment methods and billing details, the billing summary, tenant
// configurations, the card provider's customers, public configuration and setup intents, payment providers,
// the vendor's public billing configuration and public info — in Frontegg's shapes (`@frontegg/rest-api`
// subscriptions/interfaces: IPlanResponse, ISubscriptionResponse, ISubscriptionInvoiceResponse,
// ISubscriptionPaymentMethodResponse, ISubscriptionSummariesResponse, ITenantConfigurationResponse,
// IPaymentProviderResponse, IVendorPublicConfigurationResponse, the Stripe provider's interfaces, and
// vendor/IVendorPublicInfoResponse). Ours beyond them: the local provider's card confirmation, Stripe's
// webhook, and the usage answer (each marked).
import { z } from 'zod';
import { paths, type ApiPath } from '../paths';
import { contract } from './contract';
import { id, isoDate } from './common';
import {
  AT_PERIOD_END,
  paymentMethodTypes,
  PROVIDER_TYPE,
  providerModes,
  wireSubscriptionStatuses,
} from './billingMessages';

// ---------------------------------------------------------------------------------------------------------
// Enumerations

export * from './billingMessages';

/** Subscription statuses on the wire (ENUM-021, Frontegg's ISubscriptionStatus). */
export const wireSubscriptionStatus = z.enum(wireSubscriptionStatuses);
export type WireSubscriptionStatus = z.infer<typeof wireSubscriptionStatus>;

/** The one cancellation policy (ENUM-022). */
export const cancellationPolicy = z.literal(AT_PERIOD_END);

/** Payment method types (ENUM-023). */
export const paymentMethodType = z.enum(paymentMethodTypes);

/** The payment provider type on the wire (ENUM-024). */
export const providerType = z.literal(PROVIDER_TYPE);

/** Ours: which engine really bills (`local` or `stripe`). */
export const providerMode = z.enum(providerModes);
export type ProviderMode = z.infer<typeof providerMode>;

/** The trial-end options (ENUM-026). */
export const trialEndAction = z.enum(['change_to_default', 'retain_trial']);

// ---------------------------------------------------------------------------------------------------------
// Entities

/** A plan (BILLING-006, IPlanResponse); `price.amount` in major units (49 = $49.00 a month). */
export const plan = z.object({
  id,
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.object({
    id: z.string(),
    externalId: z.string(),
    currency: z.string(),
    amount: z.number().nonnegative(),
  }),
  slug: z.string(),
  /** Ours: the entitlement features the plan grants (shared/flags plan rules). */
  features: z.array(z.string()),
  /** Ours: users the plan includes; null: unlimited. */
  seatLimit: z.number().int().positive().nullable(),
  /** Ours: days of trial a new account gets on it (0: none). */
  trialDays: z.number().int().nonnegative(),
  /** Ours: order of the pricing table; higher is an upgrade. */
  rank: z.number().int(),
  /** Ours: the plan accounts fall back to. */
  isDefault: z.boolean(),
});
export type WirePlan = z.infer<typeof plan>;

/** A subscription (BILLING-004, ISubscriptionResponse). */
export const subscription = z.object({
  id,
  externalId: z.string(),
  externallyManaged: z.boolean(),
  startDate: isoDate,
  currentPeriodStart: isoDate,
  currentPeriodEnd: isoDate,
  status: wireSubscriptionStatus,
  cancellation: z.object({ policy: cancellationPolicy }).nullable(),
  trialEnd: isoDate.optional(),
  plan: z.object({ slug: z.string() }),
  /** Ours: the plan's id, the paying card (null: none yet) and the account. */
  planId: id,
  paymentMethodId: id.nullable(),
  tenantId: id,
});
export type WireSubscription = z.infer<typeof subscription>;

/** An invoice (BILLING-010, ISubscriptionInvoiceResponse): `totalAmount` in minor units (4900 = $49.00). */
export const invoice = z.object({
  id,
  externalId: z.string(),
  subscriptionId: id,
  /** When it was paid; an unpaid invoice: when it was issued. */
  paymentDate: isoDate,
  totalAmount: z.number().int().nonnegative(),
  currency: z.string(),
  paid: z.boolean(),
  receiptNumber: z.string(),
  /** Ours: what it bills. */
  description: z.string(),
  periodStart: isoDate,
  periodEnd: isoDate,
});
export type WireInvoice = z.infer<typeof invoice>;

/** Frontegg's BillingDetailsAddress. */
export const billingAddress = z.object({
  addressLine1: z.string().trim().max(200).optional(),
  addressLine2: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  postalCode: z.string().trim().max(20).optional(),
  country: z.string().trim().max(100).optional(),
});

const billingDetails = z.object({
  name: z.string(),
  email: z.string().optional(),
  address: billingAddress.optional(),
});

/** A payment method (BILLING-015, ISubscriptionPaymentMethodResponse): a card, or an unknown kind. */
export const paymentMethod = z.discriminatedUnion('type', [
  z.object({ id, externalId: z.string(), type: z.literal('unknown'), isDefault: z.boolean() }),
  z.object({
    id,
    externalId: z.string(),
    type: z.literal('card'),
    isDefault: z.boolean(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    brand: z.string(),
    billingDetails,
  }),
]);
export type WirePaymentMethod = z.infer<typeof paymentMethod>;

/** The billing summary of a tenant (BILLING-016, ISubscriptionSummariesResponse). */
export const billingSummary = z.object({
  tenantConfigurationId: id,
  providerType,
  subscriptionId: z.string(),
  externallyManaged: z.boolean(),
  currentPlanId: z.string(),
  /** '' when no card is on file. */
  paymentMethodId: z.string(),
  defaultPlanId: z.string(),
});
export type WireBillingSummary = z.infer<typeof billingSummary>;

/** ITenantConfigurationResponse (`externallyManaged` is a string there: 'true' or 'false'). */
export const tenantConfiguration = z.object({
  id,
  vendorId: id,
  tenantId: id,
  externallyManaged: z.enum(['true', 'false']),
  paymentProviderType: providerType,
  mappingId: z.string(),
});

/** IPaymentProviderResponse (BILLING-062), with our `mode`. */
export const paymentProvider = z.object({
  providerType,
  name: z.string(),
  status: z.string(),
  mode: providerMode,
});

/** IStripePaymentProviderConfigurationResponse (BILLING-060): the publishable key only, never a secret. */
export const providerPublicConfiguration = z.object({
  id,
  name: z.string(),
  active: z.boolean(),
  publishableKey: z.string(),
  /** Ours: `local` shows our card form, `stripe` Stripe's Card Element. */
  mode: providerMode,
});

/** IVendorPublicConfigurationResponse (BILLING-018). */
export const vendorPublicConfiguration = z.object({
  allowPlanDowngrade: z.boolean(),
  allowPlanCancellation: z.boolean(),
});

/** IVendorPublicInfoResponse (BILLING-021, BILLING-064). */
export const vendorPublicInfo = z.object({
  name: z.string(),
  logo: z.string(),
  icon: z.string(),
  whiteLabelMode: z.boolean(),
});

/** Ours (SCREEN-040): the account's seats and active users against its plan. */
export const usage = z.object({
  planId: z.string(),
  planName: z.string(),
  seats: z.object({ used: z.number().int().nonnegative(), limit: z.number().int().positive().nullable() }),
  /** Users who signed in within the last `days` days. */
  activeUsers: z.object({ count: z.number().int().nonnegative(), days: z.number().int().positive() }),
});

// ---------------------------------------------------------------------------------------------------------
// Bodies and params

const subscriptionParams = z.object({ subscriptionId: id });
const invoiceParams = z.object({ invoiceId: id });
const paymentMethodParams = z.object({ paymentMethodId: id });
const planParams = z.object({ planId: id });
const tenantParams = z.object({ tenantId: id });

/** A plan change (BILLING-050, IUpdateSubscriptionRequest): the plan and the card that pays for it. */
export const updateSubscriptionBody = z.object({
  planId: id,
  /** The card; absent: the subscription's current card. */
  paymentMethodId: id.optional(),
});

/** Cancellations and renewals are sent with an empty body (BILLING-048/049). */
const emptyBody = z.object({}).optional();

/**
 * Billing details (BILLING-056): email and an address object. Frontegg's client sends `{ email, address }`
 * where `address` holds the rest of what it was given (so `address.address` when given an address): both read.
 */
export const updateBillingDetailsBody = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const body = raw as { address?: { address?: unknown } };
    const nested = body.address?.address;
    return nested && typeof nested === 'object' ? { ...body, address: nested } : raw;
  },
  z.object({
    email: z.union([z.literal(''), z.string().trim().email().max(320)]).optional(),
    /** Ours: the cardholder's name. */
    name: z.string().trim().max(200).optional(),
    address: billingAddress.optional(),
  }),
);

/** ICreateTenantConfigurationRequest. */
export const createTenantConfigurationBody = z.object({
  tenantId: id,
  externallyManaged: z.enum(['true', 'false']).optional(),
  providerType,
});

/** ICreateStripeCustomerRequest. */
export const createCustomerBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().email().max(320),
  tenantName: z.string().trim().max(200).optional(),
});

/** ICreateStripePaymentMethodSetupRequest (BILLING-061): the card to replace, if any. */
export const createSetupIntentBody = z.object({ paymentMethodId: id.optional() });

/** ICreateStripeSubscriptionRequest: the plan (its id, or the provider's price id). */
export const createSubscriptionBody = z.object({ stripePlanId: id });

/**
 * Ours: the local provider's card form. The number is checked (Luhn), the expiry must be in the future, the
 * CVC 3 or 4 digits; only the brand, last 4 and expiry are kept.
 */
export const confirmLocalSetupIntentBody = z.object({
  setupIntentSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Invalid card number')),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is invalid."),
  name: z.string().trim().max(200).default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(320)]).default(''),
  address: billingAddress.optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Calls

/** The managed and the billing subscriptions answer the same set (BILLING-051). */
const subscriptionCalls = (
  get: ApiPath,
  list: ApiPath,
  update: ApiPath,
  cancel: ApiPath,
  renew: ApiPath,
) => ({
  list: contract({ route: list, response: z.array(subscription) }),
  get: contract({ route: get, params: subscriptionParams, response: subscription }),
  update: contract({
    route: update,
    params: subscriptionParams,
    body: updateSubscriptionBody,
    response: subscription,
  }),
  cancel: contract({ route: cancel, params: subscriptionParams, body: emptyBody, response: subscription }),
  renew: contract({ route: renew, params: subscriptionParams, body: emptyBody, response: subscription }),
});

const managed = subscriptionCalls(
  paths.managedSubscriptions.getManagedSubscription,
  paths.managedSubscriptions.getManagedSubscriptions,
  paths.managedSubscriptions.updateManagedSubscription,
  paths.managedSubscriptions.cancelManagedSubscription,
  paths.managedSubscriptions.renewManagedSubscription,
);
const billing = subscriptionCalls(
  paths.subscriptions.getSubscription,
  paths.subscriptions.getSubscriptions,
  paths.subscriptions.updateSubscription,
  paths.subscriptions.cancelSubscription,
  paths.subscriptions.renewSubscription,
);

export const billingContracts = {
  getManagedSubscriptions: managed.list,
  getManagedSubscription: managed.get,
  updateManagedSubscription: managed.update,
  cancelManagedSubscription: managed.cancel,
  renewManagedSubscription: managed.renew,
  getSubscriptions: billing.list,
  getSubscription: billing.get,
  updateSubscription: billing.update,
  cancelSubscription: billing.cancel,
  renewSubscription: billing.renew,
  /** Subscription creation (BILLING-051): for an account without a running subscription. */
  createSubscription: contract({
    route: paths.stripe.createSubscription,
    body: createSubscriptionBody,
    response: z.object({ subscriptionId: id, subscriptionSecret: z.string() }),
    status: 201,
  }),
  getSubscriptionPlans: contract({ route: paths.plans.getSubscriptionPlans, response: z.array(plan) }),
  /** Frontegg's client types this answer as a list; the server answers the one plan. */
  getSubscriptionPlan: contract({
    route: paths.plans.getSubscriptionPlan,
    params: planParams,
    response: plan,
  }),
  getSubscriptionInvoices: contract({
    route: paths.invoices.getSubscriptionInvoices,
    response: z.array(invoice),
  }),
  getSubscriptionInvoice: contract({
    route: paths.invoices.getSubscriptionInvoice,
    params: invoiceParams,
    response: invoice,
  }),
  /** The invoice as a PDF (BILLING-054): `application/pdf`, attachment named by `outputFileName`. */
  getSubscriptionInvoicePdf: contract({
    route: paths.invoices.getSubscriptionInvoicePdf,
    params: invoiceParams,
    query: z.object({ outputFileName: z.string().max(200).optional() }),
    response: z.string(),
  }),
  getPaymentMethods: contract({
    route: paths.paymentMethods.getPaymentMethods,
    response: z.array(paymentMethod),
  }),
  getPaymentMethod: contract({
    route: paths.paymentMethods.getPaymentMethod,
    params: paymentMethodParams,
    response: paymentMethod,
  }),
  updatePaymentMethodBillingDetails: contract({
    route: paths.paymentMethods.updatePaymentMethodBillingDetails,
    params: paymentMethodParams,
    body: updateBillingDetailsBody,
    response: paymentMethod,
  }),
  getSubscriptionSummaries: contract({
    route: paths.summaries.getSubscriptionSummaries,
    params: tenantParams,
    response: billingSummary,
  }),
  getSubscriptionUsage: contract({ route: paths.summaries.getSubscriptionUsage, response: usage }),
  getTenantConfiguration: contract({
    route: paths.tenantConfiguration.getTenantConfiguration,
    params: tenantParams,
    response: tenantConfiguration,
  }),
  createTenantConfiguration: contract({
    route: paths.tenantConfiguration.createTenantConfiguration,
    body: createTenantConfigurationBody,
    response: z.object({ id }),
    status: 201,
  }),
  getPaymentProviders: contract({
    route: paths.paymentProviders.getPaymentProviders,
    response: z.array(paymentProvider),
  }),
  getStripeCustomer: contract({
    route: paths.stripe.getStripeCustomer,
    params: tenantParams,
    response: z.object({ stripeCustomerId: z.string() }),
  }),
  createStripeCustomer: contract({
    route: paths.stripe.createStripeCustomer,
    body: createCustomerBody,
    response: z.object({ stripeCustomerId: z.string() }),
    status: 201,
  }),
  getStripePaymentProviderConfiguration: contract({
    route: paths.stripe.getStripePaymentProviderConfiguration,
    response: providerPublicConfiguration,
  }),
  createStripePaymentMethodSetupIntentSecret: contract({
    route: paths.stripe.createStripePaymentMethodSetupIntentSecret,
    body: createSetupIntentBody,
    response: z.object({ id, paymentMethodId: z.string(), setupIntentSecret: z.string().min(1) }),
    status: 201,
  }),
  /** Ours: the local provider's card form (answers the saved card). */
  confirmLocalSetupIntent: contract({
    route: paths.local.confirmLocalSetupIntent,
    body: confirmLocalSetupIntentBody,
    response: paymentMethod,
    status: 201,
  }),
  /** Ours: Stripe's signed events; the raw body is verified before it is read. */
  receiveStripeWebhook: contract({
    route: paths.stripe.receiveStripeWebhook,
    response: z.object({ received: z.literal(true) }),
  }),
  getVendorPublicConfigurations: contract({
    route: paths.vendorPublicConfigurations.getVendorPublicConfigurations,
    response: z.array(vendorPublicConfiguration),
  }),
  getVendorPublicInfo: contract({ route: paths.vendor.getVendorPublicInfo, response: vendorPublicInfo }),
} as const;
