import { waitForThemeSetter } from '../../themes';
import type { ThemeInput } from '../../themes/types';
import { setOptionsAtom } from '../options/options.atoms';
import { store } from '../store';

type ThemeSetter = (theme: ThemeInput) => void;
let themeSetter: ThemeSetter | undefined;

/** Called when the first element renders: from then on the theme can be set. */
export function registerThemeSetter(): void {
  themeSetter ??= (theme) => store.set(setOptionsAtom, { theme });
}

/**
 * Sets the theme at run time once an element has rendered; waits up to 4000 ms (polled every 50 ms),
 * else rejects with 'Failed to load Renderer with themeSetter' (THEME-007/008).
 */
export async function setTheme(theme: ThemeInput): Promise<void> {
  const setter = await waitForThemeSetter(() => themeSetter);
  setter(theme);
}
