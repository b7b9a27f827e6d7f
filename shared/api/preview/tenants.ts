// Tenants of the signed-in user and switching, and the account hierarchy (TENANTS-009..027): the caller's
// sub-accounts as a list, a tree and a search, parents, user counts, metadata, creating, renaming, managing and
// deleting sub-accounts and their users — in the hierarchy contracts' shapes, with the server's refusals: an
// account outside the caller's subtree is a 404 'Sub-account not found' (server/tenants/hierarchy.ts).
import type { z } from 'zod';
import {
  hierarchyContracts as hc,
  subTenantsContracts as sc,
  TREE_LEVEL_LIMIT,
  type TenantTreeNode,
} from '../contracts/hierarchy';
import { tenantsContracts as tc, type tenant } from '../contracts/tenants';
import { SUB_ACCOUNT_NOT_FOUND } from '../contracts/hierarchy';
import { paths } from '../paths';
import {
  fail,
  find,
  iso,
  newId,
  on,
  parseWith,
  PreviewReply,
  type PreviewRequest,
  type PreviewRoute,
  sortList,
} from './common';
import {
  ancestorsOf,
  childrenOf,
  currentUser,
  descendants,
  liveTenant,
  scopedTenant,
  signedInUser,
  switchTenantTo,
  tenantsOf,
} from './views';
import { buildTenant, buildUser, type SampleState, type Tenant, type User } from './sampleData';

/** A tenant as the me/tenants calls answer it (the tenants contract's type). */
type TenantView = z.infer<typeof tenant>;

export const tenantView = (t: Tenant): TenantView => ({
  id: t.id,
  tenantId: t.tenantId,
  name: t.name,
  vendorId: t.vendorId,
  parentTenantId: t.parentTenantId,
  isReseller: t.isReseller,
  metadata: t.metadata,
  createdAt: t.createdAt,
  // No edit time is kept for a tenant (as on the server): its creation is its last known change.
  updatedAt: t.createdAt,
  deletedAt: null,
});

