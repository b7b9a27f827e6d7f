// The SCIM 2.0 service (RFC 7643/7644) a directory (Okta, Entra ID) provisions a tenant through: Users, Groups
// and the discovery resources, under the bearer token of one directory connection (the `scim` regime): a token
// reaches only its own connection's users and groups. Answers are application/scim+json; errors are SCIM error
// bodies. Every write is audited (the SCIM actions) and moves the connection's lastSync.
import type { Context } from 'hono';
import { SCIM_SCHEMAS, scimListQuery, scimPatchOp } from '../../shared/api/contracts/scim';
import { SCIM_BASE, scimPaths } from '../../shared/api/scim';
import type { AuditSeverity } from '../audit';
import type { AuditAction } from '../audit/actions';
import type { AppEnv } from '../context';
import { matches, parseFilter, project, simpleEquality } from '../scim/filter';
import {
  connectionGroups,
  createDirectoryGroup,
  deleteDirectoryGroup,
  findDirectoryGroup,
  groupResource,
  membersOf,
  patchDirectoryGroup,
  replaceDirectoryGroup,
} from '../scim/groups';
import { readScimJson, scimJson, scimParse } from '../scim/http';
import { discovery } from '../scim/discovery';
import {
  connectionUsers,
  createDirectoryUser,
  deleteDirectoryUser,
  findDirectoryUser,
  patchDirectoryUser,
  replaceDirectoryUser,
  userResource,
  usersByUserName,
} from '../scim/users';
import { defineFamily, scimEndpoint, type Endpoint } from './endpoints';

const s = scimPaths;

/** The most resources one list answer holds (RFC 7644 §3.4.2.4: the service may cap `count`). */
export const SCIM_MAX_COUNT = 200;

export const scimEndpointsByName = {
  getUsers: scimEndpoint(s.getUsers, "the connection's users"),
  createUser: scimEndpoint(s.createUser, "into the connection's tenant"),
  getUser: scimEndpoint(s.getUser, "the connection's users only"),
  replaceUser: scimEndpoint(s.replaceUser, "the connection's users only"),
  patchUser: scimEndpoint(s.patchUser, "the connection's users only"),
  deleteUser: scimEndpoint(s.deleteUser, "the connection's users only"),
  getGroups: scimEndpoint(s.getGroups, "the connection's groups"),
  createGroup: scimEndpoint(s.createGroup, "in the connection's tenant"),
  getGroup: scimEndpoint(s.getGroup, "the connection's groups only"),
  replaceGroup: scimEndpoint(s.replaceGroup, "the connection's groups only"),
  patchGroup: scimEndpoint(s.patchGroup, "the connection's groups only"),
  deleteGroup: scimEndpoint(s.deleteGroup, "the connection's groups only"),
  serviceProviderConfig: scimEndpoint(s.serviceProviderConfig),
  schemas: scimEndpoint(s.schemas),
  resourceTypes: scimEndpoint(s.resourceTypes),
} as const;

export const scimEndpoints: Endpoint[] = Object.values(scimEndpointsByName);

type Json = Record<string, unknown>;

/** The list query, checked (RFC 7644 §3.4.2): startIndex below 1 counts as 1, count below 0 as 0. */
function listQuery(c: Context<AppEnv>) {
  const q = scimParse(scimListQuery, c.req.query(), 'invalidValue');
  return {
    filter: q.filter?.trim() ? parseFilter(q.filter.trim()) : undefined,
    startIndex: Math.max(1, q.startIndex ?? 1),
    count: Math.min(SCIM_MAX_COUNT, Math.max(0, q.count ?? SCIM_MAX_COUNT)),
    attributes: q.attributes,
    excludedAttributes: q.excludedAttributes,
  };
}

/** A ListResponse of one page of `resources` (already filtered). */
function listResponse(resources: Json[], q: ReturnType<typeof listQuery>) {
  const page = resources.slice(q.startIndex - 1, q.startIndex - 1 + q.count);
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex: q.startIndex,
    itemsPerPage: page.length,
    Resources: page.map((r) => project(r, q.attributes, q.excludedAttributes)),
  };
}

