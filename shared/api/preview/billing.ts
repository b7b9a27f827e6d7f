// Billing on the wire of shared/api/contracts/billing.ts: plans, subscriptions (lowercase statuses,
// `plan: { slug }`), invoices and their PDFs, the card on file with Frontegg's address field names, the
// summary, the local payment provider (our card form and its test cards) and the vendor's switches. Bodies
// parsed with the contracts; refusals with the server's messages.
import {
  AT_PERIOD_END,
  BILLING_EXTERNALLY_MANAGED,
  billingContracts as bc,
  CARD_DECLINED,
  INVOICE_NOT_FOUND,
  LOCAL_TEST_CARDS,
  PAYMENT_METHOD_NOT_FOUND,
  PAYMENT_METHOD_REQUIRED,
  PLAN_CANCELLATION_NOT_ALLOWED,
  PLAN_DOWNGRADE_NOT_ALLOWED,
  PLAN_NOT_FOUND,
  PROVIDER_ENABLED_STATUS,
  PROVIDER_TYPE,
  SETUP_INTENT_INVALID,
  SUBSCRIPTION_EXISTS,
  SUBSCRIPTION_NOT_CANCELLABLE,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_RENEWABLE,
  NOT_AUTHORIZED,
  TENANT_CONFIGURATION_EXISTS,
} from '../contracts/billing';
import { brandOf, checkLocalCard } from '../../billing/card/cardChecks';
import { paths } from '../paths';
import {
  fail,
  iso,
  newId,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
} from './common';
import type { Invoice, PaymentMethod, Plan, SampleState, Subscription } from './sampleData';
import { scopedTenant } from './views';

const DAY_MS = 86_400_000;
/** Users who signed in within these days count as active on the usage page. */
const ACTIVE_DAYS = 30;

/** The statuses the refusals use (the server's: 404 unknown, 400 a state that forbids it, 403 the vendor or another account, 409 a duplicate). */
const notFound = (message: string) => fail(404, message);
/** A `{tenantId}` param of another account: 'Not authorized' (BILLING-036's message). */
function ownTenant(req: PreviewRequest): Record<string, never> {
  if (req.params.tenantId !== scopedTenant(req)) throw fail(403, NOT_AUTHORIZED);
  return {};
}

function findOr<T>(list: readonly T[], match: (item: T) => boolean, message: string): T {
  const found = list.find(match);
  if (found === undefined) throw notFound(message);
  return found;
}

const subscriptionById = (req: PreviewRequest): Subscription =>
  findOr(req.state.subscriptions, (s) => s.id === req.params.subscriptionId, SUBSCRIPTION_NOT_FOUND);

const planById = (state: SampleState, id: string): Plan =>
  findOr(state.plans, (p) => p.id === id || p.slug === id || p.externalId === id, PLAN_NOT_FOUND);

const methodById = (state: SampleState, id: string): PaymentMethod =>
  findOr(state.paymentMethods, (p) => p.id === id, PAYMENT_METHOD_NOT_FOUND);

/** An invoice for one period of the plan (minor units), paid at once by the card. */
function issueInvoice(state: SampleState, subscription: Subscription, plan: Plan, now: Date): Invoice {
  const number = state.invoices.length + 1;
  const invoice: Invoice = {
    id: newId('inv'),
    externalId: `in_${randomHex(6)}`,
    subscriptionId: subscription.id,
    paymentDate: iso(now),
    totalAmount: Math.round(plan.price.amount * 100),
    currency: plan.price.currency,
    paid: true,
    receiptNumber: `1001-${String(number).padStart(4, '0')}`,
    description: `${plan.name} plan, monthly`,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
  };
  state.invoices.push(invoice);
  return invoice;
}

