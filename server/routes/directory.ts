// Directory connections (SCIM-001..006, SCREEN-067) on the `/directory/resources` wire: the tenant's SCIM 2.0
// connections listed with their user count and SCIM base URL, created (the bearer token shown this once, stored
// as a SHA-256 hash), renamed, deleted (with or without what they provisioned) and their users counted. Reads need
// the read provisioningConfiguration permission, writes the write one; every write is audited.
import type { Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { directoryContracts as dc } from '../../shared/api/contracts/directory';
import { paths } from '../../shared/api/paths';
import { apiError, readBody, type AppEnv } from '../context';
import {
  connectionView,
  countConnectionUsers,
  createConnection,
  deleteConnection,
  findConnection,
  listConnections,
  scimBaseUrl,
  updateConnection,
} from '../scim/connections';
import { defineFamily, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.provisioningConfiguration';
const WRITE = 'fe.secure.write.provisioningConfiguration';
const d = paths.directory;

type Answer<K extends keyof typeof dc> = AnswerOf<(typeof dc)[K]>;

export const directoryEndpointsByName = {
  getConfigs: endpoint(d.getConfigs, READ, "the caller's tenant's connections"),
  createConfiguration: endpoint(d.createConfiguration, WRITE, 'the token shown once'),
  updateConfiguration: endpoint(d.updateConfiguration, WRITE, "own tenant's connections only"),
  deleteConfiguration: endpoint(d.deleteConfiguration, WRITE, "own tenant's connections only"),
  countConfigurationUsers: endpoint(d.countConfigurationUsers, READ, "own tenant's connections only"),
} as const;

export const directoryEndpoints: Endpoint[] = Object.values(directoryEndpointsByName);

/** The DELETE body (Frontegg sends `{ deleteAll }`; a client may send none). */
async function deleteBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  if (!text.trim()) return dc.deleteConfiguration.body.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw apiError(400, 'The request body is not valid JSON');
  }
  const parsed = dc.deleteConfiguration.body.safeParse(raw);
  if (!parsed.success)
    throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`));
  return parsed.data;
}

export const directoryRoutes = defineFamily(directoryEndpointsByName, (on, e, services) => {
  const { db, config } = services;
  const publicUrl = config.publicUrl;
  const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  on(e.getConfigs, async (c) => {
    const rows = await listConnections(db, c.get('auth').tenantId);
    return c.json(
      rows.map((r) => connectionView(publicUrl, r.connection, r.usersCount)) satisfies Answer<'getConfigs'>,
    );
  });

  on(e.createConfiguration, async (c) => {
    const body = await readBody(c, dc.createConfiguration.body);
    const { row, token } = await createConnection(db, c.get('auth').tenantId, body);
    await c.var.audit({
      action: 'SCIM connection created',
      severity: 'Medium',
      json: { connectionId: row.id, source: row.source, connectionName: row.connectionName },
    });
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        id: row.id,
        connectionName: row.connectionName,
        token,
        scimBaseUrl: scimBaseUrl(publicUrl),
      } satisfies Answer<'createConfiguration'>,
      201,
    );
  });

  on(e.updateConfiguration, async (c) => {
    const body = await readBody(c, dc.updateConfiguration.body);
    const connection = await findConnection(db, c.get('auth').tenantId, idOf(c));
    const fields = await updateConnection(db, connection, body);
    await c.var.audit({
      action: 'SCIM connection updated',
      severity: 'Info',
      json: { connectionId: connection.id, fields, ...body },
    });
    return c.json({} satisfies Answer<'updateConfiguration'>);
  });

  on(e.deleteConfiguration, async (c) => {
    const { deleteAll } = await deleteBody(c);
    const connection = await findConnection(db, c.get('auth').tenantId, idOf(c));
    const result = await deleteConnection(db, connection, deleteAll);
    await c.var.audit({
      action: 'SCIM connection deleted',
      severity: 'Medium',
      json: { connectionId: connection.id, connectionName: connection.connectionName, deleteAll, ...result },
    });
    return c.json({} satisfies Answer<'deleteConfiguration'>);
  });

  on(e.countConfigurationUsers, async (c) => {
    const connection = await findConnection(db, c.get('auth').tenantId, idOf(c));
    return c.json({
      count: await countConnectionUsers(db, connection.id),
    } satisfies Answer<'countConfigurationUsers'>);
  });
});
