// The users of a tenant as the portal reads them: scope (tenant and sub-tenants), paged lists, user views.
// Paging, sorting and filtering run in SQL: a page of 20 of 100,000 users reads 20 users, not 100,000.
import { and, asc, desc, eq, exists, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import {
  applications,
  applicationUsers,
  groups,
  groupUsers,
  roles,
  tenants,
  userRoles,
  users,
  userTenants,
} from '../db/schema';

/** Largest page a list answers; a bigger limit is a 400. */
export const MAX_PAGE_SIZE = 500;
/** The `inactive` preset: no sign-in for 90 days unless `_maxInactiveSeconds` says otherwise. */
export const INACTIVE_SECONDS = 7_776_000;

/**
 * The sort fields a list accepts, and what each sorts by (nothing else reaches ORDER BY). Name and email
 * follow the indexes `users_vendor_name` and `users_vendor_email`, so a page of a large tenant reads only
 * its own rows.
 */
export const USER_SORT_FIELDS = {
  name: users.name,
  email: sql`lower(${users.email})`,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  id: users.id,
  verified: users.verified,
  provider: users.provider,
  isLocked: sql`(${users.lockedUntil} is not null and ${users.lockedUntil} > now())`,
} as const;
export type UserSortField = keyof typeof USER_SORT_FIELDS;
const sortFields = Object.keys(USER_SORT_FIELDS) as [UserSortField, ...UserSortField[]];

export const PRESETS = ['breached-passwords', 'mfa-unenrolled', 'inactive'] as const;

/** A query parameter; an empty one counts as absent (clients send `filter=`). */
const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const count = (max: number) => z.coerce.number().int().min(0).max(max);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const order = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { message: 'Must be ASC or DESC' }));
const sortBy = z.enum(sortFields, { message: `Must be one of ${sortFields.join(', ')}` });
const text = z.string().max(200);

export interface ListParams {
  /** Page index: offset 1 with limit 20 answers users 21 to 40 (the Frontegg pagination of the preview). */
  page: number;
  limit: number;
  sortBy: UserSortField;
  order: 'ASC' | 'DESC';
  search?: string;
  email?: string;
  preset?: (typeof PRESETS)[number];
  maxInactiveSeconds?: number;
  /** Only users locked out (true) or not locked (false) now (ENUM-030 names isLocked among the filter fields). */
  isLocked?: boolean;
  includeSubTenants: boolean;
}

/**
 * The users lists: GET users v2 (TEAM-014: filter, sortBy, order, offset, limit, includeSubTenants) and v3
 * (TEAM-015: the same names with a leading underscore, plus _preset, _maxInactiveSeconds, _email). Like the
 * preview, either spelling is read on every list; the underscore one wins. Defaults (TEAM-008): limit 20,
 * offset 0, name descending.
 */
export const listQuery = (includeSubTenantsByDefault: boolean) =>
  z
    .object({
      filter: param(text),
      sortBy: param(sortBy),
      order: param(order),
      offset: param(count(1_000_000)),
      limit: param(count(MAX_PAGE_SIZE).min(1)),
      includeSubTenants: param(bool),
      preset: param(z.enum(PRESETS, { message: `Must be one of ${PRESETS.join(', ')}` })),
      maxInactiveSeconds: param(count(100 * 365 * 86_400)),
      email: param(z.string().trim().toLowerCase().max(320)),
      isLocked: param(bool),
    })
    .transform((q): ListParams => ({
      page: q.offset ?? 0,
      limit: q.limit ?? 20,
      sortBy: q.sortBy ?? 'name',
      order: q.order ?? 'DESC',
      search: q.filter,
      email: q.email,
      preset: q.preset,
      maxInactiveSeconds: q.maxInactiveSeconds,
      isLocked: q.isLocked,
      includeSubTenants: q.includeSubTenants ?? includeSubTenantsByDefault,
    }));

/** `_offset` and `offset` name the same parameter: the query with the underscore spelling winning. */
export function unprefixed(query: Record<string, string>): {
  query: Record<string, string>;
  sentAs: (name: string) => string;
} {
  const out: Record<string, string> = {};
  const spelled = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    const name = key.startsWith('_') ? key.slice(1) : key;
    if (key.startsWith('_') || !(name in out)) {
      out[name] = value;
      spelled.set(name, key);
    }
  }
  return { query: out, sentAs: (name) => spelled.get(name) ?? name };
}

