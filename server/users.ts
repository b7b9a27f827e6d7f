import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { permissions, rolePermissions, roles, userRoles, users, userTenants } from './db/schema';

/** The user as the elements read it (users v2 me): roles and permissions of the active tenant. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  verified: boolean;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  metadata: unknown;
  roles: { id: string; key: string; name: string }[];
  permissions: { key: string }[];
}

export async function loadUserView(db: Db, userId: string, tenantId?: string): Promise<UserView | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const tenantIds = (await db.select().from(userTenants).where(eq(userTenants.userId, userId))).map(
    (t) => t.tenantId,
  );
  const active = tenantId ?? user.activeTenantId ?? tenantIds[0] ?? '';
  const userRoleRows = await db
    .select({ id: roles.id, key: roles.key, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, active)));
  const permissionRows = userRoleRows.length
    ? await db
        .selectDistinct({ key: permissions.key })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(
          inArray(
            rolePermissions.roleId,
            userRoleRows.map((r) => r.id),
          ),
        )
    : [];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tenantId: active,
    tenantIds,
    verified: user.verified,
    phoneNumber: user.phoneNumber,
    profilePictureUrl: user.profilePictureUrl,
    metadata: user.metadata,
    roles: userRoleRows,
    permissions: permissionRows.sort((a, b) => a.key.localeCompare(b.key)),
  };
}

/** The access-token claims of a user view: what every sign-in path and the per-tenant token sign. */
export const userClaims = (user: UserView, sid: string) => ({
  sub: user.id,
  email: user.email,
  name: user.name,
  tenantId: user.tenantId,
  tenantIds: user.tenantIds,
  roles: user.roles.map((r) => r.key),
  permissions: user.permissions.map((p) => p.key),
  sid,
  type: 'userToken' as const,
});
