// The users of a tenant as the portal reads them: scope (tenant and sub-tenants), paged lists, user views.
// Paging, sorting and filtering run in SQL: a page of 20 of 100,000 users reads 20 users, not 100,000.
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  type membersQuery,
  type userFilterPreset,
  type teamUser,
  type userListSortField,
  type usersListFields,
  type usersV2User,
} from '../../shared/api/contracts/team';
import type { role } from '../../shared/api/contracts/roles';
import type { Db } from '../db';
import {
  applications,
  applicationUsers,
  groups,
  groupUsers,
  mfaDevices,
  permissions,
  rolePermissions,
  roles,
  tenants,
  userRoles,
  users,
  userTenants,
  webauthnCredentials,
} from '../db/schema';

/** The `inactive` preset: no sign-in for 90 days unless `_maxInactiveSeconds` says otherwise. */
export const INACTIVE_SECONDS = 7_776_000;
export { MAX_PAGE_SIZE };

type UserSortField = z.infer<typeof userListSortField>;
/**
 * What each sort field of the contract sorts by (nothing else reaches ORDER BY). Name and email follow the
 * indexes `users_vendor_name` and `users_vendor_email`, so a page of a large tenant reads only its own rows.
 * `tenantId` sorts by the user's first tenant of the list's scope (see `pageOfUsers`).
 */
export const USER_SORT_FIELDS = {
  name: users.name,
  email: sql`lower(${users.email})`,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  id: users.id,
  verified: users.verified,
  provider: users.provider,
  isLocked: sql`(${users.lockedUntil} is not null and ${users.lockedUntil} > now())`,
  tenantId: null,
} as const satisfies Record<UserSortField, unknown>;

export interface ListParams {
  /** Page index: offset 1 with limit 20 answers users 21 to 40 (the Frontegg pagination of the preview). */
  page: number;
  limit: number;
  sortBy: UserSortField;
  order: 'ASC' | 'DESC';
  search?: string;
  email?: string;
  preset?: z.infer<typeof userFilterPreset>;
  maxInactiveSeconds?: number;
  /** Only users locked out (true) or not locked (false) now (ENUM-030 names isLocked among the filter fields). */
  isLocked?: boolean;
  includeSubTenants: boolean;
}

/**
 * The users lists' parameters from the contract's fields: GET users v2 (TEAM-014) and v3 (TEAM-015), either
 * spelling. Defaults (TEAM-008): limit 20, offset 0, name descending.
 */
export const listParams = (
  q: z.output<typeof usersListFields>,
  includeSubTenantsByDefault: boolean,
): ListParams => ({
  page: q.offset ?? 0,
  limit: q.limit ?? 20,
  sortBy: q.sortBy ?? 'name',
  order: q.order ?? 'DESC',
  search: q.filter,
  email: q.email,
  preset: q.preset,
  maxInactiveSeconds: q.maxInactiveSeconds,
  isLocked: q.isLocked,
  includeSubTenants: q.includeSubTenants ?? includeSubTenantsByDefault,
});

/** GET team members v1 (TEAM-010); name ascending by default (TEAM-009). */
export const memberParams = (q: z.output<typeof membersQuery>): ListParams => ({
  page: q.pageOffset ?? 0,
  limit: q.pageSize ?? 20,
  sortBy: q.sortBy ?? 'name',
  order: q.sortDirection ?? 'ASC',
  search: q.filter,
  includeSubTenants: false,
});

/**
 * The tenants a list covers: the tenant itself and, with `includeSubTenants`, its descendants (not deleted),
 * one query per level of the hierarchy.
 */
export async function tenantScope(
  db: Db,
  vendorId: string,
  tenantId: string,
  includeSubTenants: boolean,
): Promise<string[]> {
  const scope = [tenantId];
  let level = [tenantId];
  while (includeSubTenants && level.length) {
    const children = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        and(inArray(tenants.parentId, level), eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt)),
      );
    level = children.map((t) => t.id).filter((id) => !scope.includes(id));
    scope.push(...level);
  }
  return scope;
}

