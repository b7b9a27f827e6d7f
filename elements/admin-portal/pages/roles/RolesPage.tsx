import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { runOperation } from '../../../../shared/api/operation';
import { isBuiltInRole, rolesApi, type Role, type RoleInput } from '../../../../shared/api/roles';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, Button, ConfirmDialog, useToast } from '../../../../shared/ui';
import { DataTable, type ColumnDef } from '../../../../shared/ui/DataTable';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { Badge, PageHeader, RowActions } from './Badge';
import { PermissionsDialog } from './PermissionsDialog';
import { RoleFormDialog } from './RoleFormDialog';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; role: Role }
  | { kind: 'permissions'; role: Role }
  | { kind: 'delete'; role: Role }
  | null;

/** A failed delete stays on the page; completed actions are toasts. */
type Notice = { severity: 'error'; text: string } | null;

/**
 * The roles of the account (ROLES-001..006): built-in roles and the tenant's own, with their permissions.
 * Writers create, edit and delete the tenant's roles and set their permissions; built-in roles are read-only.
 */
export default function RolesPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite, delete: canDelete } = pageAccess('roles', granted);
  const { state, reload } = useAccountData(() => rolesApi.getRoles());
  const [roles, setRoles] = useState<Role[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();

  useEffect(() => setRoles(state.status === 'ready' ? (state.data ?? []) : []), [state]);

  const replace = (role: Role) => setRoles((list) => list.map((r) => (r.id === role.id ? role : r)));
  const close = () => setOpen(null);

  const submitRole = async (input: RoleInput) => {
    const current = open?.kind === 'edit' ? open.role : null;
    const saved = current ? await rolesApi.updateRole(current.id, input) : await rolesApi.addRole(input);
    const role: Role = { ...current, ...saved };
    if (current) replace(role);
    else setRoles((list) => [...list, role]);
    toast({
      text: t(current ? 'adminPortal.roles.updated' : 'adminPortal.roles.created', { name: role.name }),
    });
    close();
  };

  const savePermissions = async (role: Role, permissionIds: string[]) => {
    const saved = await rolesApi.setRolePermissions(role.id, permissionIds);
    replace({ ...role, ...saved, permissions: saved?.permissions ?? permissionIds });
    toast({ text: t('adminPortal.roles.permissionsSaved', { name: role.name }) });
    close();
  };

  // The dialog stays (busy) until the call ends, then closes; a failure shows on the page (API-018/019).
  const confirmDelete = async (role: Role) => {
    await runOperation(
      {
        setLoading: (busy) => {
          setDeleting(busy);
          if (!busy) close();
        },
        setError: (text) => setNotice(text === null ? null : { severity: 'error', text }),
      },
      async () => {
        await rolesApi.deleteRole(role.id);
        setRoles((list) => list.filter((r) => r.id !== role.id));
        toast({ text: t('adminPortal.roles.deleted', { name: role.name }) });
      },
      t('common.genericError'),
    );
  };

  const columns = useMemo<ColumnDef<Role, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (r) => r.name,
        header: t('adminPortal.roles.columns.name'),
        cell: ({ row: { original: role } }) => (
          <span>
            <span css={{ fontWeight: 600 }}>{role.name}</span>
            {role.tenantId === null && (
              <Badge title={t('adminPortal.roles.builtInHint')}>{t('adminPortal.roles.builtIn')}</Badge>
            )}
            {role.isDefault && <Badge>{t('adminPortal.roles.isDefault')}</Badge>}
          </span>
        ),
      },
      {
        id: 'key',
        accessorFn: (r) => r.key,
        header: t('adminPortal.roles.columns.key'),
        cell: ({ getValue }) => <code css={{ fontSize: '0.9em' }}>{String(getValue() ?? '')}</code>,
      },
      {
        id: 'description',
        accessorFn: (r) => r.description ?? '',
        header: t('adminPortal.roles.columns.description'),
        enableSorting: false,
        cell: ({ getValue }) => (
          <span css={{ color: 'var(--fe-color-text-secondary)' }}>{String(getValue() ?? '')}</span>
        ),
      },
      {
        id: 'permissions',
        accessorFn: (r) => r.permissions?.length ?? 0,
        header: t('adminPortal.roles.columns.permissions'),
        cell: ({ getValue }) => (
          <span data-permission-count css={{ whiteSpace: 'nowrap' }}>
            {t('adminPortal.roles.permissionCount', { count: Number(getValue() ?? 0) })}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => (
          <span css={{ display: 'block', textAlign: 'end' }}>{t('adminPortal.form.actions')}</span>
        ),
        enableSorting: false,
        cell: ({ row: { original: role } }) => {
          const locked = isBuiltInRole(role);
          return (
            <RowActions>
              <Button
                variant="text"
                data-action="permissions"
                aria-label={t('adminPortal.roles.viewPermissionsOf', { name: role.name })}
                onClick={() => setOpen({ kind: 'permissions', role })}
              >
                {t('adminPortal.roles.viewPermissions')}
              </Button>
              {canWrite && !locked && (
                <Button
                  variant="text"
                  data-action="edit"
                  aria-label={t('adminPortal.roles.editRole', { name: role.name })}
                  onClick={() => setOpen({ kind: 'edit', role })}
                >
                  {t('adminPortal.form.edit')}
                </Button>
              )}
              {canDelete && !locked && (
                <Button
                  variant="text"
                  data-action="delete"
                  aria-label={t('adminPortal.roles.deleteRole', { name: role.name })}
                  onClick={() => setOpen({ kind: 'delete', role })}
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
    <section aria-labelledby="fe-page-title" data-page="roles">
      <PageHeader
        title={t('adminPortal.roles.title')}
        intro={t('adminPortal.roles.intro')}
        action={
          canWrite && (
            <Button data-action="create" onClick={() => setOpen({ kind: 'create' })}>
              {t('adminPortal.roles.create')}
            </Button>
          )
        }
      />
      <div css={{ display: 'grid', gap: 'calc(var(--fe-spacing) * 2)' }}>
        {!canWrite && <Alert severity="info">{t('adminPortal.roles.readOnlyNotice')}</Alert>}
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
        {state.status === 'failed' && (
          <Alert severity="error" action={{ label: t('adminPortal.form.retry'), onClick: reload }}>
            {t('adminPortal.form.loadFailed', { error: state.error })}
          </Alert>
        )}
        {state.status !== 'failed' && (
          <DataTable
            label={t('adminPortal.roles.tableLabel')}
            columns={columns}
            data={roles}
            getRowId={(r) => r.id}
            emptyMessage={t('adminPortal.roles.empty')}
            loading={state.status === 'loading'}
          />
        )}
      </div>
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <RoleFormDialog
          role={open.kind === 'edit' ? open.role : null}
          onClose={close}
          onSubmit={submitRole}
        />
      )}
      {open?.kind === 'permissions' && (
        <PermissionsDialog
          role={open.role}
          editable={canWrite && !isBuiltInRole(open.role)}
          onClose={close}
          onSave={(ids) => savePermissions(open.role, ids)}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('adminPortal.roles.deleteTitle')}
        confirmLabel={t('adminPortal.form.delete')}
        busy={deleting}
        onClose={close}
        onConfirm={() => open?.kind === 'delete' && void confirmDelete(open.role)}
      >
        {open?.kind === 'delete' && t('adminPortal.roles.deleteBody', { name: open.role.name })}
      </ConfirmDialog>
    </section>
  );
}
