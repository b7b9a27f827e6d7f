import { evaluateCondition, type Attributes, type Condition } from './conditions';

/** Feature flag treatments (ENUM-018): Frontegg's TreatmentEnum. */
export const TREATMENTS = ['true', 'false'] as const;
export type Treatment = (typeof TREATMENTS)[number];

/** A treatment as the server sends it: one of `TREATMENTS`, or the booleans our database stores. */
export type TreatmentInput = boolean | Treatment;

/** How a rule or a group combines its conditions: all of them ('and', the default) or any ('or'). */
export type ConditionLogic = 'and' | 'or';

/** Conditions combined by a logic: a rule's, or a group nested in one (Frontegg's ConditionGroup). */
export interface ConditionGroup {
  conditionLogic?: ConditionLogic;
  conditions: (Condition | ConditionGroup)[];
}

/** A targeting rule (FLAGS-002): its conditions hold → its treatment. */
export interface Rule extends ConditionGroup {
  treatment: TreatmentInput;
}

/** A feature flag (FLAGS-001). A missing treatment counts as false. */
export interface FeatureFlag {
  on: boolean;
  offTreatment?: TreatmentInput;
  defaultTreatment?: TreatmentInput;
  rules?: Rule[];
}

/** true or 'true' → true; anything else (false, 'false', a missing or malformed treatment) → false. */
export function toTreatment(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A group, as Frontegg tells one from a condition: it has a `conditionLogic` and no `op`. */
const isGroup = (item: object): item is ConditionGroup => 'conditionLogic' in item && !('op' in item);

/**
 * Whether a rule's (or a group's) conditions hold: every one of them, or any one when its `conditionLogic`
 * is 'or' (any other logic counts as 'and'). An item with a `conditionLogic` and no `op` is a nested group.
 * A rule without conditions holds (and an 'or' one does not: no condition holds).
 */
export function ruleHolds(rule: Rule | ConditionGroup, attributes: Attributes): boolean {
  if (typeof rule !== 'object' || rule === null || !Array.isArray(rule.conditions)) return false;
  const holds = (item: Condition | ConditionGroup) =>
    typeof item === 'object' && item !== null && isGroup(item)
      ? ruleHolds(item, attributes)
      : evaluateCondition(item, attributes);
  return rule.conditionLogic === 'or' ? rule.conditions.some(holds) : rule.conditions.every(holds);
}

/** The treatment of the first rule that holds, or undefined when none does. */
export function firstRuleTreatment(rules: unknown, attributes: Attributes): boolean | undefined {
  if (!Array.isArray(rules)) return undefined;
  const rule = (rules as Rule[]).find((candidate) => ruleHolds(candidate, attributes));
  return rule ? toTreatment(rule.treatment) : undefined;
}

/**
 * A flag's treatment, as Frontegg's evaluator decides it: off → offTreatment (FLAGS-004); on → the
 * treatment of the first rule whose conditions hold (FLAGS-005), else defaultTreatment (FLAGS-006). A flag
 * is on when `on` is truthy.
 */
export function evaluateFeatureFlag(flag: FeatureFlag, attributes: Attributes): { treatment: boolean } {
  if (typeof flag !== 'object' || flag === null) return { treatment: false };
  if (!flag.on) return { treatment: toTreatment(flag.offTreatment) };
  return { treatment: firstRuleTreatment(flag.rules, attributes) ?? toTreatment(flag.defaultTreatment) };
}
