import { atom } from 'jotai';
import type { MfaChallenge } from '../../shared/api/mfa';
import type { PostLoginStep } from './login.machine';

/** How the user signed in: a passkey sign-in makes passkeys the preferred method once the session is stored. */
export type SignInMethod = 'password' | 'passkey';

/**
 * The post-login step the login box shows (LOGIN-009), as data only: the gate renders it and owns what its
 * screens do next. Null: no post-login step (the sign-in screens, or the redirect under way).
 */
export type LoginGateStep =
  | { step: Extract<PostLoginStep, 'mfa'>; challenge: MfaChallenge; method: SignInMethod }
  | { step: Extract<PostLoginStep, 'breachedPassword'>; email: string }
  | { step: Extract<PostLoginStep, 'promptPasskeys'> };

export const loginStepAtom = atom<LoginGateStep | null>(null);

/**
 * A sign-in in this box stored a session and its own redirect is under way (LOGIN-013): the login route
 * says "Redirecting…" instead of offering to continue. Cleared when the sign-in fails or the route unmounts.
 */
export const signInRedirectPendingAtom = atom(false);
