import type { z } from 'zod';
import { adminPortalApi, type ApiClient } from './client';
import type { sortDirection } from './contracts/common';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { role } from './contracts/roles';
import type { inviteLink, teamContracts as c, teamUser, userGroup } from './contracts/team';
import { paths, type ApiPath } from './paths';

/** A role as user answers carry it (the roles calls' role). */
export type RoleLite = z.infer<typeof role>;

/** A role as the roles list answers it. */
export type AvailableRole = AnswerOf<typeof c.loadAvailableRoles>[number];

export type GroupLite = z.infer<typeof userGroup>;

/** A user of a users list (TEAM-001). */
export type TeamUser = z.infer<typeof teamUser>;

/** A page of a users list (TEAM-013). */
export type UsersPage = AnswerOf<typeof c.getUsersV3>;

export type SortOrder = z.infer<typeof sortDirection>;

/** What the users page asks for; `offset` is the page index, as the API counts it. */
export interface UsersQuery {
  offset: number;
  limit: number;
  filter: string;
  sortBy: string;
  order: SortOrder;
  includeSubTenants: boolean;
  /** Only locked-out users (true) or only the others (false); absent: everyone (ENUM-030). */
  isLocked?: boolean;
}

export type UserRoles = AnswerOf<typeof c.getUsersRoles>[number];

export type UserGroups = AnswerOf<typeof c.getUsersGroups>[number];

export type AddUserBody = BodyOf<typeof c.addUser>;

export type InviteLink = z.infer<typeof inviteLink>;

/** TEAM-020: an invite link's default expiry, 30 days. */
export const DEFAULT_INVITE_LINK_MINUTES = 43_200;

/**
 * TEAM-004: the role list a user update sends. An emptied list goes as `[""]` (an empty array would read as
 * "no change" on the server).
 */
export function roleIdsForUpdate(roleIds: readonly string[]): string[] {
  return roleIds.length ? [...roleIds] : [''];
}

/** The v3 query of a users page (TEAM-015): underscore names, empty filter left out. */
export function usersV3Query(query: UsersQuery): Record<string, string | number | boolean> {
  return {
    _offset: query.offset,
    _limit: query.limit,
    ...(query.filter.trim() ? { _filter: query.filter.trim() } : {}),
    _sortBy: query.sortBy,
    _order: query.order,
    _includeSubTenants: query.includeSubTenants,
    ...(query.isLocked === undefined ? {} : { _isLocked: query.isLocked }),
  };
}

const isNotFound = (err: unknown) => (err as { status?: unknown } | null)?.status === 404;

/** The users / team calls, bound to a client (the methods read `client.request` at call time). */
export function createTeamApi(client: ApiClient) {
  /** A call on one member (`{userId}`) that answers the member. */
  const onMember = (route: ApiPath) => (userId: string) =>
    client.request<TeamUser>(route, { params: { userId } });
  return {
    /** GET users v3: one server-side page, sorted and filtered. */
    getUsers(query: UsersQuery): Promise<UsersPage> {
      return client.request<UsersPage>(paths.users.getUsersV3, { query: usersV3Query(query) });
    },
    /** GET users roles v3 with comma-joined ids (TEAM-016). */
    getUsersRoles(userIds: readonly string[]): Promise<UserRoles[]> {
      return client.request<UserRoles[]>(paths.users.getUsersRoles, { query: { ids: userIds.join(',') } });
    },
    /** GET users groups v3 with comma-joined ids (TEAM-017). */
    getUsersGroups(userIds: readonly string[]): Promise<UserGroups[]> {
      return client.request<UserGroups[]>(paths.users.getUsersGroups, { query: { ids: userIds.join(',') } });
    },
    /** The roles an administrator can hand out. */
    loadAvailableRoles(): Promise<AvailableRole[]> {
      return client.request<AvailableRole[]>(paths.teams.loadAvailableRoles);
    },
    /** POST users v2: invites a user (TEAM-002). */
    addUser(body: AddUserBody): Promise<TeamUser> {
      return client.request<TeamUser>(paths.teams.addUser, { body });
    },
    /** PUT team members v1 with the user's new role list (TEAM-004 for an emptied list). */
    updateUserRoles(userId: string, roleIds: readonly string[]): Promise<TeamUser> {
      return client.request<TeamUser>(paths.teams.updateUser, {
        body: { id: userId, roleIds: roleIdsForUpdate(roleIds) },
      });
    },
    /** Answers the user as they were in the tenant. */
    deleteUser: onMember(paths.teams.deleteUser),
    disableUser: onMember(paths.teams.disableUser),
    enableUser: onMember(paths.teams.enableUser),
    /** Lifts a member's sign-in lockout (our call beside enable/disable). */
    unlockUser: onMember(paths.teams.unlockUser),
    /** POST users v2 for a user who has not accepted the invitation yet: the invitation is sent again. */
    resendInvitation(email: string): Promise<TeamUser> {
      return client.request<TeamUser>(paths.teams.resendInvitationLink, { body: { email } });
    },
    /** For a member who has not activated the account yet. */
    resendActivation(userId: string): Promise<void> {
      return client.request<void>(paths.teams.resendActivationLink, { params: { userId } });
    },
    /**
     * The tenant's invite link, or null when there is none: the API answers 200 without a token (Frontegg's
     * empty answer); an older server's 404 means none as well.
     */
    async getInviteLink(): Promise<InviteLink | null> {
      try {
        const link = await client.request<AnswerOf<typeof c.getInviteUserLink> | undefined>(
          paths.teams.getInviteUserLink,
        );
        return link && 'token' in link && link.token ? (link as InviteLink) : null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    createInviteLink(expiresInMinutes: number = DEFAULT_INVITE_LINK_MINUTES): Promise<InviteLink> {
      return client.request<InviteLink>(paths.teams.createInviteUserLink, {
        body: { expiresInMinutes, shouldSendEmail: false },
      });
    },
    updateInviteLink(expiresInMinutes: number): Promise<InviteLink> {
      return client.request<InviteLink>(paths.teams.updateInviteUserLink, { body: { expiresInMinutes } });
    },
    deleteInviteLink(): Promise<void> {
      return client.request<void>(paths.teams.deleteInviteUserLink);
    },
    /** TEAM-019: the user is removed `expirationInSeconds` from now. */
    setUserExpiration(userId: string, expirationInSeconds: number): Promise<TeamUser> {
      return client.request<TeamUser>(paths.teams.updateUserExpirationTime, {
        params: { userId },
        body: { expirationInSeconds },
      });
    },
    setPermanentUser(userId: string): Promise<TeamUser> {
      return client.request<TeamUser>(paths.teams.setPermanentUser, { params: { userId } });
    },
  };
}

export type TeamApi = ReturnType<typeof createTeamApi>;

/** The admin portal's team calls. */
export const teamApi: TeamApi = createTeamApi(adminPortalApi);
