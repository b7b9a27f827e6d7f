import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { authChallenges } from '../db/schema';
import { hashToken } from './refresh';

export type Challenge = typeof authChallenges.$inferSelect;

export interface IssueOptions {
  /** What the challenge is for: mfa-login, otc, magic-link, sms-login, webauthn, stepup, phone-reset, ... */
  kind: string;
  userId?: string | null;
  tenantId?: string | null;
  ttlMs: number;
  /** A short numeric code the user types (mailed or texted), of this many digits. */
  codeDigits?: number;
  data?: Record<string, unknown>;
  /** Spend the user's earlier unused challenges of this kind: only the newest code or link works. */
  supersede?: boolean;
}

/**
 * A new one-time challenge: a 256-bit bearer token (mfaToken, magic-link token, state) and, when asked, a
 * short numeric code. Both are stored only as SHA-256 hashes.
 */
export async function issueChallenge(
  db: Db,
  opts: IssueOptions,
  now = new Date(),
): Promise<{ id: string; token: string; code?: string }> {
  const token = randomBytes(32).toString('base64url');
  const code = opts.codeDigits
    ? String(randomInt(0, 10 ** opts.codeDigits)).padStart(opts.codeDigits, '0')
    : undefined;
  if (opts.supersede && opts.userId)
    await db
      .update(authChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(authChallenges.userId, opts.userId),
          eq(authChallenges.kind, opts.kind),
          isNull(authChallenges.usedAt),
        ),
      );
  const id = randomUUID();
  await db.insert(authChallenges).values({
    id,
    kind: opts.kind,
    userId: opts.userId ?? null,
    tenantId: opts.tenantId ?? null,
    tokenHash: hashToken(token),
    codeHash: code ? hashToken(code) : null,
    data: opts.data ?? {},
    createdAt: now,
    expiresAt: new Date(now.getTime() + opts.ttlMs),
  });
  return { id, token, code };
}

/** Whether a challenge can still be used: not spent and not expired. */
const isLive = (now: Date) => and(isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, now));

/** The live challenges of a kind that also meet `condition`. */
const liveChallenges = (db: Db, kind: string, condition: SQL, now: Date) =>
  db
    .select()
    .from(authChallenges)
    .where(and(condition, eq(authChallenges.kind, kind), isLive(now)));

/** The live challenge a bearer token names, of the kind given; null otherwise. */
export async function findChallenge(db: Db, kind: string, token: string, now = new Date()) {
  const [row] = await liveChallenges(db, kind, eq(authChallenges.tokenHash, hashToken(token)), now);
  return row ?? null;
}

/**
 * The user's newest live challenge of a kind: for codes that come without a token (older ones of the kind
 * were superseded).
 */
export async function latestChallenge(db: Db, userId: string, kind: string, now = new Date()) {
  const [row] = await liveChallenges(db, kind, eq(authChallenges.userId, userId), now)
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

export type CodeCheck = 'ok' | 'wrong' | 'exhausted' | 'expired';

/**
 * Checks a typed code against a live challenge, counting the attempt first in one statement (parallel
 * guesses cannot exceed `maxAttempts`). The right code spends the challenge (single use); after
 * `maxAttempts` wrong codes the challenge is spent and answers `exhausted`.
 */
export async function checkChallengeCode(
  db: Db,
  challengeId: string,
  code: string,
  { maxAttempts = 5, now = new Date() }: { maxAttempts?: number; now?: Date } = {},
): Promise<CodeCheck> {
  const [counted] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(and(eq(authChallenges.id, challengeId), isLive(now), lt(authChallenges.attempts, maxAttempts)))
    .returning();
  if (!counted) {
    const [row] = await db.select().from(authChallenges).where(eq(authChallenges.id, challengeId));
    return !row || row.usedAt || row.expiresAt <= now ? 'expired' : 'exhausted';
  }
  const expected = Buffer.from(counted.codeHash ?? '', 'utf8');
  const given = Buffer.from(hashToken(code), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    if (counted.attempts >= maxAttempts) await spendChallenge(db, challengeId, now);
    return counted.attempts >= maxAttempts ? 'exhausted' : 'wrong';
  }
  return (await spendChallenge(db, challengeId, now)) ? 'ok' : 'expired';
}

/** Marks a challenge used; false when it was already used (a concurrent request won). */
export async function spendChallenge(db: Db, challengeId: string, now = new Date()): Promise<boolean> {
  const spent = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return spent.length === 1;
}
