import { atom } from 'jotai';
import { userAtom } from '../../shared/auth/session.atoms';
import { featureFlagsAtom } from '../../shared/flags/flags.atoms';
import { portalConfigurationAtom } from '../../shared/options/metadata';
import { optionsAtom } from '../../shared/options/options.atoms';
import { visibleEntries, type NavigationEntryKey } from './navigation';

/** The permission keys of the signed-in user. */
export const permissionKeysAtom = atom((get) => get(userAtom)?.permissions.map((p) => p.key) ?? []);

/** The navigation the user sees: defaults, then the portal metadata, then the host's option. */
export const visibleNavigationAtom = atom((get) =>
  visibleEntries(
    get(permissionKeysAtom),
    { ...get(portalConfigurationAtom).navigation, ...get(optionsAtom).navigation },
    get(featureFlagsAtom),
  ),
);

export const selectedPageAtom = atom<NavigationEntryKey>('profile');
