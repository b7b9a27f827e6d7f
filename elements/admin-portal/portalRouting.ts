import { followLocation, navigate } from '../../shared/options/location';
import { DEFAULT_PORTAL_ROUTE, type UrlStrategy } from '../../shared/options/options';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { navigationEntries, type NavigationEntryKey } from './navigation';

/** The base route without trailing slashes (`/` becomes ''). */
export function normalizeRoute(route: string | undefined): string {
  return (route ?? DEFAULT_PORTAL_ROUTE).replace(/\/+$/, '');
}

/** Is the app path the portal route or under it? */
export function isUnderRoute(path: string, route: string): boolean {
  return route === '' || path === route || path.startsWith(`${route}/`);
}

const entryKeys = new Set<string>(navigationEntries.map((e) => e.key));

/** The first segment of an app path under the portal route (`/admin-box/sso/x` → sso), known or not. */
export function segmentOfPath(path: string, route: string): string | null {
  if (!isUnderRoute(path, route)) return null;
  return path.slice(route.length).split('/').find(Boolean) ?? null;
}

/** Does a segment name a navigation entry (shown to this user or not)? */
export const isEntryKey = (segment: string): segment is NavigationEntryKey => entryKeys.has(segment);

/** The page an app path names: `/admin-box/users` → users; null when it names none. */
export function pageOfPath(path: string, route: string): NavigationEntryKey | null {
  const segment = segmentOfPath(path, route);
  return segment !== null && isEntryKey(segment) ? segment : null;
}

/** The app path of a page. */
export const pagePath = (route: string, page: NavigationEntryKey): string => `${route}/${page}`;

/**
 * Does selecting a page write the URL? With the hash strategy always (the hash is the page's own); with
 * the path strategy only when the page is served at the portal route, so that a reload finds it again.
 */
export function writesUrl(strategy: UrlStrategy, path: string, route: string): boolean {
  return strategy === 'hash' || isUnderRoute(path, route);
}

/** Path strategy: the portal's own pages change the history without a page load. */
const pushPath = (url: string, replace: boolean) => {
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(history.state, '', url);
  followLocation();
};

/**
 * Puts a page in the URL after a cancelable `fe-navigate` from the element (an SPA router may take over);
 * `replace` fixes the current history entry instead of adding one. Returns false when nothing changed
 * (cancelled, or the URL is not the portal's to write).
 */
export function navigateToPage(
  page: NavigationEntryKey,
  from: EventTarget,
  path: string,
  replace = false,
): boolean {
  const { urlStrategy, portal } = store.get(optionsAtom);
  const route = normalizeRoute(portal?.route);
  if (!writesUrl(urlStrategy, path, route)) return false;
  const before = location.href;
  const target = pagePath(route, page);
  navigate(urlStrategy === 'hash' ? target : `${target}${location.search}`, {
    from,
    load: pushPath,
    replace,
  });
  return location.href !== before;
}