const excludes = (excluded: string | undefined, attr: string) =>
  (excluded ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .includes(attr);

export const scimRoutes = defineFamily(scimEndpointsByName, (on, e, services) => {
  const { db, vendorId, config } = services;
  const publicUrl = config.publicUrl;

  const audit = (
    c: Context<AppEnv>,
    action: AuditAction,
    json: Json,
    { email, severity = 'Info' }: { email?: string | null; severity?: AuditSeverity } = {},
  ) => {
    const connection = c.get('scimConnection');
    return c.var.audit({
      action,
      severity,
      tenantId: connection.tenantId,
      email: email ?? null,
      json: { connectionId: connection.id, connectionName: connection.connectionName, ...json },
    });
  };
  const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';
  const read = (c: Context<AppEnv>) => c.req.query('attributes');
  const readExcluded = (c: Context<AppEnv>) => c.req.query('excludedAttributes');
  const location = (resource: Json) => String((resource.meta as Json).location);
  const etag = (resource: Json) => String((resource.meta as Json).version);

  // ---- Users ------------------------------------------------------------------------------------------

  on(e.getUsers, async (c) => {
    const connection = c.get('scimConnection');
    const q = listQuery(c);
    const simple = q.filter ? simpleEquality(q.filter) : undefined;
    // `userName eq` (Okta asks before every create) is an index lookup; other filters run over the connection's users.
    const rows =
      simple?.attr === 'username'
        ? await usersByUserName(db, connection.id, simple.value)
        : await connectionUsers(db, connection.id);
    const resources = rows.map((r) => userResource(publicUrl, r));
    const filtered = q.filter ? resources.filter((r) => matches(r, q.filter!)) : resources;
    return scimJson(c, listResponse(filtered, q));
  });

  on(e.createUser, async (c) => {
    const connection = c.get('scimConnection');
    const { row, created } = await createDirectoryUser(db, vendorId, connection, await readScimJson(c));
    const resource = userResource(publicUrl, row);
    await audit(
      c,
      'SCIM user created',
      { targetUserId: row.userId, userName: row.userName, linked: !created, active: row.active },
      { email: emailIn(resource) },
    );
    return scimJson(c, resource, 201, { Location: location(resource), ETag: etag(resource) });
  });

  on(e.getUser, async (c) => {
    const row = await findDirectoryUser(db, c.get('scimConnection').id, idOf(c));
    const resource = userResource(publicUrl, row);
    return scimJson(c, project(resource, read(c), readExcluded(c)), 200, { ETag: etag(resource) });
  });

  /** Audits a replace or patch: an update, and a deactivation or reactivation when `active` changed. */
  const auditChange = async (
    c: Context<AppEnv>,
    resource: Json,
    wasActive: boolean,
    how: 'PUT' | 'PATCH',
  ) => {
    const active = resource.active === true;
    const target = { targetUserId: resource.id, userName: resource.userName, via: how };
    await audit(c, 'SCIM user updated', target, { email: emailIn(resource) });
    if (active !== wasActive)
      await audit(c, active ? 'SCIM user reactivated' : 'SCIM user deactivated', target, {
        email: emailIn(resource),
        severity: active ? 'Info' : 'Medium',
      });
  };

  on(e.replaceUser, async (c) => {
    const { row, wasActive } = await replaceDirectoryUser(
      db,
      vendorId,
      c.get('scimConnection'),
      idOf(c),
      await readScimJson(c),
    );
    const resource = userResource(publicUrl, row);
    await auditChange(c, resource, wasActive, 'PUT');
    return scimJson(c, resource, 200, { ETag: etag(resource) });
  });

  on(e.patchUser, async (c) => {
    const body = scimParse(scimPatchOp, await readScimJson(c), 'invalidSyntax');
    const { row, wasActive } = await patchDirectoryUser(
      db,
      vendorId,
      publicUrl,
      c.get('scimConnection'),
      idOf(c),
      body.Operations,
    );
    const resource = userResource(publicUrl, row);
    await auditChange(c, resource, wasActive, 'PATCH');
    return scimJson(c, resource, 200, { ETag: etag(resource) });
  });

  on(e.deleteUser, async (c) => {
    const userId = idOf(c);
    const { email, deleted } = await deleteDirectoryUser(db, c.get('scimConnection'), userId);
    await audit(
      c,
      'SCIM user deleted',
      { targetUserId: userId, userDeleted: deleted },
      { email, severity: 'Medium' },
    );
    return c.body(null, 204);
  });

  // ---- Groups -----------------------------------------------------------------------------------------

  on(e.getGroups, async (c) => {
    const connection = c.get('scimConnection');
    const q = listQuery(c);
    const simple = q.filter ? simpleEquality(q.filter) : undefined;
    const rows = await connectionGroups(
      db,
      connection.id,
      simple?.attr === 'displayname' ? simple.value : undefined,
    );
    const withMembers = !excludes(q.excludedAttributes, 'members');
    const members = withMembers
      ? await membersOf(
          db,
          rows.map((r) => r.group.id),
        )
      : new Map();
    const resources = rows.map((r) =>
      groupResource(publicUrl, r, withMembers ? (members.get(r.group.id) ?? []) : undefined),
    );
    const filtered = q.filter ? resources.filter((r) => matches(r, q.filter!)) : resources;
    return scimJson(c, listResponse(filtered, q));
  });

  const groupAnswer = async (c: Context<AppEnv>, groupId: string) => {
    const row = await findDirectoryGroup(db, c.get('scimConnection').id, groupId);
    const excluded = readExcluded(c);
    const members = excludes(excluded, 'members')
      ? undefined
      : ((await membersOf(db, [groupId])).get(groupId) ?? []);
    return groupResource(publicUrl, row, members);
  };

  on(e.createGroup, async (c) => {
    const { row, members } = await createDirectoryGroup(db, c.get('scimConnection'), await readScimJson(c));
    await audit(c, 'SCIM group created', { groupId: row.group.id, displayName: row.group.name, members });
    const resource = await groupAnswer(c, row.group.id);
    return scimJson(c, resource, 201, { Location: location(resource), ETag: etag(resource) });
  });

  on(e.getGroup, async (c) => {
    const resource = await groupAnswer(c, idOf(c));
    return scimJson(c, project(resource, read(c), readExcluded(c)), 200, { ETag: etag(resource) });
  });

  const auditGroupChange = async (
    c: Context<AppEnv>,
    change: {
      row: { group: { id: string; name: string } };
      added: string[];
      removed: string[];
      renamed: boolean;
    },
  ) => {
    const target = { groupId: change.row.group.id, displayName: change.row.group.name };
    if (change.renamed) await audit(c, 'SCIM group updated', target);
    if (change.added.length) await audit(c, 'SCIM group members added', { ...target, userIds: change.added });
    if (change.removed.length)
      await audit(c, 'SCIM group members removed', { ...target, userIds: change.removed });
    if (!change.renamed && !change.added.length && !change.removed.length)
      await audit(c, 'SCIM group updated', target);
  };

  on(e.replaceGroup, async (c) => {
    const change = await replaceDirectoryGroup(db, c.get('scimConnection'), idOf(c), await readScimJson(c));
    await auditGroupChange(c, change);
    const resource = await groupAnswer(c, change.row.group.id);
    return scimJson(c, resource, 200, { ETag: etag(resource) });
  });

  on(e.patchGroup, async (c) => {
    const body = scimParse(scimPatchOp, await readScimJson(c), 'invalidSyntax');
    const change = await patchDirectoryGroup(db, c.get('scimConnection'), idOf(c), body.Operations);
    await auditGroupChange(c, change);
    // RFC 7644 §3.5.2: 204 unless the client asked for attributes; Okta and Entra accept both, 200 with the group.
    const resource = await groupAnswer(c, change.row.group.id);
    return scimJson(c, resource, 200, { ETag: etag(resource) });
  });

  on(e.deleteGroup, async (c) => {
    const group = await deleteDirectoryGroup(db, c.get('scimConnection'), idOf(c));
    await audit(
      c,
      'SCIM group deleted',
      { groupId: group.id, displayName: group.name },
      { severity: 'Medium' },
    );
    return c.body(null, 204);
  });

  // ---- Discovery (RFC 7644 §4) ------------------------------------------------------------------------

  const base = `${publicUrl}${SCIM_BASE}`;
  on(e.serviceProviderConfig, (c) => scimJson(c, discovery.serviceProviderConfig(base, SCIM_MAX_COUNT)));
  on(e.schemas, (c) => scimJson(c, discovery.list(discovery.schemas(base))));
  on(e.resourceTypes, (c) => scimJson(c, discovery.list(discovery.resourceTypes(base))));
});

/** The email of a user resource (for the audit row). */
function emailIn(resource: Json): string | null {
  const emails = (resource.emails as { value?: string; primary?: boolean }[] | undefined) ?? [];
  return (emails.find((m) => m.primary) ?? emails[0])?.value ?? (String(resource.userName) || null);
}
