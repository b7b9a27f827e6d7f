// Who is a member of a tenant. A membership row only counts for a user of the server's vendor: every lookup
// joins the user and filters on the vendor, so no route can reach another vendor's user through a tenant id.
// An id that is not a member (unknown, or another tenant's user) is a 404 "User not found": never revealed.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { apiError } from '../context';
import type { Db } from '../db';
import { groups, groupUsers, tenants, userRoles, users, userTenants, userTokens } from '../db/schema';

const membershipOf = (vendorId: string, tenantId: string) =>
  and(eq(userTenants.tenantId, tenantId), eq(users.vendorId, vendorId));

/** A member of the tenant, with the membership; any other id is a 404. */
export async function findMember(db: Db, vendorId: string, tenantId: string, userId: string) {
  const [row] = await db
    .select({ user: users, membership: userTenants })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(membershipOf(vendorId, tenantId), eq(userTenants.userId, userId)));
  if (!row) throw apiError(404, 'User not found');
  return row;
}

/** The ids among `userIds` that are members of the tenant (the others left out). */
export async function membersAmong(
  db: Db,
  vendorId: string,
  tenantId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: userTenants.userId })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(membershipOf(vendorId, tenantId), inArray(userTenants.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

/** Every id must be a member of the tenant: one that is not is a 404. */
export async function assertMembers(db: Db, vendorId: string, tenantId: string, userIds: string[]) {
  const members = await membersAmong(db, vendorId, tenantId, userIds);
  if (userIds.some((id) => !members.has(id))) throw apiError(404, 'User not found');
}

// ---------------------------------------------------------------------------------------------------------
// A member's roles and removal. Roles are per tenant (TEAM-018): the user's roles elsewhere stay as they are.

const rolesIn = (userId: string, tenantId: string) =>
  and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId));

/** The ids of the member's roles in the tenant. */
export async function memberRoleIds(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(rolesIn(userId, tenantId));
  return rows.map((r) => r.roleId);
}

/** Sets the member's roles in the tenant to exactly `roleIds`. */
export async function setMemberRoles(db: Db, userId: string, tenantId: string, roleIds: string[]) {
  await db.delete(userRoles).where(rolesIn(userId, tenantId));
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, tenantId, roleId })));
}

/**
 * Removes the user from the tenant: its roles and groups there, the membership, a pending invitation to it.
 * A user left in no tenant is deleted (true); else one whose active tenant this was moves to another.
 */
export function removeMember(
  db: Db,
  user: { id: string; activeTenantId: string | null },
  tenantId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(userRoles).where(rolesIn(user.id, tenantId));
    const tenantGroups = tx.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, tenantId));
    await tx
      .delete(groupUsers)
      .where(and(eq(groupUsers.userId, user.id), inArray(groupUsers.groupId, tenantGroups)));
    await tx
      .delete(userTenants)
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)));
    // A pending invitation to this tenant no longer works.
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(userTokens.userId, user.id), eq(userTokens.tenantId, tenantId), isNull(userTokens.usedAt)),
      );
    // A membership of a deleted account (kept for its audit trail) counts for nothing.
    const [other] = await tx
      .select({ tenantId: userTenants.tenantId })
      .from(userTenants)
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(and(eq(userTenants.userId, user.id), isNull(tenants.deletedAt)))
      .limit(1);
    if (!other) {
      // Sessions, refresh tokens and mailed tokens go with the user (foreign keys cascade).
      await tx.delete(users).where(eq(users.id, user.id));
      return true;
    }
    if (user.activeTenantId === tenantId)
      await tx.update(users).set({ activeTenantId: other.tenantId }).where(eq(users.id, user.id));
    return false;
  });
}
