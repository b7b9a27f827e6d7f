// The calls of the portal's API tokens pages (TOKENS-001..007, SCREEN-045..048): personal tokens (the
// `users` api-tokens calls) and tenant tokens (the `tenants` api-tokens calls, with roleIds).
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import { MINUTES_PER_DAY, type apiTokensContracts as c } from './contracts/apiTokens';
import { paths } from './paths';

/** A personal token as listed (TOKENS-001): no secret. */
export type UserApiToken = AnswerOf<typeof c.getUserApiTokensData>[number];
/** A tenant token as listed (TOKENS-001, TOKENS-002): its roleIds. */
export type TenantApiToken = AnswerOf<typeof c.getTenantApiTokensData>[number];
/** The answer of a creation: the token and its secret, shown this once (TOKENS-003). */
export type CreatedApiToken = AnswerOf<typeof c.updateUserApiTokensData> & { roleIds?: string[] };
export type UserApiTokenInput = BodyOf<typeof c.updateUserApiTokensData>;
export type TenantApiTokenInput = BodyOf<typeof c.updateTenantApiTokensData>;

/** The two kinds of token: the caller's own (personal) and the account's (tenant). */
export type ApiTokenKind = 'personal' | 'tenant';

/**
 * The expiry field of a creation (TOKENS-005..007): `days` × 1440 minutes; `null` (the user chose "no
 * expiry") is sent as null; `undefined` (the option was not set) sends no field at all.
 */
export function expiryField(days: number | null | undefined): { expiresInMinutes?: number | null } {
  if (days === undefined) return {};
  return { expiresInMinutes: days === null ? null : days * MINUTES_PER_DAY };
}

const a = paths.auth;

/** The calls of the API tokens pages, bound to a client. */
export function createApiTokensApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET users/api-tokens v1: the caller's own tokens in its tenant. */
    getUserApiTokens: () => client.request<UserApiToken[]>(a.getUserApiTokensData),
    /** POST users/api-tokens v1: a token acting as the caller; the answer carries the secret. */
    createUserApiToken: (input: UserApiTokenInput) =>
      client.request<CreatedApiToken>(a.updateUserApiTokensData, { body: input }),
    /** DELETE users/api-tokens v1 {tokenId}. */
    deleteUserApiToken: (tokenId: string) =>
      client.request<void>(a.deleteUserApiToken, { params: { tokenId } }),
    /** GET tenants/api-tokens v1: the tenant's tokens. */
    getTenantApiTokens: () => client.request<TenantApiToken[]>(a.getTenantApiTokensData),
    /** POST tenants/api-tokens v2: roleIds only of roles the caller holds (the server refuses others). */
    createTenantApiToken: (input: TenantApiTokenInput) =>
      client.request<CreatedApiToken>(a.updateTenantApiTokensData, { body: input }),
    /** DELETE tenants/api-tokens v1 {tokenId}. */
    deleteTenantApiToken: (tokenId: string) =>
      client.request<void>(a.deleteTenantApiToken, { params: { tokenId } }),
  };
}

export type ApiTokensApi = ReturnType<typeof createApiTokensApi>;

export const apiTokensApi: ApiTokensApi = createApiTokensApi(adminPortalApi);
