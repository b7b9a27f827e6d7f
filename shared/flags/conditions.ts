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

/** A date in a condition value or an attribute: an ISO 8601 string, or epoch milliseconds. */
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/**
 * Epoch milliseconds of an ISO 8601 date (`2024-05-01`, `2024-05-01T10:00`, `2024-05-01T10:00:00.000Z`,
 * `...+02:00`), with every field checked (no 2024-02-30); a date or time without an offset is UTC, so the
 * browser's time zone never changes a result. Undefined for anything else.
 */
export function parseIsoDate(text: string): number | undefined {
  if (text.length > 40) return undefined;
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(
    (v) => (v === undefined ? undefined : Number(v)),
  ) as number[];
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month! < 1 || month! > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (day! < 1 || day! > daysInMonth) return undefined;
  let offset = 0;
  if (m[8] !== undefined && m[8] !== 'Z') {
    const offsetHours = Number(m[9]);
    const offsetMinutes = Number(m[10]);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offset = (m[8].startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year!, month! - 1, day!);
  utc.setUTCHours(hour, minute, second, millis);
  return utc.getTime() - offset;
}

/** Epoch milliseconds of a date value or attribute: an ISO 8601 string, finite epoch ms, or a valid Date. */
export function toEpochMillis(value: unknown): number | undefined {
  if (isFiniteNumber(value)) return value;
  if (typeof value === 'string') return parseIsoDate(value);
  if (value instanceof Date && Number.isFinite(value.getTime())) return value.getTime();
  return undefined;
}

const stringList = (value: unknown): string[] | undefined =>
  isRecord(value) && Array.isArray(value.list) && value.list.every((item) => typeof item === 'string')
    ? (value.list as string[])
    : undefined;

/** `{ start, end }` read by `read`, with start <= end; undefined when either side is invalid. */
function range(value: unknown, read: (side: unknown) => number | undefined): [number, number] | undefined {
  if (!isRecord(value)) return undefined;
  const start = read(value.start);
  const end = read(value.end);
  return start !== undefined && end !== undefined && start <= end ? [start, end] : undefined;
}

const numberOrUndefined = (value: unknown) => (isFiniteNumber(value) ? value : undefined);

/**
 * Compares an attribute with a condition value. Undefined when the comparison cannot be made: the value
 * does not suit the operator, the attribute is missing or of another type, or the pattern is refused.
 */
function compare(op: unknown, value: unknown, attribute: unknown): boolean | undefined {
  switch (op) {
    case 'in_list':
    case 'starts_with':
    case 'ends_with':
    case 'contains': {
      const list = stringList(value);
      if (!list || typeof attribute !== 'string') return undefined;
      if (op === 'in_list') return list.includes(attribute);
      if (op === 'starts_with') return list.some((item) => attribute.startsWith(item));
      if (op === 'ends_with') return list.some((item) => attribute.endsWith(item));
      return list.some((item) => attribute.includes(item));
    }
    case 'matches':
      if (!isRecord(value) || typeof value.string !== 'string' || typeof attribute !== 'string')
        return undefined;
      // An invalid or refused pattern is false whatever `negate` says (FLAGS-012).
      return matchPattern(value.string, attribute);
    case 'equal':
    case 'greater_than':
    case 'greater_than_equal':
    case 'lower_than':
    case 'lower_than_equal': {
      if (!isRecord(value) || !isFiniteNumber(value.number) || !isFiniteNumber(attribute)) return undefined;
      const n = value.number;
      if (op === 'equal') return attribute === n;
      if (op === 'greater_than') return attribute > n;
      if (op === 'greater_than_equal') return attribute >= n;
      if (op === 'lower_than') return attribute < n;
      return attribute <= n;
    }
    case 'between_numeric': {
      const bounds = range(value, numberOrUndefined);
      if (!bounds || !isFiniteNumber(attribute)) return undefined;
      return attribute >= bounds[0] && attribute <= bounds[1];
    }
    case 'on':
    case 'on_or_after':
    case 'on_or_before': {
      const date = isRecord(value) ? toEpochMillis(value.date) : undefined;
      const at = toEpochMillis(attribute);
      if (date === undefined || at === undefined) return undefined;
      if (op === 'on') return at === date;
      return op === 'on_or_after' ? at >= date : at <= date;
    }
    case 'between_date': {
      const bounds = range(value, toEpochMillis);
      const at = toEpochMillis(attribute);
      if (!bounds || at === undefined) return undefined;
      return at >= bounds[0] && at <= bounds[1];
    }
    case 'is':
      if (!isRecord(value) || typeof value.boolean !== 'boolean' || typeof attribute !== 'boolean')
        return undefined;
      return attribute === value.boolean;
    default:
      return undefined;
  }
}

/**
 * Evaluates one condition (FLAGS-003, FLAGS-007..014). `negate` inverts a comparison that could be made;
 * it never turns these into true: a missing (or null) attribute, an attribute of another type than the
 * operator compares, a value that does not suit the operator, an unknown operator, an invalid or refused
 * `matches` pattern. Those are false, negated or not.
 */
export function evaluateCondition(condition: Condition, attributes: Attributes): boolean {
  if (!isRecord(condition) || typeof condition.attribute !== 'string' || !isRecord(attributes)) return false;
  if (!Object.hasOwn(attributes, condition.attribute)) return false;
  const attribute = attributes[condition.attribute];
  if (attribute === undefined || attribute === null) return false;
  const result = compare(condition.op, condition.value, attribute);
  if (result === undefined) return false;
  return condition.negate === true ? !result : result;
}
