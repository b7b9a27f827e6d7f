// Feature flags and entitlements.
import { previewFlagKeys } from '../../flags/flags.atoms';
import { paths } from '../paths';
import { on, type PreviewRoute } from './common';
import { SAMPLE_TENANT_ID } from './sampleData';

/** The flags fixed on in preview (SHELL-008): one list, shared with the flags the elements read. */
export const previewFeatureFlags = previewFlagKeys;

export const flagsHandlers: PreviewRoute[] = [
  // Flags and entitlements
  on(paths.featureFlags.loadFeatureFlags, ({ state, query, headers }) => {
    const flags: Record<string, 'on' | 'off'> = {};
    for (const key of (query.get('featureKeys') ?? '').split(',').filter(Boolean)) flags[key] = 'off';
    for (const key of previewFeatureFlags) flags[key] = 'on';
    // The sample account's own flags, as its server answers them (rules on its tenant id, e.g. fe-multi-apps,
    // TEAM-023): to a caller with a token working in that account, not to an anonymous one.
    const inSampleAccount = headers.has('authorization') && state.session.activeTenantId === SAMPLE_TENANT_ID;
    if (inSampleAccount) for (const key of state.sampleFlags) flags[key] = 'on';
    return { flags };
  }),
  on(paths.entitlements.loadEntitlementsV2, ({ state }) => state.entitlements),
];
