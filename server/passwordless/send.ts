// Passwordless codes and links (LOGIN-021): the wire's types and sending one to a known user. Phone resets
// (routes/phone.ts) send through the same path.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { passwordlessStrategy } from '../../shared/api/contracts/passwordless';
import { issueChallenge } from '../auth/challenges';
import type { AuthStrategy } from '../config';
import { apiError, type Services } from '../context';
import { userPhoneNumbers } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { mailOf } from '../mail/message';
import { auditUser } from '../auth/userAudit';

/** The default failure of every passwordless step (LOGIN-021): the same for each cause. */
export const PASSWORDLESS_FAILED = 'Failed to authenticate';
/** Codes and links live 10 minutes; a code allows 5 attempts. */
export const PASSWORDLESS_TTL_MS = 10 * 60_000;
export const PASSWORDLESS_MAX_ATTEMPTS = 5;

/** The passwordless types of the wire (`{mappedType}` of the paths table). */
export const passwordlessTypes = {
  magiclink: {
    strategy: passwordlessStrategy.magiclink,
    kind: 'magic-link',
    amr: ['email'],
    method: 'magic link',
  },
  code: { strategy: passwordlessStrategy.code, kind: 'otc', amr: ['otp'], method: 'email code' },
  smscode: { strategy: passwordlessStrategy.smscode, kind: 'sms-login', amr: ['sms'], method: 'sms code' },
} as const satisfies Record<
  keyof typeof passwordlessStrategy,
  { strategy: AuthStrategy; kind: string; amr: string[]; method: string }
>;
export type PasswordlessType = keyof typeof passwordlessTypes;

/** The passwordless type a path names (404 for any other). */
export const passwordlessTypeOf = (raw: string | undefined): PasswordlessType => {
  const key = (raw ?? '').toLowerCase();
  if (key in passwordlessTypes) return key as PasswordlessType;
  throw apiError(404, 'Not found');
};

const IGNORE = 'If you did not ask for it, ignore this message.';
/** The user's newest verified phone number (SMS codes go there). */
export async function verifiedPhone(services: Services, userId: string): Promise<string | null> {
  const [row] = await services.db
    .select({ phoneNumber: userPhoneNumbers.phoneNumber })
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.userId, userId), isNotNull(userPhoneNumbers.verifiedAt)))
    .orderBy(desc(userPhoneNumbers.verifiedAt))
    .limit(1);
  return row?.phoneNumber ?? null;
}

/**
 * Sends a passwordless code or link to a known user (a mail, or an SMS to their verified phone). Only the
 * newest code or link works: earlier ones of the same kind are spent.
 */
export async function sendPasswordless(
  services: Services,
  c: Context,
  user: { id: string; email: string; activeTenantId: string | null },
  type: PasswordlessType,
  phoneNumber?: string | null,
  data?: Record<string, unknown>,
): Promise<boolean> {
  const { kind } = passwordlessTypes[type];
  const to = type === 'smscode' ? (phoneNumber ?? (await verifiedPhone(services, user.id))) : user.email;
  if (!to) return false;
  const challenge = await issueChallenge(services.db, {
    kind,
    userId: user.id,
    tenantId: user.activeTenantId,
    ttlMs: PASSWORDLESS_TTL_MS,
    codeDigits: type === 'magiclink' ? undefined : 6,
    supersede: true,
    data,
  });
  if (type === 'magiclink') {
    const link = loginBoxLink(services.config, 'magicLinkCallbackUrl', { token: challenge.token });
    await services.mailer.send(
      mailOf(to, 'Your sign-in link', ['Open the link below to sign in; it works for 10 minutes.', IGNORE], {
        url: link,
        label: 'Sign in',
      }),
    );
  } else if (type === 'code') {
    await services.mailer.send(
      mailOf(to, 'Your sign-in code', [
        `Your sign-in code is ${challenge.code}. It works for 10 minutes.`,
        IGNORE,
      ]),
    );
  } else {
    await services.sms.send({ to, text: `Your sign-in code is ${challenge.code}. It works for 10 minutes.` });
  }
  await auditUser(services, c, user, {
    action: 'Passwordless sign-in requested',
    json: { method: passwordlessTypes[type].method },
  });
  return true;
}
