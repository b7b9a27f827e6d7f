// Contract script of the account hierarchy (issue 20, TENANTS-009..027): the caller's sub-accounts as a list, a
// tree and a search, parents, users count, metadata; creating, renaming, managing, settings and deleting a
// sub-account; users across the subtree (add, roles per sub-account, access, remove). The shared refusals: an
// account outside the caller's subtree is a 404, a body breaking the contract a 400, a used tenantId a 409, a
// sort field outside ENUM-028 a 400.
import { hierarchyContracts as hc, subTenantsContracts as sc } from '../../../shared/api/contracts/hierarchy';
import { rolesContracts } from '../../../shared/api/contracts/roles';
import { teamContracts } from '../../../shared/api/contracts/team';
import { usersContracts } from '../../../shared/api/contracts/users';
import type { Saved, Script } from '../contract';

const SUB = 'contract-sub-account';
const CHILD = 'contract-sub-account-child';
const MEMBER = 'contract.member@example.test';

/** The caller's account (the tree's root) and its first seeded sub-account (ids differ between the sides). */
const root = (s: Saved) => s.tree.tenantId as string;
const seeded = (s: Saved) => (s.tree.children as { tenantId: string }[])[0]!.tenantId;
/** The invited member's id, from the users across the tree. */
const member = (s: Saved) =>
  (s.members.items as { id: string; email: string }[]).find((u) => u.email === MEMBER)!.id;
/** Another member of the caller's account (not the caller). */
const colleague = (s: Saved) =>
  (s.ownUsers.items as { id: string }[]).find((u) => u.id !== (s.me.id as string))!.id;
const someRole = (s: Saved) => (s.roles as { id: string; key: string }[]).find((r) => r.key === 'Viewer')!.id;
const otherRole = (s: Saved) =>
  (s.roles as { id: string; key: string }[]).find((r) => r.key === 'ReadOnly')!.id;
const rolesBody = (roleId: (s: Saved) => string) => (s: Saved) => ({
  subTenantsRoles: [{ tenantId: SUB, roleIds: [roleId(s)] }],
});

