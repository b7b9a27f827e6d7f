import { atom } from 'jotai';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import { buildAttributes, decodeJwtClaims } from '../../shared/flags/attributes';
import { isEntitledToFeature } from '../../shared/flags/entitlements';
import { entitlementsLoadAtom, featureFlagsAtom } from '../../shared/flags/flags.atoms';
import { currentPathAtom, currentUrlAtom } from '../../shared/options/location';
import { portalConfigurationAtom } from '../../shared/options/metadata';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { visibleEntries, type NavigationEntry, type NavigationEntryKey } from './navigation';
import { navigateToPage, normalizeRoute, pageOfPath } from './portalRouting';

/** The permission keys of the signed-in user. */
export const permissionKeysAtom = atom((get) => get(userAtom)?.permissions.map((p) => p.key) ?? []);

/**
 * The navigation the user sees: defaults, then the portal metadata, then the host's option; with
 * entitlements on, an entry that names a feature needs the user to be entitled to it.
 */
export const visibleNavigationAtom = atom((get) => {
  const options = get(optionsAtom);
  const overrides = { ...get(portalConfigurationAtom).navigation, ...options.navigation };
  const entries = visibleEntries(get(permissionKeysAtom), overrides, get(featureFlagsAtom));
  if (!options.entitlements.enabled) return entries;
  const load = get(entitlementsLoadAtom);
  const attributes = buildAttributes({
    jwt: decodeJwtClaims(get(accessTokenAtom)),
    user: get(userAtom),
  });
  return entries.filter((entry) => {
    const feature = overrides[entry.key]?.feature;
    if (!feature) return true;
    return isEntitledToFeature(load.status === 'loaded' ? load.entitlements : null, feature, attributes)
      .isEntitled;
  });
});

/** The portal's base route (`portal.route`, default `/admin-box`), without a trailing slash. */
export const portalRouteAtom = atom((get) => normalizeRoute(get(optionsAtom).portal?.route));

/** The page the URL names (`/admin-box/users` or `#/admin-box/users`), or null. */
export const urlPageAtom = atom((get) => pageOfPath(get(currentPathAtom), get(portalRouteAtom)));

/** A page picked in the navigation, and the URL it was picked at (a cancelled navigation keeps the URL). */
const pageChoiceAtom = atom<{ page: NavigationEntryKey; atHref: string } | null>(null);

/**
 * The page shown: the one the URL names (deep links, back and forward), unless the user picked another
 * one at this very URL (an SPA router took the navigation over) or the URL names none; then the first
 * entry the user sees.
 */
export const currentPageAtom = atom<NavigationEntry | null>((get) => {
  const entries = get(visibleNavigationAtom);
  const choice = get(pageChoiceAtom);
  const fromUrl = get(urlPageAtom);
  const wanted = choice && (!fromUrl || choice.atHref === get(currentUrlAtom).href) ? choice.page : fromUrl;
  return entries.find((e) => e.key === wanted) ?? entries[0] ?? null;
});

/**
 * The shown page's key; writing picks a page without touching the URL (null forgets the pick: the URL or
 * the first entry decides again).
 */
export const selectedPageAtom = atom(
  (get) => get(currentPageAtom)?.key ?? null,
  (get, set, page: NavigationEntryKey | null) =>
    set(pageChoiceAtom, page && { page, atHref: get(currentUrlAtom).href }),
);

/** Opens a page: in the URL when the portal writes it (after a cancelable `fe-navigate` from `host`). */
export function selectPage(page: NavigationEntryKey, host: EventTarget): void {
  const href = store.get(currentUrlAtom).href;
  store.set(pageChoiceAtom, { page, atHref: href });
  // Once the URL names the page, the URL decides (back and forward included).
  if (navigateToPage(page, host, store.get(currentPathAtom))) store.set(pageChoiceAtom, null);
}
