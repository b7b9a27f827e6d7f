// The account hierarchy of the caller's account (TENANTS-009..027): its sub-accounts as a list, a tree and a
// search, parents, user counts and metadata (the `tenants` group), and creating, renaming, managing and deleting
// sub-accounts (the `sub-tenants` group's tenant calls). Every account id is checked against the caller's
// subtree (server/tenants/hierarchy.ts): a parent, a sibling or an unknown id is a 404.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import {
  hierarchyContracts as hc,
  subTenantsContracts as sc,
  TREE_LEVEL_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  type TenantTreeNode,
} from '../../shared/api/contracts/hierarchy';
import { paths } from '../../shared/api/paths';
import type { AuditAction } from '../audit/actions';
import { writeAudit } from '../audit';
import { apiError, readBody, type AppEnv } from '../context';
import {
  apiTokens,
  billingSubscriptions,
  tenantEntitlements,
  tenants,
  users,
  userTenants,
} from '../db/schema';
import { RUNNING_STATUSES, withTenantLock } from '../billing/service';
import { readQuery } from '../signup/validation';
import {
  ancestorsOf,
  childrenOf,
  descendantsOf,
  MAX_HIERARCHY_DEPTH,
  MAX_SUB_ACCOUNTS,
  reachesSubAccounts,
  requireInSubtree,
  requireSubAccount,
} from '../tenants/hierarchy';
import { removeMember } from '../tenants/members';
import type { TenantRow } from '../tenants/tenants';
import { defineFamily, endpoint, userActor } from './endpoints';

export const READ_HIERARCHY = 'fe.account-hierarchy.read.subAccount';
export const WRITE_HIERARCHY = 'fe.account-hierarchy.write.subAccount';

