// SCIM Groups of a directory connection (RFC 7643 §4.2): each is one of our groups of the connection's tenant
// (managedBy `scim2`, linked in `directory_groups`); its members are our `group_users`, so they hold the group's
// roles through the existing group-role logic. Members must be users the connection provisioned.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  SCIM_SCHEMAS,
  scimGroupBody,
  scimMember,
  type ScimPatchOperation,
} from '../../shared/api/contracts/scim';
import type { Db } from '../db';
import {
  directoryConfigurations,
  directoryGroups,
  directoryUsers,
  groups,
  groupUsers,
  users,
} from '../db/schema';
import { parseFilter, matches } from './filter';
import { scimError, scimParse } from './http';
import { locationOf, type Connection } from './users';

type Json = Record<string, unknown>;

export interface GroupRow {
  group: typeof groups.$inferSelect;
  link: typeof directoryGroups.$inferSelect;
}

/** The connection's groups (optionally one display name, case-insensitive: the tenant's unique index). */
export function connectionGroups(db: Db, connectionId: string, displayName?: string) {
  return db
    .select({ group: groups, link: directoryGroups })
    .from(directoryGroups)
    .innerJoin(groups, eq(groups.id, directoryGroups.groupId))
    .where(
      and(
        eq(directoryGroups.configurationId, connectionId),
        displayName === undefined ? undefined : sql`lower(${groups.name}) = ${displayName.toLowerCase()}`,
      ),
    )
    .orderBy(asc(directoryGroups.createdAt), asc(groups.id));
}

export async function findDirectoryGroup(db: Db, connectionId: string, groupId: string): Promise<GroupRow> {
  const [row] = await db
    .select({ group: groups, link: directoryGroups })
    .from(directoryGroups)
    .innerJoin(groups, eq(groups.id, directoryGroups.groupId))
    .where(and(eq(directoryGroups.configurationId, connectionId), eq(directoryGroups.groupId, groupId)));
  if (!row) throw scimError(404, `Group ${groupId} not found`);
  return row;
}

/** The members of groups, by group id (value: user id, display: name). */
export async function membersOf(
  db: Db,
  groupIds: string[],
): Promise<Map<string, { value: string; display: string }[]>> {
  const byGroup = new Map<string, { value: string; display: string }[]>();
  if (!groupIds.length) return byGroup;
  const rows = await db
    .select({ groupId: groupUsers.groupId, userId: users.id, name: users.name })
    .from(groupUsers)
    .innerJoin(users, eq(users.id, groupUsers.userId))
    .where(inArray(groupUsers.groupId, groupIds))
    .orderBy(asc(users.name), asc(users.id));
  for (const r of rows) {
    const list = byGroup.get(r.groupId) ?? [];
    list.push({ value: r.userId, display: r.name });
    byGroup.set(r.groupId, list);
  }
  return byGroup;
}

export function groupResource(
  publicUrl: string,
  { group, link }: GroupRow,
  members?: { value: string; display: string }[],
): Json {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    displayName: group.name,
    ...(link.externalId !== null ? { externalId: link.externalId } : {}),
    ...(members ? { members } : {}),
    meta: {
      resourceType: 'Group',
      created: link.createdAt.toISOString(),
      lastModified: link.updatedAt.toISOString(),
      location: locationOf(publicUrl, 'Groups', group.id),
      version: `W/"${link.version}"`,
    },
  };
}

/** Member ids from SCIM member objects; each must be a user the connection provisioned (400 otherwise). */
async function memberIds(db: Db, connectionId: string, raw: unknown): Promise<string[]> {
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const ids = [...new Set(list.map((m) => scimParse(scimMember, m).value))];
  if (!ids.length) return [];
  const known = await db
    .select({ id: directoryUsers.userId })
    .from(directoryUsers)
    .where(and(eq(directoryUsers.configurationId, connectionId), inArray(directoryUsers.userId, ids)));
  const knownIds = new Set(known.map((k) => k.id));
  const unknown = ids.filter((id) => !knownIds.has(id));
  if (unknown.length)
    throw scimError(400, `Not users of this directory: ${unknown.join(', ')}`, 'invalidValue');
  return ids;
}

