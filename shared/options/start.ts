import { adminPortalApi, api } from '../api/client';
import { paths } from '../api/paths';
import { restoreSession } from '../auth/session';
import { loadedFlagsAtom, parseFlags } from '../flags/flags.atoms';
import { store } from '../store';
import { loadApp } from './load';
import { trackLocation } from './location';
import { loadPortalConfiguration, portalConfigurationAtom } from './metadata';
import { optionsAtom } from './options.atoms';
import { loadTagManagerScript, tagManagerId } from './tagManager';

let started: Promise<void> | null = null;

/** Runs the page's load sequence once, when the first element renders (SHELL-009). */
export function startApp(): Promise<void> {
  trackLocation();
  const options = store.get(optionsAtom);
  // Without a base URL outside preview there is nothing to call yet; each element shows why.
  if (!options.baseUrl && !options.preview) return Promise.resolve();
  started ??= loadApp(
    {
      loadFeatureFlags: async () =>
        store.set(loadedFlagsAtom, parseFlags(await api.request(paths.featureFlags.loadFeatureFlags))),
      loadMetadata: async () =>
        store.set(portalConfigurationAtom, await loadPortalConfiguration(adminPortalApi)),
      authorize: restoreSession,
      loadLoginBoxScript: async () => {
        await import('../../elements/login-box/index');
      },
      loadTagManagerScript: () => loadTagManagerScript(tagManagerId(options.tagManager)),
      loadAdminPortalScript: async () => {
        await import('../../elements/admin-portal/index');
      },
    },
    { lazy: options.lazy },
  );
  return started;
}
