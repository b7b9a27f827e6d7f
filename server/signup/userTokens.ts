import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../auth/refresh';
import type { Db } from '../db';
import { userTokens, users } from '../db/schema';

export type UserTokenKind = 'activation' | 'invitation' | 'reset' | 'unlock';

/** How long a mailed link works. */
export const TOKEN_TTL_MS: Record<UserTokenKind, number> = {
  activation: 24 * 3_600_000,
  invitation: 7 * 24 * 3_600_000,
  reset: 3_600_000,
  unlock: 3_600_000,
};

/**
 * A new one-time token (32 random bytes, base64url), stored only as its hash. Earlier unused tokens of the
 * same kind (and tenant) are spent: only the newest link works.
 */
export async function issueUserToken(
  db: Db,
  {
    kind,
    userId,
    tenantId = null,
    data = {},
  }: { kind: UserTokenKind; userId: string; tenantId?: string | null; data?: Record<string, unknown> },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        tenantId ? eq(userTokens.tenantId, tenantId) : undefined,
      ),
    );
  await db.insert(userTokens).values({
    id: randomUUID(),
    kind,
    tokenHash: hashToken(token),
    userId,
    tenantId,
    data,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

/** `userId` null: the token alone names its user (the unlock link of unlockMe carries only the token). */
const live = (kind: UserTokenKind, userId: string | null, token: string) =>
  and(
    eq(userTokens.tokenHash, hashToken(token)),
    eq(userTokens.kind, kind),
    userId === null ? undefined : eq(userTokens.userId, userId),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );

/** The token and its user when the token is unused and unexpired; nothing is spent. */
export async function findUserToken(db: Db, kind: UserTokenKind, userId: string, token: string) {
  const [row] = await db
    .select({ token: userTokens, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(live(kind, userId, token));
  return row ?? null;
}

/** Spends the token; of concurrent redemptions exactly one gets the row (one conditional update). */
export async function consumeUserToken(db: Db, kind: UserTokenKind, userId: string | null, token: string) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(live(kind, userId, token))
    .returning();
  return row ?? null;
}

/** The user of this vendor with this email (any case), if any. */
export async function findUserByEmail(db: Db, vendorId: string, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.vendorId, vendorId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return user ?? null;
}

/**
 * The one-time code of a mailed link (activateAccountWithOTC, acceptInvitationWithOTC): six digits derived
 * from its token, so the code and the link prove the same mailbox. Compared in constant time.
 */
export function otcOf(token: string): string {
  const digest = createHash('sha256').update(`otc:${token}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export function codeMatches(token: string, code: string): boolean {
  const expected = Buffer.from(otcOf(token));
  const given = Buffer.from(code.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
