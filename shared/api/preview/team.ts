// Users of the account, invitations, the invite link and temporary users (the contract: contracts/team.ts).
import type { z } from 'zod';
import {
  readUsersListQuery,
  teamContracts as tc,
  type teamUser,
  type usersListFields,
} from '../contracts/team';
import { paths } from '../paths';
import { teamUserOf } from '../userViews';
import {
  fail,
  find,
  iso,
  newId,
  on,
  page,
  parseWith,
  type PreviewHandler,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
  remove,
  sortList,
} from './common';
import {
  appIdsOf,
  descendants,
  permissionsOf,
  permissionView,
  rolesOf,
  scopedTenant,
  tenantUser,
} from './views';
import {
  buildUser,
  INACTIVE_THRESHOLD_SECONDS,
  SAMPLE_VENDOR_ID,
  type InviteLink,
  type SampleState,
  type User,
} from './sampleData';

type TeamUserView = z.infer<typeof teamUser>;

/** A user as the users calls answer it (the contract's team user): the roles and groups of the user's tenants. */
export function teamUserView(state: SampleState, user: User): TeamUserView {
  const roles = rolesOf(state, user.roleIds);
  return teamUserOf(user, {
    ...user,
    roles,
    groups: state.groups
      .filter((g) => g.userIds.includes(user.id))
      .map((g) => ({ id: g.id, name: g.name, color: g.color })),
    applications: appIdsOf(state, user.id),
    tenants: user.tenantIds.map((tenantId) => ({ tenantId, roles })),
  });
}

/** Users v2: with the permissions of the user's roles, each with the ids of the user's roles holding it. */
const withPermissions = (state: SampleState, view: TeamUserView) => ({
  ...view,
  permissions: permissionsOf(state, rolesOf(state, view.roleIds)).map((p) => ({
    ...permissionView(state, p),
    roleIds: view.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
  })),
});

/** The query with the server's message format; either spelling of each name (`_offset` or `offset`). */
const listQuery = (req: PreviewRequest) =>
  readUsersListQuery(Object.fromEntries(req.query), (...errors) => fail(400, ...errors));

type ListFields = z.output<typeof usersListFields>;

function filterUsers(req: PreviewRequest, q: ListFields, includeSubTenantsByDefault = false): User[] {
  const { state, now } = req;
  const tenantId = scopedTenant(req);
  const includeSub = q.includeSubTenants ?? includeSubTenantsByDefault;
  const scope = new Set(includeSub ? [tenantId, ...descendants(state, tenantId)] : [tenantId]);
  let list = state.users.filter((u) => u.tenantIds.some((t) => scope.has(t)));

  if (q.preset === 'breached-passwords') list = list.filter((u) => u.isBreachedPassword);
  else if (q.preset === 'mfa-unenrolled') list = list.filter((u) => !u.mfaEnrolled);
  else if (q.preset === 'inactive') {
    const since = now.getTime() - (q.maxInactiveSeconds ?? INACTIVE_THRESHOLD_SECONDS) * 1000;
    list = list.filter((u) => u.lastLogin === null || Date.parse(u.lastLogin) < since);
  }
  if (q.isLocked !== undefined) list = list.filter((u) => u.isLocked === q.isLocked);
  if (q.email) list = list.filter((u) => u.email.toLowerCase() === q.email);
  const search = q.filter?.toLowerCase();
  if (search)
    list = list.filter(
      (u) => u.name.toLowerCase().includes(search) || u.email.toLowerCase().includes(search),
    );
  return sortList(list, q.sortBy ?? 'name', q.order ?? 'DESC');
}

function listUsers(req: PreviewRequest, includeSubTenantsByDefault = false) {
  const q = listQuery(req);
  const list = filterUsers(req, q, includeSubTenantsByDefault).map((u) => teamUserView(req.state, u));
  return page(list, q.offset ?? 0, q.limit ?? 20);
}

/** As the server: role ids a tenant may hand out (the vendor's and its own); another one is not found. */
function assignable(req: PreviewRequest, ids: readonly string[]): string[] {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  const tenantId = scopedTenant(req);
  if (
    !wanted.every((id) =>
      req.state.roles.some((r) => r.id === id && (!r.tenantId || r.tenantId === tenantId)),
    )
  )
    throw fail(404, 'Role not found');
  return wanted;
}

const phoneOf = (body: { phoneNumber?: string | null; phone?: string | null }) => {
  const value = body.phoneNumber !== undefined ? body.phoneNumber : body.phone;
  return value === '' ? null : value;
};

function addUser(req: PreviewRequest) {
  const { state, now } = req;
  const body = parseWith(tc.addUser.body, req.body);
  const tenantId = scopedTenant(req);
  if (body.tenantId !== undefined && body.tenantId !== tenantId) throw fail(404, 'Tenant not found');
  const existing = state.users.find((u) => u.email.toLowerCase() === body.email);
  // As the server: an active member is refused; the same route resends a pending invitation.
  if (existing?.activatedForTenant && existing.tenantIds.includes(tenantId))
    throw fail(409, 'The user is already a member of this account');
  if (existing) return teamUserView(state, existing);
  const roleIds = assignable(req, body.roleIds ?? []);
  const user = buildUser({
    id: newId('user'),
    email: body.email,
    name: body.name || body.email,
    phoneNumber: phoneOf(body) ?? null,
    tenantId,
    tenantIds: [tenantId],
    roleIds: roleIds.length ? roleIds : state.roles.filter((r) => r.isDefault).map((r) => r.id),
    verified: false,
    activatedForTenant: false,
    createdAt: iso(now),
  });
  state.users.push(user);
  return teamUserView(state, user);
}

