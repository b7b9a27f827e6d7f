// SCIM Users of a directory connection (RFC 7643 §4.1): each is one of our users, member of the connection's
// tenant, with the SCIM resource as the directory last wrote it kept in `directory_users`. A created user has
// provider `scim2` and is verified (the directory vouches for the email); a user of the vendor with that email
// is linked instead (and added to the tenant). A connection sees only the users it provisioned.
// `active: false` disables the membership and ends the user's sessions and refresh tokens in that tenant at once;
// deletion removes the user from the tenant (the user goes when no tenant is left).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { scimPatch } from 'scim-patch';
import {
  SCIM_SCHEMAS,
  scimUserBody,
  type ScimPatchOperation,
  type ScimUserBody,
} from '../../shared/api/contracts/scim';
import { scimPaths } from '../../shared/api/scim';
import { revokeSessionsWhere } from '../auth/revocation';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import {
  directoryConfigurations,
  directoryUsers,
  refreshTokens,
  sessions,
  userRoles,
  users,
  userTenants,
} from '../db/schema';
import { defaultRoleIds } from '../roles/visibility';
import { findUserByEmail } from '../signup/userTokens';
import { removeMember } from '../tenants/members';
import { scimError, scimParse } from './http';

export type Connection = typeof directoryConfigurations.$inferSelect;
type DirectoryUserRow = typeof directoryUsers.$inferSelect;
type Json = Record<string, unknown>;

