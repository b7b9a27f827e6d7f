import { api as pageApi, createApiClient, type ApiClient } from '../api/client';
import { paths } from '../api/paths';
import { navigate as navigateTo } from '../options/location';
import { optionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { codeChallengeS256, createCodeVerifier, randomString } from './pkce';
import { applyAuthAnswer, clearSession, setHostedRenewal, type AuthAnswer } from './session';
import type { SessionUser } from './session.atoms';

/** Hosted login: the authorization code flow with PKCE S256 against the server's /oauth endpoints (000 §4). */

/** Not in the paths table: the browser navigates there, nothing calls it. */
export const OAUTH_AUTHORIZE_PATH = '/oauth/authorize';
export const HOSTED_SCOPE = 'openid email profile';
export const DEFAULT_OAUTH_EXPIRES_IN = 300;
export const OAUTH_REFRESH_ERROR = "couldn't refresh user token with oauth service";
/** The reference server's demo client; a host sets its own with the `applicationId` option. */
export const DEFAULT_HOSTED_CLIENT_ID = 'fe-demo';
export const PENDING_AUTHORIZATION_KEY = 'fe-elements.oauth.pending';
/** A pending authorization older than the server's code lifetime is stale. */
export const PENDING_AUTHORIZATION_TTL_MS = 10 * 60_000;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthorizeUrlParams {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  prompt?: string;
  nonce?: string;
}

/** The authorize URL: response type code, scope openid email profile, S256 challenge (HOSTED-001, HOSTED-003). */
export function buildAuthorizeUrl(p: AuthorizeUrlParams): string {
  const url = new URL(`${p.baseUrl.replace(/\/+$/, '')}${OAUTH_AUTHORIZE_PATH}`);
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    scope: HOSTED_SCOPE,
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    nonce: p.nonce,
    prompt: p.prompt,
  };
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.href;
}

/** What survives the redirect, in sessionStorage: never a token, and removed by the callback. */
export interface PendingAuthorization {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: number;
  returnTo?: string;
}

export interface AuthorizeDeps {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  storage: StorageLike;
  navigate: (url: string) => void;
  prompt?: string;
  returnTo?: string;
  now?: () => number;
}

/** Starts hosted login: a fresh verifier and state kept for the redirect, then the browser goes to authorize. */
export async function requestAuthorize(deps: AuthorizeDeps): Promise<string> {
  const codeVerifier = createCodeVerifier();
  const state = randomString();
  const pending: PendingAuthorization = {
    state,
    codeVerifier,
    redirectUri: deps.redirectUri,
    createdAt: (deps.now ?? Date.now)(),
    ...(deps.returnTo ? { returnTo: deps.returnTo } : {}),
  };
  deps.storage.setItem(PENDING_AUTHORIZATION_KEY, JSON.stringify(pending));
  const url = buildAuthorizeUrl({
    baseUrl: deps.baseUrl,
    clientId: deps.clientId,
    redirectUri: deps.redirectUri,
    state,
    codeChallenge: await codeChallengeS256(codeVerifier),
    prompt: deps.prompt,
  });
  deps.navigate(url);
  return url;
}

/** Reads and removes the pending authorization: it is good for one callback only. */
export function takePendingAuthorization(storage: StorageLike): PendingAuthorization | null {
  const raw = storage.getItem(PENDING_AUTHORIZATION_KEY);
  storage.removeItem(PENDING_AUTHORIZATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingAuthorization>;
    if (typeof value.state !== 'string' || typeof value.codeVerifier !== 'string') return null;
    if (typeof value.redirectUri !== 'string' || typeof value.createdAt !== 'number') return null;
    return value as PendingAuthorization;
  } catch {
    return null;
  }
}

/** The token endpoint's answer (RFC 6749 §5.1), or a login-shaped answer (silent authorize). */
export interface OAuthTokenAnswer {
  access_token?: string;
  expires_in?: number;
  token_type?: string;
  refresh_token?: string;
  id_token?: string;
  accessToken?: string;
  expiresIn?: number;
  user?: SessionUser;
}

