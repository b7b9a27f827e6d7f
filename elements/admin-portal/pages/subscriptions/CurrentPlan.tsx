import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { billingInformationAtom, plansAtom } from '../../../../shared/billing/state';
import { formatMoney, normalizeStatus, toPlanView } from '../../../../shared/billing/viewModels';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Dialog, Spinner } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { regionCss } from '../../kit/region';
import { Badge } from '../../kit/Badge';

export interface CurrentPlanProps {
  canWrite: boolean;
  /** BILLING-024 and the vendor allow a cancellation. */
  showCancel: boolean;
  /** BILLING-028. */
  showRenew: boolean;
  onCancel: () => Promise<void>;
  onRenew: () => Promise<void>;
}

/** The current plan and subscription (SCREEN-071): price, status, the period's end, cancel or renew. */
export function CurrentPlan({ canWrite, showCancel, showRenew, onCancel, onRenew }: CurrentPlanProps) {
  const { t, locale } = useT();
  const headingId = useId();
  const information = useAtomValue(billingInformationAtom);
  const plans = useAtomValue(plansAtom).data ?? [];
  const [confirming, setConfirming] = useState(false);
  const data = information.data;
  const subscription = data?.subscription ?? null;
  const plan =
    data?.plan ??
    plans.find((p) => p.id === subscription?.planId || p.slug === subscription?.plan.slug) ??
    null;
  const status = subscription ? normalizeStatus(subscription.status) : null;
  const date = (iso: string | undefined) =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso)) : '';

  let periodLine: string | null = null;
  if (subscription) {
    if (status === 'TRIALING' && subscription.trialEnd)
      periodLine = t('adminPortal.subscriptions.currentPlan.trialEndsOn', {
        date: date(subscription.trialEnd),
      });
    else if (subscription.cancellation)
      periodLine = t('adminPortal.subscriptions.currentPlan.endsOn', {
        date: date(subscription.currentPeriodEnd),
      });
    else if (status === 'ACTIVE')
      periodLine = t('adminPortal.subscriptions.currentPlan.renewsOn', {
        date: date(subscription.currentPeriodEnd),
      });
  }

  return (
    <section aria-labelledby={headingId} data-region="current-plan" css={regionCss}>
      <h3 id={headingId} css={{ margin: 0, fontSize: '1.1em' }}>
        {t('adminPortal.subscriptions.currentPlan.title')}
      </h3>
      {information.error && (
        <Alert severity="error" title={data ? undefined : t('adminPortal.subscriptions.loadFailed')}>
          <span data-information-error>{information.error}</span>
        </Alert>
      )}
      {information.fetching && !data && <Spinner label={t('common.loading')} />}
      {data && plan && (
        <div css={{ display: 'grid', gap: space.sm }}>
          <div>
            <strong data-plan-name css={{ fontSize: '1.2em' }}>
              {plan.name}
            </strong>
            {status && (
              <Badge>
                <span data-status={status}>{t(`adminPortal.subscriptions.status.${status}`)}</span>
              </Badge>
            )}
          </div>
          <span data-plan-price>
            {t('adminPortal.subscriptions.currentPlan.pricePerMonth', {
              price: formatMoney(toPlanView(plan).price, toPlanView(plan).currency, locale),
            })}
          </span>
          {periodLine && <span data-period>{periodLine}</span>}
        </div>
      )}
      {data && !subscription && (
        <p css={{ margin: 0 }}>
          {data.summary.externallyManaged
            ? t('adminPortal.subscriptions.currentPlan.externallyManaged')
            : t('adminPortal.subscriptions.currentPlan.none')}
        </p>
      )}
      {(showCancel || showRenew) && (
        <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap' }}>
          {showCancel && (
            <Button
              variant="secondary"
              data-action="cancel-subscription"
              disabled={!canWrite || information.loading}
              onClick={() => setConfirming(true)}
            >
              {t('adminPortal.subscriptions.currentPlan.cancel')}
            </Button>
          )}
          {showRenew && (
            <Button
              data-action="renew-subscription"
              disabled={!canWrite || information.loading}
              onClick={() => void onRenew()}
            >
              {t('adminPortal.subscriptions.currentPlan.renew')}
            </Button>
          )}
        </div>
      )}
      {confirming && subscription && plan && (
        <Dialog
          open
          title={t('adminPortal.subscriptions.currentPlan.cancelTitle')}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('adminPortal.subscriptions.currentPlan.keep')}
              </Button>
              <Button
                data-confirm
                disabled={information.loading}
                onClick={async () => {
                  await onCancel();
                  setConfirming(false);
                }}
              >
                {t('adminPortal.subscriptions.currentPlan.cancel')}
              </Button>
            </>
          }
        >
          <p css={{ margin: 0 }}>
            {t('adminPortal.subscriptions.currentPlan.cancelBody', {
              plan: plan.name,
              date: date(subscription.currentPeriodEnd),
            })}
          </p>
        </Dialog>
      )}
    </section>
  );
}
