import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { touchSession } from '../account/policies';
import { hashToken, isLiveRefreshToken } from '../auth/refresh';
import type { Services } from '../context';
import { refreshTokens, sessions } from '../db/schema';

/**
 * The hosted-login session cookie. The refresh cookie is scoped to the identity API path and never reaches
 * /oauth/*, so the OAuth endpoints get their own: an opaque token of a separate refresh-token family of the
 * same session row (stored only as a hash). It is never rotated, only looked up; ending the session
 * anywhere (logout, reuse detection, revocation) ends it too.
 */
export const HOSTED_COOKIE = 'fe_hosted';
export const HOSTED_COOKIE_PATH = '/oauth';

export interface HostedSession {
  sessionId: string;
  userId: string;
}

export function createHostedSessions(services: Services) {
  const { db, refresh, config } = services;
  // Lax so the cookie rides the top-level GET to /oauth/authorize; None only for cross-site deployments.
  const sameSite = config.cookieSameSite === 'None' ? 'None' : 'Lax';

  /** The session a hosted cookie value refers to, while the value and its session are both live. */
  async function resolve(token: string | undefined, now = new Date()): Promise<HostedSession | null> {
    if (!token) return null;
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(and(isLiveRefreshToken(token, now), isNull(sessions.revokedAt)));
    // The session policy (idle and absolute timeouts) applies to the hosted session like to any other.
    if (!row || !(await touchSession(services, row.sessionId, now))) return null;
    return row;
  }

  return {
    resolve,
    /** The hosted session of the request's cookie, or null. */
    current: (c: Context, now?: Date) => resolve(getCookie(c, HOSTED_COOKIE), now),
    /** Gives the browser a hosted cookie for an existing session (the previous cookie value is revoked). */
    async start(c: Context, session: HostedSession): Promise<void> {
      const previous = getCookie(c, HOSTED_COOKIE);
      if (previous) {
        await db
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.tokenHash, hashToken(previous)), isNull(refreshTokens.revokedAt)));
      }
      setCookie(c, HOSTED_COOKIE, await refresh.issue(session.sessionId, session.userId), {
        httpOnly: true,
        secure: true,
        sameSite,
        path: HOSTED_COOKIE_PATH,
        maxAge: config.refreshTokenTtlDays * 86_400,
      });
    },
    clear: (c: Context) => deleteCookie(c, HOSTED_COOKIE, { path: HOSTED_COOKIE_PATH, secure: true }),
  };
}

export type HostedSessions = ReturnType<typeof createHostedSessions>;
