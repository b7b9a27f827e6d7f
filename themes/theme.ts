import { createPalette, type PaletteInput } from './palette';
import type { ColorInput, Theme, ThemeInput, ThemeMode } from './types';
import { assertKnownKeys, assertThemeMode, describeValue, isPlainObject, parseCssValue } from './validate';

export const defaultTypography: Readonly<Theme['typography']> = Object.freeze({
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: '14px',
});
export const defaultShape: Readonly<Theme['shape']> = Object.freeze({ borderRadius: '4px' });
/** Spacing unit in px; components use multiples of it. */
export const defaultSpacing = 8;

const themeKeys = ['palette', 'typography', 'shape'] as const;

/** Recursively freezes so the shared base themes cannot be mutated by one element for all others. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Reads an optional nested object of the theme, naming its path when it has the wrong type. */
function readSection(value: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const section = value[key];
  if (section === undefined) return undefined;
  if (!isPlainObject(section)) {
    throw new Error(`theme.${key} must be an object, got ${describeValue(section)}`);
  }
  return section;
}

/** Copies only the defined, validated string fields of a section. */
function readCssFields<K extends string>(
  section: Record<string, unknown>,
  keys: readonly K[],
  path: string,
): Partial<Record<K, string>> {
  assertKnownKeys(section, keys, path);
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    if (section[key] !== undefined) out[key] = parseCssValue(section[key], `${path}.${key}`);
  }
  return out;
}

function parsePalette(palette: Record<string, unknown>): PaletteInput {
  // createPalette already validates every key and colour with path-naming errors; one validator, not two.
  createPalette(palette as PaletteInput, 'light');
  const out: Record<string, ColorInput> = {};
  for (const [key, value] of Object.entries(palette)) {
    if (value === undefined || value === null) continue;
    if (isPlainObject(value)) {
      out[key] =
        value.contrastText == null
          ? { main: String(value.main) }
          : { main: String(value.main), contrastText: String(value.contrastText) };
    } else {
      out[key] = String(value);
    }
  }
  return out as PaletteInput;
}

/**
 * Validates a host-supplied theme (an object, or its JSON text from an attribute) and returns a clean copy.
 * Throws an Error naming the offending path, e.g. `theme.palette.primary`.
 */
export function parseThemeInput(value: unknown): ThemeInput {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new Error(`theme is not valid JSON: ${describeValue(value)}`);
    }
  }
  if (!isPlainObject(raw)) throw new Error(`theme must be an object, got ${describeValue(raw)}`);
  assertKnownKeys(raw, themeKeys, 'theme');
  const result: ThemeInput = {};
  const palette = readSection(raw, 'palette');
  if (palette) result.palette = parsePalette(palette);
  const typography = readSection(raw, 'typography');
  if (typography)
    result.typography = readCssFields(typography, ['fontFamily', 'fontSize'], 'theme.typography');
  const shape = readSection(raw, 'shape');
  if (shape) result.shape = readCssFields(shape, ['borderRadius'], 'theme.shape');
  return result;
}

/** Resolves a full theme: the light or dark base with the host's (validated) overrides on top. */
export function createTheme(mode: ThemeMode, input?: ThemeInput): Theme {
  const checkedMode = assertThemeMode(mode);
  // Validated even for typed callers: the object may come from JSON or an untyped host at run time.
  const parsed = input === undefined ? {} : parseThemeInput(input);
  return {
    mode: checkedMode,
    palette: createPalette(parsed.palette, checkedMode),
    typography: { ...defaultTypography, ...parsed.typography },
    shape: { ...defaultShape, ...parsed.shape },
    spacing: defaultSpacing,
  };
}

/** Base light theme (frozen). */
export const lightTheme: Readonly<Theme> = deepFreeze(createTheme('light'));
/** Base dark theme (frozen). */
export const darkTheme: Readonly<Theme> = deepFreeze(createTheme('dark'));
