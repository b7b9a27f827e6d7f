import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { isAuthenticatedAtom } from '../../shared/auth/session.atoms';
import { currentPathAtom } from '../../shared/options/location';
import { startApp } from '../../shared/options/start';
import type { NavigationEntryKey } from './navigation';
import { portalRouteAtom, visibleNavigationAtom } from './portal.atoms';
import { isEntryKey, navigateToPage, segmentOfPath } from './portalRouting';

/**
 * A deep link (`/admin-box/<page>` or `#/admin-box/<page>`) to a page this user does not see — hidden,
 * not permitted or unknown — shows the first page the user sees and fixes the URL to it (history replace,
 * after a cancelable `fe-navigate`). Answers the page shown instead while the user has not moved on, for
 * the notice; `dismiss` forgets it.
 */
export function useUnavailableDeepLink(host: EventTarget) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const entries = useAtomValue(visibleNavigationAtom);
  const route = useAtomValue(portalRouteAtom);
  const path = useAtomValue(currentPathAtom);
  const [loaded, setLoaded] = useState(false);
  const [shownInstead, setShownInstead] = useState<NavigationEntryKey | null>(null);

  // Metadata, flags and entitlements can still show a hidden entry: judge a known page once they loaded.
  useEffect(() => {
    let live = true;
    void startApp().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  const segment = segmentOfPath(path, route);
  const fallback = entries[0]?.key ?? null;
  const unavailable =
    authenticated &&
    fallback !== null &&
    segment !== null &&
    // With the portal at the site root every path is under it: only known page names are judged there.
    (route !== '' || isEntryKey(segment)) &&
    (loaded || !isEntryKey(segment)) &&
    !entries.some((entry) => entry.key === segment);

  useEffect(() => {
    if (!unavailable || !fallback) return;
    setShownInstead(fallback);
    navigateToPage(fallback, host, path, true);
  }, [unavailable, fallback, host, path]);

  return { shownInstead, dismiss: () => setShownInstead(null) };
}