/** The session part of an OAuth answer; `expiresIn` defaults to 300 s (HOSTED-011); a refresh token is dropped. */
export function toAuthAnswer(answer: OAuthTokenAnswer): AuthAnswer & { expiresIn: number } {
  const accessToken = answer.access_token ?? answer.accessToken;
  const expiresIn = answer.expires_in ?? answer.expiresIn;
  return {
    ...(accessToken ? { accessToken } : {}),
    expiresIn: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_OAUTH_EXPIRES_IN,
    ...(answer.user ? { user: answer.user } : {}),
  };
}

export class HostedLoginError extends Error {
  override name = 'HostedLoginError';
}

export interface TokenRequest {
  grant_type: 'authorization_code';
  code: string;
  redirect_uri: string;
  code_verifier: string;
  client_id: string;
}

export interface CallbackDeps {
  url: URL;
  clientId: string;
  storage: StorageLike;
  exchange: (body: TokenRequest) => Promise<OAuthTokenAnswer>;
  apply: (answer: AuthAnswer & { expiresIn: number }) => Promise<void>;
  clear: () => void;
  now?: () => number;
}

/**
 * The hosted callback: checks the state against the pending authorization and exchanges the code with its
 * verifier (HOSTED-006). Any failure clears the user (HOSTED-007) and rejects.
 */
export async function handleCallback(deps: CallbackDeps): Promise<{ returnTo?: string }> {
  const pending = takePendingAuthorization(deps.storage);
  const params = deps.url.searchParams;
  try {
    const error = params.get('error');
    if (error) throw new HostedLoginError(params.get('error_description') || error);
    const code = params.get('code');
    if (!code) throw new HostedLoginError('The callback carries no authorization code');
    if (!pending || pending.state !== params.get('state'))
      throw new HostedLoginError('The callback does not belong to a sign-in started here');
    if ((deps.now ?? Date.now)() - pending.createdAt > PENDING_AUTHORIZATION_TTL_MS)
      throw new HostedLoginError('The sign-in took too long; please try again');
    const answer = await deps.exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      code_verifier: pending.codeVerifier,
      client_id: deps.clientId,
    });
    await deps.apply(toAuthAnswer(answer));
    return pending.returnTo ? { returnTo: pending.returnTo } : {};
  } catch (error) {
    deps.clear();
    throw error;
  }
}

export interface SilentOrRedirectDeps {
  /** False turns the silent attempt off (HOSTED-005). */
  silentRefresh?: boolean;
  prompt?: string;
  silent: () => Promise<OAuthTokenAnswer>;
  apply: (answer: AuthAnswer & { expiresIn: number }) => Promise<void>;
  authorize: () => Promise<unknown> | void;
}

/**
 * Tries the silent refresh first and falls back to the authorize redirect (HOSTED-004); with silent
 * refresh disabled or `prompt=login` it goes straight to authorize (HOSTED-005).
 */
export async function silentRefreshOrRedirect(deps: SilentOrRedirectDeps): Promise<'silent' | 'redirect'> {
  if (deps.silentRefresh !== false && deps.prompt !== 'login') {
    try {
      await deps.apply(toAuthAnswer(await deps.silent()));
      return 'silent';
    } catch {
      // No hosted session: sign in on the hosted page.
    }
  }
  await deps.authorize();
  return 'redirect';
}

/** Refreshes the access token through the hosted session; a failure clears the user (HOSTED-010). */
export async function refreshHostedToken(deps: {
  silent: () => Promise<OAuthTokenAnswer>;
  apply: (answer: AuthAnswer & { expiresIn: number }) => Promise<void>;
  clear: () => void;
}): Promise<void> {
  try {
    await deps.apply(toAuthAnswer(await deps.silent()));
  } catch (cause) {
    deps.clear();
    throw new HostedLoginError(OAUTH_REFRESH_ERROR, { cause });
  }
}

/** Hosted logout: clears the state, ends the hosted session, then requests authorize again (HOSTED-009). */
export async function hostedLogout(deps: {
  clear: () => void;
  endSession: () => Promise<unknown>;
  authorize: () => Promise<unknown> | void;
}): Promise<void> {
  deps.clear();
  try {
    await deps.endSession();
  } catch {
    // The hosted session may already be gone; signing in again is what matters.
  }
  await deps.authorize();
}

