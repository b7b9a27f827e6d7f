import type { AuthRoutes } from '../../shared/options/routes';

/** The login-box screens by route; any other path shows the login screen. */
export type LoginBoxScreen = 'login' | 'skip';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The screen for the current app path. The login box renders at the login route (ROUTE-019) and is skipped
 * when the path is the authenticated URL or the sign-up success URL (ROUTE-020).
 */
export function screenForPath(path: string, routes: AuthRoutes): LoginBoxScreen {
  const current = normalize(path);
  const skipped = [routes.authenticatedUrl, routes.signUpSuccessUrl].filter((p): p is string => Boolean(p));
  if (skipped.some((p) => normalize(p) === current)) return 'skip';
  return 'login';
}
