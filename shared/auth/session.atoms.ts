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
