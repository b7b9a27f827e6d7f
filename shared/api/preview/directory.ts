// Directory connections (SCIM-001..006, SCREEN-067) in preview: the portal's provisioning page lists, creates
// (a sample token shown once), renames, counts and deletes connections of the scoped tenant. The sample state has
// no directory slice: each state keeps its connections here (a reset state starts with the sample connection).
import { directoryContracts as dc, type ScimConnectionSource } from '../contracts/directory';
import { paths } from '../paths';
import { SCIM_BASE } from '../scim';
import { fail, iso, newId, on, parseWith, randomHex, type PreviewRequest, type PreviewRoute } from './common';
import type { SampleState } from './sampleData';
import { scopedTenant } from './views';

interface PreviewConnection {
  id: string;
  tenantId: string;
  connectionName: string;
  source: ScimConnectionSource;
  syncToUserManagement: boolean;
  createdAt: string;
  lastSync: string | null;
  usersCount: number;
}

const SOURCE_NAMES: Record<ScimConnectionSource, string> = {
  frontegg: 'Frontegg',
  okta: 'Okta',
  'azure-ad': 'Entra ID',
  other: 'SCIM directory',
};

const NOT_FOUND = 'Directory connection not found';
/** The SCIM base URL a preview shows (nothing is ever sent there). */
const PREVIEW_SCIM_BASE = `https://preview.invalid${SCIM_BASE}`;

const byState = new WeakMap<SampleState, PreviewConnection[]>();

/** The state's connections: one sample Okta connection of the scoped tenant to start with. */
function connectionsOf(req: PreviewRequest): PreviewConnection[] {
  let list = byState.get(req.state);
  if (!list) {
    const day = 86_400_000;
    list = [
      {
        id: 'scim-okta-sample',
        tenantId: scopedTenant(req),
        connectionName: 'Okta',
        source: 'okta',
        syncToUserManagement: true,
        createdAt: iso(new Date(req.now.getTime() - 30 * day)),
        lastSync: iso(new Date(req.now.getTime() - day)),
        usersCount: 12,
      },
    ];
    byState.set(req.state, list);
  }
  return list;
}

function find(req: PreviewRequest): PreviewConnection {
  const found = connectionsOf(req).find((c) => c.id === req.params.id && c.tenantId === scopedTenant(req));
  if (!found) throw fail(404, NOT_FOUND);
  return found;
}

const view = ({ tenantId: _tenantId, ...c }: PreviewConnection) => ({ ...c, scimBaseUrl: PREVIEW_SCIM_BASE });

export const directoryHandlers: PreviewRoute[] = [
  on(paths.directory.getConfigs, (req) =>
    connectionsOf(req)
      .filter((c) => c.tenantId === scopedTenant(req))
      .map(view),
  ),
  on(paths.directory.createConfiguration, (req) => {
    const body = parseWith(dc.createConfiguration.body, req.body);
    const connection: PreviewConnection = {
      id: newId('scim'),
      tenantId: scopedTenant(req),
      connectionName: body.connectionName ?? SOURCE_NAMES[body.source],
      source: body.source,
      syncToUserManagement: body.syncToUserManagement,
      createdAt: iso(req.now),
      lastSync: null,
      usersCount: 0,
    };
    connectionsOf(req).push(connection);
    // 32 random bytes, as the server's tokens (base64url there; hex here: a sample).
    return {
      id: connection.id,
      connectionName: connection.connectionName,
      token: randomHex(32),
      scimBaseUrl: PREVIEW_SCIM_BASE,
    };
  }),
  on(paths.directory.updateConfiguration, (req) => {
    const body = parseWith(dc.updateConfiguration.body, req.body);
    const connection = find(req);
    if (body.connectionName !== undefined) connection.connectionName = body.connectionName;
    if (body.syncToUserManagement !== undefined) connection.syncToUserManagement = body.syncToUserManagement;
    return {};
  }),
  on(paths.directory.deleteConfiguration, (req) => {
    parseWith(dc.deleteConfiguration.body, req.body ?? {});
    const connection = find(req);
    const list = connectionsOf(req);
    list.splice(list.indexOf(connection), 1);
    return {};
  }),
  on(paths.directory.countConfigurationUsers, (req) => ({ count: find(req).usersCount })),
];
