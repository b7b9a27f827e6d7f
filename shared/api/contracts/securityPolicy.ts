// Security policy reads (the `securityPolicy` group of the paths table): the policies in effect in the
// caller's tenant (its own value, else the vendor's, else the default) and the vendor's. Saving them is a
// later issue's; the lockout, password-history and MFA saves answer the same shapes.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { id, isoDate } from './common';

/** MFA enforcement (Frontegg's EnforceMFAType). */
export const enforceMfaType = z.enum(['DontForce', 'Force', 'ForceExceptSAML']);

/** Every stored policy carries its id and its dates (Frontegg's policy interfaces). */
const stored = { id, createdAt: isoDate, updatedAt: isoDate };

/**
 * The vendor's token lifetimes, cookie and which password policies a tenant may override: part of the global
 * policy, and told the sign-in screens too (the auth contract's vendorConfig).
 */
export const vendorTokenSettings = z.object({
  cookieSameSite: z.string(),
  defaultTokenExpiration: z.number().int(),
  defaultRefreshTokenExpiration: z.number().int(),
  allowOverridePasswordComplexity: z.boolean(),
  allowOverridePasswordExpiration: z.boolean(),
  allowOverrideEnforcePasswordHistory: z.boolean(),
});

/** The vendor's global security policy (Frontegg's ISecurityPolicy). */
export const globalSecurityPolicy = z.object({
  ...stored,
  enforceMFAType: enforceMfaType.optional(),
  allowSignups: z.boolean(),
  allowNotVerifiedUsersLogin: z.boolean().optional(),
  apiTokensEnabled: z.boolean(),
  ...vendorTokenSettings.shape,
  /** The public key access tokens are signed with (base64 SPKI, as Frontegg answers it). */
  publicKey: z.string(),
});

/** Lockout (Frontegg's ISecurityPolicyLockout, with our lock duration). */
export const lockoutPolicy = z.object({
  ...stored,
  enabled: z.boolean(),
  maxAttempts: z.number().int(),
  /** How long a locked account stays locked (ours; Frontegg's policy has no duration). */
  lockoutMinutes: z.number().int(),
});

/** Password history (Frontegg's ISecurityPolicyPasswordHistory). */
export const passwordHistoryPolicy = z.object({
  ...stored,
  enabled: z.boolean(),
  historySize: z.number().int(),
});

/** MFA (Frontegg's ISecurityPolicyMfa, with the remember-device settings). */
export const mfaPolicy = z.object({
  ...stored,
  enforceMFAType: enforceMfaType,
  allowRememberMyDevice: z.boolean(),
  /** Seconds a remembered device skips MFA. */
  mfaDeviceExpiration: z.number().int(),
});

/** Password rotation (Frontegg's ISecurityPolicyPasswordRotationConfig). */
export const passwordRotationPolicy = z.object({
  isActive: z.boolean(),
  rotationPeriod: z.number().int().optional(),
  notificationPeriod: z.number().int().optional(),
});

/** Password complexity (Frontegg's ISecurityPolicyPasswordConfig: their TestConfig). */
export const passwordConfigPolicy = z.object({
  allowPassphrases: z.boolean(),
  maxLength: z.number().int(),
  minLength: z.number().int(),
  minPhraseLength: z.number().int(),
  minOptionalTestsToPass: z.number().int(),
  requiredTests: z.object({ checkThreeRepeatedChars: z.boolean().optional() }).optional(),
  optionalTests: z
    .object({
      requireLowercase: z.boolean().optional(),
      requireUppercase: z.boolean().optional(),
      requireNumbers: z.boolean().optional(),
      requireSpecialChars: z.boolean().optional(),
    })
    .optional(),
});

/** The fields of a password-rules save (ours): the policy's own fields, any subset. */
/**
 * Password rules (Frontegg's password configuration): a length and which character classes a password must
 * contain; a passphrase (the server's PASSPHRASE_LENGTH characters or more) needs no character classes. The
 * server stores exactly this shape (server/account/policies.ts); a save sends any subset.
 */
export const passwordConfigFields = z.object({
  minLength: z.number().int().min(8).max(64),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSpecialChars: z.boolean(),
  /** Refuse three identical characters in a row ("aaa"). */
  checkThreeRepeatedChars: z.boolean(),
});
export const passwordConfigSave = passwordConfigFields.partial();

/** Password rotation: a password older than `rotationPeriod` days must be changed at the next sign-in. */
export const passwordRotationFields = z.object({
  isActive: z.boolean(),
  rotationPeriod: z.number().int().min(1).max(3650),
  /** Days before the expiry from which sign-in answers `passwordExpiresIn`. */
  notificationPeriod: z.number().int().min(0).max(365),
});

const p = paths.securityPolicy;

/** What a save answers today: the value saved, without id and dates (the writes are a later issue's). */
const saved = <T extends z.ZodObject>(policy: T) =>
  policy.omit({ id: true, createdAt: true, updatedAt: true });

export const securityPolicyContracts = {
  getGlobalSecurityPolicy: contract({ route: p.getGlobalSecurityPolicy, response: globalSecurityPolicy }),
  getPasswordConfigPolicy: contract({ route: p.getPasswordConfigPolicy, response: passwordConfigPolicy }),
  getLockoutPolicy: contract({ route: p.getLockoutPolicy, response: lockoutPolicy }),
  getVendorLockoutPolicy: contract({ route: p.getVendorLockoutPolicy, response: lockoutPolicy }),
  getPasswordHistoryPolicy: contract({ route: p.getPasswordHistoryPolicy, response: passwordHistoryPolicy }),
  getVendorPasswordHistoryPolicy: contract({
    route: p.getVendorPasswordHistoryPolicy,
    response: passwordHistoryPolicy,
  }),
  getPasswordRotationPolicy: contract({
    route: p.getPasswordRotationPolicy,
    response: passwordRotationPolicy,
  }),
  getVendorPasswordRotationPolicy: contract({
    route: p.getVendorPasswordRotationPolicy,
    response: passwordRotationPolicy,
  }),
  getMfaPolicy: contract({ route: p.getMfaPolicy, response: mfaPolicy }),
  getVendorMfaPolicy: contract({ route: p.getVendorMfaPolicy, response: mfaPolicy }),
  saveLockoutPolicy: contract({
    route: p.saveLockoutPolicy,
    body: saved(lockoutPolicy)
      .extend({
        maxAttempts: z.number().int().min(1).max(100),
        lockoutMinutes: z.number().int().min(1).max(1440),
      })
      .partial(),
    response: saved(lockoutPolicy),
  }),
  savePasswordHistoryPolicy: contract({
    route: p.savePasswordHistoryPolicy,
    body: saved(passwordHistoryPolicy)
      .extend({ historySize: z.number().int().min(1).max(24) })
      .partial(),
    response: saved(passwordHistoryPolicy),
  }),
  /** Ours: the account's password rules, flat and partial (Frontegg answers TestConfig, as the save does). */
  savePasswordConfigPolicy: contract({
    route: p.savePasswordConfigPolicy,
    body: passwordConfigSave,
    response: passwordConfigPolicy,
  }),
  savePasswordRotationPolicy: contract({
    route: p.savePasswordRotationPolicy,
    body: passwordRotationFields.partial(),
    response: passwordRotationPolicy,
  }),
  saveMfaPolicy: contract({
    route: p.saveMfaPolicy,
    body: saved(mfaPolicy)
      .extend({
        mfaDeviceExpiration: z
          .number()
          .int()
          .min(0)
          .max(365 * 86_400),
      })
      .partial(),
    response: saved(mfaPolicy),
  }),
} as const;
