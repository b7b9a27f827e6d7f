import Color, { type ColorInstance } from 'color';
import type { ThemeMode } from './types';

/** A plain JSON-like object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Short, safe rendering of a bad value for error messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** Rejects keys we do not know, so a typo such as `pallete` fails loudly instead of being ignored. */
export function assertKnownKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  path: string,
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new Error(`${path}.${key} is not a known theme key (expected one of: ${known.join(', ')})`);
    }
  }
}

/** Parses a CSS colour string; THEME-006: anything `color` cannot read throws, naming path and value. */
export function parseColor(value: unknown, path: string): ColorInstance {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`Unsupported colour format at ${path}: ${describeValue(value)}`);
  }
  try {
    return Color(value.trim());
  } catch {
    throw new Error(`Unsupported colour format at ${path}: ${describeValue(value)}`);
  }
}

/** Hex keeps CSS variables uniform; translucent colours keep their alpha. */
export function toHex(color: ColorInstance): string {
  return color.alpha() < 1 ? color.hexa() : color.hex();
}

// Characters that could end a declaration or rule when the value is written into a stylesheet.
const UNSAFE_CSS_VALUE = /[;{}<>\\]|\/\*|[\r\n]/;

/** A free-form CSS value (font family, size, radius): a non-empty string that cannot break out of its rule. */
export function parseCssValue(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${path} must be a non-empty string, got ${describeValue(value)}`);
  }
  if (UNSAFE_CSS_VALUE.test(value)) {
    throw new Error(`${path} contains characters not allowed in a CSS value: ${describeValue(value)}`);
  }
  return value.trim();
}

/** Only 'light' and 'dark' exist; anything else is a host mistake worth surfacing. */
export function assertThemeMode(mode: unknown): ThemeMode {
  if (mode !== 'light' && mode !== 'dark') {
    throw new Error(`theme mode must be 'light' or 'dark', got ${describeValue(mode)}`);
  }
  return mode;
}
