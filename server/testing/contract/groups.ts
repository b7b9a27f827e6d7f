// Contract script of groups: every call, and the refusals the preview must share with the server.
import { groupsContracts as g } from '../../../shared/api/contracts/groups';
import { rolesContracts } from '../../../shared/api/contracts/roles';
import type { Saved, Script } from '../contract';

type Named = { id: string; name?: string; tenantId?: string | null; email?: string };
const someRole = (s: Saved) => (s.roles as Named[])[0]!.id;
/** A member of the tenant: the first member of a sample group (ids differ between preview and server). */
export const someUser = (s: Saved) =>
  (s.members as { groups: { users?: Named[] }[] }).groups.flatMap((group) => group.users ?? [])[0]!.id;
/** Saves the groups with their members as `members` (for someUser). */
export const members = {
  name: 'the groups and their members',
  call: g.getGroups,
  query: { _groupsRelations: 'users' },
  save: 'members',
} as const;

export const groupsScript: Script = {
  family: 'groups',
  steps: [
    { name: 'group configuration', call: g.getGroupConfiguration },
    { name: 'set the configuration', call: g.updateGroupConfiguration, body: { rolesEnabled: true } },
    {
      name: 'a configuration of the wrong type is refused',
      call: g.updateGroupConfiguration,
      body: { enabled: 'yes' },
      expect: 400,
    },
    members,
    { name: 'the roles (roles)', call: rolesContracts.getRoles, save: 'roles' },
    { name: 'list groups', call: g.getGroups, query: { _groupsRelations: 'rolesAndUsers' } },
    {
      name: '[ENUM-037] a relation outside roles, users, rolesAndUsers is refused',
      call: g.getGroups,
      query: { _groupsRelations: 'everything' },
      expect: 400,
    },
    {
      name: 'a group without a name is refused',
      call: g.createGroup,
      body: { color: '#112233' },
      expect: 400,
    },
    {
      name: 'a colour that is not hex is refused',
      call: g.createGroup,
      body: { name: 'Contract', color: 'red' },
      expect: 400,
    },
    {
      name: 'create a group',
      call: g.createGroup,
      body: { name: 'Contract group', color: '#112233', description: 'Made by the contract test' },
      save: 'group',
    },
    {
      name: 'the same name again is a conflict',
      call: g.createGroup,
      body: { name: 'contract group' },
      expect: 409,
    },
    { name: 'read it', call: g.getGroupById, params: (s) => ({ groupId: s.group.id }) },
    {
      name: 'read it with roles only',
      call: g.getGroupById,
      params: (s) => ({ groupId: s.group.id }),
      query: { _groupsRelations: 'roles' },
    },
    {
      name: 'an unknown group is not found',
      call: g.getGroupById,
      params: { groupId: 'no-such-group' },
      expect: 404,
    },
    {
      name: 'read by ids',
      call: g.getGroupsByIds,
      body: (s) => ({ groupsIds: [s.group.id] }),
    },
    { name: 'by ids without ids is refused', call: g.getGroupsByIds, body: {}, expect: 400 },
    {
      name: 'rename it',
      call: g.updateGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: { name: 'Contract group renamed' },
    },
    {
      name: 'renaming an unknown group is not found',
      call: g.updateGroup,
      params: { groupId: 'no-such-group' },
      body: { name: 'Nope' },
      expect: 404,
    },
    {
      name: 'add a role',
      call: g.addRolesToGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: (s) => ({ roleIds: [someRole(s)] }),
    },
    {
      name: 'an unknown role is not found',
      call: g.addRolesToGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: { roleIds: ['no-such-role'] },
      expect: 404,
    },
    {
      name: 'an empty role list is refused',
      call: g.addRolesToGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: { roleIds: [] },
      expect: 400,
    },
    {
      name: 'remove the role',
      call: g.deleteRolesFromGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: (s) => ({ roleIds: [someRole(s)] }),
    },
    {
      name: 'add a member',
      call: g.addUsersToGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: (s) => ({ userIds: [someUser(s)] }),
    },
    {
      name: 'an unknown user is not found',
      call: g.addUsersToGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: { userIds: ['no-such-user'] },
      expect: 404,
    },
    {
      name: 'remove the member',
      call: g.deleteUsersFromGroup,
      params: (s) => ({ groupId: s.group.id }),
      body: (s) => ({ userIds: [someUser(s)] }),
    },
    { name: 'delete it', call: g.deleteGroup, params: (s) => ({ groupId: s.group.id }) },
    {
      name: 'deleted: not found',
      call: g.deleteGroup,
      params: (s) => ({ groupId: s.group.id }),
      expect: 404,
    },
  ],
};
