import { matchPattern } from './pattern';

/** String operators (FLAGS-007). */
export const stringOperators = ['in_list', 'starts_with', 'ends_with', 'contains', 'matches'] as const;
/** Numeric operators (FLAGS-008). */
export const numericOperators = [
  'equal',
  'greater_than',
  'greater_than_equal',
  'lower_than',
  'lower_than_equal',
  'between_numeric',
] as const;
/** Date operators (FLAGS-009). */
export const dateOperators = ['on', 'on_or_after', 'on_or_before', 'between_date'] as const;
/** Boolean operator (FLAGS-010). */
export const booleanOperators = ['is'] as const;

export type StringOperator = (typeof stringOperators)[number];
export type NumericOperator = (typeof numericOperators)[number];
export type DateOperator = (typeof dateOperators)[number];
export type BooleanOperator = (typeof booleanOperators)[number];
export type ConditionOperator = StringOperator | NumericOperator | DateOperator | BooleanOperator;

/** A date in a condition value: what `new Date(value)` reads (an ISO 8601 string, epoch milliseconds…). */
export type DateInput = string | number;

/** The value each operator accepts (FLAGS-011); any other value never matches. */
export interface ConditionValues {
  in_list: { list: string[] };
  starts_with: { list: string[] };
  ends_with: { list: string[] };
  contains: { list: string[] };
  matches: { string: string };
  equal: { number: number };
  greater_than: { number: number };
  greater_than_equal: { number: number };
  lower_than: { number: number };
  lower_than_equal: { number: number };
  between_numeric: { start: number; end: number };
  on: { date: DateInput };
  on_or_after: { date: DateInput };
  on_or_before: { date: DateInput };
  between_date: { start: DateInput; end: DateInput };
  is: { boolean: boolean };
}

/** A rule condition (FLAGS-003). `value` is `unknown`: it comes from the server and is checked here. */
export interface Condition {
  attribute: string;
  op: ConditionOperator;
  value: unknown;
  negate?: boolean;
}

/** The attributes conditions read: a flat map (see `buildAttributes`). */
export type Attributes = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A date the way Frontegg's evaluator reads one: `new Date(value)`, so the same strings parse as in the
 * browser's own `Date` (an ISO date alone is UTC, a date-time without an offset is local time, and the
 * engine's lenient formats are read as it reads them). Undefined when the date is invalid.
 */
function toDate(value: unknown): Date | undefined {
  try {
    const date = new Date(value as string);
    return Number.isNaN(date.getTime()) ? undefined : date;
  } catch {
    return undefined; // a value no Date can be made of (a symbol, an object without a primitive)
  }
}

/** A condition value's date: present (truthy, as Frontegg checks it) and valid. */
const valueDate = (value: unknown) => (value ? toDate(value) : undefined);

/**
 * The instant of a date attribute: a Date (an invalid one compares as NaN: never equal, never in order).
 * Frontegg's evaluator compares only Date attributes (anything else makes it throw); we also read the
 * strings and epoch milliseconds JSON claims carry, and cannot compare other values.
 */
function attributeTime(attribute: unknown): number | undefined {
  if (attribute instanceof Date) return attribute.getTime();
  if (typeof attribute === 'string' || typeof attribute === 'number') return toDate(attribute)?.getTime();
  return undefined;
}

/** JavaScript's relational comparison of an attribute with a number, coercion included (`'5' > 3`). */
function relation(attribute: unknown, op: NumericOperator, n: number): boolean | undefined {
  const a = attribute as number; // any value: `>` coerces it as Frontegg's evaluator does
  try {
    if (op === 'greater_than') return a > n;
    if (op === 'greater_than_equal') return a >= n;
    if (op === 'lower_than') return a < n;
    if (op === 'lower_than_equal') return a <= n;
    return a === n;
  } catch {
    return undefined; // an object without a primitive value
  }
}

const isPatternSyntax = (pattern: string) => {
  try {
    new RegExp(pattern); // compiled only, never run: matching is the bounded engine's
    return true;
  } catch {
    return false;
  }
};

/** A comparison of an attribute, made from a condition value; undefined when it cannot be made. */
type Comparison = (attribute: unknown) => boolean | undefined;

/**
 * The comparison a condition value makes for an operator, checked as Frontegg's sanitizers check it
 * (FLAGS-011): a list of strings; a string; a number (`typeof`, so NaN and Infinity too); a start-end pair
 * of numbers (in any order: a reversed pair never holds); a present, valid date or pair of dates; a
 * boolean. Null for a value that does not suit the operator and for an unknown operator.
 */
