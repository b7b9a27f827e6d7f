import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from './db';
import { tenantPermissions } from './middleware/authorize';
import { mfaDevices, roles, userRoles, users, userTenants, webauthnCredentials } from './db/schema';

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
  /** The user has a verified MFA device (authenticator, SMS, email or security key). */
  mfaEnrolled: boolean;
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
  // The same permissions the server enforces (direct roles and the user's groups in this tenant), so the
  // navigation the page shows matches what the server allows.
  const permissionRows = ((await tenantPermissions(db, userId, active)) ?? []).map((key) => ({ key }));
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
    mfaEnrolled: await hasMfaDevice(db, userId),
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
