// The users of a tenant (TEAM-001..023): users lists (v2, v3, sub-tenants), team members v1, invitations,
// the invite link and temporary users, on the `teams`, `users` and `subTenants` groups of the paths table.
import { z } from 'zod';
import { paths, type ApiPath } from '../paths';
import { contract } from './contract';
import { empty, flag, id, isoDate, paginated, param, phoneField, sortDirection } from './common';
import { group } from './groups';
import { role } from './roles';
import { emailField } from './signup';
import { userIdentity, userPermission, userTenantData } from './users';

/** User-list sort and filter fields (ENUM-030; Frontegg's SortByEnum). */
export const userSortField = z.enum([
  'createdAt',
  'name',
  'email',
  'id',
  'verified',
  'isLocked',
  'provider',
  'tenantId',
]);
/** The sort fields a list accepts: ENUM-030 and, ours beyond Frontegg's, the last sign-in (the portal's column). */
export const userListSortField = z.enum([...userSortField.options, 'lastLogin']);
/** User-list filter flags (ENUM-031; Frontegg's GetUsersFilterPreset). */
export const userFilterPreset = z.enum(['mfa-unenrolled', 'breached-passwords', 'inactive']);
/** User provider values (ENUM-032): what a client may name as a user's provider. */
export const userProvider = z.enum([
  'local',
  'saml',
  'google',
  'github',
  'facebook',
  'microsoft',
  'scim2',
  'slack',
]);
/** Who manages a user: the portal, or a SCIM directory (Frontegg's UserManagedByEnum). */
export const userManagedBy = z.enum(['frontegg', 'scim2']);

/** A group as a user answer carries it. */
export const userGroup = group.pick({ id: true, name: true, color: true });

/**
 * A user of a tenant (TEAM-001; Frontegg's ITeamUser and IUsersV3Data): the users lists, team members v1,
 * users v1 {userId} and every change of a user answer it. Tenants, roles and groups are those of the
 * caller's tenant (and sub-tenants of a list that includes them); `tenantId` is the user's tenant there.
 */
export const teamUser = userIdentity.extend({
  /** The same as phoneNumber (TEAM-001 names both). */
  phone: z.string().nullable().optional(),
  /** The same as profilePictureUrl (TEAM-001 names both). */
  profileImage: z.string().nullable().optional(),
  tenantId: z.string(),
  tenantIds: z.array(z.string()),
  vendorId: z.string(),
  roleIds: z.array(z.string()),
  roles: z.array(role),
  groups: z.array(userGroup).optional(),
  /** The applications the user may use in `tenantId` (TEAM-021). */
  applications: z.array(z.string()).optional(),
  tenants: z.array(userTenantData),
  verified: z.boolean(),
  emailVerified: z.boolean().optional(),
  activatedForTenant: z.boolean(),
  /** Disabled in `tenantId` by an administrator. */
  isDisabled: z.boolean().optional(),
  /** Sign-in blocked after too many wrong passwords, until the lock runs out or is lifted. */
  isLocked: z.boolean().optional(),
  subAccountAccessAllowed: z.boolean().optional(),
  createdAt: isoDate,
  lastLogin: isoDate.nullable().optional(),
  mfaEnrolled: z.boolean(),
  /** The same as mfaEnrolled (TEAM-001 names both). */
  mfaEnabled: z.boolean().optional(),
  /** A JSON string. */
  metadata: z.string(),
  customData: z.record(z.string(), z.unknown()).optional(),
  isBreachedPassword: z.boolean().optional(),
  provider: z.string().optional(),
  managedBy: userManagedBy.optional(),
  /** Set for a temporary user (TEAM-019): the moment the user is removed. */
  temporaryExpirationDate: isoDate.nullable().optional(),
});

/** A user of users v2 (Frontegg's IGetUsersV2Response): the team user with its permissions in `tenantId`. */
export const usersV2User = teamUser.extend({ permissions: z.array(userPermission) });

/** Whose answer it is: one user in the caller's tenant (the roles and groups of a user answer). */
const userInTenant = z.object({ userId: z.string(), vendorId: z.string(), tenantId: z.string() });

/** The roles of one user in the caller's tenant (Frontegg's GetUserRolesResponse, plus the roles). */
export const userRoles = userInTenant.extend({ roleIds: z.array(z.string()), roles: z.array(role) });

/** The groups of one user in the caller's tenant (Frontegg's GetUserGroupsResponse, plus the groups). */
export const userGroups = userInTenant.extend({ groupIds: z.array(z.string()), groups: z.array(userGroup) });

