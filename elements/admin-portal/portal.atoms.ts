import { atom } from 'jotai';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import { buildAttributes, decodeJwtClaims } from '../../shared/flags/attributes';
import { isEntitledToFeature } from '../../shared/flags/entitlements';
import { entitlementsLoadAtom, featureFlagsAtom } from '../../shared/flags/flags.atoms';
import { portalConfigurationAtom } from '../../shared/options/metadata';
import { optionsAtom } from '../../shared/options/options.atoms';
import { visibleEntries, type NavigationEntryKey } from './navigation';

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

export const selectedPageAtom = atom<NavigationEntryKey>('profile');
