// Account lockout: every password guess (sign-in or change password) reserves an attempt in the database
// BEFORE the slow verification, in one statement. The reservation that reaches the policy's number of attempts
// locks the account, so at most that many guesses are ever evaluated per lock period, whatever the
// concurrency and however many server processes share the database. A guess arriving after the lock is
// refused unverified, even if it is right; the lock ends with its time, a password reset or an administrator.
import { eq, sql } from 'drizzle-orm';
import { readPolicy } from '../account/policies';
import type { Services } from '../context';
import type { Db } from '../db';
import { users } from '../db/schema';

/** How long a locked account stays locked. */
export const LOCKOUT_MINUTES = 15;

export type Reservation =
  /** This guess may be verified; `locks` when it was the last one the policy allows (the account is now locked). */
  | { reserved: true; attempt: number; locks: boolean }
  /** The account is locked (or there is no such account): the guess must not be verified. */
  | { reserved: false };

/**
 * Reserves one password guess for a user, atomically: counts it, and locks the account when the count reaches
 * the policy's maximum. A lock that has run out is lifted here (the count starts again at this guess).
 */
export async function reserveAttempt(
  services: Pick<Services, 'db' | 'vendorId'>,
  /** Null for an unknown email: the same statements run (and reserve nothing), so timing tells nothing. */
  user: { id: string; activeTenantId: string | null } | null,
  now: Date = new Date(),
): Promise<Reservation> {
  const policy = await readPolicy(services, user?.activeTenantId, 'lockout');
  if (!policy.enabled) {
    // No lockout: nothing to count; a lock from before the policy changed still runs out by its time.
    const [row] = await services.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, user?.id ?? ''));
    if (!row || (row.lockedUntil && row.lockedUntil > now)) return { reserved: false };
    return { reserved: true, attempt: 1, locks: false };
  }
  const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
  const expired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${now})`;
  const count = sql`(case when ${expired} then 1 else ${users.failedLogins} + 1 end)`;
  const [row] = await services.db
    .update(users)
    .set({
      failedLogins: count,
      lockedUntil: sql`case when ${count} >= ${policy.maxAttempts} then ${until}::timestamptz else null end`,
    })
    .where(sql`${users.id} = ${user?.id ?? ''} and (${users.lockedUntil} is null or ${expired})`)
    .returning({ attempt: users.failedLogins });
  return row ? { reserved: true, attempt: row.attempt, locks: row.attempt >= policy.maxAttempts } : { reserved: false };
}

/** A reserved guess was right: the count starts again (and the lock its own reservation set is lifted). */
export async function clearAttempts(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}
