export type {
  BaseColorName,
  ColorInput,
  MainColorName,
  Palette,
  PaletteColor,
  PaletteColorName,
  StatusColorName,
  Theme,
  ThemeInput,
  ThemeMode,
} from './types';
export {
  createPalette,
  createMainColor,
  createStatusColor,
  contrastTextFor,
  shadeRules,
  lightPaletteBase,
  darkPaletteBase,
  type PaletteInput,
} from './palette';
export { createTheme, parseThemeInput, lightTheme, darkTheme } from './theme';
export { themeToCssVars, cssVarNames, cssVar, type CssVarName, type CssVarKey } from './cssVars';
export { tokenVars, space, size, type SpaceStep } from './tokens';
export {
  waitForThemeSetter,
  THEME_SETTER_TIMEOUT_MS,
  THEME_SETTER_POLL_MS,
  THEME_SETTER_ERROR_MESSAGE,
  type WaitForThemeSetterOptions,
} from './themeSetter';
