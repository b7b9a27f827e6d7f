import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Tabs } from '../../../../shared/ui';
import { tabAppearancesAtom, portalTabs, type PortalTab } from '../../appearance';
import { PortalPage } from '../../kit/PortalPage';
import { permissionKeysAtom } from '../../portal.atoms';
import { pageAccess } from '../controls';
import { DomainRestrictionsTab } from './DomainRestrictionsTab';
import type { SecurityDrafts } from './drafts';
import { GeneralTab } from './GeneralTab';
import { IpRestrictionsTab } from './IpRestrictionsTab';
import { SessionsTab } from './SessionsTab';

type SecurityTab = PortalTab<'security'>;

const noDrafts: SecurityDrafts = { sessions: null, general: null, ipConfig: null, domainConfig: null };

/**
 * The Security page (SCREEN-062..065): the tabs sessionManagement, generalSettings, ipRestrictions and
 * domainRestrictions, each shown as its tab appearance says (options, then metadata). Readers
 * (fe.secure.read.securityPolicy) see the values; writers (fe.secure.write.securityPolicy) change them. The
 * forms' unsaved values live here, above the tabs, so switching tabs keeps them.
 */
export default function SecurityPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { read: canRead, write: canWrite } = pageAccess('security', granted);
  const appearances = useAtomValue(tabAppearancesAtom);
  const tabs = portalTabs.security
    .filter((key) => appearances[`security.${key}`] !== 'hidden')
    .map((key) => ({ key, label: t(`adminPortal.security.tabs.${key}`) }));
  const [picked, setPicked] = useState<SecurityTab>('sessionManagement');
  const selected = tabs.find((tab) => tab.key === picked)?.key ?? tabs[0]?.key;
  const [drafts, setDrafts] = useState<SecurityDrafts>(noDrafts);
  const draft =
    <K extends keyof SecurityDrafts>(key: K) =>
    (value: SecurityDrafts[K]) =>
      setDrafts((current) => ({ ...current, [key]: value }));

  return (
    <PortalPage
      data-page="security"
      title={t('adminPortal.security.title')}
      description={t('adminPortal.security.intro')}
    >
      {!canRead ? (
        <Alert severity="info">{t('adminPortal.shell.noAccess')}</Alert>
      ) : !selected ? (
        <Alert severity="info">{t('adminPortal.security.noTabs')}</Alert>
      ) : (
        <>
          {!canWrite && <Alert severity="info">{t('adminPortal.security.readOnly')}</Alert>}
          <Tabs
            label={t('adminPortal.security.sections')}
            tabs={tabs}
            selected={selected}
            onSelect={setPicked}
          >
            <div data-tab-panel={selected}>
              {selected === 'sessionManagement' && (
                <SessionsTab canWrite={canWrite} draft={drafts.sessions} onDraft={draft('sessions')} />
              )}
              {selected === 'generalSettings' && (
                <GeneralTab canWrite={canWrite} draft={drafts.general} onDraft={draft('general')} />
              )}
              {selected === 'ipRestrictions' && (
                <IpRestrictionsTab canWrite={canWrite} draft={drafts.ipConfig} onDraft={draft('ipConfig')} />
              )}
              {selected === 'domainRestrictions' && (
                <DomainRestrictionsTab
                  canWrite={canWrite}
                  draft={drafts.domainConfig}
                  onDraft={draft('domainConfig')}
                />
              )}
            </div>
          </Tabs>
        </>
      )}
    </PortalPage>
  );
}
