// The signed-in user's change of email (Frontegg's updateEmail / verifyEmail): a code mailed to the new
// address proves it; then the address changes and the old one is told. An address another user of the vendor
// holds gets no code (the caller learns nothing: the answer is the same), so verifying it fails.
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { limitIssuance } from '../account/issuance';
import { checkChallengeCode, issueChallenge } from '../auth/challenges';
import { writeAudit } from '../audit';
import { apiError, caller, type Services } from '../context';
import { authChallenges, users, userTenants } from '../db/schema';
import { checkEmailDomain } from '../domainRestrictions';
import type { Mail } from '../mail/mailer';
import { inBackground } from '../signup/background';

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
export const EMAIL_IN_USE = 'This email is already in use';
const INVALID_CODE = 'The code is invalid or has expired';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const mail = (to: string, subject: string, lines: string[]): Mail => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
});

const holder = async (services: Services, email: string, userId: string) => {
  const [other] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.vendorId, services.vendorId), sql`lower(${users.email}) = ${email}`, ne(users.id, userId)),
    );
  return other;
};

/**
 * Refuses (403) an address that the email-domain restrictions (SECURITY-014) of an account the user belongs to
 * do not let in: a member keeps only an address every one of their accounts accepts.
 */
async function assertDomainAllowed(services: Services, userId: string, email: string) {
  const memberships = await services.db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(eq(userTenants.userId, userId));
  for (const { tenantId } of memberships) {
    const refusal = await checkEmailDomain(services.db, tenantId, email);
    if (refusal) throw apiError(403, refusal);
  }
}

/** Mails a code to the new address (same answer whether or not the address is free). */
export async function requestEmailChange(services: Services, c: Context, userId: string, email: string) {
  // Depends on the address only (not on who holds it): refused before anything else.
  await assertDomainAllowed(services, userId, email);
  // The verification mails of one address share the activation budget (mails that prove an address).
  await limitIssuance(services, { kind: 'activation', account: email, address: caller(c).ipAddress });
  if (await holder(services, email, userId)) return;
  const challenge = await issueChallenge(services.db, {
    kind: 'email-change',
    userId,
    ttlMs: CODE_TTL_MS,
    codeDigits: 6,
    data: { email },
    supersede: true,
  });
  inBackground(services.db, 'email-change mail', () =>
    services.mailer.send(
      mail(email, 'Confirm your new email address', [
        `Your code to make this the email address of your account is ${challenge.code}. It works for 10 minutes.`,
        'If you did not ask for it, ignore this message.',
      ]),
    ),
  );
}

/** The mailed code changes the user's email; the old address is told. */
export async function verifyEmailChange(
  services: Services,
  c: Context,
  auth: { sub: string; tenantId: string; email?: string },
  email: string,
  code: string,
) {
  const { db, vendorId } = services;
  const [challenge] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, auth.sub),
        eq(authChallenges.kind, 'email-change'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  if (!challenge || (challenge.data as { email?: string }).email !== email) throw apiError(400, INVALID_CODE);
  if ((await checkChallengeCode(db, challenge.id, code, { maxAttempts: MAX_ATTEMPTS })) !== 'ok')
    throw apiError(400, INVALID_CODE);
  // Taken meanwhile (a sign-up or another change): refused.
  if (await holder(services, email, auth.sub)) throw apiError(409, EMAIL_IN_USE);
  // The restrictions may have changed since the code was mailed.
  await assertDomainAllowed(services, auth.sub, email);
  const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, auth.sub));
  if (!before) throw apiError(401, 'Unauthorized');
  await db.update(users).set({ email, verified: true }).where(eq(users.id, auth.sub));
  await writeAudit(db, {
    vendorId,
    tenantId: auth.tenantId,
    userId: auth.sub,
    email,
    action: 'User changed email',
    severity: 'Medium',
    json: { previousEmail: before.email },
    ...caller(c),
  });
  inBackground(db, 'email-changed notice', () =>
    services.mailer.send(
      mail(before.email, 'Your email address was changed', [
        `The email address of your account is now ${email}.`,
        'If you did not change it, contact your administrator at once.',
      ]),
    ),
  );
}
