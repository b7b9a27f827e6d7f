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
