import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { isBuiltInRole, rolesApi, type Role, type RoleInput } from '../../../../shared/api/roles';
import { useAccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { useToast } from '../../../../shared/ui';
import type { ColumnDef } from '../../../../shared/ui/DataTable';
import { Badge } from '../../kit/Badge';
import { countColumn, descriptionColumn } from '../../kit/columns';
import { ResourcePage } from '../../kit/ResourcePage';
import { actionsColumn, type RowAction } from '../../kit/RowActions';
import { useResourceList } from '../../kit/useResourceList';
import { pageAccess } from '../controls';
import { permissionKeysAtom } from '../../portal.atoms';
import { PermissionsDialog } from './PermissionsDialog';
import { RoleFormDialog } from './RoleFormDialog';

/**
 * The roles of the account (ROLES-001..006): built-in roles and the tenant's own, with their permissions.
 * Writers create, edit and delete the tenant's roles and set their permissions; built-in roles are read-only.
 */
export default function RolesPage() {
  const { t } = useT();
  const granted = useAtomValue(permissionKeysAtom);
  const { write: canWrite, delete: canDelete } = pageAccess('roles', granted);
  const { state, reload } = useAccountData(() => rolesApi.getRoles());
  const toast = useToast();
  const list = useResourceList<Role, 'permissions'>(state.status === 'ready' ? state.data : null, {
    remove: (role) => rolesApi.deleteRole(role.id),
    deletedText: (role) => t('adminPortal.roles.deleted', { name: role.name }),
  });
  const { open, setOpen, close, replace, writeActions } = list;

  const submitRole = async (input: RoleInput) => {
    const current = open?.kind === 'edit' ? open.item : null;
    const saved = current ? await rolesApi.updateRole(current.id, input) : await rolesApi.addRole(input);
    const role: Role = { ...current, ...saved };
    if (current) replace(role);
    else list.add(role);
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
      descriptionColumn<Role>(t('adminPortal.roles.columns.description')),
      countColumn<Role>({
        id: 'permissions',
        header: t('adminPortal.roles.columns.permissions'),
        count: (r) => r.permissions?.length ?? 0,
        text: (count) => t('adminPortal.roles.permissionCount', { count }),
        marker: 'data-permission-count',
      }),
      actionsColumn(t('adminPortal.form.actions'), (role: Role): RowAction[] => {
        const locked = isBuiltInRole(role);
        return [
          {
            key: 'permissions',
            label: t('adminPortal.roles.viewPermissions'),
            ariaLabel: t('adminPortal.roles.viewPermissionsOf', { name: role.name }),
            onSelect: () => setOpen({ kind: 'permissions', item: role }),
          },
          ...writeActions(role, {
            edit: canWrite && !locked && t('adminPortal.roles.editRole', { name: role.name }),
            delete: canDelete && !locked && t('adminPortal.roles.deleteRole', { name: role.name }),
          }),
        ];
      }),
    ],
    [t, canWrite, canDelete, setOpen, writeActions],
  );

  return (
    <ResourcePage
      resource="roles"
      list={list}
      state={state}
      onRetry={reload}
      columns={columns}
      canWrite={canWrite}
    >
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <RoleFormDialog
          role={open.kind === 'edit' ? open.item : null}
          onClose={close}
          onSubmit={submitRole}
        />
      )}
      {open?.kind === 'permissions' && (
        <PermissionsDialog
          role={open.item}
          editable={canWrite && !isBuiltInRole(open.item)}
          onClose={close}
          onSave={(ids) => savePermissions(open.item, ids)}
        />
      )}
    </ResourcePage>
  );
}
