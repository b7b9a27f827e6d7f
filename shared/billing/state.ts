// The billing state (001 §3, §4): one slice per part of billing in the page's one jotai store, each with
// loading, fetching and error flags (BILLING-022; setting loading clears the error, BILLING-023), and the
// operations of 001 §4 with their guards and messages — billing information (BILLING-035..039), the payment
// provider's configuration (BILLING-040/041), cancel and renew (BILLING-024..029), payment method submit
// (BILLING-042..044), invoice download with its own error (BILLING-045), and the reload after a checkout
// (BILLING-032). Shared by the portal's Subscriptions and Usage pages and `<fe-checkout>`. Zod-free.
import { atom, type PrimitiveAtom } from 'jotai';
import {
  billingApi,
  type BillingSummary,
  type Invoice,
  type PaymentMethod,
  type Plan,
  type Subscription,
  type Usage,
  type VendorPublicConfiguration,
} from '../api/billing';
import { errorMessage } from '../api/errors';
import {
  AT_PERIOD_END,
  BILLING_EXTERNALLY_MANAGED,
  INTERNAL_FEATURE_FAILURE,
  NOT_AUTHORIZED,
  PAYMENT_PROVIDER_NOT_CONFIGURED,
  PROVIDER_ENABLED_STATUS,
  PROVIDER_TYPE,
  SUBSCRIPTION_NOT_CANCELLABLE,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_NOT_RENEWABLE,
} from '../api/contracts/billingMessages';
import { userAtom } from '../auth/session.atoms';
import { store } from '../store';
import { normalizeStatus } from './viewModels';
import { invoiceFileName } from './invoiceFile';

/** Every billing slice (BILLING-022): `fetching` while its first data loads, `loading` while it works. */
export interface Slice<T> {
  loading: boolean;
  fetching: boolean;
  error: string | null;
  data: T | null;
}

export interface BillingInformation {
  summary: BillingSummary;
  plan: Plan | null;
  subscription: Subscription | null;
}

/** The payment configuration (BILLING-017): the provider and its publishable key, with our mode. */
export interface PaymentConfiguration {
  paymentProvider: typeof PROVIDER_TYPE;
  apiKey: string;
  mode: 'local' | 'stripe';
}

/** The invoice being downloaded. */
export interface InvoiceDownload {
  invoiceId: string;
}

export const emptySlice = <T>(): Slice<T> => ({ loading: false, fetching: false, error: null, data: null });

export const billingInformationAtom: PrimitiveAtom<Slice<BillingInformation>> =
  atom(emptySlice<BillingInformation>());
export const plansAtom: PrimitiveAtom<Slice<Plan[]>> = atom(emptySlice<Plan[]>());
export const paymentMethodAtom: PrimitiveAtom<Slice<PaymentMethod | null>> =
  atom(emptySlice<PaymentMethod | null>());
export const invoicesAtom: PrimitiveAtom<Slice<Invoice[]>> = atom(emptySlice<Invoice[]>());
/** Its own slice: a download error never shows as a list error (BILLING-045). */
export const invoiceDownloadAtom: PrimitiveAtom<Slice<InvoiceDownload>> = atom(emptySlice<InvoiceDownload>());
export const providerConfigurationAtom: PrimitiveAtom<Slice<PaymentConfiguration>> =
  atom(emptySlice<PaymentConfiguration>());
export const vendorConfigurationAtom: PrimitiveAtom<Slice<VendorPublicConfiguration>> =
  atom(emptySlice<VendorPublicConfiguration>());
export const usageAtom: PrimitiveAtom<Slice<Usage>> = atom(emptySlice<Usage>());

/** Any billing slice's atom (a list of slices of different data). */
export type AnySlice = PrimitiveAtom<Slice<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every billing slice, for a reset (sign-out, tests). */
export const billingSlices: readonly AnySlice[] = [
  billingInformationAtom,
  plansAtom,
  paymentMethodAtom,
  invoicesAtom,
  invoiceDownloadAtom,
  providerConfigurationAtom,
  vendorConfigurationAtom,
  usageAtom,
];

/** A slice's flags and data changed; setting `loading` to true clears the error (BILLING-023). */
export function setSliceState<T>(slice: PrimitiveAtom<Slice<T>>, patch: Partial<Slice<T>>): void {
  store.set(slice, (current) => {
    const next = { ...current, ...patch };
    if (patch.loading === true && !('error' in patch)) next.error = null;
    return next;
  });
}

/** BILLING-023: loading true clears the error. */
export function setSliceLoading(slice: AnySlice, loading: boolean): void {
  setSliceState(slice, { loading });
}

export function setSliceError(slice: AnySlice, error: string | null): void {
  setSliceState(slice, { error, loading: false, fetching: false });
}

