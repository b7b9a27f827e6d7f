import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import {
  groupsApi,
  loadGroupsPageData,
  type Group,
  type GroupConfiguration,
  type GroupInput,
} from '../../../../shared/api/groups';
import type { Role } from '../../../../shared/api/roles';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, useToast } from '../../../../shared/ui';
import type { ColumnDef } from '../../../../shared/ui/DataTable';
import { Badge } from '../../kit/Badge';
import { countColumn, descriptionColumn, secondaryText } from '../../kit/columns';
import { LoadError } from '../../kit/notices';
import { ResourcePage } from '../../kit/ResourcePage';
import { actionsColumn, type RowAction } from '../../kit/RowActions';
import { useResourceList } from '../../kit/useResourceList';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { GroupDetailsDialog } from './GroupDetailsDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupSettings } from './GroupSettings';
import { space } from '../../../../themes/tokens';

/** Only a hex colour reaches the page's styles: anything else the server sends shows no colour. */
const safeColor = (color: string | null | undefined): string | undefined =>
  color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : undefined;

/** One empty list for every render before the groups load (a new one would reach the dialog each time). */
const NO_ROLES: Role[] = [];

/** A group synced from a directory (SCIM) is changed there, not here. */
const isDirectoryManaged = (group: Group) => group.managedBy === 'scim2';

/**
 * The groups of the account (GROUPS-001..014): name, colour, description, members and roles; writers create,
 * edit and delete groups, add and remove members and roles, and change the group configuration.
 */
export default function GroupsPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite, delete: canDelete } = pageAccess('groups', granted);
  const { state, reload } = useAccountData(async () => {
    const loaded = await loadGroupsPageData();
    if (!loaded.ok) throw loaded.error;
    return loaded;
  });
  const configurationLoad = useAccountData(() => groupsApi.getGroupConfiguration());
  const toast = useToast();
  const list = useResourceList<Group, 'details'>(state.status === 'ready' ? state.data.groups : null, {
    remove: (group) => groupsApi.deleteGroup(group.id),
    deletedText: (group) => t('adminPortal.groups.deleted', { name: group.name }),
  });
  const { open, setOpen, close, replace, writeActions } = list;
  // The roles relation: empty unless the groups loaded (GROUPS-014).
  const roles = state.status === 'ready' ? state.data.roles : NO_ROLES;
  const [configuration, setConfiguration] = useState<GroupConfiguration | null>(null);

  useEffect(
    () => setConfiguration(configurationLoad.state.status === 'ready' ? configurationLoad.state.data : null),
    [configurationLoad.state],
  );

  const submitGroup = async (input: GroupInput) => {
    const current = open?.kind === 'edit' ? open.item : null;
    if (current) {
      const saved = await groupsApi.updateGroup({ groupId: current.id, ...input });
      replace({ ...current, ...input, ...saved });
    } else {
      const saved = await groupsApi.createGroup(input);
      list.add({ users: [], roles: [], ...input, ...saved });
    }
    toast({
      text: t(current ? 'adminPortal.groups.updated' : 'adminPortal.groups.created', { name: input.name }),
    });
    close();
  };

  const columns = useMemo<ColumnDef<Group, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (g) => g.name,
        header: t('adminPortal.groups.columns.name'),
        cell: ({ row: { original: group } }) => {
          const color = safeColor(group.color);
          return (
            <span css={{ display: 'inline-flex', alignItems: 'center', gap: space.md }}>
              <span
                role="img"
                data-swatch={color ?? ''}
                aria-label={t('adminPortal.groups.colorSwatch', { color: color ?? '—' })}
                style={{ background: color ?? 'transparent' }}
                css={{
                  width: 14,
                  height: 14,
                  flex: 'none',
                  borderRadius: '50%',
                  border: '1px solid var(--fe-color-border)',
                }}
              />
              <span css={{ fontWeight: 600 }}>{group.name}</span>
              {isDirectoryManaged(group) && (
                <Badge title={t('adminPortal.groups.managedByDirectoryHint')}>
                  {t('adminPortal.groups.managedByDirectory')}
                </Badge>
              )}
            </span>
          );
        },
      },
      descriptionColumn<Group>(t('adminPortal.groups.columns.description')),
      countColumn<Group>({
        id: 'members',
        header: t('adminPortal.groups.columns.members'),
        count: (g) => g.users?.length ?? 0,
        text: (count) => t('adminPortal.groups.memberCount', { count }),
        marker: 'data-member-count',
      }),
      {
        id: 'roles',
        accessorFn: (g) => (g.roles ?? []).map((r) => r.name).join(', '),
        header: t('adminPortal.groups.columns.roles'),
        enableSorting: false,
        cell: ({ row: { original: group } }) =>
          group.roles?.length ? (
            <span data-group-roles>
              {group.roles.map((r) => (
                <Badge key={r.id}>{r.name}</Badge>
              ))}
            </span>
          ) : (
            <span css={secondaryText}>{t('adminPortal.groups.noRoles')}</span>
          ),
      },
      actionsColumn(t('adminPortal.form.actions'), (group: Group): RowAction[] => {
        const writable = !isDirectoryManaged(group);
        return [
          {
            key: 'details',
            label: t('adminPortal.groups.manage'),
            ariaLabel: t('adminPortal.groups.manageOf', { name: group.name }),
            onSelect: () => setOpen({ kind: 'details', item: group }),
          },
          ...writeActions(group, {
            edit: canWrite && writable && t('adminPortal.groups.editGroup', { name: group.name }),
            delete: canDelete && writable && t('adminPortal.groups.deleteGroup', { name: group.name }),
          }),
        ];
      }),
    ],
    [t, canWrite, canDelete, setOpen, writeActions],
  );

  return (
    <ResourcePage
      resource="groups"
      list={list}
      state={state}
      onRetry={reload}
      columns={columns}
      canWrite={canWrite}
      notices={
        <>
          {configuration && !configuration.enabled && (
            <Alert severity="warning">{t('adminPortal.groups.groupsOff')}</Alert>
          )}
          {configuration?.enabled && !configuration.rolesEnabled && (
            <Alert severity="info">{t('adminPortal.groups.rolesOff')}</Alert>
          )}
        </>
      }
    >
      {configurationLoad.state.status === 'failed' && (
        <LoadError error={configurationLoad.state.error} onRetry={configurationLoad.reload} />
      )}
      {configuration && (
        <GroupSettings configuration={configuration} editable={canWrite} onSaved={setConfiguration} />
      )}
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <GroupFormDialog
          group={open.kind === 'edit' ? open.item : null}
          onClose={close}
          onSubmit={submitGroup}
        />
      )}
      {open?.kind === 'details' && (
        <GroupDetailsDialog
          group={open.item}
          roles={roles}
          editable={canWrite && !isDirectoryManaged(open.item)}
          onClose={close}
          onChange={replace}
        />
      )}
    </ResourcePage>
  );
}
