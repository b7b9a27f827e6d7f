import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import { groupsApi } from '../../../../shared/api/groups';
import { rolesApi } from '../../../../shared/api/roles';
import { ssoConfigurationsApi, type SsoConfiguration } from '../../../../shared/api/ssoConfigurations';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, ConfirmDialog, SkeletonBlock, useToast } from '../../../../shared/ui';
import { space } from '../../../../themes/tokens';
import { LoadError } from '../../kit/notices';
import { PortalPage } from '../../kit/PortalPage';
import { permissionKeysAtom } from '../../portal.atoms';
import { pageAccess } from '../controls';
import { AddSsoDialog, type NewSsoConfiguration } from './AddSsoDialog';
import { SsoConfigurationSection, type SsoEntry } from './SsoConfigurationSection';
import { samlDraftsAtom } from './sso.atoms';
import { saveDraft, type SamlDraft } from './ssoDraft';
import type { Named } from './RolesGroupsTab';

const NONE: Named[] = [];

/** The region names: "SAML configuration 1", "OIDC configuration 1" — numbered within their protocol. */
export function entryNames(
  entries: readonly SsoEntry[],
  nameOf: (kind: string, n: number) => string,
): string[] {
  const counts: Record<string, number> = {};
  return entries.map((entry) => {
    const kind = entry.kind === 'draft' ? 'SAML' : entry.config.type === 'oidc' ? 'OIDC' : 'SAML';
    counts[kind] = (counts[kind] ?? 0) + 1;
    return nameOf(kind, counts[kind]);
  });
}

let draftSeq = 0;

/**
 * The SSO page (SCREEN-066, navigation entry `sso`): the tenant's configurations (SSO-002), each with what the
 * IdP needs, its domains (SSO-004), default roles and group mappings (SSO-008). Write controls need
 * fe.secure.write.samlConfiguration. A SAML configuration added without a domain stays in the page (SSO-007).
 */