/** The tenant's member counts (Frontegg's ITeamStats, plus pending invitations and disabled members). */
export const teamStats = z.object({
  totalItems: z.number().int(),
  addedThisWeek: z.number().int(),
  /** Members holding the Admin role. */
  superAdmins: z.number().int(),
  pendingInvitations: z.number().int(),
  disabled: z.number().int(),
});

/** The tenant's invite link (TEAM-020; Frontegg's IInviteUserLinkResponse). */
export const inviteLink = z.object({
  id,
  vendorId: z.string(),
  tenantId: z.string(),
  token: z.string(),
  expires: isoDate,
  shouldSendEmail: z.boolean().optional(),
  roleIds: z.array(z.string()).optional(),
});

/** The vendor's invite-link settings (Frontegg's IInviteLinkConfiguration). */
export const inviteLinkConfiguration = z.object({
  tenantInvitationsAllowed: z.boolean(),
  emailsEnabled: z.boolean(),
  /** TEAM-020: 30 days. */
  defaultExpiresInMinutes: z.number().int(),
  isEnabled: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Requests

/** Largest page a users list answers; a bigger limit is a 400. */
export const MAX_PAGE_SIZE = 500;

const count = (max: number) => z.coerce.number().int().min(0).max(max);
/** ENUM-044, as any client spells it (Frontegg's loadUsers sends `asc`/`desc`). */
const order = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(sortDirection.options, { message: 'Must be ASC or DESC' }));
const sortBy = z.enum(userListSortField.options, {
  message: `Must be one of ${userListSortField.options.join(', ')}`,
});

/**
 * The fields of the users lists (TEAM-014 v2, TEAM-015 v3), by their names without the leading underscore:
 * clients send `_offset` or `offset`, and either is read (the server names the parameter as it was sent).
 */
export const usersListFields = z.object({
  filter: param(z.string().max(200)),
  sortBy: param(sortBy),
  order: param(order),
  offset: param(count(1_000_000)),
  limit: param(count(MAX_PAGE_SIZE).min(1)),
  includeSubTenants: param(flag),
  preset: param(
    z.enum(userFilterPreset.options, { message: `Must be one of ${userFilterPreset.options.join(', ')}` }),
  ),
  maxInactiveSeconds: param(count(100 * 365 * 86_400)),
  email: param(z.string().trim().toLowerCase().max(320)),
  /** Only users locked out now (true) or only the others (false) (ENUM-030 names isLocked). */
  isLocked: param(flag),
});

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

/**
 * The users-list query validated with `usersListFields`; a bad one throws what `badRequest` makes of one message
 * per bad parameter, each naming the parameter as it was sent (`_limit: …`).
 */
export function readUsersListQuery(
  query: Record<string, string>,
  badRequest: (...errors: string[]) => unknown,
) {
  const { query: fields, sentAs } = unprefixed(query);
  const parsed = usersListFields.safeParse(fields);
  if (!parsed.success)
    throw badRequest(
      ...parsed.error.issues.map((i) => `${sentAs(String(i.path[0] ?? 'query'))}: ${i.message}`),
    );
  return parsed.data;
}

/** The users-list query as sent: either spelling of each name. */
export const usersListQuery = z.preprocess(
  (v) => (v && typeof v === 'object' ? unprefixed(v as Record<string, string>).query : v),
  usersListFields,
);

/** GET team members v1 (TEAM-010): pageOffset, pageSize, filter, sortBy, sortDirection. */
export const membersQuery = z.object({
  pageOffset: param(count(1_000_000)),
  pageSize: param(count(MAX_PAGE_SIZE).min(1)),
  filter: param(z.string().max(200)),
  sortBy: param(sortBy),
  sortDirection: param(order),
});

/** Users v3 roles/groups: a comma-joined list of user ids (TEAM-016, TEAM-017). */
export const userIdsQuery = z.object({
  ids: z
    .string({ message: 'A comma-joined list of user ids is required' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().min(1).max(100))
        .min(1, 'At least one user id is required')
        .max(200, 'At most 200 user ids'),
    ),
});

const userIdField = z.string().min(1).max(100);
/** Role ids; an emptied list arrives as `[""]` (TEAM-004) and means no roles. */
const roleIdsField = z.array(z.string().max(100)).max(100);

/** POST users v2 (TEAM-002; Frontegg's IAddUser and, for a pending invitee, IResendInvitationLink). */
export const addUserBody = z.object({
  email: emailField,
  name: z.string().trim().max(200).optional(),
  phoneNumber: phoneField,
  /** Frontegg's name of the same field. */
  phone: phoneField,
  roleIds: roleIdsField.optional(),
  tenantId: userIdField.optional(),
  /** Frontegg's resend sends `local` (ENUM-032). */
  provider: userProvider.optional(),
});

/** PUT team members v1 (TEAM-004, TEAM-011; Frontegg's IUpdateUser). */
export const updateUserBody = z.object({
  id: userIdField,
  name: z.string().trim().min(1).max(200).optional(),
  phoneNumber: phoneField,
  phone: phoneField,
  roleIds: roleIdsField.optional(),
});

/** The invite link's settings (Frontegg's ICreateOrUpdateInviteUserLink). */
export const inviteLinkBody = z.object({
  expiresInMinutes: z
    .number()
    .int()
    .min(1)
    .max(366 * 1440)
    .optional(),
  shouldSendEmail: z.boolean().optional(),
});

/** TEAM-019: the user is removed `expirationInSeconds` from now. */
export const expirationBody = z.object({
  expirationInSeconds: z
    .number()
    .int()
    .min(60)
    .max(10 * 365 * 86_400),
});

const userIdParam = z.object({ userId: userIdField });
/** A call on one member of the tenant (`{userId}`) that answers the member. */
const onMember = (route: ApiPath) => contract({ route, params: userIdParam, response: teamUser });
const usersPage = paginated(teamUser);

export const teamContracts = {
  // Users lists and lookups
  getUsersV2: contract({
    route: paths.users.getUsersV2,
    query: usersListQuery,
    response: paginated(usersV2User),
  }),
  getUsersV3: contract({ route: paths.users.getUsersV3, query: usersListQuery, response: usersPage }),
  loadAllUsers: contract({
    route: paths.subTenants.loadAllUsers,
    query: usersListQuery,
    response: usersPage,
  }),
  getUsersRoles: contract({
    route: paths.users.getUsersRoles,
    query: userIdsQuery,
    response: z.array(userRoles),
  }),
  getUsersGroups: contract({
    route: paths.users.getUsersGroups,
    query: userIdsQuery,
    response: z.array(userGroups),
  }),
  getUserById: onMember(paths.auth.getUserById),
  // Team members v1
  loadUsers: contract({
    route: paths.teams.loadUsers,
    query: membersQuery,
    // Frontegg's client reads `totalPages` beside the items (PaginationResult); `_metadata` as the lists.
    response: usersPage.extend({ totalPages: z.number().int() }),
  }),
  loadAvailableRoles: contract({ route: paths.teams.loadAvailableRoles, response: z.array(role) }),
  loadStats: contract({ route: paths.teams.loadStats, response: teamStats }),
  addUser: contract({ route: paths.teams.addUser, body: addUserBody, response: teamUser }),
  updateUser: contract({ route: paths.teams.updateUser, body: updateUserBody, response: teamUser }),
  /** Answers the user as they were in the tenant before removal. */
  deleteUser: onMember(paths.teams.deleteUser),
  resendActivationLink: contract({
    route: paths.teams.resendActivationLink,
    params: userIdParam,
    response: empty,
  }),
  disableUser: onMember(paths.teams.disableUser),
  enableUser: onMember(paths.teams.enableUser),
  unlockUser: onMember(paths.teams.unlockUser),
  // Invite link (TEAM-020)
  getInviteLinkConfiguration: contract({
    route: paths.teams.getInviteLinkConfiguration,
    response: inviteLinkConfiguration,
  }),
  /** No link yet: `{}` (Frontegg answers 200 without a token). */
  getInviteUserLink: contract({
    route: paths.teams.getInviteUserLink,
    response: z.union([inviteLink, z.strictObject({})]),
  }),
  createInviteUserLink: contract({
    route: paths.teams.createInviteUserLink,
    body: inviteLinkBody,
    response: inviteLink,
  }),
  createInviteUserLinkV2: contract({
    route: paths.teams.createInviteUserLinkV2,
    body: inviteLinkBody.extend({ roleIds: roleIdsField.optional() }),
    response: inviteLink,
  }),
  updateInviteUserLink: contract({
    route: paths.teams.updateInviteUserLink,
    body: inviteLinkBody,
    response: inviteLink,
  }),
  deleteInviteUserLink: contract({ route: paths.teams.deleteInviteUserLink, response: empty }),
  // Temporary users (TEAM-019)
  getTemporaryUserConfiguration: contract({
    route: paths.teams.getTemporaryUserConfiguration,
    response: z.object({ enabled: z.boolean() }),
  }),
  updateUserExpirationTime: contract({
    route: paths.teams.updateUserExpirationTime,
    params: userIdParam,
    body: expirationBody,
    response: teamUser,
  }),
  setPermanentUser: contract({
    route: paths.teams.setPermanentUser,
    params: userIdParam,
    response: teamUser,
  }),
} as const;
