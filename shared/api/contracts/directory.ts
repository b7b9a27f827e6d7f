// Directory provisioning (SCIM-001..006, SCREEN-067): a tenant's SCIM 2.0 connections on the
// `/directory/resources` wire, in Frontegg's shapes (Scim2ConnectionConfigResponse, Scim2CreateConnectionConfig-
// Request/Response, Scim2PatchConnectionConfigRequest, Scim2CountResponse). The SCIM service itself is
// `scim.ts`.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';

const d = paths.directory;

/** Frontegg's ScimConnectionSource. */
export const scimConnectionSource = z.enum(['frontegg', 'okta', 'azure-ad', 'other']);
export type ScimConnectionSource = z.infer<typeof scimConnectionSource>;

/** Frontegg's Scim2ConnectionConfigResponse (SCIM-001), plus ours: the user count and the SCIM base URL. */
export const scimConnection = z.object({
  id,
  connectionName: z.string(),
  source: scimConnectionSource,
  syncToUserManagement: z.boolean(),
  createdAt: isoDate,
  /** The last SCIM call that wrote something; null: never. */
  lastSync: isoDate.nullable(),
  /** Ours (SCIM-001): the users this connection provisioned. */
  usersCount: z.number().int().nonnegative(),
  /** Ours: the SCIM base URL the directory is given. */
  scimBaseUrl: z.string(),
});

const connectionName = z.string().trim().min(1).max(100);

/** Frontegg's Scim2CreateConnectionConfigRequest. */
export const createScimConnectionBody = z.object({
  source: scimConnectionSource,
  connectionName: connectionName.optional(),
  syncToUserManagement: z.boolean().default(true),
});

/** Frontegg's Scim2CreateConnectionConfigResponse: the bearer token, shown this once, and the base URL. */
export const scimConnectionCreated = z.object({
  id,
  connectionName: z.string(),
  /** The bearer token (32 random bytes, base64url); stored only as a hash. */
  token: z.string().min(32),
  scimBaseUrl: z.string(),
});

/** Frontegg's Scim2PatchConnectionConfigRequest, plus ours: renaming. */
export const updateScimConnectionBody = z.object({
  syncToUserManagement: z.boolean().optional(),
  connectionName: connectionName.optional(),
});

const idParam = z.object({ id });

export const directoryContracts = {
  getConfigs: contract({ route: d.getConfigs, response: z.array(scimConnection) }),
  createConfiguration: contract({
    route: d.createConfiguration,
    body: createScimConnectionBody,
    response: scimConnectionCreated,
    status: 201,
  }),
  updateConfiguration: contract({
    route: d.updateConfiguration,
    params: idParam,
    body: updateScimConnectionBody,
    response: empty,
  }),
  /**
   * Frontegg sends `{ deleteAll }` as the body: true also removes the users and groups the connection
   * provisioned from the tenant; false (default) keeps them as ordinary members (provider unchanged).
   */
  deleteConfiguration: contract({
    route: d.deleteConfiguration,
    params: idParam,
    body: z.object({ deleteAll: z.boolean().default(false) }),
    response: empty,
  }),
  countConfigurationUsers: contract({
    route: d.countConfigurationUsers,
    params: idParam,
    response: z.object({ count: z.number().int().nonnegative() }),
  }),
} as const;
