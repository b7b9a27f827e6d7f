import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { paths } from '../../shared/api/paths';
import { readPolicy } from '../account/policies';
import { auditRefreshReuse, writeAudit } from '../audit';
import { touchSession } from '../account/policies';
import { verifyPassword } from '../auth/passwords';
import { createSessionIssuer, REFRESH_COOKIE } from '../auth/session';
import { finishSignIn } from '../auth/signin';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { users } from '../db/schema';

/** The same answer for an unknown email and a wrong password: no user enumeration. */
const BAD_CREDENTIALS = 'Incorrect email or password';
const LOCKOUT_MINUTES = 15;

const loginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
  tenantId: z.string().max(100).optional(),
});

/** Login, token refresh and logout (identity auth v1). */
export function authRoutes(services: Services): Hono<AppEnv> {
  const { db, refresh, vendorId } = services;
  const app = new Hono<AppEnv>();

  const sessions = createSessionIssuer(services);

  app.post(paths.auth.login.path, async (c) => {
    const { email, password } = await readBody(c, loginBody);
    const who = caller(c);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.vendorId, vendorId), sql`lower(${users.email}) = ${email}`));
    const now = new Date();
    const locked = Boolean(user?.lockedUntil && user.lockedUntil > now);
    // Always one password verify, so known and unknown emails answer in comparable time.
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    // A never-activated account cannot sign in (allowNotVerifiedUsersLogin is false): same answer as a bad password.
    const ok = passwordOk && !locked && user?.verified === true;
    if (!user || !ok) {
      if (user && !locked && !passwordOk) {
        // Counted in one statement: parallel wrong passwords cannot slip past the lockout.
        const [counted] = await db
          .update(users)
          .set({ failedLogins: sql`${users.failedLogins} + 1` })
          .where(eq(users.id, user.id))
          .returning({ failedLogins: users.failedLogins });
        const lockout = await readPolicy(services, user.activeTenantId, 'lockout');
        if (lockout.enabled && (counted?.failedLogins ?? 0) >= lockout.maxAttempts) {
          await db
            .update(users)
            .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) })
            .where(eq(users.id, user.id));
          await writeAudit(db, {
            vendorId,
            tenantId: user.activeTenantId,
            userId: user.id,
            email: user.email,
            action: 'User locked out',
            severity: 'High',
            ...who,
          });
        }
      }
      await writeAudit(db, {
        vendorId,
        tenantId: user?.activeTenantId,
        userId: user?.id,
        email,
        action: 'User login failed',
        severity: 'Medium',
        ...who,
      });
      throw apiError(401, BAD_CREDENTIALS);
    }
    return c.json(
      await finishSignIn(c, services, sessions, user, {
        amr: ['pwd'],
        method: 'password',
        password,
      }),
    );
  });

  app.post(paths.auth.refreshToken.path, async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    if (!token) throw apiError(401, 'Unauthorized');
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
    return c.json(await sessions.answer(result.userId, result.sessionId));
  });

  app.post(paths.auth.logout.path, async (c) => {
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

  return app;
}
