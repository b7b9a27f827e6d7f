import { accessTokenAtom, userAtom } from '../auth/session.atoms';
import { optionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { buildAttributes, decodeJwtClaims } from './attributes';
import { isEntitledToFeature, isEntitledToPermission, type EntitlementResult } from './entitlements';
import { entitlementsLoadAtom } from './flags.atoms';

/** What the host-facing functions throw while entitlements are disabled (ENTITLE-003). */
export const ENTITLEMENTS_DISABLED_MESSAGE =
  'You must first enable entitlements via the provider options to use this function';

/** The page's entitlements and the signed-in user's attributes; throws while entitlements are disabled. */
function pageContext(customAttributes: Readonly<Record<string, unknown>> | undefined) {
  if (!store.get(optionsAtom).entitlements.enabled) throw new Error(ENTITLEMENTS_DISABLED_MESSAGE);
  const load = store.get(entitlementsLoadAtom);
  const attributes = buildAttributes({
    custom: customAttributes,
    jwt: decodeJwtClaims(store.get(accessTokenAtom)),
    user: store.get(userAtom),
  });
  return { entitlements: load.status === 'loaded' ? load.entitlements : null, attributes };
}

/** Host API: is the signed-in user entitled to the feature? Not entitled until a load succeeded. */
export function getFeatureEntitlements(
  featureKey: string,
  customAttributes?: Readonly<Record<string, unknown>>,
): EntitlementResult {
  const { entitlements, attributes } = pageContext(customAttributes);
  return isEntitledToFeature(entitlements, featureKey, attributes);
}

/** Host API: is the signed-in user entitled to the permission? Not entitled until a load succeeded. */
export function getPermissionEntitlements(
  permissionKey: string,
  customAttributes?: Readonly<Record<string, unknown>>,
): EntitlementResult {
  const { entitlements, attributes } = pageContext(customAttributes);
  return isEntitledToPermission(entitlements, permissionKey, attributes);
}
