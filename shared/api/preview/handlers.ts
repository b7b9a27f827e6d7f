// Preview handlers: one small function per entry of the paths table, reading and writing the sample state.
// A tiny router compiles each template once; the request's pathname is matched by suffix, so any base URL works.
import { previewFlagKeys } from '../../flags/flags.atoms';
import { paths, type ApiPath, type HttpMethod } from '../paths';
import { encodePreviewJwt } from './jwt';
import {
  buildAccessToken,
  buildApiToken,
  buildDomainRestriction,
  buildGroup,
  buildIpRestriction,
  buildRole,
  buildTenant,
  buildUser,
  INACTIVE_THRESHOLD_SECONDS,
  SAMPLE_TENANT_ID,
  SAMPLE_VENDOR_ID,
  type AccessToken,
  type ApiToken,
  type Application,
  type AuditRow,
  type Group,
  type InviteLink,
  type Permission,
  type RestrictionType,
  type Role,
  type SampleState,
  type Tenant,
  type User,
  type UserPhoneNumberRow,
} from './sampleData';

/** Feature flags fixed on in preview mode (SHELL-008). */
/** The flags fixed on in preview (SHELL-008): one list, shared with the flags the elements read. */
export const previewFeatureFlags = previewFlagKeys;

export const NOT_FOUND_MESSAGE = 'Not found in preview data';
export const WRONG_PASSWORD = 'wrong';
export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';

export interface PreviewRequest {
  state: SampleState;
  method: HttpMethod;
  /** Values of the `{name}` placeholders, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON (or form fields); undefined without a body. */
  body: unknown;
  headers: Headers;
  now: Date;
}

/** An answer with a status other than 200 or a body that is not JSON; handlers return or throw it. */
export class PreviewReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json',
    readonly headers: Record<string, string> = {},
  ) {}
}

export const fail = (status: number, ...errors: string[]): PreviewReply =>
  new PreviewReply(status, { errors });

export type PreviewHandler = (req: PreviewRequest) => unknown;

// ---------------------------------------------------------------------------------------------------------
// Small helpers

type Json = Record<string, unknown>;

const record = (body: unknown): Json =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
const iso = (date: Date): string => date.toISOString();

function first(query: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value !== '') return value;
  }
  return null;
}

function int(query: URLSearchParams, names: readonly string[], fallback: number): number {
  const raw = first(query, names);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;
}

function flag(query: URLSearchParams, names: readonly string[], fallback: boolean): boolean {
  const raw = first(query, names);
  return raw === null ? fallback : raw === 'true' || raw === '1';
}

/** Frontegg pagination wrapper; `_offset` counts pages (a `_links.next` carries `_offset=1`). */
function page<T>(items: readonly T[], pageIndex: number, limit: number) {
  const size = limit > 0 ? limit : Math.max(items.length, 1);
  return {
    items: items.slice(pageIndex * size, pageIndex * size + size),
    _metadata: { totalItems: items.length, totalPages: Math.ceil(items.length / size) },
  };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

function sortList<T extends object>(list: readonly T[], key: string, order: string | null): T[] {
  const direction = order?.toUpperCase() === 'DESC' ? -1 : 1;
  return [...list].sort((a, b) => compare((a as Json)[key], (b as Json)[key]) * direction);
}

function find<T>(list: readonly T[], match: (item: T) => boolean, what: string): T {
  const found = list.find(match);
  if (found === undefined) throw fail(404, `${what} not found`);
  return found;
}

function remove<T>(list: T[], match: (item: T) => boolean, what: string): void {
  const index = list.findIndex(match);
  if (index < 0) throw fail(404, `${what} not found`);
  list.splice(index, 1);
}

/** Copies the given keys from the body when their type matches the current value (null takes strings). */
function merge<T extends object>(target: T, body: Json, keys: readonly (keyof T & string)[]): T {
  const fields = target as Json;
  for (const key of keys) {
    if (!(key in body)) continue;
    const value = body[key];
    const current = fields[key];
    if (current === null ? value === null || typeof value === 'string' : typeof value === typeof current) {
      fields[key] = value;
    }
  }
  return target;
}

function randomHex(bytes: number): string {
  // getRandomValues works on insecure origins too, unlike randomUUID.
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (v) => v.toString(16).padStart(2, '0')).join('');
}

const newId = (prefix: string): string => `${prefix}-${randomHex(6)}`;

function expiresFrom(body: Json, now: Date): string | null {
  const minutes = body.expiresInMinutes;
  return typeof minutes === 'number' && minutes > 0 ? iso(new Date(now.getTime() + minutes * 60_000)) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Views: the stored records as the API answers them

const rolesOf = (state: SampleState, ids: readonly string[]): Role[] =>
  ids.flatMap((id) => state.roles.filter((r) => r.id === id));

function permissionsOf(state: SampleState, roles: readonly Role[]): Permission[] {
  const ids = new Set(roles.flatMap((r) => r.permissions));
  return state.permissions.filter((p) => ids.has(p.id));
}

const roleLite = (r: Role) => ({
  id: r.id,
  key: r.key,
  name: r.name,
  description: r.description,
  isDefault: r.isDefault,
});

const permissionView = (state: SampleState, p: Permission) => ({
  ...p,
  roleIds: state.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
});

const userLite = (u: User) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  profilePictureUrl: u.profilePictureUrl,
});

