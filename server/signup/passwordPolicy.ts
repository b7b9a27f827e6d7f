import { desc, eq, inArray, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PASSWORD_LIMITS } from '../../shared/api/passwordRules';
import { readPolicy, type PasswordConfigPolicy } from '../account/policies';
import { verifyPassword } from '../auth/passwords';
import { revokeSessionsWhere } from '../auth/revocation';
import { BREACHED_PASSWORD_MESSAGE, isCommonPassword } from '../passwords/breached';
import type { Services } from '../context';
import type { Db } from '../db';
import { passwordHistory, refreshTokens, sessions, users } from '../db/schema';

export { PASSWORD_LIMITS, passwordTestConfig } from '../../shared/api/passwordRules';

/** History rows kept per user: the largest historySize the password-history policy accepts. */
export const PASSWORD_HISTORY_KEPT = 24;

export const RECENTLY_USED = 'The password was used recently';

/** The least minimum length an account's rules may set: every account refuses a shorter password. */
const MIN_LENGTH_FLOOR = 8;

/**
 * A password being set, as a request body carries it: the fixed bounds (8 to 128 characters) and the
 * breached list (LOGIN-011), checked before anything is looked up. The account's own minimum, character
 * classes and repeats are checked by `passwordProblem` once the account is known.
 */
export const newPasswordField = z
  .string()
  .min(MIN_LENGTH_FLOOR, `The password must be at least ${MIN_LENGTH_FLOOR} characters`)
  .max(PASSWORD_LIMITS.maxLength, `The password must be at most ${PASSWORD_LIMITS.maxLength} characters`)
  .refine((password) => !isCommonPassword(password), BREACHED_PASSWORD_MESSAGE);

const CLASSES = [
  ['requireLowercase', /\p{Ll}/u, 'a lowercase letter'],
  ['requireUppercase', /\p{Lu}/u, 'an uppercase letter'],
  ['requireNumbers', /\p{N}/u, 'a number'],
  ['requireSpecialChars', /[^\p{L}\p{N}]/u, 'a special character'],
] as const;

/** Whether `password` breaks `rules`: the first problem's catalog message (length, classes, repeats), or null. */
export function ruleProblem(rules: PasswordConfigPolicy, password: string): string | null {
  const length = [...password].length;
  if (length < rules.minLength) return `The password must be at least ${rules.minLength} characters`;
  // A passphrase passes the character-class tests (not the length, nor the repeats).
  if (length < PASSWORD_LIMITS.minPhraseLength)
    for (const [flag, pattern, name] of CLASSES)
      if (rules[flag] && !pattern.test(password)) return `The password must contain ${name}`;
  if (rules.checkThreeRepeatedChars && /(.)\1\1/su.test(password))
    return 'The password must not repeat a character three times in a row';
  return null;
}

/**
 * The password rules of an account (its passwordConfig policy where the vendor lets accounts set their own,
 * else the vendor's; `tenantId` null = the vendor's, as for a new account's sign-up), then the breached list
 * (LOGIN-011). Answers the first problem's catalog message, or null. The history check comes after it.
 */
export async function passwordProblem(
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  tenantId: string | null | undefined,
  password: string,
): Promise<string | null> {
  const rules = await readPolicy(services, tenantId, 'passwordConfig');
  const problem = ruleProblem(rules, password);
  if (problem) return problem;
  return isCommonPassword(password) ? BREACHED_PASSWORD_MESSAGE : null;
}

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

/**
 * Password rotation at sign-in (the passwordRotation policy of the user's account): `expired` when the
 * password was set more than rotationPeriod days ago; else, within notificationPeriod days of that, the
 * seconds left (`expiresIn`, the login answer's passwordExpiresIn).
 */
export async function passwordAge(
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  user: { activeTenantId: string | null; passwordChangedAt: Date },
  now: Date = new Date(),
): Promise<{ expired: boolean; expiresIn?: number }> {
  const policy = await readPolicy(services, user.activeTenantId, 'passwordRotation');
  if (!policy.isActive) return { expired: false };
  const DAY_MS = 86_400_000;
  const left = user.passwordChangedAt.getTime() + policy.rotationPeriod * DAY_MS - now.getTime();
  if (left <= 0) return { expired: true };
  return left <= policy.notificationPeriod * DAY_MS
    ? { expired: false, expiresIn: Math.floor(left / 1000) }
    : { expired: false };
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
    .set({ ...extra, passwordHash: newHash, isBreachedPassword: false, passwordChangedAt: new Date() })
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
