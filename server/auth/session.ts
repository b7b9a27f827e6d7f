import type { Context } from 'hono';
import type { z } from 'zod';
import type { signedIn } from '../../shared/api/contracts/auth';
import { deleteCookie, setCookie } from 'hono/cookie';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { apiError, caller, type Services } from '../context';
import { sessions, tenants, users, userTenants } from '../db/schema';
import { enforceSessionPolicy, readPolicy } from '../account/policies';
import { assertAddressAllowed, assertSignInAllowed } from '../ipRestrictions';
import { accessVia } from '../tenants/hierarchy';
import { loadUserView, userClaims } from '../users';

/** Every signed-in answer (the auth contract's `signedIn`). */
type SignedIn = z.infer<typeof signedIn>;

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

  /**
   * The tenant a sign-in or refresh lands in: the user's active tenant unless they are disabled in it (or no
   * longer a member), then another tenant they are an enabled member of. Refused (401) when there is none, or
   * when a temporary user's expiry has passed (TEAM-019).
   */
  async function signInTenant(userId: string): Promise<string> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw apiError(401, 'Unauthorized');
    if (user.temporaryExpirationDate && user.temporaryExpirationDate <= new Date())
      throw apiError(401, 'User is disabled');
    const enabled = await db
      .select({ tenantId: userTenants.tenantId })
      .from(userTenants)
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(and(eq(userTenants.userId, userId), eq(userTenants.disabled, false), isNull(tenants.deletedAt)))
      .orderBy(asc(userTenants.createdAt));
    let tenantId = enabled.find((m) => m.tenantId === user.activeTenantId)?.tenantId ?? enabled[0]?.tenantId;
    if (!tenantId) throw apiError(401, 'User is disabled');
    // An active account reached by delegation (a sub-account switched to) stays while the access holds.
    if (
      user.activeTenantId &&
      tenantId !== user.activeTenantId &&
      (await accessVia(db, services.vendorId, userId, user.activeTenantId))
    )
      tenantId = user.activeTenantId;
    if (tenantId !== user.activeTenantId)
      await db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, userId));
    return tenantId;
  }

  /**
   * A fresh access token for the session's user, in the login answer shape (for `tabTenantId` when given and
   * allowed). Refused (403) while the tenant's IP restrictions refuse the client's address; the session stays
   * (the user may come back from an allowed one).
   */
  async function answer(
    c: Context,
    userId: string,
    sessionId: string,
    tabTenantId?: string,
  ): Promise<SignedIn> {
    let tenantId: string;
    try {
      tenantId = await signInTenant(userId);
    } catch (error) {
      // Disabled since the session started: the session ends, its refresh tokens with it.
      await refresh.revokeSession(sessionId);
      throw error;
    }
    // The account a browser tab works in (TENANTS-016): answered when the user may act in it (a member, or by
    // delegation), without changing the user's active account; else the active account, as for any refresh.
    if (
      tabTenantId &&
      tabTenantId !== tenantId &&
      (await accessVia(db, services.vendorId, userId, tabTenantId))
    )
      tenantId = tabTenantId;
    await assertAddressAllowed(db, tenantId, caller(c).ipAddress);
    const user = await loadUserView(db, userId, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    // The session's proof rides in the token: step-up reads amr, acr and auth_time (STEPUP-002..005).
    const [proof] = await db
      .select({
        amr: sessions.amr,
        acr: sessions.acr,
        authTime: sessions.authTime,
        impersonatorId: sessions.impersonatorId,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    // An impersonation session names the administrator acting (RFC 8693 `act`): audit rows carry it.
    const act = proof?.impersonatorId ? { act: { sub: proof.impersonatorId } } : {};
    // An idle timeout: the token lives no longer than it, so an idle page's token runs out within the timeout
    // and the refresh that would revive it finds the session idle (touchSession).
    const idle = (await readPolicy(services, tenantId, 'session')).sessionIdleTimeoutConfiguration;
    const idleTimeout = idle.isActive ? idle.timeout : undefined;
    const { token, expiresIn } = await tokens.sign(
      { ...userClaims(user, sessionId, proof), ...act },
      idleTimeout,
    );
    const expiresAt = Date.now() + expiresIn * 1000;
    return {
      accessToken: token,
      expiresIn,
      ...(idleTimeout === undefined ? {} : { idleTimeout }),
      expires: new Date(expiresAt).toUTCString(),
      exp: Math.floor(expiresAt / 1000),
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
    /**
     * Opens a session for a user who has proved who they are. `proof` is what they proved it with (RFC 8176
     * `amr` values such as pwd, otp, sms, hwk, mfa) and the context class reached (`acr`); both are kept on
     * the session for step-up checks.
     */
    async start(
      c: Context,
      userId: string,
      proof: { amr?: string[]; acr?: string | null; impersonatorId?: string | null } = {},
    ) {
      // A member disabled in every tenant (or a temporary user past expiry) gets no session at all.
      const tenantId = await signInTenant(userId);
      // The tenant's IP restrictions: a refused address gets no session (audited).
      await assertSignInAllowed(services, tenantId, { id: userId }, caller(c));
      const sessionId = randomUUID();
      await db.insert(sessions).values({
        id: sessionId,
        userId,
        tenantId,
        amr: proof.amr ?? ['pwd'],
        acr: proof.acr ?? null,
        impersonatorId: proof.impersonatorId ?? null,
        ...caller(c),
      });
      // The session policy: timed-out sessions end, and only the newest allowed number stay open.
      await enforceSessionPolicy(services, userId, tenantId);
      await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
      setRefreshCookie(c, await refresh.issue(sessionId, userId));
      return answer(c, userId, sessionId);
    },
  };
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
