import { and, eq, gt, gte, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { refreshTokens, sessions } from '../db/schema';
import { revokeSessionsWhere } from './revocation';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/** Selects the refresh token a bearer value names while it can still be redeemed: unused, unrevoked, unexpired. */
export const isLiveRefreshToken = (token: string, now: Date) =>
  and(
    eq(refreshTokens.tokenHash, hashToken(token)),
    isNull(refreshTokens.usedAt),
    isNull(refreshTokens.revokedAt),
    gt(refreshTokens.expiresAt, now),
  );

/**
 * Two tabs refreshing at once present the same token: within this window, and while its successor is still
 * unused, the loser is refused (409, retry with the new cookie) rather than treated as a thief.
 */
export const CONCURRENT_REDEMPTION_GRACE_MS = 2_000;

export type Redemption =
  | { kind: 'rotated'; token: string; sessionId: string; userId: string; familyId: string }
  | { kind: 'concurrent' }
  | { kind: 'reused'; familyId: string; userId: string; sessionId: string }
  | { kind: 'invalid' };

export interface RefreshTokenService {
  /** A new token of a new family, for a new session. */
  issue(sessionId: string, userId: string): Promise<string>;
  /**
   * Redeems a token once: the first redemption marks it used and mints its successor atomically; a later
   * one (outside the concurrency grace) is reuse, which revokes the whole family and its session.
   */
  redeem(token: string): Promise<Redemption>;
  revokeSession(sessionId: string): Promise<void>;
}

export function createRefreshTokenService(
  db: Db,
  { ttlDays, now = () => new Date() }: { ttlDays: number; now?: () => Date },
): RefreshTokenService {
  const expiry = () => new Date(now().getTime() + ttlDays * 86_400_000);

  async function insert(sessionId: string, userId: string, familyId: string): Promise<string> {
    const token = newToken();
    await db.insert(refreshTokens).values({
      id: randomUUID(),
      tokenHash: hashToken(token),
      familyId,
      sessionId,
      userId,
      createdAt: now(),
      expiresAt: expiry(),
    });
    return token;
  }

  /** Revokes the session and the refresh tokens `tokens` selects. */
  const revoke = (sessionId: string, tokens: SQL) =>
    revokeSessionsWhere(db, { sessions: [eq(sessions.id, sessionId)], tokens: [tokens] }, now());

  return {
    issue: (sessionId, userId) => insert(sessionId, userId, randomUUID()),

    async redeem(token) {
      const tokenHash = hashToken(token);
      // One statement: of concurrent redemptions exactly one sees used_at still null and wins.
      const [won] = await db
        .update(refreshTokens)
        .set({ usedAt: now() })
        .where(isLiveRefreshToken(token, now()))
        .returning();
      if (won) {
        const [session] = await db.select().from(sessions).where(eq(sessions.id, won.sessionId));
        if (!session || session.revokedAt) return { kind: 'invalid' };
        const successor = await insert(won.sessionId, won.userId, won.familyId);
        return {
          kind: 'rotated',
          token: successor,
          sessionId: won.sessionId,
          userId: won.userId,
          familyId: won.familyId,
        };
      }
      const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known || known.revokedAt || !known.usedAt || known.expiresAt <= now()) return { kind: 'invalid' };
      if (now().getTime() - known.usedAt.getTime() < CONCURRENT_REDEMPTION_GRACE_MS) {
        // Once the successor has been used, a replay of its predecessor is reuse, however soon.
        const [successorUsed] = await db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, known.familyId),
              gte(refreshTokens.createdAt, known.usedAt),
              isNotNull(refreshTokens.usedAt),
            ),
          )
          .limit(1);
        if (!successorUsed) return { kind: 'concurrent' };
      }
      await revoke(known.sessionId, eq(refreshTokens.familyId, known.familyId));
      return { kind: 'reused', familyId: known.familyId, userId: known.userId, sessionId: known.sessionId };
    },

    revokeSession: (sessionId) => revoke(sessionId, eq(refreshTokens.sessionId, sessionId)),
  };
}
