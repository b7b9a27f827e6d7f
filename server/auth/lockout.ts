// Account lockout: every password guess (sign-in or change password) reserves an attempt in the database
// BEFORE the slow verification, in one statement. The reservation that reaches the policy's number of attempts
// locks the account, so at most that many guesses are ever evaluated per lock period, whatever the
// concurrency and however many server processes share the database. A guess arriving after the lock is
// refused unverified, even if it is right; the lock ends with its time, a password reset, the mailed unlock
// link or an administrator.
import { and, eq, gt, sql } from 'drizzle-orm';
import { readPolicy } from '../account/policies';
import { writeAudit } from '../audit';
import type { Services } from '../context';
import type { Db } from '../db';
import { users } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { countHit, hashedKey } from '../middleware/rate-limit';
import { lockedOutMail } from '../signup/mails';
import { issueUserToken } from '../signup/userTokens';

export type Reservation =
  /** This guess may be verified; `locks` when it was the last one the policy allows (the account is now locked). */
  | { reserved: true; locks: boolean }
  /** The account is locked (an unknown email past the same number of failures too): do not verify the guess. */
  | { reserved: false };

/**
 * Reserves one password guess for a user, atomically: counts it, and locks the account when the count reaches
 * the policy's maximum. A lock that has run out is lifted here (the count starts again at this guess).
 */
export async function reserveAttempt(
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  /**
   * Null for an unknown email, given as `email`: its failures are counted too (per email, for the lockout's
   * duration), so it is "locked" after the same number of guesses and the answers tell nothing.
   */
  user: { id: string; activeTenantId: string | null } | null,
  { email = '', now = new Date() }: { email?: string; now?: Date } = {},
): Promise<Reservation> {
  const policy = await readPolicy(services, user?.activeTenantId, 'lockout');
  if (!policy.enabled) {
    // No lockout: nothing to count; a lock from before the policy changed still runs out by its time.
    const [row] = await services.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    // An unknown email is never "locked" here: with no lockout, nobody's answer says blocked.
    if (row?.lockedUntil && row.lockedUntil > now) return { reserved: false };
    return { reserved: true, locks: false };
  }
  if (!user) {
    const key = `login-failures|${hashedKey(email)}`;
    const { count } = await countHit(services.db, key, policy.lockoutMinutes * 60_000, now);
    return count <= policy.maxAttempts
      ? { reserved: true, locks: count === policy.maxAttempts }
      : { reserved: false };
  }
  const until = new Date(now.getTime() + policy.lockoutMinutes * 60_000);
  const expired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${now})`;
  const count = sql`(case when ${expired} then 1 else ${users.failedLogins} + 1 end)`;
  const [row] = await services.db
    .update(users)
    .set({
      failedLogins: count,
      lockedUntil: sql`case when ${count} >= ${policy.maxAttempts} then ${until}::timestamptz else null end`,
    })
    .where(sql`${users.id} = ${user.id} and (${users.lockedUntil} is null or ${expired})`)
    .returning({ attempt: users.failedLogins });
  return row ? { reserved: true, locks: row.attempt >= policy.maxAttempts } : { reserved: false };
}

/** A reserved guess was right: the count starts again (and the lock its own reservation set is lifted). */
export async function clearAttempts(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** An administrator or the user's unlock link lifts a lock: answers whether the account was locked. */
export async function unlockAccount(db: Db, userId: string, now: Date = new Date()): Promise<boolean> {
  const [unlocked] = await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), gt(users.lockedUntil, now)))
    .returning({ id: users.id });
  if (!unlocked) await clearAttempts(db, userId);
  return Boolean(unlocked);
}

/** The moment an account locks: the audit row, and the unlock link mailed to its owner. */
export async function lockedOut(
  services: Pick<Services, 'db' | 'vendorId' | 'config' | 'mailer'>,
  user: { id: string; email: string; name: string; activeTenantId: string | null },
  who: { ipAddress: string; userAgent: string },
  description: string,
): Promise<void> {
  await writeAudit(services.db, {
    vendorId: services.vendorId,
    tenantId: user.activeTenantId,
    userId: user.id,
    email: user.email,
    action: 'User locked out',
    description,
    severity: 'High',
    ...who,
  });
  await mailUnlockLink(services, user);
}

/** Mails a locked-out user the link that unlocks the account (unlockMe), valid for an hour. */
async function mailUnlockLink(
  services: Pick<Services, 'db' | 'vendorId' | 'config' | 'mailer'>,
  user: { id: string; email: string; name: string; activeTenantId: string | null },
): Promise<void> {
  const policy = await readPolicy(services, user.activeTenantId, 'lockout');
  const token = await issueUserToken(services.db, { kind: 'unlock', userId: user.id });
  const url = loginBoxLink(services.config, 'loginUrl', { unlockToken: token });
  await services.mailer.send(lockedOutMail(user.email, user.name, url, policy.lockoutMinutes));
}
