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

// ---- The login box's side of step-up ----

/** The marker an app stores before sending the user to the step-up URL (STEPUP-001). */
export interface StepUpMarker {
  maxAge?: number;
  /** Where to go back once stepped up. */
  returnTo?: string;
}

export const STEP_UP_MARKER_KEY = 'fe-step-up';
/** Set when a step-up failed and the user was logged out (STEPUP-010). */
export const STEP_UP_FAILED_KEY = 'fe-step-up-failed';

export function saveStepUpMarker(storage: Storage, marker: StepUpMarker): void {
  storage.setItem(STEP_UP_MARKER_KEY, JSON.stringify(marker));
}

export function readStepUpMarker(storage: Storage): StepUpMarker | null {
  try {
    const raw = storage.getItem(STEP_UP_MARKER_KEY);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    if (!value || typeof value !== 'object') return null;
    const { maxAge, returnTo } = value as Record<string, unknown>;
    return {
      ...(typeof maxAge === 'number' && maxAge >= 0 ? { maxAge } : {}),
      ...(typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
        ? { returnTo }
        : {}),
    };
  } catch {
    return null;
  }
}

/** STEPUP-001: a stored marker sends the user to the step-up URL unless the token already satisfies it. */
export function needsStepUpRedirect(
  marker: StepUpMarker | null,
  claims: AuthContext | null,
  nowMs = Date.now(),
): boolean {
  if (!marker) return false;
  return !claims || !isSteppedUp(claims, marker.maxAge, nowMs);
}

export const MFA_NOT_ENROLLED_MESSAGE = 'MFA is not enrolled';

/**
 * What the step-up screen does with the generate answer (STEPUP-007..010): a user → logged in; otherwise
 * the MFA token and devices → the MFA step; the error 'MFA is not enrolled' → noMFAEnrolledStepUp; any
 * other error → logout.
 */
export function stepUpOutcome(
  result: { answer: { accessToken?: string; user?: unknown; mfaToken?: string } } | { error: string },
): 'loggedIn' | 'mfa' | 'noMFAEnrolledStepUp' | 'logout' {
  if ('error' in result) return result.error === MFA_NOT_ENROLLED_MESSAGE ? 'noMFAEnrolledStepUp' : 'logout';
  if (result.answer.user && result.answer.accessToken) return 'loggedIn';
  return result.answer.mfaToken ? 'mfa' : 'logout';
}