function updateUser(req: PreviewRequest) {
  const body = parseWith(tc.updateUser.body, req.body);
  const user = tenantUser(req, body.id);
  // An emptied role list arrives as [''] (TEAM-004) and means no roles.
  const roleIds = body.roleIds && assignable(req, body.roleIds);
  if (body.name !== undefined) user.name = body.name;
  const phone = phoneOf(body);
  if (phone !== undefined) user.phoneNumber = phone;
  if (roleIds) user.roleIds = roleIds;
  return teamUserView(req.state, user);
}

/** Answers the user as they were in the tenant (Frontegg's deleteUser answers the deleted user). */
function deleteUser(req: PreviewRequest) {
  const { state, params } = req;
  const user = tenantUser(req, params.userId ?? '');
  if (user.id === state.session.userId) throw fail(400, 'You cannot delete yourself');
  const view = teamUserView(state, user);
  remove(state.users, (u) => u.id === user.id, 'User');
  for (const group of state.groups) group.userIds = group.userIds.filter((id) => id !== user.id);
  state.sessions = state.sessions.filter((s) => s.userId !== user.id);
  return view;
}

const userById = (req: PreviewRequest): User => tenantUser(req, req.params.userId ?? '');

function setDisabled(isDisabled: boolean): PreviewHandler {
  return (req) => {
    const user = userById(req);
    if (isDisabled && user.id === req.state.session.userId) throw fail(400, 'You cannot disable yourself');
    user.isDisabled = isDisabled;
    return teamUserView(req.state, user);
  };
}

/** As the server: an administrator lifts a member's lockout. */
function unlockUser(req: PreviewRequest) {
  const user = userById(req);
  user.isLocked = false;
  return teamUserView(req.state, user);
}

function resendActivation(req: PreviewRequest) {
  if (userById(req).verified) throw fail(400, 'The user is already activated');
  return {};
}

/** TEAM-020: an invite link lives 30 days unless the request says otherwise. */
export const DEFAULT_INVITE_LINK_MINUTES = 43_200;

const inviteLinkView = (link: InviteLink) => ({
  id: link.tenantId,
  vendorId: SAMPLE_VENDOR_ID,
  tenantId: link.tenantId,
  token: link.token,
  expires: link.expires,
  shouldSendEmail: link.shouldSendEmail,
});

function inviteLinkOf(req: PreviewRequest): InviteLink {
  const tenantId = scopedTenant(req);
  return find(req.state.inviteLinks, (l) => l.tenantId === tenantId, 'Invite link');
}

/** Creates the tenant's link, or replaces it with a new token. */
function createInviteLink(req: PreviewRequest, body: z.output<typeof tc.createInviteUserLink.body>) {
  const tenantId = scopedTenant(req);
  const minutes = body.expiresInMinutes ?? DEFAULT_INVITE_LINK_MINUTES;
  const link: InviteLink = {
    tenantId,
    token: randomHex(24),
    expires: iso(new Date(req.now.getTime() + minutes * 60_000)),
    shouldSendEmail: body.shouldSendEmail === true,
  };
  req.state.inviteLinks = [...req.state.inviteLinks.filter((l) => l.tenantId !== tenantId), link];
  return inviteLinkView(link);
}

function updateInviteLink(req: PreviewRequest) {
  const body = parseWith(tc.updateInviteUserLink.body, req.body);
  const link = inviteLinkOf(req);
  if (body.expiresInMinutes !== undefined)
    link.expires = iso(new Date(req.now.getTime() + body.expiresInMinutes * 60_000));
  if (body.shouldSendEmail !== undefined) link.shouldSendEmail = body.shouldSendEmail;
  return inviteLinkView(link);
}

function setExpiration(req: PreviewRequest) {
  const { expirationInSeconds } = parseWith(tc.updateUserExpirationTime.body, req.body);
  const user = userById(req);
  // As the server: the expiry is the user's, so only a user of no other tenant can be made temporary.
  if (user.tenantIds.some((t) => t !== scopedTenant(req)))
    throw fail(400, 'A user who belongs to other accounts cannot be made temporary');
  user.temporaryExpirationDate = iso(new Date(req.now.getTime() + expirationInSeconds * 1000));
  return teamUserView(req.state, user);
}

/** The listed users of the tenant; the others are silently absent (as on the server). */
function usersByIds(req: PreviewRequest): User[] {
  const { ids } = parseWith(tc.getUsersRoles.query, Object.fromEntries(req.query));
  const tenantId = scopedTenant(req);
  return ids.flatMap((id) => req.state.users.filter((u) => u.id === id && u.tenantIds.includes(tenantId)));
}

