// Public configuration of the sign-in screens: the vendor's configuration and its strategies.
import { authContracts } from '../../../shared/api/contracts/auth';
import type { AnswerOf } from '../../../shared/api/contracts/contract';
import { paths } from '../../../shared/api/paths';
import { publicAuthStrategies } from '../../account/strategies';
import type { Services } from '../../context';
import { family, publicEndpoint, userEndpoint, type SubApp } from '../endpoints';

/** What the sign-in screens read before (or without) a session. */
export const accountStrategiesEndpointsByName = {
  getVendorConfig: publicEndpoint(paths.auth.getVendorConfig),
  getVendorPublicAuthStrategiesConfig: publicEndpoint(paths.auth.getVendorPublicAuthStrategiesConfig),
  getPublicAuthStrategiesConfigForAuthenticatedUser: userEndpoint(
    paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser,
  ),
  getSignUpStrategies: publicEndpoint(paths.auth.getSignUpStrategies),
  getPasswordRecoveryStrategies: publicEndpoint(paths.auth.getPasswordRecoveryStrategies),
} as const;

export function accountStrategiesRoutes(services: Services): SubApp {
  const { config } = services;
  const e = accountStrategiesEndpointsByName;
  const { on, done } = family(services, e);

  on(e.getVendorConfig, (c) => {
    const answer = {
      allowSignups: true,
      allowNotVerifiedUsersLogin: false,
      apiTokensEnabled: true,
      forcePermissions: false,
      authStrategy: config.authStrategy,
      machineToMachineAuthStrategy: 'ClientCredentials' as const,
      cookieSameSite: config.cookieSameSite.toUpperCase(),
      defaultTokenExpiration: config.accessTokenTtlSeconds,
      defaultRefreshTokenExpiration: config.refreshTokenTtlDays * 86_400,
      allowOverridePasswordComplexity: false,
      allowOverridePasswordExpiration: false,
      allowOverrideEnforcePasswordHistory: true,
    };
    return c.json(answer satisfies AnswerOf<typeof authContracts.getVendorConfig>);
  });
  // What this server offers: the vendor's strategy (server config), SSO when a configuration is enabled.
  // Parsed with the contract: the strategies come from the server's configuration (ENUM-039, ENUM-041).
  const strategies = async () =>
    authContracts.getVendorPublicAuthStrategiesConfig.response.parse(await publicAuthStrategies(services));
  on(e.getVendorPublicAuthStrategiesConfig, async (c) => c.json(await strategies()));
  on(e.getPublicAuthStrategiesConfigForAuthenticatedUser, async (c) => c.json(await strategies()));
  // Sign-up takes an email (signUpUser); by phone number or username is not offered (those calls answer 400).
  on(e.getSignUpStrategies, (c) => {
    const answer = [
      { strategy: 'email' as const, isActive: true, isRequired: true },
      { strategy: 'phoneNumber' as const, isActive: false, isRequired: false },
      { strategy: 'username' as const, isActive: false, isRequired: false },
    ];
    return c.json(answer satisfies AnswerOf<typeof authContracts.getSignUpStrategies>);
  });
  // A forgotten password is recovered by email (forgotPassword, resetPasswordViaEmail); SMS is not offered.
  on(e.getPasswordRecoveryStrategies, (c) => {
    const answer = [
      { strategy: 'email' as const, isActive: true },
      { strategy: 'sms' as const, isActive: false },
    ];
    return c.json(answer satisfies AnswerOf<typeof authContracts.getPasswordRecoveryStrategies>);
  });
  return done();
}
