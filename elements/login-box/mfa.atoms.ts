import { atom } from 'jotai';
import type { MfaAnswer, MfaChallenge } from '../../shared/api/mfa';

/**
 * The MFA step after a first factor (LOGIN-010) or a step-up (STEPUP-008): shown while set; `complete` takes
 * the answer that holds the session and runs the rest of the login (breached password, passkeys, redirect).
 */
export interface MfaLogin {
  challenge: MfaChallenge;
  complete: (answer: MfaAnswer) => Promise<void>;
  /** Back to the first screen (a new sign-in). */
  cancel: () => void;
}
export const mfaLoginAtom = atom<MfaLogin | null>(null);

/** The breached-password step (LOGIN-011): the account's email, for the reset mail. */
export const breachedPasswordAtom = atom<{ email: string } | null>(null);

/**
 * A sign-in in this box stored a session and its own redirect is under way (LOGIN-013): the login route
 * says "Redirecting…" instead of offering to continue. Cleared when the sign-in fails or the route unmounts.
 */
export const signInRedirectPendingAtom = atom(false);