/** Every slice back to empty. */
export function resetBilling(): void {
  for (const slice of billingSlices) store.set(slice, emptySlice());
  providerLoad = null;
}

/**
 * One load of a slice: loading on (and fetching while it holds no data yet), the error cleared; the data
 * stored on success, the message on failure; the flags cleared in every case. Never throws.
 */
async function runLoad<T>(slice: PrimitiveAtom<Slice<T>>, load: () => Promise<T>): Promise<boolean> {
  setSliceState(slice, { loading: true, fetching: store.get(slice).data === null });
  try {
    const data = await load();
    setSliceState(slice, { data, loading: false, fetching: false, error: null });
    return true;
  } catch (err) {
    setSliceError(slice, errorMessage(err));
    return false;
  }
}

/** An error a guard raises: its message is what the slice shows. */
class BillingGuardError extends Error {}

const guard = (message: string): never => {
  throw new BillingGuardError(message);
};

const messageOf = (err: unknown): string =>
  err instanceof BillingGuardError ? err.message : errorMessage(err);

// ---------------------------------------------------------------------------------------------------------
// Loads

let providerLoad: Promise<void> | null = null;

/**
 * The payment provider's configuration (BILLING-040/041): the provider whose status is '1' and whose type is
 * Stripe, then its publishable key; none: 'Payment provider not configured'. Concurrent callers share a load.
 */
export function loadPaymentProviderConfiguration(): Promise<void> {
  providerLoad ??= (async () => {
    const slice = providerConfigurationAtom;
    setSliceState(slice, { loading: true, fetching: store.get(slice).data === null });
    try {
      const providers = await billingApi.paymentProviders();
      const provider = providers.find(
        (p) => p.status === PROVIDER_ENABLED_STATUS && p.providerType === PROVIDER_TYPE,
      );
      if (!provider) guard(PAYMENT_PROVIDER_NOT_CONFIGURED);
      const configuration = await billingApi.providerConfiguration();
      setSliceState<PaymentConfiguration>(slice, {
        data: {
          paymentProvider: PROVIDER_TYPE,
          apiKey: configuration.publishableKey,
          mode: configuration.mode ?? provider!.mode,
        },
        loading: false,
        fetching: false,
        error: null,
      });
    } catch (err) {
      setSliceState(slice, { data: null });
      setSliceError(slice, messageOf(err));
    }
  })().finally(() => {
    providerLoad = null;
  });
  return providerLoad;
}

/** The active account: the session's tenant. */
const activeTenantId = (): string | null => store.get(userAtom)?.tenantId || null;

/**
 * Billing information (BILLING-035..039): needs a configured payment provider ('Internal feature failure'
 * without) and a tenant id ('Not authorized' without); loads the tenant's summary and current plan, and the
 * managed subscription unless billing is externally managed.
 */
export async function loadBillingInformation(): Promise<void> {
  const slice = billingInformationAtom;
  setSliceState(slice, { loading: true, fetching: store.get(slice).data === null });
  try {
    if (!store.get(providerConfigurationAtom).data) await loadPaymentProviderConfiguration();
    if (!store.get(providerConfigurationAtom).data) guard(INTERNAL_FEATURE_FAILURE);
    const tenantId = activeTenantId();
    if (!tenantId) guard(NOT_AUTHORIZED);
    const summary = await billingApi.summary(tenantId!);
    const [plan, subscription] = await Promise.all([
      summary.currentPlanId ? billingApi.plan(summary.currentPlanId) : Promise.resolve(null),
      !summary.externallyManaged && summary.subscriptionId
        ? billingApi.managedSubscription(summary.subscriptionId)
        : Promise.resolve(null),
    ]);
    setSliceState(slice, {
      data: { summary, plan, subscription },
      loading: false,
      fetching: false,
      error: null,
    });
  } catch (err) {
    setSliceError(slice, messageOf(err));
  }
}

/** The plans of the pricing table, cheapest first (by rank). */
export async function loadPlans(): Promise<void> {
  await runLoad(plansAtom, async () => [...(await billingApi.plans())].sort((a, b) => a.rank - b.rank));
}

/** The account's card: the default one (else the first); null without a card. */
export async function loadPaymentMethod(): Promise<void> {
  await runLoad(paymentMethodAtom, async () => {
    const methods = await billingApi.paymentMethods();
    return methods.find((m) => m.isDefault) ?? methods[0] ?? null;
  });
}

export async function loadInvoices(): Promise<void> {
  await runLoad(invoicesAtom, () => billingApi.invoices());
}

