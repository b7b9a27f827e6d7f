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
  /** The failure offers the password reset: sign-in is blocked after too many attempts. */
  blocked?: boolean;
}

export type LoginEvent =
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed'; error: string; blocked?: boolean }
  | { type: 'reset' };

export const initialLoginState: LoginState = { step: 'loginWithPassword', loading: false, error: null };

/** Pure transitions of the password login; the hook runs the calls and timers. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      return state.loading ? state : { step: state.step, loading: true, error: null };
    case 'succeeded':
      return { step: 'success', loading: false, error: null };
    case 'failed':
      return {
        step: state.step,
        loading: false,
        error: event.error,
        ...(event.blocked ? { blocked: true } : {}),
      };
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

/**
 * The login route for a user who is already signed in. The seeds only say where a login ends (LOGIN-013):
 * after a sign-in in this box its own redirect is under way; a user who arrives signed in with a
 * `redirectUrl` is sent on at once (the app asked for that page); otherwise the box offers to continue to
 * the authenticated URL or to sign in as someone else.
 */
export type SignedInLoginStep = 'redirecting' | 'redirectNow' | 'offerContinue';

export function signedInLoginStep(facts: {
  /** A sign-in in this box stored the session; its redirect runs. */
  redirectPending: boolean;
  redirectUrl: string | null;
}): SignedInLoginStep {
  if (facts.redirectPending) return 'redirecting';
  return facts.redirectUrl ? 'redirectNow' : 'offerContinue';
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

// ---- Pre-login and passwordless (LOGIN-001..008) ----

/** Login flows (ENUM-002). */
export const loginFlows = ['login', 'registerQuickLogin'] as const;
export type LoginFlow = (typeof loginFlows)[number];

/** The login state of the spec (LOGIN-001): flow, step, email and tenants. */
export interface LoginFlowState {
  flow: LoginFlow;
  step: LoginStep;
  email: string;
  tenants: { tenantId: string; name?: string }[];
}

/** The vendor's main sign-in strategies (public auth strategies config). */
export type MainAuthStrategy = 'EmailAndPassword' | 'MagicLink' | 'Code' | 'SmsCode';

/** What the login box reads of the public auth strategies config. */
export interface PublicAuthStrategies {
  password?: { isActive?: boolean };
  magicLink?: { isActive?: boolean };
  code?: { isActive?: boolean };
  smsCode?: { isActive?: boolean };
  sso?: { isActive?: boolean };
  mainAuthStrategies?: { strategy: string; isActive?: boolean }[];
}

/** Wait before the redirect to an SSO address answered by pre-login (LOGIN-007). */
export const SSO_REDIRECT_MS = 2000;

const strategyNames: readonly MainAuthStrategy[] = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode'];

/** The vendor's main strategy: the active main strategy, else the active flag; email and password by default. */
export function mainStrategy(s: PublicAuthStrategies | null | undefined): MainAuthStrategy {
  const named = s?.mainAuthStrategies?.find(
    (x) => x.isActive && strategyNames.includes(x.strategy as MainAuthStrategy),
  );
  if (named) return named.strategy as MainAuthStrategy;
  if (s?.magicLink?.isActive) return 'MagicLink';
  if (s?.code?.isActive) return 'Code';
  if (s?.smsCode?.isActive) return 'SmsCode';
  return 'EmailAndPassword';
}

/** The first login step of each strategy (LOGIN-002..005). */
export function firstLoginStep(strategy: MainAuthStrategy): LoginStep {
  switch (strategy) {
    case 'Code':
      return 'loginWithOtc';
    case 'MagicLink':
      return 'magicLinkPreLoginSuccess';
    case 'SmsCode':
      return 'loginWithSmsOtc';
    case 'EmailAndPassword':
      return 'loginWithPassword';
  }
}

/**
 * The login box asks for the email first (the preLogin step, LOGIN-006) when the strategy is passwordless
 * or SSO may take the user elsewhere; with email and password only, both fields show at once.
 */
export function startsWithPreLogin(s: PublicAuthStrategies | null | undefined): boolean {
  return mainStrategy(s) !== 'EmailAndPassword' || Boolean(s?.sso?.isActive);
}

/** The passwordless type of the wire for a strategy (`{mappedType}` of pre-login and post-login). */
export type PasswordlessType = 'magiclink' | 'code' | 'smscode';

export function passwordlessType(strategy: MainAuthStrategy): PasswordlessType | null {
  return strategy === 'MagicLink'
    ? 'magiclink'
    : strategy === 'Code'
      ? 'code'
      : strategy === 'SmsCode'
        ? 'smscode'
        : null;
}

/** What follows the preLogin lookup (LOGIN-007/008). */
export type PreLoginOutcome =
  { step: 'redirectToSSO'; address: string } | { step: LoginStep; passwordless: PasswordlessType | null };

export function afterPreLogin(
  answer: { address?: string | null } | null | undefined,
  strategy: MainAuthStrategy,
): PreLoginOutcome {
  if (answer?.address) return { step: 'redirectToSSO', address: answer.address };
  return { step: firstLoginStep(strategy), passwordless: passwordlessType(strategy) };
}
