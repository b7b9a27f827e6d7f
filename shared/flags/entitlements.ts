import { permissionMatches } from '../auth/permissionMatch';
import type { Attributes } from './conditions';
import {
  evaluateFeatureFlag,
  firstRuleTreatment,
  toTreatment,
  type FeatureFlag,
  type Rule,
  type TreatmentInput,
} from './evaluate';

/** `expireTime` of a direct grant that never expires. */
export const NO_EXPIRATION_TIME = -1;

/** Why an entitlement is refused (ENUM-019, 000 §8). */
export const NOT_ENTITLED_JUSTIFICATIONS = [
  'MISSING_FEATURE',
  'MISSING_PERMISSION',
  'BUNDLE_EXPIRED',
] as const;
export type NotEntitledJustification = (typeof NOT_ENTITLED_JUSTIFICATIONS)[number];
/** The justifications by name, as Frontegg's `NotEntitledJustification` enum spells them. */
export const NotEntitledJustification = Object.fromEntries(
  NOT_ENTITLED_JUSTIFICATIONS.map((reason) => [reason, reason]),
) as { readonly [K in NotEntitledJustification]: K };

export interface EntitlementResult {
  isEntitled: boolean;
  justification?: NotEntitledJustification;
}

/** A feature of the entitlements answer (ENTITLE-001). */
export interface EntitlementFeature {
  /** Direct grant: epoch ms, -1 for no expiry; null or absent when the feature is not granted directly. */
  expireTime?: number | null;
  featureFlag?: FeatureFlag | null;
  planIds?: string[];
  linkedPermissions?: string[];
}

export interface EntitlementPlan {
  defaultTreatment: TreatmentInput;
  rules?: Rule[];
}

/** The entitlements answer (ENTITLE-001): features, plans and the user's permissions. */
export interface Entitlements {
  features: Record<string, EntitlementFeature>;
  plans: Record<string, EntitlementPlan>;
  /** Permission keys, possibly with `*` wildcards; only `true` grants. */
  permissions: Record<string, boolean>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const entries = (value: unknown): [string, unknown][] => (isRecord(value) ? Object.entries(value) : []);

/**
 * Reads the entitlements answer (`GET /entitlements/api/v2/user-entitlements`); null when it is not an
 * object. Fields of the wrong type are dropped: a non-numeric `expireTime` becomes null (no direct grant).
 */
export function parseEntitlements(answer: unknown): Entitlements | null {
  if (!isRecord(answer)) return null;
  const features: Record<string, EntitlementFeature> = Object.create(null);
  for (const [key, raw] of entries(answer.features)) {
    if (!isRecord(raw)) continue;
    features[key] = {
      expireTime: typeof raw.expireTime === 'number' && !Number.isNaN(raw.expireTime) ? raw.expireTime : null,
      featureFlag: isRecord(raw.featureFlag) ? (raw.featureFlag as unknown as FeatureFlag) : null,
      planIds: strings(raw.planIds),
      linkedPermissions: strings(raw.linkedPermissions),
    };
  }
  const plans: Record<string, EntitlementPlan> = Object.create(null);
  for (const [key, raw] of entries(answer.plans)) {
    if (!isRecord(raw)) continue;
    plans[key] = {
      defaultTreatment: raw.defaultTreatment as TreatmentInput,
      rules: Array.isArray(raw.rules) ? (raw.rules as Rule[]) : [],
    };
  }
  const permissions: Record<string, boolean> = Object.create(null);
  for (const [key, raw] of entries(answer.permissions)) if (typeof raw === 'boolean') permissions[key] = raw;
  return { features, plans, permissions };
}

const entitled: EntitlementResult = { isEntitled: true };
const refused = (justification: NotEntitledJustification): EntitlementResult => ({
  isEntitled: false,
  justification,
});

/** Direct grant (ENTITLE-005, ENTITLE-006). */
function directGrant(feature: EntitlementFeature | undefined, now: number): EntitlementResult {
  const expireTime = feature?.expireTime;
  if (typeof expireTime !== 'number' || Number.isNaN(expireTime)) return refused('MISSING_FEATURE');
  if (expireTime !== NO_EXPIRATION_TIME && expireTime < now) return refused('BUNDLE_EXPIRED');
  return entitled;
}

function flagGrant(feature: EntitlementFeature | undefined, attributes: Attributes): boolean {
  return isRecord(feature?.featureFlag) && evaluateFeatureFlag(feature.featureFlag, attributes).treatment;
}

/** A plan is true when its first holding rule says true, or, with no rule holding, its defaultTreatment. */
function planGrant(
  entitlements: Entitlements,
  feature: EntitlementFeature | undefined,
  attributes: Attributes,
) {
  return strings(feature?.planIds).some((planId) => {
    const plan = own(entitlements.plans, planId);
    if (!isRecord(plan)) return false;
    return firstRuleTreatment(plan.rules, attributes) ?? toTreatment(plan.defaultTreatment);
  });
}

/**
 * Whether the user is entitled to a feature (ENTITLE-004): a direct grant that has not expired, a feature
 * flag that evaluates to true, or a plan of the feature that evaluates to true. Refused with BUNDLE_EXPIRED
 * when the direct grant has expired and nothing else grants it, else with MISSING_FEATURE (also for an
 * unknown feature or no entitlements). `now` is epoch ms.
 */
export function isEntitledToFeature(
  entitlements: Entitlements | null | undefined,
  featureKey: string,
  attributes: Attributes = {},
  now: number = Date.now(),
): EntitlementResult {
  if (!isRecord(entitlements)) return refused('MISSING_FEATURE');
  const feature = own(entitlements.features, featureKey);
  if (!isRecord(feature)) return refused('MISSING_FEATURE');
  const direct = directGrant(feature, now);
  if (direct.isEntitled) return direct;
  if (flagGrant(feature, attributes) || planGrant(entitlements, feature, attributes)) return entitled;
  return direct;
}

/** The product's one permission rule (shared/auth/permissionMatch.ts), for readers of this module. */
export { permissionMatches };

/** Whether a `true` permission of the map matches the key (ENTITLE-007). */
export function hasPermission(
  permissions: Record<string, boolean> | undefined,
  permissionKey: string,
): boolean {
  return entries(permissions).some(
    ([granted, value]) => value === true && permissionMatches(granted, permissionKey),
  );
}

/**
 * Whether the user is entitled to a permission: a `true` permission matches it, `*` wildcards included
 * (ENTITLE-007), and, when features link the permission, at least one of them is entitled (ENTITLE-008);
 * otherwise MISSING_PERMISSION (ENTITLE-009).
 */
export function isEntitledToPermission(
  entitlements: Entitlements | null | undefined,
  permissionKey: string,
  attributes: Attributes = {},
  now: number = Date.now(),
): EntitlementResult {
  if (!isRecord(entitlements) || !hasPermission(entitlements.permissions, permissionKey)) {
    return refused('MISSING_PERMISSION');
  }
  const linked = entries(entitlements.features)
    .filter(([, feature]) => isRecord(feature) && strings(feature.linkedPermissions).includes(permissionKey))
    .map(([featureKey]) => featureKey);
  if (linked.length === 0) return entitled;
  return linked.some(
    (featureKey) => isEntitledToFeature(entitlements, featureKey, attributes, now).isEntitled,
  )
    ? entitled
    : refused('MISSING_PERMISSION');
}
