import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import type { Plan } from '../../../../shared/api/billing';
import {
  billingInformationAtom,
  loadPlans,
  plansAtom,
  reloadAfterCheckout,
} from '../../../../shared/billing/state';
import { formatMoney, toPlanView } from '../../../../shared/billing/viewModels';
import { useT } from '../../../../shared/i18n/useT';
import { subscriptionsEn } from '../../../../shared/i18n/locales/portal/billing';
import { Alert, Button, Dialog, Spinner } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { regionCss } from '../../kit/region';

/** `<fe-checkout>` is its own element: defined on demand when the page's bundle did not define it. */
export function defineCheckout(): Promise<unknown> {
  return customElements.get('fe-checkout')
    ? Promise.resolve()
    : import('../../../checkout/index').then(() => customElements.whenDefined('fe-checkout'));
}

/** The pricing table (SCREEN-071): a card per plan; another plan's "Choose" opens the checkout in a dialog. */
export function PlansTable({ canWrite }: { canWrite: boolean }) {
  const { t, locale } = useT();
  const headingId = useId();
  const plans = useAtomValue(plansAtom);
  const information = useAtomValue(billingInformationAtom).data;
  const [chosen, setChosen] = useState<Plan | null>(null);
  const currentId = information?.subscription?.planId ?? information?.summary.currentPlanId ?? null;

  const featureName = (key: string) =>
    key in subscriptionsEn.features
      ? t(`adminPortal.subscriptions.features.${key as keyof typeof subscriptionsEn.features}`)
      : key;

  return (
    <section aria-labelledby={headingId} data-region="plans" css={regionCss}>
      <h3 id={headingId} css={{ margin: 0, fontSize: '1.1em' }}>
        {t('adminPortal.subscriptions.plans.title')}
      </h3>
      {plans.error && (
        <Alert
          severity="error"
          title={t('adminPortal.subscriptions.plans.loadFailed')}
          action={{ label: t('common.retry'), onClick: () => void loadPlans() }}
        >
          {plans.error}
        </Alert>
      )}
      {plans.fetching && <Spinner label={t('common.loading')} />}
      <div
        css={{
          display: 'grid',
          gap: space.lg,
          gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
        }}
      >
        {(plans.data ?? []).map((plan) => {
          const view = toPlanView(plan);
          const isCurrent = plan.id === currentId;
          const titleId = `${headingId}-${plan.id}`;
          return (
            <article
              key={plan.id}
              aria-labelledby={titleId}
              data-plan={plan.slug}
              data-current={isCurrent || undefined}
              css={{
                display: 'grid',
                gap: space.sm,
                alignContent: 'start',
                padding: space.lg,
                borderRadius: 'var(--fe-radius)',
                border: `${isCurrent ? 2 : 1}px solid ${isCurrent ? 'var(--fe-color-primary)' : 'var(--fe-color-border)'}`,
              }}
            >
              <h4 id={titleId} css={{ margin: 0, fontSize: '1.05em' }}>
                {plan.name}
              </h4>
              <strong data-price>
                {t('adminPortal.subscriptions.currentPlan.pricePerMonth', {
                  price: formatMoney(view.price, view.currency, locale),
                })}
              </strong>
              {plan.description && <p css={{ margin: 0 }}>{plan.description}</p>}
              <ul
                aria-label={t('adminPortal.subscriptions.plans.features', { plan: plan.name })}
                css={{ margin: 0, paddingInlineStart: '1.2em' }}
              >
                <li>
                  {view.seatLimit === null
                    ? t('adminPortal.subscriptions.plans.unlimitedSeats')
                    : t('adminPortal.subscriptions.plans.seats', { count: view.seatLimit })}
                </li>
                {view.features.length === 0 && <li>{t('adminPortal.subscriptions.plans.noFeatures')}</li>}
                {view.features.map((feature) => (
                  <li key={feature} data-feature={feature}>
                    {featureName(feature)}
                  </li>
                ))}
              </ul>
              {isCurrent ? (
                <span data-current-plan css={{ fontWeight: 600 }}>
                  {t('adminPortal.subscriptions.plans.current')}
                </span>
              ) : (
                <Button
                  data-choose={plan.slug}
                  disabled={!canWrite || !information?.subscription}
                  onClick={() => setChosen(plan)}
                >
                  {t('adminPortal.subscriptions.plans.choose', { plan: plan.name })}
                </Button>
              )}
            </article>
          );
        })}
      </div>
      {chosen && (
        <CheckoutDialog
          plan={chosen}
          onClose={() => setChosen(null)}
          // The dialog stays open on the checkout's confirmation ("You are now on … plan"); the page behind it
          // shows the new plan at once.
          onSuccess={() => void reloadAfterCheckout()}
        />
      )}
    </section>
  );
}

/** The dialog "Change plan" around `<fe-checkout plan-id>`; its success event reloads the page's billing. */
function CheckoutDialog({
  plan,
  onClose,
  onSuccess,
}: {
  plan: Plan;
  onClose: () => void;
  onSuccess: () => void;
}) {
  const { t } = useT();
  const [ready, setReady] = useState(Boolean(customElements.get('fe-checkout')));
  const [failed, setFailed] = useState<string | null>(null);
  const checkout = useRef<HTMLElement | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;

  useEffect(() => {
    let gone = false;
    defineCheckout().then(
      () => !gone && setReady(true),
      (err: unknown) => !gone && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      gone = true;
    };
  }, []);

  useEffect(() => {
    const el = checkout.current;
    if (!ready || !el) return;
    const listener = () => success.current();
    el.addEventListener('fe-checkout-success', listener);
    return () => el.removeEventListener('fe-checkout-success', listener);
  }, [ready]);

  return (
    <Dialog open title={t('adminPortal.subscriptions.plans.changeTitle')} onClose={onClose} width={560}>
      {failed && <Alert severity="error">{failed}</Alert>}
      {!ready && !failed && <Spinner label={t('common.loading')} />}
      {ready && <fe-checkout ref={checkout} plan-id={plan.id} />}
      <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: space.xl }}>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
