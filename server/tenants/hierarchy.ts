// The account hierarchy: a tenant's parent (`tenants.parent_id`), its ancestors and its subtree. Every call that
// names another account checks it against the caller's subtree here: an account outside it (a parent, a
// sibling, another vendor's, a deleted one, an unknown id) is a 404 "Sub-account not found", never revealed.
import { and, inArray } from 'drizzle-orm';
import { apiError } from '../context';
import type { Db } from '../db';
import { tenants } from '../db/schema';
import { findTenant, liveTenants, type TenantRow } from './tenants';

/** The deepest a sub-account may sit below the top of its hierarchy (level 1: a child of the top account). */
export const MAX_HIERARCHY_DEPTH = 10;
/** The most sub-accounts (at any depth) one account may have. */
export const MAX_SUB_ACCOUNTS = 1000;

export const SUB_ACCOUNT_NOT_FOUND = 'Sub-account not found';

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
