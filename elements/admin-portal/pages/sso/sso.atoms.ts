import { atom } from 'jotai';
import type { SamlDraft } from './ssoDraft';

/**
 * SAML configurations without a domain (SSO-007), by tenant: kept in the page's store only (never sent, never
 * written to storage), so they survive a visit to another portal page but not a reload.
 */
export const samlDraftsAtom = atom<Record<string, SamlDraft[]>>({});
