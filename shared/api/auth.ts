import { api, type ApiClient } from './client';
import { paths } from './paths';

import type { AuthAnswer } from '../auth/session';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { authContracts } from './contracts/auth';
import type { tenant } from './contracts/tenants';
import type { usersContracts } from './contracts/users';
import type { z } from 'zod';

/** Answer of the token refresh calls: signed in (a 204 without a session reads as `{}`). */
export type AuthResponse = AnswerOf<typeof authContracts.refreshToken>;

/** The signed-in user (users v2 me, Frontegg's IUserProfile). */
export type MeResponse = AnswerOf<typeof usersContracts.getMeV2>;

/** One of the user's tenants (Frontegg's ITenantsResponse). */
export type MeTenant = z.infer<typeof tenant>;

/** The user's tenants and the active one (me/tenants v1 and v3). */
export type MeTenants = AnswerOf<typeof usersContracts.getCurrentUserTenantsV3>;

/** The vendor's public auth strategies (the login box's strategies configuration). */
export type PublicAuthStrategies = AnswerOf<typeof authContracts.getVendorPublicAuthStrategiesConfig>;

export type MeTenantsVersion = 'v1' | 'v2' | 'v3';

/** The auth calls of API-010, bound to a client. */
export function createAuthApi(client: ApiClient) {
  return {
    /** POST auth v1 user: the password sign-in (an MFA challenge, a breached password or a session). */
    login(body: BodyOf<typeof authContracts.login>): Promise<AuthAnswer> {
      return client.request<AuthAnswer>(paths.auth.login, { body });
    },
    /** GET the vendor's public auth strategies (read through `publicStrategiesAtom`: once per page). */
    getPublicAuthStrategies(): Promise<PublicAuthStrategies> {
      return client.request<PublicAuthStrategies>(paths.auth.getVendorPublicAuthStrategiesConfig);
    },
    /** POST auth v1 user/token/refresh; `tenantId` goes in the body only when given (API-020). */
    refreshToken(tenantId?: string): Promise<AuthResponse> {
      return client.request<AuthResponse>(paths.auth.refreshToken, {
        body: tenantId === undefined ? {} : { tenantId },
      });
    },
    /** POST oauth authorize/silent: refreshes a hosted-login session from its cookie. */
    silentOAuthRefresh(): Promise<AuthResponse> {
      return client.request<AuthResponse>(paths.auth.silentOAuthRefreshToken);
    },
    /** POST users v3 me/unlock: the token of the unlock link mailed at a lockout lifts the lock. */
    unlockMe(token: string): Promise<void> {
      return client.request<void>(paths.users.unlockMe, { body: { token } });
    },
    /** GET users v2 me. */
    getMe(): Promise<MeResponse> {
      return client.request<MeResponse>(paths.auth.getMeV2);
    },
    /** GET me/tenants: v2 answers the list; v1 and v3 the list and the active tenant. */
    getMeTenants: (<V extends MeTenantsVersion = 'v3'>(version?: V) => {
      const v = version ?? 'v3';
      if (v === 'v2') return client.request<MeTenant[]>(paths.tenants.getTenants);
      return client.request<MeTenants>(
        v === 'v1' ? paths.users.getCurrentUserTenantsV1 : paths.users.getCurrentUserTenantsV3,
      );
    }) as <V extends MeTenantsVersion = 'v3'>(
      version?: V,
    ) => Promise<V extends 'v2' ? MeTenant[] : MeTenants>,
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi = createAuthApi(api);
export const { refreshToken, silentOAuthRefresh, getMe, getMeTenants, unlockMe } = authApi;