function userView(state: SampleState, user: User) {
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
const isFree = (app: Application) => app.accessType === 'FREE_ACCESS';
const appIdsOf = (state: SampleState, userId: string): string[] =>
  state.applications.filter((a) => isFree(a) || a.userIds.includes(userId)).map((a) => a.id);
const appView = (app: Application) => ({ ...app, userIds: isFree(app) ? [] : [...app.userIds] });
const idsParam = (query: URLSearchParams, ...names: string[]): string[] =>
  (first(query, names) ?? '').split(',').filter(Boolean);

/** A user of the tenant the call acts on; any other id is a 404 (as on the server). */
function tenantUser(req: PreviewRequest, userId: string): User {
  const tenantId = scopedTenant(req);
  return find(req.state.users, (u) => u.id === userId && u.tenantIds.includes(tenantId), 'User');
}

function assignment(req: PreviewRequest) {
  const body = record(req.body);
  const user = tenantUser(req, text(body.userId) ?? '');
  const appIds = [...new Set(texts(body.appIds))];
  if (!appIds.length) throw fail(400, 'appIds: appIds must name at least one id');
  const apps = appIds.map((id) => find(req.state.applications, (a) => a.id === id, 'Application'));
  const free = apps.filter(isFree);
  if (free.length)
    throw fail(
      400,
      `${free.map((a) => a.name).join(', ')}: FREE_ACCESS applications are open to every user and cannot be assigned`,
    );
  return { user, apps };
}

function meView(state: SampleState, user: User) {
  const roles = rolesOf(state, user.roleIds);
  return {
    ...userView(state, user),
    tenantId: state.session.activeTenantId,
    roles,
    permissions: permissionsOf(state, roles).map((p) => permissionView(state, p)),
    mfaEnabled: user.mfaEnrolled,
  };
}

function groupView(state: SampleState, group: Group) {
  const { roleIds, userIds, tenantId: _tenantId, ...rest } = group;
  return {
    ...rest,
    roles: rolesOf(state, roleIds).map(roleLite),
    users: userIds.flatMap((id) => state.users.filter((u) => u.id === id)).map(userLite),
  };
}

const childrenOf = (state: SampleState, tenantId: string): Tenant[] =>
  state.tenants.filter((t) => t.parentTenantId === tenantId && t.deletedAt === null);

function descendants(state: SampleState, tenantId: string): string[] {
  return childrenOf(state, tenantId).flatMap((t) => [t.tenantId, ...descendants(state, t.tenantId)]);
}

interface TenantNode {
  tenantId: string;
  name: string;
  numberOfUsers: number;
  children: TenantNode[];
}

function tenantTree(state: SampleState, tenant: Tenant): TenantNode {
  return {
    tenantId: tenant.tenantId,
    name: tenant.name,
    numberOfUsers: state.users.filter((u) => u.tenantIds.includes(tenant.tenantId)).length,
    children: childrenOf(state, tenant.tenantId).map((t) => tenantTree(state, t)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Session and identity

function currentUser(state: SampleState): User {
  return find(state.users, (u) => u.id === state.session.userId, 'User');
}

function signedInUser(state: SampleState): User {
  if (!state.session.signedIn) throw fail(401, 'Unauthorized');
  return currentUser(state);
}

/** The tenant a call acts on: the scoped-tenant header, else the signed-in tenant. */
const scopedTenant = (req: PreviewRequest): string =>
  req.headers.get('frontegg-scoped-tenant') || req.state.session.activeTenantId;

function tenantsOf(state: SampleState, user: User): Tenant[] {
  return state.tenants.filter((t) => user.tenantIds.includes(t.tenantId) && t.deletedAt === null);
}

function switchTenantTo(state: SampleState, user: User, tenantId: string): void {
  if (!user.tenantIds.includes(tenantId)) throw fail(400, 'User is not a member of this tenant');
  state.session.activeTenantId = tenantId;
  user.tenantId = tenantId;
}

/** Login and refresh answer: the profile, and tokens whose access token decodes like a real one. */
function authAnswer(req: PreviewRequest) {
  const { state, now } = req;
  const user = currentUser(state);
  const me = meView(state, user);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + 300;
  const accessToken = encodePreviewJwt({
    sub: user.id,
    email: user.email,
    name: user.name,
    email_verified: user.verified,
    tenantId: state.session.activeTenantId,
    tenantIds: user.tenantIds,
    roles: me.roles.map((r) => r.key),
    permissions: me.permissions.map((p) => p.key),
    profilePictureUrl: user.profilePictureUrl,
    type: 'userToken',
    iss: 'https://preview.fe-elements.dev',
    aud: state.vendor.id,
    iat,
    exp,
  });
  return {
    ...me,
    accessToken,
    refreshToken: `preview-refresh-${randomHex(16)}`,
    expiresIn: 300,
    expires: iso(new Date(exp * 1000)),
    mfaRequired: false,
  };
}

function login(req: PreviewRequest) {
  const body = record(req.body);
  const email = text(body.email)?.trim();
  const password = text(body.password);
  if (!email || !password || password === WRONG_PASSWORD) throw fail(400, LOGIN_FAILED_MESSAGE);
  const user = currentUser(req.state);
  req.state.session.signedIn = true;
  const tenantId = text(body.tenantId);
  req.state.session.activeTenantId = tenantId && user.tenantIds.includes(tenantId) ? tenantId : user.tenantId;
  user.lastLogin = iso(req.now);
  return authAnswer(req);
}

/** Links of the sample mails: this token stands for an expired or used link. */
export const PREVIEW_BAD_LINK_TOKEN = 'expired';

/** The one-time links of activation, invitation and reset: any userId and token, except the bad token. */
function linkToken(req: PreviewRequest, message: string): void {
  const body = { ...Object.fromEntries(req.query), ...record(req.body) };
  if (!text(body.userId) || !text(body.token) || text(body.token) === PREVIEW_BAD_LINK_TOKEN)
    throw fail(400, message);
}

function activate(req: PreviewRequest) {
  linkToken(req, 'The activation link is invalid or expired');
  req.state.session.signedIn = true;
  return authAnswer(req);
}

function refresh(req: PreviewRequest) {
  const user = signedInUser(req.state);
  const tenantId = text(record(req.body).tenantId);
  if (tenantId) switchTenantTo(req.state, user, tenantId);
  return authAnswer(req);
}

function updateMe(req: PreviewRequest) {
  const user = signedInUser(req.state);
  const body = record(req.body);
  if (body.metadata !== null && typeof body.metadata === 'object')
    body.metadata = JSON.stringify(body.metadata);
  merge(user, body, ['name', 'phoneNumber', 'profilePictureUrl', 'metadata']);
  return meView(req.state, user);
}

/** Raster data images only, as the server (PROFILE-002): an SVG can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The picture arrives as a form's `image` file (read as a data URL); answers its URL as text. */
function updateProfileImage(req: PreviewRequest) {
  const user = signedInUser(req.state);
  const image = text(record(req.body).image);
  if (!image || !DATA_IMAGE.test(image))
    throw fail(400, 'The profile picture must be a base64 PNG, JPEG, GIF or WebP image of at most 512 KiB');
  user.profilePictureUrl = image;
  return new PreviewReply(200, image, 'text/plain');
}

export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';

function changePassword(req: PreviewRequest) {
  signedInUser(req.state);
  const body = record(req.body);
  if (!text(body.password) || text(body.password) === WRONG_PASSWORD) throw fail(400, CURRENT_PASSWORD_WRONG);
  if ((text(body.newPassword) ?? '').length < 8) throw fail(400, 'The new password is too short');
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// Users

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

/** The portal metadata row, in the server's shape. */
const adminBoxRow = (state: SampleState) => ({
  id: `${SAMPLE_VENDOR_ID}:adminBox`,
  entityName: 'adminBox',
  vendorId: SAMPLE_VENDOR_ID,
  configuration: state.adminBoxMetadata,
});

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

// ---------------------------------------------------------------------------------------------------------
// Roles and groups

function addRole(req: PreviewRequest) {
  const { state, now } = req;
  const body = record(req.body);
  const name = text(body.name)?.trim();
  if (!name) throw fail(400, 'name is required');
  const key = text(body.key)?.trim() || name;
  if (state.roles.some((r) => r.key === key)) throw fail(409, `A role with key ${key} already exists`);
  const role = buildRole({
    id: newId('role'),
    key,
    name,
    description: text(body.description) ?? '',
    isDefault: body.isDefault === true,
    level: typeof body.level === 'number' ? body.level : 1,
    permissions: texts(body.permissionIds).filter((id) => state.permissions.some((p) => p.id === id)),
    tenantId: scopedTenant(req),
    createdAt: iso(now),
    updatedAt: iso(now),
  });
  state.roles.push(role);
  return role;
}

function updateRole(req: PreviewRequest) {
  const role = find(req.state.roles, (r) => r.id === req.params.roleId, 'Role');
  const body = record(req.body);
  merge(role, body, ['key', 'name', 'description', 'isDefault', 'level']);
  if (Array.isArray(body.permissionIds)) role.permissions = texts(body.permissionIds);
  role.updatedAt = iso(req.now);
  return role;
}

function deleteRole(req: PreviewRequest) {
  const { state, params } = req;
  remove(state.roles, (r) => r.id === params.roleId, 'Role');
  const drop = (ids: string[]) => ids.filter((id) => id !== params.roleId);
  for (const user of state.users) user.roleIds = drop(user.roleIds);
  for (const group of state.groups) group.roleIds = drop(group.roleIds);
  for (const token of state.tenantApiTokens) if (token.roleIds) token.roleIds = drop(token.roleIds);
  return {};
}

function setRolePermissions(req: PreviewRequest) {
  const role = find(req.state.roles, (r) => r.id === req.params.roleId, 'Role');
  role.permissions = texts(record(req.body).permissionIds).filter((id) =>
    req.state.permissions.some((p) => p.id === id),
  );
  role.updatedAt = iso(req.now);
  return role;
}

function setPermissionRoles(req: PreviewRequest) {
  const permission = find(req.state.permissions, (p) => p.id === req.params.permissionId, 'Permission');
  const roleIds = texts(record(req.body).roleIds);
  for (const role of req.state.roles) {
    const has = role.permissions.includes(permission.id);
    if (roleIds.includes(role.id) && !has) role.permissions.push(permission.id);
    if (!roleIds.includes(role.id) && has)
      role.permissions = role.permissions.filter((id) => id !== permission.id);
  }
  return permissionView(req.state, permission);
}

const groupById = (req: PreviewRequest): Group =>
  find(req.state.groups, (g) => g.id === req.params.groupId, 'Group');

function createGroup(req: PreviewRequest) {
  const body = record(req.body);
  const name = text(body.name)?.trim();
  if (!name) throw fail(400, 'name is required');
  const group = buildGroup({
    id: newId('group'),
    name,
    color: text(body.color) ?? '#5B8DEF',
    description: text(body.description) ?? '',
    metadata: text(body.metadata) ?? '{}',
    tenantId: scopedTenant(req),
    roleIds: texts(body.roleIds),
    userIds: texts(body.userIds),
    createdAt: iso(req.now),
    updatedAt: iso(req.now),
  });
  req.state.groups.push(group);
  return groupView(req.state, group);
}

function updateGroup(req: PreviewRequest) {
  const group = merge(groupById(req), record(req.body), ['name', 'color', 'description', 'metadata']);
  group.updatedAt = iso(req.now);
  return groupView(req.state, group);
}

/** Adds or removes ids of the body's `field` on one of the group's id lists. */
function groupMembers(
  list: 'roleIds' | 'userIds',
  field: 'roleIds' | 'userIds',
  add: boolean,
): PreviewHandler {
  return (req) => {
    const group = groupById(req);
    const ids = texts(record(req.body)[field]);
    group[list] = add
      ? [...new Set([...group[list], ...ids])]
      : group[list].filter((id) => !ids.includes(id));
    group.updatedAt = iso(req.now);
    return groupView(req.state, group);
  };
}

// ---------------------------------------------------------------------------------------------------------
// Tokens, restrictions

/** The fields every created token shares: description, creator, tenant, expiry, and roles for tenant tokens. */
function tokenFields(req: PreviewRequest, kind: 'user' | 'tenant') {
  const body = record(req.body);
  return {
    description: text(body.description) ?? '',
    createdAt: iso(req.now),
    createdByUserId: req.state.session.userId,
    tenantId: scopedTenant(req),
    expires: expiresFrom(body, req.now),
    ...(kind === 'tenant' ? { roleIds: texts(body.roleIds) } : {}),
  };
}

function createApiToken(kind: 'user' | 'tenant'): PreviewHandler {
  return (req) => {
    const token: ApiToken = buildApiToken({ clientId: newId('client'), ...tokenFields(req, kind) });
    (kind === 'user' ? req.state.userApiTokens : req.state.tenantApiTokens).push(token);
    return { ...token, secret: randomHex(24) };
  };
}

function createAccessToken(kind: 'user' | 'tenant'): PreviewHandler {
  return (req) => {
    const token: AccessToken = buildAccessToken({ id: newId('access-token'), ...tokenFields(req, kind) });
    (kind === 'user' ? req.state.userAccessTokens : req.state.tenantAccessTokens).push(token);
    return { ...token, secret: randomHex(24) };
  };
}

const restrictionType = (value: unknown): RestrictionType | undefined => {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  return upper === 'ALLOW' || upper === 'BLOCK' ? upper : undefined;
};

function ipToNumber(ip: string): number | null {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

/** IPv4 address or CIDR match; anything else compares as text. */
function ipMatches(entry: string, ip: string): boolean {
  const [base = '', bitsText] = entry.split('/');
  const a = ipToNumber(base);
  const b = ipToNumber(ip);
  if (a === null || b === null) return entry === ip;
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  const block = 2 ** (32 - bits);
  return Math.floor(a / block) === Math.floor(b / block);
}

function createIpRestriction(req: PreviewRequest, input: unknown) {
  const body = record(input);
  const ip = text(body.ip)?.trim();
  if (!ip) throw fail(400, 'ip is required');
  const strategy = restrictionType(body.strategy) ?? 'ALLOW';
  const now = iso(req.now);
  const existing = req.state.ipRestrictions.find((r) => r.ip === ip && r.strategy === strategy);
  if (existing) {
    merge(existing, body, ['isActive', 'description']);
    existing.updatedAt = now;
    return existing;
  }
  const restriction = buildIpRestriction({
    id: newId('ip'),
    ip,
    strategy,
    isActive: body.isActive !== false,
    description: text(body.description) ?? '',
    createdAt: now,
    updatedAt: now,
  });
  req.state.ipRestrictions.push(restriction);
  return restriction;
}

function currentIpValid(state: SampleState, allowListOnly: boolean): boolean {
  const hit = (strategy: RestrictionType) =>
    state.ipRestrictions.some(
      (r) => r.isActive && r.strategy === strategy && ipMatches(r.ip, state.currentIp),
    );
  if (allowListOnly) return hit('ALLOW');
  if (!state.ipRestrictionsConfig.isActive) return true;
  return state.ipRestrictionsConfig.strategy === 'ALLOW' ? hit('ALLOW') : !hit('BLOCK');
}

// ---------------------------------------------------------------------------------------------------------
// Audits

const AUDIT_RESERVED = new Set(['offset', 'count', 'sortBy', 'sortDirection', 'filter', 'paginationMode']);

function filterAudits(req: PreviewRequest): AuditRow[] {
  const q = req.query;
  let rows = [...req.state.audits];
  const search = first(q, ['filter'])?.toLowerCase();
  if (search) {
    rows = rows.filter((r) =>
      [r.email, r.action, r.description, r.ip, r.severity].some((v) => v.toLowerCase().includes(search)),
    );
  }
  for (const [name, value] of q) {
    if (AUDIT_RESERVED.has(name) || value === '' || !req.state.auditColumns.some((c) => c.name === name))
      continue;
    rows = rows.filter((r) => String((r as unknown as Json)[name]) === value);
  }
  const sortBy = first(q, ['sortBy']) ?? 'createdAt';
  return sortList(rows, sortBy, first(q, ['sortDirection']) ?? 'desc');
}

function auditsCsv(rows: readonly AuditRow[]): string {
  const columns = ['createdAt', 'email', 'action', 'description', 'ip', 'severity', 'userAgent'] as const;
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------------------
// Billing

const subscriptionById = (req: PreviewRequest) =>
  find(req.state.subscriptions, (s) => s.id === req.params.subscriptionId, 'Subscription');

function updateSubscription(req: PreviewRequest) {
  const { state } = req;
  const subscription = subscriptionById(req);
  const body = record(req.body);
  const planId = text(body.planId);
  if (planId) {
    const plan = find(state.plans, (p) => p.id === planId, 'Plan');
    subscription.planId = plan.id;
    subscription.planSlug = plan.slug;
    subscription.items = [{ id: `${subscription.id}-item`, planId: plan.id }];
    state.billingSummary.currentPlanId = plan.id;
  }
  const paymentMethodId = text(body.paymentMethodId);
  if (paymentMethodId) {
    find(state.paymentMethods, (p) => p.id === paymentMethodId, 'Payment method');
    subscription.paymentMethodId = paymentMethodId;
    state.billingSummary.paymentMethodId = paymentMethodId;
  }
  if (subscription.status === 'TRIALING' && subscription.paymentMethodId) subscription.status = 'ACTIVE';
  return subscription;
}

function cancelSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  subscription.cancellation = { policy: 'atPeriodEnd' };
  return subscription;
}

function renewSubscription(req: PreviewRequest) {
  const subscription = subscriptionById(req);
  subscription.cancellation = null;
  return subscription;
}

/** A one-page PDF naming the invoice: enough for a download to open. */
function invoicePdf(receiptNumber: string): string {
  const content = `BT /F1 18 Tf 72 720 Td (Invoice ${receiptNumber} - preview) Tj ET`;
  return [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${content.length} >> stream\n${content}\nendstream endobj`,
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Account settings

const ACCOUNT_SETTINGS_FIELDS = [
  'name',
  'address',
  'website',
  'timezone',
  'dateFormat',
  'timeFormat',
  'currency',
  'logo',
] as const;

/** JSON with sorted keys and no undefined values: equal objects compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Json)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

// ---------------------------------------------------------------------------------------------------------
// Tenants

function createSubTenant(req: PreviewRequest) {
  const { state } = req;
  const body = record(req.body);
  const name = text(body.name)?.trim();
  if (!name) throw fail(400, 'name is required');
  const parentTenantId = text(body.parentTenantId) ?? scopedTenant(req);
  find(state.tenants, (t) => t.tenantId === parentTenantId, 'Parent tenant');
  const tenant = buildTenant({
    tenantId: text(body.tenantId) ?? newId('tenant'),
    name,
    parentTenantId,
    createdAt: iso(req.now),
  });
  if (state.tenants.some((t) => t.tenantId === tenant.tenantId)) throw fail(409, 'Tenant already exists');
  state.tenants.push(tenant);
  currentUser(state).tenantIds.push(tenant.tenantId);
  return tenant;
}

/** The top of the sample hierarchy: it cannot be deleted. */
const rootTenantId = (state: SampleState): string | undefined =>
  state.tenants.find((t) => t.parentTenantId === null)?.tenantId;

function deleteSubTenant(req: PreviewRequest) {
  const { state } = req;
  const tenantId = req.params.tenantId ?? '';
  find(state.tenants, (t) => t.tenantId === tenantId, 'Tenant');
  if (tenantId === rootTenantId(state)) throw fail(400, 'The root account cannot be deleted');
  const gone = new Set([tenantId, ...descendants(state, tenantId)]);
  state.tenants = state.tenants.filter((t) => !gone.has(t.tenantId));
  for (const user of state.users) {
    user.tenantIds = user.tenantIds.filter((id) => !gone.has(id));
    if (gone.has(user.tenantId)) user.tenantId = user.tenantIds[0] ?? user.tenantId;
  }
  state.users = state.users.filter((u) => u.tenantIds.length > 0);
  if (gone.has(state.session.activeTenantId)) state.session.activeTenantId = currentUser(state).tenantId;
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// The signed-in user's phone numbers (PHONE-005..011), as server/routes/phone.ts answers them. The texted
// code is imaginary: any six digits but 000000 pass.

const MAX_PHONE_NUMBERS = 10;
const INVALID_PHONE_CODE = 'The code is invalid or has expired';

const phoneView = (row: UserPhoneNumberRow) => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  verified: row.verified,
  createdAt: row.createdAt,
});

/** E.164 once spaces, dashes, dots and brackets are dropped; else a 400 as the server's validation says. */
function phoneNumberOf(body: unknown): string {
  const raw = text(record(body).phoneNumber);
  const phone = raw?.replace(/[\s\-().]/g, '') ?? '';
  if (!/^\+[1-9]\d{6,14}$/.test(phone))
    throw fail(400, 'phoneNumber: a phone number in international format (+15551234567)');
  return phone;
}

function ownPhone(req: PreviewRequest, id = req.params.phoneId ?? ''): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
  return find(req.state.userPhoneNumbers, (p) => p.id === id && p.userId === userId, 'Phone number');
}

function addPhone(req: PreviewRequest): UserPhoneNumberRow {
  const userId = signedInUser(req.state).id;
  const phoneNumber = phoneNumberOf(req.body);
  const mine = req.state.userPhoneNumbers.filter((p) => p.userId === userId);
  const existing = mine.find((p) => p.phoneNumber === phoneNumber);
  if (existing) return existing;
  if (mine.length >= MAX_PHONE_NUMBERS) throw fail(400, `At most ${MAX_PHONE_NUMBERS} phone numbers`);
  const row = { id: newId('phone'), userId, phoneNumber, verified: false, createdAt: iso(req.now) };
  req.state.userPhoneNumbers.push(row);
  return row;
}

/** The otcToken names what the code is for and the number: `phone-verify:<id>:<nonce>`. */
const phoneOtc = (kind: 'phone-verify' | 'phone-delete', id: string) => `${kind}:${id}:${randomHex(4)}`;

/** Checks the otcToken and code of the body; answers the number the token names. */
function phoneCode(req: PreviewRequest, kind: 'phone-verify' | 'phone-delete'): UserPhoneNumberRow {
  const body = record(req.body);
  const [tokenKind, id] = (text(body.otcToken) ?? '').split(':');
  const code = text(body.code)?.trim() ?? '';
  if (tokenKind !== kind || !/^\d{6}$/.test(code) || code === '000000') throw fail(400, INVALID_PHONE_CODE);
  const userId = signedInUser(req.state).id;
  const row = req.state.userPhoneNumbers.find((p) => p.id === id && p.userId === userId);
  if (!row) throw fail(400, INVALID_PHONE_CODE);
  return row;
}

function listPhones(req: PreviewRequest) {
  const userId = signedInUser(req.state).id;
  const limit = Math.min(Math.max(int(req.query, ['limit'], 10), 1), 100);
  const offset = int(req.query, ['offset'], 0);
  const mine = req.state.userPhoneNumbers.filter((p) => p.userId === userId);
  return {
    items: mine.slice(offset, offset + limit).map(phoneView),
    _metadata: { totalItems: mine.length, limit, offset },
  };
}

function deletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (!row.verified) {
    req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
    return { deleted: true };
  }
  return new PreviewReply(202, { deleted: false, otcToken: phoneOtc('phone-delete', row.id) });
}

function verifyDeletePhone(req: PreviewRequest) {
  const row = ownPhone(req);
  if (phoneCode(req, 'phone-delete') !== row) throw fail(400, INVALID_PHONE_CODE);
  req.state.userPhoneNumbers = req.state.userPhoneNumbers.filter((p) => p !== row);
  return { deleted: true };
}

// ---------------------------------------------------------------------------------------------------------
// The table

const ok = () => ({});

/** One row of the table: the paths entry and the function that answers it. */
const on = (route: ApiPath, handler: PreviewHandler) => [route, handler] as const;

export const previewRoutes: ReadonlyArray<readonly [ApiPath, PreviewHandler]> = [
  // Sign-in, session, profile
  on(paths.auth.login, login),
  on(paths.auth.logout, ({ state }) => ((state.session.signedIn = false), {})),
  on(paths.auth.refreshToken, refresh),
  // Sign-up, activation, invitations, passwords: the mails are imaginary, the links any userId and token.
  on(paths.auth.signUpUser, (req) => {
    // With an invite link's token the sign-up joins that account: the token must name a live link, as on the server.
    const invitationToken = record(req.body).invitationToken;
    if (
      invitationToken !== undefined &&
      !req.state.inviteLinks.some(
        (l) => l.token === invitationToken && Date.parse(l.expires) > req.now.getTime(),
      )
    )
      throw fail(400, "We couldn't verify your invitation");
    return { shouldActivate: true, userId: text(record(req.body).email) ? newId('user') : '' };
  }),
  on(
    paths.auth.getActivateAccountStrategy,
    (req) => (linkToken(req, 'The activation link is invalid or expired'), { shouldSetPassword: false }),
  ),
  on(paths.auth.activateAccount, activate),
  on(paths.auth.resendActivationEmail, ok),
  on(paths.auth.acceptInvitation, (req) => (linkToken(req, "We couldn't verify your invitation"), {})),
  on(paths.auth.resendInvitationEmail, ok),
  on(paths.auth.forgotPassword, ok),
  on(
    paths.auth.validateResetPasswordToken,
    (req) => (linkToken(req, 'The password reset link is invalid or expired'), {}),
  ),
  on(
    paths.auth.resetPassword,
    (req) => (linkToken(req, 'The password reset link is invalid or expired'), {}),
  ),
  on(paths.auth.loadPasswordConfig, () => ({
    minLength: 8,
    maxLength: 128,
    allowPassphrases: true,
    minPhraseLength: 20,
    minOptionalTestsToPass: 0,
  })),
  on(paths.auth.silentOAuthRefreshToken, refresh),
  on(paths.auth.getMeV2, ({ state }) => meView(state, signedInUser(state))),
  on(paths.teams.updateProfile, updateMe),
  on(paths.teams.updateProfileImage, updateProfileImage),
  on(paths.teams.changePassword, changePassword),
  on(paths.auth.getUserAuthorization, ({ state }) => {
    const roles = rolesOf(state, signedInUser(state).roleIds);
    return { roles, permissions: permissionsOf(state, roles) };
  }),
  on(paths.auth.getMFADevices, ({ state }) => state.mfaDevices),
  on(paths.auth.getWebAuthnDevices, ({ state }) => ({ devices: state.mfaDevices.webauthn })),
  on(paths.auth.deleteWebAuthnDevice, ({ state, params }) => {
    remove(state.mfaDevices.webauthn, (d) => d.id === params.deviceId, 'Passkey');
    return {};
  }),
  on(paths.userPhoneNumbers.getUserPhoneNumbers, listPhones),
  on(paths.userPhoneNumbers.getUserOwnPhoneNumbers, listPhones),
  on(paths.userPhoneNumbers.createPhoneNumber, (req) => new PreviewReply(201, phoneView(addPhone(req)))),
  on(paths.userPhoneNumbers.preVerifyPhoneNumber, (req) => {
    const row = addPhone(req);
    return { otcToken: phoneOtc('phone-verify', row.id), id: row.id, phoneNumber: row.phoneNumber };
  }),
  on(paths.userPhoneNumbers.verifyPhoneNumber, (req) => {
    const row = phoneCode(req, 'phone-verify');
    row.verified = true;
    return phoneView(row);
  }),
  on(paths.userPhoneNumbers.deletePhoneNumber, deletePhone),
  on(paths.userPhoneNumbers.verifyDeletePhoneNumber, verifyDeletePhone),
  on(paths.users.GetUserJwt, (req) => ({ token: authAnswer(req).accessToken })),

  // Tenants of the signed-in user, switching, hierarchy
  on(paths.users.getCurrentUserTenantsV1, ({ state }) => tenantsOf(state, signedInUser(state))),
  on(paths.tenants.getTenants, ({ state }) => tenantsOf(state, signedInUser(state))),
  on(paths.users.getCurrentUserTenantsV3, ({ state }) => {
    const tenants = tenantsOf(state, signedInUser(state));
    return {
      tenants,
      activeTenant: tenants.find((t) => t.tenantId === state.session.activeTenantId) ?? null,
    };
  }),
  on(paths.tenants.switchTenant, ({ state, body }) => {
    switchTenantTo(state, signedInUser(state), text(record(body).tenantId) ?? '');
    return {};
  }),
  on(paths.tenants.getSubTenants, (req) =>
    descendants(req.state, scopedTenant(req)).flatMap((id) =>
      req.state.tenants.filter((t) => t.tenantId === id),
    ),
  ),
  on(paths.tenants.getSubTenantsAsTree, (req) =>
    tenantTree(
      req.state,
      find(req.state.tenants, (t) => t.tenantId === scopedTenant(req), 'Tenant'),
    ),
  ),
  on(paths.tenants.searchSubTenants, (req) => {
    const search = first(req.query, ['_filter', 'filter'])?.toLowerCase() ?? '';
    const list = descendants(req.state, scopedTenant(req))
      .flatMap((id) => req.state.tenants.filter((t) => t.tenantId === id))
      .filter((t) => t.name.toLowerCase().includes(search));
    return page(list, int(req.query, ['_offset', 'offset'], 0), int(req.query, ['_limit', 'limit'], 50));
  }),
  on(paths.tenants.getParentTenants, () => []),
  on(paths.tenants.getTenantsUsersCount, ({ state, body }) =>
    texts(record(body).tenantIds).map((tenantId) => ({
      tenantId,
      totalUsers: state.users.filter((u) => u.tenantIds.includes(tenantId)).length,
    })),
  ),
  on(paths.subTenants.createSubTenant, createSubTenant),
  on(paths.subTenants.updateSubTenant, (req) =>
    merge(
      find(req.state.tenants, (t) => t.tenantId === req.params.tenantId, 'Tenant'),
      record(req.body),
      ['name', 'alias', 'metadata'],
    ),
  ),
  on(paths.subTenants.deleteSubTenant, deleteSubTenant),
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

  // Applications (multi-app administration, TEAM-021..023)
  on(paths.applications.getApplicationsData, ({ state, query }) => {
    const ids = idsParam(query, 'ids', 'appIds');
    return state.applications
      .filter((a) => !ids.length || ids.includes(a.id))
      .filter((a) => query.get('includeFreeAccess') !== 'false' || !isFree(a))
      .map(appView);
  }),
  on(paths.applications.getTenantsApplications, (req) => [
    { tenantId: scopedTenant(req), appIds: req.state.applications.map((a) => a.id) },
  ]),
  on(paths.applications.getTenantsApplicationsV2, (req) => [
    {
      tenantId: scopedTenant(req),
      appIds: req.state.applications.map((a) => a.id),
      applications: req.state.applications.map(({ id, name, accessType }) => ({ id, name, accessType })),
    },
  ]),
  on(paths.applications.getUserApplicationsId, (req) =>
    appIdsOf(req.state, tenantUser(req, req.params.userId ?? '').id),
  ),
  on(paths.applications.getUsersApplicationsId, (req) => {
    const tenantId = scopedTenant(req);
    const ids = idsParam(req.query, 'userIds', 'ids');
    if (!ids.length) throw fail(400, 'userIds: A comma-joined list of userIds is required');
    return ids
      .filter((id) => req.state.users.some((u) => u.id === id && u.tenantIds.includes(tenantId)))
      .map((userId) => ({ userId, appIds: appIdsOf(req.state, userId) }));
  }),
  on(paths.applications.getUsersOfApplications, ({ state, query }) => {
    const ids = idsParam(query, 'appIds', 'ids');
    if (!ids.length) throw fail(400, 'appIds: A comma-joined list of appIds is required');
    return state.applications
      .filter((a) => ids.includes(a.id))
      .map((a) => ({ appId: a.id, userIds: appView(a).userIds }));
  }),
  on(paths.applications.assignUserToApplications, (req) => {
    const { user, apps } = assignment(req);
    for (const app of apps) if (!app.userIds.includes(user.id)) app.userIds.push(user.id);
    return new PreviewReply(201, { userId: user.id, appIds: appIdsOf(req.state, user.id) });
  }),
  on(paths.applications.unassignUserFromApplications, (req) => {
    const { user, apps } = assignment(req);
    for (const app of apps) app.userIds = app.userIds.filter((id) => id !== user.id);
    return { userId: user.id, appIds: appIdsOf(req.state, user.id) };
  }),

  // Roles and permissions
  on(paths.roles.getRoles, ({ state }) => state.roles),
  on(paths.teams.loadAvailableRoles, ({ state }) => state.roles),
  on(paths.roles.addRole, addRole),
  on(paths.roles.addRoleV2, addRole),
  on(paths.roles.updateRole, updateRole),
  on(paths.roles.deleteRole, deleteRole),
  on(paths.roles.attachPermissionsToRole, setRolePermissions),
  on(paths.roles.attachPermissionToRoles, setPermissionRoles),
  on(paths.roles.getPermissions, ({ state }) => state.permissions.map((p) => permissionView(state, p))),
  on(paths.roles.getPermissionCategories, ({ state }) =>
    state.permissionCategories.map((c) => ({
      ...c,
      permissionIds: state.permissions.filter((p) => p.categoryId === c.id).map((p) => p.id),
    })),
  ),

  // Groups
  on(paths.groups.getGroups, ({ state }) => ({ groups: state.groups.map((g) => groupView(state, g)) })),
  on(paths.groups.getGroupById, (req) => groupView(req.state, groupById(req))),
  on(paths.groups.getGroupsByIds, ({ state, body }) => {
    const ids = texts(record(body).groupsIds);
    return { groups: state.groups.filter((g) => ids.includes(g.id)).map((g) => groupView(state, g)) };
  }),
  on(paths.groups.createGroup, createGroup),
  on(paths.groups.updateGroup, updateGroup),
  on(
    paths.groups.deleteGroup,
    (req) => (remove(req.state.groups, (g) => g.id === req.params.groupId, 'Group'), {}),
  ),
  on(paths.groups.addRolesToGroup, groupMembers('roleIds', 'roleIds', true)),
  on(paths.groups.deleteRolesFromGroup, groupMembers('roleIds', 'roleIds', false)),
  on(paths.groups.addUsersToGroup, groupMembers('userIds', 'userIds', true)),
  on(paths.groups.deleteUsersFromGroup, groupMembers('userIds', 'userIds', false)),
  on(paths.groups.getGroupConfiguration, ({ state }) => state.groupConfiguration),
  on(paths.groups.updateGroupConfiguration, ({ state, body }) =>
    merge(state.groupConfiguration, record(body), ['enabled', 'rolesEnabled']),
  ),

  // Sessions
  on(paths.auth.getCurrentUserSessions, ({ state }) =>
    state.sessions.filter((s) => s.userId === signedInUser(state).id),
  ),
  on(paths.auth.getCurrentUserSession, ({ state }) => find(state.sessions, (s) => s.current, 'Session')),
  on(
    paths.auth.deleteSessionForUser,
    (req) => (remove(req.state.sessions, (s) => s.id === req.params.id, 'Session'), {}),
  ),
  on(
    paths.auth.deleteAllSessionsForUser,
    ({ state }) => ((state.sessions = state.sessions.filter((s) => s.current)), {}),
  ),
  on(paths.auth.revokeSessionsForUser, ({ state, body }) => {
    const userId = text(record(body).userId);
    state.sessions = state.sessions.filter((s) => s.userId !== userId);
    return {};
  }),
  on(paths.auth.getSessionConfigurations, ({ state }) => state.sessionConfiguration),
  on(paths.auth.createOrUpdateSessionConfigrations, ({ state, body }) => {
    const input = record(body);
    const config = state.sessionConfiguration;
    merge(config.sessionConcurrentConfiguration, record(input.sessionConcurrentConfiguration), [
      'isActive',
      'maxSessions',
    ]);
    merge(config.sessionIdleTimeoutConfiguration, record(input.sessionIdleTimeoutConfiguration), [
      'isActive',
      'timeout',
    ]);
    merge(config.sessionTimeoutConfiguration, record(input.sessionTimeoutConfiguration), [
      'isActive',
      'timeout',
    ]);
    return config;
  }),

  // API and access tokens
  on(paths.auth.getUserApiTokensData, ({ state }) => state.userApiTokens),
  on(paths.auth.updateUserApiTokensData, createApiToken('user')),
  on(
    paths.auth.deleteUserApiToken,
    (req) => (remove(req.state.userApiTokens, (t) => t.clientId === req.params.tokenId, 'Token'), {}),
  ),
  on(paths.auth.getTenantApiTokensData, (req) =>
    req.state.tenantApiTokens.filter((t) => t.tenantId === scopedTenant(req)),
  ),
  on(paths.auth.updateTenantApiTokensData, createApiToken('tenant')),
  on(
    paths.auth.deleteTenantApiToken,
    (req) => (remove(req.state.tenantApiTokens, (t) => t.clientId === req.params.tokenId, 'Token'), {}),
  ),
  on(paths.auth.getUserAccessTokensData, ({ state }) => ({ accessTokens: state.userAccessTokens })),
  on(paths.auth.createUserAccessToken, createAccessToken('user')),
  on(
    paths.auth.deleteUserAccessToken,
    (req) => (remove(req.state.userAccessTokens, (t) => t.id === req.params.id, 'Token'), {}),
  ),
  on(paths.auth.getTenantAccessTokensData, ({ state }) => ({ accessTokens: state.tenantAccessTokens })),
  on(paths.auth.createTenantAccessToken, createAccessToken('tenant')),
  on(
    paths.auth.deleteTenantAccessToken,
    (req) => (remove(req.state.tenantAccessTokens, (t) => t.id === req.params.id, 'Token'), {}),
  ),

  // IP and email-domain restrictions
  on(paths.securityPolicy.getIPRestrictions, (req) => {
    const raw = first(req.query, ['_filter', 'filter', 'strategy']);
    const strategy = restrictionType(raw);
    const search = strategy ? '' : (raw ?? '').toLowerCase();
    const list = req.state.ipRestrictions.filter(
      (r) =>
        (!strategy || r.strategy === strategy) && (r.ip + ' ' + r.description).toLowerCase().includes(search),
    );
    return page(list, int(req.query, ['_offset', 'offset'], 0), int(req.query, ['_limit', 'limit'], 10));
  }),
  on(paths.securityPolicy.createIPRestriction, (req) => createIpRestriction(req, req.body)),
  on(paths.securityPolicy.bulkCreateIPRestriction, (req) => {
    const items = Array.isArray(req.body) ? req.body : (record(req.body).ips ?? record(req.body).items);
    return Array.isArray(items) ? items.map((item) => createIpRestriction(req, item)) : [];
  }),
  on(
    paths.securityPolicy.deleteIPRestriction,
    (req) => (remove(req.state.ipRestrictions, (r) => r.id === req.params.id, 'IP restriction'), {}),
  ),
  on(paths.securityPolicy.getIPRestrictionsConfig, ({ state }) => state.ipRestrictionsConfig),
  on(paths.securityPolicy.updateIPRestrictionConfig, ({ state, body }) => {
    const input = record(body);
    const strategy = restrictionType(input.strategy);
    if (typeof input.isActive === 'boolean') state.ipRestrictionsConfig.isActive = input.isActive;
    if (strategy) state.ipRestrictionsConfig.strategy = strategy;
    return state.ipRestrictionsConfig;
  }),
  on(paths.securityPolicy.testCurrentIp, ({ state }) => ({ valid: currentIpValid(state, false) })),
  on(paths.securityPolicy.testCurrentIpInAllowList, ({ state }) => ({ valid: currentIpValid(state, true) })),
  on(paths.metadata.getCurrentUserIpMetadata, ({ state }) => ({
    ip: state.currentIp,
    country: 'US',
    city: 'San Francisco',
  })),
  on(paths.securityPolicy.getDomainRestrictions, (req) =>
    page(
      req.state.domainRestrictions,
      int(req.query, ['_offset', 'offset'], 0),
      int(req.query, ['_limit', 'limit'], 10),
    ),
  ),
  on(paths.securityPolicy.createDomainRestriction, (req) => {
    const body = record(req.body);
    const domain = text(body.domain)?.trim().toLowerCase();
    if (!domain) throw fail(400, 'domain is required');
    const type = restrictionType(body.type) ?? req.state.domainRestrictionsConfig.listType;
    const restriction = buildDomainRestriction({ id: newId('domain'), domain, type });
    req.state.domainRestrictions.push(restriction);
    return restriction;
  }),
  on(
    paths.securityPolicy.deleteDomainRestriction,
    (req) => (remove(req.state.domainRestrictions, (r) => r.id === req.params.id, 'Domain restriction'), {}),
  ),
  on(paths.securityPolicy.getDomainRestrictionsConfig, ({ state }) => state.domainRestrictionsConfig),
  on(paths.securityPolicy.updateDomainRestrictionConfig, ({ state, body }) => {
    const input = record(body);
    merge(state.domainRestrictionsConfig, input, ['active', 'blockPublicDomains']);
    const listType = restrictionType(input.listType);
    if (listType) state.domainRestrictionsConfig.listType = listType;
    return state.domainRestrictionsConfig;
  }),

  // Security policies
  on(paths.securityPolicy.getGlobalSecurityPolicy, ({ state }) => state.securityPolicy),
  on(paths.securityPolicy.getLockoutPolicy, ({ state }) => state.lockoutPolicy),
  on(paths.securityPolicy.getVendorLockoutPolicy, ({ state }) => state.lockoutPolicy),
  on(paths.securityPolicy.saveLockoutPolicy, ({ state, body }) =>
    merge(state.lockoutPolicy, record(body), ['enabled', 'maxAttempts']),
  ),
  on(paths.securityPolicy.getPasswordHistoryPolicy, ({ state }) => state.passwordHistoryPolicy),
  on(paths.securityPolicy.getVendorPasswordHistoryPolicy, ({ state }) => state.passwordHistoryPolicy),
  on(paths.securityPolicy.savePasswordHistoryPolicy, ({ state, body }) =>
    merge(state.passwordHistoryPolicy, record(body), ['enabled', 'historySize']),
  ),
  on(paths.securityPolicy.getMfaPolicy, ({ state }) => state.mfaPolicy),
  on(paths.securityPolicy.getVendorMfaPolicy, ({ state }) => state.mfaPolicy),
  on(paths.securityPolicy.saveMfaPolicy, ({ state, body }) =>
    merge(state.mfaPolicy, record(body), ['enforceMFAType', 'allowRememberMyDevice', 'mfaDeviceExpiration']),
  ),
  on(paths.securityPolicy.getCaptchaPolicy, () => ({ enabled: false, siteKey: '', minScore: 0.5 })),

  // Audits and metadata
  on(paths.audits.getAudits, (req) => {
    const rows = filterAudits(req);
    const offset = int(req.query, ['offset'], 0);
    return { data: rows.slice(offset, offset + int(req.query, ['count'], 20)), total: rows.length };
  }),
  on(paths.audits.getAuditsStats, ({ state }) => state.auditStats),
  on(
    paths.audits.exportAudits,
    (req) =>
      new PreviewReply(200, auditsCsv(filterAudits(req)), 'text/csv', {
        'Content-Disposition': 'attachment; filename="audits.csv"',
      }),
  ),
  on(paths.metadata.getMetadata, ({ state, query }) => {
    const entityName = query.get('entityName');
    if (entityName === 'adminBox') return { rows: [adminBoxRow(state)] };
    if (entityName === 'audits') return { rows: [{ properties: state.auditColumns, theme: { styles: {} } }] };
    return { rows: [] };
  }),
  on(paths.metadata.getAdminBoxMetadata, ({ state }) => adminBoxRow(state)),
  // A commit replaces the parts it names (the server validates them; the preview takes objects only).
  on(paths.metadata.updateAdminBoxMetadata, ({ state, body }) => {
    const actions = record(body).actions;
    if (!Array.isArray(actions) || !actions.length) throw fail(400, 'actions: Required');
    for (const action of actions as Json[]) {
      const part = action?.type;
      if (part !== 'navigation' && part !== 'fields' && part !== 'tabs' && part !== 'theme')
        throw fail(400, 'actions.type: Invalid enum value');
      state.adminBoxMetadata[part] = record(action.payload);
    }
    return adminBoxRow(state);
  }),

  // Flags and entitlements
  on(paths.featureFlags.loadFeatureFlags, ({ state, query, headers }) => {
    const flags: Record<string, 'on' | 'off'> = {};
    for (const key of (query.get('featureKeys') ?? '').split(',').filter(Boolean)) flags[key] = 'off';
    for (const key of previewFeatureFlags) flags[key] = 'on';
    // The sample account's own flags, as its server answers them (rules on its tenant id, e.g. fe-multi-apps,
    // TEAM-023): to a caller with a token working in that account, not to an anonymous one.
    const inSampleAccount = headers.has('authorization') && state.session.activeTenantId === SAMPLE_TENANT_ID;
    if (inSampleAccount) for (const key of state.sampleFlags) flags[key] = 'on';
    return { flags };
  }),
  on(paths.entitlements.loadEntitlementsV2, ({ state }) => state.entitlements),

  // Security center
  on(paths.securityCenter.getRecommendations, ({ state }) => ({
    score: state.securityCenter.score,
    scoring: { score: state.securityCenter.score },
    items: state.securityCenter.recommendations,
  })),
  on(paths.securityCenter.getInsights, ({ state }) => ({ items: state.securityCenter.insights })),

  // Billing
  on(paths.plans.getSubscriptionPlans, ({ state }) => state.plans),
  on(paths.plans.getSubscriptionPlan, (req) =>
    find(req.state.plans, (p) => p.id === req.params.planId, 'Plan'),
  ),
  on(paths.subscriptions.getSubscriptions, ({ state }) => state.subscriptions),
  on(paths.subscriptions.getSubscription, subscriptionById),
  on(paths.subscriptions.updateSubscription, updateSubscription),
  on(paths.subscriptions.cancelSubscription, cancelSubscription),
  on(paths.subscriptions.renewSubscription, renewSubscription),
  on(paths.managedSubscriptions.getManagedSubscriptions, ({ state }) => state.subscriptions),
  on(paths.managedSubscriptions.getManagedSubscription, subscriptionById),
  on(paths.managedSubscriptions.updateManagedSubscription, updateSubscription),
  on(paths.managedSubscriptions.cancelManagedSubscription, cancelSubscription),
  on(paths.managedSubscriptions.renewManagedSubscription, renewSubscription),
  on(paths.invoices.getSubscriptionInvoices, ({ state }) => state.invoices),
  on(paths.invoices.getSubscriptionInvoice, (req) =>
    find(req.state.invoices, (i) => i.id === req.params.invoiceId, 'Invoice'),
  ),
  on(paths.invoices.getSubscriptionInvoicePdf, (req) => {
    const invoice = find(req.state.invoices, (i) => i.id === req.params.invoiceId, 'Invoice');
    const fileName = req.query.get('outputFileName') || `invoice-${invoice.receiptNumber}.pdf`;
    return new PreviewReply(200, invoicePdf(invoice.receiptNumber), 'application/pdf', {
      'Content-Disposition': `attachment; filename="${fileName.replace(/"/g, '')}"`,
    });
  }),
  on(paths.paymentMethods.getPaymentMethods, ({ state }) => state.paymentMethods),
  on(paths.paymentMethods.getPaymentMethod, (req) =>
    find(req.state.paymentMethods, (p) => p.id === req.params.paymentMethodId, 'Payment method'),
  ),
  on(paths.paymentMethods.updatePaymentMethodBillingDetails, (req) => {
    const method = find(
      req.state.paymentMethods,
      (p) => p.id === req.params.paymentMethodId,
      'Payment method',
    );
    const body = record(req.body);
    merge(method.billingDetails, body, ['name', 'email']);
    merge(method.billingDetails.address, record(body.address), [
      'line1',
      'line2',
      'city',
      'state',
      'postalCode',
      'country',
    ]);
    return method;
  }),
  on(paths.summaries.getSubscriptionSummaries, ({ state }) => state.billingSummary),
  on(paths.tenantConfiguration.getTenantConfiguration, (req) => ({
    id: req.state.billingSummary.tenantConfigurationId,
    tenantId: req.params.tenantId,
    providerType: 'Stripe',
  })),
  on(paths.paymentProviders.getPaymentProviders, () => [
    { id: 'provider-stripe', status: '1', providerType: 'Stripe' },
  ]),
  on(paths.stripe.getStripePaymentProviderConfiguration, () => ({ publishableKey: 'pk_test_preview' })),
  on(paths.stripe.createStripePaymentMethodSetupIntentSecret, () => ({
    setupIntentSecret: `seti_preview_secret_${randomHex(8)}`,
  })),
  on(paths.stripe.getStripeCustomer, (req) => ({ id: 'cus_preview_acme', tenantId: req.params.tenantId })),
  on(
    paths.vendorPublicConfigurations.getVendorPublicConfigurations,
    ({ state }) => state.vendorBillingConfig,
  ),
  on(paths.vendor.getVendorPublicInfo, ({ state }) => state.vendor),

  // Account settings
  on(paths.accountSettings.getSettings, ({ state }) => state.accountSettings),
  on(paths.accountSettings.getPublicSettings, ({ state }) => {
    const {
      address: _address,
      website: _website,
      customLogin: _customLogin,
      hasCustomLogin: _hasCustomLogin,
      ...publicSettings
    } = state.accountSettings;
    return publicSettings;
  }),
  // No token needed: the sample account's look to its login box; any other tenant id gets the default look.
  on(paths.accountSettings.getPublicCustomLogin, ({ state, query }) => ({
    customLogin:
      query.get('tenantId') === state.accountSettings.tenantId
        ? (state.accountSettings.customLogin ?? null)
        : null,
  })),
  on(paths.accountSettings.updateSettings, ({ state, body }) => {
    const input = record(body);
    // The custom login box saved as it is fails, as on the server (TENANTS-007).
    if ('customLogin' in input) {
      const customLogin = input.customLogin === null ? null : record(input.customLogin);
      const current = state.accountSettings as unknown as Json;
      const othersChanged = ACCOUNT_SETTINGS_FIELDS.some(
        (key) => input[key] !== undefined && input[key] !== current[key],
      );
      if (!othersChanged && canonical(customLogin) === canonical(state.accountSettings.customLogin))
        throw fail(400, 'No changes to update');
      state.accountSettings.customLogin = customLogin;
      state.accountSettings.hasCustomLogin = customLogin !== null;
    }
    const settings = merge(state.accountSettings, input, ACCOUNT_SETTINGS_FIELDS);
    for (const tenant of state.tenants)
      if (tenant.tenantId === settings.tenantId) tenant.name = settings.name;
    return settings;
  }),

  // Public configuration of the sign-in screens
  on(paths.auth.getVendorPublicAuthStrategiesConfig, ({ state }) => state.authStrategies),
  on(paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser, ({ state }) => state.authStrategies),
  on(paths.auth.getVendorConfig, ({ state }) => {
    const { id: _id, publicKey: _publicKey, ...vendorConfig } = state.securityPolicy;
    return vendorConfig;
  }),
  on(paths.auth.getSSOPublicConfiguration, () => ({ isActive: false })),
  on(paths.auth.getSocialLoginProviders, () => []),
  on(paths.auth.getSocialLoginProvidersV2, () => []),
  on(paths.auth.getSocialLoginProvidersV2ForAuthenticatedUser, () => []),
];

// ---------------------------------------------------------------------------------------------------------
// Router

interface CompiledRoute {
  route: ApiPath;
  regex: RegExp;
  names: string[];
  /** Literal characters of the template: the most specific route wins. */
  weight: number;
  handler: PreviewHandler;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Template without its `?{query}` part and trailing slashes: `/a/b/`, `/a/b?{q}` → `/a/b`. */
const templatePath = (path: string): string => (path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';

function compile(route: ApiPath, handler: PreviewHandler): CompiledRoute {
  const template = templatePath(route.path);
  const names: string[] = [];
  let weight = 0;
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (param) {
        names.push(param[1] ?? '');
        return '([^/]+)';
      }
      weight += part.length;
      return escapeRegExp(part);
    })
    .join('');
  // Any prefix (base URL path) may come before the known path.
  return { route, regex: new RegExp(`^(?:.*)${source}/*$`), names, weight, handler };
}

function compileAll(routes: ReadonlyArray<readonly [ApiPath, PreviewHandler]>): Map<string, CompiledRoute[]> {
  const byMethod = new Map<string, CompiledRoute[]>();
  const seen = new Set<string>();
  for (const [route, handler] of routes) {
    // Several table entries share a method and path (login and loginv2): the first handler answers them all.
    const key = `${route.method} ${templatePath(route.path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byMethod.get(route.method) ?? [];
    list.push(compile(route, handler));
    byMethod.set(route.method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => b.weight - a.weight);
  return byMethod;
}

const compiledRoutes = compileAll(previewRoutes);

export interface RouteMatch {
  route: ApiPath;
  params: Record<string, string>;
  handler: PreviewHandler;
}

/** The route answering `method pathname`, or null. */
export function matchRoute(method: string, pathname: string): RouteMatch | null {
  for (const compiled of compiledRoutes.get(method.toUpperCase()) ?? []) {
    const match = compiled.regex.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    compiled.names.forEach((name, index) => {
      const raw = match[index + 1] ?? '';
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
      }
    });
    return { route: compiled.route, params, handler: compiled.handler };
  }
  return null;
}

export interface PreviewCall {
  state: SampleState;
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
  now?: Date;
}

/** Answers one call from the sample state; never throws. */
export function handlePreviewRequest(call: PreviewCall): PreviewReply {
  const method = call.method.toUpperCase() as HttpMethod;
  const match = matchRoute(method, call.url.pathname);
  if (!match) return fail(404, NOT_FOUND_MESSAGE);
  try {
    const result = match.handler({
      state: call.state,
      method,
      params: match.params,
      query: call.url.searchParams,
      body: call.body,
      headers: call.headers,
      now: call.now ?? new Date(),
    });
    return result instanceof PreviewReply ? result : new PreviewReply(200, result ?? {});
  } catch (error) {
    if (error instanceof PreviewReply) return error;
    return fail(500, error instanceof Error ? error.message : String(error));
  }
}
