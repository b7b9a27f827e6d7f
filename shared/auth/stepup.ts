/** The `acr` a session reaches after MFA: the multi-factor policy value of step-up (STEPUP-002). */
export const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/** The methods that count as a second factor for step-up (STEPUP-004): TOTP, SMS code, hardware key. */
export const STEP_UP_METHODS = ['otp', 'sms', 'hwk'] as const;

export interface AuthContext {
  acr?: string | null;
  amr?: readonly string[] | null;
  /** Seconds since the epoch (the `auth_time` claim). */
  auth_time?: number | null;
}

/**
 * True when a session (its token claims) satisfies step-up: the context class is the multi-factor policy
 * (STEPUP-002), the methods include mfa (STEPUP-003) and one of otp, sms or hwk (STEPUP-004), and, when
 * `maxAgeS` is given, the user authenticated at most that many seconds ago (STEPUP-005).
 */
export function isSteppedUp(ctx: AuthContext, maxAgeS?: number | null, nowMs = Date.now()): boolean {
  if (ctx.acr !== MFA_ACR) return false;
  const amr = ctx.amr ?? [];
  if (!amr.includes('mfa')) return false;
  if (!STEP_UP_METHODS.some((m) => amr.includes(m))) return false;
  if (maxAgeS !== undefined && maxAgeS !== null) {
    if (typeof ctx.auth_time !== 'number') return false;
    if (nowMs / 1000 - ctx.auth_time > maxAgeS) return false;
  }
  return true;
}
