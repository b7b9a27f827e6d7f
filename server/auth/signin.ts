import type { Context } from 'hono';
import type { z } from 'zod';
import type { loginAnswer } from '../../shared/api/contracts/auth';
import { caller, type Services } from '../context';
import { assertSignInAllowed } from '../ipRestrictions';
import { mfaGate, openSignInSession } from '../mfa/login';
import { checkBreachedAtSignIn } from '../passwords/breached';
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
 * `password` (password sign-in only) is checked against breached passwords when that flag is on.
 * Answers the JSON body the login box reads, in the order of LOGIN-009: the MFA challenge (no session,
 * LOGIN-015), else the breached-password step (no session, LOGIN-011), else tokens and user (LOGIN-016).
 */
export async function finishSignIn(
  c: Context,
  services: Services,
  sessions: SessionIssuer,
  user: SignedInUser,
  proof: { amr: string[]; method: string; password?: string },
): Promise<z.infer<typeof loginAnswer>> {
  // The tenant's IP restrictions first: a refused address is asked for no second factor.
  if (user.activeTenantId) await assertSignInAllowed(services, user.activeTenantId, user, caller(c));
  const breached = proof.password ? await checkBreachedAtSignIn(services, user, proof.password) : false;
  const data = { amr: proof.amr, method: proof.method, ...(breached ? { breached } : {}) };
  const mfa = await mfaGate(c, services, user, data);
  // The MFA module answers loosely typed records: the challenge, the breached step or a session's answer
  // (checked against the contract by the contract test).
  if (mfa) return mfa as z.infer<typeof loginAnswer>;
  return (await openSignInSession(c, services, sessions, user, {
    amr: proof.amr,
    method: proof.method,
    breached,
  })) as z.infer<typeof loginAnswer>;
}
