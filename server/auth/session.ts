import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiError, caller, type Services } from '../context';
import { sessions, users } from '../db/schema';
import { enforceSessionPolicy } from '../account/policies';
import { loadUserView, userClaims } from '../users';

export const REFRESH_COOKIE = 'fe_refresh';
export const REFRESH_COOKIE_PATH = '/identity/resources/auth/v1';

/** Starting sessions and answering with tokens: shared by login, activation, invitation, reset and OAuth. */
export function createSessionIssuer(services: Services) {
  const { db, tokens, refresh, config } = services;
  const setRefreshCookie = (c: Context, token: string) =>
    setCookie(c, REFRESH_COOKIE, token, {
      httpOnly: true,
      secure: true,
      sameSite: config.cookieSameSite,
      path: REFRESH_COOKIE_PATH,
      maxAge: config.refreshTokenTtlDays * 86_400,
    });

  /** A fresh access token for the session's user, in the login answer shape. */
  async function answer(userId: string, sessionId: string) {
    const user = await loadUserView(db, userId);
    if (!user) throw apiError(401, 'Unauthorized');
    const { token, expiresIn } = await tokens.sign(userClaims(user, sessionId));
    return {
      accessToken: token,
      expiresIn,
      expires: new Date(Date.now() + expiresIn * 1000).toUTCString(),
      mfaRequired: false,
      user,
    };
  }

  return {
    setRefreshCookie,
    clearRefreshCookie: (c: Context) =>
      deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: true }),
    answer,
    /** Signs the user in: a session row, a refresh cookie (new family) and the login answer. */
    async start(c: Context, userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw apiError(401, 'Unauthorized');
      const sessionId = randomUUID();
      await db
        .insert(sessions)
        .values({ id: sessionId, userId, tenantId: user.activeTenantId ?? '', ...caller(c) });
      // The session policy: timed-out sessions end, and only the newest allowed number stay open.
      await enforceSessionPolicy(services, userId, user.activeTenantId);
      await db
        .update(users)
        .set({ failedLogins: 0, lockedUntil: null, lastLogin: new Date() })
        .where(eq(users.id, userId));
      setRefreshCookie(c, await refresh.issue(sessionId, userId));
      return answer(userId, sessionId);
    },
  };
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