async function assertNameFree(db: Db, tenantId: string, name: string, exceptGroupId?: string) {
  const [taken] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), sql`lower(${groups.name}) = ${name.toLowerCase()}`));
  if (taken && taken.id !== exceptGroupId)
    throw scimError(409, `A group named ${name} already exists`, 'uniqueness');
}

const touch = (db: Db, connectionId: string) =>
  db
    .update(directoryConfigurations)
    .set({ lastSyncAt: new Date() })
    .where(eq(directoryConfigurations.id, connectionId));

async function bump(db: Db, connectionId: string, groupId: string) {
  const now = new Date();
  await db
    .update(directoryGroups)
    .set({ version: sql`${directoryGroups.version} + 1`, updatedAt: now })
    .where(and(eq(directoryGroups.configurationId, connectionId), eq(directoryGroups.groupId, groupId)));
  await db.update(groups).set({ updatedAt: now }).where(eq(groups.id, groupId));
  await touch(db, connectionId);
}

/** Adds members (already members are left as they are); answers those added. */
async function addMembers(db: Db, groupId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const added = await db
    .insert(groupUsers)
    .values(ids.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: groupUsers.userId });
  return added.map((a) => a.userId);
}

/** Removes members (all when `ids` is undefined); answers those removed. */
async function removeMembers(db: Db, groupId: string, ids?: string[]): Promise<string[]> {
  if (ids && !ids.length) return [];
  const removed = await db
    .delete(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), ids ? inArray(groupUsers.userId, ids) : undefined))
    .returning({ userId: groupUsers.userId });
  return removed.map((r) => r.userId);
}

/** POST /Groups. */
export async function createDirectoryGroup(db: Db, connection: Connection, raw: unknown) {
  const body = scimParse(scimGroupBody, raw);
  await assertNameFree(db, connection.tenantId, body.displayName);
  const ids = await memberIds(db, connection.id, body.members);
  const groupId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(groups).values({
      id: groupId,
      tenantId: connection.tenantId,
      name: body.displayName,
      managedBy: 'scim2',
    });
    await tx.insert(directoryGroups).values({
      configurationId: connection.id,
      groupId,
      externalId: body.externalId ?? null,
    });
    await addMembers(tx, groupId, ids);
  });
  await touch(db, connection.id);
  return { row: await findDirectoryGroup(db, connection.id, groupId), members: ids };
}

export interface GroupChange {
  row: GroupRow;
  added: string[];
  removed: string[];
  renamed: boolean;
}

/** PUT /Groups/{id}: name, externalId and members replaced. */
export async function replaceDirectoryGroup(
  db: Db,
  connection: Connection,
  groupId: string,
  raw: unknown,
): Promise<GroupChange> {
  const current = await findDirectoryGroup(db, connection.id, groupId);
  const body = scimParse(scimGroupBody, raw);
  await assertNameFree(db, connection.tenantId, body.displayName, groupId);
  const ids = await memberIds(db, connection.id, body.members);
  let added: string[] = [];
  let removed: string[] = [];
  await db.transaction(async (tx) => {
    await tx.update(groups).set({ name: body.displayName }).where(eq(groups.id, groupId));
    await tx
      .update(directoryGroups)
      .set({ externalId: body.externalId ?? null })
      .where(and(eq(directoryGroups.configurationId, connection.id), eq(directoryGroups.groupId, groupId)));
    const before = (await tx.select().from(groupUsers).where(eq(groupUsers.groupId, groupId))).map(
      (r) => r.userId,
    );
    removed = await removeMembers(
      tx,
      groupId,
      before.filter((id) => !ids.includes(id)),
    );
    added = await addMembers(tx, groupId, ids);
  });
  await bump(db, connection.id, groupId);
  return {
    row: await findDirectoryGroup(db, connection.id, groupId),
    added,
    removed,
    renamed: current.group.name !== body.displayName,
  };
}

/** Which members a `members[value eq "id"]` path selects (Okta's remove); undefined for another path. */
function membersSelector(path: string): ((id: string) => boolean) | undefined {
  const match = /^members\[(.*)\]$/i.exec(path.trim());
  if (!match) return undefined;
  const filter = parseFilter(match[1]!);
  return (id) => matches({ value: id }, filter);
}

