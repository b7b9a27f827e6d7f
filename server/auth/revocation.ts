// Revocation takes effect at once: an access token is honoured only while its session is open, its user
// exists and is an enabled member of the token's tenant (and not a temporary user past expiry). Checked on
// every request against the database, so every server process agrees without a cache (bound: zero).
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { apiTokens, refreshTokens, sessions, tenants, users, userTenants } from '../db/schema';

/** Whether the session an access token names still stands for that user in that tenant. */
export async function isTokenLive(
  db: Db,
  claims: { sid?: unknown; sub?: unknown; tenantId?: unknown; type?: unknown },
): Promise<boolean> {
  const { sid, sub, tenantId } = claims;
  if (typeof sid !== 'string' || typeof sub !== 'string' || typeof tenantId !== 'string') return false;
  if (claims.type === 'userApiToken' || claims.type === 'tenantApiToken')
    return isApiTokenLive(db, { tokenId: sid, sub, tenantId, personal: claims.type === 'userApiToken' });
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .where(
      and(
        eq(sessions.id, sid),
        eq(sessions.userId, sub),
        isNull(sessions.revokedAt),
        eq(userTenants.disabled, false),
        isNull(tenants.deletedAt),
        or(isNull(users.temporaryExpirationDate), gt(users.temporaryExpirationDate, sql`now()`)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the API token an access token was exchanged for still stands: not deleted, not expired, its tenant
 * not deleted and, for a personal token, its user an enabled member of that tenant (and not a temporary user
 * past expiry). The access token of a deleted or expired token, or of a removed user, stops at once.
 */
export async function isApiTokenLive(
  db: Db,
  { tokenId, sub, tenantId, personal }: { tokenId: string; sub: string; tenantId: string; personal: boolean },
): Promise<boolean> {
  const live = and(
    eq(apiTokens.id, tokenId),
    eq(apiTokens.tenantId, tenantId),
    isNull(apiTokens.deletedAt),
    or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
    isNull(tenants.deletedAt),
  );
  if (!personal) {
    const rows = await db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
      .where(and(live, eq(apiTokens.id, sub), isNull(apiTokens.userId)))
      .limit(1);
    if (rows.length) await touchApiToken(db, tokenId);
    return rows.length > 0;
  }
  const rows = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(
      and(
        live,
        eq(apiTokens.userId, sub),
        eq(userTenants.disabled, false),
        or(isNull(users.temporaryExpirationDate), gt(users.temporaryExpirationDate, sql`now()`)),
      ),
    )
    .limit(1);
  if (rows.length) await touchApiToken(db, tokenId);
  return rows.length > 0;
}

/**
 * Records a call made with an API token's access token: `last_used_at` moves at most once a minute (one
 * update by primary key whose condition is usually false).
 */
async function touchApiToken(db: Db, tokenId: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`),
      ),
    );
}

/**
 * Revokes the open sessions that `which.sessions` selects, then the live refresh tokens `which.tokens` selects.
 * Sessions go first: a token redeemed in between still fails, as redemption checks its session after winning.
 */
export async function revokeSessionsWhere(
  db: Db,
  // At least one condition each: an empty selection would revoke every session of the database.
  which: { sessions: [SQL, ...(SQL | undefined)[]]; tokens: [SQL, ...(SQL | undefined)[]] },
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...which.sessions, isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(...which.tokens, isNull(refreshTokens.revokedAt)));
}
