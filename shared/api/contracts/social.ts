// Social login (LOGIN-021, ROUTE-011): the vendor's providers, listed without secrets, and the post-login of
// the login box's social callback route (the one-time login code for a session).
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { mfaRequired, signedIn } from './auth';

const a = paths.auth;

/** Social providers (ENUM-038). */
export const socialProvider = z.enum([
  'microsoft',
  'facebook',
  'google',
  'github',
  'slack',
  'apple',
  'linkedin',
]);

/** A social provider as the login box lists it (Frontegg's ISocialLoginProviderConfigurationV2; no secret). */
export const socialProviderConfiguration = z.object({
  type: socialProvider,
  active: z.boolean(),
  clientId: z.string().nullable(),
  /** The provider's return address (this server's callback). */
  redirectUrl: z.string(),
  /** Where the browser goes to sign in with it (this server's start address). */
  authorizationUrl: z.string(),
  /** Always: the vendor's own OAuth client, not a shared development one. */
  customised: z.boolean(),
  additionalScopes: z.array(z.string()),
});

/**
 * Frontegg's ILoginViaSocialLoginResponse: the sign-in, and who signed in — `isNewUser` when this is the
 * user's first sign-in (an account the provider's sign-in just created, or one never signed in before).
 */
export const socialLoginAnswer = z.union([
  signedIn.extend({
    email: z.string(),
    name: z.string(),
    isNewUser: z.boolean(),
    userId: z.string(),
    tenantId: z.string().optional(),
  }),
  mfaRequired.extend({ email: z.string(), name: z.string(), isNewUser: z.boolean(), userId: z.string() }),
]);

export const socialContracts = {
  getSocialLoginProviders: contract({
    route: a.getSocialLoginProviders,
    response: z.array(socialProviderConfiguration),
  }),
  getSocialLoginProvidersV2: contract({
    route: a.getSocialLoginProvidersV2,
    response: z.array(socialProviderConfiguration),
  }),
  loginViaSocialLogin: contract({
    route: a.loginViaSocialLogin,
    params: z.object({ provider: socialProvider }),
    body: z.object({ code: z.string().min(1).max(200) }),
    response: socialLoginAnswer,
  }),
} as const;
