/** The steps of the app load sequence (SHELL-009); each is injected so the order is testable. */
export interface AppLoadSteps {
  loadFeatureFlags(): Promise<void>;
  loadMetadata(): Promise<void>;
  authorize(): Promise<void>;
  loadLoginBoxScript(): Promise<void>;
  loadTagManagerScript(): Promise<void>;
  loadAdminPortalScript(): Promise<void>;
}

export interface LoadLogger {
  error(message: string, error: unknown): void;
}

/**
 * Runs the load sequence: (1) feature flags; (2) metadata and authorize; (3) the login-box and tag-manager
 * scripts; (4) the admin-portal script unless `lazy` (SHELL-010). A failing step is logged and the
 * sequence goes on with the defaults (SHELL-014, SHELL-017).
 */
export async function loadApp(
  steps: AppLoadSteps,
  { lazy }: { lazy: boolean },
  logger: LoadLogger = console,
): Promise<void> {
  const attempt = (label: string, step: () => Promise<void>) =>
    step().catch((error: unknown) => logger.error(`[fe-elements] ${label} failed to load`, error));
  await attempt('feature flags', steps.loadFeatureFlags);
  await Promise.all([attempt('metadata', steps.loadMetadata), attempt('authorize', steps.authorize)]);
  await Promise.all([
    attempt('login-box script', steps.loadLoginBoxScript),
    attempt('tag-manager script', steps.loadTagManagerScript),
  ]);
  if (!lazy) await attempt('admin-portal script', steps.loadAdminPortalScript);
}
