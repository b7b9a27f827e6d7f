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
}

/** Keeps the session of a login or refresh answer in memory and loads the user when the answer lacks it. */
export async function applyAuthAnswer(answer: AuthAnswer): Promise<void> {
  if (!answer.accessToken) throw new Error('The server answered without an access token');
  store.set(accessTokenAtom, answer.accessToken);
  const user = answer.user ?? (await api.request<SessionUser>(paths.auth.getMeV2));
  store.set(userAtom, user);
  notifyNativeHost(store.get(optionsAtom).framework, { type: 'authenticated' });
}

/** Restores the session through the refresh cookie; no session (401) is not an error. */
export async function restoreSession(): Promise<void> {
  const before = store.get(accessTokenAtom);
  try {
    const answer = await api.request<AuthAnswer>(paths.auth.refreshToken, { body: {} });
    // A sign-in that finished meanwhile is newer than this answer.
    if (store.get(accessTokenAtom) === before) await applyAuthAnswer(answer);
  } catch (error) {
    if (store.get(accessTokenAtom) === before) clearSession();
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
  }
}

export function clearSession(): void {
  store.set(accessTokenAtom, null);
  store.set(userAtom, null);
}

/** Ends the session on the server and in the page; the page state is cleared even if the call fails. */
export async function signOut(): Promise<void> {
  try {
    await api.request(paths.auth.logout, { body: {} });
  } finally {
    clearSession();
    notifyNativeHost(store.get(optionsAtom).framework, { type: 'logout' });
  }
}
