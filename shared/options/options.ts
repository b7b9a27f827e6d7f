import type { ThemeInput, ThemeMode } from '../../themes/types';
import { defaultRoutes, type AuthRoutes } from './routes';

export type UrlStrategy = 'path' | 'hash';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'none';
/** x-frontegg-framework header values (ENUM-036, 001 §7). */
export const FRAMEWORKS = [
  'nextjs',
  'react',
  'angular',
  'vuejs',
  'flutter',
  'ios',
  'android',
  'vanillajs',
] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** Deep-partial message overrides per locale: `{ en: { loginBox: { login: { title: 'Hi' } } } }`. */
export interface Localizations {
  [locale: string]: LocalizationTree;
}
export interface LocalizationTree {
  [key: string]: string | LocalizationTree;
}

export type FieldAppearance = 'hidden' | 'viewOnly' | 'edit';
export type TabAppearance = 'hidden' | 'edit';
export type NavigationVisibility = 'always' | 'hidden' | 'byPermissions';
/**
 * Per navigation entry: `{ users: { visibility: 'hidden' } }`. With entitlements on, `feature` also requires
 * the user to be entitled to that feature: `{ sso: { visibility: 'byPermissions', feature: 'sso' } }`.
 */
export type NavigationOptions = Record<string, { visibility?: NavigationVisibility; feature?: string }>;

/** The portal's base route when the host gives none: pages live at `/admin-box/<page>` (or `#/admin-box/<page>`). */
export const DEFAULT_PORTAL_ROUTE = '/admin-box';

/**
 * The admin portal: its base route (deep links), and how fields and tabs appear, keyed `page.field` and
 * `page.tab`: `{ fields: { 'profile.phoneNumber': 'viewOnly' }, tabs: { 'account.customLogin': 'hidden' } }`.
 */
export interface PortalOptions {
  /** An app path such as `/admin-box`; the page is the next segment (`/admin-box/users`). */
  route?: string;
  fields?: Record<string, FieldAppearance>;
  tabs?: Record<string, TabAppearance>;
}

export interface TagManagerOptions {
  enabled: boolean;
  id?: string;
}

/** Every host option (SHELL-002). Set by attributes on any element, by properties, or by `configure()`. */
export interface HostOptions {
  /** Required (SHELL-003): the origin of the identity server, e.g. `https://auth.example.com`. */
  baseUrl?: string;
  /** Replays sample data after 500 ms instead of calling a server (SHELL-007). */
  preview: boolean;
  /** Sign in through the server's hosted login page (OAuth authorization code + PKCE). */
  hostedLoginBox: boolean;
  theme?: ThemeInput;
  themeMode: ThemeMode;
  navigation?: NavigationOptions;
  portal?: PortalOptions;
  localizations?: Localizations;
  locale: string;
  entitlements: { enabled: boolean };
  tagManager?: TagManagerOptions;
  /** Redirects from the `redirectUrl` query parameter only to the current origin or allowed origins. */
  enforceRedirectToSameSite: boolean;
  allowedRedirectOrigins: string[];
  urlStrategy: UrlStrategy;
  requestCredentials: RequestCredentials;
  routes: AuthRoutes;
  /** Do not load the admin-portal script as the last load step (SHELL-010). */
  lazy: boolean;
  logLevel: LogLevel;
  framework: Framework;
  /** Optional headers (API-005). */
  loginAlias?: string;
  applicationId?: string;
  /** CSP nonce given to every `<style>` the elements insert. */
  cspNonce?: string;
  /** Must equal the app name when given (SHELL-020). */
  storeName?: string;
}

/** Options as a host may give them: every field optional, routes partial. */
export type HostOptionsInput = Partial<Omit<HostOptions, 'routes' | 'entitlements'>> & {
  routes?: Partial<AuthRoutes>;
  entitlements?: { enabled: boolean };
};

export const defaultOptions: Readonly<HostOptions> = Object.freeze({
  preview: false,
  hostedLoginBox: false,
  themeMode: 'light',
  locale: 'en',
  entitlements: { enabled: false },
  enforceRedirectToSameSite: true,
  allowedRedirectOrigins: [],
  urlStrategy: 'path',
  requestCredentials: 'include',
  routes: { ...defaultRoutes },
  lazy: false,
  logLevel: 'error',
  framework: 'vanillajs',
});

/** Merges host input over the defaults; `routes` merge key by key, everything else replaces. */
export function resolveOptions(input: HostOptionsInput): HostOptions {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return {
    ...defaultOptions,
    ...defined,
    routes: { ...defaultRoutes, ...input.routes },
    entitlements: input.entitlements ?? defaultOptions.entitlements,
  } as HostOptions;
}
