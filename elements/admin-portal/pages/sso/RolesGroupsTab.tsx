import { useMemo, useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors';
import {
  ssoConfigurationsApi,
  type SsoConfiguration,
  type SsoGroup,
} from '../../../../shared/api/ssoConfigurations';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, TextField, useToast } from '../../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { space } from '../../../../themes/tokens';
import { Badge } from '../../kit/Badge';
import { secondaryText } from '../../kit/columns';
import { RowActions } from '../../kit/RowActions';
import { CheckboxList, fieldsetCss, hintCss, legendCss } from './parts';

/** A role or group of the tenant, as the checkboxes name it. */
export interface Named {
  id: string;
  name: string;
}

/** Keeps only ids that exist (a deleted role is not sent back). */
const known = (ids: readonly string[], items: readonly Named[]) =>
  ids.filter((id) => items.some((i) => i.id === id));

/**
 * The Roles and groups tab (SSO-008): the default roles of users signing in through the configuration, the
 * IdP groups mapped to roles and groups (re-applied at every sign-in), and the claim that carries the groups.
 */
export function RolesGroupsTab({
  name,
  config,
  roles,
  groups,
  loadError,
  canWrite,
  onChange,
  onError,
}: {
  name: string;
  config: SsoConfiguration;
  roles: readonly Named[];
  groups: readonly Named[];
  loadError: string | null;
  canWrite: boolean;
  onChange: (config: SsoConfiguration) => void;
  onError: (text: string | null) => void;
}) {
  const { t } = useT();
  const toast = useToast();
  const [defaultRoles, setDefaultRoles] = useState<string[]>(config.roleIds);
  const [group, setGroup] = useState('');
  const [groupError, setGroupError] = useState<string | null>(null);
  const [mappedRoles, setMappedRoles] = useState<string[]>([]);
  const [mappedGroups, setMappedGroups] = useState<string[]>([]);
  const [editing, setEditing] = useState<SsoGroup | null>(null);
  const [claim, setClaim] = useState(config.groupsClaim || 'groups');
  const [busy, setBusy] = useState<'roles' | 'mapping' | 'claim' | null>(null);
  const off = !canWrite || busy !== null;

  const run = async (kind: 'roles' | 'mapping' | 'claim', call: () => Promise<string | void>) => {
    setBusy(kind);
    onError(null);
    try {
      const text = await call();
      if (text) toast({ text });
    } catch (err) {
      onError(errorMessage(err, t('common.genericError')));
    } finally {
      setBusy(null);
    }
  };

  const saveDefaultRoles = () =>
    run('roles', async () => {
      const answer = await ssoConfigurationsApi.setDefaultRoles(config.id, known(defaultRoles, roles));
      onChange({ ...config, roleIds: answer.roleIds });
      setDefaultRoles(answer.roleIds);
      return t('adminPortal.sso.defaultRolesSaved');
    });

  const resetMapping = () => {
    setEditing(null);
    setGroup('');
    setMappedRoles([]);
    setMappedGroups([]);
    setGroupError(null);
  };

  const saveMapping = () => {
    if (!group.trim()) return setGroupError(t('adminPortal.sso.groupRequired'));
    setGroupError(null);
    return run('mapping', async () => {
      const input = {
        group: group.trim(),
        roleIds: known(mappedRoles, roles),
        groupIds: known(mappedGroups, groups),
      };
      const saved = editing
        ? await ssoConfigurationsApi.updateGroup(config.id, editing.id, input)
        : await ssoConfigurationsApi.createGroup(config.id, input);
      onChange({
        ...config,
        groups: editing
          ? config.groups.map((g) => (g.id === editing.id ? saved : g))
          : [...config.groups, saved],
      });
      resetMapping();
      return t('adminPortal.sso.mappingSaved', { group: saved.group });
    });
  };

  const edit = (mapping: SsoGroup) => {
    setEditing(mapping);
    setGroup(mapping.group);
    setMappedRoles(mapping.roleIds);
    setMappedGroups(mapping.groupIds);
    setGroupError(null);
  };

  const removeMapping = (mapping: SsoGroup) =>
    run('mapping', async () => {
      await ssoConfigurationsApi.deleteGroup(config.id, mapping.id);
      onChange({ ...config, groups: config.groups.filter((g) => g.id !== mapping.id) });
      if (editing?.id === mapping.id) resetMapping();
      return t('adminPortal.sso.mappingDeleted', { group: mapping.group });
    });

  const saveClaim = () =>
    run('claim', async () => {
      const answer = await ssoConfigurationsApi.updateConfiguration(config.id, {
        groupsClaim: claim.trim() || 'groups',
      });
      onChange(answer);
      setClaim(answer.groupsClaim);
      return t('adminPortal.sso.groupsClaimSaved');
    });

  const columns = useMemo<ColumnDef<SsoGroup, unknown>[]>(() => {
    const names = (ids: readonly string[], items: readonly Named[], none: string, marker: string) =>
      ids.length ? (
        <span {...{ [`data-${marker}`]: true }}>
          {ids.map((id) => (
            <Badge key={id}>{items.find((i) => i.id === id)?.name ?? id}</Badge>
          ))}
        </span>
      ) : (
        <span css={secondaryText}>{none}</span>
      );
    const list: ColumnDef<SsoGroup, unknown>[] = [
      {
        id: 'group',
        accessorFn: (g) => g.group,
        header: t('adminPortal.sso.idpGroup'),
        cell: ({ getValue }) => <span css={{ fontWeight: 600 }}>{String(getValue())}</span>,
      },
      {
        id: 'roles',
        header: t('adminPortal.sso.roles'),
        enableSorting: false,
        cell: ({ row }) => names(row.original.roleIds, roles, t('adminPortal.sso.noRoles'), 'mapped-roles'),
      },
      {
        id: 'groups',
        header: t('adminPortal.sso.groups'),
        enableSorting: false,
        cell: ({ row }) =>
          names(row.original.groupIds, groups, t('adminPortal.sso.noGroups'), 'mapped-groups'),
      },
    ];
    if (canWrite)
      list.push({
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>{t('adminPortal.form.actions')}</span>
        ),
        enableSorting: false,
        cell: ({ row: { original: g } }) => (
          <RowActions
            actions={[
              {
                key: 'edit',
                label: t('adminPortal.form.edit'),
                ariaLabel: t('adminPortal.sso.editMapping', { group: g.group }),
                onSelect: () => edit(g),
              },
              {
                key: 'delete',
                label: t('adminPortal.form.delete'),
                ariaLabel: t('adminPortal.sso.deleteMapping', { group: g.group }),
                onSelect: () => void removeMapping(g),
              },
            ]}
          />
        ),
      });
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, canWrite, roles, groups, config]);

  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.xl }}>
      {loadError && (
        <Alert severity="warning">{t('adminPortal.sso.rolesUnavailable', { error: loadError })}</Alert>
      )}
      <section data-default-roles css={{ display: 'grid', gap: space.md }}>
        <CheckboxList
          legend={t('adminPortal.sso.defaultRoles')}
          hint={t('adminPortal.sso.defaultRolesHint')}
          items={roles}
          selected={defaultRoles}
          onChange={setDefaultRoles}
          disabled={off}
          empty={t('adminPortal.sso.noRoles')}
          marker="default-roles"
        />
        {canWrite && (
          <div>
            <Button data-save-default-roles disabled={off} onClick={() => void saveDefaultRoles()}>
              {busy === 'roles' ? t('adminPortal.form.saving') : t('adminPortal.sso.saveDefaultRoles')}
            </Button>
          </div>
        )}
      </section>
      <section data-group-mappings aria-label={t('adminPortal.sso.groupMappings')} css={fieldsetCss}>
        <h5 css={{ ...legendCss, margin: 0, padding: 0 }}>{t('adminPortal.sso.groupMappings')}</h5>
        <p css={hintCss}>{t('adminPortal.sso.groupMappingsHint')}</p>
        {canWrite && (
          <form
            noValidate
            data-form="sso-mapping"
            onSubmit={(event) => {
              event.preventDefault();
              void saveMapping();
            }}
            css={{ display: 'grid', gap: space.md }}
          >
            <TextField
              label={t('adminPortal.sso.idpGroup')}
              autoComplete="off"
              value={group}
              error={groupError}
              disabled={off}
              onChange={(event) => setGroup(event.currentTarget.value)}
            />
            <CheckboxList
              legend={t('adminPortal.sso.roles')}
              items={roles}
              selected={mappedRoles}
              onChange={setMappedRoles}
              disabled={off}
              empty={t('adminPortal.sso.noRoles')}
              marker="mapping-roles"
            />
            <CheckboxList
              legend={t('adminPortal.sso.groups')}
              items={groups}
              selected={mappedGroups}
              onChange={setMappedGroups}
              disabled={off}
              empty={t('adminPortal.sso.noGroups')}
              marker="mapping-groups"
            />
            <div css={{ display: 'flex', gap: space.md }}>
              <Button type="submit" data-save-mapping disabled={off}>
                {editing ? t('adminPortal.sso.saveMapping') : t('adminPortal.sso.addMapping')}
              </Button>
              {editing && (
                <Button variant="secondary" onClick={resetMapping}>
                  {t('adminPortal.sso.cancelEdit')}
                </Button>
              )}
            </div>
          </form>
        )}
        <DataTable
          label={t('adminPortal.sso.mappingsLabel', { name })}
          columns={columns}
          data={config.groups}
          getRowId={(g) => g.id}
          emptyMessage={t('adminPortal.sso.noMappings')}
        />
      </section>
      <p css={hintCss}>{t('adminPortal.sso.groupsClaimHint')}</p>
      <form
        noValidate
        data-form="sso-groups-claim"
        onSubmit={(event) => {
          event.preventDefault();
          void saveClaim();
        }}
        css={{ display: 'flex', gap: space.md, alignItems: 'flex-end', flexWrap: 'wrap' }}
      >
        <div css={{ flex: '1 1 240px', display: 'grid', gap: space.xs }}>
          <TextField
            label={t('adminPortal.sso.groupsClaim')}
            autoComplete="off"
            value={claim}
            disabled={off}
            onChange={(event) => setClaim(event.currentTarget.value)}
          />
        </div>
        {canWrite && (
          <Button type="submit" variant="secondary" data-save-claim disabled={off}>
            {busy === 'claim' ? t('adminPortal.form.saving') : t('adminPortal.sso.save')}
          </Button>
        )}
      </form>
    </div>
  );
}
