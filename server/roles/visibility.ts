// Which roles a tenant may see and hand out: the vendor's built-in roles (tenantId null) and the tenant's own.
// Every route that names a role by id goes through here, so a role of another tenant answers the same
// everywhere: 404 "Role not found", never revealed.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { apiError } from '../context';
import type { Db } from '../db';
import { roles } from '../db/schema';

export type RoleRow = typeof roles.$inferSelect;

/** The roles a tenant may use: the vendor's (built in) and its own. */
export const visibleRoles = (vendorId: string, tenantId: string) =>
  and(eq(roles.vendorId, vendorId), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)));

/** Looks every id up among the roles the tenant may use; one unknown (or another tenant's) id is a 404. */
export async function findVisibleRoles(
  db: Db,
  vendorId: string,
  tenantId: string,
  ids: string[],
): Promise<RoleRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select()
    .from(roles)
    .where(and(inArray(roles.id, unique), visibleRoles(vendorId, tenantId)));
  if (rows.length !== unique.length) throw apiError(404, 'Role not found');
  return rows;
}

/**
 * A role the tenant may change or delete: its own. A built-in role is a 403 (the caller can see it); any
 * other id, another tenant's role included, a 404.
 */
export async function findOwnRole(db: Db, vendorId: string, tenantId: string, id: string): Promise<RoleRow> {
  const [row] = await findVisibleRoles(db, vendorId, tenantId, [id]);
  if (row!.tenantId === null) throw apiError(403, 'Built-in roles cannot be changed or deleted');
  return row!;
}

/**
 * The roles a new member gets when none are named (an invitation without roles, joining by an invite link,
 * the fallback of the sign-up role): the `isDefault` roles the tenant may use. A tenant's own roles are never
 * default today (no call sets the flag), so this is the vendor's default roles.
 */
export async function defaultRoleIds(db: Db, vendorId: string, tenantId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.isDefault, true),
        tenantId
          ? visibleRoles(vendorId, tenantId)
          : and(eq(roles.vendorId, vendorId), isNull(roles.tenantId)),
      ),
    );
  return rows.map((r) => r.id);
}
