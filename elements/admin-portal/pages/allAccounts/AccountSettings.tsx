import type { AccountSettings as Settings } from '../../../../shared/api/accountSettings';
import { useT } from '../../../../shared/i18n/useT';
import type { MessageKey } from '../../../../shared/i18n/translate';
import { SkeletonBlock } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { useLoad } from '../../kit/useLoad';

const FIELDS: readonly [keyof Settings, MessageKey][] = [
  ['name', 'adminPortal.allAccounts.details.settings.name'],
  ['address', 'adminPortal.allAccounts.details.settings.address'],
  ['timezone', 'adminPortal.allAccounts.details.settings.timezone'],
  ['currency', 'adminPortal.allAccounts.details.settings.currency'],
  ['dateFormat', 'adminPortal.allAccounts.details.settings.dateFormat'],
  ['timeFormat', 'adminPortal.allAccounts.details.settings.timeFormat'],
];

/**
 * The account's settings (account settings GET, read with the account's token for a sub-account) as a
 * description list; why they did not load, with a retry, in their place.
 */
export function AccountSettings({ load }: { load: () => Promise<Settings> }) {
  const { t } = useT();
  const { state, reload } = useLoad(() => load());
  if (state.status === 'loading') return <SkeletonBlock label={t('common.loading')} lines={6} />;
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={reload} />;
  const settings = state.data;
  return (
    <dl
      data-account-settings
      css={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8em, max-content) 1fr',
        gap: `${space.md} ${space.xl}`,
        margin: 0,
      }}
    >
      {FIELDS.map(([field, label]) => {
        const value = settings?.[field];
        const shown = typeof value === 'string' && value.trim() ? value : null;
        return (
          <div key={field} data-setting={field} css={{ display: 'contents' }}>
            <dt css={{ fontWeight: 600 }}>{t(label)}</dt>
            <dd
              css={{
                margin: 0,
                overflowWrap: 'anywhere',
                ...(shown ? {} : { color: 'var(--fe-color-text-secondary)' }),
              }}
            >
              {shown ?? t('adminPortal.allAccounts.details.settings.notSet')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
