// The account hierarchy's calls (TENANTS-009..027): the caller's sub-accounts (list, tree, search, parents,
// counts, metadata), acting on sub-accounts and on their users, and the per-account token a parent
// administrator uses to act inside a sub-account (TENANTS-014). Every call takes Frontegg's UserJwtOptions
// (`{ jwt }`): given, the call carries that token instead of the session's.
import { adminPortalApi, type ApiClient, type RequestOptions } from './client';
import type { AnswerOf, BodyOf, QueryOf } from './contracts/contract';
import type {
  hierarchyContracts as h,
  subTenantsContracts as s,
  TenantTreeNode,
} from './contracts/hierarchy';
import type { usersContracts } from './contracts/users';
import { paths } from './paths';

export type SubTenant = AnswerOf<typeof h.getSubTenants>[number];
export type { TenantTreeNode } from './contracts/hierarchy';
export type ParentTenant = AnswerOf<typeof h.getParentTenants>[number];
export type TenantUsersCount = AnswerOf<typeof h.getTenantsUsersCount>[number];
export type SubTenantsPage = AnswerOf<typeof h.searchSubTenants>;
export type SearchedSubTenant = SubTenantsPage['items'][number];
export type SubTenantsQuery = QueryOf<typeof h.searchSubTenants>;
export type HierarchyMetadata = AnswerOf<typeof h.getHierarchyMetadata>[number];
export type SubTenantAnswer = AnswerOf<typeof s.createSubTenant>;
export type CreateSubTenantBody = BodyOf<typeof s.createSubTenant>;
export type AddUserToSubTenantsBody = BodyOf<typeof s.addUserToTenantAndSubTenants>;
export type AddUsersToSubTenantBody = BodyOf<typeof s.addUsersToSubTenant>;
export type RemoveUserFromSubTenantsBody = BodyOf<typeof s.removeUserFromTenantAndSubTenants>;
export type SubTenantsRolesBody = BodyOf<typeof s.setUserRolesForSubTenants>;
export type UserJwt = AnswerOf<typeof usersContracts.GetUserJwt>;

/** Frontegg's UserJwtOptions: the token of the account to act in (from `getUserJwt`). */
export interface UserJwtOptions {
  jwt?: string;
}

/** The request options with the account token, when one is given. */
const withJwt = (opts: RequestOptions, jwt: string | undefined): RequestOptions =>
  jwt ? { ...opts, headers: { ...opts.headers, Authorization: `Bearer ${jwt}` } } : opts;

/**
 * A client whose every call carries `jwt` (a sub-account's token): the other families' APIs bound to it act in
 * that account (`createTeamApi(asAccount(client, jwt))`).
 */
export function asAccount(client: ApiClient, jwt: string): ApiClient {
  return { ...client, request: (route, opts = {}) => client.request(route, withJwt(opts, jwt)) };
}

export function createHierarchyApi(client: Pick<ApiClient, 'request'>) {
  const call = <T>(route: Parameters<ApiClient['request']>[0], opts: RequestOptions, o?: UserJwtOptions) =>
    client.request<T>(route, withJwt(opts, o?.jwt));
  return {
    /** POST users v3 me/token: a token for `tenantId` (one of the user's accounts or a sub-account of one). */
    getUserJwt: (tenantId: string) => client.request<UserJwt>(paths.users.GetUserJwt, { body: { tenantId } }),
    getSubTenants: (o?: UserJwtOptions) => call<SubTenant[]>(paths.tenants.getSubTenants, {}, o),
    getSubTenantsAsTree: (o?: UserJwtOptions) =>
      call<TenantTreeNode>(paths.tenants.getSubTenantsAsTree, {}, o),
    getParentTenants: (o?: UserJwtOptions) => call<ParentTenant[]>(paths.tenants.getParentTenants, {}, o),
    getParentTenantsById: (tenantId: string, o?: UserJwtOptions) =>
      call<ParentTenant[]>(paths.tenants.getParentTenantsById, { params: { tenantId } }, o),
    getTenantsUsersCount: (tenantIds: string[], o?: UserJwtOptions) =>
      call<TenantUsersCount[]>(paths.tenants.getTenantsUsersCount, { body: { tenantIds } }, o),
    /** GET hierarchy v2: limit 50 from offset 0 unless asked otherwise (TENANTS-010/026). */
    searchSubTenants: (query: SubTenantsQuery = {}, o?: UserJwtOptions) =>
      call<SubTenantsPage>(
        paths.tenants.searchSubTenants,
        {
          query: {
            _limit: 50,
            _offset: 0,
            ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
          } as Record<string, string | number>,
        },
        o,
      ),
    /** The ids travel joined by commas (as Frontegg's client sends them). */
    getHierarchyMetadata: (tenantIds: string[], o?: UserJwtOptions) =>
      call<HierarchyMetadata[]>(
        paths.tenants.getHierarchyMetadata,
        { query: { _tenantIds: tenantIds.join(',') } },
        o,
      ),
    createSubTenant: (body: CreateSubTenantBody, o?: UserJwtOptions) =>
      call<SubTenantAnswer>(paths.subTenants.createSubTenant, { body }, o),
    updateSubTenant: (tenantId: string, body: { name: string }, o?: UserJwtOptions) =>
      call<SubTenantAnswer>(paths.subTenants.updateSubTenant, { params: { tenantId }, body }, o),
    updateSubTenantManagement: (
      tenantId: string,
      body: BodyOf<typeof s.updateSubTenantManagement>,
      o?: UserJwtOptions,
    ) => call<SubTenantAnswer>(paths.subTenants.updateSubTenantManagement, { params: { tenantId }, body }, o),
    updateSubTenantHierarchySettings: (
      tenantId: string,
      body: BodyOf<typeof s.updateSubTenantHierarchySettings>,
      o?: UserJwtOptions,
    ) =>
      call<SubTenantAnswer>(
        paths.subTenants.updateSubTenantHierarchySettings,
        { params: { tenantId }, body },
        o,
      ),
    deleteSubTenant: (tenantId: string, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.deleteSubTenant, { params: { tenantId } }, o),
    addUserToTenantAndSubTenants: (body: AddUserToSubTenantsBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.addUserToTenantAndSubTenants, { body }, o),
    addUsersToSubTenant: (body: AddUsersToSubTenantBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.addUsersToSubTenant, { body }, o),
    removeUserFromTenantAndSubTenants: (body: RemoveUserFromSubTenantsBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.removeUserFromTenantAndSubTenants, { body }, o),
    addUserRolesForSubTenants: (userId: string, body: SubTenantsRolesBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.addUserRolesForSubTenants, { params: { userId }, body }, o),
    removeUserRolesFromSubTenants: (userId: string, body: SubTenantsRolesBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.removeUserRolesFromSubTenants, { params: { userId }, body }, o),
    setUserRolesForSubTenants: (userId: string, body: SubTenantsRolesBody, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.setUserRolesForSubTenants, { params: { userId }, body }, o),
    updateSubAccountAccess: (userId: string, allowAccess: boolean, o?: UserJwtOptions) =>
      call<void>(paths.subTenants.updateSubAccountAccess, { params: { userId }, body: { allowAccess } }, o),
  };
}

export type HierarchyApi = ReturnType<typeof createHierarchyApi>;

/** The portal's hierarchy calls. */
export const hierarchyApi: HierarchyApi = createHierarchyApi(adminPortalApi);
