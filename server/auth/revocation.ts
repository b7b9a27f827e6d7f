// Revocation takes effect at once: an access token is honoured only while its session is open, its user
// exists and is an enabled member of the token's tenant (and not a temporary user past expiry). Checked on
// every request against the database, so every server process agrees without a cache (bound: zero).
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { refreshTokens, sessions, tenants, users, userTenants } from '../db/schema';

/** Whether the session an access token names still stands for that user in that tenant. */
export async function isTokenLive(
  db: Db,
  claims: { sid?: unknown; sub?: unknown; tenantId?: unknown },
): Promise<boolean> {
  const { sid, sub, tenantId } = claims;
  if (typeof sid !== 'string' || typeof sub !== 'string' || typeof tenantId !== 'string') return false;
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
