import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { paths } from '../../shared/api/paths';
import type { ElementBaseProps } from '../../shared/element/defineElement';
import { useT } from '../../shared/i18n/useT';
import { Alert, Button, Card, Spinner } from '../../shared/ui';
import {
  decideConfirm,
  planPrice,
  type PaymentMethod,
  type Plan,
  type Subscription,
} from './checkout.machine';

interface CheckoutData {
  plans: Plan[];
  subscription: Subscription | null;
  paymentMethod: PaymentMethod | null;
}

type Status =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'confirming' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; error: string };

async function loadCheckout(): Promise<CheckoutData> {
  const [plans, subscriptions, methods] = await Promise.all([
    api.request<Plan[]>(paths.plans.getSubscriptionPlans),
    api.request<Subscription[]>(paths.managedSubscriptions.getManagedSubscriptions),
    api.request<PaymentMethod[]>(paths.paymentMethods.getPaymentMethods),
  ]);
  return { plans, subscription: subscriptions[0] ?? null, paymentMethod: methods[0] ?? null };
}

/** The React root of `<fe-checkout>`: confirms the change to the plan named by `plan-id`. */
export function Checkout({ container, planId }: ElementBaseProps & { planId?: string }) {
  const { t, locale } = useT();
  const [data, setData] = useState<CheckoutData | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  const load = () => {
    setStatus({ kind: 'loading' });
    loadCheckout().then(
      (loaded) => {
        setData(loaded);
        setStatus({ kind: 'ready' });
      },
      (error: unknown) => setStatus({ kind: 'failed', error: errorMessage(error) }),
    );
  };
  useEffect(load, []);

  if (status.kind === 'loading') return <Spinner label={t('common.loading')} />;
  if (!data)
    return (
      <Alert severity="error" action={{ label: t('common.retry'), onClick: load }}>
        {status.kind === 'failed' ? status.error : ''}
      </Alert>
    );

  const selected = data.plans.find((p) => p.id === planId || p.slug === planId);
  const current = data.plans.find(
    (p) => p.id === data.subscription?.planId || p.slug === data.subscription?.plan,
  );

  const confirm = async () => {
    if (!selected) return;
    setStatus({ kind: 'confirming' });
    const decision = decideConfirm(data.subscription, selected.id, data.paymentMethod?.id);
    try {
      if (decision.kind === 'error') throw new Error(decision.error);
      if (decision.kind === 'update') {
        await api.request(paths.managedSubscriptions.updateManagedSubscription, {
          params: { subscriptionId: decision.subscriptionId },
          body: decision.body,
        });
      }
      setStatus({ kind: 'confirmed' });
      container.host.dispatchEvent(
        new CustomEvent('fe-checkout-success', {
          bubbles: true,
          composed: true,
          detail: { planId: selected.id },
        }),
      );
    } catch (error) {
      setStatus({ kind: 'failed', error: errorMessage(error) });
    }
  };

  return (
    <Card width={480}>
      <h2 css={{ margin: 0, fontSize: '1.4em' }}>{t('checkout.title')}</h2>
      <p css={{ margin: '4px 0 16px', color: 'var(--fe-color-text-secondary)' }}>{t('checkout.subtitle')}</p>
      {status.kind === 'failed' && <Alert severity="error">{status.error}</Alert>}
      {status.kind === 'confirmed' && selected && (
        <Alert severity="success">{t('checkout.confirmed', { plan: selected.name })}</Alert>
      )}
      {!selected ? (
        <Alert severity="info">{t('checkout.noPlan')}</Alert>
      ) : (
        <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px' }}>
          {current && (
            <>
              <dt>{t('checkout.currentPlan')}</dt>
              <dd css={{ margin: 0 }}>
                {current.name} · {t('checkout.pricePerMonth', { price: planPrice(current, locale) })}
              </dd>
            </>
          )}
          <dt>{t('checkout.selectedPlan')}</dt>
          <dd css={{ margin: 0, fontWeight: 600 }} data-plan={selected.id}>
            {selected.name} · {t('checkout.pricePerMonth', { price: planPrice(selected, locale) })}
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
      {selected && status.kind !== 'confirmed' && (
        <Button onClick={() => void confirm()} disabled={status.kind === 'confirming'}>
          {status.kind === 'confirming' ? t('checkout.confirming') : t('checkout.confirm')}
        </Button>
      )}
    </Card>
  );
}
