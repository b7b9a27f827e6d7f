import { atom } from 'jotai';
import { createTheme, parseThemeInput, themeToCssVars } from '../../themes';
import { optionsAtom } from '../options/options.atoms';

/** The CSS custom properties of the current theme; a bad theme is logged and the base theme is used. */
export const themeVarsAtom = atom((get) => {
  const { theme, themeMode } = get(optionsAtom);
  try {
    return themeToCssVars(createTheme(themeMode, theme === undefined ? undefined : parseThemeInput(theme)));
  } catch (error) {
    console.error('[fe-elements] the theme option is invalid; using the base theme', error);
    return themeToCssVars(createTheme(themeMode === 'dark' ? 'dark' : 'light'));
  }
});
