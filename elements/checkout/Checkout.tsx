import { useState } from 'react';
import { billingApi, type PaymentMethod, type Plan, type Subscription } from '../../shared/api/billing';
import { errorMessage } from '../../shared/api/errors';
import { useAccountData } from '../../shared/api/useAccountData';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { Alert, Button, Card, ErrorState, Spinner } from '../../shared/ui';
import { decideConfirm, planPrice } from './checkout.machine';

interface CheckoutData {
  plans: Plan[];
  subscription: Subscription | null;
  paymentMethod: PaymentMethod | null;
}

type Confirmation =
  { kind: 'idle' } | { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; error: string };

async function loadCheckout(): Promise<CheckoutData> {
  const [plans, subscriptions, methods] = await Promise.all([
    billingApi.plans(),
    billingApi.managedSubscriptions(),
    billingApi.paymentMethods(),
  ]);
  return { plans, subscription: subscriptions[0] ?? null, paymentMethod: methods[0] ?? null };
}

/** The React root of `<fe-checkout>`: confirms the change to the plan named by `plan-id`. */
export function Checkout({ container, planId }: ElementBaseProps & { planId?: string }) {
  const { t, locale } = useT();
  const { state, reload } = useAccountData(loadCheckout);
  const [confirmation, setConfirmation] = useState<Confirmation>({ kind: 'idle' });

  if (state.status === 'signedOut') return <Alert severity="info">{t('common.signInRequired')}</Alert>;
  if (state.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (state.status === 'failed')
    return <ErrorState title={t('checkout.loadFailed')} message={state.error} onRetry={reload} />;
  const { data } = state;
  const selected = data.plans.find((p) => p.id === planId || p.slug === planId);
  const current = data.plans.find(
    (p) => p.id === data.subscription?.planId || p.slug === data.subscription?.plan,
  );
  const planLine = (plan: Plan) =>
    t('checkout.planLine', { plan: plan.name, price: planPrice(plan, locale) });

  const confirm = async () => {
    if (!selected) return;
    const decision = decideConfirm(data.subscription, selected.id, data.paymentMethod?.id);
    if (decision.kind === 'error') return setConfirmation({ kind: 'failed', error: decision.error });
    setConfirmation({ kind: 'confirming' });
    try {
      if (decision.kind === 'update') {
        await billingApi.updateManagedSubscription(decision.subscriptionId, decision.body);
      }
      setConfirmation({ kind: 'confirmed' });
      container.host.dispatchEvent(
        new CustomEvent('fe-checkout-success', {
          bubbles: true,
          composed: true,
          detail: { planId: selected.id },
        }),
      );
    } catch (error) {
      setConfirmation({ kind: 'failed', error: errorMessage(error, t('common.genericError')) });
    }
  };

  return (
    <Card width={480}>
      <h2 css={{ margin: 0, fontSize: '1.4em' }}>{t('checkout.title')}</h2>
      <p css={{ margin: '4px 0 16px', color: 'var(--fe-color-text-secondary)' }}>{t('checkout.subtitle')}</p>
      {confirmation.kind === 'failed' && <Alert severity="error">{confirmation.error}</Alert>}
      {confirmation.kind === 'confirmed' && selected && (
        <Alert severity="success">{t('checkout.confirmed', { plan: selected.name })}</Alert>
      )}
      {!selected ? (
        <Alert severity="info">{t('checkout.noPlan')}</Alert>
      ) : (
        <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px' }}>
          {current && (
            <>
              <dt>{t('checkout.currentPlan')}</dt>
              <dd css={{ margin: 0 }}>{planLine(current)}</dd>
            </>
          )}
          <dt>{t('checkout.selectedPlan')}</dt>
          <dd css={{ margin: 0, fontWeight: 600 }} data-plan={selected.id}>
            {planLine(selected)}
          </dd>
          {data.paymentMethod?.last4 && (
            <>
              <dt>{t('checkout.paymentMethod')}</dt>
              <dd css={{ margin: 0 }}>
                {t('checkout.cardEnding', {
                  brand: data.paymentMethod.brand ?? '',
                  last4: data.paymentMethod.last4,
                })}
              </dd>
            </>
          )}
        </dl>
      )}
      {selected && confirmation.kind !== 'confirmed' && (
        <Button onClick={() => void confirm()} disabled={confirmation.kind === 'confirming'}>
          {confirmation.kind === 'confirming' ? t('checkout.confirming') : t('checkout.confirm')}
        </Button>
      )}
    </Card>
  );
}
