// The page-level step-up API: a host asks for a recent second factor before a sensitive action.
import { decodeToken } from '../api/token';
import { navigate } from '../options/location';
import type { UrlStrategy } from '../options/options';
import { optionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { accessTokenAtom } from './session.atoms';
import { needsStepUpRedirect, saveStepUpMarker, type AuthContext, type StepUpMarker } from './stepup';

/**
 * The step-up claims of the signed-in session's access token (`acr`, `amr`, `auth_time`); null when signed
 * out or when the token cannot be read ('Invalid token specified', API-015: treated as not stepped up).
 */
export function sessionAuthContext(): AuthContext | null {
  const token = store.get(accessTokenAtom);
  if (!token) return null;
  try {
    return decodeToken<AuthContext>(token);
  } catch {
    return null;
  }
}

/**
 * Asks for step-up (STEPUP-001): when the session already satisfies it (a second factor, within `maxAge`
 * seconds when given) answers true and stays; otherwise stores the marker (`maxAge`, and where to come back:
 * `returnTo`, this page by default) and goes to the step-up route, where the login box asks for the second
 * factor and then returns. Answers false when it navigates away.
 */
export function stepUp(options: StepUpMarker = {}): boolean {
  const { routes, urlStrategy } = store.get(optionsAtom);
  const marker: StepUpMarker = {
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    returnTo: options.returnTo ?? currentAppPath(urlStrategy),
  };
  if (!needsStepUpRedirect(marker, sessionAuthContext())) return true;
  saveStepUpMarker(sessionStorage, marker);
  navigate(routes.stepUpUrl);
  return false;
}

/** This page as an app path with its query (what `navigate` takes back): the pathname, or the hash's path. */
function currentAppPath(strategy: UrlStrategy): string {
  if (strategy === 'path') return `${location.pathname}${location.search}`;
  const inHash = location.hash.replace(/^#/, '');
  return inHash.startsWith('/') ? inHash : '/';
}