/** Routes of the account hierarchy, with the permission each requires in the token's account. */
export const hierarchyEndpointsByName = {
  getSubTenants: endpoint(paths.tenants.getSubTenants, READ_HIERARCHY),
  getSubTenantsAsTree: endpoint(paths.tenants.getSubTenantsAsTree, READ_HIERARCHY),
  getParentTenants: endpoint(
    paths.tenants.getParentTenants,
    READ_HIERARCHY,
    "the caller account's ancestors",
  ),
  getParentTenantsById: endpoint(
    paths.tenants.getParentTenantsById,
    READ_HIERARCHY,
    "a sub-account of the caller's; the chain up to the caller's account",
  ),
  getTenantsUsersCount: endpoint(paths.tenants.getTenantsUsersCount, READ_HIERARCHY, "the caller's subtree"),
  searchSubTenants: endpoint(paths.tenants.searchSubTenants, READ_HIERARCHY),
  getHierarchyMetadata: endpoint(paths.tenants.getHierarchyMetadata, READ_HIERARCHY, "the caller's subtree"),
  createSubTenant: endpoint(paths.subTenants.createSubTenant, WRITE_HIERARCHY, "under the caller's subtree"),
  updateSubTenant: endpoint(
    paths.subTenants.updateSubTenant,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
  updateSubTenantManagement: endpoint(
    paths.subTenants.updateSubTenantManagement,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
  updateSubTenantHierarchySettings: endpoint(
    paths.subTenants.updateSubTenantHierarchySettings,
    WRITE_HIERARCHY,
    "the caller's account or a sub-account of it",
  ),
  deleteSubTenant: endpoint(
    paths.subTenants.deleteSubTenant,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
} as const;

export const TENANT_ID_TAKEN = 'An account with this tenantId already exists';
export const TOO_DEEP = 'Sub-accounts may be nested at most 10 levels deep';
export const TOO_MANY = 'An account may have at most 1000 sub-accounts';

/** The search call that answers the children of `tenantId` after the first TREE_LEVEL_LIMIT (a tree's loadMoreLink). */
export const loadMoreLinkOf = (tenantId: string) =>
  `${paths.tenants.searchSubTenants.path}?_subTenantId=${encodeURIComponent(tenantId)}` +
  `&_offset=${TREE_LEVEL_LIMIT}&_limit=${TREE_LEVEL_LIMIT}`;

/** Code-point order (not the locale's): the tree's levels and the search that continues them (`loadMoreLink`) agree. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: TenantRow, b: TenantRow) =>
  compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id);

type SubTenantAnswer = z.infer<typeof sc.createSubTenant.response>;

/** A sub-account as create, rename, management and hierarchy settings answer it. */
const answerOf = (t: TenantRow): SubTenantAnswer => ({
  tenantId: t.id,
  name: t.name,
  address: t.address,
  website: t.website,
  timezone: t.timezone,
  currency: t.currency,
  logo: t.logo,
  parentTenantId: t.parentId,
  isReseller: t.isReseller,
  tenantType: t.tenantType as SubTenantAnswer['tenantType'],
  subAccountAccessType: t.subAccountAccessType as SubTenantAnswer['subAccountAccessType'],
  createdAt: t.createdAt.toISOString(),
});

export const hierarchyRoutes = defineFamily(hierarchyEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;
  // Every call about sub-accounts needs the caller's access to them (denying it stops the caller's own token).
  const reach = reachesSubAccounts(db);

  /** The account of the token (a sub-account's own for a delegated token): every id is checked against its subtree. */
  const own = (c: Context<AppEnv>) => c.get('auth').tenantId;
  const param = (c: Context<AppEnv>) => c.req.param('tenantId') ?? '';

  /**
   * An audit row about an account of the caller's subtree: the row's tenant is that account, the actor the
   * administrator, `json.actingTenantId` the administrator's own account (the acting one of a delegated token).
   */
  const audit = (
    c: Context<AppEnv>,
    tenantId: string,
    action: AuditAction,
    json: Record<string, unknown> = {},
  ) => {
    const auth = c.get('auth');
    return writeAudit(db, {
      vendorId,
      tenantId,
      ...userActor(c),
      action,
      json: { ...json, actingTenantId: auth.actingTenantId ?? auth.tenantId },
    });
  };

  /** Members of each account, all and those allowed into its sub-accounts (one query). */
  async function memberCounts(ids: string[]) {
    const counts = new Map<string, { total: number; allowed: number }>();
    if (!ids.length) return counts;
    const rows = await db
      .select({
        tenantId: userTenants.tenantId,
        allowed: userTenants.subAccountAccessAllowed,
        accessType: tenants.subAccountAccessType,
      })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(
        and(
          inArray(userTenants.tenantId, ids),
          eq(users.vendorId, vendorId),
          // Active members: enabled and past their invitation.
          eq(userTenants.disabled, false),
          eq(userTenants.activatedForTenant, true),
        ),
      );
    for (const id of ids) counts.set(id, { total: 0, allowed: 0 });
    for (const row of rows) {
      const count = counts.get(row.tenantId)!;
      count.total++;
      if (row.allowed || row.accessType === 'alwaysOn') count.allowed++;
    }
    return counts;
  }

  on(e.getSubTenants, reach, async (c) => {
    const found = await descendantsOf(db, vendorId, own(c));
    found.sort((a, b) => a.level - b.level || byName(a.tenant, b.tenant));
    const answer = found.map(({ tenant, level }) => ({
      tenantId: tenant.id,
      tenantName: tenant.name,
      parentTenantId: tenant.parentId!,
      createdAt: tenant.createdAt.toISOString(),
      level,
    }));
    return c.json(answer satisfies AnswerOf<typeof hc.getSubTenants>);
  });

  on(e.getSubTenantsAsTree, reach, async (c) => {
    const root = await requireInSubtree(db, vendorId, own(c), own(c));
    // Each tenant once (descendantsOf keeps a tenant at its first level: TENANTS-003).
    const found = await descendantsOf(db, vendorId, root.id);
    const counts = await memberCounts([root.id, ...found.map((f) => f.tenant.id)]);
    const childrenOfId = new Map<string, TenantRow[]>();
    for (const { tenant } of found) {
      const list = childrenOfId.get(tenant.parentId!) ?? [];
      list.push(tenant);
      childrenOfId.set(tenant.parentId!, list);
    }
    const node = (t: TenantRow): TenantTreeNode => {
      const children = (childrenOfId.get(t.id) ?? []).sort(byName);
      return {
        tenantId: t.id,
        tenantName: t.name,
        name: t.name,
        alias: t.alias,
        createdAt: t.createdAt.toISOString(),
        metadata: JSON.stringify(t.metadata ?? {}),
        isReseller: t.isReseller,
        tenantType: t.tenantType as TenantTreeNode['tenantType'],
        numberOfUsers: counts.get(t.id)?.total ?? 0,
        children: children.slice(0, TREE_LEVEL_LIMIT).map(node),
        loadMoreLink: children.length > TREE_LEVEL_LIMIT ? loadMoreLinkOf(t.id) : null,
      };
    };
    return c.json(node(root) satisfies AnswerOf<typeof hc.getSubTenantsAsTree>);
  });

  const parentView = ({ tenant, level }: { tenant: TenantRow; level: number }) => ({
    tenantId: tenant.id,
    tenantName: tenant.name,
    level,
    status: 'active',
    createdAt: tenant.createdAt.toISOString(),
  });

  on(e.getParentTenants, async (c) => {
    const self = await requireInSubtree(db, vendorId, own(c), own(c));
    const answer = (await ancestorsOf(db, vendorId, self)).map(parentView);
    return c.json(answer satisfies AnswerOf<typeof hc.getParentTenants>);
  });

  on(e.getParentTenantsById, reach, async (c) => {
    const tenant = await requireSubAccount(db, vendorId, own(c), param(c));
    const chain = await ancestorsOf(db, vendorId, tenant);
    // Up to the caller's account, never above it.
    const upTo = chain.findIndex((a) => a.tenant.id === own(c));
    const answer = chain.slice(0, upTo + 1).map(parentView);
    return c.json(answer satisfies AnswerOf<typeof hc.getParentTenantsById>);
  });

  on(e.getTenantsUsersCount, reach, async (c) => {
    const { tenantIds } = await readBody(c, hc.getTenantsUsersCount.body);
    const ids = [...new Set(tenantIds)];
    for (const id of ids) await requireInSubtree(db, vendorId, own(c), id);
    const counts = await memberCounts(ids);
    const answer = ids.map((id) => ({
      tenantId: id,
      totalUsers: counts.get(id)!.total,
      totalAccessAllowedUsers: counts.get(id)!.allowed,
    }));
    return c.json(answer satisfies AnswerOf<typeof hc.getTenantsUsersCount>);
  });

  on(e.searchSubTenants, reach, async (c) => {
    const q = readQuery(c, hc.searchSubTenants.query);
    const limit = q._limit ?? SEARCH_DEFAULT_LIMIT;
    const offset = q._offset ?? 0;
    let found: TenantRow[];
    if (q._subTenantId) {
      // The children of the caller's account or of one of its sub-accounts (a tree's loadMoreLink).
      const parent = await requireInSubtree(db, vendorId, own(c), q._subTenantId);
      found = await childrenOf(db, vendorId, [parent.id]);
    } else found = (await descendantsOf(db, vendorId, own(c))).map((d) => d.tenant);
    if (q._filter) {
      // A plain substring of the name or the id (no wildcards: `%` and `_` are themselves).
      const needle = q._filter.toLowerCase();
      found = found.filter(
        (t) => t.name.toLowerCase().includes(needle) || t.id.toLowerCase().includes(needle),
      );
    }
    const sortBy = q._sortBy ?? 'name';
    const key = (t: TenantRow) =>
      sortBy === 'createdAt'
        ? t.createdAt.toISOString()
        : sortBy === 'tenantId'
          ? t.id
          : t.name.toLowerCase();
    const direction = q._order === 'DESC' ? -1 : 1;
    found.sort((a, b) => direction * (compare(key(a), key(b)) || compare(a.id, b.id)));
    const page = found.slice(offset, offset + limit);
    const parents = new Set(
      (
        await childrenOf(
          db,
          vendorId,
          page.map((t) => t.id),
        )
      ).map((child) => child.parentId),
    );
    const counts = await memberCounts(page.map((t) => t.id));
    const answer = {
      items: page.map((t) => ({
        tenantId: t.id,
        name: t.name,
        createdAt: t.createdAt.toISOString(),
        metadata: { isParent: parents.has(t.id) },
        isReseller: t.isReseller,
        subAccountAccessType: t.subAccountAccessType as SubTenantAnswer['subAccountAccessType'],
        tenantType: t.tenantType as SubTenantAnswer['tenantType'],
        parentTenantId: t.parentId!,
        numberOfUsers: counts.get(t.id)?.total ?? 0,
      })),
      _metadata: { totalItems: found.length, totalPages: Math.ceil(found.length / limit) },
    };
    return c.json(answer satisfies AnswerOf<typeof hc.searchSubTenants>);
  });

  on(e.getHierarchyMetadata, reach, async (c) => {
    const { _tenantIds } = readQuery(c, hc.getHierarchyMetadata.query);
    const answer = [];
    for (const id of new Set(_tenantIds)) {
      await requireInSubtree(db, vendorId, own(c), id);
      const below = await descendantsOf(db, vendorId, id);
      answer.push({ tenantId: id, totalSubTenants: below.length, isParent: below.length > 0 });
    }
    return c.json(answer satisfies AnswerOf<typeof hc.getHierarchyMetadata>);
  });

  on(e.createSubTenant, reach, async (c) => {
    const body = await readBody(c, sc.createSubTenant.body);
    const parent = await requireInSubtree(db, vendorId, own(c), body.parentTenantId ?? own(c));
    const ancestors = await ancestorsOf(db, vendorId, parent);
    // The new account's level below the top of its hierarchy (a child of the top is level 1).
    if (ancestors.length + 1 > MAX_HIERARCHY_DEPTH) throw apiError(400, TOO_DEEP);
    const top = ancestors.at(-1)?.tenant ?? parent;
    // The top account has the most sub-accounts of the chain: under its limit, every account of it is too.
    if ((await descendantsOf(db, vendorId, top.id)).length >= MAX_SUB_ACCOUNTS) throw apiError(400, TOO_MANY);
    const tenantId = body.tenantId ?? randomUUID();
    // Any tenant row, of any vendor and deleted ones too: an id is never reused.
    const [taken] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (taken) throw apiError(409, TENANT_ID_TAKEN);
    const [row] = await db
      .insert(tenants)
      .values({
        id: tenantId,
        vendorId,
        parentId: parent.id,
        name: body.name,
        isReseller: body.isReseller ?? false,
        tenantType: body.tenantType ?? (body.isReseller ? 'reseller' : 'customer'),
        ...(body.website !== undefined ? { website: body.website } : {}),
        ...(body.address !== undefined ? { address: body.address } : {}),
        ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...((body.logo ?? body.logoUrl) !== undefined ? { logo: body.logo ?? body.logoUrl } : {}),
      })
      .onConflictDoNothing()
      .returning();
    // Created by another request between the check and the insert.
    if (!row) throw apiError(409, TENANT_ID_TAKEN);
    // The creator is not made a member: they reach it by delegation through their own account.
    await audit(c, row.id, 'Sub-account created', { name: row.name, parentTenantId: parent.id });
    return c.json(answerOf(row) satisfies AnswerOf<typeof sc.createSubTenant>, 201);
  });

  on(e.updateSubTenant, reach, async (c) => {
    const tenant = await requireSubAccount(db, vendorId, own(c), param(c));
    const { name } = await readBody(c, sc.updateSubTenant.body);
    const [row] = await db.update(tenants).set({ name }).where(eq(tenants.id, tenant.id)).returning();
    await audit(c, tenant.id, 'Sub-account renamed', { from: tenant.name, to: name });
    return c.json(answerOf(row!) satisfies AnswerOf<typeof sc.updateSubTenant>);
  });

  on(e.updateSubTenantManagement, reach, async (c) => {
    const tenant = await requireSubAccount(db, vendorId, own(c), param(c));
    const body = await readBody(c, sc.updateSubTenantManagement.body);
    const [row] = await db
      .update(tenants)
      .set({
        ...(body.isReseller !== undefined ? { isReseller: body.isReseller } : {}),
        ...(body.tenantType !== undefined ? { tenantType: body.tenantType } : {}),
      })
      .where(eq(tenants.id, tenant.id))
      .returning();
    await audit(c, tenant.id, 'Sub-account management updated', { ...body });
    return c.json(answerOf(row ?? tenant) satisfies AnswerOf<typeof sc.updateSubTenantManagement>);
  });

  on(e.updateSubTenantHierarchySettings, reach, async (c) => {
    const tenant = await requireInSubtree(db, vendorId, own(c), param(c));
    const body = await readBody(c, sc.updateSubTenantHierarchySettings.body);
    const [row] = body.subAccountAccessType
      ? await db
          .update(tenants)
          .set({ subAccountAccessType: body.subAccountAccessType })
          .where(eq(tenants.id, tenant.id))
          .returning()
      : [tenant];
    await audit(c, tenant.id, 'Sub-account hierarchy settings updated', {
      from: tenant.subAccountAccessType,
      to: row!.subAccountAccessType,
    });
    return c.json(answerOf(row!) satisfies AnswerOf<typeof sc.updateSubTenantHierarchySettings>);
  });

  on(e.deleteSubTenant, reach, async (c) => {
    const tenant = await requireSubAccount(db, vendorId, own(c), param(c));
    const subtree = [tenant, ...(await descendantsOf(db, vendorId, tenant.id)).map((d) => d.tenant)];
    const ids = subtree.map((t) => t.id);
    // Every member leaves first (roles, groups, membership, pending invitations; a user left in no account is
    // deleted): a failure half-way leaves live accounts with fewer members, and a retry finishes the work.
    const removed = new Map<string, { members: number; deletedUsers: number }>();
    for (const account of subtree) {
      const members = await db
        .select({ id: users.id, activeTenantId: users.activeTenantId })
        .from(userTenants)
        .innerJoin(users, eq(users.id, userTenants.userId))
        .where(eq(userTenants.tenantId, account.id));
      let deletedUsers = 0;
      for (const member of members) if (await removeMember(db, member, account.id)) deletedUsers++;
      removed.set(account.id, { members: members.length, deletedUsers });
    }
    const now = new Date();
    // API tokens stop at once; running subscriptions end now (under the account's billing lock), without a
    // charge or a fallback plan.
    await db
      .update(apiTokens)
      .set({ deletedAt: now })
      .where(and(inArray(apiTokens.tenantId, ids), isNull(apiTokens.deletedAt)));
    for (const id of ids)
      await withTenantLock(id, () =>
        db
          .update(billingSubscriptions)
          .set({ status: 'canceled', endedAt: now, updatedAt: now })
          .where(
            and(
              eq(billingSubscriptions.tenantId, id),
              isNull(billingSubscriptions.endedAt),
              inArray(billingSubscriptions.status, [...RUNNING_STATUSES]),
            ),
          ),
      );
    await db.delete(tenantEntitlements).where(inArray(tenantEntitlements.tenantId, ids));
    // Nobody enters them any more (every lookup ignores deleted tenants); the rows stay for the audit trail.
    await db
      .update(tenants)
      .set({ deletedAt: now })
      .where(and(inArray(tenants.id, ids), isNull(tenants.deletedAt)));
    for (const account of subtree) {
      const { members, deletedUsers } = removed.get(account.id)!;
      await audit(c, account.id, 'Sub-account deleted', {
        name: account.name,
        parentTenantId: account.parentId,
        ...(account.id === tenant.id ? {} : { deletedWith: tenant.id }),
        removedMembers: members,
        deletedUsers,
      });
    }
    return c.json({} satisfies AnswerOf<typeof sc.deleteSubTenant>);
  });
});
