import type { ServerConfig } from '../config';

/**
 * The vendor's sign-in settings that both the vendor config and the global security policy answer: sign-up,
 * token lifetimes and cookies from this server's configuration, the rest fixed by what this server supports.
 */
export const vendorSettings = (config: ServerConfig) => ({
  allowSignups: true,
  allowNotVerifiedUsersLogin: false,
  apiTokensEnabled: config.apiTokensEnabled,
  cookieSameSite: config.cookieSameSite.toUpperCase(),
  defaultTokenExpiration: config.accessTokenTtlSeconds,
  defaultRefreshTokenExpiration: config.refreshTokenTtlDays * 86_400,
  allowOverridePasswordComplexity: config.allowOverride.passwordComplexity,
  allowOverridePasswordExpiration: config.allowOverride.passwordExpiration,
  allowOverrideEnforcePasswordHistory: config.allowOverride.passwordHistory,
});
