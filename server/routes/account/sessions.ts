// Sessions. Revoking a session revokes its refresh tokens and its access tokens at once (every request checks
// that the token's session stands: server/auth/revocation.ts).
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { sessionsContracts, type loginSession } from '../../../shared/api/contracts/sessions';
import { paths } from '../../../shared/api/paths';
import { isSessionAlive, readPolicy } from '../../account/policies';
import { apiError, readBody } from '../../context';
import { sessions, users, userTenants } from '../../db/schema';
import { endpoint, defineFamily, userEndpoints } from '../endpoints';

type LoginSession = z.infer<typeof loginSession>;

const WRITE_USERS = 'fe.secure.write.users';

/** The signed-in user's sessions; an administrator's revocation of a member's. */
export const accountSessionsEndpointsByName = {
  ...userEndpoints(
    paths.auth,
    'getCurrentUserSessions',
    'getCurrentUserSession',
    'deleteAllSessionsForUser',
    'deleteSessionForUser',
  ),
  revokeSessionsForUser: endpoint(paths.auth.revokeSessionsForUser, WRITE_USERS),
} as const;

export const accountSessionsRoutes = defineFamily(accountSessionsEndpointsByName, (on, e, services) => {
  const { db, vendorId, refresh } = services;

  /** The user's sessions that still count: not revoked, within the tenant's idle and absolute timeouts. */
  async function liveSessions(userId: string, tenantId: string) {
    const policy = await readPolicy(services, tenantId, 'session');
    const now = new Date();
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.createdAt));
    return rows.filter((s) => isSessionAlive(s, policy, now));
  }

  const view = (s: typeof sessions.$inferSelect, currentId: string): LoginSession => ({
    id: s.id,
    userId: s.userId,
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    createdAt: s.createdAt.toISOString(),
    current: s.id === currentId,
    impersonated: Boolean(s.impersonatorId),
  });

  on(e.getCurrentUserSessions, async (c) => {
    const { sub, tenantId, sid } = c.get('auth');
    return c.json((await liveSessions(sub, tenantId)).map((s) => view(s, sid)));
  });

  on(e.getCurrentUserSession, async (c) => {
    const { sub, tenantId, sid } = c.get('auth');
    const current = (await liveSessions(sub, tenantId)).find((s) => s.id === sid);
    if (!current) throw apiError(404, 'Session not found');
    return c.json(view(current, sid));
  });

  // Before `me/{id}`, which would otherwise take "all" for an id.
  on(e.deleteAllSessionsForUser, async (c) => {
    const { sub, sid } = c.get('auth');
    const others = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, sub), isNull(sessions.revokedAt), ne(sessions.id, sid)));
    for (const s of others) await refresh.revokeSession(s.id);
    await c.var.audit({
      action: 'User revoked all other sessions',
      json: { sessionIds: others.map((s) => s.id) },
    });
    return c.json({});
  });

  on(e.deleteSessionForUser, async (c) => {
    const { sub } = c.get('auth');
    const id = c.req.param('id') ?? '';
    // Only the caller's own sessions: another user's session id answers like an unknown one.
    const [own] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, sub), isNull(sessions.revokedAt)));
    if (!own) throw apiError(404, 'Session not found');
    await refresh.revokeSession(own.id);
    await c.var.audit({
      action: 'Session revoked',
      json: { sessionId: own.id },
    });
    return c.json({});
  });

  on(e.revokeSessionsForUser, async (c) => {
    const { tenantId } = c.get('auth');
    const { userId } = await readBody(c, sessionsContracts.revokeSessionsForUser.body);
    // Only users of the admin's own tenant; anyone else answers like an unknown user.
    const [member] = await db
      .select({ userId: userTenants.userId })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(
        and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId), eq(users.vendorId, vendorId)),
      );
    if (!member) throw apiError(404, 'User not found');
    const open = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    for (const s of open) await refresh.revokeSession(s.id);
    await c.var.audit({
      action: 'User sessions revoked by admin',
      severity: 'Medium',
      json: { targetUserId: userId, sessionIds: open.map((s) => s.id) },
    });
    return c.json({});
  });
});
