// Sign-in, token refresh and logout, the public configuration of the sign-in screens, step-up and the OAuth
// token calls (identity auth v1, configurations v1, oauth). The answer of every sign-in (`signedIn`) is
// defined here once; the MFA, passwordless, social and SSO families import it.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty } from './common';
import { vendorTokenSettings } from './securityPolicy';
import { userProfile } from './users';

/** Main sign-in strategies (ENUM-039; Frontegg's AuthStrategyEnum holds more, this server offers these). */
export const authStrategy = z.enum([
  'EmailAndPassword',
  'MagicLink',
  'Code',
  'NoLocalAuthentication',
  'SmsCode',
]);
/** Machine-to-machine strategies (ENUM-040). */
export const machineToMachineAuthStrategy = z.enum(['ClientCredentials', 'AccessToken']);
/** Secondary sign-in strategies (ENUM-041). */
export const secondaryAuthStrategy = z.enum([
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
  'SmsCode',
  'SmsCodeV2',
  'Passkeys',
]);
/** Sign-up identifiers (Frontegg's SignUpStrategyEnum). */
export const signUpStrategy = z.enum(['email', 'phoneNumber', 'username']);
/** Password recovery channels (Frontegg's PasswordRecoveryStrategyEnum). */
export const passwordRecoveryStrategy = z.enum(['email', 'sms']);

/**
 * A signed-in answer (Frontegg's ILoginResponse, with the user in `user`): the access token and the user.
 * The refresh token never travels in JSON: it is an HttpOnly cookie (docs/decisions/0012-wire-contract.md).
 */
export const signedIn = z.object({
  accessToken: z.string().min(1),
  /** Seconds the access token lives. */
  expiresIn: z.number(),
  /** When it expires (HTTP date; Frontegg marks it deprecated in favour of `exp`). */
  expires: z.string(),
  /** When it expires (seconds since the epoch). */
  exp: z.number(),
  mfaRequired: z.literal(false),
  user: userProfile,
  amr: z.array(z.string()).optional(),
  acr: z.string().optional(),
  auth_time: z.number().optional(),
  /** Set on an impersonation session: the administrator acting. */
  impersonatedBy: z.string().optional(),
  /** Password rotation: seconds until the password expires, within the policy's notification period. */
  passwordExpiresIn: z.number().int().optional(),
  /**
   * Ours: the account's idle timeout (seconds) when its session policy has one. The page then renews the token
   * only after the user's activity, so an idle page's session ends on the server (SESSIONS-002).
   */
  idleTimeout: z.number().int().positive().optional(),
});

/** The second factor is due: no session yet, the MFA family's calls finish the sign-in with `mfaToken`. */
export const mfaRequired = z.looseObject({
  mfaRequired: z.literal(true),
  mfaToken: z.string().min(1),
});

/** The password is on the breached list (LOGIN-011): no session; the user resets it first. */
export const breachedPassword = z.object({
  isBreachedPassword: z.literal(true),
  mfaRequired: z.literal(false),
  email: z.string(),
});

/** What a first factor answers: signed in, an MFA challenge or the breached-password step. */
export const loginAnswer = z.union([signedIn, mfaRequired, breachedPassword]);

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
  tenantId: z.string().max(100).optional(),
  recaptchaToken: z.string().max(4096).optional(),
  invitationToken: z.string().max(200).optional(),
});

/** Sign-in screens' configuration (Frontegg's IVendorConfig, with the token lifetimes we add). */
export const vendorConfig = z.object({
  allowSignups: z.boolean(),
  allowNotVerifiedUsersLogin: z.boolean(),
  apiTokensEnabled: z.boolean(),
  forcePermissions: z.boolean(),
  authStrategy,
  machineToMachineAuthStrategy,
  ...vendorTokenSettings.partial().shape,
});

const active = z.object({ isActive: z.boolean() });

/** The strategies the sign-in screens offer (Frontegg's IAuthStrategiesConfig plus our per-method flags). */
export const authStrategies = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: authStrategy, isActive: z.boolean().optional() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: secondaryAuthStrategy, isActive: z.boolean() })),
  password: active.optional(),
  magicLink: active.optional(),
  code: active.optional(),
  smsCode: active.optional(),
  sso: active.optional(),
  passkeys: active.optional(),
});

/** A token-endpoint answer (RFC 6749 §5.1; Frontegg's IOAuthTokenResponse minus the id token we do not issue). */
export const oauthTokens = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_token: z.string(),
  scope: z.string().optional(),
});

/** The token request (form or JSON): an authorization code with PKCE, or a refresh token. */
export const oauthTokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(200),
    redirect_uri: z.string().min(1).max(2000),
    client_id: z.string().min(1).max(200),
    code_verifier: z.string().max(200).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(200),
    client_id: z.string().min(1).max(200).optional(),
  }),
]);

export const authContracts = {
  login: contract({ route: paths.auth.login, body: loginBody, response: loginAnswer }),
  /** No refresh cookie: 204 and no body (a signed-out page asking whether it has a session). */
  refreshToken: contract({
    route: paths.auth.refreshToken,
    /** The tab's account (TENANTS-016); Frontegg's client sends `null` when the tab has none. */
    body: z.object({ tenantId: z.string().max(100).nullish() }),
    response: z.union([signedIn, z.strictObject({})]),
  }),
  logout: contract({ route: paths.auth.logout, response: empty }),
  getVendorConfig: contract({ route: paths.auth.getVendorConfig, response: vendorConfig }),
  getVendorPublicAuthStrategiesConfig: contract({
    route: paths.auth.getVendorPublicAuthStrategiesConfig,
    response: authStrategies,
  }),
  getPublicAuthStrategiesConfigForAuthenticatedUser: contract({
    route: paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser,
    response: authStrategies,
  }),
  getSignUpStrategies: contract({
    route: paths.auth.getSignUpStrategies,
    response: z.array(z.object({ strategy: signUpStrategy, isActive: z.boolean(), isRequired: z.boolean() })),
  }),
  getPasswordRecoveryStrategies: contract({
    route: paths.auth.getPasswordRecoveryStrategies,
    response: z.array(z.object({ strategy: passwordRecoveryStrategy, isActive: z.boolean() })),
  }),
  generateStepupSession: contract({
    route: paths.auth.generateStepupSession,
    body: z.object({
      /** Seconds: the user must have authenticated at most this long ago (STEPUP-005, STEPUP-006). */
      maxAge: z
        .number()
        .int()
        .min(0)
        .max(365 * 86_400)
        .optional(),
    }),
    response: z.union([signedIn, mfaRequired]),
  }),
  exchangeOAuthTokens: contract({
    route: paths.auth.exchangeOAuthTokens,
    body: oauthTokenRequest,
    response: oauthTokens,
  }),
  silentOAuthRefreshToken: contract({ route: paths.auth.silentOAuthRefreshToken, response: signedIn }),
  /** A redirect to the registered post-logout URI, else a small HTML page: no JSON. */
  OAuthLogout: contract({
    route: paths.auth.OAuthLogout,
    query: z.object({
      post_logout_redirect_uri: z.string().max(2048).optional(),
      state: z.string().max(512).optional(),
    }),
    response: z.string(),
  }),
} as const;
