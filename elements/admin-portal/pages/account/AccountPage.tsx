import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountSettingsApi, type AccountSettings } from '../../../../shared/api/accountSettings';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, SkeletonBlock, Tabs } from '../../../../shared/ui';
import { useTabAppearance } from '../../appearance';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { CustomLoginForm } from './CustomLoginForm';
import { SettingsForm } from './SettingsForm';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';

type AccountTab = 'settings' | 'customLogin';

/**
 * The account page (TENANTS-004..008): the tabs settings and customLogin (TENANTS-006), each shown as its
 * tab appearance says. Readers see the values; writers (fe.secure.write.accountSettings) change them.
 */
export default function AccountPage() {
  const { t } = useT();
  const permissions = useAtomValue(permissionKeysAtom);
  const { read: canRead, write: canWrite } = pageAccess('account', permissions);
  const shown = {
    settings: useTabAppearance('account', 'settings') !== 'hidden',
    customLogin: useTabAppearance('account', 'customLogin') !== 'hidden',
  };
  const tabs = (['settings', 'customLogin'] as const)
    .filter((key) => shown[key])
    .map((key) => ({ key, label: t(`adminPortal.account.tabs.${key}`) }));
  const [picked, setPicked] = useState<AccountTab>('settings');
  const selected = tabs.find((tab) => tab.key === picked)?.key ?? tabs[0]?.key;

  return (
    <section aria-labelledby="fe-page-title" data-page-content="account">
      <h3 id="fe-page-title" css={{ marginTop: 0 }}>
        {t('adminPortal.account.title')}
      </h3>
      {!canRead ? (
        <Alert severity="info">{t('adminPortal.shell.noAccess')}</Alert>
      ) : !selected ? (
        <Alert severity="info">{t('adminPortal.account.noTabs')}</Alert>
      ) : (
        <AccountTabs tabs={tabs} selected={selected} onSelect={setPicked} canWrite={canWrite} />
      )}
    </section>
  );
}

function AccountTabs(props: {
  tabs: { key: AccountTab; label: string }[];
  selected: AccountTab;
  onSelect: (key: AccountTab) => void;
  canWrite: boolean;
}) {
  const { t } = useT();
  const { state, reload } = useAccountData(() => accountSettingsApi.getSettings());
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const current = settings ?? (state.status === 'ready' ? state.data : null);
  return (
    <Tabs
      label={t('adminPortal.account.sections')}
      tabs={props.tabs}
      selected={props.selected}
      onSelect={props.onSelect}
    >
      {!props.canWrite && (
        <div css={{ marginBottom: space.xl }}>
          <Alert severity="info">{t('adminPortal.account.readOnly')}</Alert>
        </div>
      )}
      {state.status === 'loading' && <SkeletonBlock label={t('common.loading')} height={320} />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {current &&
        (props.selected === 'settings' ? (
          <SettingsForm key="settings" settings={current} canWrite={props.canWrite} onSaved={setSettings} />
        ) : (
          <CustomLoginForm
            key="customLogin"
            settings={current}
            canWrite={props.canWrite}
            onSaved={setSettings}
          />
        ))}
    </Tabs>
  );
}
