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
  // Treatments as the server answers them (ENUM-018): 'true' / 'false'.
  on(paths.entitlements.loadEntitlementsV2, ({ state }) => {
    const t = (value: unknown) => (value === true || value === 'true' ? 'true' : 'false');
    const { features, plans, permissions } = state.entitlements;
    return {
      features: Object.fromEntries(
        Object.entries(features).map(([key, f]) => [
          key,
          {
            expireTime: f.expireTime ?? null,
            planIds: f.planIds ?? [],
            linkedPermissions: f.linkedPermissions ?? [],
            ...(f.featureFlag
              ? {
                  featureFlag: {
                    on: f.featureFlag.on,
                    offTreatment: 'false',
                    defaultTreatment: t(f.featureFlag.defaultTreatment),
                    rules: [],
                  },
                }
              : {}),
          },
        ]),
      ),
      plans: Object.fromEntries(
        Object.entries(plans).map(([id, p]) => [
          id,
          { defaultTreatment: t(p.defaultTreatment), rules: p.rules },
        ]),
      ),
      permissions: Object.fromEntries(Object.entries(permissions).filter(([, v]) => v === true)),
    };
  }),
];
