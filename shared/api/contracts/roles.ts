// Roles, permissions and permission categories (ROLES-001..006), on the `roles` group of the paths table.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';

/** Role assignability modes (ENUM-033). */
export const assignmentType = z.enum(['NEVER', 'ALWAYS', 'ASSIGNABLE']);

/** A role as the roles calls answer it (ROLES-001); `permissions` are permission ids. */
export const role = z.object({
  id,
  key: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  /** Marks a built-in role (ROLES-004). */
  isDefault: z.boolean(),
  permissions: z.array(z.string()),
  /** `null` for the vendor's built-in roles, which a tenant cannot change. */
  tenantId: z.string().nullable().optional(),
  vendorId: z.string(),
  level: z.number().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** A permission (ROLES-002); `roleIds` are the roles (that the tenant sees) holding it. */
export const permission = z.object({
  id,
  key: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  categoryId: z.string().nullable(),
  fePermission: z.boolean(),
  assignmentType: assignmentType.optional(),
  roleIds: z.array(z.string()).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** A permission category (ROLES-003). */
export const permissionCategory = z.object({
  id,
  name: z.string(),
  description: z.string(),
  feCategory: z.boolean(),
  permissionIds: z.array(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
});

const roleKey = z.string().trim().min(1, 'key must not be empty').max(100);
const roleName = z.string().trim().min(1, 'name must not be empty').max(100);
const ids = z.array(z.string().min(1).max(100)).max(500);

/** The fields a tenant sets on its own role. */
export const roleInput = z.object({
  name: roleName,
  key: roleKey.optional(),
  description: z.string().trim().max(1000).optional(),
  // isDefault marks the vendor's built-in roles (ROLES-004); a tenant's own role is never one.
  isDefault: z.literal(false, { error: 'A tenant role cannot be a default role' }).optional(),
  level: z.number().int().min(0).max(1000).optional(),
  permissionIds: ids.optional(),
});

const roleIdParam = z.object({ roleId: id });

export const rolesContracts = {
  getRoles: contract({ route: paths.roles.getRoles, response: z.array(role) }),
  addRole: contract({ route: paths.roles.addRole, body: roleInput, response: role, status: 201 }),
  addRoleV2: contract({
    route: paths.roles.addRoleV2,
    body: roleInput.extend({ baseRoleId: id.optional() }),
    response: role,
    status: 201,
  }),
  updateRole: contract({
    route: paths.roles.updateRole,
    params: roleIdParam,
    body: roleInput.partial(),
    response: role,
  }),
  deleteRole: contract({ route: paths.roles.deleteRole, params: roleIdParam, response: empty }),
  attachPermissionsToRole: contract({
    route: paths.roles.attachPermissionsToRole,
    params: roleIdParam,
    body: z.object({ permissionIds: ids }),
    response: role,
  }),
  attachPermissionToRoles: contract({
    route: paths.roles.attachPermissionToRoles,
    params: z.object({ permissionId: id }),
    body: z.object({ roleIds: ids }),
    response: permission,
  }),
  getPermissions: contract({ route: paths.roles.getPermissions, response: z.array(permission) }),
  getPermissionCategories: contract({
    route: paths.roles.getPermissionCategories,
    response: z.array(permissionCategory),
  }),
} as const;