export default function SsoPage() {
  const { t } = useT();
  const toast = useToast();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite } = pageAccess('sso', granted);
  const tenantId = useAtomValue(userAtom)?.tenantId ?? 'preview';
  const [allDrafts, setAllDrafts] = useAtom(samlDraftsAtom);
  const drafts = useMemo(() => allDrafts[tenantId] ?? [], [allDrafts, tenantId]);
  const setDrafts = (change: (list: SamlDraft[]) => SamlDraft[]) =>
    setAllDrafts((all) => ({ ...all, [tenantId]: change(all[tenantId] ?? []) }));

  const { state, reload } = useAccountData(() => ssoConfigurationsApi.getConfigurations());
  const [configs, setConfigs] = useState<SsoConfiguration[]>([]);
  useEffect(() => setConfigs(state.status === 'ready' ? state.data : []), [state]);
  // A saved draft keeps its draft's key, so its region (and open tab) stays.
  const [keyOf, setKeyOf] = useState<Record<string, string>>({});

  // The tenant's roles and groups, by name, for the Roles and groups tabs.
  const names = useAccountData(async () => {
    const [roles, groups] = await Promise.all([rolesApi.getRoles(), groupsApi.getGroups({})]);
    const named = (items: { id: string; name: string }[]) => items.map(({ id, name }) => ({ id, name }));
    return { roles: named(roles), groups: named(groups) };
  });
  const roles = names.state.status === 'ready' ? names.state.data.roles : NONE;
  const groups = names.state.status === 'ready' ? names.state.data.groups : NONE;
  const rolesError = names.state.status === 'failed' ? names.state.error : null;

  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ config: SsoConfiguration; name: string } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const entries: SsoEntry[] = [
    ...configs.map((config) => ({ kind: 'saved' as const, config })),
    ...drafts.map((draft) => ({ kind: 'draft' as const, draft })),
  ];
  const regionNames = entryNames(entries, (kind, number) =>
    t('adminPortal.sso.configurationName', { kind, number: String(number) }),
  );

  const replace = (config: SsoConfiguration) =>
    setConfigs((list) => list.map((c) => (c.id === config.id ? config : c)));

  const create = async (input: NewSsoConfiguration) => {
    if (input.protocol === 'oidc') {
      const created = await ssoConfigurationsApi.createConfiguration(input.input);
      setConfigs((list) => [...list, created]);
    } else {
      const draft: SamlDraft = { draftId: `draft-${++draftSeq}`, source: input.source };
      if (!input.domain) {
        // SSO-007: no domain, nothing sent: the configuration waits in the page (its region says so).
        setDrafts((list) => [...list, draft]);
        return setAdding(false);
      } else {
        const { config, domainError } = await saveDraft(ssoConfigurationsApi, draft, input.domain);
        setConfigs((list) => [...list, config]);
        if (domainError) setNotice(errorMessage(domainError, t('common.genericError')));
      }
    }
    setAdding(false);
    toast({ text: t('adminPortal.sso.created') });
  };

  const onSaveDraft = async (draft: SamlDraft, domain: string, onError: (text: string) => void) => {
    try {
      const { config, domainError } = await saveDraft(ssoConfigurationsApi, draft, domain);
      setKeyOf((all) => ({ ...all, [config.id]: draft.draftId }));
      setDrafts((list) => list.filter((d) => d.draftId !== draft.draftId));
      setConfigs((list) => [...list, config]);
      if (domainError) {
        onError(errorMessage(domainError, t('common.genericError')));
        return false;
      }
      toast({ text: t('adminPortal.sso.domainAdded', { domain }) });
      return true;
    } catch (err) {
      // Nothing was saved: the draft stays as it was.
      onError(errorMessage(err, t('common.genericError')));
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setNotice(null);
    try {
      await ssoConfigurationsApi.deleteConfiguration(deleting.config.id);
      setConfigs((list) => list.filter((c) => c.id !== deleting.config.id));
      toast({ text: t('adminPortal.sso.deleted', { name: deleting.name }) });
    } catch (err) {
      setNotice(errorMessage(err, t('common.genericError')));
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return (
    <PortalPage
      data-page="sso"
      busy={state.status === 'loading'}
      title={t('adminPortal.sso.title')}
      description={t('adminPortal.sso.intro')}
      actions={
        canWrite && (
          <Button data-action="create" onClick={() => setAdding(true)}>
            {t('adminPortal.sso.add')}
          </Button>
        )
      }
    >
      {!canWrite && <Alert severity="info">{t('adminPortal.sso.readOnlyNotice')}</Alert>}
      {notice && (
        <div data-notice="error">
          <Alert
            severity="error"
            action={{ label: t('adminPortal.form.close'), onClick: () => setNotice(null) }}
          >
            {notice}
          </Alert>
        </div>
      )}
      {state.status === 'failed' ? (
        <LoadError error={state.error} onRetry={reload} />
      ) : state.status === 'loading' || state.status === 'signedOut' ? (
        <SkeletonBlock label={t('common.loading')} title lines={4} />
      ) : entries.length === 0 ? (
        <p data-empty css={{ margin: 0, padding: space.xl, color: 'var(--fe-color-text-secondary)' }}>
          {t('adminPortal.sso.empty')}
        </p>
      ) : (
        <ul
          data-sso-list
          aria-label={t('adminPortal.sso.listLabel')}
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.xl, minWidth: 0 }}
        >
          {entries.map((entry, index) => {
            const name = regionNames[index] ?? '';
            const key =
              entry.kind === 'draft' ? entry.draft.draftId : (keyOf[entry.config.id] ?? entry.config.id);
            return (
              <li key={key} css={{ minWidth: 0 }}>
                <SsoConfigurationSection
                  entry={entry}
                  name={name}
                  canWrite={canWrite}
                  roles={roles}
                  groups={groups}
                  rolesError={rolesError}
                  onChange={replace}
                  onDelete={(config) => setDeleting({ config, name })}
                  onDiscardDraft={(draft) =>
                    setDrafts((list) => list.filter((d) => d.draftId !== draft.draftId))
                  }
                  onSaveDraft={onSaveDraft}
                />
              </li>
            );
          })}
        </ul>
      )}
      {adding && <AddSsoDialog onClose={() => setAdding(false)} onCreate={create} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('adminPortal.sso.deleteTitle')}
        confirmLabel={t('adminPortal.form.delete')}
        busy={deleteBusy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        {deleting && t('adminPortal.sso.deleteBody', { name: deleting.name })}
      </ConfirmDialog>
    </PortalPage>
  );
}
