// Impersonation (IMPERSONATE-001..003): the signed-in administrator opens a session as another member of the
// active tenant; the preview's session becomes that member's, and the answer names the administrator.
import { impersonateContracts as ic } from '../contracts/impersonate';
import { paths } from '../paths';
import { authAnswer } from './auth';
import { fail, on, parseWith, type PreviewRequest, type PreviewRoute } from './common';
import { meView, signedInUser } from './views';

/** The permission that allows impersonation (as on the server). */
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonate';
const FORBIDDEN = 'You are not authorized to perform this action';

/** The subject of a preview access token; null when it is not one. */
function subjectOf(token: string): string | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

function impersonate(req: PreviewRequest) {
  const { impersonatedUserId, actorToken } = parseWith(ic.impersonate.body, req.body);
  const { state } = req;
  const admin = meView(state, signedInUser(state));
  if (!admin.permissions.some((p) => p.key === IMPERSONATE_PERMISSION)) throw fail(403, FORBIDDEN);
  // Frontegg's actor token, when sent, must be this administrator's own access token.
  if (actorToken !== undefined && subjectOf(actorToken) !== admin.id) throw fail(403, FORBIDDEN);
  if (impersonatedUserId === admin.id) throw fail(400, 'You cannot impersonate yourself');
  const target = state.users.find(
    (u) => u.id === impersonatedUserId && u.tenantIds.includes(admin.tenantId) && !u.isDisabled,
  );
  if (!target) throw fail(404, 'User not found');
  state.session.userId = target.id;
  return { ...authAnswer(req, { amr: ['imp'] }), tokenType: 'Bearer' as const, impersonatedBy: admin.id };
}

export const impersonateHandlers: PreviewRoute[] = [on(paths.impersonate.impersonate, impersonate)];
