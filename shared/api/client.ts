import wretch from 'wretch';
import type { WretchError } from 'wretch';
import type { HostOptions } from '../options/options';
import { optionsAtom } from '../options/options.atoms';
import { accessTokenAtom } from '../auth/session.atoms';
import { isAllowedOrigin } from '../auth/redirect';
import { appSearchParams, navigate as navigateTo } from '../options/location';
import { store } from '../store';
import { paths, type ApiPath } from './paths';
import {
  ApiError,
  apiErrorFromResponse,
  classifyNetworkFailure,
  isJsonContentType,
  logApiError,
  UNPARSEABLE_BODY_MESSAGE,
} from './errors';
import { errorCodeText, networkFailureText } from './errorText';
import { downloadBlob, fileNameFromContentDisposition, isAttachment } from './download';

/** Defined by the build (package version) and by the test bundler ("test"). */
declare const __FE_VERSION__: string;

export const SDK_VERSION: string = typeof __FE_VERSION__ === 'string' ? __FE_VERSION__ : '0.0.0-dev';

/** frontegg-source header values (ENUM-035): which element makes the call. */
export const REQUEST_SOURCES = ['admin-portal', 'login-box'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/**
 * Calls that never carry the access token (API-009): logout, post-login (SAML, OIDC, social), passwordless and
 * WebAuthn, user auth (login), token refresh, user create (sign-up), activate, invitation accept, MFA verify,
 * OAuth token and silent OAuth authorize.
 */
export const TOKEN_EXCLUDED_ROUTES: readonly ApiPath[] = Object.freeze([
  paths.auth.logout,
  paths.auth.postLogin,
  paths.auth.oidcPostLogin,
  paths.auth.oidcPostLoginV2,
  paths.auth.loginViaSocialLogin,
  paths.auth.passwordlessPreLogin,
  paths.auth.passwordlessPostLogin,
  paths.auth.webAuthnPreLogin,
  paths.auth.webAuthnPostLogin,
  paths.auth.login,
  paths.auth.refreshToken,
  paths.auth.signUpUser,
  paths.auth.signUpUserWithPhoneNumber,
  paths.auth.signUpUserWithUsername,
  paths.auth.activateAccount,
  paths.auth.activateAccountWithOTC,
  paths.auth.acceptInvitation,
  paths.auth.acceptInvitationWithOTC,
  paths.auth.loginWithMfa,
  paths.auth.exchangeOAuthTokens,
  paths.auth.silentOAuthRefreshToken,
]);

const excludedKeys = new Set(TOKEN_EXCLUDED_ROUTES.map((r) => `${r.method} ${r.path}`));

/** True when `route` must not carry the Authorization header (API-009). */
export function isTokenExcluded(route: ApiPath): boolean {
  return excludedKeys.has(`${route.method} ${route.path}`);
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  /** Values of `{name}` placeholders in the route path (URL-encoded). */
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** Sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** File name of a download when the answer does not name one. */
  fileName?: string;
}

export interface ApiClientDeps {
  getOptions: () => HostOptions;
  getToken: () => string | null;
  source: RequestSource;
  /** The HTTP transport when not in preview; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /** The preview transport (loaded on demand by default). */
  previewFetch?: () => Promise<typeof fetch> | typeof fetch;
  /** The page URL (for `tenantId` and same-origin checks). */
  location?: () => URL;
  /** Sends the browser to a 302 target; defaults to `navigate` (cancelable `fe-navigate`, then a page load). */
  navigate?: (url: string) => void;
  /** How long a call may take, answer body included; default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Whether the browser has a network; defaults to `navigator.onLine`. */
  isOnline?: () => boolean;
}

/** A call with no answer after this long fails as timed out instead of spinning for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The no-cors probe that tells a browser refusal from an unreachable server. */
const PROBE_TIMEOUT_MS = 5_000;

export interface ApiClient {
  request<T = unknown>(route: ApiPath, opts?: RequestOptions): Promise<T>;
  /** The absolute URL of a call: base URL + path with params filled + query. */
  url(route: ApiPath, opts?: Pick<RequestOptions, 'params' | 'query'>): string;
  /** The headers a call carries (001 §7). */
  headers(route: ApiPath, extra?: Record<string, string>): Record<string, string>;
}

const loadPreviewFetch = (): Promise<typeof fetch> => import('./preview/index').then((m) => m.previewFetch);

function fillPath(template: string, params: Record<string, string> = {}): string {
  const [pathPart = '', queryPart] = template.split('?', 2) as [string, string | undefined];
  const path = pathPart.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new ApiError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
  if (queryPart === undefined) return path;
  // A placeholder after '?' takes a ready-made query string; left out, it is dropped.
  const query = queryPart.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  return query ? `${path}?${query}` : path;
}

function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, String(value));
  }
  return search.toString();
}

