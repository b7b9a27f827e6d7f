import { and, eq, sql } from 'drizzle-orm';
import { getCookie } from 'hono/cookie';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { authContracts as contracts } from '../../shared/api/contracts/auth';
import { usersContracts } from '../../shared/api/contracts/users';
import { paths } from '../../shared/api/paths';
import { auditRefreshReuse, writeAudit } from '../audit';
import { touchSession } from '../account/policies';
import { clearAttempts, lockedOut, reserveAttempt, unlockAccount } from '../auth/lockout';
import { verifyPassword } from '../auth/passwords';
import { createSessionIssuer, REFRESH_COOKIE } from '../auth/session';
import { finishSignIn } from '../auth/signin';
import { assertCaptcha, captchaRequiredAtSignIn } from '../captcha';
import { apiError, caller, readBody } from '../context';
import { users } from '../db/schema';
import { assertRefreshAllowed } from '../ipRestrictions';
import { trustedOrigin } from '../middleware/trusted-origin';
import { inBackground } from '../signup/background';
import { passwordAge } from '../signup/passwordPolicy';
import { consumeUserToken } from '../signup/userTokens';
import { publicEndpoint, signIn, defineFamily, uncounted } from './endpoints';

/** The same answer for an unknown email and a wrong password: no user enumeration. */
const BAD_CREDENTIALS = 'Incorrect email or password';
/** After the policy's number of failures, for known and unknown emails alike. */
export const SIGN_IN_BLOCKED =
  'Sign-in is temporarily blocked after too many attempts. Try again later or reset your password';

/** Password rotation: a password older than the policy's period is refused once verified (ER-1015). */
export const PASSWORD_EXPIRED = 'Your password has expired. Reset it to sign in';

export const UNLOCK_INVALID = 'The unlock link is invalid or expired';

/** Login, unlock, token refresh and logout (identity auth v1). */
export const authEndpointsByName = {
  login: signIn(publicEndpoint(paths.auth.login)),
  unlockMe: publicEndpoint(paths.users.unlockMe, 'the mailed unlock token names the user'),
  // Cookie-authenticated, from trusted origins; the refresh token is a random 256-bit secret (nothing to guess).
  refreshToken: uncounted(publicEndpoint(paths.auth.refreshToken, 'refresh cookie')),
  logout: signIn(publicEndpoint(paths.auth.logout, 'refresh cookie')),
} as const;

