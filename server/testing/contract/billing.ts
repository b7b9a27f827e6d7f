// Contract script of billing (BILLING-046..064, issue 19): plans, the managed and billing subscriptions (read,
// plan change up and down, cancel and renew with their refusals, creation refused while one runs), the
// summary, tenant configuration and customer of the caller's tenant (another tenant refused), payment
// providers and the public configuration, cards (the local card form through a setup intent, billing
// details), invoices and the PDF, the vendor's public configuration and info, the usage; Stripe's webhook is
// absent under the local provider.
import { billingContracts as bc, LOCAL_TEST_CARDS } from '../../../shared/api/contracts/billing';
import type { Saved, Script } from '../contract';

type Plan = { id: string; slug: string };
const planId = (saved: Saved, slug: string) => (saved.plans as Plan[]).find((p) => p.slug === slug)!.id;
const subscriptionId = (saved: Saved) => ({ subscriptionId: saved.subscriptions[0].id as string });
const tenantId = (saved: Saved) => ({ tenantId: saved.subscriptions[0].tenantId as string });

export const billingScript: Script = {
  family: 'billing',
  steps: [
    { name: 'the plans', call: bc.getSubscriptionPlans, save: 'plans' },
    { name: 'one plan', call: bc.getSubscriptionPlan, params: (s) => ({ planId: planId(s, 'pro') }) },
    {
      name: 'an unknown plan',
      call: bc.getSubscriptionPlan,
      params: { planId: 'no-such-plan' },
      expect: 404,
    },
    { name: 'the managed subscriptions', call: bc.getManagedSubscriptions, save: 'managed' },
    { name: 'the billing subscriptions', call: bc.getSubscriptions, save: 'subscriptions' },
    { name: 'one managed subscription', call: bc.getManagedSubscription, params: subscriptionId },
    { name: 'one billing subscription', call: bc.getSubscription, params: subscriptionId },
    {
      name: 'an unknown subscription',
      call: bc.getSubscription,
      params: { subscriptionId: 'no-such-subscription' },
      expect: 404,
    },
    { name: "the tenant's billing summary", call: bc.getSubscriptionSummaries, params: tenantId },
    {
      name: "another tenant's summary is not authorized",
      call: bc.getSubscriptionSummaries,
      params: { tenantId: 'another-tenant' },
      expect: 403,
    },
    { name: "the tenant's configuration", call: bc.getTenantConfiguration, params: tenantId },
    {
      name: 'a second tenant configuration conflicts',
      call: bc.createTenantConfiguration,
      body: (s) => ({ tenantId: tenantId(s).tenantId, providerType: 'Stripe' }),
      expect: 409,
    },
    { name: 'the payment providers', call: bc.getPaymentProviders },
    { name: "the provider's public configuration", call: bc.getStripePaymentProviderConfiguration },
    { name: "the tenant's customer", call: bc.getStripeCustomer, params: tenantId },
    {
      name: 'the customer, created or answered',
      call: bc.createStripeCustomer,
      body: { name: 'Acme', email: 'billing@acme.test' },
    },
    { name: 'the cards', call: bc.getPaymentMethods, save: 'cards' },
    {
      name: 'one card',
      call: bc.getPaymentMethod,
      params: (s) => ({ paymentMethodId: s.cards[0].id as string }),
    },
    {
      name: "the card's billing details",
      call: bc.updatePaymentMethodBillingDetails,
      params: (s) => ({ paymentMethodId: s.cards[0].id as string }),
      body: { email: 'billing@acme.test', address: { city: 'Springfield', country: 'US' } },
    },
    {
      name: 'a setup intent replacing the card',
      call: bc.createStripePaymentMethodSetupIntentSecret,
      body: (s) => ({ paymentMethodId: s.cards[0].id as string }),
      save: 'intent',
    },
    {
      name: 'a number failing the Luhn check is refused',
      call: bc.confirmLocalSetupIntent,
      body: (s) => ({
        setupIntentSecret: s.intent.setupIntentSecret as string,
        cardNumber: '4242424242424241',
        expMonth: 12,
        expYear: 2031,
        cvc: '123',
      }),
      expect: 400,
    },
    {
      name: 'the card entered in the local form',
      call: bc.confirmLocalSetupIntent,
      body: (s) => ({
        setupIntentSecret: s.intent.setupIntentSecret as string,
        cardNumber: LOCAL_TEST_CARDS.visa,
        expMonth: 12,
        expYear: 2031,
        cvc: '123',
        name: 'Acme Admin',
      }),
      save: 'card',
    },
    { name: 'the invoices', call: bc.getSubscriptionInvoices, save: 'invoices' },
    {
      name: 'one invoice',
      call: bc.getSubscriptionInvoice,
      params: (s) => ({ invoiceId: s.invoices[0].id as string }),
    },
    {
      name: 'an unknown invoice',
      call: bc.getSubscriptionInvoice,
      params: { invoiceId: 'no-such-invoice' },
      expect: 404,
    },
    {
      name: "an invoice's PDF",
      call: bc.getSubscriptionInvoicePdf,
      params: (s) => ({ invoiceId: s.invoices[0].id as string }),
      query: { outputFileName: 'invoice.pdf' },
    },
    {
      name: 'an upgrade to Enterprise with the new card',
      call: bc.updateSubscription,
      params: subscriptionId,
      body: (s) => ({ planId: planId(s, 'enterprise'), paymentMethodId: s.card.id as string }),
    },
    {
      name: 'a downgrade back to Pro (the vendor allows it)',
      call: bc.updateManagedSubscription,
      params: subscriptionId,
      body: (s) => ({ planId: planId(s, 'pro') }),
    },
    { name: 'cancel at period end', call: bc.cancelSubscription, params: subscriptionId, body: {} },
    {
      name: 'a second cancellation is refused',
      call: bc.cancelManagedSubscription,
      params: subscriptionId,
      body: {},
      expect: 400,
    },
    { name: 'renew', call: bc.renewManagedSubscription, params: subscriptionId, body: {} },
    {
      name: 'a renewal without a cancellation is refused',
      call: bc.renewSubscription,
      params: subscriptionId,
      body: {},
      expect: 400,
    },
    {
      name: 'a new subscription while one runs conflicts',
      call: bc.createSubscription,
      body: (s) => ({ stripePlanId: planId(s, 'pro') }),
      expect: 409,
    },
    { name: "the vendor's public billing configuration", call: bc.getVendorPublicConfigurations },
    { name: "the vendor's public info", call: bc.getVendorPublicInfo },
    { name: "the account's usage", call: bc.getSubscriptionUsage },
    // Stripe's webhook answers only where Stripe bills (BILLING_PROVIDER=stripe); its signed success, its
    // refusals and its answer's schema are in server/routes/stripeWebhook.test.ts, against the Stripe stand-in.
    {
      name: "Stripe's webhook is not there where Stripe does not bill",
      call: bc.receiveStripeWebhook,
      body: {},
      expect: 404,
    },
  ],
};