function isRawBody(body: unknown): body is BodyInit {
  if (body === null || typeof body !== 'object') return false;
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

const origin = (url: string): string => new URL(url, window.location.href).origin;

function isWretchError(err: unknown): err is WretchError {
  return err instanceof wretch.WretchError;
}

function isBlobAnswer(route: ApiPath, response: Response): boolean {
  if (route.download) return true;
  if (isAttachment(response.headers.get('Content-Disposition'))) return true;
  const type = response.headers.get('Content-Type');
  if (!type) return false;
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return !isJsonContentType(type) && !mime.startsWith('text/') && mime !== '';
}

function fallbackFileName(opts: RequestOptions): string {
  if (opts.fileName) return opts.fileName;
  const named = opts.query?.outputFileName;
  if (typeof named === 'string' && named) return named;
  return 'download';
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const pageUrl = deps.location ?? (() => new URL(window.location.href));
  const navigate = deps.navigate ?? ((url: string) => navigateTo(url));
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const isOnline = deps.isOnline ?? (() => navigator.onLine !== false);

  function url(route: ApiPath, opts: Pick<RequestOptions, 'params' | 'query'> = {}): string {
    const base = (deps.getOptions().baseUrl ?? '').replace(/\/+$/, '');
    const path = fillPath(route.path, opts.params);
    const query = toQueryString(opts.query);
    return base + path + (query ? (path.includes('?') ? '&' : '?') + query : '');
  }

  function headers(route: ApiPath, extra: Record<string, string> = {}): Record<string, string> {
    const options = deps.getOptions();
    const result: Record<string, string> = {
      'Content-Type': 'application/json',
      'frontegg-source': deps.source,
      'x-frontegg-sdk': `fe-elements@${SDK_VERSION}`,
      'x-frontegg-framework': options.framework,
    };
    const token = deps.getToken();
    if (token && !isTokenExcluded(route)) result.Authorization = `Bearer ${token}`;
    // With the hash strategy the app's query (#/path?tenantId=…) counts too.
    const tenantId = appSearchParams(pageUrl(), options.urlStrategy).get('tenantId');
    if (tenantId) result['frontegg-scoped-tenant'] = tenantId;
    if (options.loginAlias) result['frontegg-login-alias'] = options.loginAlias;
    if (options.applicationId) result['frontegg-application-id'] = options.applicationId;
    // Extra headers win, whatever their case.
    for (const name of Object.keys(extra)) {
      for (const key of Object.keys(result)) if (key.toLowerCase() === name.toLowerCase()) delete result[key];
    }
    return { ...result, ...extra };
  }

  function followRedirect(target: string): void {
    const current = pageUrl();
    const trimmed = target.trim();
    const { allowedRedirectOrigins } = deps.getOptions();
    if (trimmed && isAllowedOrigin(trimmed, current.origin, allowedRedirectOrigins ?? [])) {
      navigate(new URL(trimmed, current.href).href);
    } else {
      console.warn(`[fe-elements] Ignored a 302 redirect to a URL outside the allowed origins: ${trimmed}`);
    }
  }

  async function readAnswer<T>(route: ApiPath, opts: RequestOptions, response: Response): Promise<T> {
    if (response.status === 204 || response.status === 205) return undefined as T;
    if (isBlobAnswer(route, response)) {
      const blob = await response.blob();
      const fallback = fallbackFileName(opts);
      downloadBlob(
        blob,
        fileNameFromContentDisposition(response.headers.get('Content-Disposition'), fallback),
      );
      return blob as T;
    }
    const text = await response.text();
    if (text === '') return undefined as T;
    const type = response.headers.get('Content-Type');
    if (isJsonContentType(type) || !type) {
      try {
        return JSON.parse(text) as T;
      } catch (cause) {
        if (!type) return text as T;
        throw new ApiError(UNPARSEABLE_BODY_MESSAGE, response.status, { cause });
      }
    }
    return text as T;
  }

  /** True when anything answers at the origin of `target` (a no-cors request is not subject to CORS). */
  async function serverAnswers(target: string, transport: typeof fetch): Promise<boolean> {
    try {
      await transport(`${origin(target)}/`, {
        method: 'HEAD',
        mode: 'no-cors',
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      return true;
    } catch {
      return false;
    }
  }

  /** A call that got no answer, said in the page's language with the server it concerns; else undefined. */
  async function describeNetworkFailure(
    err: unknown,
    target: string,
    options: HostOptions,
    transport: typeof fetch,
  ): Promise<ApiError | undefined> {
    if (options.preview) return undefined;
    const online = isOnline();
    let kind = classifyNetworkFailure(err, { online });
    if (kind === 'blocked') {
      kind = classifyNetworkFailure(err, { online, serverAnswers: await serverAnswers(target, transport) });
    }
    if (!kind) return undefined;
    const where = {
      baseUrl: (options.baseUrl ?? '').replace(/\/+$/, '') || origin(target),
      origin: pageUrl().origin,
    };
    const display = networkFailureText(kind, where, {
      locale: options.locale,
      localizations: options.localizations,
    });
    return new ApiError((err as Error).message, undefined, { cause: err, network: kind, display });
  }

  async function request<T = unknown>(route: ApiPath, opts: RequestOptions = {}): Promise<T> {
    const options = deps.getOptions();
    const transport = options.preview
      ? await (deps.previewFetch ?? loadPreviewFetch)()
      : (deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)));
    const rawBody = isRawBody(opts.body);
    const payload = rawBody ? opts.body : opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const requestHeaders = headers(route, opts.headers);
    // For FormData and blobs the browser sets the content type (with the multipart boundary) itself.
    if (rawBody && !Object.keys(opts.headers ?? {}).some((h) => h.toLowerCase() === 'content-type')) {
      delete requestHeaders['Content-Type'];
    }

    const target = url(route, opts);
    const translation = { locale: options.locale, localizations: options.localizations };
    const networkError = (err: unknown) => describeNetworkFailure(err, target, options, transport);

    let response: Response;
    try {
      let chain = wretch(target)
        .polyfills({ fetch: transport })
        .options({ credentials: options.requestCredentials, signal: AbortSignal.timeout(timeoutMs) })
        .headers(requestHeaders);
      // Set the body directly: wretch's own JSON detection would stringify a Blob.
      if (payload !== undefined) chain = chain.body(payload as BodyInit);
      response = await chain.fetch(route.method).res();
    } catch (err) {
      if (isWretchError(err)) {
        if (err.status === 302) {
          followRedirect(err.text ?? '');
          return undefined as T;
        }
        const apiError = apiErrorFromResponse({
          status: err.status,
          statusText: err.response?.statusText ?? '',
          contentType: err.response?.headers.get('Content-Type') ?? null,
          bodyText: err.text ?? '',
        });
        // A known code reads in the page's language; an unknown one keeps the server's message.
        apiError.display = errorCodeText(apiError.code, translation, apiError.message);
        logApiError(apiError, options.logLevel);
        throw apiError;
      }
      if (err instanceof ApiError) throw err;
      const network = await networkError(err);
      if (network) throw network;
      // Any other failure without a status: screens show the generic message (API-016).
      throw new ApiError(err instanceof Error ? err.message : String(err), undefined, { cause: err });
    }
    try {
      return await readAnswer<T>(route, opts, response);
    } catch (err) {
      // The time limit covers the answer's body too.
      throw (await networkError(err)) ?? err;
    }
  }

  return { request, url, headers };
}

/** The page's client for login-box calls, bound to the one store. */
export const api: ApiClient = createApiClient({
  getOptions: () => store.get(optionsAtom),
  getToken: () => store.get(accessTokenAtom),
  source: 'login-box',
});

/** The page's client for admin-portal calls, bound to the one store. */
export const adminPortalApi: ApiClient = createApiClient({
  getOptions: () => store.get(optionsAtom),
  getToken: () => store.get(accessTokenAtom),
  source: 'admin-portal',
});
