import type { AuthAnswer } from '../auth/session';
import { api, type ApiClient } from './client';
import type { socialProviderConfiguration } from './contracts/social';
import { paths, type ApiPath } from './paths';
import type { z } from 'zod';

/**
 * Paths of the SSO and social sign-in flows that the spec's table does not name (browser navigations to the
 * server, not API calls): starting a flow, and the identity providers' return addresses.
 */
export const ssoPaths = {
  /** GET ?configurationId=: redirects to the tenant's OIDC or SAML identity provider (pre-login's SSO address). */
  ssoStart: { method: 'GET', path: '/identity/resources/auth/v1/user/sso/start' },
  /** GET: redirects to the social provider. */
  socialStart: { method: 'GET', path: '/identity/resources/auth/v1/user/sso/{provider}/prelogin' },
  /** The OIDC redirect_uri of SSO configurations (the server exchanges the code). */
  oidcCallback: { method: 'GET', path: '/identity/resources/auth/v1/user/oidc/callback' },
  /** The SAML assertion consumer service (HTTP-POST binding). */
  samlAcs: { method: 'POST', path: '/identity/resources/auth/v1/user/saml/callback' },
  /** The SAML service provider metadata (its URL is also the SP entity id). */
  samlMetadata: { method: 'GET', path: '/identity/resources/auth/v1/user/saml/metadata' },
  /** The redirect_uri of social providers. */
  socialCallback: { method: 'GET', path: '/identity/resources/auth/v1/user/sso/{provider}/callback' },
} as const satisfies Record<string, ApiPath>;

/** A social login provider as listed to the login box (never a secret). */
export type SocialProvider = z.infer<typeof socialProviderConfiguration>;

/** Which login box callback route finished which flow (ROUTE-011/013/014). */
export type SsoCallbackKind = 'oidc' | 'saml' | 'social';

export function createSsoApi(client: ApiClient) {
  return {
    /** GET identity sso v2: the enabled social providers. */
    socialProviders(): Promise<SocialProvider[]> {
      return client.request<SocialProvider[]>(paths.auth.getSocialLoginProvidersV2);
    },
    /** The address that starts a social sign-in (a page navigation). */
    socialStartUrl(provider: string): string {
      return client.url(ssoPaths.socialStart, { params: { provider } });
    },
    /** The address that starts an SSO sign-in with a tenant's configuration (a page navigation). */
    ssoStartUrl(configurationId: string): string {
      return client.url(ssoPaths.ssoStart, { query: { configurationId } });
    },
    /** Exchanges the one-time code of a callback route for a session (or a further login step). */
    postLogin(kind: SsoCallbackKind, code: string, provider?: string): Promise<AuthAnswer> {
      if (kind === 'social')
        return client.request<AuthAnswer>(paths.auth.loginViaSocialLogin, {
          params: { provider: provider ?? '' },
          body: { code },
        });
      const route = kind === 'oidc' ? paths.auth.oidcPostLogin : paths.auth.postLogin;
      return client.request<AuthAnswer>(route, { body: { code } });
    },
  };
}

export const ssoApi = createSsoApi(api);
