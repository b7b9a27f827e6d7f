import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { rolesContracts as c } from './contracts/roles';
import { paths } from './paths';

/** A role as GET roles answers it (ROLES-001); `permissions` are permission ids. */
export type Role = AnswerOf<typeof c.getRoles>[number];
/** A permission (ROLES-002); `roleIds` are the roles holding it. */
export type Permission = AnswerOf<typeof c.getPermissions>[number];
/** A permission category (ROLES-003). */
export type PermissionCategory = AnswerOf<typeof c.getPermissionCategories>[number];
/** The fields a tenant sets on its own role. */
export type RoleInput = BodyOf<typeof c.addRole>;

/** A role a tenant cannot edit or delete: the vendor's (no tenant) or one marked built in (ROLES-004). */
export const isBuiltInRole = (role: Pick<Role, 'tenantId' | 'isDefault'>): boolean =>
  role.tenantId === null || role.tenantId === undefined || role.isDefault;

/** The calls of the roles page, bound to a client. */
export function createRolesApi(client: ApiClient) {
  return {
    /** GET roles v1: the built-in roles and the tenant's own. */
    getRoles(): Promise<Role[]> {
      return client.request<Role[]>(paths.roles.getRoles);
    },
    /** POST roles v1. */
    addRole(input: RoleInput): Promise<Role> {
      return client.request<Role>(paths.roles.addRole, { body: input });
    },
    /** PATCH roles v1 {roleId}. */
    updateRole(roleId: string, input: Partial<RoleInput>): Promise<Role> {
      return client.request<Role>(paths.roles.updateRole, { params: { roleId }, body: input });
    },
    /** DELETE roles v1 {roleId}. */
    deleteRole(roleId: string): Promise<void> {
      return client.request<void>(paths.roles.deleteRole, { params: { roleId } });
    },
    /** PUT roles v1 {roleId}/permissions: the role ends up with exactly these permissions. */
    setRolePermissions(roleId: string, permissionIds: string[]): Promise<Role> {
      return client.request<Role>(paths.roles.attachPermissionsToRole, {
        params: { roleId },
        body: { permissionIds },
      });
    },
    /** GET permissions v1. */
    getPermissions(): Promise<Permission[]> {
      return client.request<Permission[]>(paths.roles.getPermissions);
    },
    /** GET permissions v1 categories. */
    getPermissionCategories(): Promise<PermissionCategory[]> {
      return client.request<PermissionCategory[]>(paths.roles.getPermissionCategories);
    },
  };
}

export type RolesApi = ReturnType<typeof createRolesApi>;

export const rolesApi: RolesApi = createRolesApi(adminPortalApi);

/** A category with its permissions, in the order the server lists them. */
export interface PermissionGroup {
  category: Pick<PermissionCategory, 'id' | 'name'> & { description?: string };
  permissions: Permission[];
}

/**
 * Permissions grouped by category (ROLES-003): a permission belongs to its `categoryId`'s category, or to
 * the category whose `permissionIds` name it; the rest go to `other` (empty categories are dropped).
 */
export function groupPermissions(
  categories: readonly PermissionCategory[],
  permissions: readonly Permission[],
  other: PermissionGroup['category'],
): PermissionGroup[] {
  const byCategory = new Map<string, Permission[]>(categories.map((c) => [c.id, []]));
  const leftover: Permission[] = [];
  for (const permission of permissions) {
    const categoryId =
      permission.categoryId && byCategory.has(permission.categoryId)
        ? permission.categoryId
        : categories.find((c) => c.permissionIds?.includes(permission.id))?.id;
    if (categoryId) byCategory.get(categoryId)!.push(permission);
    else leftover.push(permission);
  }
  const groups = categories
    .map((category) => ({ category, permissions: byCategory.get(category.id) ?? [] }))
    .filter((g) => g.permissions.length > 0);
  return leftover.length ? [...groups, { category: other, permissions: leftover }] : groups;
}
