// Contract scripts of groups, applications, account settings, metadata, flags and security policy reads:
// every call, and the refusals the preview must share with the server.
import { accountSettingsContracts as as } from '../../../shared/api/contracts/accountSettings';
import { applicationsContracts as ap } from '../../../shared/api/contracts/applications';
import { flagsContracts as fl } from '../../../shared/api/contracts/flags';
import { groupsContracts as g } from '../../../shared/api/contracts/groups';
import { metadataContracts as md } from '../../../shared/api/contracts/metadata';
import { rolesContracts } from '../../../shared/api/contracts/roles';
import { securityPolicyContracts as sp } from '../../../shared/api/contracts/securityPolicy';
import type { Saved, Script } from '../contract';

type Named = { id: string; name?: string; accessType?: string; tenantId?: string | null; email?: string };
const managed = (s: Saved) => (s.apps as Named[]).find((a) => a.accessType === 'MANAGED_ACCESS')!.id;
const free = (s: Saved) => (s.apps as Named[]).find((a) => a.accessType === 'FREE_ACCESS')?.id;
const someRole = (s: Saved) => (s.roles as Named[])[0]!.id;
/** A member of the tenant: the first member of a sample group (ids differ between preview and server). */
const someUser = (s: Saved) =>
  (s.members as { groups: { users?: Named[] }[] }).groups.flatMap((group) => group.users ?? [])[0]!.id;
const members = {
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

export const applicationsScript: Script = {
  family: 'applications',
  steps: [
    members,
    { name: 'the applications', call: ap.getApplicationsData, save: 'apps' },
    {
      name: 'the applications, free ones left out',
      call: ap.getApplicationsData,
      query: { _includeFreeAccess: 'false' },
    },
    { name: 'tenant assignments', call: ap.getTenantsApplications },
    { name: 'tenant assignments v2', call: ap.getTenantsApplicationsV2 },
    {
      name: "a user's applications",
      call: ap.getUserApplicationsId,
      params: (s) => ({ userId: someUser(s) }),
    },
    {
      name: 'an unknown user is not found',
      call: ap.getUserApplicationsId,
      params: { userId: 'no-such-user' },
      expect: 404,
    },
    {
      name: "users' applications",
      call: ap.getUsersApplicationsId,
      query: (s) => ({ userIds: someUser(s) }),
    },
    {
      name: 'users of applications',
      call: ap.getUsersOfApplications,
      query: (s) => ({ appIds: managed(s) }),
    },
    {
      name: 'assign a user',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [managed(s)] }),
    },
    {
      name: 'an assignment without applications is refused',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [] }),
      expect: 400,
    },
    {
      name: 'an unknown application is not found',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: ['no-such-app'] }),
      expect: 404,
    },
    {
      name: '[ENUM-034] a FREE_ACCESS application cannot be assigned',
      call: ap.assignUserToApplications,
      body: (s) => ({ userId: someUser(s), appIds: [free(s) ?? 'none'] }),
      expect: 400,
    },
    {
      name: 'unassign the user',
      call: ap.unassignUserFromApplications,
      body: (s) => ({ userId: someUser(s), appIds: [managed(s)] }),
    },
  ],
};

export const accountSettingsScript: Script = {
  family: 'accountSettings',
  steps: [
    { name: 'the settings', call: as.getSettings, save: 'settings' },
    { name: 'change the address', call: as.updateSettings, body: { address: '1 Contract Street' } },
    {
      name: 'a date format outside the list is refused',
      call: as.updateSettings,
      body: { dateFormat: 'YY' },
      expect: 400,
    },
    { name: 'public settings', call: as.getPublicSettings },
    {
      name: 'public custom login',
      call: as.getPublicCustomLogin,
      query: (s) => ({ tenantId: s.settings.tenantId }),
    },
  ],
};

export const metadataScript: Script = {
  family: 'metadata',
  steps: [
    { name: 'portal metadata', call: md.getMetadata, query: { entityName: 'adminBox' } },
    { name: 'admin box metadata', call: md.getAdminBoxMetadata },
    {
      name: 'commit a theme',
      call: md.updateAdminBoxMetadata,
      body: { actions: [{ type: 'theme', payload: {} }] },
    },
    {
      name: 'a commit without actions is refused',
      call: md.updateAdminBoxMetadata,
      body: { actions: [] },
      expect: 400,
    },
    { name: "the caller's address", call: md.getCurrentUserIpMetadata },
  ],
};

export const flagsScript: Script = {
  family: 'flags',
  steps: [
    { name: 'feature flags', call: fl.loadFeatureFlags },
    { name: 'entitlements', call: fl.loadEntitlementsV2 },
  ],
};

export const securityPolicyScript: Script = {
  family: 'securityPolicy',
  steps: [
    { name: 'global policy', call: sp.getGlobalSecurityPolicy },
    { name: 'password rules', call: sp.getPasswordConfigPolicy },
    { name: 'captcha', call: sp.getCaptchaPolicy },
    { name: 'lockout', call: sp.getLockoutPolicy },
    { name: 'vendor lockout', call: sp.getVendorLockoutPolicy },
    { name: 'password history', call: sp.getPasswordHistoryPolicy },
    { name: 'vendor password history', call: sp.getVendorPasswordHistoryPolicy },
    { name: 'password rotation', call: sp.getPasswordRotationPolicy },
    { name: 'vendor password rotation', call: sp.getVendorPasswordRotationPolicy },
    { name: 'MFA', call: sp.getMfaPolicy },
    { name: 'vendor MFA', call: sp.getVendorMfaPolicy },
    { name: 'save lockout', call: sp.saveLockoutPolicy, body: { maxAttempts: 6 } },
    {
      name: 'a lockout of 0 attempts is refused',
      call: sp.saveLockoutPolicy,
      body: { maxAttempts: 0 },
      expect: 400,
    },
    { name: 'save password history', call: sp.savePasswordHistoryPolicy, body: { historySize: 6 } },
    { name: 'save MFA', call: sp.saveMfaPolicy, body: { enforceMFAType: 'DontForce' } },
    {
      name: 'an MFA enforcement outside the list is refused',
      call: sp.saveMfaPolicy,
      body: { enforceMFAType: 'Sometimes' },
      expect: 400,
    },
  ],
};
