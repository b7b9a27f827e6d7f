// The calls of the portal's Provisioning page (SCIM-001..006, SCREEN-067): a tenant's SCIM 2.0 connections on
// the `/directory/resources` wire.
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { directoryContracts as c } from './contracts/directory';
import { paths } from './paths';

export type { ScimConnectionSource } from './contracts/directory';
/** A connection as listed (SCIM-001): its id, name, source and user count. */
export type ScimConnection = AnswerOf<typeof c.getConfigs>[number];
/** The answer of a creation: the bearer token, shown this once, and the SCIM base URL. */
export type CreatedScimConnection = AnswerOf<typeof c.createConfiguration>;
export type ScimConnectionInput = BodyOf<typeof c.createConfiguration>;
export type ScimConnectionUpdate = BodyOf<typeof c.updateConfiguration>;

const d = paths.directory;

/** The calls of the Provisioning page, bound to a client. */
export function createDirectoryApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET configurations/scim2 (SCIM-002). */
    getConnections: () => client.request<ScimConnection[]>(d.getConfigs),
    /** POST configurations/scim2 (SCIM-003): the answer carries the token, shown once. */
    createConnection: (input: ScimConnectionInput) =>
      client.request<CreatedScimConnection>(d.createConfiguration, { body: input }),
    /** PATCH configurations/scim2/{id} (SCIM-004). */
    updateConnection: (id: string, input: ScimConnectionUpdate) =>
      client.request<void>(d.updateConfiguration, { params: { id }, body: input }),
    /** DELETE configurations/scim2/{id} (SCIM-005); `deleteAll` also removes what it provisioned. */
    deleteConnection: (id: string, deleteAll: boolean) =>
      client.request<void>(d.deleteConfiguration, { params: { id }, body: { deleteAll } }),
    /** GET temp/{id}/Users/count (SCIM-006). */
    countUsers: async (id: string) =>
      (await client.request<{ count: number }>(d.countConfigurationUsers, { params: { id } })).count,
  };
}

export type DirectoryApi = ReturnType<typeof createDirectoryApi>;

export const directoryApi: DirectoryApi = createDirectoryApi(adminPortalApi);
