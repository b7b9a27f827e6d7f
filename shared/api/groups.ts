import type { z } from 'zod';
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf, QueryOf } from './contracts/contract';
import type { groupRelations, groupsContracts as c } from './contracts/groups';
import type { teamContracts } from './contracts/team';
import { paths, type ApiPath } from './paths';
import { rolesApi, type Role, type RolesApi } from './roles';

/** The relations a group answer carries (001 §7, ENUM-037). */
export type GroupRelations = z.infer<typeof groupRelations>;

/** A group (GROUPS-001): it carries roles and users (GROUPS-002). */
export type Group = AnswerOf<typeof c.getGroupById>;
/** A role of a group (the roles contract's role). */
export type GroupRole = NonNullable<Group['roles']>[number];
/** A member of a group. */
export type GroupUser = NonNullable<Group['users']>[number];

/** The tenant's group settings (GROUPS-003). */
export type GroupConfiguration = AnswerOf<typeof c.getGroupConfiguration>;

/** The fields the groups page sets on a group (a new group may also carry metadata, roles and members). */
export type GroupInput = Pick<BodyOf<typeof c.createGroup>, 'name' | 'color' | 'description'>;

export type GroupQuery = QueryOf<typeof c.getGroups>;

type UsersV3Answer = AnswerOf<typeof teamContracts.getUsersV3>;

/** A user of users v3 (the member picker reads its id, email and name). */
export type TenantUser = UsersV3Answer['items'][number];

/** The calls of the groups page, bound to a client (001 §7, GROUPS-003..013). */
export function createGroupsApi(client: ApiClient) {
  /** Adds or removes a group's roles or members: the ids in, the group out. */
  const relation =
    (route: ApiPath, key: 'roleIds' | 'userIds') =>
    (groupId: string, ids: string[]): Promise<Group> =>
      client.request<Group>(route, { params: { groupId }, body: { [key]: ids } });
  return {
    /** GET the collection with query options (GROUPS-005). */
    async getGroups(query: GroupQuery = { _groupsRelations: 'rolesAndUsers' }): Promise<Group[]> {
      const answer = await client.request<AnswerOf<typeof c.getGroups> | Group[]>(paths.groups.getGroups, {
        query: { ...query },
      });
      return Array.isArray(answer) ? answer : (answer?.groups ?? []);
    },
    /** GET groups/{groupId} with query options (GROUPS-004). */
    getGroupById(groupId: string, query: GroupQuery = { _groupsRelations: 'rolesAndUsers' }): Promise<Group> {
      return client.request<Group>(paths.groups.getGroupById, { params: { groupId }, query: { ...query } });
    },
    /** POST the get-by-ids route with a body and query params (GROUPS-006). */
    async getGroupsByIds(groupsIds: string[], query: GroupQuery = {}): Promise<Group[]> {
      const answer = await client.request<AnswerOf<typeof c.getGroupsByIds>>(paths.groups.getGroupsByIds, {
        body: { groupsIds },
        query: { ...query },
      });
      return answer?.groups ?? [];
    },
    /** POST create (GROUPS-007). */
    createGroup(input: BodyOf<typeof c.createGroup>): Promise<Group> {
      return client.request<Group>(paths.groups.createGroup, { body: input });
    },
    /** PATCH {groupId}, the remaining fields as body (GROUPS-008). */
    updateGroup({ groupId, ...fields }: BodyOf<typeof c.updateGroup> & { groupId: string }): Promise<Group> {
      return client.request<Group>(paths.groups.updateGroup, { params: { groupId }, body: fields });
    },
    /** DELETE {id} (GROUPS-009). */
    deleteGroup(groupId: string): Promise<void> {
      return client.request<void>(paths.groups.deleteGroup, { params: { groupId } });
    },
    /** POST {id}/roles (GROUPS-010). */
    addRolesToGroup: relation(paths.groups.addRolesToGroup, 'roleIds'),
    /** DELETE {id}/roles (GROUPS-011). */
    deleteRolesFromGroup: relation(paths.groups.deleteRolesFromGroup, 'roleIds'),
    /** POST {id}/users (GROUPS-012). */
    addUsersToGroup: relation(paths.groups.addUsersToGroup, 'userIds'),
    /** DELETE {id}/users (GROUPS-013). */
    deleteUsersFromGroup: relation(paths.groups.deleteUsersFromGroup, 'userIds'),
    /** GET group configurations (GROUPS-003). */
    getGroupConfiguration(): Promise<GroupConfiguration> {
      return client.request<GroupConfiguration>(paths.groups.getGroupConfiguration);
    },
    /** POST group configurations (GROUPS-003). */
    updateGroupConfiguration(configuration: Partial<GroupConfiguration>): Promise<GroupConfiguration> {
      return client.request<GroupConfiguration>(paths.groups.updateGroupConfiguration, {
        body: configuration,
      });
    },
    /** GET users v3 of the scoped tenant: the people a group can take as members. */
    async getTenantUsers(limit = 200): Promise<TenantUser[]> {
      const answer = await client.request<UsersV3Answer>(paths.users.getUsersV3, {
        query: { _limit: limit, _offset: 0 },
      });
      return answer?.items ?? [];
    },
  };
}

export type GroupsApi = ReturnType<typeof createGroupsApi>;

export const groupsApi: GroupsApi = createGroupsApi(adminPortalApi);

/** What the groups page shows: the groups and the roles a group can be given (its roles relation). */
export type GroupsPageData =
  { ok: true; groups: Group[]; roles: Role[] } | { ok: false; error: unknown; groups: []; roles: [] };

/**
 * Loads the groups and the roles together. A failed groups fetch yields an empty list for the roles
 * relation (GROUPS-014), whatever the roles fetch answered: no roles outlive the groups they go with.
 */
export async function loadGroupsPageData(
  api: Pick<GroupsApi, 'getGroups'> = groupsApi,
  roles: Pick<RolesApi, 'getRoles'> = rolesApi,
): Promise<GroupsPageData> {
  const [groups, loadedRoles] = await Promise.allSettled([
    api.getGroups({ _groupsRelations: 'rolesAndUsers' }),
    roles.getRoles(),
  ]);
  if (groups.status === 'rejected') return { ok: false, error: groups.reason, groups: [], roles: [] };
  return {
    ok: true,
    groups: groups.value,
    roles: loadedRoles.status === 'fulfilled' ? loadedRoles.value : [],
  };
}
