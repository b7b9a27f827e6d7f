// SCIM filters (RFC 7644 §3.4.2.2) over resources as the service answers them: parsed by scim2-parse-filter,
// evaluated here, because the RFC's rules differ from the library's evaluator: attribute names are
// case-insensitive, string comparisons are case-insensitive except for caseExact attributes (id, externalId,
// meta.version), an extension attribute is named by its schema URN (whose "2.0" holds a dot), and
// `emails[type eq "work"].value eq "x"` compares the value of the same email the bracket selects.
import { parse, type Filter } from 'scim2-parse-filter';
import { scimError } from './http';

type Json = Record<string, unknown>;

const CASE_EXACT = new Set(['id', 'externalid', 'meta.version']);

/** `attr[filter].sub op value` → `attr[filter and sub op value]` (the library splits it into two conditions). */
const VALUE_PATH_SUB_ATTR =
  /([A-Za-z][\w:.-]*)\[([^\]]*)\]\.([A-Za-z]\w*)(\s+(?:(?:eq|ne|co|sw|ew|gt|ge|lt|le)\s+(?:"(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)|pr\b))/gi;

/** Parses a filter; a filter that does not parse is 400 invalidFilter. */
export function parseFilter(text: string): Filter {
  if (text.length > 2000) throw scimError(400, 'The filter is too long', 'invalidFilter');
  try {
    return parse(text.replace(VALUE_PATH_SUB_ATTR, '$1[$2 and $3$4]'));
  } catch {
    throw scimError(400, `The filter is not valid: ${text}`, 'invalidFilter');
  }
}

/** The key of `obj` named `name` whatever its case. */
function keyOf(obj: Json, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

/** Splits an attribute path into names: a schema URN prefix names the extension object as one name. */
function segments(obj: Json, path: string): string[] {
  if (path.toLowerCase().startsWith('urn:')) {
    const lower = path.toLowerCase();
    const ext = Object.keys(obj)
      .filter((k) => lower.startsWith(`${k.toLowerCase()}:`))
      .sort((a, b) => b.length - a.length)[0];
    if (!ext) return [path];
    return [ext, ...path.slice(ext.length + 1).split('.')];
  }
  return path.split('.');
}

/** Every value at `path` (multi-valued attributes flattened). */
export function valuesAt(resource: unknown, path: string): unknown[] {
  if (typeof resource !== 'object' || resource === null) return [];
  let current: unknown[] = [resource];
  for (const name of segments(resource as Json, path)) {
    const next: unknown[] = [];
    for (const item of current) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const key = keyOf(item as Json, name);
      if (key === undefined) continue;
      const value = (item as Json)[key];
      if (Array.isArray(value)) next.push(...value);
      else if (value !== undefined) next.push(value);
    }
    current = next;
  }
  return current;
}

function compare(op: string, actual: unknown, expected: unknown, caseExact: boolean): boolean {
  if (actual === null || actual === undefined) return false;
  if (typeof actual === 'object') {
    // A multi-valued attribute compared directly: its `value` sub-attribute (RFC 7644 §3.4.2.2).
    const value = (actual as Json).value;
    return value === undefined ? false : compare(op, value, expected, caseExact);
  }
  if (typeof actual === 'boolean' || typeof expected === 'boolean' || expected === null) {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    throw scimError(400, `${op} does not apply to a boolean`, 'invalidFilter');
  }
  if (typeof actual === 'number' && typeof expected === 'number') {
    switch (op) {
      case 'eq':
        return actual === expected;
      case 'ne':
        return actual !== expected;
      case 'gt':
        return actual > expected;
      case 'ge':
        return actual >= expected;
      case 'lt':
        return actual < expected;
      case 'le':
        return actual <= expected;
    }
  }
  const fold = (v: unknown) => (caseExact ? String(v) : String(v).toLowerCase());
  const a = fold(actual);
  const e = fold(expected);
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    // Timestamps are ISO 8601 in UTC: their order is the strings' order.
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
  throw scimError(400, `Unknown operator ${op}`, 'invalidFilter');
}

const present = (v: unknown) =>
  v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether a resource matches the filter. */
export function matches(resource: unknown, filter: Filter): boolean {
  const f = filter as Filter & Json;
  switch (f.op) {
    case 'and':
      return (f.filters as Filter[]).every((x) => matches(resource, x));
    case 'or':
      return (f.filters as Filter[]).some((x) => matches(resource, x));
    case 'not':
      return !matches(resource, f.filter as Filter);
    case '[]':
      return valuesAt(resource, f.attrPath as string).some((item) => matches(item, f.valFilter as Filter));
    case 'pr':
      return valuesAt(resource, f.attrPath as string).some(present);
    default: {
      const path = f.attrPath as string;
      const values = valuesAt(resource, path);
      const caseExact = CASE_EXACT.has(path.toLowerCase());
      // `ne`: no value equals (a missing attribute is not equal).
      if (f.op === 'ne') return !values.some((v) => compare('eq', v, f.compValue, caseExact));
      return values.some((v) => compare(f.op as string, v, f.compValue, caseExact));
    }
  }
}

/** `attr eq "value"` on one top-level attribute (what a database index can answer), else undefined. */
export function simpleEquality(filter: Filter): { attr: string; value: string } | undefined {
  const f = filter as Filter & Json;
  if (f.op !== 'eq' || typeof f.attrPath !== 'string' || typeof f.compValue !== 'string') return undefined;
  return { attr: f.attrPath.toLowerCase(), value: f.compValue };
}

/**
 * The attributes of an answer (RFC 7644 §3.4.2.5), at the top level: `attributes` keeps only those named (and
 * `id`, `schemas`, always returned); `excludedAttributes` drops those named (never `id` or `schemas`).
 */
export function project(resource: Json, attributes?: string, excluded?: string): Json {
  const names = (list?: string) =>
    (list ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean)
      .map((a) => (a.startsWith('urn:') ? a : a.split('.')[0]!));
  const keep = names(attributes);
  const drop = names(excluded);
  const always = new Set(['id', 'schemas']);
  const topOf = (key: string, list: string[]) =>
    list.some((a) => a === key.toLowerCase() || (a.startsWith('urn:') && a.startsWith(key.toLowerCase())));
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      if (always.has(key)) return true;
      if (keep.length) return topOf(key, keep);
      return !topOf(key, drop);
    }),
  );
}
