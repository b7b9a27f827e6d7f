// Users of the account, invitations, the invite link and temporary users.
import { paths } from '../paths';
import {
  fail,
  find,
  first,
  flag,
  int,
  iso,
  type Json,
  merge,
  newId,
  ok,
  on,
  page,
  type PreviewHandler,
  type PreviewRequest,
  type PreviewRoute,
  randomHex,
  record,
  remove,
  sortList,
  text,
  texts,
} from './common';
import { descendants, roleLite, rolesOf, scopedTenant, userView } from './views';
import {
  buildUser,
  INACTIVE_THRESHOLD_SECONDS,
  SAMPLE_VENDOR_ID,
  type InviteLink,
  type User,
} from './sampleData';

const USER_SORT_FIELDS = new Set([
  'createdAt',
  'name',
  'email',
  'id',
  'verified',
  'isLocked',
  'provider',
  'tenantId',
  'lastLogin',
]);

function filterUsers(req: PreviewRequest, includeSubTenantsByDefault = false): User[] {
  const { state, query: q, now } = req;
  const tenantId = scopedTenant(req);
  const includeSub = flag(q, ['_includeSubTenants', 'includeSubTenants'], includeSubTenantsByDefault);
  const scope = new Set(includeSub ? [tenantId, ...descendants(state, tenantId)] : [tenantId]);
  let list = state.users.filter((u) => u.tenantIds.some((t) => scope.has(t)));

  const preset = first(q, ['_preset', 'preset']);
  if (preset === 'breached-passwords') list = list.filter((u) => u.isBreachedPassword);
  else if (preset === 'mfa-unenrolled') list = list.filter((u) => !u.mfaEnrolled);
  else if (preset === 'inactive') {
    const since = now.getTime() - int(q, ['_maxInactiveSeconds'], INACTIVE_THRESHOLD_SECONDS) * 1000;
    list = list.filter((u) => u.lastLogin === null || Date.parse(u.lastLogin) < since);
  } else if (preset !== null) throw fail(400, `Unknown preset: ${preset}`);

  const locked = first(q, ['_isLocked', 'isLocked']);
  if (locked !== null) list = list.filter((u) => u.isLocked === (locked === 'true' || locked === '1'));
  const email = first(q, ['_email', 'email'])?.toLowerCase();
  if (email) list = list.filter((u) => u.email.toLowerCase() === email);
  const search = first(q, ['_filter', 'filter'])?.toLowerCase();
  if (search)
    list = list.filter(
      (u) => u.name.toLowerCase().includes(search) || u.email.toLowerCase().includes(search),
    );
  const sortBy = first(q, ['_sortBy', 'sortBy']);
  if (sortBy && USER_SORT_FIELDS.has(sortBy)) list = sortList(list, sortBy, first(q, ['_order', 'order']));
  return list;
}

function listUsers(req: PreviewRequest, includeSubTenantsByDefault = false) {
  const list = filterUsers(req, includeSubTenantsByDefault).map((u) => userView(req.state, u));
  return page(list, int(req.query, ['_offset', 'offset'], 0), int(req.query, ['_limit', 'limit'], 20));
}

function addUser(req: PreviewRequest) {
  const { state, now } = req;
  const body = record(req.body);
  const email = text(body.email)?.trim().toLowerCase();
  if (!email) throw fail(400, 'email is required');
  const existing = state.users.find((u) => u.email.toLowerCase() === email);
  const tenantId = text(body.tenantId) ?? scopedTenant(req);
  // As the server: an active member is refused; the same route resends a pending invitation.
  if (existing?.activatedForTenant && existing.tenantIds.includes(tenantId))
    throw fail(409, 'The user is already a member of this account');
  if (existing) return userView(state, existing);
  const roleIds = texts(body.roleIds).filter((id) => state.roles.some((r) => r.id === id));
  const user = buildUser({
    id: newId('user'),
    email,
    name: text(body.name) ?? email,
    phoneNumber: text(body.phoneNumber) ?? null,
    tenantId,
    tenantIds: [tenantId],
    roleIds: roleIds.length ? roleIds : state.roles.filter((r) => r.isDefault).map((r) => r.id),
    verified: false,
    activatedForTenant: false,
    createdAt: iso(now),
  });
  state.users.push(user);
  return userView(state, user);
}

function updateUser(req: PreviewRequest) {
  const body = record(req.body);
  const user = find(req.state.users, (u) => u.id === text(body.id), 'User');
  merge(user, body, ['name', 'phoneNumber', 'profilePictureUrl']);
  // An emptied role list arrives as [''] (TEAM rule); texts() drops the empty string.
  if (Array.isArray(body.roleIds))
    user.roleIds = texts(body.roleIds).filter((id) => req.state.roles.some((r) => r.id === id));
  return userView(req.state, user);
}

