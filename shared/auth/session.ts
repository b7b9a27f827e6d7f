import { refreshToken } from '../api/auth';
import { api } from '../api/client';
import { ApiError } from '../api/errors';
import { paths } from '../api/paths';
import { notifyNativeHost } from '../options/nativeBridge';
import { optionsAtom } from '../options/options.atoms';
import { store } from '../store';
import { accessTokenAtom, userAtom, type SessionUser } from './session.atoms';

/** The login and refresh answers (001 §3 User): a user with its tokens, or an MFA challenge. */
export interface AuthAnswer {
  accessToken?: string;
  expiresIn?: number;
  mfaRequired?: boolean;
  mfaToken?: string;
  user?: SessionUser;
  /** Seconds: the account's idle timeout, when its session policy has one. */
  idleTimeout?: number;
}

/** Renew the access token this long before it expires. */
export const RENEW_BEFORE_EXPIRY_S = 30;
let renewal: ReturnType<typeof setTimeout> | undefined;
/** How a hosted-login session renews: given by hosted.ts (which builds on this module, not the reverse). */
let renewHosted: () => Promise<void> = restoreSession;

export function setHostedRenewal(renew: () => Promise<void>): void {
  renewHosted = renew;
}

/** The sessionStorage key of the account this tab works in (TENANTS-016): each tab keeps its own. */
export const TAB_TENANT_KEY = 'fe-elements.tabTenantId';

/** The account this tab works in; undefined when none is kept (or storage is unavailable). */
export function tabTenantId(): string | undefined {
  try {
    return sessionStorage.getItem(TAB_TENANT_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Keeps (or forgets, with null) the account this tab works in: after a sign-in, a refresh, a switch. */
export function setTabTenantId(tenantId: string | null): void {
  try {
    if (tenantId) sessionStorage.setItem(TAB_TENANT_KEY, tenantId);
    else sessionStorage.removeItem(TAB_TENANT_KEY);
  } catch {
    // Storage refused (privacy mode): the tab follows the user's active account.
  }
}

/** Keeps the session of a login or refresh answer in memory and loads the user when the answer lacks it. */
export async function applyAuthAnswer(answer: AuthAnswer): Promise<void> {
  if (!answer.accessToken) throw new Error('The server answered without an access token');
  store.set(accessTokenAtom, answer.accessToken);
  const user = answer.user ?? (await api.request<SessionUser>(paths.auth.getMeV2));
  store.set(userAtom, user);
  setTabTenantId(user.tenantId ?? null);
  scheduleRenewal(answer.expiresIn, answer.idleTimeout !== undefined);
  notifyNativeHost(store.get(optionsAtom).framework, { type: 'authenticated' });
}

/** The user's input that counts as activity for an idle timeout. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
let lastActivity = 0;
let renewedAt = 0;
/** An idle page let its token run out: the user's next input renews (or finds the session ended). */
let dormant = false;
let tracking = false;

function onActivity(): void {
  lastActivity = Date.now();
  if (!dormant) return;
  dormant = false;
  renew();
}

function renew(): void {
  renewedAt = Date.now();
  const renewal = store.get(optionsAtom).hostedLoginBox ? renewHosted() : restoreSession();
  renewal.catch((error: unknown) => console.error('[fe-elements] the session could not be renewed', error));
}

/**
 * The access token lives minutes: a new one is fetched before it expires, as long as the page is open. Under
 * an idle timeout (`idle`), only when the user did something since the last renewal: an idle page lets its
 * token run out, and the user's next input renews it, which the server refuses once the session is idle.
 */
function scheduleRenewal(expiresIn: number | undefined, idle = false): void {
  clearTimeout(renewal);
  dormant = false;
  renewedAt = Date.now();
  if (!expiresIn || expiresIn <= 0) return;
  if (idle && !tracking && typeof document !== 'undefined') {
    tracking = true;
    for (const type of ACTIVITY_EVENTS)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  const delay = Math.max(5, expiresIn - RENEW_BEFORE_EXPIRY_S) * 1000;
  renewal = setTimeout(() => {
    if (idle && lastActivity < renewedAt) dormant = true;
    else renew();
  }, delay);
}

let refreshing: Promise<AuthAnswer | undefined> | null = null;

/**
 * One refresh at a time: per page (callers share the call in flight) and across tabs (a Web Lock, so a second
 * tab redeems the cookie the first one just rotated). A 409 (another client redeemed it a moment ago) is
 * retried once.
 */
function refreshOnce(): Promise<AuthAnswer | undefined> {
  // The tab's account (TENANTS-016): the server answers for it when the user may still act there.
  const call = () => refreshToken(tabTenantId()) as Promise<AuthAnswer | undefined>;
  const withRetry = () =>
    call().catch(async (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      await new Promise((r) => setTimeout(r, 250));
      return call();
    });
  if (refreshing) return refreshing;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks
    ? (locks.request('fe-elements-refresh', withRetry) as Promise<AuthAnswer | undefined>)
    : withRetry();
  const shared = run.finally(() => {
    refreshing = null;
  });
  refreshing = shared;
  return shared;
}

/** Restores the session through the refresh cookie; no session (204 without a cookie, 401) is not an error. */
export async function restoreSession(): Promise<void> {
  const before = store.get(accessTokenAtom);
  try {
    const answer = await refreshOnce();
    if (!answer) {
      if (store.get(accessTokenAtom) === before) clearSession();
      return;
    }
    // A sign-in that finished meanwhile is newer than this answer.
    if (store.get(accessTokenAtom) === before) await applyAuthAnswer(answer);
  } catch (error) {
    if (store.get(accessTokenAtom) === before) clearSession();
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
  }
}

export function clearSession(): void {
  clearTimeout(renewal);
  dormant = false;
  store.set(accessTokenAtom, null);
  store.set(userAtom, null);
}

/** Ends the session on the server and in the page; the page state is cleared even if the call fails. */
export async function signOut(): Promise<void> {
  try {
    await api.request(paths.auth.logout, { body: {} });
  } finally {
    clearSession();
    setTabTenantId(null);
    notifyNativeHost(store.get(optionsAtom).framework, { type: 'logout' });
  }
}
