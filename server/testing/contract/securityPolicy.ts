// Contract script of the security policy reads (and the saves account.ts serves): every call, and the
// refusals the preview must share with the server.
import { securityPolicyContracts as sp } from '../../../shared/api/contracts/securityPolicy';
import type { Script } from '../contract';

export const securityPolicyScript: Script = {
  family: 'securityPolicy',
  steps: [
    { name: 'global policy', call: sp.getGlobalSecurityPolicy },
    { name: 'password rules', call: sp.getPasswordConfigPolicy },
    { name: 'lockout', call: sp.getLockoutPolicy },
    { name: 'vendor lockout', call: sp.getVendorLockoutPolicy },
    { name: 'password history', call: sp.getPasswordHistoryPolicy },
    { name: 'vendor password history', call: sp.getVendorPasswordHistoryPolicy },
    { name: 'password rotation', call: sp.getPasswordRotationPolicy },
    { name: 'vendor password rotation', call: sp.getVendorPasswordRotationPolicy },
    { name: 'MFA', call: sp.getMfaPolicy },
    { name: 'vendor MFA', call: sp.getVendorMfaPolicy },
    { name: 'save lockout', call: sp.saveLockoutPolicy, body: { maxAttempts: 6 } },
    {
      name: 'a lockout of 0 attempts is refused',
      call: sp.saveLockoutPolicy,
      body: { maxAttempts: 0 },
      expect: 400,
    },
    { name: 'save password history', call: sp.savePasswordHistoryPolicy, body: { historySize: 6 } },
    { name: 'save MFA', call: sp.saveMfaPolicy, body: { enforceMFAType: 'DontForce' } },
    // The values in effect already: later scripts' passwords and sign-ins are not affected.
    { name: 'save password rules', call: sp.savePasswordConfigPolicy, body: { minLength: 8 } },
    {
      name: 'a minimum password length under 8 is refused',
      call: sp.savePasswordConfigPolicy,
      body: { minLength: 4 },
      expect: 400,
    },
    {
      name: 'save password rotation',
      call: sp.savePasswordRotationPolicy,
      body: { isActive: false, rotationPeriod: 30 },
    },
    {
      name: 'an MFA enforcement outside the list is refused',
      call: sp.saveMfaPolicy,
      body: { enforceMFAType: 'Sometimes' },
      expect: 400,
    },
  ],
};