export const authRoutes = defineFamily(authEndpointsByName, (on, e, services) => {
  const { db, refresh, vendorId } = services;
  const sessions = createSessionIssuer(services);

  on(e.login, async (c) => {
    const { email, password, recaptchaToken } = await readBody(c, contracts.login.body);
    const who = caller(c);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.vendorId, vendorId), sql`lower(${users.email}) = ${email}`));
    // Captcha (SECURITY-020), before the password is verified or an attempt counted; an unknown email is asked
    // whenever any account asks, so the answer tells nothing.
    if (await captchaRequiredAtSignIn(services, user)) await assertCaptcha(services, recaptchaToken);
    // The guess is reserved before it is verified: a parallel burst evaluates at most the policy's attempts.
    const reservation = await reserveAttempt(services, user ?? null, { email });
    // Always one password verify (a dummy one when there is nothing to check), so the answer time tells nothing.
    const passwordOk = await verifyPassword(reservation.reserved ? user?.passwordHash : null, password);
    // A right guess starts the count again (it was reserved, so the account was not locked when it came).
    if (user && passwordOk) await clearAttempts(db, user.id);
    // A never-activated account cannot sign in (allowNotVerifiedUsersLogin is false): same answer as a bad password.
    if (!user || !passwordOk || !user.verified) {
      // Audit rows and the unlock mail go after the answer: a lockout's extra work must not make known emails slower.
      inBackground(db, 'login failure audit', async () => {
        if (user && !passwordOk && reservation.reserved && reservation.locks)
          await lockedOut(services, user, who, 'Too many wrong passwords at sign-in');
        await writeAudit(db, {
          vendorId,
          tenantId: user?.activeTenantId,
          userId: user?.id,
          email,
          action: user && !reservation.reserved ? 'User login refused: account locked' : 'User login failed',
          severity: 'Medium',
          ...who,
        });
      });
      // A locked account (or an unknown email after as many failures) is told so, with the way out (reset).
      throw apiError(401, reservation.reserved ? BAD_CREDENTIALS : SIGN_IN_BLOCKED);
    }
    // Password rotation (SECURITY-020): told only to whoever proved the password. An expired one signs no one in.
    const age = await passwordAge(services, user);
    if (age.expired) {
      inBackground(db, 'expired password audit', () =>
        writeAudit(db, {
          vendorId,
          tenantId: user.activeTenantId,
          userId: user.id,
          email,
          action: 'User login refused: password expired',
          severity: 'Medium',
          ...who,
        }),
      );
      throw apiError(400, PASSWORD_EXPIRED);
    }
    const answer = await finishSignIn(c, services, sessions, user, {
      amr: ['pwd'],
      method: 'password',
      password,
    });
    return c.json({
      ...answer,
      ...(age.expiresIn === undefined ? {} : { passwordExpiresIn: age.expiresIn }),
    } satisfies AnswerOf<typeof contracts.login>);
  });

  // The unlock link mailed at a lockout: the token alone (Frontegg's IUnlockMeRequest) names the user.
  on(e.unlockMe, async (c) => {
    const { token } = await readBody(c, usersContracts.unlockMe.body);
    const used = await consumeUserToken(db, 'unlock', null, token);
    if (!used) throw apiError(400, UNLOCK_INVALID);
    await unlockAccount(db, used.userId);
    await writeAudit(db, {
      vendorId,
      userId: used.userId,
      action: 'User unlocked by unlock link',
      ...caller(c),
    });
    return c.json({});
  });

  // Cookie-authenticated: only the server's own pages and the allowed host origins may ask.
  const fromTrustedOrigin = trustedOrigin(services.config);

  on(e.refreshToken, fromTrustedOrigin, async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    // No cookie at all: a signed-out browser asking whether it has a session. "No" is an answer, not a failure
    // (204): every signed-out page load would otherwise log a 401 in the host's console.
    if (!token) return c.body(null, 204, { 'Cache-Control': 'no-store' });
    // The tab's account (TENANTS-016: `{ tenantId }`, as Frontegg's client sends it; no body: the active one),
    // read before the token is spent: a bad body must not cost the session its cookie.
    const { tenantId } = (await c.req.text()).trim()
      ? await readBody(c, contracts.refreshToken.body)
      : { tenantId: undefined };
    // The tenant's IP restrictions, before the token is spent (403, the cookie stays good elsewhere).
    await assertRefreshAllowed(db, token, caller(c).ipAddress);
    const result = await refresh.redeem(token);
    if (result.kind === 'reused') await auditRefreshReuse(db, vendorId, result, caller(c));
    // Another tab redeemed this token a moment ago: it holds the new cookie, try again (409).
    if (result.kind === 'concurrent') throw apiError(409, 'The token was just refreshed, try again');
    if (result.kind !== 'rotated') {
      sessions.clearRefreshCookie(c);
      throw apiError(401, 'Unauthorized');
    }
    // A session past its idle or absolute timeout ends here; a live one is marked as seen.
    if (!(await touchSession(services, result.sessionId))) {
      sessions.clearRefreshCookie(c);
      throw apiError(401, 'Unauthorized');
    }
    sessions.setRefreshCookie(c, result.token);
    const answer = await sessions.answer(c, result.userId, result.sessionId, tenantId ?? undefined);
    return c.json(answer satisfies AnswerOf<typeof contracts.refreshToken>);
  });

  on(e.logout, fromTrustedOrigin, async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    sessions.clearRefreshCookie(c);
    if (token) {
      const result = await refresh.redeem(token);
      if (result.kind === 'rotated' || result.kind === 'reused') {
        await refresh.revokeSession(result.sessionId);
        await writeAudit(db, { vendorId, userId: result.userId, action: 'User logged out', ...caller(c) });
      }
    }
    return c.json({});
  });
});
