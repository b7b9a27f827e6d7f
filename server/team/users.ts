// The users of a tenant as the portal lists them: scope (tenant and sub-tenants) and paged lists; the views
// of the listed users are server/users.ts's.
// Paging, sorting and filtering run in SQL: a page of 20 of 100,000 users reads 20 users, not 100,000.
import { and, asc, desc, eq, exists, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  type membersQuery,
  type userFilterPreset,
  type userListSortField,
  type usersListFields,
} from '../../shared/api/contracts/team';
import type { Db } from '../db';
import { mfaDevices, tenants, users, userTenants, webauthnCredentials } from '../db/schema';
import { liveTenants } from '../tenants/tenants';

/** The `inactive` preset: no sign-in for 90 days unless `_maxInactiveSeconds` says otherwise. */
export const INACTIVE_SECONDS = 7_776_000;
export { MAX_PAGE_SIZE };

type UserSortField = z.infer<typeof userListSortField>;
/**
 * What each sort field of the contract sorts by (nothing else reaches ORDER BY). Name and email follow the
 * indexes `users_vendor_name` and `users_vendor_email`, so a page of a large tenant reads only its own rows.
 * `tenantId` sorts by the user's first tenant of the list's scope (see `pageOfUsers`).
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
  tenantId: null,
} as const satisfies Record<UserSortField, unknown>;

export interface ListParams {
  /** Page index: offset 1 with limit 20 answers users 21 to 40 (the Frontegg pagination of the preview). */
  page: number;
  limit: number;
  sortBy: UserSortField;
  order: 'ASC' | 'DESC';
  search?: string;
  email?: string;
  preset?: z.infer<typeof userFilterPreset>;
  maxInactiveSeconds?: number;
  /** Only users locked out (true) or not locked (false) now (ENUM-030 names isLocked among the filter fields). */
  isLocked?: boolean;
  includeSubTenants: boolean;
}

/**
 * The users lists' parameters from the contract's fields: GET users v2 (TEAM-014) and v3 (TEAM-015), either
 * spelling. Defaults (TEAM-008): limit 20, offset 0, name descending.
 */
export const listParams = (
  q: z.output<typeof usersListFields>,
  includeSubTenantsByDefault: boolean,
): ListParams => ({
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
});

/** GET team members v1 (TEAM-010); name ascending by default (TEAM-009). */
export const memberParams = (q: z.output<typeof membersQuery>): ListParams => ({
  page: q.pageOffset ?? 0,
  limit: q.pageSize ?? 20,
  sortBy: q.sortBy ?? 'name',
  order: q.sortDirection ?? 'ASC',
  search: q.filter,
  includeSubTenants: false,
});

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
      .where(and(inArray(tenants.parentId, level), liveTenants(vendorId)));
    level = children.map((t) => t.id).filter((id) => !scope.includes(id));
    scope.push(...level);
  }
  return scope;
}

/**
 * The tenants a caller's list covers (users, audit logs): its tenant and, when asked and allowed, its
 * sub-tenants. A member's sub-account access can be withdrawn (TENANTS-013): then the list is the tenant's own.
 * A tenant API token is no member: its roles alone decide (docs/decisions/0021-api-tokens.md).
 */
export async function callerScope(
  db: Db,
  vendorId: string,
  caller: { tenantId: string; sub: string; type?: string },
  includeSubTenants: boolean,
): Promise<string[]> {
  let include = includeSubTenants;
  if (include && caller.type !== 'tenantApiToken') {
    const [row] = await db
      .select({ allowed: userTenants.subAccountAccessAllowed, type: tenants.subAccountAccessType })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(
        and(
          eq(userTenants.userId, caller.sub),
          eq(userTenants.tenantId, caller.tenantId),
          eq(users.vendorId, vendorId),
        ),
      );
    // No membership: a delegated token, honoured only while an ancestor's membership reaches this account's
    // sub-accounts (TENANTS-013), so it reaches this account's own too. 'alwaysOn' overrides the member's flag.
    include = !row || row.allowed || row.type === 'alwaysOn';
  }
  return tenantScope(db, vendorId, caller.tenantId, include);
}

/** A membership that counts as an active member: not disabled, not pending its invitation. */
export const activeMembership = sql<boolean>`(not ${userTenants.disabled} and ${userTenants.activatedForTenant})`;

/** The user has a verified MFA device (authenticator, SMS, email) or a security key (an MFA WebAuthn key). */
export const mfaEnrolled = sql<boolean>`(exists (select 1 from ${mfaDevices} where ${mfaDevices.userId} = ${users.id} and ${mfaDevices.verifiedAt} is not null) or exists (select 1 from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${users.id} and ${webauthnCredentials.usage} = 'mfa'))`;

/**
 * Inactive (SECCENTER-008): no sign-in for `seconds`, or never signed in and created longer ago than that (a
 * user invited yesterday is not inactive).
 */
export const inactiveSince = (now: Date, seconds: number): SQL =>
  lt(sql`coalesce(${users.lastLogin}, ${users.createdAt})`, new Date(now.getTime() - seconds * 1000));

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
  // The security center's tables (SECCENTER-001, ENUM-031): the same predicates its facts count with.
  if (params.preset === 'breached-passwords') filters.push(eq(users.isBreachedPassword, true));
  // Active members only, as the facts' enrolment share counts them (a pending invitee cannot enrol yet).
  if (params.preset === 'mfa-unenrolled')
    filters.push(
      sql`not ${mfaEnrolled}`,
      exists(
        db
          .select({ one: sql`1` })
          .from(userTenants)
          .where(
            and(eq(userTenants.userId, users.id), inArray(userTenants.tenantId, scope), activeMembership),
          ),
      ),
    );
  if (params.preset === 'inactive')
    filters.push(inactiveSince(now, params.maxInactiveSeconds ?? INACTIVE_SECONDS));
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
  const column =
    USER_SORT_FIELDS[params.sortBy] ??
    // tenantId: the user's first tenant of the scope (one tenant: every user alike, the id decides).
    sql`(select min(${userTenants.tenantId}) from ${userTenants} where ${userTenants.userId} = ${users.id} and ${inArray(userTenants.tenantId, scope)})`;
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