export const hierarchyScript: Script = {
  family: 'hierarchy',
  steps: [
    // The tenants group: reading the hierarchy
    { name: '[TENANTS-002] the tree of the caller account', call: hc.getSubTenantsAsTree, save: 'tree' },
    { name: 'the sub-accounts as a list', call: hc.getSubTenants },
    { name: "the caller account's parents", call: hc.getParentTenants },
    {
      name: '[TENANTS-010] [TENANTS-026] search: limit 50 from offset 0',
      call: hc.searchSubTenants,
      query: { _limit: '50', _offset: '0' },
    },
    {
      name: '[ENUM-028] search sorted by a sub-tenant sort field',
      call: hc.searchSubTenants,
      query: { _sortBy: 'tenantId', _order: 'DESC', _filter: 'acme' },
    },
    {
      name: '[ENUM-028] a sort field outside createdAt, name, tenantId is refused',
      call: hc.searchSubTenants,
      query: { _sortBy: 'email' },
      expect: 400,
    },
    {
      name: 'the children of an account outside the subtree are not found',
      call: hc.searchSubTenants,
      query: { _subTenantId: 'no-such-account' },
      expect: 404,
    },
    {
      name: 'users count of the caller account and a sub-account',
      call: hc.getTenantsUsersCount,
      body: (s) => ({ tenantIds: [root(s), seeded(s)] }),
    },
    { name: 'users count without ids is refused', call: hc.getTenantsUsersCount, body: {}, expect: 400 },
    {
      name: 'users count of an unknown account is not found',
      call: hc.getTenantsUsersCount,
      body: { tenantIds: ['no-such-account'] },
      expect: 404,
    },
    {
      name: 'hierarchy metadata',
      call: hc.getHierarchyMetadata,
      query: (s) => ({ _tenantIds: `${root(s)},${seeded(s)}` }),
    },
    { name: 'hierarchy metadata without ids is refused', call: hc.getHierarchyMetadata, expect: 400 },
    {
      name: 'hierarchy metadata of an unknown account is not found',
      call: hc.getHierarchyMetadata,
      query: { _tenantIds: 'no-such-account' },
      expect: 404,
    },

    // The sub-tenants group: a sub-account's life
    {
      name: '[TENANTS-023] [ENUM-029] create a sub-account',
      call: sc.createSubTenant,
      body: { tenantId: SUB, name: 'Contract sub-account', tenantType: 'test' },
    },
    {
      name: '[TENANTS-023] a used tenantId is a conflict',
      call: sc.createSubTenant,
      body: { tenantId: SUB, name: 'Again' },
      expect: 409,
    },
    { name: 'a sub-account without a name is refused', call: sc.createSubTenant, body: {}, expect: 400 },
    {
      name: '[ENUM-029] a category outside the tenant categories is refused',
      call: sc.createSubTenant,
      body: { name: 'Partner', tenantType: 'partner' },
      expect: 400,
    },
    {
      name: 'a parent outside the subtree is not found',
      call: sc.createSubTenant,
      body: { name: 'Orphan', parentTenantId: 'no-such-account' },
      expect: 404,
    },
    {
      name: 'create a sub-account under it',
      call: sc.createSubTenant,
      body: { tenantId: CHILD, name: 'Contract child', parentTenantId: SUB },
    },
    {
      name: 'its parents up to the caller account',
      call: hc.getParentTenantsById,
      params: { tenantId: CHILD },
    },
    {
      name: "the caller account's own parents by id are not found",
      call: hc.getParentTenantsById,
      params: (s) => ({ tenantId: root(s) }),
      expect: 404,
    },
    {
      name: '[TENANTS-025] rename it',
      call: sc.updateSubTenant,
      params: { tenantId: SUB },
      body: { name: 'Contract sub-account renamed' },
    },
    {
      name: '[TENANTS-025] an empty name is refused',
      call: sc.updateSubTenant,
      params: { tenantId: SUB },
      body: { name: ' ' },
      expect: 400,
    },
    {
      name: "[TENANTS-025] renaming the caller's own account is not found",
      call: sc.updateSubTenant,
      params: (s) => ({ tenantId: root(s) }),
      body: { name: 'Mine' },
      expect: 404,
    },
    {
      name: '[ENUM-029] its management: reseller',
      call: sc.updateSubTenantManagement,
      params: { tenantId: SUB },
      body: { isReseller: true, tenantType: 'reseller' },
    },
    {
      name: 'management of an unknown account is not found',
      call: sc.updateSubTenantManagement,
      params: { tenantId: 'no-such-account' },
      body: { isReseller: true },
      expect: 404,
    },
    {
      name: 'its hierarchy settings',
      call: sc.updateSubTenantHierarchySettings,
      params: { tenantId: SUB },
      body: { subAccountAccessType: 'defaultOff' },
    },
    {
      name: "the caller account's own hierarchy settings",
      call: sc.updateSubTenantHierarchySettings,
      params: (s) => ({ tenantId: root(s) }),
      body: { subAccountAccessType: 'defaultOn' },
    },
    {
      name: 'an access type outside defaultOff, defaultOn, alwaysOn is refused',
      call: sc.updateSubTenantHierarchySettings,
      params: { tenantId: SUB },
      body: { subAccountAccessType: 'sometimes' },
      expect: 400,
    },

    // Users across the subtree
    { name: 'the roles (roles)', call: rolesContracts.getRoles, save: 'roles' },
    { name: 'me (users)', call: usersContracts.getMeV2, save: 'me' },
    {
      name: '[TENANTS-022] add users to the sub-account',
      call: sc.addUsersToSubTenant,
      body: { tenantId: SUB, users: [{ email: MEMBER, name: 'Contract Member' }] },
    },
    {
      name: '[TENANTS-022] a member again is a conflict',
      call: sc.addUsersToSubTenant,
      body: { tenantId: SUB, users: [{ email: MEMBER }] },
      expect: 409,
    },
    {
      name: '[TENANTS-022] an account outside the subtree is not found',
      call: sc.addUsersToSubTenant,
      body: { tenantId: 'no-such-account', users: [{ email: 'nobody@example.test' }] },
      expect: 404,
    },
    {
      name: '[TENANTS-022] without users is refused',
      call: sc.addUsersToSubTenant,
      body: { tenantId: SUB, users: [] },
      expect: 400,
    },
    {
      name: '[TENANTS-027] add the user to the child account too',
      call: sc.addUserToTenantAndSubTenants,
      body: { user: { email: MEMBER }, subTenants: [{ tenantId: CHILD }] },
    },
    {
      name: '[TENANTS-027] an email that is not one is refused',
      call: sc.addUserToTenantAndSubTenants,
      body: { user: { email: 'not-an-email' }, subTenants: [{ tenantId: CHILD }] },
      expect: 400,
    },
    {
      name: '[TENANTS-027] the users across the tree',
      call: teamContracts.loadAllUsers,
      query: { _filter: 'contract.member', _limit: '50' },
      save: 'members',
    },
    {
      name: '[TENANTS-018] add a role for the sub-account',
      call: sc.addUserRolesForSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: rolesBody(someRole),
    },
    {
      name: '[TENANTS-018] a role for an account outside the subtree is not found',
      call: sc.addUserRolesForSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: (s) => ({ subTenantsRoles: [{ tenantId: 'no-such-account', roleIds: [someRole(s)] }] }),
      expect: 404,
    },
    {
      name: '[TENANTS-018] without accounts is refused',
      call: sc.addUserRolesForSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: { subTenantsRoles: [] },
      expect: 400,
    },
    {
      name: '[TENANTS-020] set its roles for the sub-account',
      call: sc.setUserRolesForSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: rolesBody(otherRole),
    },
    {
      name: '[TENANTS-020] roles of a user who is not a member are not found',
      call: sc.setUserRolesForSubTenants,
      params: { userId: 'no-such-user' },
      body: rolesBody(otherRole),
      expect: 404,
    },
    {
      name: '[TENANTS-019] remove the role',
      call: sc.removeUserRolesFromSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: rolesBody(otherRole),
    },
    {
      name: '[TENANTS-019] an unknown role is not found',
      call: sc.removeUserRolesFromSubTenants,
      params: (s) => ({ userId: member(s) }),
      body: { subTenantsRoles: [{ tenantId: SUB, roleIds: ['no-such-role'] }] },
      expect: 404,
    },
    {
      name: "the caller account's users (users v3)",
      call: teamContracts.getUsersV3,
      query: { _limit: '10' },
      save: 'ownUsers',
    },
    {
      name: "[TENANTS-021] a member of the caller's account may be denied its sub-accounts",
      call: sc.updateSubAccountAccess,
      params: (s) => ({ userId: colleague(s) }),
      body: { allowAccess: false },
    },
    {
      name: '[TENANTS-021] and allowed again',
      call: sc.updateSubAccountAccess,
      params: (s) => ({ userId: colleague(s) }),
      body: { allowAccess: true },
    },

    {
      name: '[TENANTS-021] a user who is not a member of the caller account is not found',
      call: sc.updateSubAccountAccess,
      params: (s) => ({ userId: member(s) }),
      body: { allowAccess: false },
      expect: 404,
    },
    {
      name: '[TENANTS-021] allowAccess is required',
      call: sc.updateSubAccountAccess,
      params: (s) => ({ userId: s.me.id as string }),
      body: {},
      expect: 400,
    },
    {
      name: '[TENANTS-017] remove the user from the child account',
      call: sc.removeUserFromTenantAndSubTenants,
      body: (s) => ({ userId: member(s), subTenants: [{ tenantId: CHILD }] }),
    },
    {
      name: '[TENANTS-017] not a member any more: not found',
      call: sc.removeUserFromTenantAndSubTenants,
      body: (s) => ({ userId: member(s), subTenants: [{ tenantId: CHILD }] }),
      expect: 404,
    },
    {
      name: '[TENANTS-017] without accounts is refused',
      call: sc.removeUserFromTenantAndSubTenants,
      body: (s) => ({ userId: member(s), subTenants: [] }),
      expect: 400,
    },

    // Deleting
    {
      name: "[TENANTS-024] deleting the caller's own account is not found",
      call: sc.deleteSubTenant,
      params: (s) => ({ tenantId: root(s) }),
      expect: 404,
    },
    {
      name: '[TENANTS-024] delete the sub-account and its subtree',
      call: sc.deleteSubTenant,
      params: { tenantId: SUB },
    },
    {
      name: '[TENANTS-024] its child went with it',
      call: sc.updateSubTenant,
      params: { tenantId: CHILD },
      body: { name: 'Gone' },
      expect: 404,
    },
    {
      name: '[TENANTS-023] the id of a deleted account stays used',
      call: sc.createSubTenant,
      body: { tenantId: SUB, name: 'Again' },
      expect: 409,
    },
  ],
};
