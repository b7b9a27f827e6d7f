// Feature flags (FLAGS-*) and the caller's entitlements (ENTITLE-001), on the `featureFlags` and
// `entitlements` groups of the paths table.
import { z } from 'zod';
import { TREATMENTS } from '../../flags/evaluate';
import { paths } from '../paths';
import { contract } from './contract';

/** Feature flag treatments (ENUM-018): Frontegg's TreatmentEnum, the evaluator's one list. */
export const treatment = z.enum(TREATMENTS);

/** A flag's value for the caller, as GET /flags answers it. */
export const flagState = z.enum(['on', 'off']);

/** A rule of a flag or a plan: conditions (checked by shared/flags), the treatment when they hold. */
export const rule = z.object({
  conditionLogic: z.enum(['and', 'or']).optional(),
  conditions: z.array(z.unknown()),
  treatment,
});

/** A feature flag (Frontegg's FeatureFlag). */
export const featureFlag = z.object({
  on: z.boolean(),
  offTreatment: treatment,
  defaultTreatment: treatment,
  rules: z.array(rule).optional(),
});

/** A feature of the entitlements answer (Frontegg's UserEntitlementsContext['features'][key]). */
export const entitlementFeature = z.object({
  /** Direct grant: epoch ms, -1 for no expiry; null when the feature is not granted directly. */
  expireTime: z.number().nullable(),
  featureFlag: featureFlag.optional(),
  planIds: z.array(z.string()),
  linkedPermissions: z.array(z.string()),
});

/** A plan (Frontegg's Plan). */
export const entitlementPlan = z.object({ defaultTreatment: treatment, rules: z.array(rule).optional() });

/** The entitlements answer (ENTITLE-001): features, plans and the user's permissions (granted: true). */
export const userEntitlements = z.object({
  features: z.record(z.string(), entitlementFeature),
  plans: z.record(z.string(), entitlementPlan),
  permissions: z.record(z.string(), z.literal(true)),
});

export const flagsContracts = {
  loadFeatureFlags: contract({
    route: paths.featureFlags.loadFeatureFlags,
    query: z.object({ featureKeys: z.string().max(30_000).optional() }),
    response: z.object({ flags: z.record(z.string(), flagState) }),
  }),
  loadEntitlementsV2: contract({ route: paths.entitlements.loadEntitlementsV2, response: userEntitlements }),
} as const;
