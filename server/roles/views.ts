// Roles and permissions as the API answers them (ROLES-001, ROLES-002). Every answer that carries a role (the
// roles page, the team page, groups, the signed-in user) builds it here.
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { permission as permissionSchema, role as roleSchema } from '../../shared/api/contracts/roles';
import type { Db } from '../db';
import { permissions, rolePermissions } from '../db/schema';
import type { RoleRow } from './visibility';

export type RoleView = z.infer<typeof roleSchema>;
/** A permission with the ids of the roles (among those the answer concerns) that hold it. */
export type PermissionView = z.infer<typeof permissionSchema> & { roleIds: string[] };
type PermissionRow = typeof permissions.$inferSelect;

/** The permission ids of each of the given roles. */
async function permissionIdsOf(db: Db, roleIds: string[]): Promise<Map<string, string[]>> {
  const byRole = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return byRole;
  const links = await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds));
  for (const link of links) byRole.get(link.roleId)?.push(link.permissionId);
  return byRole;
}

/** The views of the given roles, in the order given: their permissions as permission ids. */
export async function roleViews(db: Db, rows: RoleRow[]): Promise<RoleView[]> {
  const byRole = await permissionIdsOf(db, [...new Set(rows.map((r) => r.id))]);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.isDefault,
    permissions: byRole.get(r.id) ?? [],
    tenantId: r.tenantId,
    vendorId: r.vendorId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Role links (a role with what holds it: a group, a user in a tenant), each role as its view. */
export async function withRoleViews<T extends { role: RoleRow }>(
  db: Db,
  links: T[],
): Promise<(Omit<T, 'role'> & { role: RoleView })[]> {
  const views = await roleViews(
    db,
    links.map((l) => l.role),
  );
  return links.map((link, i) => ({ ...link, role: views[i]! }));
}

/** A permission, with the ids of the roles holding it. */
export const permissionView = (p: PermissionRow, roleIds: string[]): PermissionView => ({
  id: p.id,
  key: p.key,
  name: p.name,
  description: p.description,
  categoryId: p.categoryId,
  fePermission: p.fePermission,
  roleIds,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/**
 * The permissions the given roles hold, by key, each with the ids of those roles holding it. `rows` are the
 * permission rows to answer (all of the roles', or a subset such as what the server enforces).
 */
export const permissionsHeldBy = (rows: PermissionRow[], heldBy: RoleView[]): PermissionView[] =>
  rows
    .map((p) =>
      permissionView(
        p,
        heldBy.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
      ),
    )
    .sort((a, b) => a.key.localeCompare(b.key));
