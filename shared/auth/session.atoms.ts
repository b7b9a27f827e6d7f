import { atom } from 'jotai';
import type { AnswerOf } from '../api/contracts/contract';
import type { usersContracts } from '../api/contracts/users';

/** The user profile of the wire (users v2 me, inside every sign-in answer): the users contract's type. */
type Profile = AnswerOf<typeof usersContracts.getMeV2>;

/**
 * The signed-in user as the session keeps it: the fields of the contract's profile the elements read (a
 * narrower view, so a test or a hosted answer may hold just these).
 */
export type SessionUser = Pick<Profile, 'id' | 'email' | 'name' | 'tenantId' | 'tenantIds'> &
  Partial<Pick<Profile, 'profilePictureUrl' | 'verified' | 'mfaEnrolled'>> & {
    roles: Pick<Profile['roles'][number], 'id' | 'key' | 'name'>[];
    permissions: Pick<Profile['permissions'][number], 'key'>[];
  };

/** Access token, in memory only: never written to localStorage or sessionStorage. */
export const accessTokenAtom = atom<string | null>(null);
export const userAtom = atom<SessionUser | null>(null);
export const isAuthenticatedAtom = atom((get) => get(userAtom) !== null && get(accessTokenAtom) !== null);
/**
 * Whom flags and entitlements are evaluated for: the session's user id and tenant id ('' when signed out). It
 * changes on a sign-in, a restored session, a tenant switch, a hosted login and a sign-out, not on a renewal.
 */
export const sessionIdentityAtom = atom((get) => {
  const user = get(userAtom);
  return user ? `${user.id}|${user.tenantId}` : '';
});
