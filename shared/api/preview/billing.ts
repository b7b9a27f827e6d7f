// Billing: plans, subscriptions, invoices, payment methods, the payment provider.
import { paths } from '../paths';
import {
  find,
  merge,
  on,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
  record,
  text,
} from './common';

const subscriptionById = (req: PreviewRequest) =>
  find(req.state.subscriptions, (s) => s.id === req.params.subscriptionId, 'Subscription');

function updateSubscription(req: PreviewRequest) {
  const { state } = req;
  const subscription = subscriptionById(req);
  const body = record(req.body);
  const planId = text(body.planId);
  if (planId) {
    const plan = find(state.plans, (p) => p.id === planId, 'Plan');
    subscription.planId = plan.id;
    subscription.planSlug = plan.slug;
    subscription.items = [{ id: `${subscription.id}-item`, planId: plan.id }];
    state.billingSummary.currentPlanId = plan.id;
  }
  const paymentMethodId = text(body.paymentMethodId);
  if (paymentMethodId) {
    find(state.paymentMethods, (p) => p.id === paymentMethodId, 'Payment method');
    subscription.paymentMethodId = paymentMethodId;
    state.billingSummary.paymentMethodId = paymentMethodId;
  }
  if (subscription.status === 'TRIALING' && subscription.paymentMethodId) subscription.status = 'ACTIVE';
  return subscription;
}

function cancelSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  subscription.cancellation = { policy: 'atPeriodEnd' };
  return subscription;
}

function renewSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  subscription.cancellation = null;
  return subscription;
}

/** A one-page PDF naming the invoice: enough for a download to open. */
function invoicePdf(receiptNumber: string): string {
  const content = `BT /F1 18 Tf 72 720 Td (Invoice ${receiptNumber} - preview) Tj ET`;
  return [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${content.length} >> stream\n${content}\nendstream endobj`,
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
}

export const billingHandlers: PreviewRoute[] = [
  // Billing
  on(paths.plans.getSubscriptionPlans, ({ state }) => state.plans),
  on(paths.plans.getSubscriptionPlan, (req) =>
    find(req.state.plans, (p) => p.id === req.params.planId, 'Plan'),
  ),
  on(paths.subscriptions.getSubscriptions, ({ state }) => state.subscriptions),
  on(paths.subscriptions.getSubscription, subscriptionById),
  on(paths.subscriptions.updateSubscription, updateSubscription),
  on(paths.subscriptions.cancelSubscription, cancelSubscription),
  on(paths.subscriptions.renewSubscription, renewSubscription),
  on(paths.managedSubscriptions.getManagedSubscriptions, ({ state }) => state.subscriptions),
  on(paths.managedSubscriptions.getManagedSubscription, subscriptionById),
  on(paths.managedSubscriptions.updateManagedSubscription, updateSubscription),
  on(paths.managedSubscriptions.cancelManagedSubscription, cancelSubscription),
  on(paths.managedSubscriptions.renewManagedSubscription, renewSubscription),
  on(paths.invoices.getSubscriptionInvoices, ({ state }) => state.invoices),
  on(paths.invoices.getSubscriptionInvoice, (req) =>
    find(req.state.invoices, (i) => i.id === req.params.invoiceId, 'Invoice'),
  ),
  on(paths.invoices.getSubscriptionInvoicePdf, (req) => {
    const invoice = find(req.state.invoices, (i) => i.id === req.params.invoiceId, 'Invoice');
    const fileName = req.query.get('outputFileName') || `invoice-${invoice.receiptNumber}.pdf`;
    return new PreviewReply(200, invoicePdf(invoice.receiptNumber), 'application/pdf', {
      'Content-Disposition': `attachment; filename="${fileName.replace(/"/g, '')}"`,
    });
  }),
  on(paths.paymentMethods.getPaymentMethods, ({ state }) => state.paymentMethods),
  on(paths.paymentMethods.getPaymentMethod, (req) =>
    find(req.state.paymentMethods, (p) => p.id === req.params.paymentMethodId, 'Payment method'),
  ),
  on(paths.paymentMethods.updatePaymentMethodBillingDetails, (req) => {
    const method = find(
      req.state.paymentMethods,
      (p) => p.id === req.params.paymentMethodId,
      'Payment method',
    );
    const body = record(req.body);
    merge(method.billingDetails, body, ['name', 'email']);
    merge(method.billingDetails.address, record(body.address), [
      'line1',
      'line2',
      'city',
      'state',
      'postalCode',
      'country',
    ]);
    return method;
  }),
  on(paths.summaries.getSubscriptionSummaries, ({ state }) => state.billingSummary),
  on(paths.tenantConfiguration.getTenantConfiguration, (req) => ({
    id: req.state.billingSummary.tenantConfigurationId,
    tenantId: req.params.tenantId,
    providerType: 'Stripe',
  })),
  on(paths.paymentProviders.getPaymentProviders, () => [
    { id: 'provider-stripe', status: '1', providerType: 'Stripe' },
  ]),
  on(paths.stripe.getStripePaymentProviderConfiguration, () => ({ publishableKey: 'pk_test_preview' })),
  on(paths.stripe.createStripePaymentMethodSetupIntentSecret, () => ({
    setupIntentSecret: `seti_preview_secret_${randomHex(8)}`,
  })),
  on(paths.stripe.getStripeCustomer, (req) => ({ id: 'cus_preview_acme', tenantId: req.params.tenantId })),
  on(
    paths.vendorPublicConfigurations.getVendorPublicConfigurations,
    ({ state }) => state.vendorBillingConfig,
  ),
];
