import { and, eq, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/refresh';
import type { Db } from '../db';
import { oauthCodes } from '../db/schema';
import { verifiesChallenge } from './pkce';

/** Codes live at most this long (issue 3: at most 10 minutes). */
export const CODE_TTL_MS = 10 * 60_000;

export interface CodeGrant {
  clientId: string;
  userId: string;
  sessionId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string | null;
}

/** A new code (32 random bytes); only its hash is stored, bound to client, redirect URI and challenge. */
export async function issueCode(db: Db, grant: CodeGrant, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.insert(oauthCodes).values({
    ...grant,
    nonce: grant.nonce ?? null,
    codeHash: hashToken(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

export type CodeRedemption =
  | { kind: 'redeemed'; grant: CodeGrant }
  /** The code already bought tokens: whoever presents it again may have stolen it. */
  | { kind: 'replayed'; grant: CodeGrant }
  | { kind: 'invalid'; reason: string };

/**
 * Redeems a code for the client that presents the verifier. Every check runs before the code is spent, so a
 * wrong verifier does not burn it; the spending itself is one conditional UPDATE, so of concurrent
 * redemptions exactly one wins and the others count as replays.
 */
export async function redeemCode(
  db: Db,
  presented: { code: string; clientId: string; redirectUri: string; codeVerifier?: string },
  now: Date,
): Promise<CodeRedemption> {
  const codeHash = hashToken(presented.code);
  const [row] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash));
  if (!row) return { kind: 'invalid', reason: 'The authorization code is unknown' };
  if (row.clientId !== presented.clientId)
    return { kind: 'invalid', reason: 'The authorization code was issued to another client' };
  if (row.usedAt) return { kind: 'replayed', grant: row };
  if (row.expiresAt <= now) return { kind: 'invalid', reason: 'The authorization code has expired' };
  if (row.redirectUri !== presented.redirectUri)
    return { kind: 'invalid', reason: 'redirect_uri does not match the authorization request' };
  if (!presented.codeVerifier) return { kind: 'invalid', reason: 'code_verifier is required' };
  if (!verifiesChallenge(presented.codeVerifier, row.codeChallenge))
    return { kind: 'invalid', reason: 'code_verifier does not match the code challenge' };
  const [won] = await db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning();
  return won ? { kind: 'redeemed', grant: won } : { kind: 'replayed', grant: row };
}