/** The location of a resource (meta.location). */
export const locationOf = (publicUrl: string, kind: 'Users' | 'Groups', id: string) =>
  `${publicUrl}${(kind === 'Users' ? scimPaths.getUser : scimPaths.getGroup).path.replace('{id}', id)}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Our email of a SCIM user: the primary email, else the work one, else the first, else a userName that is one. */
export function emailOf(body: ScimUserBody): string {
  const emails = (body.emails ?? []).filter((e) => typeof e.value === 'string' && EMAIL.test(e.value.trim()));
  const chosen =
    emails.find((e) => e.primary === true) ??
    emails.find((e) => e.type?.toLowerCase() === 'work') ??
    emails[0];
  const email = chosen?.value?.trim() ?? (EMAIL.test(body.userName) ? body.userName.trim() : undefined);
  if (!email)
    throw scimError(400, 'The user needs an email: emails[].value or an email as userName', 'invalidValue');
  return email.toLowerCase();
}

/** Our display name of a SCIM user. */
export function nameOf(body: ScimUserBody, email: string): string {
  const n = body.name;
  const joined = [n?.givenName, n?.familyName].filter(Boolean).join(' ');
  return (body.displayName || n?.formatted || joined || email).trim().slice(0, 200);
}

const phoneOf = (body: ScimUserBody): string | null => {
  const phones = body.phoneNumbers ?? [];
  return (phones.find((p) => p.primary === true) ?? phones[0])?.value ?? null;
};

/**
 * What is kept of a body: every attribute but the read-only ones (id, meta, schemas) and `password` (RFC 7643
 * §4.1.1: write-only, never returned; Okta sends one and we keep no directory passwords), nor `groups`
 * (read-only: membership is written through Groups).
 */
function resourceOf(body: ScimUserBody): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(body as Json))
    if (!['id', 'meta', 'schemas', 'password', 'groups'].includes(key.toLowerCase())) kept[key] = value;
  if (body.active !== undefined) kept.active = body.active;
  return kept;
}

/** The SCIM representation of a provisioned user. */
export function userResource(publicUrl: string, row: DirectoryUserRow): Json {
  const resource = (row.resource ?? {}) as Json;
  return {
    schemas: [
      SCIM_SCHEMAS.user,
      ...(resource[SCIM_SCHEMAS.enterpriseUser] !== undefined ? [SCIM_SCHEMAS.enterpriseUser] : []),
    ],
    ...resource,
    id: row.userId,
    userName: row.userName,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    active: row.active,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: locationOf(publicUrl, 'Users', row.userId),
      version: `W/"${row.version}"`,
    },
  };
}

/** The connection's users, oldest first. */
export function connectionUsers(db: Db, connectionId: string) {
  return db
    .select()
    .from(directoryUsers)
    .where(eq(directoryUsers.configurationId, connectionId))
    .orderBy(asc(directoryUsers.createdAt), asc(directoryUsers.userId));
}

/** The connection's users whose userName is `userName` (case-insensitive: the index of userName). */
export function usersByUserName(db: Db, connectionId: string, userName: string) {
  return db
    .select()
    .from(directoryUsers)
    .where(
      and(
        eq(directoryUsers.configurationId, connectionId),
        sql`lower(${directoryUsers.userName}) = ${userName.toLowerCase()}`,
      ),
    );
}

/** A user the connection provisioned; any other id is 404. */
export async function findDirectoryUser(
  db: Db,
  connectionId: string,
  userId: string,
): Promise<DirectoryUserRow> {
  const [row] = await db
    .select()
    .from(directoryUsers)
    .where(and(eq(directoryUsers.configurationId, connectionId), eq(directoryUsers.userId, userId)));
  if (!row) throw scimError(404, `User ${userId} not found`);
  return row;
}

async function assertUserNameFree(db: Db, connectionId: string, userName: string, exceptUserId?: string) {
  const taken = (await usersByUserName(db, connectionId, userName)).some((r) => r.userId !== exceptUserId);
  if (taken) throw scimError(409, `A user with userName ${userName} already exists`, 'uniqueness');
}

/** Ends the user's sessions and refresh tokens in the tenant (an access token of them stops at once). */
export async function endSessionsIn(db: Db, userId: string, tenantId: string): Promise<void> {
  const inTenant = and(eq(sessions.userId, userId), eq(sessions.tenantId, tenantId))!;
  const tenantSessions = db.select({ id: sessions.id }).from(sessions).where(inTenant);
  await revokeSessionsWhere(db, {
    sessions: [inTenant],
    tokens: [eq(refreshTokens.userId, userId), inArray(refreshTokens.sessionId, tenantSessions)],
  });
}

/** Disables or enables the user's membership; disabling ends its sessions there. */
async function setActive(db: Db, userId: string, tenantId: string, active: boolean): Promise<void> {
  await db
    .update(userTenants)
    .set({ disabled: !active })
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  if (!active) await endSessionsIn(db, userId, tenantId);
}

const touch = (db: Db, connectionId: string) =>
  db
    .update(directoryConfigurations)
    .set({ lastSyncAt: new Date() })
    .where(eq(directoryConfigurations.id, connectionId));

export interface Provisioned {
  row: DirectoryUserRow;
  /** A new user (false: a user of the vendor with that email, linked). */
  created: boolean;
}

/** POST /Users: creates or links the user, member of the connection's tenant. */
export async function createDirectoryUser(
  db: Db,
  vendorId: string,
  connection: Connection,
  raw: unknown,
): Promise<Provisioned> {
  const body = scimParse(scimUserBody, raw);
  await assertUserNameFree(db, connection.id, body.userName);
  const email = emailOf(body);
  const active = body.active ?? true;
  const tenantId = connection.tenantId;
  const existing = await findUserByEmail(db, vendorId, email);
  if (existing) {
    const [linked] = await db
      .select()
      .from(directoryUsers)
      .where(and(eq(directoryUsers.configurationId, connection.id), eq(directoryUsers.userId, existing.id)));
    if (linked) throw scimError(409, `A user with email ${email} already exists`, 'uniqueness');
    // An existing user is linked only when a member of this account (or of none): a directory never pulls in
    // (and then manages) a person of another account by naming their email.
    const memberOf = await tenantsOf(db, existing.id);
    if (memberOf.length && !memberOf.includes(tenantId))
      throw scimError(
        409,
        `A user with email ${email} exists outside this account; invite them to the account first`,
        'uniqueness',
      );
  }
  const roleIds = await defaultRoleIds(db, vendorId, tenantId);
  const userId = existing?.id ?? randomUUID();
  await uniquely(email, () =>
    db.transaction(async (tx) => {
      if (!existing)
        await tx.insert(users).values({
          id: userId,
          vendorId,
          email,
          name: nameOf(body, email),
          passwordHash: null,
          verified: true,
          phoneNumber: phoneOf(body),
          activeTenantId: tenantId,
          provider: 'scim2',
        });
      else if (!existing.activeTenantId)
        await tx.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, userId));
      const [membership] = await tx
        .select()
        .from(userTenants)
        .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
      if (!membership) {
        await tx.insert(userTenants).values({ userId, tenantId, disabled: !active });
        if (roleIds.length)
          await tx
            .insert(userRoles)
            .values(roleIds.map((roleId) => ({ userId, tenantId, roleId })))
            .onConflictDoNothing();
      } else {
        // The directory now manages the membership: an invitation counts as accepted, `active` rules.
        await tx
          .update(userTenants)
          .set({ activatedForTenant: true, disabled: !active })
          .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
      }
      await tx.insert(directoryUsers).values({
        configurationId: connection.id,
        userId,
        externalId: body.externalId ?? null,
        userName: body.userName,
        active,
        resource: resourceOf(body),
      });
    }),
  );
  if (!active) await endSessionsIn(db, userId, tenantId);
  await touch(db, connection.id);
  return { row: await findDirectoryUser(db, connection.id, userId), created: !existing };
}

/** The accounts a user is a member of. */
async function tenantsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(eq(userTenants.userId, userId));
  return rows.map((r) => r.tenantId);
}

/** A write two directory calls may race on (same userName or email): the loser gets 409 uniqueness, not a 500. */
async function uniquely<T>(email: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw scimError(409, `A user with email ${email} or this userName already exists`, 'uniqueness');
    throw error;
  }
}

export interface Replaced {
  row: DirectoryUserRow;
  /** The active flag before and after. */
  wasActive: boolean;
}

/** PUT /Users/{id}: the resource replaced by `raw`; our user's name, email and phone follow it. */
export async function replaceDirectoryUser(
  db: Db,
  vendorId: string,
  connection: Connection,
  userId: string,
  raw: unknown,
): Promise<Replaced> {
  const current = await findDirectoryUser(db, connection.id, userId);
  const body = scimParse(scimUserBody, raw);
  const id = (raw as Json).id;
  if (typeof id === 'string' && id !== userId) throw scimError(400, 'id cannot be changed', 'mutability');
  await assertUserNameFree(db, connection.id, body.userName, userId);
  const email = emailOf(body);
  const other = await findUserByEmail(db, vendorId, email);
  if (other && other.id !== userId) throw scimError(409, `Another user has the email ${email}`, 'uniqueness');
  const active = body.active ?? true;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  // The directory rewrites a person's identity (email, name, phone) only for a user it provisioned who belongs
  // to no other account: another account's member keeps the email they sign in with there.
  const ownsIdentity =
    user?.provider === 'scim2' &&
    (await tenantsOf(db, userId)).every((tenantId) => tenantId === connection.tenantId);
  await uniquely(email, () =>
    db.transaction(async (tx) => {
      if (ownsIdentity)
        await tx
          .update(users)
          .set({ email, name: nameOf(body, email), phoneNumber: phoneOf(body) })
          .where(eq(users.id, userId));
      await tx
        .update(directoryUsers)
        .set({
          userName: body.userName,
          externalId: body.externalId ?? null,
          active,
          resource: resourceOf(body),
          version: sql`${directoryUsers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(directoryUsers.configurationId, connection.id), eq(directoryUsers.userId, userId)));
    }),
  );
  if (active !== current.active) await setActive(db, userId, connection.tenantId, active);
  await touch(db, connection.id);
  return { row: await findDirectoryUser(db, connection.id, userId), wasActive: current.active };
}