function deleteUser(req: PreviewRequest) {
  const { state, params } = req;
  if (params.userId === state.session.userId) throw fail(400, 'You cannot delete yourself');
  remove(state.users, (u) => u.id === params.userId, 'User');
  for (const group of state.groups) group.userIds = group.userIds.filter((id) => id !== params.userId);
  state.sessions = state.sessions.filter((s) => s.userId !== params.userId);
  return {};
}

const userById = (req: PreviewRequest): User =>
  find(req.state.users, (u) => u.id === req.params.userId, 'User');

function setDisabled(isDisabled: boolean): PreviewHandler {
  return (req) => {
    const user = userById(req);
    if (isDisabled && user.id === req.state.session.userId) throw fail(400, 'You cannot disable yourself');
    user.isDisabled = isDisabled;
    return userView(req.state, user);
  };
}

/** As the server: an administrator lifts a member's lockout. */
function unlockUser(req: PreviewRequest) {
  const user = userById(req);
  user.isLocked = false;
  return userView(req.state, user);
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

function minutesOf(body: Json): number | undefined {
  const minutes = body.expiresInMinutes;
  if (minutes === undefined) return undefined;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > 366 * 1440)
    throw fail(400, 'expiresInMinutes: Invalid number');
  return minutes;
}

/** Creates the tenant's link, or replaces it with a new token. */
function createInviteLink(req: PreviewRequest) {
  const body = record(req.body);
  const tenantId = scopedTenant(req);
  const minutes = minutesOf(body) ?? DEFAULT_INVITE_LINK_MINUTES;
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
  const link = inviteLinkOf(req);
  const body = record(req.body);
  const minutes = minutesOf(body);
  if (minutes !== undefined) link.expires = iso(new Date(req.now.getTime() + minutes * 60_000));
  if (typeof body.shouldSendEmail === 'boolean') link.shouldSendEmail = body.shouldSendEmail;
  return inviteLinkView(link);
}

function setExpiration(req: PreviewRequest) {
  const seconds = record(req.body).expirationInSeconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 60)
    throw fail(400, 'expirationInSeconds: Invalid number');
  const user = userById(req);
  user.temporaryExpirationDate = iso(new Date(req.now.getTime() + seconds * 1000));
  return userView(req.state, user);
}

function usersByIds(req: PreviewRequest): User[] {
  const ids = (req.query.get('ids') ?? '').split(',').filter(Boolean);
  return req.state.users.filter((u) => ids.includes(u.id));
}

export const teamHandlers: PreviewRoute[] = [
  on(paths.subTenants.loadAllUsers, (req) => listUsers(req, true)),
  // Users
  on(paths.users.getUsersV2, (req) => listUsers(req)),
  on(paths.users.getUsersV3, (req) => listUsers(req)),
  on(paths.teams.loadUsers, (req) => {
    const q = req.query;
    const mapped = new URLSearchParams({
      _filter: q.get('filter') ?? '',
      _sortBy: q.get('sortBy') ?? '',
      _order: q.get('sortDirection') ?? '',
    });
    const list = filterUsers({ ...req, query: mapped }).map((u) => userView(req.state, u));
    return page(list, int(q, ['pageOffset'], 0), int(q, ['pageSize'], 20));
  }),
  on(paths.auth.getUserById, (req) =>
    userView(
      req.state,
      find(req.state.users, (u) => u.id === req.params.userId, 'User'),
    ),
  ),
  on(paths.teams.addUser, addUser),
  on(paths.teams.updateUser, updateUser),
  on(paths.teams.deleteUser, deleteUser),
  on(paths.teams.disableUser, setDisabled(true)),
  on(paths.teams.enableUser, setDisabled(false)),
  on(paths.teams.unlockUser, unlockUser),
  on(paths.teams.resendActivationLink, resendActivation),
  on(paths.teams.getInviteLinkConfiguration, () => ({
    isEnabled: true,
    defaultExpiresInMinutes: DEFAULT_INVITE_LINK_MINUTES,
  })),
  // No link: 200 without a token, as the server (and Frontegg) answer.
  on(paths.teams.getInviteUserLink, (req) => {
    const tenantId = scopedTenant(req);
    const link = req.state.inviteLinks.find((l) => l.tenantId === tenantId);
    return link ? inviteLinkView(link) : {};
  }),
  on(paths.teams.createInviteUserLink, createInviteLink),
  on(paths.teams.createInviteUserLinkV2, createInviteLink),
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
    return userView(req.state, user);
  }),
  on(paths.users.getUsersRoles, (req) =>
    usersByIds(req).map((u) => ({ userId: u.id, roles: rolesOf(req.state, u.roleIds).map(roleLite) })),
  ),
  on(paths.users.getUsersGroups, (req) =>
    usersByIds(req).map((u) => ({ userId: u.id, groups: userView(req.state, u).groups })),
  ),
  on(paths.users.sendResetBreachedPasswordEmails, ok),
  on(paths.teams.loadAvailableRoles, ({ state }) => state.roles),
];
