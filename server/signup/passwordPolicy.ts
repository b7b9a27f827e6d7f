import { desc, eq, inArray, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readPolicy } from '../account/policies';
import { verifyPassword } from '../auth/passwords';
import { revokeSessionsWhere } from '../auth/revocation';
import { BREACHED_PASSWORD_MESSAGE, isCommonPassword } from '../passwords/breached';
import type { Services } from '../context';
import type { Db } from '../db';
import { passwordHistory, refreshTokens, sessions, users } from '../db/schema';

/** The password configuration (users v1 passwords/config): the one source of the server's password checks. */
export const PASSWORD_CONFIG = {
  minLength: 8,
  maxLength: 128,
  allowPassphrases: true,
  minPhraseLength: 20,
  minOptionalTestsToPass: 0,
} as const;

/** History rows kept per user: the largest historySize the password-history policy accepts. */
export const PASSWORD_HISTORY_KEPT = 24;

export const RECENTLY_USED = 'The password was used recently';

/** A password being set: the configured length bounds (no optional tests are required). */
export const newPasswordField = z
  .string()
  .min(PASSWORD_CONFIG.minLength, `The password must be at least ${PASSWORD_CONFIG.minLength} characters`)
  .max(PASSWORD_CONFIG.maxLength, `The password must be at most ${PASSWORD_CONFIG.maxLength} characters`)
  // Sign-up, activation, reset and change refuse a password of the breached list (LOGIN-011).
  .refine((password) => !isCommonPassword(password), BREACHED_PASSWORD_MESSAGE);

/**
 * True when the password-history policy of the user's tenant (default: on, 5) forbids `password`: it matches
 * the current hash or one of the last `historySize` ones.
 */
export async function usedRecently(
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  user: { id: string; passwordHash: string | null; activeTenantId: string | null },
  password: string,
): Promise<boolean> {
  const policy = await readPolicy(services, user.activeTenantId, 'passwordHistory');
  if (!policy.enabled) return false;
  const history = await services.db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(policy.historySize);
  const hashes = [user.passwordHash, ...history.map((h) => h.passwordHash)].filter((h): h is string => !!h);
  for (const hash of hashes) if (await verifyPassword(hash, password)) return true;
  return false;
}

/** Sets the new hash and keeps the old one in the history (the last PASSWORD_HISTORY_KEPT of them). */
export async function replacePassword(
  tx: Db,
  user: { id: string; passwordHash: string | null },
  newHash: string,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<void> {
  await tx
    .update(users)
    // A new password passed the breached check: the user's breached flag is cleared.
    .set({ ...extra, passwordHash: newHash, isBreachedPassword: false })
    .where(eq(users.id, user.id));
  if (!user.passwordHash) return;
  await tx
    .insert(passwordHistory)
    .values({ id: randomUUID(), userId: user.id, passwordHash: user.passwordHash });
  const dropped = await tx
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt))
    .offset(PASSWORD_HISTORY_KEPT);
  if (dropped.length)
    await tx.delete(passwordHistory).where(
      inArray(
        passwordHistory.id,
        dropped.map((k) => k.id),
      ),
    );
}

/** Ends the user's sessions and their refresh tokens (all, or all but `keepSessionId`). */
export async function revokeSessions(tx: Db, userId: string, keepSessionId?: string): Promise<void> {
  await revokeSessionsWhere(tx, {
    sessions: [eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined],
    tokens: [
      eq(refreshTokens.userId, userId),
      keepSessionId ? ne(refreshTokens.sessionId, keepSessionId) : undefined,
    ],
  });
}
