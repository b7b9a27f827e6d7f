import { useAtomValue } from 'jotai';
import { useEffect, useId } from 'react';
import { sessionIdentityAtom } from '../../../../shared/auth/session.atoms';
import { loadUsage, usageAtom } from '../../../../shared/billing/state';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, Spinner } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { regionCss } from '../../kit/region';
import { PortalPage } from '../../kit/PortalPage';
import { selectPage } from '../../portal.atoms';

/**
 * The Usage page (SCREEN-040, entry `usage` behind the flag `fe-usage-page`): seats used against the plan's
 * limit, the users active in the last 30 days, the plan, and "Change plan" to the Subscriptions page.
 */
export default function UsagePage() {
  const { t } = useT();
  const identity = useAtomValue(sessionIdentityAtom);
  const usage = useAtomValue(usageAtom);
  const seatsId = useId();
  useEffect(() => void loadUsage(), [identity]);
  const data = usage.data;
  const limit = data?.seats.limit ?? null;

  return (
    <PortalPage
      data-page="usage"
      data-page-content="usage"
      title={t('adminPortal.usage.title')}
      description={t('adminPortal.usage.intro')}
      busy={usage.loading}
    >
      {usage.error && (
        <div data-load-error>
          <Alert
            severity="error"
            title={t('adminPortal.usage.loadFailed')}
            action={{ label: t('common.retry'), onClick: () => void loadUsage() }}
          >
            {usage.error}
          </Alert>
        </div>
      )}
      {usage.fetching && <Spinner label={t('common.loading')} />}
      {data && (
        <div
          css={{
            display: 'grid',
            gap: space.xl,
            gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          }}
        >
          <section aria-labelledby={seatsId} css={regionCss} data-usage="seats">
            <h3 id={seatsId} css={{ margin: 0, fontSize: '1.05em' }}>
              {t('adminPortal.usage.seats')}
            </h3>
            {limit === null ? (
              <span data-seats>{t('adminPortal.usage.seatsUnlimited', { used: data.seats.used })}</span>
            ) : (
              <>
                <meter
                  aria-labelledby={seatsId}
                  min={0}
                  max={limit}
                  low={Math.ceil(limit * 0.8)}
                  high={limit}
                  optimum={0}
                  value={Math.min(data.seats.used, limit)}
                  css={{ width: '100%', height: 16 }}
                />
                <span data-seats>{t('adminPortal.usage.seatsUsed', { used: data.seats.used, limit })}</span>
              </>
            )}
          </section>
          <section aria-label={t('adminPortal.usage.plan')} css={regionCss} data-usage="plan">
            <span data-active-users>
              {t('adminPortal.usage.activeUsers', {
                days: data.activeUsers.days,
                count: data.activeUsers.count,
              })}
            </span>
            <span>
              {t('adminPortal.usage.plan')}: <strong data-plan-name>{data.planName}</strong>
            </span>
            <div>
              <Button
                variant="secondary"
                data-action="change-plan"
                onClick={(event) => selectPage('subscriptions', event.currentTarget)}
              >
                {t('adminPortal.usage.changePlan')}
              </Button>
            </div>
          </section>
        </div>
      )}
    </PortalPage>
  );
}