/** The vendor's switches (BILLING-018): the first configuration; none: both allowed. */
export async function loadVendorConfiguration(): Promise<void> {
  await runLoad(
    vendorConfigurationAtom,
    async () =>
      (await billingApi.vendorPublicConfigurations())[0] ?? {
        allowPlanDowngrade: true,
        allowPlanCancellation: true,
      },
  );
}

/** Seats and active users against the plan (SCREEN-040). */
export async function loadUsage(): Promise<void> {
  await runLoad(usageAtom, () => billingApi.usage());
}

// ---------------------------------------------------------------------------------------------------------
// Cancel and renew (BILLING-024..029)

/** BILLING-024: a subscription, not externally managed, without a cancellation, ACTIVE. */
export function canCancel(information: BillingInformation | null): boolean {
  const subscription = information?.subscription;
  return Boolean(
    subscription &&
    !subscription.externallyManaged &&
    !information.summary.externallyManaged &&
    !subscription.cancellation &&
    normalizeStatus(subscription.status) === 'ACTIVE',
  );
}

/** BILLING-028: cancelled at period end, with the subscription-exists and not-externally-managed guards. */
export function canRenew(information: BillingInformation | null): boolean {
  const subscription = information?.subscription;
  return Boolean(
    subscription &&
    !subscription.externallyManaged &&
    !information.summary.externallyManaged &&
    subscription.cancellation?.policy === AT_PERIOD_END,
  );
}

/** The guards both share (BILLING-025/026): the subscription, or the message. */
function subscriptionToChange(): Subscription {
  const information = store.get(billingInformationAtom).data;
  const subscription = information?.subscription;
  if (information?.summary.externallyManaged || subscription?.externallyManaged)
    guard(BILLING_EXTERNALLY_MANAGED);
  if (!subscription) guard(SUBSCRIPTION_NOT_FOUND);
  return subscription!;
}

/** Sends the change, then reloads the subscription into the information slice (BILLING-027/029). */
async function changeSubscription(
  check: (subscription: Subscription) => void,
  send: (subscriptionId: string) => Promise<unknown>,
): Promise<void> {
  const slice = billingInformationAtom;
  setSliceLoading(slice, true);
  try {
    const subscription = subscriptionToChange();
    check(subscription);
    await send(subscription.id);
    const reloaded = await billingApi.managedSubscription(subscription.id);
    store.set(slice, (current) => ({
      ...current,
      data: current.data ? { ...current.data, subscription: reloaded } : current.data,
    }));
    setSliceState(slice, { loading: false, error: null });
  } catch (err) {
    setSliceError(slice, messageOf(err));
  }
}

/** Cancel at period end (BILLING-024..027); the error, if any, is the information slice's. */
export function cancelSubscription(): Promise<void> {
  return changeSubscription(
    (subscription) => {
      if (subscription.cancellation || normalizeStatus(subscription.status) !== 'ACTIVE')
        guard(SUBSCRIPTION_NOT_CANCELLABLE);
    },
    (id) => billingApi.cancelManagedSubscription(id),
  );
}

/** Renew a subscription cancelled at period end (BILLING-025/026/028/029). */
export function renewSubscription(): Promise<void> {
  return changeSubscription(
    (subscription) => {
      if (subscription.cancellation?.policy !== AT_PERIOD_END) guard(SUBSCRIPTION_NOT_RENEWABLE);
    },
    (id) => billingApi.renewManagedSubscription(id),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Payment method, invoices, checkout

/**
 * A payment method submit (BILLING-042..044): loading on, the work (saving a card, the billing details), the
 * error stored on failure; on success the payment method is reloaded. Resolves whether it succeeded.
 */
export async function submitPaymentMethod(work: () => Promise<unknown>): Promise<boolean> {
  const slice = paymentMethodAtom;
  setSliceLoading(slice, true);
  try {
    await work();
  } catch (err) {
    setSliceError(slice, messageOf(err));
    return false;
  }
  setSliceLoading(slice, false);
  await loadPaymentMethod();
  return store.get(slice).error === null;
}

/** The invoice's PDF saved as `invoice-<receiptNumber>.pdf`; a failure is the download slice's (BILLING-045). */
export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const slice = invoiceDownloadAtom;
  setSliceState(slice, { loading: true, data: { invoiceId: invoice.id } });
  try {
    await billingApi.downloadInvoicePdf(invoice.id, invoiceFileName(undefined, invoice.receiptNumber));
    setSliceState(slice, { loading: false, error: null, data: null });
  } catch (err) {
    setSliceError(slice, messageOf(err));
  }
}

/** After a confirmed checkout (BILLING-032): billing information, payment method and invoices. */
export async function reloadAfterCheckout(): Promise<void> {
  await Promise.all([loadBillingInformation(), loadPaymentMethod(), loadInvoices()]);
}
