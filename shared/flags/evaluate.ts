import { evaluateCondition, type Attributes, type Condition } from './conditions';

/** A treatment as the server sends it: true/false, or the strings 'true'/'false'. */
export type TreatmentInput = boolean | 'true' | 'false';

/** A targeting rule (FLAGS-002): all its conditions hold → its treatment. */
export interface Rule {
  conditions: Condition[];
  treatment: TreatmentInput;
  /** Only 'and' exists; a rule with another logic never holds. */
  conditionLogic?: 'and';
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

/** Whether every condition of the rule holds (a rule without conditions holds). */
export function ruleHolds(rule: Rule, attributes: Attributes): boolean {
  if (typeof rule !== 'object' || rule === null || !Array.isArray(rule.conditions)) return false;
  if (rule.conditionLogic !== undefined && rule.conditionLogic !== 'and') return false;
  return rule.conditions.every((condition) => evaluateCondition(condition, attributes));
}

/** The treatment of the first rule that holds, or undefined when none does. */
export function firstRuleTreatment(rules: unknown, attributes: Attributes): boolean | undefined {
  if (!Array.isArray(rules)) return undefined;
  const rule = (rules as Rule[]).find((candidate) => ruleHolds(candidate, attributes));
  return rule ? toTreatment(rule.treatment) : undefined;
}

/**
 * A flag's treatment: off → offTreatment (FLAGS-004); on → the treatment of the first rule whose
 * conditions all hold (FLAGS-005), else defaultTreatment (FLAGS-006). Only `on: true` is on.
 */
export function evaluateFeatureFlag(flag: FeatureFlag, attributes: Attributes): { treatment: boolean } {
  if (typeof flag !== 'object' || flag === null) return { treatment: false };
  if (flag.on !== true) return { treatment: toTreatment(flag.offTreatment) };
  return { treatment: firstRuleTreatment(flag.rules, attributes) ?? toTreatment(flag.defaultTreatment) };
}