const MANAGER = `${SCIM_SCHEMAS.enterpriseUser}:manager`;

/**
 * The operations as scim-patch takes them, with what Okta and Entra ID send: op names in any case (lower-cased
 * by the schema), Entra's manager as a bare id or a list, and paths on read-only attributes refused.
 */
function normalizeOperations(operations: ScimPatchOperation[]) {
  return operations.map((operation) => {
    const { op, path } = operation;
    let { value } = operation;
    const lower = path?.toLowerCase();
    if (lower === 'id' || lower?.startsWith('meta') || lower === 'schemas')
      throw scimError(400, `${path} cannot be changed`, 'mutability');
    if (lower === MANAGER.toLowerCase()) {
      const first = Array.isArray(value) ? value[0] : value;
      value = typeof first === 'string' ? { value: first } : first;
    }
    if (!path && op === 'remove') throw scimError(400, 'A remove needs a path', 'noTarget');
    if (!path && (typeof value !== 'object' || value === null || Array.isArray(value)))
      throw scimError(400, `A ${op} without a path needs an object value`, 'invalidValue');
    if (!path && value && 'id' in (value as Json) && op !== 'remove') {
      const { id: _id, ...rest } = value as Json;
      void _id;
      value = rest;
    }
    return path === undefined ? { op, value } : { op, path, value };
  });
}

