// The billing calls (BILLING-046..064) of the Subscriptions and Usage pages and of `<fe-checkout>`, typed from
// their contracts (shared/api/contracts/billing.ts). Only `import type` of the contracts: zod stays off the
// pages' first load.
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { billingContracts as c } from './contracts/billing';
import { paths } from './paths';

export type Plan = AnswerOf<typeof c.getSubscriptionPlan>;
export type Subscription = AnswerOf<typeof c.getSubscription>;
export type Invoice = AnswerOf<typeof c.getSubscriptionInvoice>;
export type PaymentMethod = AnswerOf<typeof c.getPaymentMethod>;
export type CardPaymentMethod = Extract<PaymentMethod, { type: 'card' }>;
export type BillingSummary = AnswerOf<typeof c.getSubscriptionSummaries>;
export type PaymentProvider = AnswerOf<typeof c.getPaymentProviders>[number];
export type ProviderPublicConfiguration = AnswerOf<typeof c.getStripePaymentProviderConfiguration>;
export type VendorPublicConfiguration = AnswerOf<typeof c.getVendorPublicConfigurations>[number];
export type VendorPublicInfo = AnswerOf<typeof c.getVendorPublicInfo>;
export type Usage = AnswerOf<typeof c.getSubscriptionUsage>;
export type SetupIntent = AnswerOf<typeof c.createStripePaymentMethodSetupIntentSecret>;
/** A plan change (BILLING-050): the new plan and the card that pays for it. */
export type SubscriptionChange = BodyOf<typeof c.updateSubscription>;
export type BillingDetailsChange = BodyOf<typeof c.updatePaymentMethodBillingDetails>;
export type LocalCard = BodyOf<typeof c.confirmLocalSetupIntent>;

const managed = paths.managedSubscriptions;
const s = paths.subscriptions;

/** The billing calls, bound to a client. */
export function createBillingApi(client: Pick<ApiClient, 'request'>) {
  return {
    // Managed subscriptions (BILLING-046..050): what the portal and the checkout act on.
    managedSubscriptions: () => client.request<Subscription[]>(managed.getManagedSubscriptions),
    managedSubscription: (subscriptionId: string) =>
      client.request<Subscription>(managed.getManagedSubscription, { params: { subscriptionId } }),
    updateManagedSubscription: (subscriptionId: string, body: SubscriptionChange) =>
      client.request<Subscription>(managed.updateManagedSubscription, { params: { subscriptionId }, body }),
    /** Sent with an empty body (BILLING-048). */
    cancelManagedSubscription: (subscriptionId: string) =>
      client.request<Subscription>(managed.cancelManagedSubscription, {
        params: { subscriptionId },
        body: {},
      }),
    /** Sent with an empty body (BILLING-049). */
    renewManagedSubscription: (subscriptionId: string) =>
      client.request<Subscription>(managed.renewManagedSubscription, {
        params: { subscriptionId },
        body: {},
      }),
    // Billing subscriptions (BILLING-051): the same set.
    subscriptions: () => client.request<Subscription[]>(s.getSubscriptions),
    subscription: (subscriptionId: string) =>
      client.request<Subscription>(s.getSubscription, { params: { subscriptionId } }),
    updateSubscription: (subscriptionId: string, body: SubscriptionChange) =>
      client.request<Subscription>(s.updateSubscription, { params: { subscriptionId }, body }),
    cancelSubscription: (subscriptionId: string) =>
      client.request<Subscription>(s.cancelSubscription, { params: { subscriptionId }, body: {} }),
    renewSubscription: (subscriptionId: string) =>
      client.request<Subscription>(s.renewSubscription, { params: { subscriptionId }, body: {} }),
    createSubscription: (stripePlanId: string) =>
      client.request<AnswerOf<typeof c.createSubscription>>(paths.stripe.createSubscription, {
        body: { stripePlanId },
      }),
    // Plans (BILLING-052) and invoices (BILLING-053/054).
    plans: () => client.request<Plan[]>(paths.plans.getSubscriptionPlans),
    plan: (planId: string) => client.request<Plan>(paths.plans.getSubscriptionPlan, { params: { planId } }),
    invoices: () => client.request<Invoice[]>(paths.invoices.getSubscriptionInvoices),
    invoice: (invoiceId: string) =>
      client.request<Invoice>(paths.invoices.getSubscriptionInvoice, { params: { invoiceId } }),
    /** The PDF as a blob; the client saves it as `outputFileName` (BILLING-054). */
    downloadInvoicePdf: (invoiceId: string, outputFileName: string) =>
      client.request<Blob>(paths.invoices.getSubscriptionInvoicePdf, {
        params: { invoiceId },
        query: { outputFileName },
        fileName: outputFileName,
      }),
    // Payment methods (BILLING-055/056).
    paymentMethods: () => client.request<PaymentMethod[]>(paths.paymentMethods.getPaymentMethods),
    paymentMethod: (paymentMethodId: string) =>
      client.request<PaymentMethod>(paths.paymentMethods.getPaymentMethod, { params: { paymentMethodId } }),
    updateBillingDetails: (paymentMethodId: string, body: BillingDetailsChange) =>
      client.request<PaymentMethod>(paths.paymentMethods.updatePaymentMethodBillingDetails, {
        params: { paymentMethodId },
        body,
      }),
    // The summary (BILLING-057), usage (ours), tenant configuration (BILLING-058).
    summary: (tenantId: string) =>
      client.request<BillingSummary>(paths.summaries.getSubscriptionSummaries, { params: { tenantId } }),
    usage: () => client.request<Usage>(paths.summaries.getSubscriptionUsage),
    tenantConfiguration: (tenantId: string) =>
      client.request<AnswerOf<typeof c.getTenantConfiguration>>(
        paths.tenantConfiguration.getTenantConfiguration,
        { params: { tenantId } },
      ),
    // The card provider (BILLING-059..062).
    paymentProviders: () => client.request<PaymentProvider[]>(paths.paymentProviders.getPaymentProviders),
    providerConfiguration: () =>
      client.request<ProviderPublicConfiguration>(paths.stripe.getStripePaymentProviderConfiguration),
    /** Optional paymentMethodId: the card the new one replaces (BILLING-061). */
    createSetupIntent: (paymentMethodId?: string) =>
      client.request<SetupIntent>(paths.stripe.createStripePaymentMethodSetupIntentSecret, {
        body: paymentMethodId ? { paymentMethodId } : {},
      }),
    /** Ours: the local provider's card form completes the setup intent. */
    confirmLocalSetupIntent: (card: LocalCard) =>
      client.request<PaymentMethod>(paths.local.confirmLocalSetupIntent, { body: card }),
    customer: (tenantId: string) =>
      client.request<AnswerOf<typeof c.getStripeCustomer>>(paths.stripe.getStripeCustomer, {
        params: { tenantId },
      }),
    // The vendor (BILLING-063/064).
    vendorPublicConfigurations: () =>
      client.request<VendorPublicConfiguration[]>(
        paths.vendorPublicConfigurations.getVendorPublicConfigurations,
      ),
    vendorPublicInfo: () => client.request<VendorPublicInfo>(paths.vendor.getVendorPublicInfo),
  };
}

export type BillingApi = ReturnType<typeof createBillingApi>;

/** The portal's and the checkout's client (a 401 signs out). */
export const billingApi: BillingApi = createBillingApi(adminPortalApi);