/** GET team members v1 (TEAM-010): pageOffset, pageSize, filter, sortBy, sortDirection; name ascending by default. */
export const membersQuery = z
  .object({
    pageOffset: param(count(1_000_000)),
    pageSize: param(count(MAX_PAGE_SIZE).min(1)),
    filter: param(text),
    sortBy: param(sortBy),
    sortDirection: param(order),
  })
  .transform((q): ListParams => ({
    page: q.pageOffset ?? 0,
    limit: q.pageSize ?? 20,
    sortBy: q.sortBy ?? 'name',
    order: q.sortDirection ?? 'ASC',
    search: q.filter,
    includeSubTenants: false,
  }));

/**
 * The tenants a list covers: the tenant itself and, with `includeSubTenants`, its descendants (not deleted),
 * one query per level of the hierarchy.
 */
export async function tenantScope(
  db: Db,
  vendorId: string,
  tenantId: string,
  includeSubTenants: boolean,
): Promise<string[]> {
  const scope = [tenantId];
  let level = [tenantId];
  while (includeSubTenants && level.length) {
    const children = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        and(inArray(tenants.parentId, level), eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt)),
      );
    level = children.map((t) => t.id).filter((id) => !scope.includes(id));
    scope.push(...level);
  }
  return scope;
}

/** `%` and `_` typed by the user match themselves. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of the users of the scope: ids in order, and the totals (TEAM-013). */
export async function pageOfUsers(
  db: Db,
  vendorId: string,
  scope: string[],
  params: ListParams,
  now = new Date(),
): Promise<{ ids: string[]; totalItems: number; totalPages: number }> {
  const member = exists(
    db
      .select({ one: sql`1` })
      .from(userTenants)
      .where(and(eq(userTenants.userId, users.id), inArray(userTenants.tenantId, scope))),
  );
  const filters: SQL[] = [];
  if (params.search) {
    // lower(...) like lower(...) rather than ilike: the same result, and cheaper per row.
    const pattern = sql`lower(${likePattern(params.search)})`;
    filters.push(or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`)!);
  }
  if (params.email) filters.push(sql`lower(${users.email}) = ${params.email}`);
  if (params.isLocked !== undefined) {
    const locked = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} > ${now})`;
    filters.push(params.isLocked ? locked : sql`not ${locked}`);
  }
  // No breached-password check and no MFA enrolment exist on this server yet: nobody is breached, nobody enrolled.
  if (params.preset === 'breached-passwords') filters.push(sql`false`);
  if (params.preset === 'inactive') {
    const since = new Date(now.getTime() - (params.maxInactiveSeconds ?? INACTIVE_SECONDS) * 1000);
    filters.push(or(isNull(users.lastLogin), lt(users.lastLogin, since))!);
  }
  const where = and(eq(users.vendorId, vendorId), member, ...filters);

  // Unfiltered, the total is the membership count (memberships only ever join users of the tenant's vendor).
  const [total] = filters.length
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where)
    : await db
        .select({
          n:
            scope.length > 1
              ? sql<number>`count(distinct ${userTenants.userId})::int`
              : sql<number>`count(*)::int`,
        })
        .from(userTenants)
        .where(inArray(userTenants.tenantId, scope));
  const direction = params.order === 'DESC' ? desc : asc;
  const column = USER_SORT_FIELDS[params.sortBy];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    // The id, in the same direction, keeps pages stable among equal values and lets an index scan serve
    // the order; users who never signed in come last either way.
    .orderBy(
      params.sortBy === 'lastLogin' ? sql`${direction(column)} nulls last` : direction(column),
      direction(users.id),
    )
    .limit(params.limit)
    .offset(params.page * params.limit);
  const totalItems = Number(total?.n ?? 0);
  return { ids: rows.map((r) => r.id), totalItems, totalPages: Math.ceil(totalItems / params.limit) };
}

export interface RoleLite {
  id: string;
  key: string;
  name: string;
  description: string;
  isDefault: boolean;
}

/** A user as the users lists, the team page and users v1 {userId} answer it (the preview's user view). */
export interface TeamUserView {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  phone: string | null;
  profilePictureUrl: string | null;
  /** The same picture as profilePictureUrl (TEAM-001 names both). */
  profileImage: string | null;
  tenantId: string;
  tenantIds: string[];
  vendorId: string;
  roleIds: string[];
  roles: RoleLite[];
  groups: { id: string; name: string; color: string }[];
  /**
   * The ids of the applications the user may use in `tenantId` (TEAM-021): the vendor's FREE_ACCESS ones
   * (open to everyone) and the MANAGED_ACCESS ones the user is assigned to there.
   */
  applications: string[];
  tenants: { tenantId: string; roles: RoleLite[] }[];
  verified: boolean;
  emailVerified: boolean;
  activatedForTenant: boolean;
  /** Disabled in `tenantId`: cannot sign in to it (not in the preview data; the server adds it). */
  isDisabled: boolean;
  subAccountAccessAllowed: boolean;
  createdAt: string;
  lastLogin: string | null;
  mfaEnrolled: boolean;
  /** The same as mfaEnrolled (TEAM-001 names both). */
  mfaEnabled: boolean;
  metadata: string;
  /** The vendor's custom data of the user: nothing is stored on this server, so always {}. */
  customData: Record<string, unknown>;
  isBreachedPassword: boolean;
  isLocked: boolean;
  provider: string;
  temporaryExpirationDate: string | null;
}