function stats(req: PreviewRequest) {
  const tenantId = scopedTenant(req);
  const members = req.state.users.filter((u) => u.tenantIds.includes(tenantId));
  const weekAgo = req.now.getTime() - 7 * 86_400_000;
  const admins = new Set(
    req.state.roles.filter((r) => !r.tenantId && r.key.toLowerCase() === 'admin').map((r) => r.id),
  );
  return {
    totalItems: members.length,
    addedThisWeek: members.filter((u) => Date.parse(u.createdAt) >= weekAgo).length,
    superAdmins: members.filter((u) => u.roleIds.some((id) => admins.has(id))).length,
    pendingInvitations: members.filter((u) => !u.activatedForTenant).length,
    disabled: members.filter((u) => u.isDisabled).length,
  };
}

export const teamHandlers: PreviewRoute[] = [
  on(paths.subTenants.loadAllUsers, (req) => listUsers(req, true)),
  // Users
  on(paths.users.getUsersV2, (req) => {
    const answer = listUsers(req);
    return { ...answer, items: answer.items.map((u) => withPermissions(req.state, u)) };
  }),
  on(paths.users.getUsersV3, (req) => listUsers(req)),
  on(paths.teams.loadUsers, (req) => {
    const q = parseWith(tc.loadUsers.query, Object.fromEntries(req.query));
    const fields: ListFields = {
      filter: q.filter,
      sortBy: q.sortBy,
      // TEAM-009: name ascending by default.
      order: q.sortDirection ?? 'ASC',
    } as ListFields;
    const list = filterUsers(req, fields).map((u) => teamUserView(req.state, u));
    const answer = page(list, q.pageOffset ?? 0, q.pageSize ?? 20);
    return { ...answer, totalPages: answer._metadata.totalPages };
  }),
  on(paths.auth.getUserById, (req) => teamUserView(req.state, userById(req))),
  on(paths.teams.loadStats, stats),
  on(paths.teams.addUser, addUser),
  on(paths.teams.updateUser, updateUser),
  on(paths.teams.deleteUser, deleteUser),
  on(paths.teams.disableUser, setDisabled(true)),
  on(paths.teams.enableUser, setDisabled(false)),
  on(paths.teams.unlockUser, unlockUser),
  on(paths.teams.resendActivationLink, resendActivation),
  on(paths.teams.getInviteLinkConfiguration, () => ({
    tenantInvitationsAllowed: true,
    emailsEnabled: true,
    defaultExpiresInMinutes: DEFAULT_INVITE_LINK_MINUTES,
    isEnabled: true,
  })),
  // No link: 200 without a token, as the server (and Frontegg) answer.
  on(paths.teams.getInviteUserLink, (req) => {
    const tenantId = scopedTenant(req);
    const link = req.state.inviteLinks.find((l) => l.tenantId === tenantId);
    return link ? inviteLinkView(link) : {};
  }),
  on(paths.teams.createInviteUserLink, (req) =>
    createInviteLink(req, parseWith(tc.createInviteUserLink.body, req.body)),
  ),
  on(paths.teams.createInviteUserLinkV2, (req) => {
    const body = parseWith(tc.createInviteUserLinkV2.body, req.body);
    // As the server: the link stores no roles yet.
    if ((body.roleIds ?? []).some((id) => id !== ''))
      throw fail(400, 'roleIds: Roles on an invite link are not supported');
    return createInviteLink(req, body);
  }),
  on(paths.teams.updateInviteUserLink, updateInviteLink),
  on(paths.teams.deleteInviteUserLink, (req) => {
    inviteLinkOf(req);
    const tenantId = scopedTenant(req);
    req.state.inviteLinks = req.state.inviteLinks.filter((l) => l.tenantId !== tenantId);
    return {};
  }),
  on(paths.teams.getTemporaryUserConfiguration, () => ({ enabled: true })),
  on(paths.teams.updateUserExpirationTime, setExpiration),
  on(paths.teams.setPermanentUser, (req) => {
    const user = userById(req);
    user.temporaryExpirationDate = null;
    return teamUserView(req.state, user);
  }),
  on(paths.users.getUsersRoles, (req) =>
    usersByIds(req).map((u) => {
      const view = teamUserView(req.state, u);
      return {
        userId: u.id,
        vendorId: u.vendorId,
        tenantId: view.tenantId,
        roleIds: view.roleIds,
        roles: view.roles,
      };
    }),
  ),
  on(paths.users.getUsersGroups, (req) =>
    usersByIds(req).map((u) => {
      const view = teamUserView(req.state, u);
      const groups = view.groups ?? [];
      return {
        userId: u.id,
        vendorId: u.vendorId,
        tenantId: view.tenantId,
        groupIds: groups.map((g) => g.id),
        groups,
      };
    }),
  ),
  on(paths.teams.loadAvailableRoles, (req) => {
    const tenantId = scopedTenant(req);
    return req.state.roles.filter((r) => !r.tenantId || r.tenantId === tenantId);
  }),
];
