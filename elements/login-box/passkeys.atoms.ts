import { atom } from 'jotai';

/** The passkeys prompt after a login (LOGIN-012): shown while set; `proceed` finishes the login (redirect). */
export const passkeysPromptAtom = atom<{ proceed: () => Promise<void> } | null>(null);
