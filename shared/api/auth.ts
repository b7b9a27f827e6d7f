import { api, type ApiClient } from './client';
import { paths } from './paths';

/** Answer of sign-in and token refresh calls (fields the elements read; the server may send more). */
export interface AuthResponse {
  accessToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  expires?: string;
  mfaRequired?: boolean;
  [key: string]: unknown;
}

export interface MeResponse {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  [key: string]: unknown;
}

export interface MeTenant {
  id?: string;
  tenantId: string;
  name: string;
  [key: string]: unknown;
}

export type MeTenantsVersion = 'v1' | 'v2' | 'v3';

const meTenantsRoutes = {
  v1: paths.users.getCurrentUserTenantsV1,
  v2: paths.tenants.getTenants,
  v3: paths.users.getCurrentUserTenantsV3,
} as const;

/** The auth calls of API-010, bound to a client. */
export function createAuthApi(client: ApiClient) {
  return {
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
    /** GET me/tenants (v1, v2 or v3 form). */
    getMeTenants(version: MeTenantsVersion = 'v3'): Promise<MeTenant[]> {
      return client.request<MeTenant[]>(meTenantsRoutes[version]);
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const { refreshToken, silentOAuthRefresh, getMe, getMeTenants, unlockMe } = createAuthApi(api);
