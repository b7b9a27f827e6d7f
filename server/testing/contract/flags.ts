// Contract script of feature flags and entitlements.
import { flagsContracts as fl } from '../../../shared/api/contracts/flags';
import type { Script } from '../contract';

export const flagsScript: Script = {
  family: 'flags',
  steps: [
    { name: 'feature flags', call: fl.loadFeatureFlags },
    { name: 'entitlements', call: fl.loadEntitlementsV2 },
  ],
};
