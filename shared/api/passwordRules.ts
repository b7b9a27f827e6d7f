// The password rules (the passwordConfig policy, SECURITY-020) in the two shapes they travel in: our flat
// fields (what an administrator saves) and Frontegg's TestConfig (what getPasswordConfigPolicy and
// loadPasswordConfig answer). One mapping for the server, the preview and the portal.
import type { z } from 'zod';
import type { passwordConfigPolicy, passwordConfigSave } from './contracts/securityPolicy';

export type PasswordTestConfig = z.infer<typeof passwordConfigPolicy>;
export type PasswordRules = Required<z.infer<typeof passwordConfigSave>>;

/** The fixed bounds of every password; a password of `minPhraseLength` characters needs no character class. */
export const PASSWORD_LIMITS = { maxLength: 128, allowPassphrases: true, minPhraseLength: 20 } as const;

/** Our rules as Frontegg's TestConfig: every class required must pass, so the number to pass is their count. */
export function passwordTestConfig(rules: PasswordRules): PasswordTestConfig {
  const optionalTests = {
    requireLowercase: rules.requireLowercase,
    requireUppercase: rules.requireUppercase,
    requireNumbers: rules.requireNumbers,
    requireSpecialChars: rules.requireSpecialChars,
  };
  return {
    ...PASSWORD_LIMITS,
    minLength: rules.minLength,
    minOptionalTestsToPass: Object.values(optionalTests).filter(Boolean).length,
    optionalTests,
    requiredTests: { checkThreeRepeatedChars: rules.checkThreeRepeatedChars },
  };
}

/** A TestConfig back as our rules (fields it leaves out are off). */
export function passwordRulesOf(config: PasswordTestConfig): PasswordRules {
  return {
    minLength: config.minLength,
    requireLowercase: !!config.optionalTests?.requireLowercase,
    requireUppercase: !!config.optionalTests?.requireUppercase,
    requireNumbers: !!config.optionalTests?.requireNumbers,
    requireSpecialChars: !!config.optionalTests?.requireSpecialChars,
    checkThreeRepeatedChars: !!config.requiredTests?.checkThreeRepeatedChars,
  };
}
