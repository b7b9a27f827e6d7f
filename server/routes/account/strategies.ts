// Public configuration of the sign-in screens: the vendor's configuration and its strategies.
import { authContracts } from '../../../shared/api/contracts/auth';
import type { AnswerOf } from '../../../shared/api/contracts/contract';
import { paths } from '../../../shared/api/paths';
import { publicAuthStrategies } from '../../account/strategies';
import { vendorSettings } from '../../account/vendorSettings';
import { defineFamily, userEndpoint, publicEndpoints } from '../endpoints';

/** What the sign-in screens read before (or without) a session. */
export const accountStrategiesEndpointsByName = {
  ...publicEndpoints(paths.auth, 'getVendorConfig', 'getVendorPublicAuthStrategiesConfig'),
  getPublicAuthStrategiesConfigForAuthenticatedUser: userEndpoint(
    paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser,
  ),
  ...publicEndpoints(paths.auth, 'getSignUpStrategies', 'getPasswordRecoveryStrategies'),
} as const;

export const accountStrategiesRoutes = defineFamily(accountStrategiesEndpointsByName, (on, e, services) => {
  const { config } = services;

  on(e.getVendorConfig, (c) => {
    const answer = {
      ...vendorSettings(config),
      forcePermissions: false,
      authStrategy: config.authStrategy,
      machineToMachineAuthStrategy: 'ClientCredentials' as const,
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
});
