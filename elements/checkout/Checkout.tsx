import { atom, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api/client';
import { ApiError, errorMessage } from '../../shared/api/errors';
import { billingApi, type PaymentMethod, type Plan } from '../../shared/api/billing';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import { CardEntry, type CardEntryHandle } from '../../shared/billing/card/CardEntry';
import {
  billingInformationAtom,
  loadBillingInformation,
  loadPaymentMethod,
  loadPaymentProviderConfiguration,
  loadPlans,
  paymentMethodAtom,
  plansAtom,
  providerConfigurationAtom,
  reloadAfterCheckout,
  setSliceState,
  submitPaymentMethod,
} from '../../shared/billing/state';
import { brandName, cardOf, planPrice } from '../../shared/billing/viewModels';
import { useAccountData } from '../../shared/api/useAccountData';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { loadEntitlements } from '../../shared/flags/entitlements.load';
import { entitlementsLoadAtom, featureFlagsAtom } from '../../shared/flags/flags.atoms';
import { useT } from '../../shared/i18n/useT';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { Alert, Button, Card, ErrorState, Spinner } from '../../shared/ui';
import {
  checkoutReducer,
  confirmCheckout,
  initialCheckoutState,
  type CheckoutAction,
  type CheckoutState,
} from './checkout.machine';

/** The checkout slice (BILLING-019) in the page's store. */
export const checkoutAtom = atom<CheckoutState>(initialCheckoutState);

/** Runs one checkout action (ENUM-027) through the reducer. */
export function dispatchCheckout(action: CheckoutAction): void {
  store.set(checkoutAtom, (state) => checkoutReducer(state, action));
}

/** After a plan change the user's entitlements load again, so entries that need a feature show at once. */
async function reloadEntitlements(): Promise<void> {
  if (!store.get(accessTokenAtom)) return;
  const load = await loadEntitlements({
    api,
    options: store.get(optionsAtom),
    flags: store.get(featureFlagsAtom),
  });
  store.set(entitlementsLoadAtom, load);
}

/** The slices the checkout needs, loaded together; the first failure is the checkout's. */
async function loadCheckout(): Promise<true> {
  dispatchCheckout({ type: 'reset' });
  dispatchCheckout({ type: 'load' });
  await Promise.all([
    loadPlans(),
    loadBillingInformation(),
    loadPaymentMethod(),
    loadPaymentProviderConfiguration(),
  ]);
  dispatchCheckout({ type: 'setState', patch: { fetching: false } });
  // Without the plans or the card there is nothing to show; a billing-information refusal ('Not authorized',
  // 'Internal feature failure') is shown in place, with the plan, and nothing can be confirmed.
  const failed = [store.get(plansAtom).error, store.get(paymentMethodAtom).error].find(Boolean);
  if (failed) throw new ApiError(failed, 500, { display: failed });
  return true;
}

/** Sets the subscription ACTIVE in the store without a server call (BILLING-031: same plan, saved card). */
function activateLocally(): void {
  store.set(billingInformationAtom, (slice) => {
    const subscription = slice.data?.subscription;
    if (!slice.data || !subscription) return slice;
    const active = (
      subscription.status === subscription.status.toUpperCase() ? 'ACTIVE' : 'active'
    ) as typeof subscription.status;
    return { ...slice, data: { ...slice.data, subscription: { ...subscription, status: active } } };
  });
}

/** The React root of `<fe-checkout>` (SCREEN-074): confirms the change to the plan named by `plan-id`. */
export function Checkout({ container, planId }: ElementBaseProps & { planId?: string }) {
  const { t, locale } = useT();
  const { state, reload } = useAccountData(loadCheckout);
  const checkout = useAtomValue(checkoutAtom);
  const plans = useAtomValue(plansAtom).data ?? [];
  const informationSlice = useAtomValue(billingInformationAtom);
  const information = informationSlice.data;
  const { preview } = useAtomValue(optionsAtom);
  const userId = useAtomValue(userAtom)?.id;
  const paymentMethod = useAtomValue(paymentMethodAtom).data;
  const provider = useAtomValue(providerConfigurationAtom);
  const cardEntry = useRef<CardEntryHandle>(null);
  const [useSaved, setUseSaved] = useState(true);
  const [confirmedPlan, setConfirmedPlan] = useState<Plan | null>(null);

  // A checkout opened again starts clean.
  useEffect(() => () => dispatchCheckout({ type: 'reset' }), []);
  // In preview the data loads without a user: a sign-in (the tenant of the session) loads it again.
  const firstUser = useRef(userId);
  useEffect(() => {
    if (preview && userId !== firstUser.current) {
      firstUser.current = userId;
      reload();
    }
  }, [preview, userId, reload]);

  if (state.status === 'signedOut') return <Alert severity="info">{t('common.signInRequired')}</Alert>;
  if (state.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (state.status === 'failed')
    return <ErrorState title={t('checkout.loadFailed')} message={state.error} onRetry={reload} />;

  const selected = plans.find((p) => p.id === planId || p.slug === planId);
  const subscription = information?.subscription ?? null;
  const current =
    information?.plan ??
    plans.find((p) => p.id === subscription?.planId || p.slug === subscription?.plan?.slug) ??
    null;
  const card = cardOf(paymentMethod);
  const payingWithSaved = card !== null && useSaved;
  const priceLine = (plan: Plan) => t('checkout.pricePerMonth', { price: planPrice(plan, locale) });

  /** The card to pay with: the saved one, or the new one saved now through the payment-method slice. */
  const paymentMethodId = async (): Promise<string | null> => {
    if (payingWithSaved) return card.id;
    let saved: PaymentMethod | null = null;
    let failure: unknown = null;
    const ok = await submitPaymentMethod(async () => {
      try {
        saved = await cardEntry.current!.save();
        return saved;
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    if (!ok || !saved) {
      // The checkout shows the failure in place (BILLING-033); the card on file did not change, so the
      // payment method slice (the portal's Payment method panel behind a dialog) keeps no error of it.
      setSliceState(paymentMethodAtom, { error: null });
      throw failure ?? new Error(t('card.notSaved'));
    }
    return (saved as PaymentMethod).id;
  };

  const confirm = async () => {
    if (!selected || checkout.loading) return;
    const subscriptionId = await confirmCheckout(
      {
        subscription,
        summaryPaymentMethodId: information?.summary.paymentMethodId,
        planId: selected.id,
        // BILLING-031's shortcut only for the plan the subscription is on, paid with the saved card.
        currentPlanId: subscription?.planId ?? current?.id ?? null,
        payingWithSaved,
      },
      {
        activateLocally,
        paymentMethodId,
        updateSubscription: (id, change) => billingApi.updateManagedSubscription(id, change),
        reloadAfterCheckout,
      },
      dispatchCheckout,
      (error) => errorMessage(error, t('common.genericError')),
    );
    if (subscriptionId === null) return;
    setConfirmedPlan(selected);
    container.host.dispatchEvent(
      new CustomEvent('fe-checkout-success', {
        bubbles: true,
        composed: true,
        detail: { planId: selected.id, subscriptionId },
      }),
    );
    void reloadEntitlements().catch(() => undefined);
  };

  const providerReady = provider.data !== null;
  return (
    <Card width={520}>
      <h2 css={{ margin: 0, fontSize: '1.4em' }}>{t('checkout.title')}</h2>
      <p css={{ margin: '4px 0 16px', color: 'var(--fe-color-text-secondary)' }}>{t('checkout.subtitle')}</p>
      {!selected ? (
        <Alert severity="info">{t('checkout.noPlan')}</Alert>
      ) : (
        <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px' }}>
          {current && !checkout.confirmed && (
            <>
              <dt>{t('checkout.currentPlan')}</dt>
              <dd css={{ margin: 0 }} data-current-plan={current.id}>
                {current.name} · {priceLine(current)}
              </dd>
            </>
          )}
          <dt>{t('checkout.selectedPlan')}</dt>
          <dd css={{ margin: 0, fontWeight: 600 }} data-plan={selected.id}>
            {selected.name} · {priceLine(selected)}
          </dd>
        </dl>
      )}
      {informationSlice.error && !information && <Alert severity="error">{informationSlice.error}</Alert>}
      {selected && information && !checkout.confirmed && (
        <fieldset
          css={{ border: 'none', padding: 0, margin: '16px 0', display: 'grid', gap: 12 }}
          disabled={checkout.loading}
        >
          <legend css={{ fontWeight: 600, marginBottom: 8 }}>{t('checkout.paymentMethod')}</legend>
          {card && (
            <div css={{ display: 'grid', gap: 6 }}>
              <label css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <input
                  type="radio"
                  name="fe-checkout-card"
                  checked={useSaved}
                  onChange={() => setUseSaved(true)}
                />
                {t('checkout.payWithSaved', { brand: brandName(card.brand), last4: card.last4 })}
              </label>
              <label css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <input
                  type="radio"
                  name="fe-checkout-card"
                  checked={!useSaved}
                  onChange={() => setUseSaved(false)}
                />
                {t('checkout.useNewCard')}
              </label>
            </div>
          )}
          {!payingWithSaved &&
            (providerReady ? (
              <CardEntry
                ref={cardEntry}
                mode={provider.data!.mode}
                publishableKey={provider.data!.apiKey}
                disabled={checkout.loading}
              />
            ) : (
              provider.error && <Alert severity="error">{provider.error}</Alert>
            ))}
        </fieldset>
      )}
      <div css={{ display: 'grid', gap: 12, marginTop: 16, '& > button': { justifySelf: 'start' } }}>
        {checkout.error && <Alert severity="error">{checkout.error}</Alert>}
        {checkout.confirmed && confirmedPlan && (
          <Alert severity="success">{t('checkout.confirmed', { plan: confirmedPlan.name })}</Alert>
        )}
        {selected && information && !checkout.confirmed && (
          <Button onClick={() => void confirm()} disabled={checkout.loading} aria-busy={checkout.loading}>
            {checkout.loading ? t('checkout.confirming') : t('checkout.confirm')}
          </Button>
        )}
      </div>
    </Card>
  );
}
