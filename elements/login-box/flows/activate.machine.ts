/** Activation steps (ENUM-006, 000 §4): activating, success, resend, activatingForm (a password is needed). */
export const activateSteps = ['activating', 'success', 'resend', 'activatingForm'] as const;
export type ActivateStep = (typeof activateSteps)[number];

export const ACTIVATION_REDIRECT_MS = 1000;

export interface ActivateStrategy {
  shouldSetPassword: boolean;
}

/** After the strategy check: a form when a password must be set, else straight to activation. */
export const stepAfterStrategy = (strategy: ActivateStrategy): ActivateStep =>
  strategy.shouldSetPassword ? 'activatingForm' : 'activating';

/**
 * Where activation success leads after 1000 ms: logged in (the answer's redirect location first, then the
 * authenticated URL) when the answer holds a session, else the login URL.
 */
export function afterActivation(
  answer: { accessToken?: string; redirectLocation?: string } | undefined,
  routes: { loginUrl: string; authenticatedUrl: string },
): { signedIn: boolean; to: string } {
  if (answer?.accessToken) return { signedIn: true, to: answer.redirectLocation || routes.authenticatedUrl };
  return { signedIn: false, to: routes.loginUrl };
}

/** Activation and invitation links carry userId and token; without both there is nothing to check. */
export function linkParams(params: URLSearchParams): { userId: string; token: string } | null {
  const userId = params.get('userId');
  const token = params.get('token');
  return userId && token ? { userId, token } : null;
}
