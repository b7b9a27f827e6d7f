/** Every login step of the spec (000 §4); this release drives the password steps. */
export const loginSteps = [
  'preLogin',
  'magicLinkPreLoginSuccess',
  'loginWithSmsOtc',
  'loginWithQuickSmsOtc',
  'loginWithOtc',
  'loginWithPassword',
  'loginWithTwoFactor',
  'redirectToSSO',
  'loginWithSSOFailed',
  'success',
  'forceTwoFactor',
  'recoverTwoFactor',
  'promptPasskeys',
  'breachedPassword',
  'breachedPasswordSuccess',
] as const;
export type LoginStep = (typeof loginSteps)[number];

export interface LoginState {
  step: LoginStep;
  loading: boolean;
  error: string | null;
}

export type LoginEvent =
  { type: 'submit' } | { type: 'succeeded' } | { type: 'failed'; error: string } | { type: 'reset' };

export const initialLoginState: LoginState = { step: 'loginWithPassword', loading: false, error: null };

/** Pure transitions of the password login; the hook runs the calls and timers. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      return state.loading ? state : { ...state, loading: true, error: null };
    case 'succeeded':
      return { step: 'success', loading: false, error: null };
    case 'failed':
      return { ...state, loading: false, error: event.error };
    case 'reset':
      return initialLoginState;
  }
}

/** Wait before the redirect that follows a successful login (000 §4, §9). */
export const POST_LOGIN_REDIRECT_MS = 200;

/** Where to go after login: the saved path unless it is an auth page itself, else the authenticated URL. */
export function postLoginTarget(
  savedPath: string | null,
  routes: {
    authenticatedUrl: string;
    loginUrl: string;
    logoutUrl: string;
    socialLoginCallbackUrl: string;
    activateUrl: string;
  },
): string {
  const discarded = [routes.loginUrl, routes.logoutUrl, routes.socialLoginCallbackUrl, routes.activateUrl];
  if (!savedPath || discarded.some((p) => savedPath === p || savedPath.startsWith(`${p}?`)))
    return routes.authenticatedUrl;
  return savedPath;
}

/** What follows a successful login, in the order of the spec (LOGIN-009). */
export type PostLoginStep = 'mfa' | 'breachedPassword' | 'promptPasskeys' | 'redirect';

export interface PostLoginFacts {
  mfaRequired: boolean;
  /** The answer flags the password as breached and the breached-password flag is on. */
  breachedPassword: boolean;
  authenticated: boolean;
  /** Passkeys offered: flag on, an active secondary strategy, no preferred method, not dismissed, no devices. */
  passkeysOffered: boolean;
}

export function postLoginStep(facts: PostLoginFacts): PostLoginStep {
  if (facts.mfaRequired) return 'mfa';
  if (facts.breachedPassword && !facts.authenticated) return 'breachedPassword';
  if (facts.passkeysOffered) return 'promptPasskeys';
  return 'redirect';
}

/** A login answer stores a session unless it is an MFA challenge (mfaRequired with an mfaToken). */
export function storesSession(answer: { mfaRequired?: boolean; mfaToken?: string }): boolean {
  return !(answer.mfaRequired && answer.mfaToken);
}

/** What decides the passkeys prompt after a login (LOGIN-012). */
export interface PasskeysPromptFacts {
  /** The passkeys feature flag (show-passkeys-new). */
  flagOn: boolean;
  /** The vendor's secondary auth strategies name Passkeys as active. */
  secondaryStrategyActive: boolean;
  /** A sign-in method this browser prefers (set after a passkey sign-in); null: none. */
  preferredMethod: string | null;
  /** The user answered "Not now" on this browser. */
  dismissed: boolean;
  /** Passkeys the user has registered. */
  deviceCount: number;
}

/** Passkeys are offered only with the flag on, an active secondary strategy, no preferred method, not dismissed, no devices. */
export function passkeysOffered(facts: PasskeysPromptFacts): boolean {
  return (
    facts.flagOn &&
    facts.secondaryStrategyActive &&
    !facts.preferredMethod &&
    !facts.dismissed &&
    facts.deviceCount === 0
  );
}