/**
 * PATCH /Groups/{id}: add, remove and replace of `members` (with a value list, Entra; or `members[value eq "id"]`,
 * Okta), of `displayName` and `externalId`, and path-less replaces of those attributes (Okta's rename).
 */
export async function patchDirectoryGroup(
  db: Db,
  connection: Connection,
  groupId: string,
  operations: ScimPatchOperation[],
): Promise<GroupChange> {
  const current = await findDirectoryGroup(db, connection.id, groupId);
  const added: string[] = [];
  const removed: string[] = [];
  let name = current.group.name;
  let externalId = current.link.externalId;
  const members = async (q: Db) =>
    (await q.select().from(groupUsers).where(eq(groupUsers.groupId, groupId))).map((r) => r.userId);

  await db.transaction(async (tx) => {
    const apply = async (op: string, attr: string, value: unknown) => {
      switch (attr) {
        case 'members': {
          if (op === 'remove') {
            const ids = value === undefined ? undefined : await memberIds(tx, connection.id, value);
            removed.push(...(await removeMembers(tx, groupId, ids)));
          } else {
            const ids = await memberIds(tx, connection.id, value);
            if (op === 'replace')
              removed.push(
                ...(await removeMembers(
                  tx,
                  groupId,
                  (await members(tx)).filter((id) => !ids.includes(id)),
                )),
              );
            added.push(...(await addMembers(tx, groupId, ids)));
          }
          return;
        }
        case 'displayname':
          if (op === 'remove') throw scimError(400, 'displayName is required', 'mutability');
          if (typeof value !== 'string' || !value.trim())
            throw scimError(400, 'displayName must be a non-empty string', 'invalidValue');
          name = value.trim();
          return;
        case 'externalid':
          if (op !== 'remove' && typeof value !== 'string')
            throw scimError(400, 'externalId must be a string', 'invalidValue');
          externalId = op === 'remove' ? null : (value as string);
          return;
        case 'id':
        case 'meta':
        case 'schemas':
          if (op === 'remove' || op === 'replace' || op === 'add')
            throw scimError(400, `${attr} cannot be changed`, 'mutability');
          return;
        default:
          throw scimError(400, `Unknown attribute ${attr}`, 'invalidPath');
      }
    };
    for (const { op, path, value } of operations) {
      if (path === undefined) {
        if (op === 'remove') throw scimError(400, 'A remove needs a path', 'noTarget');
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw scimError(400, `A ${op} without a path needs an object value`, 'invalidValue');
        for (const [key, v] of Object.entries(value as Json)) {
          // Okta repeats the id in a path-less replace: the same id is no change.
          if (key.toLowerCase() === 'id' && v === groupId) continue;
          await apply(op, key.toLowerCase(), v);
        }
        continue;
      }
      const selected = membersSelector(path);
      if (selected) {
        if (op !== 'remove') throw scimError(400, 'A filtered members path takes only remove', 'invalidPath');
        const ids = (await members(tx)).filter(selected);
        removed.push(...(await removeMembers(tx, groupId, ids)));
        continue;
      }
      await apply(op, path.trim().toLowerCase(), value);
    }
    if (name !== current.group.name) await assertNameFree(tx, connection.tenantId, name, groupId);
    await tx.update(groups).set({ name }).where(eq(groups.id, groupId));
    await tx
      .update(directoryGroups)
      .set({ externalId })
      .where(and(eq(directoryGroups.configurationId, connection.id), eq(directoryGroups.groupId, groupId)));
  });
  await bump(db, connection.id, groupId);
  return {
    row: await findDirectoryGroup(db, connection.id, groupId),
    added: [...new Set(added)],
    removed: [...new Set(removed)],
    renamed: name !== current.group.name,
  };
}

/** DELETE /Groups/{id}: our group goes (its members' roles through it with it). */
export async function deleteDirectoryGroup(db: Db, connection: Connection, groupId: string) {
  const { group } = await findDirectoryGroup(db, connection.id, groupId);
  await db.delete(groups).where(and(eq(groups.id, groupId), eq(groups.tenantId, connection.tenantId)));
  await touch(db, connection.id);
  return group;
}
