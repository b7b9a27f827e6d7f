import { adminPortalApi, api, type ApiClient } from '../api/client';
import { paths } from '../api/paths';
import { restoreHostedSession } from '../auth/hosted';
import { restoreSession } from '../auth/session';
import { accessTokenAtom, userAtom } from '../auth/session.atoms';
import { loadEntitlements } from '../flags/entitlements.load';
import { entitlementsLoadAtom, featureFlagsAtom, loadedFlagsAtom, parseFlags } from '../flags/flags.atoms';
import { store } from '../store';
import { loadApp, type AppLoadSteps } from './load';
import { trackLocation } from './location';
import { loadPortalConfiguration, portalConfigurationAtom } from './metadata';
import type { HostOptions } from './options';
import { optionsAtom } from './options.atoms';
import { loadTagManagerScript, tagManagerId } from './tagManager';

export interface LoadStepDeps {
  api: Pick<ApiClient, 'request'>;
  adminPortalApi: Pick<ApiClient, 'request'>;
  authorize: () => Promise<void>;
  importLoginBox: () => Promise<unknown>;
  importAdminPortal: () => Promise<unknown>;
}

const loadFlags = async (api: LoadStepDeps['api']) =>
  store.set(loadedFlagsAtom, parseFlags(await api.request(paths.featureFlags.loadFeatureFlags)));

/** Entitlements need a signed-in user: loaded when there is one and the option and flag allow it. */
async function loadUserEntitlements(options: HostOptions, api: LoadStepDeps['api']): Promise<void> {
  if (!store.get(accessTokenAtom)) return;
  const flags = store.get(featureFlagsAtom);
  store.set(entitlementsLoadAtom, await loadEntitlements({ api, options, flags }));
}

/** The real steps of the load sequence: each writes its result to the store, a failure leaves the default. */
export function createLoadSteps(options: HostOptions, deps: LoadStepDeps): AppLoadSteps {
  return {
    loadFeatureFlags: () => loadFlags(deps.api),
    loadMetadata: async () =>
      store.set(portalConfigurationAtom, await loadPortalConfiguration(deps.adminPortalApi)),
    authorize: async () => {
      await deps.authorize();
      await loadUserEntitlements(options, deps.api);
    },
    loadLoginBoxScript: async () => void (await deps.importLoginBox()),
    loadTagManagerScript: () => loadTagManagerScript(tagManagerId(options.tagManager), options.cspNonce),
    loadAdminPortalScript: async () => void (await deps.importAdminPortal()),
  };
}

let started: Promise<void> | null = null;
let waiting = false;

/**
 * Runs the page's load sequence once (SHELL-009), as soon as a base URL or preview is set: at the first
 * element's render, or later when `configure()` or an attribute sets them.
 */
export function startApp(): Promise<void> {
  trackLocation();
  const options = store.get(optionsAtom);
  if (!options.baseUrl && !options.preview) {
    if (!waiting) {
      waiting = true;
      const unsubscribe = store.sub(optionsAtom, () => {
        const { baseUrl, preview } = store.get(optionsAtom);
        if (!baseUrl && !preview) return;
        unsubscribe();
        void startApp();
      });
    }
    return Promise.resolve();
  }
  started ??= loadApp(
    createLoadSteps(options, {
      api,
      adminPortalApi,
      // With hosted login the session is the server's hosted session (silent authorize).
      authorize: options.hostedLoginBox ? restoreHostedSession : restoreSession,
      importLoginBox: () => import('../../elements/login-box/index'),
      importAdminPortal: () => import('../../elements/admin-portal/index'),
    }),
    { lazy: options.lazy },
  ).then(followUser);
  return started;
}

/**
 * Flags and entitlements are evaluated for the signed-in user: loaded again when the user or tenant changes
 * (with the options of that moment).
 */
function followUser(): void {
  const who = () => {
    const user = store.get(userAtom);
    return user ? `${user.id}|${user.tenantId}` : '';
  };
  let last = who();
  store.sub(userAtom, () => {
    const now = who();
    if (now === last) return;
    last = now;
    void (async () => {
      await loadFlags(api).catch((error: unknown) =>
        console.error('[fe-elements] feature flags failed to load', error),
      );
      await loadUserEntitlements(store.get(optionsAtom), api).catch((error: unknown) =>
        console.error('[fe-elements] entitlements failed to load', error),
      );
    })();
  });
}
