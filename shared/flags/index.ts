// Feature flags, condition operators and entitlements: the public API.
export {
  booleanOperators,
  dateOperators,
  evaluateCondition,
  numericOperators,
  stringOperators,
  type Attributes,
  type Condition,
  type ConditionOperator,
  type ConditionValues,
  type DateInput,
} from './conditions';
export {
  buildAttributes,
  decodeJwtClaims,
  flattenClaims,
  type AttributeSources,
  type AttributeUser,
} from './attributes';
export {
  TREATMENTS,
  evaluateFeatureFlag,
  ruleHolds,
  toTreatment,
  type ConditionGroup,
  type ConditionLogic,
  type FeatureFlag,
  type Rule,
  type Treatment,
  type TreatmentInput,
} from './evaluate';
export {
  NOT_ENTITLED_JUSTIFICATIONS,
  NO_EXPIRATION_TIME,
  NotEntitledJustification,
  hasPermission,
  isEntitledToFeature,
  isEntitledToPermission,
  parseEntitlements,
  permissionMatches,
  type EntitlementFeature,
  type EntitlementPlan,
  type EntitlementResult,
  type Entitlements,
} from './entitlements';
export {
  ENTITLEMENTS_DISABLED_MESSAGE,
  getFeatureEntitlements,
  getPermissionEntitlements,
} from './entitlements.api';
export {
  AUTHORIZATION_FLAG_KEY,
  ENTITLEMENTS_FLAG_KEY,
  loadEntitlements,
  shouldLoadAuthorization,
  shouldLoadEntitlements,
} from './entitlements.load';
export { MATCH_WORK_LIMIT, MAX_PATTERN_LENGTH, MAX_PROGRAM_SIZE, matchPattern } from './pattern';
export { entitlementsLoadAtom, featureFlagsAtom, parseFlags, type EntitlementsLoad } from './flags.atoms';
