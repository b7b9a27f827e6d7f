import type { PaletteColor, Theme } from './types';

/** Every CSS custom property a theme sets; components read only these (by `cssVar`). */
export const cssVarNames = [
  '--fe-color-primary',
  '--fe-color-primary-light',
  '--fe-color-primary-dark',
  '--fe-color-primary-active',
  '--fe-color-primary-contrast',
  '--fe-color-secondary',
  '--fe-color-secondary-light',
  '--fe-color-secondary-dark',
  '--fe-color-secondary-active',
  '--fe-color-secondary-contrast',
  '--fe-color-success',
  '--fe-color-success-light',
  '--fe-color-success-dark',
  '--fe-color-success-contrast',
  '--fe-color-warning',
  '--fe-color-warning-light',
  '--fe-color-warning-dark',
  '--fe-color-warning-contrast',
  '--fe-color-error',
  '--fe-color-error-light',
  '--fe-color-error-dark',
  '--fe-color-error-contrast',
  '--fe-color-info',
  '--fe-color-info-light',
  '--fe-color-info-dark',
  '--fe-color-info-contrast',
  '--fe-color-background',
  '--fe-color-surface',
  '--fe-color-text',
  '--fe-color-text-secondary',
  '--fe-color-border',
  '--fe-font-family',
  '--fe-font-size',
  '--fe-radius',
  '--fe-spacing',
] as const;

export type CssVarName = (typeof cssVarNames)[number];
/** A variable name without its `--fe-` prefix, e.g. `color-primary`. */
export type CssVarKey = CssVarName extends `--fe-${infer Key}` ? Key : never;

/** `var(--fe-<key>)` for use in styles; an unknown key is a type error. */
export function cssVar<K extends CssVarKey>(key: K): `var(--fe-${K})` {
  return `var(--fe-${key})`;
}

type ShadeVars<Name extends string> = Record<
  | `--fe-color-${Name}`
  | `--fe-color-${Name}-light`
  | `--fe-color-${Name}-dark`
  | `--fe-color-${Name}-contrast`,
  string
>;

function shadeVars<Name extends string>(name: Name, color: PaletteColor): ShadeVars<Name> {
  return {
    [`--fe-color-${name}`]: color.main,
    [`--fe-color-${name}-light`]: color.light,
    [`--fe-color-${name}-dark`]: color.dark,
    [`--fe-color-${name}-contrast`]: color.contrastText,
  } as ShadeVars<Name>;
}

/** Flattens a theme to CSS custom properties; the Record type makes a missing name a compile error. */
export function themeToCssVars(theme: Theme): Record<CssVarName, string> {
  const { palette } = theme;
  return {
    ...shadeVars('primary', palette.primary),
    '--fe-color-primary-active': palette.primary.active,
    ...shadeVars('secondary', palette.secondary),
    '--fe-color-secondary-active': palette.secondary.active,
    ...shadeVars('success', palette.success),
    ...shadeVars('warning', palette.warning),
    ...shadeVars('error', palette.error),
    ...shadeVars('info', palette.info),
    '--fe-color-background': palette.background,
    '--fe-color-surface': palette.surface,
    '--fe-color-text': palette.text,
    '--fe-color-text-secondary': palette.textSecondary,
    '--fe-color-border': palette.border,
    '--fe-font-family': theme.typography.fontFamily,
    '--fe-font-size': theme.typography.fontSize,
    '--fe-radius': theme.shape.borderRadius,
    '--fe-spacing': `${theme.spacing}px`,
  };
}
