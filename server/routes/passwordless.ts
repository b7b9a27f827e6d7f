// Pre-login (SSO lookup by email and tenant) and passwordless sign-in: magic link, email code, SMS code
// (LOGIN-002, 004–008, 021). Every success ends in finishSignIn.
import { and, eq, sql } from 'drizzle-orm';
import { type Context } from 'hono';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { passwordlessContracts as pc } from '../../shared/api/contracts/passwordless';
import { paths } from '../../shared/api/paths';
import { limitIssuance } from '../account/issuance';
import { writeAudit } from '../audit';
import { checkChallengeCode, findChallenge, latestChallenge, spendChallenge } from '../auth/challenges';
import { createSessionIssuer } from '../auth/session';
import { finishSignIn } from '../auth/signin';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { userPhoneNumbers, users } from '../db/schema';
import { inBackground } from '../signup/background';
import {
  PASSWORDLESS_FAILED,
  PASSWORDLESS_MAX_ATTEMPTS,
  passwordlessTypeOf,
  passwordlessTypes,
  sendPasswordless,
} from '../passwordless/send';
import { ssoForEmail, ssoStartAddress } from '../sso/byEmail';
import { devEndpoint, defineFamily, signIn, publicEndpoints } from './endpoints';

/** The user who may sign in without a password: known, activated, not locked. */
async function signInCandidate(services: Services, email: string) {
  const [user] = await services.db
    .select()
    .from(users)
    .where(and(eq(users.vendorId, services.vendorId), sql`lower(${users.email}) = ${email}`));
  if (!user || !user.verified || (user.lockedUntil && user.lockedUntil > new Date())) return null;
  return user;
}

export const passwordlessEndpointsByName = signIn(
  publicEndpoints(paths.auth, 'preLoginV2', 'preLogin', 'passwordlessPreLogin', 'passwordlessPostLogin'),
);

/** Pre-login and passwordless sign-in routes. */
export const passwordlessRoutes = defineFamily(passwordlessEndpointsByName, (on, e, services) => {
  const { db, vendorId, config } = services;
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
  on(e.preLoginV2, preLogin);
  on(e.preLogin, preLogin);

  // Passwordless pre-login: sends the link or code. Known and unknown emails get the same answer.
  on(e.passwordlessPreLogin, async (c) => {
    const type = passwordlessTypeOf(c.req.param('mappedType'));
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
  on(e.passwordlessPostLogin, async (c) => {
    const type = passwordlessTypeOf(c.req.param('type'));
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
    const challenge = user ? await latestChallenge(services.db, user.id, kind) : null;
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
});

export const passwordlessDevEndpointsByName = {
  setAuthStrategy: devEndpoint(
    { method: 'PUT', path: '/dev/auth-strategy' },
    "the vendor's sign-in strategy",
  ),
} as const;

// With DEV_ROUTES=1 a test or a demo switches the vendor's strategy (the public auth strategies config).
export const passwordlessDevRoutes = defineFamily(passwordlessDevEndpointsByName, (on, e, { config }) => {
  on(e.setAuthStrategy, async (c) => {
    const { strategy } = await readBody(
      c,
      z.object({ strategy: z.enum(['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode']) }),
    );
    config.authStrategy = strategy;
    return c.json({ strategy });
  });
});