function comparison(op: unknown, value: unknown): Comparison | null {
  if (!isObject(value)) return null;
  switch (op) {
    case 'in_list':
    case 'starts_with':
    case 'ends_with':
    case 'contains': {
      const list: unknown = value.list;
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return null;
      const items = list as string[];
      if (op === 'in_list') {
        // An array attribute is in the list when one of its items is.
        return (attribute) =>
          Array.isArray(attribute)
            ? attribute.some((item) => items.includes(item as string))
            : items.includes(attribute as string);
      }
      return (attribute) => {
        if (items.length === 0) return false;
        if (typeof attribute === 'string') {
          if (op === 'starts_with') return items.some((item) => attribute.startsWith(item));
          if (op === 'ends_with') return items.some((item) => attribute.endsWith(item));
          return items.some((item) => attribute.includes(item));
        }
        // `contains` on an array attribute: one of its items is a list item.
        if (op === 'contains' && Array.isArray(attribute))
          return items.some((item) => attribute.includes(item));
        return undefined;
      };
    }
    case 'matches': {
      const pattern = value.string;
      if (typeof pattern !== 'string') return null;
      return (attribute) => {
        let input: string;
        try {
          input = String(attribute); // as RegExp.prototype.test reads its argument
        } catch {
          return undefined;
        }
        const matched = matchPattern(pattern, input);
        if (matched !== undefined) return matched;
        // An invalid pattern does not match (FLAGS-012; `negate` then inverts it). A valid one our bounded
        // engine refuses cannot be compared.
        return isPatternSyntax(pattern) ? undefined : false;
      };
    }
    case 'equal':
    case 'greater_than':
    case 'greater_than_equal':
    case 'lower_than':
    case 'lower_than_equal': {
      const n = value.number;
      if (typeof n !== 'number') return null;
      return (attribute) => relation(attribute, op, n);
    }
    case 'between_numeric': {
      const { start, end } = value;
      if (typeof start !== 'number' || typeof end !== 'number') return null;
      return (attribute) => {
        const above = relation(attribute, 'greater_than_equal', start);
        return above === undefined ? undefined : above && relation(attribute, 'lower_than_equal', end);
      };
    }
    case 'on':
    case 'on_or_after':
    case 'on_or_before': {
      const date = valueDate(value.date)?.getTime();
      if (date === undefined) return null;
      return (attribute) => {
        const at = attributeTime(attribute);
        if (at === undefined) return undefined;
        if (op === 'on') return at === date;
        return op === 'on_or_after' ? at >= date : at <= date;
      };
    }
    case 'between_date': {
      const start = valueDate(value.start)?.getTime();
      const end = valueDate(value.end)?.getTime();
      if (start === undefined || end === undefined) return null;
      return (attribute) => {
        const at = attributeTime(attribute);
        return at === undefined ? undefined : at >= start && at <= end;
      };
    }
    case 'is': {
      const boolean = value.boolean;
      if (typeof boolean !== 'boolean') return null;
      return (attribute) => attribute === boolean;
    }
    default:
      return null;
  }
}

/**
 * Evaluates one condition (FLAGS-003, FLAGS-007..014) as Frontegg's evaluator does: a value that does not
 * suit the operator, an unknown operator or a missing (undefined) attribute is false, negated or not;
 * otherwise the attribute is compared with JavaScript's own rules (a null attribute is a value: `null < 1`,
 * a number is not in a list of strings) and `negate` (when truthy) inverts the result. Where Frontegg's
 * evaluator throws (`starts_with` on a number, a date operator on a value that is not a date) and where
 * our bounded pattern engine refuses a valid pattern, the condition is false, negated or not.
 */
export function evaluateCondition(condition: Condition, attributes: Attributes): boolean {
  if (!isObject(condition) || typeof condition.attribute !== 'string' || !isObject(attributes)) return false;
  const compare = comparison(condition.op, condition.value);
  if (!compare) return false;
  // Own attributes only: an inherited name (`constructor`) is no attribute.
  if (!Object.hasOwn(attributes, condition.attribute)) return false;
  const attribute = attributes[condition.attribute];
  if (attribute === undefined) return false;
  const result = compare(attribute);
  if (result === undefined) return false;
  return condition.negate ? !result : result;
}
