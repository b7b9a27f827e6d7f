import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AccessClaims } from '../auth/keys';
import { hasPermission, permissionMatches } from '../../shared/auth/permissions';
import type { Db } from '../db';
import {
  apiTokens,
  groupRoles,
  groups,
  groupUsers,
  permissions,
  rolePermissions,
  userRoles,
} from '../db/schema';
import { apiError, type AppEnv, type Services } from '../context';
import { accessVia } from '../tenants/hierarchy';
import { requireUser } from './bearer';

/**
 * The permission keys a user holds in a tenant, read from the database on every call (a role change or
 * removal takes effect at once, not when the access token expires): roles given directly and roles of the
 * user's groups in the account whose membership applies there — the tenant itself for a member, the nearest
 * ancestor allowing sub-account access for a delegated administrator (server/tenants/hierarchy.ts `accessVia`).
 * Null when the user may not act in the tenant.
 */
export async function tenantPermissions(db: Db, userId: string, tenantId: string): Promise<string[] | null> {
  const access = await accessVia(db, null, userId, tenantId);
  if (!access) return null;
  return membershipPermissions(db, userId, access.via);
}

/** The permission keys of the user's roles and groups in the tenant (a member's). */
async function membershipPermissions(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const direct = db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId)));
  const viaGroups = db
    .select({ roleId: groupRoles.roleId })
    .from(groupRoles)
    .innerJoin(groupUsers, eq(groupUsers.groupId, groupRoles.groupId))
    .innerJoin(groups, eq(groups.id, groupRoles.groupId))
    // A group's roles count only in the group's own tenant.
    .where(and(eq(groupUsers.userId, userId), eq(groups.tenantId, tenantId)));
  const rows = await db
    .selectDistinct({ key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(or(inArray(rolePermissions.roleId, direct), inArray(rolePermissions.roleId, viaGroups)));
  return rows.map((r) => r.key);
}

/**
 * The permission keys of a caller in the tenant of its token, read from the database on every call: a user's
 * (and a personal API token's: its user's, as they stand now) from `tenantPermissions`; a tenant API token's
 * from the roles it was given (as they stand now). Null when the caller stands no more.
 */
export async function callerPermissions(
  db: Db,
  {
    sub,
    tenantId,
    type,
    sid,
  }: Pick<AccessClaims, 'sub' | 'tenantId'> & Partial<Pick<AccessClaims, 'type' | 'sid'>>,
): Promise<string[] | null> {
  if (type !== 'tenantApiToken') return tenantPermissions(db, sub, tenantId);
  const [token] = await db
    .select({ roleIds: apiTokens.roleIds })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, sid ?? sub), eq(apiTokens.tenantId, tenantId), isNull(apiTokens.userId)));
  return token ? roleKeys(db, token.roleIds as string[]) : null;
}

/**
 * Does any granted key (wildcards allowed: `fe.secure.*`) cover the required key? The one rule the portal's
 * navigation and write controls use too (shared/auth/permissions.ts).
 */
export const holds = (granted: readonly string[], required: string) => hasPermission(granted, required);

/**
 * Requires a signed-in caller who, in the tenant of the access token, holds every key given. The tenant of
 * every read and write is the token's tenant (never one named in the request), so a caller cannot reach
 * another tenant's rows; routes that take an id must still look the row up within `auth.tenantId`.
 * Answers 401 without a valid token, 403 without the permission.
 */
export function requirePermission(
  { tokens, db, apiTokens = true }: Pick<Services, 'tokens' | 'db'> & { apiTokens?: boolean },
  ...required: string[]
) {
  const user = requireUser({ tokens, db, apiTokens });
  return createMiddleware<AppEnv>(async (c, next) =>
    user(c, async () => {
      await assertPermission(db, c.get('auth'), ...required);
      await next();
    }),
  );
}

/** The check of `requirePermission` for a handler that has already authenticated the caller. */
export async function assertPermission(
  db: Db,
  claims: Pick<AccessClaims, 'sub' | 'tenantId'> & Partial<Pick<AccessClaims, 'type' | 'sid'>>,
  ...required: string[]
): Promise<void> {
  const granted = await callerPermissions(db, claims);
  if (!granted || !required.every((key) => holds(granted, key)))
    throw apiError(403, 'You are not authorized to perform this action');
}

/** The caller must hold every key given (wildcards count): no one grants a permission they do not hold. */
export async function assertHoldsAll(db: Db, auth: AccessClaims, keys: string[]) {
  if (!keys.length) return;
  const granted = (await callerPermissions(db, auth)) ?? [];
  let known: string[] | undefined;
  const missing: string[] = [];
  for (const key of new Set(keys)) {
    if (holds(granted, key)) continue;
    // A wildcard key is held when every permission it covers is (the sample Admin holds each key, not fe.*).
    if (key.includes('*')) {
      known ??= (await db.select({ key: permissions.key }).from(permissions)).map((p) => p.key);
      const covered = known.filter((k) => !k.includes('*') && permissionMatches(key, k));
      if (covered.length && covered.every((k) => holds(granted, k))) continue;
    }
    missing.push(key);
  }
  missing.sort();
  if (missing.length)
    throw apiError(403, `You cannot grant permissions you do not hold: ${missing.join(', ')}`);
}

/** The permission keys the given roles carry. */
export async function roleKeys(db: Db, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.key);
}
