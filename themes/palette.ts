import type { ColorInstance } from 'color';
import type {
  BaseColorName,
  ColorInput,
  MainColorName,
  Palette,
  PaletteColor,
  StatusColorName,
  ThemeInput,
  ThemeMode,
} from './types';
import {
  assertKnownKeys,
  assertThemeMode,
  describeValue,
  isPlainObject,
  parseColor,
  toHex,
} from './validate';

export type PaletteInput = NonNullable<ThemeInput['palette']>;

export const mainColorNames: readonly MainColorName[] = ['primary', 'secondary'];
export const statusColorNames: readonly StatusColorName[] = ['success', 'warning', 'error', 'info'];
export const baseColorNames: readonly BaseColorName[] = [
  'background',
  'surface',
  'text',
  'textSecondary',
  'border',
];
export const paletteKeys: readonly string[] = [...mainColorNames, ...statusColorNames, ...baseColorNames];

/** Spec shade ratios (seed 000 §9): THEME-001..003 for main colours, THEME-004..005 for status colours. */
export const shadeRules = {
  main: { light: 0.4, dark: 0.15, active: 0.2 },
  status: { light: 0.7, dark: 0.2 },
} as const;

/** Contrast text picked for dark colours. */
export const lightContrastText = '#FFFFFF';
/** Contrast text picked for light colours (near-black reads softer than pure black). */
export const darkContrastText = '#1A1A1A';

type FullPaletteInput = Record<MainColorName | StatusColorName, string> & Record<BaseColorName, string>;

// Defaults chosen so every contrastText and text/background pair reaches WCAG AA (4.5:1); see theme.test.ts.
export const lightPaletteBase: Readonly<FullPaletteInput> = Object.freeze({
  primary: '#3F51B5',
  secondary: '#00796B',
  success: '#2E7D32',
  warning: '#B45309',
  error: '#C62828',
  info: '#0277BD',
  background: '#FFFFFF',
  surface: '#F7F8FA',
  text: '#1F2328',
  textSecondary: '#57606A',
  border: '#D0D7DE',
});

// Dark mode lifts the accents a little so they still stand out on a near-black background.
export const darkPaletteBase: Readonly<FullPaletteInput> = Object.freeze({
  primary: '#5C6BC0',
  secondary: '#26A69A',
  success: '#66BB6A',
  warning: '#FFA726',
  error: '#E57373',
  info: '#29B6F6',
  background: '#121212',
  surface: '#1E1E1E',
  text: '#E6EDF3',
  textSecondary: '#A3ACB9',
  border: '#3D444D',
});

/** White on dark colours, near-black on light ones (THEME: computed contrastText). */
export function contrastTextFor(color: ColorInstance): string {
  return color.isDark() ? lightContrastText : darkContrastText;
}

/** Splits a ColorInput into its main colour and optional contrast text, validating both. */
function readColorInput(input: unknown, path: string): { main: ColorInstance; contrastText?: ColorInstance } {
  if (typeof input === 'string') return { main: parseColor(input, path) };
  if (!isPlainObject(input)) {
    throw new Error(
      `${path} must be a colour string or { main, contrastText? }, got ${describeValue(input)}`,
    );
  }
  assertKnownKeys(input, ['main', 'contrastText'], path);
  const main = parseColor(input.main, `${path}.main`);
  if (input.contrastText == null) return { main };
  return { main, contrastText: parseColor(input.contrastText, `${path}.contrastText`) };
}

/** Main colour: light +40%, dark −15%, active −20% (THEME-001..003). */
export function createMainColor(
  input: ColorInput,
  path = 'theme.palette.color',
): PaletteColor & { active: string } {
  const { main, contrastText } = readColorInput(input, path);
  return {
    main: toHex(main),
    light: toHex(main.lighten(shadeRules.main.light)),
    dark: toHex(main.darken(shadeRules.main.dark)),
    active: toHex(main.darken(shadeRules.main.active)),
    contrastText: contrastText ? toHex(contrastText) : contrastTextFor(main),
  };
}

/** Status colour: light +70%, dark −20% (THEME-004..005). */
export function createStatusColor(input: ColorInput, path = 'theme.palette.color'): PaletteColor {
  const { main, contrastText } = readColorInput(input, path);
  return {
    main: toHex(main),
    light: toHex(main.lighten(shadeRules.status.light)),
    dark: toHex(main.darken(shadeRules.status.dark)),
    contrastText: contrastText ? toHex(contrastText) : contrastTextFor(main),
  };
}

/** Builds the full palette: host overrides on top of the light or dark base; every value validated. */
export function createPalette(input: ThemeInput['palette'] | undefined, mode: ThemeMode): Palette {
  const base = assertThemeMode(mode) === 'dark' ? darkPaletteBase : lightPaletteBase;
  if (input !== undefined && !isPlainObject(input)) {
    throw new Error(`theme.palette must be an object, got ${describeValue(input)}`);
  }
  const given: Record<string, unknown> = input ?? {};
  assertKnownKeys(given, paletteKeys, 'theme.palette');
  const pick = (name: keyof FullPaletteInput): unknown => given[name] ?? base[name];
  const path = (name: string): string => `theme.palette.${name}`;
  return {
    primary: createMainColor(pick('primary') as ColorInput, path('primary')),
    secondary: createMainColor(pick('secondary') as ColorInput, path('secondary')),
    success: createStatusColor(pick('success') as ColorInput, path('success')),
    warning: createStatusColor(pick('warning') as ColorInput, path('warning')),
    error: createStatusColor(pick('error') as ColorInput, path('error')),
    info: createStatusColor(pick('info') as ColorInput, path('info')),
    background: toHex(parseColor(pick('background'), path('background'))),
    surface: toHex(parseColor(pick('surface'), path('surface'))),
    text: toHex(parseColor(pick('text'), path('text'))),
    textSecondary: toHex(parseColor(pick('textSecondary'), path('textSecondary'))),
    border: toHex(parseColor(pick('border'), path('border'))),
  };
}
