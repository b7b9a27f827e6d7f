// The team page's counters of a tenant's members (Frontegg's ITeamStats).
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { roles, userRoles, userTenants } from '../db/schema';

const WEEK_MS = 7 * 86_400_000;

export async function memberStats(db: Db, tenantId: string, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [stats] = await db
    .select({
      totalItems: sql<number>`count(*)::int`,
      addedThisWeek: sql<number>`(count(*) filter (where ${gte(userTenants.createdAt, weekAgo)}))::int`,
      pendingInvitations: sql<number>`(count(*) filter (where not ${userTenants.activatedForTenant}))::int`,
      disabled: sql<number>`(count(*) filter (where ${userTenants.disabled}))::int`,
    })
    .from(userTenants)
    .where(eq(userTenants.tenantId, tenantId));
  // Members holding the Admin role (the vendor's built-in one) in this tenant.
  const [admins] = await db
    .select({ n: sql<number>`count(distinct ${userRoles.userId})::int` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), isNull(roles.tenantId), sql`lower(${roles.key}) = 'admin'`));
  return {
    totalItems: Number(stats?.totalItems ?? 0),
    addedThisWeek: Number(stats?.addedThisWeek ?? 0),
    superAdmins: Number(admins?.n ?? 0),
    pendingInvitations: Number(stats?.pendingInvitations ?? 0),
    disabled: Number(stats?.disabled ?? 0),
  };
}