/** A plan change (BILLING-050): a cheaper plan only when the vendor allows it; a paid plan needs a card. */
function updateSubscription(req: PreviewRequest) {
  const { state, now } = req;
  const subscription = subscriptionById(req);
  if (subscription.externallyManaged) throw fail(400, BILLING_EXTERNALLY_MANAGED);
  const body = parseWith(bc.updateSubscription.body, req.body);
  const plan = planById(state, body.planId);
  const current = state.plans.find((p) => p.id === subscription.planId);
  const paymentMethodId = body.paymentMethodId ?? subscription.paymentMethodId;
  const card = paymentMethodId ? methodById(state, paymentMethodId) : null;
  if (current && plan.rank < current.rank && !state.vendorBillingConfig.allowPlanDowngrade)
    throw fail(403, PLAN_DOWNGRADE_NOT_ALLOWED);
  if (plan.price.amount > 0 && !card) throw fail(400, PAYMENT_METHOD_REQUIRED);
  if (card && card.last4 === LOCAL_TEST_CARDS.chargeDeclined.slice(-4) && plan.price.amount > 0)
    throw fail(400, CARD_DECLINED);
  const changed = plan.id !== subscription.planId || subscription.status !== 'active';
  subscription.planId = plan.id;
  subscription.plan = { slug: plan.slug };
  subscription.paymentMethodId = card?.id ?? null;
  subscription.status = 'active';
  subscription.cancellation = null;
  delete subscription.trialEnd;
  if (changed) {
    subscription.currentPeriodStart = iso(now);
    subscription.currentPeriodEnd = iso(new Date(now.getTime() + 30 * DAY_MS));
    if (plan.price.amount > 0) issueInvoice(state, subscription, plan, now);
  }
  state.billingSummary.currentPlanId = plan.id;
  state.billingSummary.paymentMethodId = subscription.paymentMethodId ?? '';
  return subscription;
}

/** Cancel at period end (BILLING-024): an active subscription without a cancellation, if the vendor allows. */
function cancelSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  if (subscription.externallyManaged) throw fail(400, BILLING_EXTERNALLY_MANAGED);
  if (!req.state.vendorBillingConfig.allowPlanCancellation) throw fail(403, PLAN_CANCELLATION_NOT_ALLOWED);
  if (subscription.status !== 'active' || subscription.cancellation)
    throw fail(400, SUBSCRIPTION_NOT_CANCELLABLE);
  subscription.cancellation = { policy: AT_PERIOD_END };
  return subscription;
}

/** Renew (BILLING-028): only a subscription cancelled at period end. */
function renewSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  if (subscription.externallyManaged) throw fail(400, BILLING_EXTERNALLY_MANAGED);
  if (subscription.cancellation?.policy !== AT_PERIOD_END) throw fail(400, SUBSCRIPTION_NOT_RENEWABLE);
  subscription.cancellation = null;
  return subscription;
}

