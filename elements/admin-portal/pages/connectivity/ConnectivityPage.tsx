import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Tabs } from '../../../../shared/ui';
import { PortalPage } from '../../kit/PortalPage';
import { permissionKeysAtom } from '../../portal.atoms';
import { allowedControls } from '../controls';
import { CONNECTIVITY_TABS, type ConnectivityTab } from './connectivity.state';
import { MessageChannelTab } from './MessageChannelTab';
import { SlackTab } from './SlackTab';
import { WebhooksTab } from './WebhooksTab';

/** The keys behind the page's controls: one set governs every channel (the server's endpoint table). */
const CONNECTIVITY_CONTROLS = {
  write: 'fe.connectivity.write.webhooks',
  delete: 'fe.connectivity.delete.webhooks',
} as const;

export type ConnectivityAccess = { write: boolean; delete: boolean };

/**
 * The Webhooks entry (connectivity, CONNECT-001): one tab per channel — webhooks with their test, logs and
 * retry (SCREEN-081), email (SCREEN-078), SMS (SCREEN-080) and Slack (SCREEN-079). Each tab loads its own data:
 * a failed load shows in that tab with a retry and the other tabs still work (CONNECT-006).
 */
export default function ConnectivityPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const access: ConnectivityAccess = allowedControls(CONNECTIVITY_CONTROLS, granted);
  const [tab, setTab] = useState<ConnectivityTab>('webhooks');

  return (
    <PortalPage
      data-page="webhooks"
      title={t('adminPortal.connectivity.title')}
      description={t('adminPortal.connectivity.intro')}
    >
      {!access.write && <Alert severity="info">{t('adminPortal.connectivity.readOnlyNotice')}</Alert>}
      <Tabs
        label={t('adminPortal.connectivity.tabsLabel')}
        tabs={CONNECTIVITY_TABS.map((key) => ({ key, label: t(`adminPortal.connectivity.tabs.${key}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        <div data-tab-panel={tab}>
          {tab === 'webhooks' && <WebhooksTab access={access} />}
          {tab === 'email' && <MessageChannelTab key="email" channel="email" access={access} />}
          {tab === 'sms' && <MessageChannelTab key="sms" channel="sms" access={access} />}
          {tab === 'slack' && <SlackTab access={access} />}
        </div>
      </Tabs>
    </PortalPage>
  );
}
