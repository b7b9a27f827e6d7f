// Groups of the caller's tenant (GROUPS-001..013): a group carries roles its members hold in the tenant.
// Every group, role and user id is looked up within the token's tenant: another tenant's id is a 404.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type Context } from 'hono';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { groupsContracts as gc } from '../../shared/api/contracts/groups';
import { paths } from '../../shared/api/paths';
import type { AuditAction } from '../audit/actions';
import { apiError, readBody, type AppEnv } from '../context';
import { isUniqueViolation } from '../db/errors';
import { groupRoles, groups, groupUsers, policies, roles, users } from '../db/schema';
import { assertHoldsAll, roleKeys } from '../middleware/authorize';
import { withRoleViews } from '../roles/views';
import { findVisibleRoles } from '../roles/visibility';
import { assertMembers } from '../tenants/members';
import { endpoint, type Endpoint, defineFamily } from './endpoints';
import { MAX_METADATA_JSON, metadataObject } from './metadataObject';

const READ = 'fe.secure.read.groups';
const WRITE = 'fe.secure.write.groups';
const DELETE = 'fe.secure.delete.groups';

const NO_ESCALATION_ROLES = 'the caller must hold every permission of the roles added';
const NO_ESCALATION_USERS = "the caller must hold every permission of the group's roles";

/** Routes of the groups page, with the permission each requires. The configuration comes before `{groupId}`. */
export const groupsEndpointsByName = {
  getGroupConfiguration: endpoint(paths.groups.getGroupConfiguration, READ),
  updateGroupConfiguration: endpoint(paths.groups.updateGroupConfiguration, WRITE),
  getGroups: endpoint(paths.groups.getGroups, READ),
  getGroupsByIds: endpoint(paths.groups.getGroupsByIds, READ),
  getGroupById: endpoint(paths.groups.getGroupById, READ),
  createGroup: endpoint(paths.groups.createGroup, WRITE, `with roleIds: ${NO_ESCALATION_ROLES}`),
  updateGroup: endpoint(paths.groups.updateGroup, WRITE),
  deleteGroup: endpoint(paths.groups.deleteGroup, DELETE),
  addRolesToGroup: endpoint(paths.groups.addRolesToGroup, WRITE, NO_ESCALATION_ROLES),
  deleteRolesFromGroup: endpoint(paths.groups.deleteRolesFromGroup, WRITE),
  addUsersToGroup: endpoint(
    paths.groups.addUsersToGroup,
    WRITE,
    `users must be members of the tenant; ${NO_ESCALATION_USERS}`,
  ),
  deleteUsersFromGroup: endpoint(paths.groups.deleteUsersFromGroup, WRITE),
} as const;

export const groupsEndpoints: Endpoint[] = Object.values(groupsEndpointsByName);

// ---------------------------------------------------------------------------------------------------------
// Bodies and queries

const DEFAULT_COLOR = '#5B8DEF';

/** Group metadata: a JSON object, sent as an object or as its JSON text (the wire answers the text). */
const metadataField = z
  .union([z.string().max(MAX_METADATA_JSON), z.record(z.string(), z.unknown())])
  // Blank text: no metadata.
  .transform((value, ctx) =>
    metadataObject(typeof value === 'string' && value.trim() === '' ? {} : value, ctx),
  );

// The contract's bodies, with metadata read as a JSON object (text or object) and id lists deduplicated.
const createBody = gc.createGroup.body.extend({ metadata: metadataField.optional() });
const updateBody = gc.updateGroup.body.extend({ metadata: metadataField.optional() });
const unique = (ids: string[]) => [...new Set(ids)];

type Relations = z.infer<typeof gc.getGroups.query>['_groupsRelations'] & string;

/** Relations a group answer carries (`_groupsRelations`, ENUM-037): both by default. */
function readRelations(c: Context<AppEnv>): Relations {
  const parsed = gc.getGroups.query.safeParse({
    _groupsRelations: c.req.query('_groupsRelations') || undefined,
  });
  if (!parsed.success) throw apiError(400, '_groupsRelations must be roles, users or rolesAndUsers');
  return parsed.data._groupsRelations ?? 'rolesAndUsers';
}

type Group = AnswerOf<typeof gc.getGroupById>;

