import { adminPortalApi, api, type ApiClient } from '../api/client';
import { paths } from '../api/paths';
import { restoreHostedSession } from '../auth/hosted';
import { restoreSession } from '../auth/session';
import { accessTokenAtom, sessionIdentityAtom } from '../auth/session.atoms';
import { loadEntitlements } from '../flags/entitlements.load';
import { entitlementsLoadAtom, featureFlagsAtom, loadedFlagsAtom, parseFlags } from '../flags/flags.atoms';
import { store } from '../store';
import { loadApp, type AppLoadSteps, type LoadLogger } from './load';
import { trackLocation } from './location';
import { loadPortalConfiguration, portalConfigurationAtom } from './metadata';
import type { HostOptions } from './options';
import { optionsAtom } from './options.atoms';
import { loadTagManagerScript, tagManagerId } from './tagManager';

/** The element scripts the load sequence loads (SHELL-009): given by the app entry, shared/ imports no element. */
export interface ElementScripts {
  importLoginBox: () => Promise<unknown>;
  importAdminPortal: () => Promise<unknown>;
}

export interface LoadStepDeps extends ElementScripts {
  api: Pick<ApiClient, 'request'>;
  adminPortalApi: Pick<ApiClient, 'request'>;
  authorize: () => Promise<void>;
  /** The loads that follow the session (`followSession`): authorize waits for those of the session it restored. */
  sessionLoads?: Pick<SessionLoads, 'settled'>;
}

/** An answer for a session that has changed meanwhile is dropped: the load for the new one is queued. */
async function forSession<T>(load: () => Promise<T>, keep: (answer: T) => void): Promise<void> {
  const who = store.get(sessionIdentityAtom);
  const answer = await load();
  if (store.get(sessionIdentityAtom) === who) keep(answer);
}

const loadFlags = (api: LoadStepDeps['api']) =>
  forSession(
    () => api.request(paths.featureFlags.loadFeatureFlags),
    (answer) => store.set(loadedFlagsAtom, parseFlags(answer)),
  );

/** Entitlements need a signed-in user: loaded when there is one and the option and flag allow it. */
async function loadUserEntitlements(options: HostOptions, api: LoadStepDeps['api']): Promise<void> {
  if (!store.get(accessTokenAtom)) return store.set(entitlementsLoadAtom, { status: 'idle' });
  const flags = store.get(featureFlagsAtom);
  await forSession(
    () => loadEntitlements({ api, options, flags }),
    (load) => store.set(entitlementsLoadAtom, load),
  );
}

export interface SessionLoads {
  /** Settles when the loads of every session change so far are done. */
  settled(): Promise<void>;
  stop(): void;
}

/**
 * The one place flags and entitlements follow the session: whenever its (user id, tenant id) changes, however
 * the session started (sign-in, refresh cookie on reload, tenant switch, hosted login) or ended, the flags and
 * then the user's entitlements load again, with the options of that moment. Loads run one at a time.
 */
export function followSession(api: LoadStepDeps['api'], logger: LoadLogger = console): SessionLoads {
  let queue = Promise.resolve();
  const reload = () => {
    queue = queue.then(async () => {
      // A page that names no server (no base URL, no preview) has nobody to ask.
      const { baseUrl, preview } = store.get(optionsAtom);
      if (!baseUrl && !preview) return;
      await loadFlags(api).catch((error: unknown) =>
        logger.error('[fe-elements] feature flags failed to load', error),
      );
      await loadUserEntitlements(store.get(optionsAtom), api).catch((error: unknown) =>
        logger.error('[fe-elements] entitlements failed to load', error),
      );
    });
  };
  const stop = store.sub(sessionIdentityAtom, reload);
  // A session that exists before the sequence starts (set by the host or a test) is followed too.
  if (store.get(sessionIdentityAtom)) reload();
  return { settled: () => queue, stop };
}

/** The real steps of the load sequence: each writes its result to the store, a failure leaves the default. */
export function createLoadSteps(options: HostOptions, deps: LoadStepDeps): AppLoadSteps {
  return {
    loadFeatureFlags: () => loadFlags(deps.api),
    loadMetadata: async () =>
      store.set(portalConfigurationAtom, await loadPortalConfiguration(deps.adminPortalApi)),
    authorize: async () => {
      await deps.authorize();
      // A restored session reloaded the flags and entitlements for its user: the sequence waits for them.
      await deps.sessionLoads?.settled();
    },
    loadLoginBoxScript: async () => void (await deps.importLoginBox()),
    loadTagManagerScript: () => loadTagManagerScript(tagManagerId(options.tagManager), options.cspNonce),
    loadAdminPortalScript: async () => void (await deps.importAdminPortal()),
  };
}

let started: Promise<void> | null = null;
let waiting = false;
/** None until an app entry gives them (a test that mounts one element loads no other script). */
let elementScripts: ElementScripts = {
  importLoginBox: async () => undefined,
  importAdminPortal: async () => undefined,
};

/** The app entry's element scripts, for every load sequence that starts after this call. */
export function provideElementScripts(scripts: ElementScripts): void {
  elementScripts = scripts;
}

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
  // Subscribed before the sequence starts, so the session that authorize restores is followed too.
  started ??= loadApp(
    createLoadSteps(options, {
      api,
      adminPortalApi,
      // With hosted login the session is the server's hosted session (silent authorize).
      authorize: options.hostedLoginBox ? restoreHostedSession : restoreSession,
      ...elementScripts,
      sessionLoads: followSession(api),
    }),
    { lazy: options.lazy },
  );
  return started;
}
