// Step-up (STEPUP-*): a signed-in user asks for a session that satisfies the multi-factor policy, optionally
// authenticated within maxAge seconds. Already satisfied → a fresh token of the session (the user);
// otherwise an MFA challenge whose completion replaces the session; no device → 'MFA is not enrolled'.
import { and, eq, isNull } from 'drizzle-orm';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { authContracts } from '../../shared/api/contracts/auth';
import { paths } from '../../shared/api/paths';
import { isSteppedUp } from '../../shared/auth/stepup';
import { createSessionIssuer } from '../auth/session';
import { apiError, readBody } from '../context';
import { sessions as sessionRows, users } from '../db/schema';
import { deviceCount, listDevices } from '../mfa/devices';
import { mfaChallenge, MFA_NOT_ENROLLED } from '../mfa/login';
import { defineFamily, signIn, userEndpoint } from './endpoints';
import { auditUser } from '../auth/userAudit';

const { generateStepupSession: contract } = authContracts;

export const stepUpEndpointsByName = {
  generateStepupSession: signIn(userEndpoint(paths.auth.generateStepupSession)),
} as const;

export const stepUpRoutes = defineFamily(stepUpEndpointsByName, (on, e, services) => {
  const { db } = services;
  const sessions = createSessionIssuer(services);

  on(e.generateStepupSession, async (c) => {
    const { sub, sid } = c.get('auth');
    const { maxAge } = await readBody(c, contract.body);
    const [session] = await db
      .select()
      .from(sessionRows)
      .where(and(eq(sessionRows.id, sid), eq(sessionRows.userId, sub), isNull(sessionRows.revokedAt)));
    if (!session) throw apiError(401, 'Unauthorized');
    const [user] = await db.select().from(users).where(eq(users.id, sub));
    if (!user) throw apiError(401, 'Unauthorized');
    const context = {
      acr: session.acr,
      amr: Array.isArray(session.amr) ? (session.amr as string[]) : [],
      auth_time: Math.floor(session.authTime.getTime() / 1000),
    };
    // Satisfied already: the user (with a fresh token of this session) is answered (STEPUP-007).
    if (isSteppedUp(context, maxAge))
      return c.json((await sessions.answer(c, sub, sid)) satisfies AnswerOf<typeof contract>);
    const devices = await listDevices(db, sub, { mask: true });
    if (deviceCount(devices) === 0) throw apiError(400, MFA_NOT_ENROLLED);
    await auditUser(services, c, user, {
      action: 'Step-up requested',
      json: { maxAge: maxAge ?? null },
    });
    // The first factor of the session stays in the new one; MFA adds to it (STEPUP-008).
    const firstFactor = context.amr.filter((m) => !['mfa', 'otp', 'sms', 'hwk', 'email'].includes(m));
    const challenge = await mfaChallenge(services, user, {
      amr: firstFactor.length ? firstFactor : ['pwd'],
      method: 'step-up',
      stepUpSessionId: sid,
    });
    return c.json(challenge satisfies AnswerOf<typeof contract>);
  });
});
