import { atom } from 'jotai';
import { optionsAtom } from '../options/options.atoms';
import type { Entitlements } from './entitlements';

/** Fixed on in preview mode (SHELL-008). */
export const previewFlagKeys = [
  'admin_portal_ip_restrictions',
  'admin_portal_domain_restrictions',
  'new-mfa-pages',
  'show-passkeys-new',
  'groups-admin-box-new',
  'msp-all-accounts-new',
  'temporary-users',
] as const;

/** Flags as the server answered them; a failed load keeps the empty default (SHELL-017). */
export const loadedFlagsAtom = atom<Record<string, boolean>>({});

/** The flags the elements read: the loaded ones, with the preview flags forced on in preview mode. */
export const featureFlagsAtom = atom((get) => {
  const loaded = get(loadedFlagsAtom);
  if (!get(optionsAtom).preview) return loaded;
  return { ...loaded, ...Object.fromEntries(previewFlagKeys.map((key) => [key, true])) };
});

/** Reads the flags answer: `{ flags: { key: 'on' } }` or `{ key: 'on' }`; the value 'on' means enabled. */
export function parseFlags(answer: unknown): Record<string, boolean> {
  const raw = (answer as { flags?: unknown } | null)?.flags ?? answer;
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, value === 'on' || value === true]),
  );
}

/** Where the entitlements answer stands; only 'loaded' can grant anything (a failed load reports false). */
export type EntitlementsLoad =
  { status: 'idle' } | { status: 'loaded'; entitlements: Entitlements } | { status: 'failed' };

export const entitlementsLoadAtom = atom<EntitlementsLoad>({ status: 'idle' });
