import type { Context } from 'hono';
import { writeAudit } from '../audit';
import { caller, type Services } from '../context';
import type { SessionIssuer } from './session';

/** The user a sign-in path has identified (first factor proved). */
export interface SignedInUser {
  id: string;
  email: string;
  activeTenantId: string | null;
}

/**
 * Every sign-in path (password, passwordless code or link, passkey, SSO, social) ends here once the user has
 * proved the first factor: the post-login checks of the server run here, in one place, before a session
 * opens. `amr` names the proof (RFC 8176: pwd, otp, sms, email, hwk, swk, ...); `method` is the audit label.
 * Answers the JSON body the login box reads (tokens and user, or a further step such as MFA).
 */
export async function finishSignIn(
  c: Context,
  services: Services,
  sessions: SessionIssuer,
  user: SignedInUser,
  proof: { amr: string[]; method: string },
): Promise<Record<string, unknown>> {
  const answer = await sessions.start(c, user.id, { amr: proof.amr });
  await writeAudit(services.db, {
    vendorId: services.vendorId,
    tenantId: user.activeTenantId,
    userId: user.id,
    email: user.email,
    action: 'User logged in',
    json: { method: proof.method },
    ...caller(c),
  });
  return answer;
}
