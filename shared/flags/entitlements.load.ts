import type { ApiClient } from '../api/client';
import { paths } from '../api/paths';
import type { HostOptions } from '../options/options';
import { parseEntitlements } from './entitlements';
import type { EntitlementsLoad } from './flags.atoms';

/** The feature flag that turns entitlements loading on (the seed does not name it: our key). */
export const ENTITLEMENTS_FLAG_KEY = 'fe-entitlements';
/** The feature flag that allows the authorization (permissions) call (the seed does not name it: our key). */
export const AUTHORIZATION_FLAG_KEY = 'fe-user-authorization';

/** Entitlements load only when the option is enabled and their feature flag is on (ENTITLE-010). */
export function shouldLoadEntitlements(
  options: Pick<HostOptions, 'entitlements'>,
  flags: Readonly<Record<string, boolean>>,
): boolean {
  return options.entitlements.enabled === true && flags[ENTITLEMENTS_FLAG_KEY] === true;
}

/** The authorization (permissions) call is made only when its feature flag is on (ENTITLE-011). */
export function shouldLoadAuthorization(flags: Readonly<Record<string, boolean>>): boolean {
  return flags[AUTHORIZATION_FLAG_KEY] === true;
}

/**
 * Loads the user's entitlements when `shouldLoadEntitlements` allows it ('idle' without a call otherwise);
 * a failed call or an unreadable answer gives 'failed', which reports not entitled (ENTITLE-012).
 */
export async function loadEntitlements(deps: {
  api: Pick<ApiClient, 'request'>;
  options: Pick<HostOptions, 'entitlements'>;
  flags: Readonly<Record<string, boolean>>;
}): Promise<EntitlementsLoad> {
  if (!shouldLoadEntitlements(deps.options, deps.flags)) return { status: 'idle' };
  try {
    const entitlements = parseEntitlements(await deps.api.request(paths.entitlements.loadEntitlementsV2));
    return entitlements ? { status: 'loaded', entitlements } : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}