/** The SCIM error of a scim-patch failure. */
function patchFailure(error: unknown): never {
  if (error instanceof HTTPException) throw error;
  const e = error as { message?: string; scimCode?: string };
  const kind = (error as object)?.constructor?.name ?? '';
  const detail = e.message || 'The patch cannot be applied';
  if (kind === 'NoTarget' || kind === 'NoPathInScimPatchOp' || kind === 'InvalidRemoveOpPath')
    throw scimError(400, detail, 'noTarget');
  throw scimError(400, detail, e.scimCode === 'invalidPath' ? 'invalidPath' : 'invalidValue');
}

/** PATCH /Users/{id} (RFC 7644 §3.5.2): the operations applied to the current resource, then saved as a PUT. */
export async function patchDirectoryUser(
  db: Db,
  vendorId: string,
  publicUrl: string,
  connection: Connection,
  userId: string,
  operations: ScimPatchOperation[],
): Promise<Replaced> {
  const current = userResource(publicUrl, await findDirectoryUser(db, connection.id, userId));
  const normalized = normalizeOperations(operations);
  let patched: Json;
  try {
    patched = scimPatch(current as never, normalized as never, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as Json;
  } catch (error) {
    patchFailure(error);
  }
  const ext = patched[SCIM_SCHEMAS.enterpriseUser] as Json | undefined;
  if (ext && typeof ext.manager === 'string') ext.manager = { value: ext.manager };
  return replaceDirectoryUser(db, vendorId, connection, userId, patched);
}

/** DELETE /Users/{id}: out of the tenant (deleted when no tenant is left), its sessions there ended. */
export async function deleteDirectoryUser(db: Db, connection: Connection, userId: string) {
  await findDirectoryUser(db, connection.id, userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  await endSessionsIn(db, userId, connection.tenantId);
  await db
    .delete(directoryUsers)
    .where(and(eq(directoryUsers.configurationId, connection.id), eq(directoryUsers.userId, userId)));
  let deleted = false;
  // Another connection of this account still provisions the user: the membership stays (theirs to end).
  const [stillProvisioned] = await db
    .select({ userId: directoryUsers.userId })
    .from(directoryUsers)
    .innerJoin(directoryConfigurations, eq(directoryConfigurations.id, directoryUsers.configurationId))
    .where(and(eq(directoryUsers.userId, userId), eq(directoryConfigurations.tenantId, connection.tenantId)))
    .limit(1);
  if (user && !stillProvisioned) {
    const [membership] = await db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, connection.tenantId)));
    if (membership) deleted = await removeMember(db, user, connection.tenantId);
  }
  await touch(db, connection.id);
  return { email: user?.email ?? null, deleted };
}
