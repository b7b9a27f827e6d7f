// An account's custom login box (the account page's customLogin tab) applied to the login box of its users:
// which account (the page URL's `tenantId`), and its look as theme variables, a logo and a background.
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createAccountSettingsApi, type CustomLogin } from '../../shared/api/accountSettings';
import { api } from '../../shared/api/client';
import { appSearchParams, currentUrlAtom } from '../../shared/options/location';
import type { UrlStrategy } from '../../shared/options/options';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { createTheme, parseThemeInput, themeToCssVars } from '../../themes';
import type { ThemeInput, ThemeMode } from '../../themes/types';
import { customLoginAtom } from './customLogin.atoms';

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAX_TENANT_ID = 100;

/** The account whose login box this is: `?tenantId=` of the app URL (with the hash strategy, after `#/path?`). */
export function customLoginTenantId(url: URL, strategy: UrlStrategy): string | null {
  const tenantId = appSearchParams(url, strategy).get('tenantId')?.trim();
  return tenantId && tenantId.length <= MAX_TENANT_ID ? tenantId : null;
}

/** A login-box route that keeps the account's look across page loads: `tenantId` added unless it names one. */
export function keepAccount(to: string, tenantId: string | null | undefined): string {
  if (!tenantId) return to;
  const [path = '', query = ''] = to.split('?', 2);
  const params = new URLSearchParams(query);
  if (!params.has('tenantId')) params.set('tenantId', tenantId);
  return `${path}?${params}`;
}

/** An image the box may show: an https URL or a raster data image (as the server stores them), else undefined. */
export function safeImage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('data:')) return DATA_IMAGE.test(value) ? value : undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

const hex = (value: string | undefined) => (value && HEX_COLOR.test(value) ? value : undefined);

/** The palette entries that belong to one mode: dropped when the account's mode is not the host's. */
const modeColors = ['background', 'surface', 'text', 'textSecondary', 'border'] as const;

/**
 * The theme of the account's login box: the host's theme with the account's primary colour in its palette, in
 * the account's mode (palette rules make every shade, contrast included), and the account's background colour
 * for the backdrop, read by the palette too. The palette's own background stays the fields' fill inside the
 * card (a dark backdrop must not darken the inputs). A host theme that does not validate is left out.
 */
export function customLoginTheme(
  box: CustomLogin,
  host: { theme?: ThemeInput; themeMode: ThemeMode },
): { mode: ThemeMode; vars: Record<string, string>; backdrop: string } {
  const mode = box.themeMode ?? host.themeMode;
  let base: ThemeInput = {};
  try {
    base = host.theme === undefined ? {} : parseThemeInput(host.theme);
  } catch {
    base = {};
  }
  const palette: NonNullable<ThemeInput['palette']> = { ...base.palette };
  if (mode !== host.themeMode) for (const key of modeColors) delete palette[key];
  const primary = hex(box.primaryColor);
  if (primary) palette.primary = primary;
  const theme = createTheme(mode, { ...base, palette });
  const background = hex(box.backgroundColor);
  const backdrop = background
    ? createTheme(mode, { palette: { background } }).palette.background
    : theme.palette.background;
  return { mode, vars: themeToCssVars(theme), backdrop };
}

const accountSettings = createAccountSettingsApi(api);

/** Keeps an answer only while it is still the answer for the account the box shows. */
function settle(tenantId: string, look: CustomLogin | null): void {
  if (store.get(customLoginAtom)?.tenantId === tenantId) store.set(customLoginAtom, { tenantId, look });
}

/**
 * The custom login box of the account the URL names, loaded once per account and page (every login box of
 * the page shares it); a failed or unknown one is the default look. Without `tenantId` in the URL the last
 * account's look stays (a route the host navigates to in place); the box's own links carry it (`keepAccount`).
 */
export function useCustomLogin(): CustomLogin | null {
  const url = useAtomValue(currentUrlAtom);
  const { urlStrategy } = useAtomValue(optionsAtom);
  const tenantId = customLoginTenantId(url, urlStrategy);
  useEffect(() => {
    if (!tenantId || store.get(customLoginAtom)?.tenantId === tenantId) return;
    store.set(customLoginAtom, { tenantId, look: null });
    accountSettings.getPublicCustomLogin(tenantId).then(
      (answer) => settle(tenantId, answer?.customLogin ?? null),
      () => settle(tenantId, null),
    );
  }, [tenantId]);
  return useAtomValue(customLoginAtom)?.look ?? null;
}
