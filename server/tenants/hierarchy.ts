// The account hierarchy: a tenant's parent (`tenants.parent_id`), its ancestors and its subtree. Every call that
// names another account checks it against the caller's subtree here: an account outside it (a parent, a
// sibling, another vendor's, a deleted one, an unknown id) is a 404 "Sub-account not found", never revealed.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { SUB_ACCOUNT_ACCESS_REFUSED, SUB_ACCOUNT_NOT_FOUND } from '../../shared/api/contracts/hierarchy';
import { apiError, type AppEnv } from '../context';
import type { Db } from '../db';
import { tenants, userTenants } from '../db/schema';
import { findTenant, liveTenants, type TenantRow } from './tenants';

/** The deepest a sub-account may sit below the top of its hierarchy (level 1: a child of the top account). */
export const MAX_HIERARCHY_DEPTH = 10;
/** The most sub-accounts (at any depth) one account may have. */
export const MAX_SUB_ACCOUNTS = 1000;

export { SUB_ACCOUNT_ACCESS_REFUSED, SUB_ACCOUNT_NOT_FOUND };

/** The live children of the given tenants (one query). */
export async function childrenOf(db: Db, vendorId: string, parentIds: string[]): Promise<TenantRow[]> {
  if (!parentIds.length) return [];
  return db
    .select()
    .from(tenants)
    .where(and(inArray(tenants.parentId, parentIds), liveTenants(vendorId)));
}

/**
 * The live descendants of a tenant with their level below it (1: its children), one query per level, each
 * tenant once (a tenant reached twice is kept at its first level: TENANTS-003) and never the tenant itself.
 */
export async function descendantsOf(
  db: Db,
  vendorId: string,
  tenantId: string,
): Promise<{ tenant: TenantRow; level: number }[]> {
  const seen = new Set([tenantId]);
  const found: { tenant: TenantRow; level: number }[] = [];
  let level = [tenantId];
  for (let depth = 1; level.length && depth <= MAX_HIERARCHY_DEPTH; depth++) {
    const next: string[] = [];
    for (const child of await childrenOf(db, vendorId, level)) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      found.push({ tenant: child, level: depth });
      next.push(child.id);
    }
    level = next;
  }
  return found;
}

/**
 * The live ancestors of a tenant, nearest first (level 1: its parent). A deleted or missing parent ends the
 * chain; a cycle (never written by the server) ends it too.
 */
export async function ancestorsOf(
  db: Db,
  vendorId: string,
  tenant: Pick<TenantRow, 'id' | 'parentId'>,
): Promise<{ tenant: TenantRow; level: number }[]> {
  const chain: { tenant: TenantRow; level: number }[] = [];
  const seen = new Set([tenant.id]);
  let parentId = tenant.parentId;
  while (parentId && !seen.has(parentId) && chain.length <= MAX_HIERARCHY_DEPTH) {
    const parent = await findTenant(db, vendorId, parentId);
    if (!parent) break;
    seen.add(parent.id);
    chain.push({ tenant: parent, level: chain.length + 1 });
    parentId = parent.parentId;
  }
  return chain;
}

/** Is `tenantId` a live strict descendant of `rootId` (a sub-account at any depth)? Its row when so. */
export async function subAccountOf(
  db: Db,
  vendorId: string,
  rootId: string,
  tenantId: string,
): Promise<TenantRow | undefined> {
  if (tenantId === rootId) return undefined;
  const tenant = await findTenant(db, vendorId, tenantId);
  if (!tenant) return undefined;
  const ancestors = await ancestorsOf(db, vendorId, tenant);
  return ancestors.some((a) => a.tenant.id === rootId) ? tenant : undefined;
}

/** A live strict descendant of the caller's account, or 404 "Sub-account not found". */
export async function requireSubAccount(
  db: Db,
  vendorId: string,
  callerTenantId: string,
  tenantId: string,
): Promise<TenantRow> {
  const tenant = await subAccountOf(db, vendorId, callerTenantId, tenantId);
  if (!tenant) throw apiError(404, SUB_ACCOUNT_NOT_FOUND);
  return tenant;
}

/**
 * The caller's account itself or a live sub-account of it (calls that act on "the tenant and its sub-tenants"),
 * or 404 "Sub-account not found".
 */
export async function requireInSubtree(
  db: Db,
  vendorId: string,
  callerTenantId: string,
  tenantId: string,
): Promise<TenantRow> {
  if (tenantId === callerTenantId) {
    const own = await findTenant(db, vendorId, tenantId);
    if (own) return own;
  }
  return requireSubAccount(db, vendorId, callerTenantId, tenantId);
}

/**
 * How a user reaches an account (TENANTS-013/014; docs/decisions/0026-sub-accounts.md): `via` is the account whose
 * membership (its roles and groups) applies. `delegated`: `via` is an ancestor, the user not a member of the account.
 */
export interface AccountAccess {
  tenantId: string;
  via: string;
  delegated: boolean;
}