/** A one-page PDF naming the invoice and its amount: enough for a download to open. */
function invoicePdf(invoice: Invoice): string {
  const amount = `${(invoice.totalAmount / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
  const content = `BT /F1 18 Tf 72 720 Td (Invoice ${invoice.receiptNumber} - ${amount} - preview) Tj ET`;
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

/**
 * The local provider's card form (ours): the setup intent's secret, a Luhn-valid number, a future expiry and
 * a 3- or 4-digit CVC; the declining test card is refused and nothing is saved. The new card becomes the
 * account's card (replacing the one the setup intent named, and paying the subscription).
 */
function confirmLocalSetupIntent(req: PreviewRequest) {
  const { state, now } = req;
  const body = parseWith(bc.confirmLocalSetupIntent.body, req.body);
  const intent = state.setupIntents.find((i) => i.secret === body.setupIntentSecret && !i.used);
  if (!intent) throw fail(400, SETUP_INTENT_INVALID);
  // The server's checks, in its order (number, expiry, the declining test card), with its messages.
  const refusal = checkLocalCard(
    { number: body.cardNumber, expMonth: body.expMonth, expYear: body.expYear },
    now,
  );
  if (refusal) throw fail(400, refusal);
  intent.used = true;
  const previous = state.paymentMethods.find((p) => p.id === intent.replaces) ?? state.paymentMethods[0];
  const method: PaymentMethod = {
    id: newId('pm'),
    externalId: `pm_${randomHex(8)}`,
    type: 'card',
    isDefault: true,
    last4: body.cardNumber.slice(-4),
    expMonth: body.expMonth,
    expYear: body.expYear,
    brand: brandOf(body.cardNumber),
    billingDetails: {
      name: body.name || previous?.billingDetails.name || '',
      email: body.email || previous?.billingDetails.email || '',
      address: {
        addressLine1: '',
        addressLine2: '',
        city: '',
        state: '',
        postalCode: '',
        country: '',
        ...(previous?.billingDetails.address ?? {}),
        ...body.address,
      },
    },
  };
  state.paymentMethods = [method];
  for (const subscription of state.subscriptions) subscription.paymentMethodId = method.id;
  state.billingSummary.paymentMethodId = method.id;
  return new PreviewReply(201, method);
}

function updateBillingDetails(req: PreviewRequest) {
  const method = methodById(req.state, req.params.paymentMethodId ?? '');
  const body = parseWith(bc.updatePaymentMethodBillingDetails.body, req.body);
  if (body.name !== undefined) method.billingDetails.name = body.name;
  if (body.email !== undefined) method.billingDetails.email = body.email;
  const address = method.billingDetails.address;
  for (const [key, value] of Object.entries(body.address ?? {}))
    if (typeof value === 'string') address[key as keyof typeof address] = value;
  return method;
}

/** The account's seats and active users against its plan (ours, SCREEN-040). */
function usage(req: PreviewRequest) {
  const { state, now } = req;
  const tenantId = scopedTenant(req);
  const members = state.users.filter((u) => u.tenantIds.includes(tenantId));
  const since = now.getTime() - ACTIVE_DAYS * DAY_MS;
  const plan = state.plans.find((p) => p.id === state.billingSummary.currentPlanId);
  return {
    planId: plan?.id ?? '',
    planName: plan?.name ?? '',
    seats: { used: members.length, limit: plan?.seatLimit ?? null },
    activeUsers: {
      count: members.filter((u) => u.lastLogin !== null && Date.parse(u.lastLogin) >= since).length,
      days: ACTIVE_DAYS,
    },
  };
}

const providerPublicConfiguration = (state: SampleState) => ({
  id: 'provider-local',
  name: state.billingProvider.name,
  active: state.billingProvider.status === PROVIDER_ENABLED_STATUS,
  publishableKey: state.billingProvider.publishableKey,
  mode: state.billingProvider.mode,
});

export const billingHandlers: PreviewRoute[] = [
  // Plans
  on(paths.plans.getSubscriptionPlans, ({ state }) => [...state.plans].sort((a, b) => a.rank - b.rank)),
  on(paths.plans.getSubscriptionPlan, (req) => planById(req.state, req.params.planId ?? '')),
  // Subscriptions: the billing and the managed set answer alike (BILLING-051).
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
  // A subscription for an account without one (BILLING-051); the sample account has one: refused.
  on(paths.stripe.createSubscription, (req) => {
    const body = parseWith(bc.createSubscription.body, req.body);
    const plan = planById(req.state, body.stripePlanId);
    const tenantId = scopedTenant(req);
    if (req.state.subscriptions.some((s) => s.tenantId === tenantId)) throw fail(409, SUBSCRIPTION_EXISTS);
    const id = newId('sub');
    req.state.subscriptions.push({
      id,
      externalId: `sub_${randomHex(6)}`,
      tenantId,
      externallyManaged: false,
      startDate: iso(req.now),
      currentPeriodStart: iso(req.now),
      currentPeriodEnd: iso(new Date(req.now.getTime() + 30 * DAY_MS)),
      status: plan.price.amount > 0 ? 'incomplete' : 'active',
      cancellation: null,
      plan: { slug: plan.slug },
      planId: plan.id,
      paymentMethodId: null,
    });
    return new PreviewReply(201, { subscriptionId: id, subscriptionSecret: `seti_preview_${randomHex(8)}` });
  }),
  // Invoices, newest first
  on(paths.invoices.getSubscriptionInvoices, ({ state }) =>
    [...state.invoices].sort((a, b) => Date.parse(b.paymentDate) - Date.parse(a.paymentDate)),
  ),
  on(paths.invoices.getSubscriptionInvoice, (req) =>
    findOr(req.state.invoices, (i) => i.id === req.params.invoiceId, INVOICE_NOT_FOUND),
  ),
  on(paths.invoices.getSubscriptionInvoicePdf, (req) => {
    const invoice = findOr(req.state.invoices, (i) => i.id === req.params.invoiceId, INVOICE_NOT_FOUND);
    const fileName = req.query.get('outputFileName') || `invoice-${invoice.receiptNumber}.pdf`;
    return new PreviewReply(200, invoicePdf(invoice), 'application/pdf', {
      'Content-Disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`,
    });
  }),
  // Payment methods
  on(paths.paymentMethods.getPaymentMethods, ({ state }) => state.paymentMethods),
  on(paths.paymentMethods.getPaymentMethod, (req) => methodById(req.state, req.params.paymentMethodId ?? '')),
  on(paths.paymentMethods.updatePaymentMethodBillingDetails, updateBillingDetails),
  // The summary, usage, tenant configuration
  on(paths.summaries.getSubscriptionSummaries, (req) => {
    ownTenant(req);
    return req.state.billingSummary;
  }),
  on(paths.summaries.getSubscriptionUsage, usage),
  on(paths.tenantConfiguration.getTenantConfiguration, (req) => ({
    ...ownTenant(req),
    id: req.state.billingSummary.tenantConfigurationId,
    vendorId: req.state.vendor.id,
    tenantId: req.params.tenantId,
    externallyManaged: String(req.state.billingSummary.externallyManaged) as 'true' | 'false',
    paymentProviderType: PROVIDER_TYPE,
    mappingId: 'cus_preview_acme',
  })),
  // Only the caller's own account, which has one already (the sample account is billed).
  on(paths.tenantConfiguration.createTenantConfiguration, (req) => {
    const body = parseWith(bc.createTenantConfiguration.body, req.body);
    if (body.tenantId !== scopedTenant(req)) throw fail(403, NOT_AUTHORIZED);
    throw fail(409, TENANT_CONFIGURATION_EXISTS);
  }),
  // The payment provider: the local one (type Stripe on the wire, ENUM-024; our `mode`)
  on(paths.paymentProviders.getPaymentProviders, ({ state }) => [
    {
      providerType: PROVIDER_TYPE,
      name: state.billingProvider.name,
      status: state.billingProvider.status,
      mode: state.billingProvider.mode,
    },
  ]),
  on(paths.stripe.getStripePaymentProviderConfiguration, ({ state }) => providerPublicConfiguration(state)),
  on(paths.stripe.getStripeCustomer, () => ({ stripeCustomerId: 'cus_preview_acme' })),
  on(paths.stripe.createStripeCustomer, (req) => {
    parseWith(bc.createStripeCustomer.body, req.body);
    return new PreviewReply(201, { stripeCustomerId: 'cus_preview_acme' });
  }),
  on(paths.stripe.createStripePaymentMethodSetupIntentSecret, (req) => {
    const body = parseWith(bc.createStripePaymentMethodSetupIntentSecret.body, req.body ?? {});
    if (body.paymentMethodId) methodById(req.state, body.paymentMethodId);
    const intent = {
      id: newId('seti'),
      secret: `seti_preview_secret_${randomHex(12)}`,
      replaces: body.paymentMethodId ?? null,
      used: false,
    };
    req.state.setupIntents.push(intent);
    return new PreviewReply(201, {
      id: intent.id,
      paymentMethodId: body.paymentMethodId ?? '',
      setupIntentSecret: intent.secret,
    });
  }),
  on(paths.local.confirmLocalSetupIntent, confirmLocalSetupIntent),
  // The vendor
  on(paths.vendorPublicConfigurations.getVendorPublicConfigurations, ({ state }) => [
    { ...state.vendorBillingConfig },
  ]),
];
