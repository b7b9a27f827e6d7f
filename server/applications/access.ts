// Who may use which application (TEAM-021): a FREE_ACCESS application is open to every user and never
// assigned; a MANAGED_ACCESS one to the users assigned to it in a tenant.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { applicationAccessType } from '../../shared/api/contracts/applications';
import type { Db } from '../db';
import { applications, applicationUsers, userTenants } from '../db/schema';

/** Application access types (ENUM-034), the contract's enum. */
export const { FREE_ACCESS, MANAGED_ACCESS } = applicationAccessType.enum;
export type AccessType = z.infer<typeof applicationAccessType>;

export type AppRow = typeof applications.$inferSelect;

/**
 * The access type of a stored row: FREE_ACCESS only when it says so; anything else (a value outside the enum
 * included) is MANAGED_ACCESS, open to its assignees only.
 */
export const accessTypeOf = (row: AppRow): AccessType =>
  row.accessType === FREE_ACCESS ? FREE_ACCESS : MANAGED_ACCESS;

/** The ids of `apps` (in their order) a user assigned to `assignedIds` may use: FREE_ACCESS ones and those. */
export const usableApplicationIds = (apps: AppRow[], assignedIds: Iterable<string>): string[] => {
  const assigned = new Set(assignedIds);
  return apps.filter((a) => accessTypeOf(a) === FREE_ACCESS || assigned.has(a.id)).map((a) => a.id);
};

/** The vendor's applications, default first, then by name. */
export const vendorApplications = (db: Db, vendorId: string) =>
  db
    .select()
    .from(applications)
    .where(eq(applications.vendorId, vendorId))
    .orderBy(desc(applications.isDefault), asc(applications.name), asc(applications.id));

/** Assignments in a tenant of current members only (a removed member's rows are not answered). */
export async function assignments(
  db: Db,
  tenantId: string,
  where: { userIds?: string[]; appIds?: string[] },
) {
  if (where.userIds?.length === 0 || where.appIds?.length === 0) return [];
  return db
    .select({ applicationId: applicationUsers.applicationId, userId: applicationUsers.userId })
    .from(applicationUsers)
    .innerJoin(
      userTenants,
      and(
        eq(userTenants.userId, applicationUsers.userId),
        eq(userTenants.tenantId, applicationUsers.tenantId),
      ),
    )
    .where(
      and(
        eq(applicationUsers.tenantId, tenantId),
        where.userIds ? inArray(applicationUsers.userId, where.userIds) : undefined,
        where.appIds ? inArray(applicationUsers.applicationId, where.appIds) : undefined,
      ),
    )
    .orderBy(asc(applicationUsers.userId));
}

/**
 * The application ids each given user may use in the tenant (TEAM-021: FREE_ACCESS ones for everyone, the
 * assigned MANAGED_ACCESS ones), keyed by user id. Used by the applications routes and the user view.
 */
export async function applicationIdsOfUsers(
  db: Db,
  vendorId: string,
  tenantId: string,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return result;
  const [apps, rows] = await Promise.all([
    vendorApplications(db, vendorId),
    assignments(db, tenantId, { userIds }),
  ]);
  for (const userId of userIds)
    result.set(
      userId,
      usableApplicationIds(
        apps,
        rows.filter((r) => r.userId === userId).map((r) => r.applicationId),
      ),
    );
  return result;
}
