import { atom } from 'jotai';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  roles: { id: string; key: string; name: string }[];
  permissions: { key: string }[];
  profilePictureUrl?: string | null;
  verified?: boolean;
  mfaEnrolled?: boolean;
}

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
