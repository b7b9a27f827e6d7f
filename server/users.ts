import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { role as roleSchema, permission as permissionSchema } from '../shared/api/contracts/roles';
import type { userProfile } from '../shared/api/contracts/users';
import type { Db } from './db';
import { tenantPermissions } from './middleware/authorize';
import {
  mfaDevices,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
  userTenants,
  webauthnCredentials,
} from './db/schema';

/** The user as the elements read it (users v2 me, Frontegg's IUserProfile): roles and permissions of the active tenant. */
export type UserView = z.infer<typeof userProfile>;
type RoleView = z.infer<typeof roleSchema>;
type PermissionView = z.infer<typeof permissionSchema>;

/** The user's roles in each of the given tenants, in the roles calls' shape (their permissions as ids). */
async function rolesByTenant(db: Db, userId: string, tenantIds: string[]): Promise<Map<string, RoleView[]>> {
  const byTenant = new Map<string, RoleView[]>(tenantIds.map((id) => [id, []]));
  if (!tenantIds.length) return byTenant;
  const rows = await db
    .select({ tenantId: userRoles.tenantId, role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.tenantId, tenantIds)))
    .orderBy(asc(roles.name));
  const roleIds = [...new Set(rows.map((r) => r.role.id))];
  const grants = roleIds.length
    ? await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds))
    : [];
  for (const { tenantId, role } of rows) {
    byTenant.get(tenantId)?.push({
      id: role.id,
      key: role.key,
      name: role.name,
      description: role.description,
      isDefault: role.isDefault,
      permissions: grants.filter((g) => g.roleId === role.id).map((g) => g.permissionId),
      tenantId: role.tenantId,
      vendorId: role.vendorId,
      createdAt: role.createdAt.toISOString(),
      updatedAt: role.updatedAt.toISOString(),
    });
  }
  return byTenant;
}

/** The permissions of the given keys, each with the ids of `heldBy` roles that hold it. */
async function permissionViews(db: Db, keys: string[], heldBy: RoleView[]) {
  if (!keys.length) return [];
  const rows = await db.select().from(permissions).where(inArray(permissions.key, keys));
  return rows
    .map((p): PermissionView & { roleIds: string[] } => ({
      id: p.id,
      key: p.key,
      name: p.name,
      description: p.description,
      categoryId: p.categoryId,
      fePermission: p.fePermission,
      roleIds: heldBy.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export async function loadUserView(db: Db, userId: string, tenantId?: string): Promise<UserView | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const tenantIds = (await db.select().from(userTenants).where(eq(userTenants.userId, userId))).map(
    (t) => t.tenantId,
  );
  const active = tenantId ?? user.activeTenantId ?? tenantIds[0] ?? '';
  const byTenant = await rolesByTenant(db, userId, [...new Set([...tenantIds, active].filter(Boolean))]);
  const activeRoles = byTenant.get(active) ?? [];
  // The same permissions the server enforces (direct roles and the user's groups in this tenant), so the
  // navigation the page shows matches what the server allows.
  const keys = (await tenantPermissions(db, userId, active)) ?? [];
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    tenantId: active,
    tenantIds,
    tenants: tenantIds.map((id) => ({ tenantId: id, roles: byTenant.get(id) ?? [] })),
    verified: user.verified,
    phoneNumber: user.phoneNumber,
    profilePictureUrl: user.profilePictureUrl,
    provider: user.provider,
    metadata: JSON.stringify(user.metadata ?? {}),
    roles: activeRoles,
    permissions: await permissionViews(db, keys, activeRoles),
    mfaEnrolled: await hasMfaDevice(db, userId),
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

/** The access-token claims of a user view: what every sign-in path and the per-tenant token sign. */
export const userClaims = (
  user: UserView,
  sid: string,
  proof?: { amr: unknown; acr: string | null; authTime: Date } | null,
) => ({
  sub: user.id,
  email: user.email,
  name: user.name,
  tenantId: user.tenantId,
  tenantIds: user.tenantIds,
  roles: user.roles.map((r) => r.key),
  permissions: user.permissions.map((p) => p.key),
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

/** A verified MFA device or an MFA security key exists (the user view's mfaEnrolled, MFA-007). */
async function hasMfaDevice(db: Db, userId: string): Promise<boolean> {
  const [device] = await db
    .select({ id: mfaDevices.id })
    .from(mfaDevices)
    .where(and(eq(mfaDevices.userId, userId), isNotNull(mfaDevices.verifiedAt)))
    .limit(1);
  if (device) return true;
  const [key] = await db
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.usage, 'mfa')))
    .limit(1);
  return Boolean(key);
}
