// The billing state against the preview transport over HTTP-shaped fetches (every call recorded): the
// slices' flags, the loads with their guards, cancel/renew, payment method submit, invoice download.
import { expect } from '@open-wc/testing';
import { billingApi } from '../api/billing';
import { billingContracts as bc } from '../api/contracts/billing';
import {
  BILLING_EXTERNALLY_MANAGED,
  INTERNAL_FEATURE_FAILURE,
  NOT_AUTHORIZED,
  PAYMENT_PROVIDER_NOT_CONFIGURED,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_RENEWABLE,
} from '../api/contracts/billingMessages';
import { paths } from '../api/paths';
import { accessTokenAtom, userAtom } from '../auth/session.atoms';
import { setOptionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { BASE, RecordingTransport } from '../../elements/admin-portal/pages/roles/portalTestKit';
import {
  billingInformationAtom,
  billingSlices,
  canCancel,
  canRenew,
  cancelSubscription,
  downloadInvoice,
  invoiceDownloadAtom,
  invoicesAtom,
  loadBillingInformation,
  loadInvoices,
  loadPaymentMethod,
  loadPaymentProviderConfiguration,
  loadPlans,
  loadUsage,
  loadVendorConfiguration,
  paymentMethodAtom,
  plansAtom,
  providerConfigurationAtom,
  reloadAfterCheckout,
  renewSubscription,
  resetBilling,
  setSliceLoading,
  setSliceError,
  submitPaymentMethod,
  usageAtom,
  vendorConfigurationAtom,
} from './state';

let transport: RecordingTransport;
const originalFetch = window.fetch.bind(window);
const originalClick = HTMLAnchorElement.prototype.click;
let downloads: string[] = [];

function signIn(tenantId: string | null = 'tenant-acme') {
  store.set(accessTokenAtom, 'token');
  store.set(
    userAtom,
    tenantId === null
      ? null
      : {
          id: 'user-demo-admin',
          email: 'demo@fe-elements.dev',
          name: 'Demo Admin',
          tenantId,
          tenantIds: [tenantId],
          roles: [],
          permissions: [{ key: 'fe.*' }],
        },
  );
}

before(() => {
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    return href.startsWith(BASE) ? transport.fetch(input, init) : originalFetch(input, init);
  };
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
    else originalClick.call(this);
  };
});
after(() => {
  window.fetch = originalFetch;
  HTMLAnchorElement.prototype.click = originalClick;
});
beforeEach(() => {
  transport = new RecordingTransport();
  downloads = [];
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  resetBilling();
  signIn();
});
afterEach(() => {
  store.set(userAtom, null);
  store.set(accessTokenAtom, null);
});

const calls = (route: Parameters<RecordingTransport['callsOf']>[0]) => transport.callsOf(route).length;

