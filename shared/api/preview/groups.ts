// Groups: bodies and queries parsed with the groups contract, refusals as the server's (400 bad input, 404
// unknown group/role/member, 409 a name taken), answers in the contract's shape.
import type { AnswerOf } from '../contracts/contract';
import { groupsContracts as gc } from '../contracts/groups';
import { paths } from '../paths';
import {
  fail,
  find,
  iso,
  newId,
  on,
  parseWith,
  type PreviewHandler,
  type PreviewRequest,
  type PreviewRoute,
  remove,
} from './common';
import { rolesOf, scopedTenant } from './views';
import { buildGroup, type Group, type Role, type SampleState, type User } from './sampleData';

type Relations = 'roles' | 'users' | 'rolesAndUsers';
type GroupAnswer = AnswerOf<typeof gc.getGroupById>;

const roleAnswer = (r: Role) => ({
  id: r.id,
  key: r.key,
  name: r.name,
  description: r.description,
  isDefault: r.isDefault,
  permissions: [...r.permissions],
  tenantId: r.tenantId,
  vendorId: r.vendorId,
  level: r.level,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const userAnswer = (u: User) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  profilePictureUrl: u.profilePictureUrl,
  activatedForTenant: u.activatedForTenant,
  createdAt: u.createdAt,
});

/** A group as the server answers it (GROUPS-001): roles and users as the relations ask. */
function groupAnswer(state: SampleState, group: Group, relations: Relations = 'rolesAndUsers'): GroupAnswer {
  return {
    id: group.id,
    name: group.name,
    color: group.color,
    description: group.description,
    metadata: group.metadata,
    managedBy: group.managedBy,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    ...(relations !== 'users' ? { roles: rolesOf(state, group.roleIds).map(roleAnswer) } : {}),
    ...(relations !== 'roles'
      ? { users: group.userIds.flatMap((id) => state.users.filter((u) => u.id === id)).map(userAnswer) }
      : {}),
  };
}

const relationsOf = (req: PreviewRequest): Relations => {
  const raw = req.query.get('_groupsRelations') || undefined;
  const parsed = gc.getGroups.query.safeParse({ _groupsRelations: raw });
  if (!parsed.success) throw fail(400, '_groupsRelations must be roles, users or rolesAndUsers');
  return parsed.data._groupsRelations ?? 'rolesAndUsers';
};

const tenantGroups = (req: PreviewRequest) =>
  req.state.groups.filter((g) => g.tenantId === scopedTenant(req));

const groupById = (req: PreviewRequest): Group =>
  find(tenantGroups(req), (g) => g.id === req.params.groupId, 'Group');

/** Metadata as the wire carries it: JSON text of an object. */
const metadataText = (value: string | Record<string, unknown> | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    const parsed: unknown = value.trim() === '' ? {} : JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return JSON.stringify(parsed);
  } catch {
    // refused below
  }
  throw fail(400, 'metadata: A JSON object of at most 10000 characters');
};

function assertNameFree(req: PreviewRequest, name: string, exceptId?: string) {
  if (tenantGroups(req).some((g) => g.name.toLowerCase() === name.toLowerCase() && g.id !== exceptId))
    throw fail(409, `A group named ${name} already exists`);
}

/** Roles the tenant may use (the vendor's and its own); one unknown id is a 404. */
function knownRoles(req: PreviewRequest, ids: readonly string[]) {
  const tenantId = scopedTenant(req);
  for (const id of ids)
    find(req.state.roles, (r) => r.id === id && (r.tenantId === null || r.tenantId === tenantId), 'Role');
}

/** Members of the tenant; one unknown id is a 404. */
function knownMembers(req: PreviewRequest, ids: readonly string[]) {
  const tenantId = scopedTenant(req);
  for (const id of ids) find(req.state.users, (u) => u.id === id && u.tenantIds.includes(tenantId), 'User');
}

function createGroup(req: PreviewRequest) {
  const body = parseWith(gc.createGroup.body, req.body);
  const roleIds = [...new Set(body.roleIds ?? [])];
  const userIds = [...new Set(body.userIds ?? [])];
  knownRoles(req, roleIds);
  knownMembers(req, userIds);
  assertNameFree(req, body.name);
  const group = buildGroup({
    id: newId('group'),
    name: body.name,
    color: body.color ?? '#5B8DEF',
    description: body.description ?? '',
    metadata: metadataText(body.metadata) ?? '{}',
    tenantId: scopedTenant(req),
    roleIds,
    userIds,
    createdAt: iso(req.now),
    updatedAt: iso(req.now),
  });
  req.state.groups.push(group);
  return groupAnswer(req.state, group);
}

function updateGroup(req: PreviewRequest) {
  const group = groupById(req);
  const body = parseWith(gc.updateGroup.body, req.body);
  if (body.name !== undefined) assertNameFree(req, body.name, group.id);
  const metadata = metadataText(body.metadata);
  if (body.name !== undefined) group.name = body.name;
  if (body.color !== undefined) group.color = body.color;
  if (body.description !== undefined) group.description = body.description;
  if (metadata !== undefined) group.metadata = metadata;
  group.updatedAt = iso(req.now);
  return groupAnswer(req.state, group);
}

/** Adds or removes the body's ids on one of the group's id lists. */
function groupMembers(list: 'roleIds' | 'userIds', add: boolean): PreviewHandler {
  return (req) => {
    const group = groupById(req);
    const ids =
      list === 'roleIds'
        ? parseWith(gc.addRolesToGroup.body, req.body).roleIds
        : parseWith(gc.addUsersToGroup.body, req.body).userIds;
    if (list === 'roleIds') knownRoles(req, ids);
    else
      knownMembers(
        req,
        ids.filter((id) => add || !group.userIds.includes(id)),
      );
    group[list] = add
      ? [...new Set([...group[list], ...ids])]
      : group[list].filter((id) => !ids.includes(id));
    group.updatedAt = iso(req.now);
    return groupAnswer(req.state, group);
  };
}

export const groupsHandlers: PreviewRoute[] = [
  on(paths.groups.getGroups, (req) => {
    const relations = relationsOf(req);
    return { groups: tenantGroups(req).map((g) => groupAnswer(req.state, g, relations)) };
  }),
  on(paths.groups.getGroupById, (req) => groupAnswer(req.state, groupById(req), relationsOf(req))),
  on(paths.groups.getGroupsByIds, (req) => {
    const relations = relationsOf(req);
    const body = parseWith(gc.getGroupsByIds.body, req.body);
    const ids = [...(body.groupsIds ?? []), ...(body.ids ?? [])];
    return {
      groups: tenantGroups(req)
        .filter((g) => ids.includes(g.id))
        .map((g) => groupAnswer(req.state, g, relations)),
    };
  }),
  on(paths.groups.createGroup, createGroup),
  on(paths.groups.updateGroup, updateGroup),
  on(paths.groups.deleteGroup, (req) => {
    const group = groupById(req);
    remove(req.state.groups, (g) => g.id === group.id, 'Group');
    return {};
  }),
  on(paths.groups.addRolesToGroup, groupMembers('roleIds', true)),
  on(paths.groups.deleteRolesFromGroup, groupMembers('roleIds', false)),
  on(paths.groups.addUsersToGroup, groupMembers('userIds', true)),
  on(paths.groups.deleteUsersFromGroup, groupMembers('userIds', false)),
  on(paths.groups.getGroupConfiguration, ({ state }) => state.groupConfiguration),
  on(paths.groups.updateGroupConfiguration, ({ state, body }) =>
    Object.assign(state.groupConfiguration, parseWith(gc.updateGroupConfiguration.body, body)),
  ),
];
