// Views shared by several families: the stored records as the API answers them, and who is calling.
import { SUB_ACCOUNT_ACCESS_REFUSED } from '../contracts/hierarchy';
import type { z } from 'zod';
import type { userProfile } from '../contracts/users';
import { userIdentityOf } from '../userViews';
import { fail, find, type PreviewRequest } from './common';
import { decodePreviewJwt } from './jwt';
import {
  type Application,
  type Group,
  type Permission,
  type Role,
  type SampleState,
  type Tenant,
  type User,
} from './sampleData';

/** The signed-in user's profile (the contract's type: the preview answers no other copy of it). */
export type UserProfile = z.infer<typeof userProfile>;

export const rolesOf = (state: SampleState, ids: readonly string[]): Role[] =>
  ids.flatMap((id) => state.roles.filter((r) => r.id === id));

export function permissionsOf(state: SampleState, roles: readonly Role[]): Permission[] {
  const ids = new Set(roles.flatMap((r) => r.permissions));
  return state.permissions.filter((p) => ids.has(p.id));
}

export const roleLite = (r: Role) => ({
  id: r.id,
  key: r.key,
  name: r.name,
  description: r.description,
  isDefault: r.isDefault,
});

export const permissionView = (state: SampleState, p: Permission) => ({
  ...p,
  updatedAt: p.createdAt,
  roleIds: state.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
});

export const userLite = (u: User) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  profilePictureUrl: u.profilePictureUrl,
});

export function userView(state: SampleState, user: User) {
  const roles = rolesOf(state, user.roleIds).map(roleLite);
  return {
    ...user,
    phone: user.phoneNumber,
    emailVerified: user.verified,
    roles,
    groups: state.groups
      .filter((g) => g.userIds.includes(user.id))
      .map((g) => ({ id: g.id, name: g.name, color: g.color })),
    tenants: user.tenantIds.map((tenantId) => ({ tenantId, roles })),
    profileImage: user.profilePictureUrl,
    mfaEnabled: user.mfaEnrolled,
    customData: {},
    applications: appIdsOf(state, user.id),
  };
}

// Applications (TEAM-021): FREE_ACCESS ones are every user's; per-user answers list them, per-app ones do not.
export const isFree = (app: Application) => app.accessType === 'FREE_ACCESS';
export const appIdsOf = (state: SampleState, userId: string): string[] =>
  state.applications.filter((a) => isFree(a) || a.userIds.includes(userId)).map((a) => a.id);
export const appView = (app: Application) => ({ ...app, userIds: isFree(app) ? [] : [...app.userIds] });

/** A user of the tenant the call acts on; any other id is a 404 (as on the server). */
export function tenantUser(req: PreviewRequest, userId: string): User {
  const tenantId = scopedTenant(req);
  return find(req.state.users, (u) => u.id === userId && u.tenantIds.includes(tenantId), 'User');
}

