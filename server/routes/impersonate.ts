// Impersonation (IMPERSONATE-001..003): an administrator holding the impersonate permission opens a session
// as another member of their account. The session records the impersonator; its access tokens carry
// `act: { sub: impersonatorId }` and every audit row written with them is marked `json.impersonatedBy`.
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { impersonateContracts } from '../../shared/api/contracts/impersonate';
import { paths } from '../../shared/api/paths';
import { writeAudit } from '../audit';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody } from '../context';
import { findMember } from '../tenants/members';
import { endpoint, defineFamily, usersOnly } from './endpoints';

/** The permission that allows impersonation (only the Admin role holds it in the demo data). */
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonate';

const { impersonate: contract } = impersonateContracts;

export const impersonateEndpointsByName = {
  // A person's act: an API token never opens a user's session.
  impersonate: usersOnly(
    endpoint(paths.impersonate.impersonate, IMPERSONATE_PERMISSION, 'a member of the own tenant'),
  ),
} as const;

export const impersonateRoutes = defineFamily(impersonateEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;
  const sessions = createSessionIssuer(services);

  // IMPERSONATE-003: POST with a payload (the user and the reason).
  on(e.impersonate, async (c) => {
    const { impersonatedUserId: userId, actorToken, reason = '' } = await readBody(c, contract.body);
    const admin = c.get('auth');
    // An impersonation session cannot start another one (no chains).
    if (admin.act) throw apiError(403, 'You are not authorized to perform this action');
    // Frontegg's actor token, when sent, must be this administrator's own access token.
    if (actorToken !== undefined) {
      const actor = await services.tokens.verify(actorToken).catch(() => null);
      if (!actor || actor.sub !== admin.sub || actor.act)
        throw apiError(403, 'You are not authorized to perform this action');
    }
    if (userId === admin.sub) throw apiError(400, 'You cannot impersonate yourself');
    // Only an enabled member of the administrator's current tenant (same answer for unknown users).
    const { user: target, membership } = await findMember(db, vendorId, admin.tenantId, userId);
    if (membership.disabled) throw apiError(404, 'User not found');
    await writeAudit(db, {
      vendorId,
      tenantId: admin.tenantId,
      userId: admin.sub,
      email: admin.email,
      action: 'User impersonation started',
      severity: 'High',
      json: { targetUserId: target.id, targetEmail: target.email, reason },
      ...caller(c),
    });
    const answer = await sessions.start(c, target.id, { amr: ['imp'], impersonatorId: admin.sub });
    const body = { ...answer, tokenType: 'Bearer' as const, impersonatedBy: admin.sub };
    return c.json(body satisfies AnswerOf<typeof contract>);
  });
});