/** `%` and `_` typed by the user match themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of the users of the scope: ids in order, and the totals (TEAM-013). */
export async function pageOfUsers(
  db: Db,
  vendorId: string,
  scope: string[],
  params: ListParams,
  now = new Date(),
): Promise<{ ids: string[]; totalItems: number; totalPages: number }> {
  const member = exists(
    db
      .select({ one: sql`1` })
      .from(userTenants)
      .where(and(eq(userTenants.userId, users.id), inArray(userTenants.tenantId, scope))),
  );
  const filters: SQL[] = [];
  if (params.search) {
    // lower(...) like lower(...) rather than ilike: the same result, and cheaper per row.
    const pattern = sql`lower(${likePattern(params.search)})`;
    filters.push(or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`)!);
  }
  if (params.email) filters.push(sql`lower(${users.email}) = ${params.email}`);
  if (params.isLocked !== undefined) {
    const locked = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} > ${now})`;
    filters.push(params.isLocked ? locked : sql`not ${locked}`);
  }
  // No breached-password check and no MFA enrolment exist on this server yet: nobody is breached, nobody enrolled.
  if (params.preset === 'breached-passwords') filters.push(sql`false`);
  if (params.preset === 'inactive') {
    const since = new Date(now.getTime() - (params.maxInactiveSeconds ?? INACTIVE_SECONDS) * 1000);
    filters.push(or(isNull(users.lastLogin), lt(users.lastLogin, since))!);
  }
  const where = and(eq(users.vendorId, vendorId), member, ...filters);

  // Unfiltered, the total is the membership count (memberships only ever join users of the tenant's vendor).
  const [total] = filters.length
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where)
    : await db
        .select({
          n:
            scope.length > 1
              ? sql<number>`count(distinct ${userTenants.userId})::int`
              : sql<number>`count(*)::int`,
        })
        .from(userTenants)
        .where(inArray(userTenants.tenantId, scope));
  const direction = params.order === 'DESC' ? desc : asc;
  const column =
    USER_SORT_FIELDS[params.sortBy] ??
    // tenantId: the user's first tenant of the scope (one tenant: every user alike, the id decides).
    sql`(select min(${userTenants.tenantId}) from ${userTenants} where ${userTenants.userId} = ${users.id} and ${inArray(userTenants.tenantId, scope)})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    // The id, in the same direction, keeps pages stable among equal values and lets an index scan serve
    // the order; users who never signed in come last either way.
    .orderBy(
      params.sortBy === 'lastLogin' ? sql`${direction(column)} nulls last` : direction(column),
      direction(users.id),
    )
    .limit(params.limit)
    .offset(params.page * params.limit);
  const totalItems = Number(total?.n ?? 0);
  return { ids: rows.map((r) => r.id), totalItems, totalPages: Math.ceil(totalItems / params.limit) };
}

type RoleView = z.infer<typeof role>;
/** A user as the users lists, the team page and users v1 {userId} answer it (TEAM-001; Frontegg's ITeamUser). */
export type TeamUserView = z.infer<typeof teamUser>;
/** A user of users v2: with the permissions of the user's roles in `tenantId`. */
export type UsersV2View = z.infer<typeof usersV2User>;

/** The roles (in the roles calls' shape) of the given users in the scope's tenants. */
async function rolesOf(db: Db, ids: string[], scope: string[]) {
  const rows = await db
    .select({ userId: userRoles.userId, tenantId: userRoles.tenantId, role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, ids), inArray(userRoles.tenantId, scope)))
    .orderBy(asc(roles.name));
  const roleIds = [...new Set(rows.map((r) => r.role.id))];
  const grants = roleIds.length
    ? await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds))
    : [];
  return rows.map(({ userId, tenantId, role: r }) => ({
    userId,
    tenantId,
    role: {
      id: r.id,
      key: r.key,
      name: r.name,
      description: r.description,
      isDefault: r.isDefault,
      permissions: grants.filter((g) => g.roleId === r.id).map((g) => g.permissionId),
      tenantId: r.tenantId,
      vendorId: r.vendorId,
      level: 0,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    } satisfies RoleView,
  }));
}

/** The users (of the given ids) with a verified MFA device or an MFA security key (MFA-007). */
async function mfaEnrolledOf(db: Db, ids: string[]): Promise<Set<string>> {
  const [devices, keys] = await Promise.all([
    db
      .selectDistinct({ userId: mfaDevices.userId })
      .from(mfaDevices)
      .where(and(inArray(mfaDevices.userId, ids), isNotNull(mfaDevices.verifiedAt))),
    db
      .selectDistinct({ userId: webauthnCredentials.userId })
      .from(webauthnCredentials)
      .where(and(inArray(webauthnCredentials.userId, ids), eq(webauthnCredentials.usage, 'mfa'))),
  ]);
  return new Set([...devices, ...keys].map((r) => r.userId));
}

/**
 * The views of the given users, in the order given. Tenants, roles and groups are those of `scope` only (an
 * administrator does not learn the user's other accounts); `tenantId` is `primary` when the user is a member
 * of it, else the user's first tenant of the scope.
 */
export async function userViews(
  db: Db,
  ids: string[],
  scope: string[],
  primary: string,
  now = new Date(),
): Promise<TeamUserView[]> {
  if (!ids.length) return [];
  const [userRows, memberships, roleRows, groupRows, appRows, assignedRows, enrolled] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    db
      .select()
      .from(userTenants)
      .where(and(inArray(userTenants.userId, ids), inArray(userTenants.tenantId, scope)))
      .orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId)),
    rolesOf(db, ids, scope),
    db
      .select({ userId: groupUsers.userId, id: groups.id, name: groups.name, color: groups.color })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(and(inArray(groupUsers.userId, ids), inArray(groups.tenantId, scope)))
      .orderBy(asc(groups.name)),
    db
      .select({ id: applications.id, vendorId: applications.vendorId, accessType: applications.accessType })
      .from(applications)
      .where(
        inArray(
          applications.vendorId,
          db.selectDistinct({ vendorId: users.vendorId }).from(users).where(inArray(users.id, ids)),
        ),
      )
      .orderBy(desc(applications.isDefault), asc(applications.name), asc(applications.id)),
    db
      .select()
      .from(applicationUsers)
      .where(and(inArray(applicationUsers.userId, ids), inArray(applicationUsers.tenantId, scope))),
    mfaEnrolledOf(db, ids),
  ]);
  const byId = new Map(userRows.map((u) => [u.id, u]));
  const rolesIn = (userId: string, tenantId: string): RoleView[] =>
    roleRows.filter((r) => r.userId === userId && r.tenantId === tenantId).map((r) => r.role);

  return ids.flatMap((id): TeamUserView[] => {
    const user = byId.get(id);
    const own = memberships.filter((m) => m.userId === id);
    const membership = own.find((m) => m.tenantId === primary) ?? own[0];
    if (!user || !membership) return [];
    const tenantRoles = rolesIn(id, membership.tenantId);
    const mfaEnrolled = enrolled.has(id);
    const assigned = new Set(
      assignedRows
        .filter((a) => a.userId === id && a.tenantId === membership.tenantId)
        .map((a) => a.applicationId),
    );
    return [
      {
        id: user.id,
        sub: user.id,
        email: user.email,
        name: user.name,
        phoneNumber: user.phoneNumber,
        phone: user.phoneNumber,
        profilePictureUrl: user.profilePictureUrl,
        profileImage: user.profilePictureUrl,
        tenantId: membership.tenantId,
        tenantIds: own.map((m) => m.tenantId),
        vendorId: user.vendorId,
        roleIds: tenantRoles.map((r) => r.id),
        roles: tenantRoles,
        groups: groupRows.filter((g) => g.userId === id).map(({ id, name, color }) => ({ id, name, color })),
        applications: appRows
          .filter(
            (a) => a.vendorId === user.vendorId && (a.accessType === 'FREE_ACCESS' || assigned.has(a.id)),
          )
          .map((a) => a.id),
        tenants: own.map((m) => ({ tenantId: m.tenantId, roles: rolesIn(id, m.tenantId) })),
        verified: user.verified,
        emailVerified: user.verified,
        activatedForTenant: membership.activatedForTenant,
        isDisabled: membership.disabled,
        subAccountAccessAllowed: membership.subAccountAccessAllowed,
        createdAt: user.createdAt.toISOString(),
        lastLogin: user.lastLogin?.toISOString() ?? null,
        mfaEnrolled,
        mfaEnabled: mfaEnrolled,
        metadata: JSON.stringify(user.metadata ?? {}),
        customData: {},
        isBreachedPassword: false,
        isLocked: Boolean(user.lockedUntil && user.lockedUntil > now),
        provider: user.provider,
        managedBy: user.provider === 'scim2' ? 'scim2' : 'frontegg',
        temporaryExpirationDate: user.temporaryExpirationDate?.toISOString() ?? null,
      },
    ];
  });
}

/**
 * Users v2 views: each user's permissions in `tenantId` (those of the user's roles there), with the ids of
 * the user's roles holding each.
 */
export async function withPermissions(db: Db, views: TeamUserView[]): Promise<UsersV2View[]> {
  const ids = [...new Set(views.flatMap((v) => v.roles.flatMap((r) => r.permissions)))];
  const rows = ids.length ? await db.select().from(permissions).where(inArray(permissions.id, ids)) : [];
  return views.map((view) => ({
    ...view,
    permissions: rows
      .filter((p) => view.roles.some((r) => r.permissions.includes(p.id)))
      .map((p) => ({
        id: p.id,
        key: p.key,
        name: p.name,
        description: p.description,
        categoryId: p.categoryId,
        fePermission: p.fePermission,
        roleIds: view.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  }));
}
