// Users as the API answers them: the signed-in user (users v2 me, the access token's claims) and a tenant's
// users (the users lists, the team page, users v1 {userId}). Roles and permissions are built by
// server/roles/views.ts, so every answer carrying a role carries the same shape.
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { teamUser, usersV2User } from '../shared/api/contracts/team';
import type { userProfile } from '../shared/api/contracts/users';
import { teamUserOf, userIdentityOf, userTokenClaims } from '../shared/api/userViews';
import { usableApplicationIds } from './applications/access';
import type { Db } from './db';
import {
  applications,
  applicationUsers,
  groups,
  groupUsers,
  mfaDevices,
  permissions,
  roles,
  users,
  userRoles,
  userTenants,
  webauthnCredentials,
} from './db/schema';
import { tenantPermissions } from './middleware/authorize';
import { accessVia } from './tenants/hierarchy';
import { permissionsHeldBy, withRoleViews, type RoleView } from './roles/views';

/** The user as the elements read it (users v2 me, Frontegg's IUserProfile): roles and permissions of the active tenant. */
export type UserView = z.infer<typeof userProfile>;
/** A user as the users lists, the team page and users v1 {userId} answer it (TEAM-001; Frontegg's ITeamUser). */
export type TeamUserView = z.infer<typeof teamUser>;
/** A user of users v2: with the permissions of the user's roles in `tenantId`. */
export type UsersV2View = z.infer<typeof usersV2User>;

/** A role as the team calls answer it: with Frontegg's `level` (0: this server has no role hierarchy). */
export const teamRole = (role: RoleView): RoleView => ({ ...role, level: 0 });

/** The roles of the given users in the given tenants, each with the user and the tenant. */
async function rolesOf(db: Db, userIds: string[], tenantIds: string[]) {
  if (!userIds.length || !tenantIds.length) return [];
  return withRoleViews(
    db,
    await db
      .select({ userId: userRoles.userId, tenantId: userRoles.tenantId, role: roles })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(userRoles.userId, userIds), inArray(userRoles.tenantId, tenantIds)))
      .orderBy(asc(roles.name)),
  );
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

// ---------------------------------------------------------------------------------------------------------
// The signed-in user

/** The views loadUserView answered for an account the user acts in by delegation, with the acting account. */
const actingTenants = new WeakMap<UserView, string>();

/**
 * The user in `tenantId` (else their active account). For an account they act in by delegation
 * (server/tenants/hierarchy.ts `accessVia`) the roles and permissions are those of the acting ancestor account,
 * `tenantId` the delegated account, and `userClaims` adds `actingTenantId`.
 */
export async function loadUserView(db: Db, userId: string, tenantId?: string): Promise<UserView | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const tenantIds = (await db.select().from(userTenants).where(eq(userTenants.userId, userId))).map(
    (t) => t.tenantId,
  );
  const active = tenantId ?? user.activeTenantId ?? tenantIds[0] ?? '';
  const access = active && !tenantIds.includes(active) ? await accessVia(db, null, userId, active) : null;
  const rolesFrom = access?.via ?? active;
  const roleRows = await rolesOf(db, [userId], [...new Set([...tenantIds, rolesFrom].filter(Boolean))]);
  const rolesIn = (id: string) => roleRows.filter((r) => r.tenantId === id).map((r) => r.role);
  const activeRoles = rolesIn(rolesFrom);
  // The same permissions the server enforces (direct roles and the user's groups in this tenant), so the
  // navigation the page shows matches what the server allows.
  const keys = (await tenantPermissions(db, userId, active)) ?? [];
  const view: UserView = {
    ...userIdentityOf(user),
    tenantId: active,
    tenantIds,
    tenants: tenantIds.map((id) => ({ tenantId: id, roles: rolesIn(id) })),
    verified: user.verified,
    provider: user.provider,
    metadata: JSON.stringify(user.metadata ?? {}),
    roles: activeRoles,
    permissions: permissionsHeldBy(
      keys.length ? await db.select().from(permissions).where(inArray(permissions.key, keys)) : [],
      activeRoles,
    ),
    mfaEnrolled: (await mfaEnrolledOf(db, [userId])).has(userId),
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
  if (access?.delegated) actingTenants.set(view, access.via);
  return view;
}

/** The access-token claims of a user view: what every sign-in path and the per-tenant token sign. */
export const userClaims = (
  user: UserView,
  sid: string,
  proof?: { amr: unknown; acr: string | null; authTime: Date } | null,
) => ({
  ...userTokenClaims(user),
  ...(actingTenants.has(user) ? { actingTenantId: actingTenants.get(user)! } : {}),
  sid,
  type: 'userToken' as const,
  // How and when the session's user authenticated (RFC 8176 amr, acr, OIDC auth_time): read by step-up.
  ...(proof
    ? {
        amr: Array.isArray(proof.amr) ? (proof.amr as string[]) : [],
        ...(proof.acr ? { acr: proof.acr } : {}),
        auth_time: Math.floor(proof.authTime.getTime() / 1000),
      }
    : {}),
});

// ---------------------------------------------------------------------------------------------------------
// The users of a tenant

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
      .select()
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
    roleRows.filter((r) => r.userId === userId && r.tenantId === tenantId).map((r) => teamRole(r.role));

  return ids.flatMap((id): TeamUserView[] => {
    const user = byId.get(id);
    const own = memberships.filter((m) => m.userId === id);
    const membership = own.find((m) => m.tenantId === primary) ?? own[0];
    if (!user || !membership) return [];
    const tenantRoles = rolesIn(id, membership.tenantId);
    return [
      teamUserOf(user, {
        tenantId: membership.tenantId,
        tenantIds: own.map((m) => m.tenantId),
        roles: tenantRoles,
        groups: groupRows.filter((g) => g.userId === id).map(({ id, name, color }) => ({ id, name, color })),
        applications: usableApplicationIds(
          appRows.filter((a) => a.vendorId === user.vendorId),
          assignedRows
            .filter((a) => a.userId === id && a.tenantId === membership.tenantId)
            .map((a) => a.applicationId),
        ),
        tenants: own.map((m) => ({ tenantId: m.tenantId, roles: rolesIn(id, m.tenantId) })),
        activatedForTenant: membership.activatedForTenant,
        isDisabled: membership.disabled,
        subAccountAccessAllowed: membership.subAccountAccessAllowed,
        createdAt: user.createdAt.toISOString(),
        lastLogin: user.lastLogin?.toISOString() ?? null,
        mfaEnrolled: enrolled.has(id),
        metadata: JSON.stringify(user.metadata ?? {}),
        isBreachedPassword: false,
        isLocked: Boolean(user.lockedUntil && user.lockedUntil > now),
        temporaryExpirationDate: user.temporaryExpirationDate?.toISOString() ?? null,
      }),
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
    permissions: permissionsHeldBy(
      rows.filter((p) => view.roles.some((r) => r.permissions.includes(p.id))),
      view.roles,
    ),
  }));
}
