import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { ssoConfigurationsApi, type SsoConfiguration } from '../../../../shared/api/ssoConfigurations';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Tabs, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { Badge } from '../../kit/Badge';
import { ConnectionTab, DraftConnectionTab } from './ConnectionTab';
import { DomainsTab } from './DomainsTab';
import { LabelledSwitch } from './parts';
import { RolesGroupsTab, type Named } from './RolesGroupsTab';
import type { SamlDraft } from './ssoDraft';

type Tab = 'connection' | 'domains' | 'roles';

/** A configuration of the list: saved on the server, or a SAML draft kept in the page (SSO-007). */
export type SsoEntry = { kind: 'saved'; config: SsoConfiguration } | { kind: 'draft'; draft: SamlDraft };

export interface SsoConfigurationSectionProps {
  entry: SsoEntry;
  /** "SAML configuration 1": the region's name. */
  name: string;
  canWrite: boolean;
  roles: readonly Named[];
  groups: readonly Named[];
  rolesError: string | null;
  onChange: (config: SsoConfiguration) => void;
  onDelete: (config: SsoConfiguration) => void;
  onDiscardDraft: (draft: SamlDraft) => void;
  /** Saves a draft with its first domain; answers whether something was kept (the error shows here). */
  onSaveDraft: (draft: SamlDraft, domain: string, onError: (text: string) => void) => Promise<boolean>;
}

/**
 * One configuration as a region: its name, the Enabled switch (SSO-005: busy while the call runs) and three
 * tabs — Connection, Domains, Roles and groups. A failed action shows in the region and changes nothing.
 */
export function SsoConfigurationSection(props: SsoConfigurationSectionProps) {
  const { t } = useT();
  const toast = useToast();
  const { entry, name, canWrite } = props;
  const [tab, setTab] = useState<Tab>('connection');
  const [error, setError] = useState<string | null>(null);
  const [enabling, setEnabling] = useState<boolean | null>(null);
  const config = entry.kind === 'saved' ? entry.config : null;

  const toggle = async (enabled: boolean) => {
    if (!config) return;
    setEnabling(enabled);
    setError(null);
    try {
      props.onChange(await ssoConfigurationsApi.updateConfiguration(config.id, { enabled }));
      toast({ text: t(enabled ? 'adminPortal.sso.enabledOn' : 'adminPortal.sso.enabledOff') });
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    } finally {
      setEnabling(null);
    }
  };

  const tabs = [
    { key: 'connection' as const, label: t('adminPortal.sso.tabs.connection') },
    { key: 'domains' as const, label: t('adminPortal.sso.tabs.domains') },
    ...(config ? [{ key: 'roles' as const, label: t('adminPortal.sso.tabs.roles') }] : []),
  ];

  return (
    <section
      role="region"
      aria-label={name}
      data-sso-configuration={config?.id ?? entry.kind}
      data-draft={entry.kind === 'draft' || undefined}
      css={{
        border: '1px solid var(--fe-color-border)',
        borderRadius: 'var(--fe-radius)',
        background: 'var(--fe-color-surface)',
        padding: space.xl,
        display: 'grid',
        // One column that may shrink below its content (tabs and tables scroll inside).
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: space.lg,
        minWidth: 0,
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: space.lg, flexWrap: 'wrap' }}>
        <h4 css={{ margin: 0, flex: '1 1 auto' }}>
          {name}
          {entry.kind === 'draft' && <Badge>{t('adminPortal.sso.draft')}</Badge>}
        </h4>
        <LabelledSwitch
          label={t('adminPortal.sso.enabled')}
          data-enabled-switch
          checked={enabling ?? config?.enabled ?? false}
          busy={enabling !== null}
          disabled={!canWrite || !config}
          onChange={(next) => void toggle(next)}
        />
      </div>
      {entry.kind === 'draft' && <Alert severity="warning">{t('adminPortal.sso.draftNotice')}</Alert>}
      {error && (
        <div data-section-error>
          <Alert
            severity="error"
            action={{ label: t('adminPortal.form.close'), onClick: () => setError(null) }}
          >
            {error}
          </Alert>
        </div>
      )}
      <Tabs tabs={tabs} selected={tab} onSelect={setTab} label={t('adminPortal.sso.tabs.label')}>
        {tab === 'connection' &&
          (config ? (
            <ConnectionTab
              config={config}
              canWrite={canWrite}
              onSaved={props.onChange}
              onError={setError}
              onDelete={() => props.onDelete(config)}
            />
          ) : (
            entry.kind === 'draft' && (
              <DraftConnectionTab draft={entry.draft} onDiscard={() => props.onDiscardDraft(entry.draft)} />
            )
          ))}
        {tab === 'domains' && (
          <DomainsTab
            name={name}
            config={config}
            canWrite={canWrite}
            onChange={props.onChange}
            onError={setError}
            onFirstDomain={
              entry.kind === 'draft'
                ? (domain) =>
                    props.onSaveDraft(entry.draft, domain, (text) => {
                      setError(text);
                    })
                : undefined
            }
          />
        )}
        {tab === 'roles' && config && (
          <RolesGroupsTab
            name={name}
            config={config}
            roles={props.roles}
            groups={props.groups}
            loadError={props.rolesError}
            canWrite={canWrite}
            onChange={props.onChange}
            onError={setError}
          />
        )}
      </Tabs>
    </section>
  );
}
