/** A colour as the host gives it: a CSS colour string, or an object with the main colour. */
export type ColorInput = string | { main: string; contrastText?: string };

/** The theme object a host passes through the `theme` option, property or attribute (JSON). */
export interface ThemeInput {
  palette?: {
    primary?: ColorInput;
    secondary?: ColorInput;
    success?: ColorInput;
    warning?: ColorInput;
    error?: ColorInput;
    info?: ColorInput;
    background?: string;
    surface?: string;
    text?: string;
    textSecondary?: string;
    border?: string;
  };
  typography?: { fontFamily?: string; fontSize?: string };
  shape?: { borderRadius?: string };
}

export type ThemeMode = 'light' | 'dark';

/** One generated palette colour; every value is a hex string. `active` exists for main colours only. */
export interface PaletteColor {
  main: string;
  light: string;
  dark: string;
  active?: string;
  contrastText: string;
}

/** Main colours get light/dark/active shades (+40%, −15%, −20%). */
export type MainColorName = 'primary' | 'secondary';
/** Status colours get light/dark shades (+70%, −20%). */
export type StatusColorName = 'success' | 'warning' | 'error' | 'info';
export type PaletteColorName = MainColorName | StatusColorName;
/** Plain (non-shaded) palette entries taken from the light or dark base. */
export type BaseColorName = 'background' | 'surface' | 'text' | 'textSecondary' | 'border';

export type Palette = Record<MainColorName, PaletteColor & { active: string }> &
  Record<StatusColorName, PaletteColor> &
  Record<BaseColorName, string>;

/** The resolved theme every element reads (through CSS variables). */
export interface Theme {
  mode: ThemeMode;
  palette: Palette;
  typography: { fontFamily: string; fontSize: string };
  shape: { borderRadius: string };
  /** Spacing unit in px. */
  spacing: number;
}
