// Contract script of the roles family: every call, the refusals the preview must share with the server.
import { rolesContracts as c } from '../../../shared/api/contracts/roles';
import type { Script } from '../contract';

const builtIn = (s: Record<string, { id: string; tenantId?: string | null }[]>) =>
  s.roles!.find((r) => !r.tenantId)!.id;

export const rolesScript: Script = {
  family: 'roles',
  steps: [
    { name: 'list roles', call: c.getRoles, save: 'roles' },
    { name: 'list permissions', call: c.getPermissions, save: 'permissions' },
    { name: 'list categories', call: c.getPermissionCategories },
    { name: 'a role without a name is refused', call: c.addRole, body: { key: 'x' }, expect: 400 },
    {
      name: 'a tenant role cannot be a default role',
      call: c.addRole,
      body: { name: 'Contract', isDefault: true },
      expect: 400,
    },
    {
      name: 'add a role',
      call: c.addRole,
      body: { name: 'Contract role', key: 'contract-role' },
      save: 'role',
    },
    {
      name: 'the same key again is a conflict',
      call: c.addRole,
      body: { name: 'Again', key: 'contract-role' },
      expect: 409,
    },
    { name: 'add a role (v2)', call: c.addRoleV2, body: { name: 'Contract role 2', key: 'contract-role-2' } },
    {
      name: 'rename it',
      call: c.updateRole,
      params: (s) => ({ roleId: s.role.id }),
      body: { name: 'Contract role renamed' },
    },
    {
      name: 'a built-in role cannot be changed',
      call: c.updateRole,
      params: (s) => ({ roleId: builtIn(s) }),
      body: { name: 'Nope' },
      expect: 403,
    },
    {
      name: 'an unknown role is not found',
      call: c.updateRole,
      params: { roleId: 'no-such-role' },
      body: { name: 'Nope' },
      expect: 404,
    },
    {
      name: 'set its permissions',
      call: c.attachPermissionsToRole,
      params: (s) => ({ roleId: s.role.id }),
      body: (s) => ({ permissionIds: [s.permissions[0].id] }),
    },
    {
      name: 'an unknown permission is not found',
      call: c.attachPermissionsToRole,
      params: (s) => ({ roleId: s.role.id }),
      body: { permissionIds: ['no-such-permission'] },
      expect: 404,
    },
    {
      name: 'put a permission on exactly the listed roles',
      call: c.attachPermissionToRoles,
      params: (s) => ({ permissionId: s.permissions[0].id }),
      body: (s) => ({
        roleIds: [
          s.role.id,
          ...s.roles
            .filter((r: { permissions: string[] }) => r.permissions.includes(s.permissions[0].id))
            .map((r: { id: string }) => r.id),
        ],
      }),
    },
    { name: 'delete it', call: c.deleteRole, params: (s) => ({ roleId: s.role.id }) },
    { name: 'deleted: not found', call: c.deleteRole, params: (s) => ({ roleId: s.role.id }), expect: 404 },
    {
      name: 'a built-in role cannot be deleted',
      call: c.deleteRole,
      params: (s) => ({ roleId: builtIn(s) }),
      expect: 403,
    },
  ],
};
