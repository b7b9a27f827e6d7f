import { atom } from 'jotai';
import type { CustomLogin } from '../../shared/api/accountSettings';

/** The account whose custom login box the page's login boxes show, and its look (null: the default look). */
export const customLoginAtom = atom<{ tenantId: string; look: CustomLogin | null } | null>(null);

/** The look of the account's login box, or null for the default one. */
export const customLoginLookAtom = atom((get) => get(customLoginAtom)?.look ?? null);
