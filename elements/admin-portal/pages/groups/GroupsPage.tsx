import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { runOperation } from '../../../../shared/api/operation';
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
import { Alert, Button, ConfirmDialog, useToast } from '../../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { Badge, PageHeader, RowActions } from '../roles/Badge';
import { GroupDetailsDialog } from './GroupDetailsDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupSettings } from './GroupSettings';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; group: Group }
  | { kind: 'details'; group: Group }
  | { kind: 'delete'; group: Group }
  | null;

/** A failed delete stays on the page; completed actions are toasts. */
type Notice = { severity: 'error'; text: string } | null;

/** Only a hex colour reaches the page's styles: anything else the server sends shows no colour. */
const safeColor = (color: string | null | undefined): string | undefined =>
  color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : undefined;

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
  const [groups, setGroups] = useState<Group[]>([]);
  // The roles relation: empty unless the groups loaded (GROUPS-014).
  const [roles, setRoles] = useState<Role[]>([]);
  const [configuration, setConfiguration] = useState<GroupConfiguration | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setGroups(state.status === 'ready' ? state.data.groups : []);
    setRoles(state.status === 'ready' ? state.data.roles : []);
  }, [state]);
  useEffect(
    () => setConfiguration(configurationLoad.state.status === 'ready' ? configurationLoad.state.data : null),
    [configurationLoad.state],
  );

  const replace = (group: Group) =>
    setGroups((list) => list.map((g) => (g.id === group.id ? { ...g, ...group } : g)));
  const close = () => setOpen(null);

  const submitGroup = async (input: GroupInput) => {
    const current = open?.kind === 'edit' ? open.group : null;
    if (current) {
      const saved = await groupsApi.updateGroup({ groupId: current.id, ...input });
      replace({ ...current, ...input, ...saved });
    } else {
      const saved = await groupsApi.createGroup(input);
      setGroups((list) => [...list, { users: [], roles: [], ...input, ...saved }]);
    }
    toast({
      text: t(current ? 'adminPortal.groups.updated' : 'adminPortal.groups.created', { name: input.name }),
    });
    close();
  };

  // The dialog stays (busy) until the call ends, then closes; a failure shows on the page (API-018/019).
  const confirmDelete = async (group: Group) => {
    await runOperation(
      {
        setLoading: (busy) => {
          setDeleting(busy);
          if (!busy) close();
        },
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      async () => {
        await groupsApi.deleteGroup(group.id);
        setGroups((list) => list.filter((g) => g.id !== group.id));
        toast({ text: t('adminPortal.groups.deleted', { name: group.name }) });
      },
      t('common.genericError'),
    );
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
            <span css={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
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
      {
        id: 'description',
        accessorFn: (g) => g.description ?? '',
        header: t('adminPortal.groups.columns.description'),
        enableSorting: false,
        cell: ({ getValue }) => (
          <span css={{ color: 'var(--fe-color-text-secondary)' }}>{String(getValue() ?? '')}</span>
        ),
      },
      {
        id: 'members',
        accessorFn: (g) => g.users?.length ?? 0,
        header: t('adminPortal.groups.columns.members'),
        cell: ({ getValue }) => (
          <span data-member-count css={{ whiteSpace: 'nowrap' }}>
            {t('adminPortal.groups.memberCount', { count: Number(getValue() ?? 0) })}
          </span>
        ),
      },
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
            <span css={{ color: 'var(--fe-color-text-secondary)' }}>{t('adminPortal.groups.noRoles')}</span>
          ),
      },
      {
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>{t('adminPortal.form.actions')}</span>
        ),
        enableSorting: false,
        cell: ({ row: { original: group } }) => {
          const writable = !isDirectoryManaged(group);
          return (
            <RowActions>
              <Button
                variant="text"
                data-action="details"
                aria-label={t('adminPortal.groups.manageOf', { name: group.name })}
                onClick={() => setOpen({ kind: 'details', group })}
              >
                {t('adminPortal.groups.manage')}
              </Button>
              {canWrite && writable && (
                <Button
                  variant="text"
                  data-action="edit"
                  aria-label={t('adminPortal.groups.editGroup', { name: group.name })}
                  onClick={() => setOpen({ kind: 'edit', group })}
                >
                  {t('adminPortal.form.edit')}
                </Button>
              )}
              {canDelete && writable && (
                <Button
                  variant="text"
                  data-action="delete"
                  aria-label={t('adminPortal.groups.deleteGroup', { name: group.name })}
                  onClick={() => setOpen({ kind: 'delete', group })}
                >
                  {t('adminPortal.form.delete')}
                </Button>
              )}
            </RowActions>
          );
        },
      },
    ],
    [t, canWrite, canDelete],
  );

  return (
    <section aria-labelledby="fe-page-title" data-page="groups">
      <PageHeader
        title={t('adminPortal.groups.title')}
        intro={t('adminPortal.groups.intro')}
        action={
          canWrite && (
            <Button data-action="create" onClick={() => setOpen({ kind: 'create' })}>
              {t('adminPortal.groups.create')}
            </Button>
          )
        }
      />
      <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
        {!canWrite && <Alert severity="info">{t('adminPortal.groups.readOnlyNotice')}</Alert>}
        {configuration && !configuration.enabled && (
          <Alert severity="warning">{t('adminPortal.groups.groupsOff')}</Alert>
        )}
        {configuration?.enabled && !configuration.rolesEnabled && (
          <Alert severity="info">{t('adminPortal.groups.rolesOff')}</Alert>
        )}
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
        {state.status === 'failed' && (
          <Alert severity="error" action={{ label: t('adminPortal.form.retry'), onClick: reload }}>
            {t('adminPortal.form.loadFailed', { error: state.error })}
          </Alert>
        )}
        {state.status !== 'failed' && (
          <DataTable
            label={t('adminPortal.groups.tableLabel')}
            columns={columns}
            data={groups}
            getRowId={(g) => g.id}
            emptyMessage={t('adminPortal.groups.empty')}
            loading={state.status === 'loading'}
          />
        )}
        {configurationLoad.state.status === 'failed' && (
          <Alert
            severity="error"
            action={{ label: t('adminPortal.form.retry'), onClick: configurationLoad.reload }}
          >
            {t('adminPortal.form.loadFailed', { error: configurationLoad.state.error })}
          </Alert>
        )}
        {configuration && (
          <GroupSettings configuration={configuration} editable={canWrite} onSaved={setConfiguration} />
        )}
      </div>
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <GroupFormDialog
          group={open.kind === 'edit' ? open.group : null}
          onClose={close}
          onSubmit={submitGroup}
        />
      )}
      {open?.kind === 'details' && (
        <GroupDetailsDialog
          group={open.group}
          roles={roles}
          editable={canWrite && !isDirectoryManaged(open.group)}
          onClose={close}
          onChange={replace}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('adminPortal.groups.deleteTitle')}
        confirmLabel={t('adminPortal.form.delete')}
        busy={deleting}
        onClose={close}
        onConfirm={() => open?.kind === 'delete' && void confirmDelete(open.group)}
      >
        {open?.kind === 'delete' && t('adminPortal.groups.deleteBody', { name: open.group.name })}
      </ConfirmDialog>
    </section>
  );
}
