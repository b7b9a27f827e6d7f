import type { AuthRoutes } from '../../shared/options/routes';

/** The login-box screens, by the route they render at. */
export type LoginBoxScreen =
  | 'login'
  | 'signUp'
  | 'activate'
  | 'acceptInvitation'
  | 'forgotPassword'
  | 'resetPassword'
  | 'logout'
  | 'hostedCallback'
  | 'stepUp'
  | 'magicLink'
  | 'resetPhone'
  | 'impersonate'
  | 'oidcCallback'
  | 'samlCallback'
  | 'socialCallback'
  | 'skip';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const screenRoutes: [keyof AuthRoutes, LoginBoxScreen][] = [
  ['signUpUrl', 'signUp'],
  ['activateUrl', 'activate'],
  ['acceptInvitationUrl', 'acceptInvitation'],
  ['forgetPasswordUrl', 'forgotPassword'],
  ['resetPasswordUrl', 'resetPassword'],
  ['logoutUrl', 'logout'],
  ['hostedLoginRedirectUrl', 'hostedCallback'],
  ['stepUpUrl', 'stepUp'],
  ['magicLinkCallbackUrl', 'magicLink'],
  ['resetPhoneNumberUrl', 'resetPhone'],
  ['impersonationUrl', 'impersonate'],
  ['oidcRedirectUrl', 'oidcCallback'],
  ['samlCallbackUrl', 'samlCallback'],
  ['socialLoginCallbackUrl', 'socialCallback'],
  ['loginUrl', 'login'],
];

/**
 * The screen for the current app path. The login box renders at the login route (ROUTE-019), each auth
 * route shows its screen, and the box is skipped at the authenticated URL and the sign-up success URL
 * (ROUTE-020). Any other path shows the login screen.
 */
export function screenForPath(path: string, routes: AuthRoutes): LoginBoxScreen {
  const current = normalize(path);
  const skipped = [routes.authenticatedUrl, routes.signUpSuccessUrl].filter((p): p is string => Boolean(p));
  if (skipped.some((p) => normalize(p) === current)) return 'skip';
  return screenRoutes.find(([key]) => routes[key] && normalize(routes[key]) === current)?.[1] ?? 'login';
}
