import { atom } from 'jotai';
import { authApi, type PublicAuthStrategies } from '../api/auth';
import { optionsAtom } from '../options/options.atoms';

/** What the strategies request depends on: another backend or preview reads them afresh, nothing else does. */
const strategiesSourceAtom = atom((get) => {
  const { baseUrl, preview, applicationId, loginAlias } = get(optionsAtom);
  return JSON.stringify([baseUrl, preview, applicationId, loginAlias]);
});

/**
 * The vendor's public auth strategies, requested once per page and backend and shared by every reader (the
 * login entry, the passkey button, the passkeys prompt); null when they cannot be read.
 */
export const publicStrategiesAtom = atom<Promise<PublicAuthStrategies | null>>((get) => {
  get(strategiesSourceAtom);
  return authApi.getPublicAuthStrategies().catch(() => null);
});
