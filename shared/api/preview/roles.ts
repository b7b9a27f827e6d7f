// Roles and permissions (ROLES-001..006), answering and refusing as server/routes/roles.ts does: bodies parse
// with the contract, a built-in role (no tenant) is 403 to a change, an unknown id 404, a taken key 409.
import type { AnswerOf } from '../contracts/contract';
import { rolesContracts as c } from '../contracts/roles';
import { paths } from '../paths';
import {
  fail,
  find,
  iso,
  newId,
  on,
  parseWith,
  type PreviewRequest,
  type PreviewRoute,
  remove,
} from './common';
import type { Role } from './sampleData';
import { buildRole } from './sampleData';
import { permissionView, scopedTenant } from './views';

type Answer<K extends keyof typeof c> = AnswerOf<(typeof c)[K]>;

const BUILT_IN = 'Built-in roles cannot be changed or deleted';

/** The roles the signed-in tenant may use: the vendor's (built in) and its own. */
const visibleRoles = (req: PreviewRequest) => {
  const tenantId = scopedTenant(req);
  return req.state.roles.filter((r) => r.tenantId === null || r.tenantId === tenantId);
};

/** The tenant's own role; a built-in one is 403, anything else 404. */
function ownRole(req: PreviewRequest): Role {
  const role = find(visibleRoles(req), (r) => r.id === req.params.roleId, 'Role');
  if (role.tenantId === null) throw fail(403, BUILT_IN);
  return role;
}

/** Every id must name a permission. */
function knownPermissions(req: PreviewRequest, ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  for (const id of unique) find(req.state.permissions, (p) => p.id === id, 'Permission');
  return unique;
}

function assertKeyFree(req: PreviewRequest, key: string, exceptId?: string) {
  const clash = visibleRoles(req).some((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== exceptId);
  if (clash) throw fail(409, `A role with key ${key} already exists`);
}

function addRole(req: PreviewRequest): Answer<'addRole'> {
  const { state, now } = req;
  const body = parseWith(c.addRole.body, req.body);
  const key = body.key ?? body.name;
  assertKeyFree(req, key);
  const permissions = knownPermissions(req, body.permissionIds ?? []);
  const role = buildRole({
    id: newId('role'),
    key,
    name: body.name,
    description: body.description ?? '',
    isDefault: false,
    level: body.level ?? 1,
    permissions,
    tenantId: scopedTenant(req),
    createdAt: iso(now),
    updatedAt: iso(now),
  });
  state.roles.push(role);
  return role;
}

function updateRole(req: PreviewRequest): Answer<'updateRole'> {
  const role = ownRole(req);
  const body = parseWith(c.updateRole.body, req.body);
  if (body.key !== undefined) assertKeyFree(req, body.key, role.id);
  const permissions = body.permissionIds ? knownPermissions(req, body.permissionIds) : role.permissions;
  if (body.key !== undefined) role.key = body.key;
  if (body.name !== undefined) role.name = body.name;
  if (body.description !== undefined) role.description = body.description;
  if (body.level !== undefined) role.level = body.level;
  role.permissions = permissions;
  role.updatedAt = iso(req.now);
  return role;
}

function deleteRole(req: PreviewRequest): Answer<'deleteRole'> {
  const { state } = req;
  const role = ownRole(req);
  remove(state.roles, (r) => r.id === role.id, 'Role');
  const drop = (ids: string[]) => ids.filter((id) => id !== role.id);
  for (const user of state.users) user.roleIds = drop(user.roleIds);
  for (const group of state.groups) group.roleIds = drop(group.roleIds);
  for (const token of state.tenantApiTokens) if (token.roleIds) token.roleIds = drop(token.roleIds);
  return {};
}

function setRolePermissions(req: PreviewRequest): Answer<'attachPermissionsToRole'> {
  const role = ownRole(req);
  const { permissionIds } = parseWith(c.attachPermissionsToRole.body, req.body);
  role.permissions = knownPermissions(req, permissionIds);
  role.updatedAt = iso(req.now);
  return role;
}

/** The permission ends up on exactly the listed roles; built-in roles must keep their state. */
function setPermissionRoles(req: PreviewRequest): Answer<'attachPermissionToRoles'> {
  const permission = find(req.state.permissions, (p) => p.id === req.params.permissionId, 'Permission');
  const { roleIds } = parseWith(c.attachPermissionToRoles.body, req.body);
  const visible = visibleRoles(req);
  for (const id of roleIds) find(visible, (r) => r.id === id, 'Role');
  const changed = visible.filter((r) => roleIds.includes(r.id) !== r.permissions.includes(permission.id));
  if (changed.some((r) => r.tenantId === null)) throw fail(403, BUILT_IN);
  for (const role of changed) {
    role.permissions = role.permissions.includes(permission.id)
      ? role.permissions.filter((id) => id !== permission.id)
      : [...role.permissions, permission.id];
    role.updatedAt = iso(req.now);
  }
  return permissionView(req.state, permission);
}

export const rolesHandlers: PreviewRoute[] = [
  on(paths.roles.getRoles, (req): Answer<'getRoles'> => visibleRoles(req)),
  on(paths.roles.addRole, addRole),
  on(paths.roles.addRoleV2, addRole),
  on(paths.roles.updateRole, updateRole),
  on(paths.roles.deleteRole, deleteRole),
  on(paths.roles.attachPermissionsToRole, setRolePermissions),
  on(paths.roles.attachPermissionToRoles, setPermissionRoles),
  on(paths.roles.getPermissions, ({ state }): Answer<'getPermissions'> =>
    state.permissions.map((p) => permissionView(state, p)),
  ),
  on(paths.roles.getPermissionCategories, ({ state }): Answer<'getPermissionCategories'> =>
    state.permissionCategories.map((category) => ({
      ...category,
      permissionIds: state.permissions.filter((p) => p.categoryId === category.id).map((p) => p.id),
      updatedAt: category.createdAt,
    })),
  ),
];