export interface HostedLoginEnv {
  /** The HTTP transport for /oauth/token, silent authorize and logout; the page's client by default. */
  fetch?: typeof fetch;
  storage?: StorageLike;
  navigate?: (url: string) => void;
  location?: () => URL;
  /** False turns the silent attempt off (HOSTED-005). */
  silentRefresh?: boolean;
  /** The current session holders; the page store by default. */
  apply?: (answer: AuthAnswer) => Promise<void>;
  clear?: () => void;
}

/**
 * Hosted login bound to the page: options from the store (base URL, `applicationId` as client id,
 * `routes.hostedLoginRedirectUrl`), the verifier in sessionStorage, tokens only in memory.
 */
export function createHostedLogin(env: HostedLoginEnv = {}) {
  const options = () => store.get(optionsAtom);
  const here = env.location ?? (() => new URL(window.location.href));
  const client: ApiClient = env.fetch
    ? createApiClient({
        getOptions: options,
        getToken: () => null,
        source: 'login-box',
        fetchImpl: env.fetch,
        location: here,
      })
    : pageApi;
  const storage = env.storage ?? window.sessionStorage;
  const go = env.navigate ?? ((url: string) => navigateTo(url));
  const clear = env.clear ?? clearSession;
  const clientId = () => options().applicationId ?? DEFAULT_HOSTED_CLIENT_ID;
  const redirectUri = () => new URL(options().routes.hostedLoginRedirectUrl, here().origin).href;

  // The token answer has no user: load it with the new token before the session is published.
  const apply = async (answer: AuthAnswer) => {
    if (!answer.accessToken) throw new HostedLoginError('The server answered without an access token');
    const user =
      answer.user ??
      (await client.request<SessionUser>(paths.auth.getMeV2, {
        headers: { Authorization: `Bearer ${answer.accessToken}` },
      }));
    await (env.apply ?? applyAuthAnswer)({ ...answer, user });
  };
  const silent = () => client.request<OAuthTokenAnswer>(paths.auth.silentOAuthRefreshToken, { body: {} });
  const authorize = (prompt?: string) =>
    requestAuthorize({
      baseUrl: options().baseUrl ?? '',
      clientId: clientId(),
      redirectUri: redirectUri(),
      storage,
      navigate: go,
      prompt,
      returnTo: `${here().pathname}${here().search}${here().hash}`,
    });

  return {
    authorize,
    /** At load: the hosted session if there is one, else the hosted login page. */
    start: (prompt?: string) =>
      silentRefreshOrRedirect({
        silentRefresh: env.silentRefresh,
        prompt,
        silent,
        apply,
        authorize: () => authorize(prompt),
      }),
    /** At `routes.hostedLoginRedirectUrl`: the code for tokens. */
    callback: (url: URL = here()) =>
      handleCallback({
        url,
        clientId: clientId(),
        storage,
        clear,
        apply,
        exchange: (body) => client.request<OAuthTokenAnswer>(paths.auth.exchangeOAuthTokens, { body }),
      }),
    refresh: () => refreshHostedToken({ silent, apply, clear }),
    /** The session ran out: no user, not authenticated (HOSTED-008). */
    expire: () => clear(),
    logout: () =>
      hostedLogout({
        clear,
        endSession: () =>
          (env.fetch ?? fetch)(client.url(paths.auth.OAuthLogout), {
            credentials: 'include',
            mode: 'no-cors',
          }),
        authorize: () => authorize(),
      }),
  };
}

export type HostedLogin = ReturnType<typeof createHostedLogin>;

/** At page load with hosted login: the hosted session if there is one; none is not an error. */
export async function restoreHostedSession(): Promise<void> {
  try {
    await createHostedLogin().refresh();
  } catch (error) {
    const status = (error as { cause?: { status?: number } }).cause?.status;
    if (status !== 401 && status !== 403) throw error;
  }
}

// The session's renewal in hosted mode is this module's silent authorize.
setHostedRenewal(restoreHostedSession);
