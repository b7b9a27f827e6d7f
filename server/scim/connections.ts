// A tenant's directory connections (SCIM-001..006): created with a bearer token shown once (only its hash is
// stored), listed with their user count and SCIM base URL, renamed, deleted. Deleting with `deleteAll` also
// removes what the connection provisioned (its users leave the tenant, their sessions there ended; its groups go);
// without it they stay as ordinary members and groups of the tenant.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { scimConnection, ScimConnectionSource } from '../../shared/api/contracts/directory';
import { SCIM_BASE } from '../../shared/api/scim';
import { apiError } from '../context';
import type { Db } from '../db';
import {
  directoryConfigurations,
  directoryGroups,
  directoryUsers,
  groups,
  userTenants,
  users,
} from '../db/schema';
import { removeMember } from '../tenants/members';
import { hashScimToken, newScimToken } from './auth';
import { endSessionsIn, type Connection } from './users';

export const CONNECTION_NOT_FOUND = 'Directory connection not found';

/** What a directory is told to call. */
export const scimBaseUrl = (publicUrl: string) => `${publicUrl}${SCIM_BASE}`;

const SOURCE_NAMES: Record<ScimConnectionSource, string> = {
  frontegg: 'Frontegg',
  okta: 'Okta',
  'azure-ad': 'Entra ID',
  other: 'SCIM directory',
};

export function connectionView(
  publicUrl: string,
  row: Connection,
  usersCount: number,
): z.infer<typeof scimConnection> {
  return {
    id: row.id,
    connectionName: row.connectionName,
    source: row.source as ScimConnectionSource,
    syncToUserManagement: row.syncToUserManagement,
    createdAt: row.createdAt.toISOString(),
    lastSync: row.lastSyncAt?.toISOString() ?? null,
    usersCount,
    scimBaseUrl: scimBaseUrl(publicUrl),
  };
}

/** The tenant's connections with their user counts, oldest first. */
export async function listConnections(db: Db, tenantId: string) {
  return db
    .select({
      connection: directoryConfigurations,
      usersCount: sql<number>`(select count(*)::int from ${directoryUsers} where ${directoryUsers.configurationId} = ${directoryConfigurations.id})`,
    })
    .from(directoryConfigurations)
    .where(eq(directoryConfigurations.tenantId, tenantId))
    .orderBy(asc(directoryConfigurations.createdAt), asc(directoryConfigurations.id));
}

/** A connection of the tenant; another tenant's or an unknown id is 404. */
export async function findConnection(db: Db, tenantId: string, id: string): Promise<Connection> {
  const [row] = await db
    .select()
    .from(directoryConfigurations)
    .where(and(eq(directoryConfigurations.id, id), eq(directoryConfigurations.tenantId, tenantId)));
  if (!row) throw apiError(404, CONNECTION_NOT_FOUND);
  return row;
}

export async function countConnectionUsers(db: Db, connectionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(directoryUsers)
    .where(eq(directoryUsers.configurationId, connectionId));
  return row?.n ?? 0;
}

/** A new connection and its bearer token (the only time the token exists outside the directory). */
export async function createConnection(
  db: Db,
  tenantId: string,
  body: { source: ScimConnectionSource; connectionName?: string; syncToUserManagement: boolean },
): Promise<{ row: Connection; token: string }> {
  const token = newScimToken();
  const [row] = await db
    .insert(directoryConfigurations)
    .values({
      id: randomUUID(),
      tenantId,
      source: body.source,
      connectionName: body.connectionName ?? SOURCE_NAMES[body.source],
      syncToUserManagement: body.syncToUserManagement,
      tokenHash: hashScimToken(token),
    })
    .returning();
  return { row: row!, token };
}

export async function updateConnection(
  db: Db,
  connection: Connection,
  body: { syncToUserManagement?: boolean; connectionName?: string },
): Promise<string[]> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length)
    await db
      .update(directoryConfigurations)
      .set(changes)
      .where(eq(directoryConfigurations.id, connection.id));
  return Object.keys(changes);
}

/**
 * Deletes the connection (its token stops at once). `deleteAll`: its users leave the tenant (sessions ended; a user
 * left in no tenant is deleted) and its groups are deleted; else they stay, the groups handed to the tenant.
 */
export async function deleteConnection(db: Db, connection: Connection, deleteAll: boolean) {
  const provisioned = await db
    .select({ user: users })
    .from(directoryUsers)
    .innerJoin(users, eq(users.id, directoryUsers.userId))
    .where(eq(directoryUsers.configurationId, connection.id));
  const groupIds = (
    await db
      .select({ id: directoryGroups.groupId })
      .from(directoryGroups)
      .where(eq(directoryGroups.configurationId, connection.id))
  ).map((g) => g.id);
  await db.delete(directoryConfigurations).where(eq(directoryConfigurations.id, connection.id));
  let removedUsers = 0;
  if (deleteAll) {
    for (const { user } of provisioned) {
      await endSessionsIn(db, user.id, connection.tenantId);
      const [membership] = await db
        .select()
        .from(userTenants)
        .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, connection.tenantId)));
      if (membership) {
        await removeMember(db, user, connection.tenantId);
        removedUsers++;
      }
    }
    for (const id of groupIds)
      await db.delete(groups).where(and(eq(groups.id, id), eq(groups.tenantId, connection.tenantId)));
  } else {
    for (const id of groupIds)
      await db
        .update(groups)
        .set({ managedBy: 'frontegg' })
        .where(and(eq(groups.id, id), eq(groups.tenantId, connection.tenantId)));
  }
  return { users: provisioned.length, removedUsers, groups: groupIds.length };
}