describe('the billing state', () => {
  it('[BILLING-022] [BILLING-023] every slice carries loading, fetching and error; loading true clears the error', () => {
    expect(billingSlices).to.have.length(8);
    for (const slice of billingSlices) {
      expect(Object.keys(store.get(slice)).sort()).to.deep.equal(['data', 'error', 'fetching', 'loading']);
      setSliceError(slice, 'Something broke');
      expect(store.get(slice)).to.include({ error: 'Something broke', loading: false, fetching: false });
      setSliceLoading(slice, true);
      expect(store.get(slice)).to.include({ error: null, loading: true });
      setSliceLoading(slice, false);
      expect(store.get(slice).loading).to.equal(false);
    }
  });

  it('[BILLING-022] a first load sets fetching and loading, then clears both; a failed load keeps the message', async () => {
    const pending = loadPlans();
    expect(store.get(plansAtom)).to.include({ fetching: true, loading: true, error: null });
    await pending;
    expect(store.get(plansAtom)).to.include({ fetching: false, loading: false, error: null });
    expect(store.get(plansAtom).data!.map((p) => p.name)).to.deep.equal(['Free', 'Pro', 'Enterprise']);
    // A reload of a slice with data: loading only.
    transport.fail(paths.plans.getSubscriptionPlans, 500, 'Plans are down');
    const reload = loadPlans();
    expect(store.get(plansAtom)).to.include({ fetching: false, loading: true });
    await reload;
    expect(store.get(plansAtom)).to.include({ loading: false, error: 'Plans are down' });
    expect(store.get(plansAtom).data).to.have.length(3);
  });

  it('[BILLING-040] [BILLING-017] the provider whose status is 1 and type Stripe, then its publishable key', async () => {
    await loadPaymentProviderConfiguration();
    expect(store.get(providerConfigurationAtom).data).to.deep.equal({
      paymentProvider: 'Stripe',
      apiKey: 'pk_local_preview',
      mode: 'local',
    });
    expect(calls(paths.paymentProviders.getPaymentProviders)).to.equal(1);
    expect(calls(paths.stripe.getStripePaymentProviderConfiguration)).to.equal(1);
  });

  it('[BILLING-041] no enabled Stripe provider: "Payment provider not configured", no key asked', async () => {
    transport.preview.state.billingProvider.status = '0';
    await loadPaymentProviderConfiguration();
    expect(store.get(providerConfigurationAtom)).to.include({
      error: PAYMENT_PROVIDER_NOT_CONFIGURED,
      data: null,
      loading: false,
    });
    expect(calls(paths.stripe.getStripePaymentProviderConfiguration)).to.equal(0);
  });

  it('[BILLING-035] [BILLING-038] [BILLING-039] information: the summary of the session’s tenant, its plan and the managed subscription', async () => {
    await loadBillingInformation();
    const slice = store.get(billingInformationAtom);
    expect(slice.error).to.equal(null);
    expect(transport.callsOf(paths.summaries.getSubscriptionSummaries)[0]!.path).to.contain('/tenant-acme');
    expect(slice.data!.summary).to.include({ currentPlanId: 'plan-pro', subscriptionId: 'sub-acme' });
    expect(slice.data!.plan!.name).to.equal('Pro');
    expect(slice.data!.subscription).to.include({ id: 'sub-acme', status: 'active' });
    expect(calls(paths.managedSubscriptions.getManagedSubscription)).to.equal(1);
    // The wire shapes of the contracts (BILLING-004, BILLING-006, BILLING-016).
    expect(bc.getSubscriptionSummaries.response.safeParse(slice.data!.summary).success).to.equal(true);
    expect(bc.getSubscriptionPlan.response.safeParse(slice.data!.plan).success).to.equal(true);
    expect(bc.getManagedSubscription.response.safeParse(slice.data!.subscription).success).to.equal(true);
  });

  it('[BILLING-039] externally managed billing: no managed subscription is loaded', async () => {
    transport.preview.state.billingSummary.externallyManaged = true;
    await loadBillingInformation();
    expect(store.get(billingInformationAtom).data!.subscription).to.equal(null);
    expect(calls(paths.managedSubscriptions.getManagedSubscription)).to.equal(0);
  });

  it('[BILLING-036] a provider but no tenant: "Not authorized", no summary asked', async () => {
    await loadPaymentProviderConfiguration();
    signIn(null);
    await loadBillingInformation();
    expect(store.get(billingInformationAtom)).to.include({ error: NOT_AUTHORIZED, loading: false });
    expect(calls(paths.summaries.getSubscriptionSummaries)).to.equal(0);
  });

  it('[BILLING-037] no payment provider: "Internal feature failure", no summary asked', async () => {
    transport.preview.state.billingProvider.status = '0';
    await loadBillingInformation();
    expect(store.get(billingInformationAtom)).to.include({ error: INTERNAL_FEATURE_FAILURE });
    expect(store.get(providerConfigurationAtom).error).to.equal(PAYMENT_PROVIDER_NOT_CONFIGURED);
    expect(calls(paths.summaries.getSubscriptionSummaries)).to.equal(0);
    // Without a tenant either, the missing provider is what is said.
    signIn(null);
    await loadBillingInformation();
    expect(store.get(billingInformationAtom).error).to.equal(INTERNAL_FEATURE_FAILURE);
  });

  it('loads started together share one provider-configuration load', async () => {
    await Promise.all([loadPaymentProviderConfiguration(), loadBillingInformation()]);
    expect(calls(paths.paymentProviders.getPaymentProviders)).to.equal(1);
    expect(store.get(billingInformationAtom).error).to.equal(null);
  });

  it('[BILLING-024] [BILLING-027] [BILLING-048] cancel: an empty-body PUT, then the subscription is reloaded; renew becomes possible', async () => {
    await loadBillingInformation();
    expect(canCancel(store.get(billingInformationAtom).data)).to.equal(true);
    expect(canRenew(store.get(billingInformationAtom).data)).to.equal(false);
    const before = calls(paths.managedSubscriptions.getManagedSubscription);
    const pending = cancelSubscription();
    expect(store.get(billingInformationAtom).loading).to.equal(true);
    await pending;
    const [put] = transport.callsOf(paths.managedSubscriptions.cancelManagedSubscription);
    expect(put!.body).to.deep.equal({});
    expect(calls(paths.managedSubscriptions.getManagedSubscription)).to.equal(before + 1);
    const information = store.get(billingInformationAtom);
    expect(information).to.include({ loading: false, error: null });
    expect(information.data!.subscription!.cancellation).to.deep.equal({ policy: 'atPeriodEnd' });
    expect(canCancel(information.data)).to.equal(false);
    expect(canRenew(information.data)).to.equal(true);
  });

  it('[BILLING-024] cancel is not offered for a trialing, cancelled or externally managed subscription', async () => {
    await loadBillingInformation();
    const data = store.get(billingInformationAtom).data!;
    const sub = data.subscription!;
    expect(canCancel({ ...data, subscription: { ...sub, status: 'trialing' } })).to.equal(false);
    expect(
      canCancel({ ...data, subscription: { ...sub, cancellation: { policy: 'atPeriodEnd' } } }),
    ).to.equal(false);
    expect(canCancel({ ...data, subscription: { ...sub, externallyManaged: true } })).to.equal(false);
    expect(canCancel({ ...data, subscription: null })).to.equal(false);
    expect(canCancel(null)).to.equal(false);
  });

  it('[BILLING-025] cancel or renew without a subscription: "Subscription not found.", nothing sent', async () => {
    await cancelSubscription();
    expect(store.get(billingInformationAtom).error).to.equal(SUBSCRIPTION_NOT_FOUND);
    await renewSubscription();
    expect(store.get(billingInformationAtom).error).to.equal(SUBSCRIPTION_NOT_FOUND);
    expect(calls(paths.managedSubscriptions.cancelManagedSubscription)).to.equal(0);
    expect(calls(paths.managedSubscriptions.renewManagedSubscription)).to.equal(0);
  });

  it('[BILLING-026] cancel or renew on externally managed billing: "Billing is externally managed.", nothing sent', async () => {
    await loadBillingInformation();
    store.set(billingInformationAtom, (slice) => ({
      ...slice,
      data: { ...slice.data!, subscription: { ...slice.data!.subscription!, externallyManaged: true } },
    }));
    await cancelSubscription();
    expect(store.get(billingInformationAtom).error).to.equal(BILLING_EXTERNALLY_MANAGED);
    await renewSubscription();
    expect(store.get(billingInformationAtom).error).to.equal(BILLING_EXTERNALLY_MANAGED);
    expect(calls(paths.managedSubscriptions.cancelManagedSubscription)).to.equal(0);
    expect(calls(paths.managedSubscriptions.renewManagedSubscription)).to.equal(0);
  });

  it('[BILLING-028] [BILLING-029] [BILLING-049] renew only when cancelled at period end; then the subscription is reloaded', async () => {
    await loadBillingInformation();
    await renewSubscription();
    expect(store.get(billingInformationAtom).error).to.equal(SUBSCRIPTION_NOT_RENEWABLE);
    expect(calls(paths.managedSubscriptions.renewManagedSubscription)).to.equal(0);
    await cancelSubscription();
    const before = calls(paths.managedSubscriptions.getManagedSubscription);
    await renewSubscription();
    const [put] = transport.callsOf(paths.managedSubscriptions.renewManagedSubscription);
    expect(put!.body).to.deep.equal({});
    expect(calls(paths.managedSubscriptions.getManagedSubscription)).to.equal(before + 1);
    expect(store.get(billingInformationAtom).error).to.equal(null);
    expect(store.get(billingInformationAtom).data!.subscription!.cancellation).to.equal(null);
  });

  it('a refused cancel keeps the server’s message in the information slice', async () => {
    await loadBillingInformation();
    transport.fail(
      paths.managedSubscriptions.cancelManagedSubscription,
      403,
      'Cancelling the subscription is not allowed',
    );
    await cancelSubscription();
    expect(store.get(billingInformationAtom)).to.include({
      error: 'Cancelling the subscription is not allowed',
      loading: false,
    });
    expect(store.get(billingInformationAtom).data!.subscription!.cancellation).to.equal(null);
  });

  it('[BILLING-042] [BILLING-043] [BILLING-044] payment method submit: loading, the error stored, a success reloads the card', async () => {
    await loadPaymentMethod();
    expect(store.get(paymentMethodAtom).data).to.include({ last4: '4242', type: 'card' });
    expect(bc.getPaymentMethod.response.safeParse(store.get(paymentMethodAtom).data).success).to.equal(true);
    let release!: () => void;
    const pending = submitPaymentMethod(() => new Promise<void>((resolve) => (release = resolve)));
    expect(store.get(paymentMethodAtom)).to.include({ loading: true, error: null });
    const before = calls(paths.paymentMethods.getPaymentMethods);
    release();
    expect(await pending).to.equal(true);
    expect(calls(paths.paymentMethods.getPaymentMethods)).to.equal(before + 1);
    expect(store.get(paymentMethodAtom).loading).to.equal(false);

    const failed = await submitPaymentMethod(async () => {
      throw Object.assign(new Error('Your card was declined.'), { status: 400 });
    });
    expect(failed).to.equal(false);
    expect(store.get(paymentMethodAtom)).to.include({ loading: false, error: 'Your card was declined.' });
    expect(calls(paths.paymentMethods.getPaymentMethods)).to.equal(before + 1);
    expect(store.get(paymentMethodAtom).data).to.include({ last4: '4242' });
  });

  it('[BILLING-045] an invoice download failure is its own error, not the list’s; a download saves invoice-<receipt>.pdf', async () => {
    await loadInvoices();
    const invoices = store.get(invoicesAtom).data!;
    expect(invoices).to.have.length(3);
    expect(bc.getSubscriptionInvoices.response.safeParse(invoices).success).to.equal(true);
    await downloadInvoice(invoices[0]!);
    const [pdf] = transport.callsOf(paths.invoices.getSubscriptionInvoicePdf);
    expect(pdf!.query.get('outputFileName')).to.equal(`invoice-${invoices[0]!.receiptNumber}.pdf`);
    expect(downloads).to.deep.equal([`invoice-${invoices[0]!.receiptNumber}.pdf`]);
    expect(store.get(invoiceDownloadAtom)).to.include({ loading: false, error: null });

    transport.fail(paths.invoices.getSubscriptionInvoicePdf, 404, 'Invoice not found');
    await downloadInvoice(invoices[1]!);
    expect(store.get(invoiceDownloadAtom).error).to.equal('Invoice not found');
    expect(store.get(invoicesAtom).error).to.equal(null);
    transport.fail(paths.invoices.getSubscriptionInvoices, 500, 'The list broke');
    await loadInvoices();
    expect(store.get(invoicesAtom).error).to.equal('The list broke');
    expect(store.get(invoiceDownloadAtom).error).to.equal('Invoice not found');
  });

  it('[BILLING-032] after a checkout: billing information, payment method and invoices are reloaded', async () => {
    await reloadAfterCheckout();
    expect(calls(paths.summaries.getSubscriptionSummaries)).to.equal(1);
    expect(calls(paths.managedSubscriptions.getManagedSubscription)).to.equal(1);
    expect(calls(paths.paymentMethods.getPaymentMethods)).to.equal(1);
    expect(calls(paths.invoices.getSubscriptionInvoices)).to.equal(1);
    expect(store.get(billingInformationAtom).data!.plan!.name).to.equal('Pro');
  });

  it('[BILLING-018] the vendor switches and [SCREEN-040] the usage answer', async () => {
    await loadVendorConfiguration();
    expect(store.get(vendorConfigurationAtom).data).to.deep.equal({
      allowPlanDowngrade: true,
      allowPlanCancellation: true,
    });
    await loadUsage();
    const usage = store.get(usageAtom).data!;
    expect(bc.getSubscriptionUsage.response.safeParse(usage).success).to.equal(true);
    expect(usage).to.include({ planName: 'Pro' });
    expect(usage.seats.limit).to.equal(10);
    expect(usage.activeUsers.days).to.equal(30);
  });

  it('[BILLING-021] the vendor public info: whiteLabelMode, name, logo', async () => {
    const info = await billingApi.vendorPublicInfo();
    expect(info).to.include.keys('whiteLabelMode', 'name', 'logo');
    expect(info).to.include({ name: 'FE Elements Demo', whiteLabelMode: false });
    expect(bc.getVendorPublicInfo.response.safeParse(info).success).to.equal(true);
  });
});