/** The user's tenants (their own and the sub-accounts they may enter) and the active one (v1 and v3). */
function currentUserTenants(state: SampleState) {
  const tenants = tenantsOf(state, signedInUser(state)).map(tenantView);
  return {
    tenants,
    activeTenant: tenants.find((t) => t.tenantId === state.session.activeTenantId) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The caller's subtree (as server/tenants/hierarchy.ts)

export const TENANT_ID_USED = 'An account with this tenantId already exists';
const MAX_HIERARCHY_DEPTH = 10;

/** The account the call acts on (the session's, or a sub-account's token's). */
const callerAccount = (req: PreviewRequest): Tenant => {
  signedInUser(req.state);
  const tenant = liveTenant(req.state, scopedTenant(req));
  if (!tenant) throw fail(404, 'Tenant not found');
  return tenant;
};

/** The caller's account or one of its live descendants; anything else is not found. */
function inSubtree(req: PreviewRequest, tenantId: string): Tenant {
  const root = callerAccount(req);
  if (tenantId === root.tenantId) return root;
  return subAccount(req, tenantId);
}

/** A live strict descendant of the caller's account; its own account, a parent, a sibling: not found. */
function subAccount(req: PreviewRequest, tenantId: string): Tenant {
  const root = callerAccount(req);
  if (!descendants(req.state, root.tenantId).includes(tenantId)) throw fail(404, SUB_ACCOUNT_NOT_FOUND);
  return find(req.state.tenants, (t) => t.tenantId === tenantId, 'Sub-account');
}

const membersOf = (state: SampleState, tenantId: string): User[] =>
  state.users.filter((u) => u.tenantIds.includes(tenantId));
/** Active members: enabled and past their invitation. */
const activeMembers = (state: SampleState, tenantId: string): number =>
  membersOf(state, tenantId).filter((u) => u.activatedForTenant && !u.isDisabled).length;
const byName = (list: Tenant[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

// ---------------------------------------------------------------------------------------------------------
// The tenants group: list, tree, search, parents, counts, metadata

/** The search call answering a node's children from `offset` on (the tree's `loadMoreLink`). */
const loadMoreLink = (tenantId: string, offset: number) =>
  `${paths.tenants.searchSubTenants.path}?${new URLSearchParams({
    _subTenantId: tenantId,
    _offset: String(offset),
    _limit: String(TREE_LEVEL_LIMIT),
  })}`;

function treeNode(state: SampleState, tenant: Tenant, seen: Set<string>): TenantTreeNode {
  seen.add(tenant.tenantId);
  // A tenant reached twice is listed once (TENANTS-003).
  const children = byName(childrenOf(state, tenant.tenantId)).filter((c) => !seen.has(c.tenantId));
  const shown = children.slice(0, TREE_LEVEL_LIMIT);
  return {
    tenantId: tenant.tenantId,
    tenantName: tenant.name,
    name: tenant.name,
    alias: tenant.alias,
    createdAt: tenant.createdAt,
    metadata: tenant.metadata,
    isReseller: tenant.isReseller,
    tenantType: tenant.tenantType,
    numberOfUsers: activeMembers(state, tenant.tenantId),
    children: shown.map((child) => treeNode(state, child, seen)),
    loadMoreLink: children.length > shown.length ? loadMoreLink(tenant.tenantId, shown.length) : null,
  };
}

/** Every sub-account with its level below the caller's account, by level then name, each once (TENANTS-003). */
function subTenants(req: PreviewRequest) {
  const root = callerAccount(req);
  const out: z.infer<typeof hc.getSubTenants.response> = [];
  const seen = new Set([root.tenantId]);
  let level = [root];
  for (let depth = 1; level.length && depth <= MAX_HIERARCHY_DEPTH; depth++) {
    const next: Tenant[] = [];
    for (const parent of level)
      for (const child of childrenOf(req.state, parent.tenantId)) {
        if (seen.has(child.tenantId)) continue;
        seen.add(child.tenantId);
        next.push(child);
      }
    const found = byName(next);
    for (const child of found)
      out.push({
        tenantId: child.tenantId,
        tenantName: child.name,
        parentTenantId: child.parentTenantId ?? root.tenantId,
        createdAt: child.createdAt,
        level: depth,
      });
    level = found;
  }
  return out;
}

const searched = (state: SampleState, t: Tenant) => ({
  tenantId: t.tenantId,
  name: t.name,
  createdAt: t.createdAt,
  metadata: { isParent: childrenOf(state, t.tenantId).length > 0 },
  isReseller: t.isReseller,
  subAccountAccessType: t.subAccountAccessType,
  tenantType: t.tenantType,
  parentTenantId: t.parentTenantId ?? '',
  numberOfUsers: activeMembers(state, t.tenantId),
});

/** GET hierarchy v2: limit 50 from offset 0 (TENANTS-026); `_offset` counts items. */
function searchSubTenants(req: PreviewRequest) {
  const q = parseWith(hc.searchSubTenants.query, Object.fromEntries(req.query));
  const root = callerAccount(req);
  const scope = q._subTenantId
    ? childrenOf(req.state, inSubtree(req, q._subTenantId).tenantId)
    : descendants(req.state, root.tenantId).flatMap((id) => liveTenant(req.state, id) ?? []);
  const filter = q._filter?.trim().toLowerCase() ?? '';
  const matches = scope.filter(
    (t) => t.name.toLowerCase().includes(filter) || t.tenantId.toLowerCase().includes(filter),
  );
  const sorted = sortList(matches, q._sortBy ?? 'name', q._order ?? 'ASC');
  const limit = q._limit ?? 50;
  const offset = q._offset ?? 0;
  return {
    items: sorted.slice(offset, offset + limit).map((t) => searched(req.state, t)),
    _metadata: { totalItems: sorted.length, totalPages: Math.ceil(sorted.length / limit) },
  };
}

const parentView = (t: Tenant, level: number) => ({
  tenantId: t.tenantId,
  tenantName: t.name,
  level,
  status: 'active',
  createdAt: t.createdAt,
});

/** The ancestors of a sub-account up to the caller's account (never above it). */
function parentsById(req: PreviewRequest) {
  const { tenantId } = parseWith(hc.getParentTenantsById.params, req.params);
  const target = subAccount(req, tenantId);
  const root = callerAccount(req);
  const chain = ancestorsOf(req.state, target.tenantId);
  const upTo = chain.findIndex((t) => t.tenantId === root.tenantId);
  return chain.slice(0, upTo + 1).map((t, i) => parentView(t, i + 1));
}

function usersCount(req: PreviewRequest) {
  const { tenantIds } = parseWith(hc.getTenantsUsersCount.body, req.body);
  const ids = [...new Set(tenantIds)];
  const accounts = ids.map((id) => inSubtree(req, id));
  // Active members (enabled, past their invitation), as the server counts them.
  return accounts.map((t) => {
    const members = membersOf(req.state, t.tenantId).filter((u) => u.activatedForTenant && !u.isDisabled);
    return {
      tenantId: t.tenantId,
      totalUsers: members.length,
      totalAccessAllowedUsers: members.filter(
        (u) => u.subAccountAccessAllowed || t.subAccountAccessType === 'alwaysOn',
      ).length,
    };
  });
}

function hierarchyMetadata(req: PreviewRequest) {
  const { _tenantIds } = parseWith(hc.getHierarchyMetadata.query, Object.fromEntries(req.query));
  return [...new Set(_tenantIds)].map((id) => {
    const t = inSubtree(req, id);
    return {
      tenantId: t.tenantId,
      totalSubTenants: descendants(req.state, t.tenantId).length,
      isParent: childrenOf(req.state, t.tenantId).length > 0,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The sub-tenants group: sub-accounts

const subTenantAnswer = (t: Tenant) => ({
  tenantId: t.tenantId,
  name: t.name,
  address: t.address,
  timezone: t.timezone,
  currency: t.currency,
  logo: t.logo,
  parentTenantId: t.parentTenantId,
  isReseller: t.isReseller,
  tenantType: t.tenantType,
  subAccountAccessType: t.subAccountAccessType,
  createdAt: t.createdAt,
});

function createSubTenant(req: PreviewRequest) {
  const { state } = req;
  const body = parseWith(sc.createSubTenant.body, req.body);
  const parent = inSubtree(req, body.parentTenantId ?? callerAccount(req).tenantId);
  if (ancestorsOf(state, parent.tenantId).length + 1 > MAX_HIERARCHY_DEPTH)
    throw fail(400, 'Sub-accounts may be nested at most 10 levels deep');
  const tenantId = body.tenantId ?? newId('tenant');
  // A deleted account keeps its id (its audit trail names it): the id stays used.
  if (state.tenants.some((t) => t.tenantId === tenantId)) throw fail(409, TENANT_ID_USED);
  const top = ancestorsOf(state, parent.tenantId).at(-1) ?? parent;
  if (descendants(state, top.tenantId).length >= 1000)
    throw fail(400, 'An account may have at most 1000 sub-accounts');
  const isReseller = body.isReseller ?? false;
  const tenant = buildTenant({
    tenantId,
    name: body.name,
    parentTenantId: parent.tenantId,
    isReseller,
    tenantType: body.tenantType ?? (isReseller ? 'reseller' : 'customer'),
    ...(body.address ? { address: body.address } : {}),
    ...(body.timezone ? { timezone: body.timezone } : {}),
    ...(body.currency ? { currency: body.currency } : {}),
    ...(body.logo || body.logoUrl ? { logo: body.logo || body.logoUrl || '' } : {}),
    vendorId: parent.vendorId,
    createdAt: iso(req.now),
  });
  state.tenants.push(tenant);
  return new PreviewReply(201, subTenantAnswer(tenant));
}

function renameSubTenant(req: PreviewRequest) {
  const { tenantId } = parseWith(sc.updateSubTenant.params, req.params);
  const tenant = subAccount(req, tenantId);
  tenant.name = parseWith(sc.updateSubTenant.body, req.body).name;
  return subTenantAnswer(tenant);
}

function manageSubTenant(req: PreviewRequest) {
  const { tenantId } = parseWith(sc.updateSubTenantManagement.params, req.params);
  const tenant = subAccount(req, tenantId);
  const body = parseWith(sc.updateSubTenantManagement.body, req.body);
  if (body.isReseller !== undefined) tenant.isReseller = body.isReseller;
  if (body.tenantType !== undefined) tenant.tenantType = body.tenantType;
  return subTenantAnswer(tenant);
}

function hierarchySettings(req: PreviewRequest) {
  const { tenantId } = parseWith(sc.updateSubTenantHierarchySettings.params, req.params);
  const tenant = inSubtree(req, tenantId);
  const body = parseWith(sc.updateSubTenantHierarchySettings.body, req.body);
  if (body.subAccountAccessType !== undefined) tenant.subAccountAccessType = body.subAccountAccessType;
  return subTenantAnswer(tenant);
}

/**
 * Deletes the sub-account and its whole subtree: the accounts are kept deleted (`deletedAt`), their members
 * removed from them, users left in no account deleted.
 */
function deleteSubTenant(req: PreviewRequest) {
  const { state } = req;
  const { tenantId } = parseWith(sc.deleteSubTenant.params, req.params);
  subAccount(req, tenantId);
  const gone = new Set([tenantId, ...descendants(state, tenantId)]);
  for (const t of state.tenants) if (gone.has(t.tenantId)) t.deletedAt = iso(req.now);
  for (const user of state.users) {
    user.tenantIds = user.tenantIds.filter((id) => !gone.has(id));
    if (gone.has(user.tenantId)) user.tenantId = user.tenantIds[0] ?? user.tenantId;
  }
  state.users = state.users.filter((u) => u.tenantIds.length > 0);
  if (gone.has(state.session.activeTenantId)) state.session.activeTenantId = currentUser(state).tenantId;
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// The sub-tenants group: users across the subtree. The preview keeps one set of roles per user (the sample
// user holds the same roles in each of its accounts): roles given for a sub-account are the user's roles.

/**
 * Role ids a sub-account may hand out (the vendor's and its own). As the server: another one is a 400 'Unknown
 * role' when inviting, a 404 'Role not found' when changing a member's roles.
 */
function rolesFor(
  state: SampleState,
  tenantId: string,
  ids: readonly string[] = [],
  refusal: 'invite' | 'change' = 'change',
): string[] {
  const wanted = [...new Set(ids)];
  for (const id of wanted)
    if (!state.roles.some((r) => r.id === id && (!r.tenantId || r.tenantId === tenantId)))
      throw refusal === 'invite' ? fail(400, 'Unknown role') : fail(404, 'Role not found');
  return wanted;
}

const defaultRoles = (state: SampleState) => state.roles.filter((r) => r.isDefault).map((r) => r.id);

/** Invites a user by email into an account: an existing user is reused, a new one waits for acceptance. */
function invite(
  req: PreviewRequest,
  tenant: Tenant,
  input: { email: string; name?: string | undefined },
  roleIds: string[],
  allowSubAccountAccess?: boolean,
): void {
  const { state } = req;
  const email = input.email.toLowerCase();
  let user = state.users.find((u) => u.email.toLowerCase() === email);
  if (user?.tenantIds.includes(tenant.tenantId))
    throw fail(409, 'The user is already a member of this account');
  if (!user) {
    user = buildUser({
      id: newId('user'),
      email,
      name: input.name || email,
      tenantId: tenant.tenantId,
      tenantIds: [],
      roleIds: roleIds.length ? roleIds : defaultRoles(state),
      activatedForTenant: false,
      verified: false,
      lastLogin: null,
      createdAt: iso(req.now),
      subAccountAccessAllowed: tenant.subAccountAccessType !== 'defaultOff',
    });
    state.users.push(user);
  } else if (roleIds.length) {
    user.roleIds = [...new Set([...user.roleIds, ...roleIds])];
  }
  if (!user.tenantIds.includes(tenant.tenantId)) user.tenantIds.push(tenant.tenantId);
  if (allowSubAccountAccess !== undefined) user.subAccountAccessAllowed = allowSubAccountAccess;
}

/** As the server, everything is checked before anything is written: no user already a member. */
function assertNotMembers(state: SampleState, emails: string[], tenants: Tenant[]): void {
  for (const email of emails) {
    const user = state.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
    if (user && tenants.some((t) => user.tenantIds.includes(t.tenantId)))
      throw fail(409, 'The user is already a member of this account');
  }
}

function addUserToTenantAndSubTenants(req: PreviewRequest) {
  const body = parseWith(sc.addUserToTenantAndSubTenants.body, req.body);
  const targets = body.subTenants.map((s) => ({
    tenant: inSubtree(req, s.tenantId),
    roleIds: rolesFor(req.state, s.tenantId, s.roleIds, 'invite'),
  }));
  assertNotMembers(
    req.state,
    [body.user.email],
    targets.map((t) => t.tenant),
  );
  for (const { tenant, roleIds } of targets) invite(req, tenant, body.user, roleIds);
  return {};
}

function addUsersToSubTenant(req: PreviewRequest) {
  const body = parseWith(sc.addUsersToSubTenant.body, req.body);
  const tenant = inSubtree(req, body.tenantId);
  const roleIds = rolesFor(req.state, tenant.tenantId, body.roleIds, 'invite');
  assertNotMembers(
    req.state,
    body.users.map((u) => u.email),
    [tenant],
  );
  for (const user of body.users) invite(req, tenant, user, roleIds, body.allowSubAccountAccess);
  return {};
}

/** A user of the caller's subtree, member of each named account; else not found. */
function memberOf(req: PreviewRequest, userId: string, tenantIds: readonly string[]): User {
  const accounts = tenantIds.map((id) => inSubtree(req, id).tenantId);
  const user = req.state.users.find((u) => u.id === userId);
  if (!user || !accounts.every((id) => user.tenantIds.includes(id))) throw fail(404, 'User not found');
  return user;
}

function removeUser(req: PreviewRequest) {
  const body = parseWith(sc.removeUserFromTenantAndSubTenants.body, req.body);
  const accounts = body.subTenants.map((s) => s.tenantId);
  const user = memberOf(req, body.userId, accounts);
  if (user.id === req.state.session.userId && accounts.includes(callerAccount(req).tenantId))
    throw fail(400, 'You cannot delete yourself');
  user.tenantIds = user.tenantIds.filter((id) => !accounts.includes(id));
  if (user.tenantIds.length === 0) req.state.users = req.state.users.filter((u) => u !== user);
  else if (!user.tenantIds.includes(user.tenantId)) user.tenantId = user.tenantIds[0]!;
  return {};
}

type RolesContract =
  | typeof sc.addUserRolesForSubTenants
  | typeof sc.removeUserRolesFromSubTenants
  | typeof sc.setUserRolesForSubTenants;

const rolesChange =
  (contract: RolesContract, apply: (current: string[], given: string[]) => string[]) =>
  (req: PreviewRequest) => {
    const { userId } = parseWith(contract.params, req.params);
    const body = parseWith(contract.body, req.body);
    const user = memberOf(
      req,
      userId,
      body.subTenantsRoles.map((s) => s.tenantId),
    );
    const given = body.subTenantsRoles.flatMap((s) => rolesFor(req.state, s.tenantId, s.roleIds));
    user.roleIds = apply(user.roleIds, [...new Set(given)]);
    return {};
  };

/** Allows or denies a member of the caller's account its sub-accounts (TENANTS-021). */
function updateSubAccountAccess(req: PreviewRequest) {
  const { userId } = parseWith(sc.updateSubAccountAccess.params, req.params);
  const { allowAccess } = parseWith(sc.updateSubAccountAccess.body, req.body);
  const account = callerAccount(req);
  const user = memberOf(req, userId, [account.tenantId]);
  if (!allowAccess && account.subAccountAccessType === 'alwaysOn')
    throw fail(
      400,
      "Sub-account access cannot be denied: the account's hierarchy settings keep it always on",
    );
  user.subAccountAccessAllowed = allowAccess;
  return {};
}

export const tenantsHandlers: PreviewRoute[] = [
  // Tenants of the signed-in user (their own and the sub-accounts they may enter), switching
  on(paths.users.getCurrentUserTenantsV1, ({ state }) => currentUserTenants(state)),
  on(paths.tenants.getTenants, ({ state }) => tenantsOf(state, signedInUser(state)).map(tenantView)),
  on(paths.users.getCurrentUserTenantsV3, ({ state }) => currentUserTenants(state)),
  on(paths.tenants.switchTenant, ({ state, body }) => {
    const { tenantId } = parseWith(tc.switchTenant.body, body);
    switchTenantTo(state, signedInUser(state), tenantId);
    return {};
  }),
  // The hierarchy
  on(paths.tenants.getSubTenants, subTenants),
  on(paths.tenants.getSubTenantsAsTree, (req) => treeNode(req.state, callerAccount(req), new Set())),
  on(paths.tenants.searchSubTenants, searchSubTenants),
  on(paths.tenants.getParentTenants, (req) =>
    ancestorsOf(req.state, callerAccount(req).tenantId).map((t, i) => parentView(t, i + 1)),
  ),
  on(paths.tenants.getParentTenantsById, parentsById),
  on(paths.tenants.getTenantsUsersCount, usersCount),
  on(paths.tenants.getHierarchyMetadata, hierarchyMetadata),
  // Sub-accounts
  on(paths.subTenants.createSubTenant, createSubTenant),
  on(paths.subTenants.updateSubTenant, renameSubTenant),
  on(paths.subTenants.updateSubTenantManagement, manageSubTenant),
  on(paths.subTenants.updateSubTenantHierarchySettings, hierarchySettings),
  on(paths.subTenants.deleteSubTenant, deleteSubTenant),
  // Users across the subtree
  on(paths.subTenants.addUserToTenantAndSubTenants, addUserToTenantAndSubTenants),
  on(paths.subTenants.addUsersToSubTenant, addUsersToSubTenant),
  on(paths.subTenants.removeUserFromTenantAndSubTenants, removeUser),
  on(
    paths.subTenants.addUserRolesForSubTenants,
    rolesChange(sc.addUserRolesForSubTenants, (current, given) => [...new Set([...current, ...given])]),
  ),
  on(
    paths.subTenants.removeUserRolesFromSubTenants,
    rolesChange(sc.removeUserRolesFromSubTenants, (current, given) =>
      current.filter((id) => !given.includes(id)),
    ),
  ),
  on(
    paths.subTenants.setUserRolesForSubTenants,
    rolesChange(sc.setUserRolesForSubTenants, (_current, given) => given),
  ),
  on(paths.subTenants.updateSubAccountAccess, updateSubAccountAccess),
];