/**
 * The views of the given users, in the order given. Tenants, roles and groups are those of `scope` only (an
 * administrator does not learn the user's other accounts); `tenantId` is `primary` when the user is a member
 * of it, else the user's first tenant of the scope.
 */
export async function userViews(
  db: Db,
  ids: string[],
  scope: string[],
  primary: string,
  now = new Date(),
): Promise<TeamUserView[]> {
  if (!ids.length) return [];
  const [userRows, memberships, roleRows, groupRows, appRows, assignedRows] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    db
      .select()
      .from(userTenants)
      .where(and(inArray(userTenants.userId, ids), inArray(userTenants.tenantId, scope)))
      .orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId)),
    db
      .select({
        userId: userRoles.userId,
        tenantId: userRoles.tenantId,
        id: roles.id,
        key: roles.key,
        name: roles.name,
        description: roles.description,
        isDefault: roles.isDefault,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(userRoles.userId, ids), inArray(userRoles.tenantId, scope)))
      .orderBy(asc(roles.name)),
    db
      .select({ userId: groupUsers.userId, id: groups.id, name: groups.name, color: groups.color })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(and(inArray(groupUsers.userId, ids), inArray(groups.tenantId, scope)))
      .orderBy(asc(groups.name)),
    db
      .select({ id: applications.id, vendorId: applications.vendorId, accessType: applications.accessType })
      .from(applications)
      .where(
        inArray(
          applications.vendorId,
          db.selectDistinct({ vendorId: users.vendorId }).from(users).where(inArray(users.id, ids)),
        ),
      )
      .orderBy(desc(applications.isDefault), asc(applications.name), asc(applications.id)),
    db
      .select()
      .from(applicationUsers)
      .where(and(inArray(applicationUsers.userId, ids), inArray(applicationUsers.tenantId, scope))),
  ]);
  const byId = new Map(userRows.map((u) => [u.id, u]));
  const rolesIn = (userId: string, tenantId: string): RoleLite[] =>
    roleRows
      .filter((r) => r.userId === userId && r.tenantId === tenantId)
      .map(({ id, key, name, description, isDefault }) => ({ id, key, name, description, isDefault }));

  return ids.flatMap((id) => {
    const user = byId.get(id);
    const own = memberships.filter((m) => m.userId === id);
    const membership = own.find((m) => m.tenantId === primary) ?? own[0];
    if (!user || !membership) return [];
    const tenantRoles = rolesIn(id, membership.tenantId);
    const mfaEnrolled = false;
    const assigned = new Set(
      assignedRows
        .filter((a) => a.userId === id && a.tenantId === membership.tenantId)
        .map((a) => a.applicationId),
    );
    return [
      {
        id: user.id,
        email: user.email,
        name: user.name,
        phoneNumber: user.phoneNumber,
        phone: user.phoneNumber,
        profilePictureUrl: user.profilePictureUrl,
        profileImage: user.profilePictureUrl,
        tenantId: membership.tenantId,
        tenantIds: own.map((m) => m.tenantId),
        vendorId: user.vendorId,
        roleIds: tenantRoles.map((r) => r.id),
        roles: tenantRoles,
        groups: groupRows.filter((g) => g.userId === id).map(({ id, name, color }) => ({ id, name, color })),
        applications: appRows
          .filter(
            (a) => a.vendorId === user.vendorId && (a.accessType === 'FREE_ACCESS' || assigned.has(a.id)),
          )
          .map((a) => a.id),
        tenants: own.map((m) => ({ tenantId: m.tenantId, roles: rolesIn(id, m.tenantId) })),
        verified: user.verified,
        emailVerified: user.verified,
        activatedForTenant: membership.activatedForTenant,
        isDisabled: membership.disabled,
        subAccountAccessAllowed: membership.subAccountAccessAllowed,
        createdAt: user.createdAt.toISOString(),
        lastLogin: user.lastLogin?.toISOString() ?? null,
        mfaEnrolled,
        mfaEnabled: mfaEnrolled,
        metadata: JSON.stringify(user.metadata ?? {}),
        customData: {},
        isBreachedPassword: false,
        isLocked: Boolean(user.lockedUntil && user.lockedUntil > now),
        provider: user.provider,
        temporaryExpirationDate: user.temporaryExpirationDate?.toISOString() ?? null,
      },
    ];
  });
}
