import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { sessionIdentityAtom } from '../../../../shared/auth/session.atoms';
import { hasPermission } from '../../../../shared/auth/permissions';
import {
  billingInformationAtom,
  canCancel,
  canRenew,
  cancelSubscription,
  loadBillingInformation,
  loadInvoices,
  loadPaymentMethod,
  loadPaymentProviderConfiguration,
  loadPlans,
  loadVendorConfiguration,
  renewSubscription,
  vendorConfigurationAtom,
} from '../../../../shared/billing/state';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Tabs } from '../../../../shared/ui';
import { PortalPage } from '../../kit/PortalPage';
import { permissionKeysAtom } from '../../portal.atoms';
import { CurrentPlan } from './CurrentPlan';
import { InvoicesList } from './InvoicesList';
import { PaymentMethodPanel } from './PaymentMethodPanel';
import { PlansTable } from './PlansTable';

/** The write key of the billing controls (the server's endpoint tables require it for the same calls). */
export const BILLING_WRITE = 'fe.subscriptions.write.billing';

type Tab = 'overview' | 'invoices';

/** Everything the page shows, loaded again on a sign-in or a tenant switch. */
function loadAll(): void {
  void loadPaymentProviderConfiguration().then(loadBillingInformation);
  void loadPlans();
  void loadPaymentMethod();
  void loadVendorConfiguration();
  void loadInvoices();
}

/**
 * The Subscriptions page (SCREEN-070..073, BILLING-001/002): the current plan and subscription with cancel and
 * renew, the plans to move to (each opens `<fe-checkout>`), the card with its billing details, and the
 * invoices with a PDF each. Write controls need `fe.subscriptions.write.billing`.
 */
export default function SubscriptionsPage() {
  const { t } = useT();
  const identity = useAtomValue(sessionIdentityAtom);
  const granted = useAtomValue(permissionKeysAtom);
  const canWrite = hasPermission(granted, BILLING_WRITE);
  const [tab, setTab] = useState<Tab>('overview');
  useEffect(loadAll, [identity]);

  return (
    <PortalPage
      data-page="subscriptions"
      data-page-content="subscriptions"
      title={t('adminPortal.subscriptions.title')}
      description={t('adminPortal.subscriptions.intro')}
    >
      {!canWrite && <Alert severity="info">{t('adminPortal.subscriptions.readOnlyNotice')}</Alert>}
      <Tabs
        label={t('adminPortal.subscriptions.tabsLabel')}
        tabs={[
          { key: 'overview', label: t('adminPortal.subscriptions.tabs.overview') },
          { key: 'invoices', label: t('adminPortal.subscriptions.tabs.invoices') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'overview' ? <Overview canWrite={canWrite} /> : <InvoicesList />}
      </Tabs>
    </PortalPage>
  );
}

function Overview({ canWrite }: { canWrite: boolean }) {
  const information = useAtomValue(billingInformationAtom);
  const vendor = useAtomValue(vendorConfigurationAtom).data;
  const allowCancel = canCancel(information.data) && (vendor?.allowPlanCancellation ?? true);
  return (
    <div css={{ display: 'grid', gap: '24px' }}>
      <CurrentPlan
        canWrite={canWrite}
        showCancel={allowCancel}
        showRenew={canRenew(information.data)}
        onCancel={cancelSubscription}
        onRenew={renewSubscription}
      />
      <PlansTable canWrite={canWrite} />
      <PaymentMethodPanel canWrite={canWrite} />
    </div>
  );
}
