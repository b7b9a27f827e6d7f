// Pre-login (SSO lookup by email and tenant) and passwordless sign-in: magic link, email code, SMS code
// (LOGIN-002, 004–008, 021). Every success ends in finishSignIn.
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { authContracts } from '../../shared/api/contracts/auth';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { passwordlessContracts as pc, passwordlessStrategy } from '../../shared/api/contracts/passwordless';
import { paths } from '../../shared/api/paths';
import { route } from '../account/guards';
import { limitIssuance } from '../account/issuance';
import { writeAudit } from '../audit';
import { checkChallengeCode, findChallenge, issueChallenge, spendChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { finishSignIn } from '../auth/signin';
import type { AuthStrategy } from '../config';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { authChallenges, ssoConfigurations, tenants, userPhoneNumbers, users } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { inBackground } from '../signup/background';

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

const typeOf = (raw: string | undefined): PasswordlessType => {
  const key = (raw ?? '').toLowerCase();
  if (key in passwordlessTypes) return key as PasswordlessType;
  throw apiError(404, 'Not found');
};

/** The public auth strategies config (what the login box reads to pick its first step). */
export async function publicAuthStrategies(
  services: Services,
): Promise<AnswerOf<typeof authContracts.getVendorPublicAuthStrategiesConfig>> {
  const strategy = services.config.authStrategy;
  const [sso] = await services.db
    .select({ id: ssoConfigurations.id })
    .from(ssoConfigurations)
    .where(eq(ssoConfigurations.enabled, true))
    .limit(1);
  return {
    password: { isActive: strategy === 'EmailAndPassword' },
    magicLink: { isActive: strategy === 'MagicLink' },
    code: { isActive: strategy === 'Code' },
    smsCode: { isActive: strategy === 'SmsCode' },
    sso: { isActive: Boolean(sso) },
    // Passkeys (routes/webauthn.ts) are offered beside every main strategy.
    passkeys: { isActive: true },
    mainAuthStrategies: [{ strategy, isActive: true }],
    secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
  };
}

/** The enabled SSO configuration claiming the email's domain (in the tenant, when one is named). */
export async function ssoForEmail(services: Services, email: string, tenantId?: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const rows = await services.db
    .select({ sso: ssoConfigurations })
    .from(ssoConfigurations)
    .innerJoin(tenants, eq(tenants.id, ssoConfigurations.tenantId))
    .where(
      and(
        eq(tenants.vendorId, services.vendorId),
        isNull(tenants.deletedAt),
        eq(ssoConfigurations.enabled, true),
        sql`${ssoConfigurations.domains} @> ${JSON.stringify([domain])}::jsonb`,
        tenantId ? eq(ssoConfigurations.tenantId, tenantId) : undefined,
      ),
    )
    .limit(1);
  return rows[0]?.sso ?? null;
}

/** Where the SSO helper starts a sign-in with a configuration (the address pre-login answers, LOGIN-007). */
export const ssoStartAddress = (publicUrl: string, configurationId: string) =>
  `${publicUrl}/identity/resources/auth/v1/user/sso/start?configurationId=${encodeURIComponent(configurationId)}`;

/** The user who may sign in without a password: known, activated, not locked. */
async function signInCandidate(services: Services, email: string) {
  const [user] = await services.db
    .select()
    .from(users)
    .where(and(eq(users.vendorId, services.vendorId), sql`lower(${users.email}) = ${email}`));
  if (!user || !user.verified || (user.lockedUntil && user.lockedUntil > new Date())) return null;
  return user;
}

const IGNORE = 'If you did not ask for it, ignore this message.';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A mail with a text and an HTML part (every value escaped in the HTML). */
export function mailOf(to: string, subject: string, lines: string[], link?: { url: string; label: string }) {
  const text = [...lines, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}

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
  await writeAudit(services.db, {
    vendorId: services.vendorId,
    tenantId: user.activeTenantId,
    userId: user.id,
    email: user.email,
    action: 'Passwordless sign-in requested',
    json: { method: passwordlessTypes[type].method },
    ...caller(c),
  });
  return true;
}

/** The user's live code challenge of a kind (the newest; older ones were superseded). */
async function liveCodeChallenge(services: Services, userId: string, kind: string) {
  const [row] = await services.db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, userId),
        eq(authChallenges.kind, kind),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/** Pre-login and passwordless sign-in routes. */
export function passwordlessRoutes(services: Services): Hono<AppEnv> {
  const { db, vendorId, config } = services;
  const app = new Hono<AppEnv>();
  const sessions = createSessionIssuer(services);

  // Pre-login (LOGIN-006/007): SSO lookup by email domain and tenant. The answer depends on the domain only,
  // never on whether the email belongs to a user.
  const preLogin = async (c: Context<AppEnv>) => {
    const { email, tenantId } = await readBody(c, pc.preLoginV2.body);
    const sso = await ssoForEmail(services, email, tenantId);
    if (!sso) return c.json({} satisfies AnswerOf<typeof pc.preLoginV2>);
    return c.json({
      address: ssoStartAddress(config.publicUrl, sso.id),
      idpType: sso.kind === 'saml' ? 'saml' : 'oidc',
    } satisfies AnswerOf<typeof pc.preLoginV2>);
  };
  app.post(paths.auth.preLoginV2.path, preLogin);
  app.post(paths.auth.preLogin.path, preLogin);

  // Passwordless pre-login: sends the link or code. Known and unknown emails get the same answer.
  app.post(route(paths.auth.passwordlessPreLogin.path), async (c) => {
    const type = typeOf(c.req.param('mappedType'));
    const { email } = await readBody(c, pc.passwordlessPreLogin.body);
    if (config.authStrategy !== passwordlessTypes[type].strategy)
      throw apiError(400, 'This sign-in method is not enabled');
    // Before the lookup and keyed by the email as given: known and unknown emails are limited alike.
    await limitIssuance(services, { kind: 'passwordless', account: email, address: caller(c).ipAddress });
    const user = await signInCandidate(services, email);
    // Sent after the answer, so known and unknown emails answer in the same time.
    if (user) inBackground(db, 'passwordless send', () => sendPasswordless(services, c, user, type));
    return c.json({} satisfies AnswerOf<typeof pc.passwordlessPreLogin>);
  });

  // Passwordless post-login: the magic-link token (an explicit click on the page), or the email and code.
  app.post(route(paths.auth.passwordlessPostLogin.path), async (c) => {
    const type = typeOf(c.req.param('type'));
    const body = await readBody(c, pc.passwordlessPostLogin.body);
    const { kind, amr, method } = passwordlessTypes[type];
    const fail = async (userId?: string | null, email?: string) => {
      await writeAudit(db, {
        vendorId,
        userId: userId ?? null,
        email: email ?? null,
        action: 'User login failed',
        severity: 'Medium',
        json: { method },
        ...caller(c),
      });
      return apiError(401, PASSWORDLESS_FAILED);
    };
    if (type === 'magiclink') {
      if (!('token' in body)) throw await fail();
      const challenge = await findChallenge(db, kind, body.token);
      if (!challenge?.userId || !(await spendChallenge(db, challenge.id))) throw await fail();
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      if (!user) throw await fail();
      return c.json(await finishSignIn(c, services, sessions, user, { amr: [...amr], method }));
    }
    const code = 'code' in body ? body.code : body.token;
    const email = body.email;
    if (!email) throw await fail();
    const user = await signInCandidate(services, email);
    const challenge = user ? await liveCodeChallenge(services, user.id, kind) : null;
    if (!user || !challenge) throw await fail(user?.id, email);
    const check = await checkChallengeCode(db, challenge.id, code.trim(), {
      maxAttempts: PASSWORDLESS_MAX_ATTEMPTS,
    });
    if (check !== 'ok') throw await fail(user.id, email);
    // An SMS code sent to a new number after a phone reset proves that number too (PHONE-004).
    const phoneNumberId = (challenge.data as { phoneNumberId?: unknown }).phoneNumberId;
    if (typeof phoneNumberId === 'string')
      await db
        .update(userPhoneNumbers)
        .set({ verifiedAt: new Date() })
        .where(and(eq(userPhoneNumbers.id, phoneNumberId), eq(userPhoneNumbers.userId, user.id)));
    return c.json(await finishSignIn(c, services, sessions, user, { amr: [...amr], method }));
  });

  // With DEV_ROUTES=1 a test or a demo switches the vendor's strategy (the public auth strategies config).
  if (config.devRoutes)
    app.put('/dev/auth-strategy', async (c) => {
      const { strategy } = await readBody(
        c,
        z.object({ strategy: z.enum(['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode']) }),
      );
      config.authStrategy = strategy;
      return c.json({ strategy });
    });

  return app;
}