const configurationSchema = gc.getGroupConfiguration.response;
const configurationPatch = gc.updateGroupConfiguration.body;
type GroupConfiguration = z.infer<typeof configurationSchema>;
const defaultConfiguration: GroupConfiguration = { enabled: true, rolesEnabled: true };
/** The group configuration is a row of `policies` with this kind, per tenant (or the vendor's). */
const CONFIGURATION_KIND = 'groups';

// ---------------------------------------------------------------------------------------------------------
// Routes

/** Groups of the caller's tenant and their configuration. */
export const groupsRoutes = defineFamily(groupsEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  /** Groups as the API answers them (GROUPS-001): roles and users as objects, metadata as JSON text. */
  async function groupViews(
    rows: (typeof groups.$inferSelect)[],
    relations: Relations = 'rolesAndUsers',
  ): Promise<Group[]> {
    const ids = rows.map((g) => g.id);
    const withRoles = relations !== 'users';
    const withUsers = relations !== 'roles';
    const roleRows =
      withRoles && ids.length
        ? await db
            .select({ groupId: groupRoles.groupId, role: roles })
            .from(groupRoles)
            .innerJoin(roles, eq(roles.id, groupRoles.roleId))
            .where(inArray(groupRoles.groupId, ids))
            .orderBy(asc(roles.name))
        : [];
    const userRows =
      withUsers && ids.length
        ? await db
            .select({
              groupId: groupUsers.groupId,
              id: users.id,
              email: users.email,
              name: users.name,
              profilePictureUrl: users.profilePictureUrl,
              createdAt: users.createdAt,
            })
            .from(groupUsers)
            .innerJoin(users, eq(users.id, groupUsers.userId))
            .where(inArray(groupUsers.groupId, ids))
            .orderBy(asc(users.name))
        : [];
    // Roles as the roles calls answer them (their permission ids included).
    const roleLinks = await withRoleViews(db, roleRows);
    return rows.map((g) => ({
      id: g.id,
      name: g.name,
      color: g.color,
      description: g.description,
      metadata: JSON.stringify(g.metadata),
      managedBy: g.managedBy === 'scim2' ? 'scim2' : 'frontegg',
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
      ...(withRoles ? { roles: roleLinks.filter((r) => r.groupId === g.id).map((r) => r.role) } : {}),
      ...(withUsers
        ? {
            users: userRows
              .filter((u) => u.groupId === g.id)
              .map(({ groupId: _g, createdAt, ...user }) => ({
                ...user,
                createdAt: createdAt.toISOString(),
              })),
          }
        : {}),
    }));
  }
  const groupView = async (row: typeof groups.$inferSelect, relations?: Relations) =>
    (await groupViews([row], relations))[0]!;

  /** A group of the caller's tenant; any other id is a 404. */
  async function ownGroup(c: Context<AppEnv>) {
    const [row] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.id, c.req.param('groupId') ?? ''), eq(groups.tenantId, c.get('auth').tenantId)));
    if (!row) throw apiError(404, 'Group not found');
    return row;
  }

  const groupRoleIds = async (groupId: string) =>
    (await db.select({ id: groupRoles.roleId }).from(groupRoles).where(eq(groupRoles.groupId, groupId))).map(
      (r) => r.id,
    );

  /** The name is unique in the tenant, whatever its case. */
  async function assertNameFree(tenantId: string, name: string, exceptId?: string) {
    const clash = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.tenantId, tenantId), sql`lower(${groups.name}) = lower(${name})`));
    if (clash.some((g) => g.id !== exceptId)) throw apiError(409, `A group named ${name} already exists`);
  }
  const nameTaken = (error: unknown, name: string) =>
    isUniqueViolation(error) ? apiError(409, `A group named ${name} already exists`) : error;

  const touch = (groupId: string) =>
    db.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, groupId)).returning();

  /** After a change of the group's roles or users (`ids` changed): audited and touched if any; the group's view. */
  const answerChange = async (
    c: Context<AppEnv>,
    group: typeof groups.$inferSelect,
    action: AuditAction,
    key: 'roleIds' | 'userIds',
    ids: string[],
  ) => {
    if (ids.length)
      await c.var.audit({ action, severity: 'Medium', json: { groupId: group.id, [key]: ids } });
    const [row] = ids.length ? await touch(group.id) : [group];
    return c.json(await groupView(row!));
  };

  // --- configuration (GROUPS-003): the tenant's value, else the vendor's, else the default

  async function readConfiguration(tenantId: string): Promise<GroupConfiguration> {
    const rows = await db
      .select({ tenantId: policies.tenantId, value: policies.value })
      .from(policies)
      .where(
        and(
          eq(policies.vendorId, vendorId),
          eq(policies.kind, CONFIGURATION_KIND),
          or(eq(policies.tenantId, tenantId), isNull(policies.tenantId)),
        ),
      );
    for (const row of [rows.find((r) => r.tenantId === tenantId), rows.find((r) => r.tenantId === null)]) {
      const parsed =
        row && configurationSchema.safeParse({ ...defaultConfiguration, ...(row.value as object) });
      if (parsed?.success) return parsed.data;
    }
    return { ...defaultConfiguration };
  }

  on(e.getGroupConfiguration, async (c) => c.json(await readConfiguration(c.get('auth').tenantId)));

  on(e.updateGroupConfiguration, async (c) => {
    const { tenantId } = c.get('auth');
    const patch = await readBody(c, configurationPatch);
    const before = await readConfiguration(tenantId);
    const value = configurationSchema.parse({ ...before, ...patch });
    // One statement, so two processes saving at once leave one row (as the security policies do).
    await db.execute(sql`
      insert into ${policies} (id, vendor_id, tenant_id, kind, value, updated_at)
      values (${randomUUID()}, ${vendorId}, ${tenantId}, ${CONFIGURATION_KIND}, ${JSON.stringify(value)}::jsonb, now())
      on conflict (vendor_id, (coalesce(tenant_id, '')), kind)
      do update set value = excluded.value, updated_at = excluded.updated_at`);
    await c.var.audit({
      action: 'Group configuration updated',
      json: { before, after: value },
    });
    return c.json(value);
  });

  // --- groups

  on(e.getGroups, async (c) => {
    const relations = readRelations(c);
    const rows = await db
      .select()
      .from(groups)
      .where(eq(groups.tenantId, c.get('auth').tenantId))
      .orderBy(asc(groups.name));
    return c.json({ groups: await groupViews(rows, relations) });
  });

  // Ids of other tenants, or unknown, are left out (as a search would): nothing tells them apart.
  on(e.getGroupsByIds, async (c) => {
    const relations = readRelations(c);
    const body = await readBody(c, gc.getGroupsByIds.body);
    const ids = [...new Set([...(body.groupsIds ?? []), ...(body.ids ?? [])])];
    const rows = await db
      .select()
      .from(groups)
      .where(and(eq(groups.tenantId, c.get('auth').tenantId), inArray(groups.id, ids)))
      .orderBy(asc(groups.name));
    return c.json({ groups: await groupViews(rows, relations) });
  });

  on(e.getGroupById, async (c) => {
    const relations = readRelations(c);
    return c.json(await groupView(await ownGroup(c), relations));
  });

  on(e.createGroup, async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, createBody);
    const roleIds = unique(body.roleIds ?? []);
    const userIds = unique(body.userIds ?? []);
    await findVisibleRoles(db, vendorId, tenantId, roleIds);
    await assertMembers(db, vendorId, tenantId, userIds);
    await assertHoldsAll(db, c.get('auth'), await roleKeys(db, roleIds));
    await assertNameFree(tenantId, body.name);
    const id = randomUUID();
    const [row] = await db
      .insert(groups)
      .values({
        id,
        tenantId,
        name: body.name,
        color: body.color ?? DEFAULT_COLOR,
        description: body.description ?? '',
        metadata: body.metadata ?? {},
      })
      .returning()
      .catch((error: unknown) => {
        throw nameTaken(error, body.name);
      });
    if (roleIds.length)
      await db.insert(groupRoles).values(roleIds.map((roleId) => ({ groupId: id, roleId })));
    if (userIds.length)
      await db.insert(groupUsers).values(userIds.map((userId) => ({ groupId: id, userId })));
    await c.var.audit({
      action: 'Group created',
      json: { groupId: id, name: body.name, roleIds, userIds },
    });
    return c.json(await groupView(row!), 201);
  });

  on(e.updateGroup, async (c) => {
    const group = await ownGroup(c);
    const body = await readBody(c, updateBody);
    if (body.name !== undefined) await assertNameFree(group.tenantId, body.name, group.id);
    const changes: Partial<typeof groups.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.color !== undefined) changes.color = body.color;
    if (body.description !== undefined) changes.description = body.description;
    if (body.metadata !== undefined) changes.metadata = body.metadata;
    if (!Object.keys(changes).length) return c.json(await groupView(group));
    const [row] = await db
      .update(groups)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(groups.id, group.id))
      .returning()
      .catch((error: unknown) => {
        throw nameTaken(error, body.name ?? '');
      });
    await c.var.audit({
      action: 'Group updated',
      json: { groupId: group.id, fields: Object.keys(changes) },
    });
    return c.json(await groupView(row!));
  });

  on(e.deleteGroup, async (c) => {
    const group = await ownGroup(c);
    // Cascades: its members lose the group's roles at once (permissions are read on every call).
    await db.delete(groups).where(eq(groups.id, group.id));
    await c.var.audit({
      action: 'Group deleted',
      severity: 'Medium',
      json: { groupId: group.id, name: group.name },
    });
    return c.json({});
  });

  on(e.addRolesToGroup, async (c) => {
    const group = await ownGroup(c);
    const roleIds = unique((await readBody(c, gc.addRolesToGroup.body)).roleIds);
    await findVisibleRoles(db, vendorId, group.tenantId, roleIds);
    await assertHoldsAll(db, c.get('auth'), await roleKeys(db, roleIds));
    const current = await groupRoleIds(group.id);
    const added = roleIds.filter((id) => !current.includes(id));
    if (added.length)
      await db.insert(groupRoles).values(added.map((roleId) => ({ groupId: group.id, roleId })));
    return answerChange(c, group, 'Roles added to group', 'roleIds', added);
  });

  on(e.deleteRolesFromGroup, async (c) => {
    const group = await ownGroup(c);
    const roleIds = unique((await readBody(c, gc.addRolesToGroup.body)).roleIds);
    await findVisibleRoles(db, vendorId, group.tenantId, roleIds);
    const removed = await db
      .delete(groupRoles)
      .where(and(eq(groupRoles.groupId, group.id), inArray(groupRoles.roleId, roleIds)))
      .returning({ roleId: groupRoles.roleId });
    const ids = removed.map((r) => r.roleId);
    return answerChange(c, group, 'Roles removed from group', 'roleIds', ids);
  });

  on(e.addUsersToGroup, async (c) => {
    const group = await ownGroup(c);
    const userIds = unique((await readBody(c, gc.addUsersToGroup.body)).userIds);
    await assertMembers(db, vendorId, group.tenantId, userIds);
    // Adding a member hands it the group's roles: the caller must hold what they carry.
    await assertHoldsAll(db, c.get('auth'), await roleKeys(db, await groupRoleIds(group.id)));
    const added = await db
      .insert(groupUsers)
      .values(userIds.map((userId) => ({ groupId: group.id, userId })))
      .onConflictDoNothing()
      .returning({ userId: groupUsers.userId });
    const ids = added.map((u) => u.userId);
    return answerChange(c, group, 'Users added to group', 'userIds', ids);
  });

  on(e.deleteUsersFromGroup, async (c) => {
    const group = await ownGroup(c);
    const userIds = unique((await readBody(c, gc.addUsersToGroup.body)).userIds);
    // A user in the group may be removed even after leaving the tenant; any other id must be a member.
    const inGroup = (
      await db.select({ id: groupUsers.userId }).from(groupUsers).where(eq(groupUsers.groupId, group.id))
    ).map((u) => u.id);
    await assertMembers(
      db,
      vendorId,
      group.tenantId,
      userIds.filter((id) => !inGroup.includes(id)),
    );
    const removed = await db
      .delete(groupUsers)
      .where(and(eq(groupUsers.groupId, group.id), inArray(groupUsers.userId, userIds)))
      .returning({ userId: groupUsers.userId });
    const ids = removed.map((u) => u.userId);
    return answerChange(c, group, 'Users removed from group', 'userIds', ids);
  });
});