/**
 * Whether and how a user may act in an account: an enabled member of it acts with their roles there (a disabled
 * membership refuses, whatever the ancestors allow); else through the NEAREST ancestor account they are a
 * member of, when that membership is enabled and allowed into sub-accounts (`subAccountAccessAllowed`, or the
 * ancestor's `subAccountAccessType` is 'alwaysOn'), with their roles in that ancestor. Null otherwise (and for
 * an unknown or deleted account). `vendorId` null: the user's own vendor.
 */
export async function accessVia(
  db: Db,
  vendorId: string | null,
  userId: string,
  tenantId: string,
): Promise<AccountAccess | null> {
  // The common case first, one query: a member of a live account (of the vendor when one is given).
  const [direct] = await db
    .select({ disabled: userTenants.disabled })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(userTenants.tenantId, tenantId),
        isNull(tenants.deletedAt),
        vendorId ? eq(tenants.vendorId, vendorId) : undefined,
      ),
    );
  if (direct) return direct.disabled ? null : { tenantId, via: tenantId, delegated: false };
  // A user's memberships are all in their own vendor: the account's vendor is the one to walk.
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(
      and(
        eq(tenants.id, tenantId),
        isNull(tenants.deletedAt),
        vendorId ? eq(tenants.vendorId, vendorId) : undefined,
      ),
    );
  if (!tenant?.parentId) return null;
  const ancestors = await ancestorsOf(db, tenant.vendorId, tenant);
  if (!ancestors.length) return null;
  const memberships = await db
    .select()
    .from(userTenants)
    .where(
      and(
        eq(userTenants.userId, userId),
        inArray(
          userTenants.tenantId,
          ancestors.map((a) => a.tenant.id),
        ),
      ),
    );
  for (const { tenant: ancestor } of ancestors) {
    const membership = memberships.find((m) => m.tenantId === ancestor.id);
    if (!membership) continue;
    return opensSubAccounts(membership, ancestor) ? { tenantId, via: ancestor.id, delegated: true } : null;
  }
  return null;
}

/**
 * Does a membership open the account's sub-accounts? Enabled, its invitation accepted (a pending invitation
 * reaches nothing below), and allowed (`subAccountAccessAllowed`, or the account keeps it 'alwaysOn').
 */
export const opensSubAccounts = (
  membership: Pick<
    typeof userTenants.$inferSelect,
    'disabled' | 'activatedForTenant' | 'subAccountAccessAllowed'
  >,
  account: Pick<TenantRow, 'subAccountAccessType'>,
): boolean =>
  !membership.disabled &&
  membership.activatedForTenant &&
  (membership.subAccountAccessAllowed || account.subAccountAccessType === 'alwaysOn');

/**
 * The caller reaches its account's sub-accounts (every hierarchy call but its parents and the access switch):
 * a user through their membership of the token's account (`opensSubAccounts`: denying a parent administrator
 * the access stops their own token too, not only delegated ones); a delegated token was re-checked by the bearer
 * check; a tenant API token's roles decide alone. Else 403 'Access to this sub-account is not allowed'.
 */
export function reachesSubAccounts(db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { sub, tenantId, type, actingTenantId } = c.get('auth');
    if (type !== 'tenantApiToken' && typeof actingTenantId !== 'string') {
      const [row] = await db
        .select({ membership: userTenants, tenant: tenants })
        .from(userTenants)
        .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
        .where(and(eq(userTenants.userId, sub), eq(userTenants.tenantId, tenantId)));
      if (!row || !opensSubAccounts(row.membership, row.tenant))
        throw apiError(403, SUB_ACCOUNT_ACCESS_REFUSED);
    }
    await next();
  });
}

/**
 * Every account a user may act in by delegation (not a member of it), each once (TENANTS-003), with the
 * ancestor whose membership applies: the same rule as `accessVia`, decided in memory over the subtrees of the
 * user's memberships that allow it.
 */
export async function delegatedAccounts(
  db: Db,
  vendorId: string,
  userId: string,
): Promise<{ tenant: TenantRow; via: string }[]> {
  const memberships = await db
    .select({ membership: userTenants, tenant: tenants })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .where(and(eq(userTenants.userId, userId), liveTenants(vendorId)));
  const membershipOf = new Map(memberships.map((m) => [m.tenant.id, m]));
  const opens = (id: string) => {
    const m = membershipOf.get(id)!;
    return opensSubAccounts(m.membership, m.tenant);
  };
  const byId = new Map<string, TenantRow>();
  for (const { tenant } of memberships) {
    if (!opens(tenant.id)) continue;
    for (const { tenant: sub } of await descendantsOf(db, vendorId, tenant.id)) byId.set(sub.id, sub);
  }
  const found: { tenant: TenantRow; via: string }[] = [];
  for (const sub of byId.values()) {
    if (membershipOf.has(sub.id)) continue;
    // The nearest ancestor the user is a member of decides.
    let parentId = sub.parentId;
    for (let hops = 0; parentId && !membershipOf.has(parentId) && hops <= MAX_HIERARCHY_DEPTH; hops++)
      parentId = byId.get(parentId)?.parentId ?? null;
    if (parentId && membershipOf.has(parentId) && opens(parentId)) found.push({ tenant: sub, via: parentId });
  }
  return found;
}