/** The signed-in user as users v2 me and every sign-in answer it (the users contract's `userProfile`). */
export function meView(state: SampleState, user: User): UserProfile {
  const roles = rolesOf(state, user.roleIds);
  return {
    ...userIdentityOf(user),
    verified: user.verified,
    mfaEnrolled: user.mfaEnrolled,
    provider: user.provider,
    tenantId: state.session.activeTenantId,
    tenantIds: [...user.tenantIds],
    // The sample user holds the same roles in each of its tenants.
    tenants: user.tenantIds.map((tenantId) => ({ tenantId, roles })),
    metadata: user.metadata,
    roles,
    permissions: permissionsOf(state, roles).map((p) => ({
      ...permissionView(state, p),
      roleIds: roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
    })),
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}

export function groupView(state: SampleState, group: Group) {
  const { roleIds, userIds, tenantId: _tenantId, ...rest } = group;
  return {
    ...rest,
    roles: rolesOf(state, roleIds).map(roleLite),
    users: userIds.flatMap((id) => state.users.filter((u) => u.id === id)).map(userLite),
  };
}

export const childrenOf = (state: SampleState, tenantId: string): Tenant[] =>
  state.tenants.filter((t) => t.parentTenantId === tenantId && t.deletedAt === null);

export function descendants(state: SampleState, tenantId: string): string[] {
  return childrenOf(state, tenantId).flatMap((t) => [t.tenantId, ...descendants(state, t.tenantId)]);
}

export function currentUser(state: SampleState): User {
  return find(state.users, (u) => u.id === state.session.userId, 'User');
}

export function signedInUser(state: SampleState): User {
  if (!state.session.signedIn) throw fail(401, 'Unauthorized');
  return currentUser(state);
}

/** The claim marking a preview token of one account (users v3 me/token, TENANTS-014). */
export const ACCOUNT_TOKEN_CLAIM = 'previewAccountToken';

/** The account a request's token was issued for by users v3 me/token; null for the session's token. */
function accountOfToken(req: PreviewRequest): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  const claims = bearer ? decodePreviewJwt(bearer) : null;
  if (!claims || claims[ACCOUNT_TOKEN_CLAIM] !== true || typeof claims.tenantId !== 'string') return null;
  // Every call re-checks the access, as the server does: denying it refuses the next call at once.
  if (!accessTo(req.state, currentUser(req.state), claims.tenantId))
    throw fail(403, SUB_ACCOUNT_ACCESS_REFUSED);
  return claims.tenantId;
}

/**
 * The tenant a call acts on: the account of an account token (a sub-account's, from users v3 me/token), else
 * the scoped-tenant header, else the signed-in tenant.
 */
export const scopedTenant = (req: PreviewRequest): string =>
  accountOfToken(req) || req.headers.get('frontegg-scoped-tenant') || req.state.session.activeTenantId;

export const liveTenant = (state: SampleState, tenantId: string): Tenant | undefined =>
  state.tenants.find((t) => t.tenantId === tenantId && t.deletedAt === null);

/** The live ancestors of a tenant, nearest first. */
export function ancestorsOf(state: SampleState, tenantId: string): Tenant[] {
  const chain: Tenant[] = [];
  let parentId = liveTenant(state, tenantId)?.parentTenantId ?? null;
  while (parentId && !chain.some((t) => t.tenantId === parentId)) {
    const parent = liveTenant(state, parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parentTenantId;
  }
  return chain;
}

/**
 * May the user act in the tenant (docs/decisions/0026-sub-accounts.md)? As a member of it; else through the
 * NEAREST ancestor they are a member of, when that membership allows sub-account access (the preview keeps one
 * flag per user) or the ancestor's access type is 'alwaysOn'. Answers the acting ancestor when delegated.
 */
export function accessTo(
  state: SampleState,
  user: User,
  tenantId: string,
): { tenant: Tenant; actingTenantId: string | null } | null {
  const tenant = liveTenant(state, tenantId);
  if (!tenant || user.isDisabled) return null;
  if (user.tenantIds.includes(tenantId)) return { tenant, actingTenantId: null };
  const ancestor = ancestorsOf(state, tenantId).find((t) => user.tenantIds.includes(t.tenantId));
  if (!ancestor) return null;
  const allowed = user.subAccountAccessAllowed || ancestor.subAccountAccessType === 'alwaysOn';
  return allowed ? { tenant, actingTenantId: ancestor.tenantId } : null;
}

/** Every account the user may enter: their own and, where allowed, their sub-accounts; each once (TENANTS-003). */
export function tenantsOf(state: SampleState, user: User): Tenant[] {
  return state.tenants.filter((t) => t.deletedAt === null && accessTo(state, user, t.tenantId) !== null);
}

export function switchTenantTo(state: SampleState, user: User, tenantId: string): void {
  if (!accessTo(state, user, tenantId)) throw fail(403, 'User is not a member of this tenant');
  state.session.activeTenantId = tenantId;
  user.tenantId = tenantId;
}
