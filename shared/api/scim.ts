import type { ApiPath } from './paths';

/**
 * Paths of the SCIM 2.0 service (RFC 7644) that directories (Okta, Entra ID) call with a directory connection's
 * bearer token. Not in the spec's call catalogue (the elements never call them): the directory is given
 * `scimBase` as its SCIM base URL. Bodies: `contracts/scim.ts`.
 */
export const SCIM_BASE = '/directory/resources/scim/v2';

export const scimPaths = {
  getUsers: { method: 'GET', path: `${SCIM_BASE}/Users` },
  createUser: { method: 'POST', path: `${SCIM_BASE}/Users` },
  getUser: { method: 'GET', path: `${SCIM_BASE}/Users/{id}` },
  replaceUser: { method: 'PUT', path: `${SCIM_BASE}/Users/{id}` },
  patchUser: { method: 'PATCH', path: `${SCIM_BASE}/Users/{id}` },
  deleteUser: { method: 'DELETE', path: `${SCIM_BASE}/Users/{id}` },
  getGroups: { method: 'GET', path: `${SCIM_BASE}/Groups` },
  createGroup: { method: 'POST', path: `${SCIM_BASE}/Groups` },
  getGroup: { method: 'GET', path: `${SCIM_BASE}/Groups/{id}` },
  replaceGroup: { method: 'PUT', path: `${SCIM_BASE}/Groups/{id}` },
  patchGroup: { method: 'PATCH', path: `${SCIM_BASE}/Groups/{id}` },
  deleteGroup: { method: 'DELETE', path: `${SCIM_BASE}/Groups/{id}` },
  serviceProviderConfig: { method: 'GET', path: `${SCIM_BASE}/ServiceProviderConfig` },
  schemas: { method: 'GET', path: `${SCIM_BASE}/Schemas` },
  resourceTypes: { method: 'GET', path: `${SCIM_BASE}/ResourceTypes` },
} as const satisfies Record<string, ApiPath>;
