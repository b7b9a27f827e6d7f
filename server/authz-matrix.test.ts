// The authorization matrix: every portal endpoint, called by a user of every sample role, on the caller's own
// tenant and on another tenant. On its own tenant a call is allowed exactly when the role holds the
// permission the endpoint table names; on another tenant nothing is ever allowed: the answer leaks none of
// that tenant's data and none of its rows change, whatever the caller names (ids in the path or body, a
// tenant id in the query, the body or the scoping headers).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { paths } from '../shared/api/paths';
import { roleKeys, sampleRoleNames, type SampleRoleName } from '../shared/fixtures/roles';
import {
  apiTokens,
  applications,
  audits,
  applicationUsers,
  directoryConfigurations,
  groupRoles,
  groups,
  groupUsers,
  inviteLinks,
  ipRestrictionConfigs,
  emailDomainRestrictions,
  ipRestrictions,
  permissions,
  policies,
  rateLimits,
  rolePermissions,
  roles,
  sessions,
  tenants,
  userRoles,
  users,
  userTenants,
} from './db/schema';
import { holds } from './middleware/authorize';
import { takesApiTokens, type Endpoint } from './routes/endpoints';
import { endpointTables, portalTables } from './routes/tables';
import { fixtures, testServer, type TestServer } from './testing';
import { billingMatrixCalls, billingState } from './testing/billingMatrix';
import { hierarchyMatrixCalls, hierarchyState, otherSubAccount } from './testing/hierarchyMatrix';
import { connectivityMatrixCalls, connectivityState } from './testing/connectivityMatrix';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleIdpMetadata } from '../shared/api/preview/ssoConfigurations';
import { ssoConfigurations, ssoDomains, ssoGroups } from './db/schema';
import { firstSaml } from './sso/configurations';
import { insertSsoConfiguration } from './sso/store';

type Scope = 'own' | 'other';
interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const entries = (tables: Readonly<Record<string, Readonly<Record<string, Endpoint>>>>) =>
  Object.values(tables).flatMap((table) => Object.values(table));
/** Every endpoint of the portal's tables, and every endpoint of any table that requires a permission. */
const portalEndpoints: Endpoint[] = [
  ...entries(portalTables),
  ...entries(endpointTables).filter((e) => e.permission !== null && !entries(portalTables).includes(e)),
];

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** The columns an audit export asks for (the tenant and the actor: what a leak would show). */
const auditExportHeader = [
  { name: 'tenantId', displayName: 'Tenant' },
  { name: 'email', displayName: 'User' },
  { name: 'description', displayName: 'Description' },
];
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));

describe('authorization matrix: every portal endpoint × every sample role × own and another tenant', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let globex: string;
  let viewerRole: string;
  let readUsersPermission: string;
  /** A MANAGED_ACCESS application (assignable) of the vendor. */
  let managedApp: string;
  let metadataServer: HttpServer;
  let metadataUrl: string;
  /** Strings that only the other tenant's data contains: none may appear in any answer. */
  const markers = new Set<string>();

  before(async () => {
    // SSO metadata by URL: a local IdP's metadata address (loopback: allowed by ALLOW_PRIVATE_NETWORK_FETCH).
    metadataServer = createHttpServer((_req, res) => res.end(sampleIdpMetadata));
    await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
    metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
    t = await testServer({ allowPrivateNetworkFetch: true });
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    globex = await f.newTenant('Globex Matrix');
    markers.add(globex).add('Globex Matrix');
    viewerRole = await f.roleId('Viewer');
    readUsersPermission = (
      await f.db.select().from(permissions).where(eq(permissions.key, 'fe.secure.read.users'))
    )[0]!.id;
    // The other tenant has data of every kind the pages read.
    const admin = await otherUser();
    await f.db.insert(sessions).values({ id: randomUUID(), userId: admin.id, tenantId: globex });
    await tenantRole(globex);
    await group(globex, { withUser: admin.id });
    await inviteLink(globex);
    // An audit row of the other tenant (its actor's email and the tenant id are markers).
    await f.db.insert(audits).values({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      tenantId: globex,
      userId: admin.id,
      email: admin.email,
      action: 'User logged in',
      description: 'Globex Matrix sign-in',
    });
    managedApp = randomUUID();
    await f.db.insert(applications).values({
      id: managedApp,
      vendorId: t.services.vendorId,
      name: 'Matrix App',
      accessType: 'MANAGED_ACCESS',
    });
    await f.db
      .insert(applicationUsers)
      .values({ applicationId: managedApp, userId: admin.id, tenantId: globex });
    await f.db.insert(policies).values({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      tenantId: globex,
      kind: 'groups',
      value: { enabled: true, rolesEnabled: false },
    });
    // A sub-account of the other tenant, with a member (server/testing/hierarchyMatrix.ts).
    await otherSubAccount({ f, globex, markers });
  });
  after(async () => {
    await t.close();
    await new Promise<void>((resolve) => metadataServer.close(() => resolve()));
  });

  // --- fixtures, made fresh for each call (a call may delete or change its target) ---------------------

  const ownUser = (opts: { verified?: boolean; disabled?: boolean } = {}) =>
    f.createUser({
      verified: opts.verified,
      tenants: [{ id: acme, roles: ['Viewer'], disabled: opts.disabled }],
    });
  async function otherUser(opts: { verified?: boolean; disabled?: boolean } = {}) {
    const user = await f.createUser({
      name: `Globex Person ${randomUUID().slice(0, 6)}`,
      email: `person-${randomUUID().slice(0, 8)}@globex.test`,
      verified: opts.verified,
      tenants: [{ id: globex, roles: ['Admin'], disabled: opts.disabled }],
    });
    markers.add(user.id).add(user.email);
    return user;
  }
  async function tenantRole(tenant: string) {
    const id = randomUUID();
    const key = `matrix-${id.slice(0, 8)}`;
    await f.db.insert(roles).values({ id, vendorId: t.services.vendorId, tenantId: tenant, key, name: key });
    if (tenant === globex) markers.add(id).add(key);
    return id;
  }
  async function group(tenant: string, opts: { withUser?: string; withRole?: string } = {}) {
    const id = randomUUID();
    const name = `Group ${id.slice(0, 8)}`;
    await f.db.insert(groups).values({ id, tenantId: tenant, name });
    if (opts.withUser) await f.db.insert(groupUsers).values({ groupId: id, userId: opts.withUser });
    if (opts.withRole) await f.db.insert(groupRoles).values({ groupId: id, roleId: opts.withRole });
    if (tenant === globex) markers.add(id).add(name);
    return id;
  }
  async function inviteLink(tenant: string) {
    const token = randomUUID();
    await f.db.delete(inviteLinks).where(eq(inviteLinks.tenantId, tenant));
    await f.db
      .insert(inviteLinks)
      .values({ tenantId: tenant, token, expiresAt: new Date(Date.now() + 86_400_000) });
    if (tenant === globex) markers.add(token);
  }
  /** Built-in roles holding a permission: the "exactly these roles" call must keep them listed. */
  const builtInHolders = async (permissionId: string) =>
    (
      await f.db
        .select({ id: roles.id })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .where(and(eq(rolePermissions.permissionId, permissionId), isNull(roles.tenantId)))
    ).map((r) => r.id);

  /** What a caller names when it tries to reach the other tenant without an id of it. */
  const aimAtOther = (path: string, body?: Record<string, unknown>): Call => ({
    path: `${path}${path.includes('?') ? '&' : '?'}tenantId=${globex}`,
    body: body === undefined ? undefined : { ...body, tenantId: globex },
    headers: { 'frontegg-tenant-id': globex, 'frontegg-scoped-tenant': globex },
  });
  /** A call without ids: as it is on the own tenant, aimed at the other one otherwise. */
  const plain =
    (path: string, body?: () => Record<string, unknown>) =>
    async (scope: Scope): Promise<Call> =>
      scope === 'own' ? { path, body: body?.() } : aimAtOther(path, body?.());
  /** A call on one user: a fresh user of the own tenant, or of the other tenant. */
  const onUser =
    (
      make: (userId: string) => Call,
      opts: { verified?: boolean; disabled?: boolean } = {},
    ): ((scope: Scope) => Promise<Call>) =>
    async (scope) =>
      make((scope === 'own' ? await ownUser(opts) : await otherUser(opts)).id);
  const onRole = (make: (roleId: string) => Call) => async (scope: Scope) =>
    make(await tenantRole(scope === 'own' ? acme : globex));
  const onGroup =
    (
      make: (groupId: string, userId: string) => Call,
      opts: { withRole?: boolean; withUser?: boolean } = {},
    ) =>
    async (scope: Scope) => {
      const tenant = scope === 'own' ? acme : globex;
      const user = scope === 'own' ? await ownUser() : await otherUser();
      const groupId = await group(tenant, {
        withUser: opts.withUser ? user.id : undefined,
        withRole: opts.withRole ? viewerRole : undefined,
      });
      return make(groupId, user.id);
    };
  const fresh = () => `matrix-${randomUUID().slice(0, 8)}`;
  /** A fresh documentation address (198.18.0.0/15, benchmarking), for IP restriction entries. */
  const freshIp = () => {
    const n = Math.floor(Math.random() * 131_072);
    return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  };
  /** An IP restriction entry of the own or the other tenant. */
  const onIpEntry = (make: (id: string) => Call) => async (scope: Scope) => {
    const id = randomUUID();
    const description = fresh();
    const tenantId = scope === 'own' ? acme : globex;
    await f.db.insert(ipRestrictions).values({ id, tenantId, ip: freshIp(), strategy: 'ALLOW', description });
    if (tenantId === globex) markers.add(id).add(description);
    return make(id);
  };
  /** An email-domain restriction entry of the own or the other tenant. */
  const onDomainEntry = (make: (id: string) => Call) => async (scope: Scope) => {
    const id = randomUUID();
    const domain = `${fresh()}.example`;
    const tenantId = scope === 'own' ? acme : globex;
    await f.db.insert(emailDomainRestrictions).values({ id, tenantId, domain, type: 'BLOCK' });
    if (tenantId === globex) markers.add(id).add(domain);
    return make(id);
  };

  /** An API token row of the own or the other tenant (personal: of a user there), for delete calls. */
  const onApiToken =
    (make: (tokenId: string) => Call, personal: boolean) =>
    async (scope: Scope, callerToken: string): Promise<Call> => {
      if (scope === 'own' && personal) {
        // The caller's own personal token, made through the API (a token of another user would be 404).
        const res = await f.request('POST', paths.auth.updateUserApiTokensData.path, callerToken, {});
        if (res.status === 201) return make(((await res.json()) as { clientId: string }).clientId);
      }
      const id = randomUUID();
      const tenantId = scope === 'own' ? acme : globex;
      const owner = personal ? (scope === 'own' ? await ownUser() : await otherUser()).id : null;
      await f.db.insert(apiTokens).values({
        id,
        tenantId,
        userId: owner,
        secretHash: 'x',
        createdByUserId: owner ?? 'matrix',
        description: fresh(),
      });
      if (tenantId === globex) markers.add(id);
      return make(id);
    };

  /** A directory connection (SCIM) of the own or the other tenant. */
  const onDirectoryConnection = (make: (id: string) => Call) => async (scope: Scope) => {
    const id = randomUUID();
    const connectionName = fresh();
    const tenantId = scope === 'own' ? acme : globex;
    await f.db
      .insert(directoryConfigurations)
      .values({ id, tenantId, source: 'okta', connectionName, tokenHash: randomUUID() });
    if (tenantId === globex) markers.add(id).add(connectionName);
    return make(id);
  };

  /** How to call each endpoint on the own tenant and on the other one. */
  /** The caller's token, for a call that needs a step of the caller's own first (a mailed code). */
  /** An SSO configuration of the own or the other tenant, with a domain and a group mapping. */
  async function ssoConfiguration(tenantId: string) {
    const id = await insertSsoConfiguration(f.db, { tenantId, kind: 'saml', config: {}, enabled: false });
    const domainId = randomUUID();
    const groupId = randomUUID();
    const domain = `${fresh()}.invalid`;
    await f.db
      .insert(ssoDomains)
      .values({ id: domainId, configurationId: id, tenantId, domain, txtRecord: fresh() });
    await f.db.insert(ssoGroups).values({ id: groupId, configurationId: id, group: fresh() });
    if (tenantId === globex) markers.add(id).add(domainId).add(groupId).add(domain);
    return { ssoConfigId: id, domainId, groupId };
  }
  const onSso =
    (make: (ids: { ssoConfigId: string; domainId: string; groupId: string }) => Call) =>
    async (scope: Scope) =>
      make(await ssoConfiguration(scope === 'own' ? acme : globex));
  /** The old SAML calls act on the tenant's first SAML configuration: a group of it (own), or of the other's. */
  const onFirstSaml = (make: (groupId: string) => Call) => async (scope: Scope) => {
    if (scope === 'other') return make((await ssoConfiguration(globex)).groupId);
    const first = (await firstSaml(f.db, acme)) ?? { id: (await ssoConfiguration(acme)).ssoConfigId };
    const groupId = randomUUID();
    await f.db.insert(ssoGroups).values({ id: groupId, configurationId: first.id, group: fresh() });
    return make(groupId);
  };
  /** The old domain validation needs a domain on the first SAML configuration. */
  const withFirstSamlDomain = (path: string) => async (scope: Scope) => {
    const first = (await firstSaml(f.db, acme)) ?? { id: (await ssoConfiguration(acme)).ssoConfigId };
    const [domain] = await f.db.select().from(ssoDomains).where(eq(ssoDomains.configurationId, first.id));
    if (!domain)
      await f.db.insert(ssoDomains).values({
        id: randomUUID(),
        configurationId: first.id,
        tenantId: acme,
        domain: `${fresh()}.invalid`,
        txtRecord: fresh(),
      });
    return plain(path)(scope);
  };
  const sso = paths.auth;
  const onSsoPath = (
    route: { path: string },
    body?: () => Record<string, unknown>,
    id: 'domainId' | 'groupId' | 'id' | null = null,
  ) =>
    onSso((ids) => ({
      path: fill(route.path, { ...ids, ...(id === 'id' ? { id: ids.groupId } : {}) }),
      body: body?.(),
    }));

  const calls: Record<string, (scope: Scope, callerToken: string) => Promise<Call>> = {
    // Billing (issue 19): server/testing/billingMatrix.ts
    ...billingMatrixCalls(() => ({ t, f, acme, globex })),
    // Account hierarchy and sub-account users (issue 20): server/testing/hierarchyMatrix.ts
    ...hierarchyMatrixCalls(() => ({ t, f, acme, globex, markers })),
    // Connectivity (issue 21): server/testing/connectivityMatrix.ts
    ...connectivityMatrixCalls(() => ({ t, f, acme, globex, markers })),
    // Users (team)
    [`GET ${paths.users.getUsersV2.path}`]: plain(paths.users.getUsersV2.path),
    [`GET ${paths.users.getUsersV3.path}`]: plain(`${paths.users.getUsersV3.path}?_includeSubTenants=true`),
    [`GET ${paths.subTenants.loadAllUsers.path}`]: plain(paths.subTenants.loadAllUsers.path),
    [`GET ${paths.users.getUsersRoles.path}`]: onUser((id) => ({
      path: `${paths.users.getUsersRoles.path}?ids=${id}`,
    })),
    [`GET ${paths.users.getUsersGroups.path}`]: onUser((id) => ({
      path: `${paths.users.getUsersGroups.path}?ids=${id}`,
    })),
    [`GET ${paths.auth.getUserById.path}`]: onUser((userId) => ({
      path: fill(paths.auth.getUserById.path, { userId }),
    })),
    [`GET ${paths.userPhoneNumbers.getUsersPhoneNumberV2.path}`]: plain(
      paths.userPhoneNumbers.getUsersPhoneNumberV2.path,
    ),
    [`GET ${paths.teams.loadUsers.path}`]: plain(paths.teams.loadUsers.path),
    [`GET ${paths.teams.loadAvailableRoles.path}`]: plain(paths.teams.loadAvailableRoles.path),
    [`GET ${paths.teams.loadStats.path}`]: plain(paths.teams.loadStats.path),
    [`POST ${paths.teams.addUser.path}`]: plain(paths.teams.addUser.path, () => ({
      email: `${fresh()}@example.test`,
      name: 'Invited',
    })),
    [`PUT ${paths.teams.updateUser.path}`]: onUser((id) => ({
      path: paths.teams.updateUser.path,
      body: { id, name: 'Renamed', roleIds: [viewerRole] },
    })),
    [`DELETE ${paths.teams.deleteUser.path}`]: onUser((userId) => ({
      path: fill(paths.teams.deleteUser.path, { userId }),
    })),
    [`POST ${paths.teams.resendActivationLink.path}`]: onUser(
      (userId) => ({ path: fill(paths.teams.resendActivationLink.path, { userId }), body: {} }),
      { verified: false },
    ),
    [`POST ${paths.teams.disableUser.path}`]: onUser((userId) => ({
      path: fill(paths.teams.disableUser.path, { userId }),
      body: {},
    })),
    [`POST ${paths.teams.enableUser.path}`]: onUser(
      (userId) => ({ path: fill(paths.teams.enableUser.path, { userId }), body: {} }),
      { disabled: true },
    ),
    [`POST ${paths.teams.unlockUser.path}`]: onUser((userId) => ({
      path: fill(paths.teams.unlockUser.path, { userId }),
      body: {},
    })),
    [`GET ${paths.teams.getInviteLinkConfiguration.path}`]: plain(
      paths.teams.getInviteLinkConfiguration.path,
    ),
    [`GET ${paths.teams.getInviteUserLink.path}`]: async (scope) => {
      await inviteLink(acme);
      return plain(paths.teams.getInviteUserLink.path)(scope);
    },
    [`POST ${paths.teams.createInviteUserLink.path}`]: plain(
      paths.teams.createInviteUserLink.path,
      () => ({}),
    ),
    [`POST ${paths.teams.createInviteUserLinkV2.path}`]: plain(
      paths.teams.createInviteUserLinkV2.path,
      () => ({}),
    ),
    [`PATCH ${paths.teams.updateInviteUserLink.path}`]: async (scope) => {
      await inviteLink(acme);
      return plain(paths.teams.updateInviteUserLink.path, () => ({ expiresInMinutes: 60 }))(scope);
    },
    [`DELETE ${paths.teams.deleteInviteUserLink.path}`]: async (scope) => {
      await inviteLink(acme);
      return plain(paths.teams.deleteInviteUserLink.path)(scope);
    },
    [`GET ${paths.teams.getTemporaryUserConfiguration.path}`]: plain(
      paths.teams.getTemporaryUserConfiguration.path,
    ),
    [`PUT ${paths.teams.updateUserExpirationTime.path}`]: onUser((userId) => ({
      path: fill(paths.teams.updateUserExpirationTime.path, { userId }),
      body: { expirationInSeconds: 3600 },
    })),
    [`DELETE ${paths.teams.setPermanentUser.path}`]: onUser((userId) => ({
      path: fill(paths.teams.setPermanentUser.path, { userId }),
    })),
    // Roles and permissions
    [`GET ${paths.roles.getRoles.path}`]: plain(paths.roles.getRoles.path),
    [`POST ${paths.roles.addRole.path}`]: plain(paths.roles.addRole.path, () => ({
      name: fresh(),
      key: fresh(),
    })),
    [`POST ${paths.roles.addRoleV2.path}`]: plain(paths.roles.addRoleV2.path, () => ({
      name: fresh(),
      key: fresh(),
    })),
    [`PATCH ${paths.roles.updateRole.path}`]: onRole((roleId) => ({
      path: fill(paths.roles.updateRole.path, { roleId }),
      body: { name: 'Renamed role' },
    })),
    [`DELETE ${paths.roles.deleteRole.path}`]: onRole((roleId) => ({
      path: fill(paths.roles.deleteRole.path, { roleId }),
    })),
    [`PUT ${paths.roles.attachPermissionsToRole.path}`]: onRole((roleId) => ({
      path: fill(paths.roles.attachPermissionsToRole.path, { roleId }),
      body: { permissionIds: [readUsersPermission] },
    })),
    [`PUT ${paths.roles.attachPermissionToRoles.path}`]: async (scope) => {
      const role = await tenantRole(scope === 'own' ? acme : globex);
      return {
        path: fill(paths.roles.attachPermissionToRoles.path, { permissionId: readUsersPermission }),
        body: { roleIds: [...(await builtInHolders(readUsersPermission)), role] },
      };
    },
    [`GET ${paths.roles.getPermissions.path}`]: plain(paths.roles.getPermissions.path),
    [`GET ${paths.roles.getPermissionCategories.path}`]: plain(paths.roles.getPermissionCategories.path),
    // Groups
    [`GET ${paths.groups.getGroupConfiguration.path}`]: plain(paths.groups.getGroupConfiguration.path),
    [`POST ${paths.groups.updateGroupConfiguration.path}`]: plain(
      paths.groups.updateGroupConfiguration.path,
      () => ({
        enabled: true,
        rolesEnabled: true,
      }),
    ),
    [`GET ${paths.groups.getGroups.path}`]: plain(paths.groups.getGroups.path),
    [`POST ${paths.groups.getGroupsByIds.path}`]: onGroup((id) => ({
      path: paths.groups.getGroupsByIds.path,
      body: { groupsIds: [id] },
    })),
    [`GET ${paths.groups.getGroupById.path}`]: onGroup((groupId) => ({
      path: fill(paths.groups.getGroupById.path, { groupId }),
    })),
    [`POST ${paths.groups.createGroup.path}`]: plain(paths.groups.createGroup.path, () => ({
      name: fresh(),
      color: '#112233',
    })),
    [`PATCH ${paths.groups.updateGroup.path}`]: onGroup((groupId) => ({
      path: fill(paths.groups.updateGroup.path, { groupId }),
      body: { name: fresh() },
    })),
    [`DELETE ${paths.groups.deleteGroup.path}`]: onGroup((groupId) => ({
      path: fill(paths.groups.deleteGroup.path, { groupId }),
    })),
    [`POST ${paths.groups.addRolesToGroup.path}`]: onGroup((groupId) => ({
      path: fill(paths.groups.addRolesToGroup.path, { groupId }),
      body: { roleIds: [viewerRole] },
    })),
    [`DELETE ${paths.groups.deleteRolesFromGroup.path}`]: onGroup(
      (groupId) => ({
        path: fill(paths.groups.deleteRolesFromGroup.path, { groupId }),
        body: { roleIds: [viewerRole] },
      }),
      { withRole: true },
    ),
    [`POST ${paths.groups.addUsersToGroup.path}`]: onGroup((groupId, userId) => ({
      path: fill(paths.groups.addUsersToGroup.path, { groupId }),
      body: { userIds: [userId] },
    })),
    [`DELETE ${paths.groups.deleteUsersFromGroup.path}`]: onGroup(
      (groupId, userId) => ({
        path: fill(paths.groups.deleteUsersFromGroup.path, { groupId }),
        body: { userIds: [userId] },
      }),
      { withUser: true },
    ),
    // Account
    [`GET ${paths.accountSettings.getSettings.path}`]: plain(paths.accountSettings.getSettings.path),
    [`PUT ${paths.accountSettings.updateSettings.path}`]: plain(
      paths.accountSettings.updateSettings.path,
      () => ({
        address: `${fresh()} Street 1`,
      }),
    ),
    [`GET ${paths.accountSettings.getPublicSettings.path}`]: plain(
      paths.accountSettings.getPublicSettings.path,
    ),
    [`GET ${paths.accountSettings.getPublicCustomLogin.path}`]: plain(
      paths.accountSettings.getPublicCustomLogin.path,
    ),
    // Security policy reads
    ...Object.fromEntries(
      Object.values(portalTables.securityPolicy).map(
        (e) => [`${e.method} ${e.path}`, plain(e.path)] as const,
      ),
    ),
    // IP restrictions (the config is saved inactive: an active one would refuse the matrix's later calls)
    [`GET ${paths.securityPolicy.getIPRestrictions.path}`]: plain(
      paths.securityPolicy.getIPRestrictions.path,
    ),
    [`POST ${paths.securityPolicy.createIPRestriction.path}`]: plain(
      paths.securityPolicy.createIPRestriction.path,
      () => ({ ip: freshIp(), description: fresh() }),
    ),
    [`POST ${paths.securityPolicy.bulkCreateIPRestriction.path}`]: plain(
      paths.securityPolicy.bulkCreateIPRestriction.path,
      () => ({ ips: [{ ip: freshIp() }, { ip: `${freshIp()}/32`, strategy: 'BLOCK' }] }),
    ),
    [`DELETE ${paths.securityPolicy.deleteIPRestriction.path}`]: onIpEntry((id) => ({
      path: fill(paths.securityPolicy.deleteIPRestriction.path, { id }),
    })),
    [`GET ${paths.securityPolicy.getIPRestrictionsConfig.path}`]: plain(
      paths.securityPolicy.getIPRestrictionsConfig.path,
    ),
    [`POST ${paths.securityPolicy.updateIPRestrictionConfig.path}`]: plain(
      paths.securityPolicy.updateIPRestrictionConfig.path,
      () => ({ isActive: false, strategy: 'BLOCK' }),
    ),
    [`POST ${paths.securityPolicy.testCurrentIp.path}`]: plain(paths.securityPolicy.testCurrentIp.path),
    [`POST ${paths.securityPolicy.testCurrentIpInAllowList.path}`]: plain(
      paths.securityPolicy.testCurrentIpInAllowList.path,
    ),
    // Email-domain restrictions (the config is saved inactive: the matrix invites users afterwards)
    [`GET ${paths.securityPolicy.getDomainRestrictions.path}`]: plain(
      paths.securityPolicy.getDomainRestrictions.path,
    ),
    [`POST ${paths.securityPolicy.createDomainRestriction.path}`]: plain(
      paths.securityPolicy.createDomainRestriction.path,
      () => ({ domain: `${fresh()}.example`, type: 'BLOCK' }),
    ),
    [`DELETE ${paths.securityPolicy.deleteDomainRestriction.path}`]: onDomainEntry((id) => ({
      path: fill(paths.securityPolicy.deleteDomainRestriction.path, { id }),
    })),
    [`GET ${paths.securityPolicy.getDomainRestrictionsConfig.path}`]: plain(
      paths.securityPolicy.getDomainRestrictionsConfig.path,
    ),
    [`POST ${paths.securityPolicy.updateDomainRestrictionConfig.path}`]: plain(
      paths.securityPolicy.updateDomainRestrictionConfig.path,
      () => ({ active: false, blockPublicDomains: false, type: 'BLOCK' }),
    ),
    // Profile and privacy
    [`PUT ${paths.teams.updateProfileImage.path}`]: plain(paths.teams.updateProfileImage.path, () => ({
      image: PNG,
    })),
    [`POST ${paths.teams.updateEmail.path}`]: plain(paths.teams.updateEmail.path, () => ({
      email: `${fresh()}@matrix.test`,
    })),
    // The code mailed to the new address by the caller's own updateEmail.
    [`POST ${paths.teams.verifyEmail.path}`]: async (_scope, callerToken) => {
      const email = `${fresh()}@matrix.test`;
      await f.json(await f.request('POST', paths.teams.updateEmail.path, callerToken, { email }));
      const code = (await f.mailTo(email)).text.match(/\b(\d{6})\b/)![1]!;
      return { path: paths.teams.verifyEmail.path, body: { email, code } };
    },
    [`GET ${paths.auth.getMeV2.path}`]: plain(paths.auth.getMeV2.path),
    [`GET ${paths.auth.getUserAuthorization.path}`]: plain(paths.auth.getUserAuthorization.path),
    [`PUT ${paths.teams.updateProfile.path}`]: plain(paths.teams.updateProfile.path, () => ({
      name: 'Matrix Caller',
    })),
    [`GET ${paths.auth.getCurrentUserSessions.path}`]: plain(paths.auth.getCurrentUserSessions.path),
    [`DELETE ${paths.auth.deleteSessionForUser.path}`]: async (scope) => {
      // Own: a session of the caller is made by the matrix loop (see `callerSession`); other: the other tenant's.
      const user = scope === 'own' ? null : await otherUser();
      const id = randomUUID();
      if (user) await f.db.insert(sessions).values({ id, userId: user.id, tenantId: globex });
      return { path: fill(paths.auth.deleteSessionForUser.path, { id: scope === 'own' ? '{caller}' : id }) };
    },
    // Applications (multi-app administration)
    [`GET ${paths.applications.getApplicationsData.path}`]: plain(
      paths.applications.getApplicationsData.path,
    ),
    [`GET ${paths.applications.getTenantsApplications.path}`]: plain(
      paths.applications.getTenantsApplications.path,
    ),
    [`GET ${paths.applications.getTenantsApplicationsV2.path}`]: plain(
      paths.applications.getTenantsApplicationsV2.path,
    ),
    [`GET ${paths.applications.getUserApplicationsId.path}`]: onUser((userId) => ({
      path: fill(paths.applications.getUserApplicationsId.path, { userId }),
    })),
    [`GET ${paths.applications.getUsersApplicationsId.path}`]: onUser((id) => ({
      path: `${paths.applications.getUsersApplicationsId.path}?userIds=${id}`,
    })),
    [`GET ${paths.applications.getUsersOfApplications.path}`]: async (scope) =>
      plain(`${paths.applications.getUsersOfApplications.path}?appIds=${managedApp}`)(scope),
    [`POST ${paths.applications.assignUserToApplications.path}`]: onUser((userId) => ({
      path: paths.applications.assignUserToApplications.path,
      body: { userId, appIds: [managedApp] },
    })),
    [`DELETE ${paths.applications.unassignUserFromApplications.path}`]: onUser((userId) => ({
      path: paths.applications.unassignUserFromApplications.path,
      body: { userId, appIds: [managedApp] },
    })),
    // Metadata: vendor-level, public reads; the write is a development route (the matrix calls from this machine)
    [`GET ${paths.metadata.getMetadata.path}`]: plain(
      `${paths.metadata.getMetadata.path}?entityName=adminBox`,
    ),
    [`GET ${paths.metadata.getAdminBoxMetadata.path}`]: plain(paths.metadata.getAdminBoxMetadata.path),
    [`POST ${paths.metadata.updateAdminBoxMetadata.path}`]: plain(
      paths.metadata.updateAdminBoxMetadata.path,
      () => ({ actions: [{ type: 'theme', payload: {} }] }),
    ),
    [`GET ${paths.metadata.getCurrentUserIpMetadata.path}`]: plain(
      paths.metadata.getCurrentUserIpMetadata.path,
    ),
    [`GET ${paths.auth.getCurrentUserSession.path}`]: plain(paths.auth.getCurrentUserSession.path),
    [`DELETE ${paths.auth.deleteAllSessionsForUser.path}`]: plain(paths.auth.deleteAllSessionsForUser.path),
    [`POST ${paths.impersonate.impersonate.path}`]: onUser((id) => ({
      path: paths.impersonate.impersonate.path,
      body: { impersonatedUserId: id, reason: 'matrix' },
    })),
    [`POST ${paths.auth.createOrUpdateSessionConfigrations.path}`]: plain(
      paths.auth.createOrUpdateSessionConfigrations.path,
      () => ({}),
    ),
    ...Object.fromEntries(
      [
        paths.securityPolicy.saveLockoutPolicy.path,
        paths.securityPolicy.savePasswordHistoryPolicy.path,
        paths.securityPolicy.saveMfaPolicy.path,
      ].flatMap((path) => ['POST', 'PATCH'].map((method) => [`${method} ${path}`, plain(path, () => ({}))])),
    ),
    // API tokens
    [`GET ${paths.auth.getUserApiTokensData.path}`]: plain(paths.auth.getUserApiTokensData.path),
    [`POST ${paths.auth.updateUserApiTokensData.path}`]: plain(
      paths.auth.updateUserApiTokensData.path,
      () => ({
        description: fresh(),
        expiresInMinutes: 1440,
      }),
    ),
    [`DELETE ${paths.auth.deleteUserApiToken.path}`]: onApiToken(
      (tokenId) => ({ path: fill(paths.auth.deleteUserApiToken.path, { tokenId }) }),
      true,
    ),
    [`GET ${paths.auth.getTenantApiTokensData.path}`]: plain(paths.auth.getTenantApiTokensData.path),
    [`POST ${paths.auth.updateTenantApiTokensData.path}`]: plain(
      paths.auth.updateTenantApiTokensData.path,
      () => ({ description: fresh(), roleIds: [] }),
    ),
    [`DELETE ${paths.auth.deleteTenantApiToken.path}`]: onApiToken(
      (tokenId) => ({ path: fill(paths.auth.deleteTenantApiToken.path, { tokenId }) }),
      false,
    ),
    // Directory connections (SCIM)
    [`GET ${paths.directory.getConfigs.path}`]: plain(paths.directory.getConfigs.path),
    [`POST ${paths.directory.createConfiguration.path}`]: plain(
      paths.directory.createConfiguration.path,
      () => ({
        source: 'okta',
        connectionName: fresh(),
      }),
    ),
    [`PATCH ${paths.directory.updateConfiguration.path}`]: onDirectoryConnection((id) => ({
      path: fill(paths.directory.updateConfiguration.path, { id }),
      body: { connectionName: fresh() },
    })),
    [`DELETE ${paths.directory.deleteConfiguration.path}`]: onDirectoryConnection((id) => ({
      path: fill(paths.directory.deleteConfiguration.path, { id }),
      body: {},
    })),
    [`GET ${paths.directory.countConfigurationUsers.path}`]: onDirectoryConnection((id) => ({
      path: fill(paths.directory.countConfigurationUsers.path, { id }),
    })),
    [`POST ${paths.securityPolicy.savePasswordConfigPolicy.path}`]: plain(
      paths.securityPolicy.savePasswordConfigPolicy.path,
      () => ({}),
    ),
    [`POST ${paths.securityPolicy.savePasswordRotationPolicy.path}`]: plain(
      paths.securityPolicy.savePasswordRotationPolicy.path,
      () => ({}),
    ),
    // SSO self-service (SSO-001..008)
    [`GET ${sso.getSSOConfigurations.path}`]: plain(sso.getSSOConfigurations.path),
    [`POST ${sso.createSSOConfiguration.path}`]: plain(sso.createSSOConfiguration.path, () => ({
      type: 'saml',
    })),
    [`PATCH ${sso.updateSSOConfiguration.path}`]: onSsoPath(sso.updateSSOConfiguration, () => ({
      signRequest: false,
    })),
    [`DELETE ${sso.deleteSSOConfiguration.path}`]: onSsoPath(sso.deleteSSOConfiguration),
    [`POST ${sso.createSSOConfigurationByMetadata.path}`]: plain(
      sso.createSSOConfigurationByMetadata.path,
      () => ({
        metadata: sampleIdpMetadata,
      }),
    ),
    [`PUT ${sso.updateSSOConfigurationByMetadata.path}`]: onSsoPath(
      sso.updateSSOConfigurationByMetadata,
      () => ({
        metadata: sampleIdpMetadata,
      }),
    ),
    [`POST ${sso.createSSOConfigurationByMetadataUrl.path}`]: plain(
      sso.createSSOConfigurationByMetadataUrl.path,
      () => ({
        url: metadataUrl,
      }),
    ),
    [`PUT ${sso.updateSSOConfigurationByMetadataUrl.path}`]: onSsoPath(
      sso.updateSSOConfigurationByMetadataUrl,
      () => ({
        url: metadataUrl,
      }),
    ),
    [`POST ${sso.createSSODomain.path}`]: onSsoPath(sso.createSSODomain, () => ({
      domain: `${fresh()}.invalid`,
    })),
    [`DELETE ${sso.deleteSSODomain.path}`]: onSsoPath(sso.deleteSSODomain),
    [`PUT ${sso.validateSSODomain.path}`]: onSsoPath(sso.validateSSODomain),
    [`PUT ${sso.validateSSODomainV2.path}`]: onSsoPath(sso.validateSSODomainV2),
    [`GET ${sso.getSSODefaultRoles.path}`]: onSsoPath(sso.getSSODefaultRoles),
    [`PUT ${sso.setSSODefaultRoles.path}`]: onSsoPath(sso.setSSODefaultRoles, () => ({ roleIds: [] })),
    [`GET ${sso.getSSOGroups.path}`]: onSsoPath(sso.getSSOGroups),
    [`POST ${sso.createSSOGroup.path}`]: onSsoPath(sso.createSSOGroup, () => ({ group: fresh() })),
    [`PATCH ${sso.updateSSOGroup.path}`]: onSsoPath(sso.updateSSOGroup, () => ({ group: fresh() }), 'id'),
    [`DELETE ${sso.deleteSSOGroup.path}`]: onSsoPath(sso.deleteSSOGroup),
    [`GET ${sso.getSamlConfiguration.path}`]: plain(sso.getSamlConfiguration.path),
    [`POST ${sso.updateSamlConfiguration.path}`]: plain(sso.updateSamlConfiguration.path, () => ({
      enabled: false,
    })),
    [`GET ${sso.getSamlVendorConfiguration.path}`]: plain(sso.getSamlVendorConfiguration.path),
    [`PUT ${sso.updateSamlVendorMetadata.path}`]: plain(sso.updateSamlVendorMetadata.path, () => ({
      metadata: sampleIdpMetadata,
    })),
    [`PUT ${sso.validateSamlDomain.path}`]: withFirstSamlDomain(sso.validateSamlDomain.path),
    [`GET ${sso.getSamlRoles.path}`]: plain(sso.getSamlRoles.path),
    [`POST ${sso.updateSamlRoles.path}`]: plain(sso.updateSamlRoles.path, () => ({ roleIds: [] })),
    [`GET ${sso.getSamlRolesGroups.path}`]: plain(sso.getSamlRolesGroups.path),
    [`POST ${sso.createSamlGroup.path}`]: plain(sso.createSamlGroup.path, () => ({ group: fresh() })),
    [`PATCH ${sso.updateSamlGroup.path}`]: onFirstSaml((id) => ({
      path: fill(sso.updateSamlGroup.path, { id }),
      body: { group: fresh() },
    })),
    [`DELETE ${sso.deleteSamlGroup.path}`]: onFirstSaml((id) => ({
      path: fill(sso.deleteSamlGroup.path, { id }),
    })),
    [`GET ${sso.getOidcConfiguration.path}`]: plain(sso.getOidcConfiguration.path),
    // Captcha policy (saved off: an account with it on would ask the matrix's later sign-ins for a captcha)
    [`GET ${paths.securityPolicy.getTenantCaptchaPolicy.path}`]: plain(
      paths.securityPolicy.getTenantCaptchaPolicy.path,
    ),
    [`POST ${paths.securityPolicy.saveCaptchaPolicy.path}`]: plain(
      paths.securityPolicy.saveCaptchaPolicy.path,
      () => ({ enabled: false }),
    ),
    // Audit log (read-only: the other tenant's row carries its markers)
    [`GET ${paths.audits.getAudits.path}`]: plain(`${paths.audits.getAudits.path}?count=100`),
    [`GET ${paths.audits.getAuditsStats.path}`]: plain(paths.audits.getAuditsStats.path),
    [`GET ${paths.audits.getAuditsHistogram.path}`]: plain(paths.audits.getAuditsHistogram.path),
    [`POST ${paths.audits.exportAudits.path}`]: plain(
      fill(paths.audits.exportAudits.path, { endpoint: 'csv/v2' }),
      () => ({ properties: auditExportHeader }),
    ),
    ['POST /audits/export/csv/v2']: plain('/audits/export/csv/v2', () => ({ properties: auditExportHeader })),
    // Security center (the bulk reset's once-a-minute budget is reset before each call of the matrix)
    [`GET ${paths.securityCenter.getRecommendations.path}`]: plain(
      paths.securityCenter.getRecommendations.path,
    ),
    [`GET ${paths.securityCenter.getInsights.path}`]: plain(paths.securityCenter.getInsights.path),
    [`GET ${paths.reports.downloadReport.path}`]: plain(
      `${paths.reports.downloadReport.path}?templateId=security-posture&responseType=pdf`,
    ),
    [`POST ${paths.users.sendResetBreachedPasswordEmails.path}`]: async (scope) => {
      await f.db.delete(rateLimits).where(eq(rateLimits.key, `breached-reset|${acme}`));
      return plain(paths.users.sendResetBreachedPasswordEmails.path)(scope);
    },
    [`POST ${paths.auth.revokeSessionsForUser.path}`]: async (scope) => {
      const user = scope === 'own' ? await ownUser() : await otherUser();
      await f.db
        .insert(sessions)
        .values({ id: randomUUID(), userId: user.id, tenantId: scope === 'own' ? acme : globex });
      return { path: paths.auth.revokeSessionsForUser.path, body: { userId: user.id } };
    },
  };

  /** Every row of the other tenant a portal call could read or change, as one comparable text. */
  async function otherTenantState(): Promise<string> {
    const db = f.db;
    const members = (await db.select().from(userTenants).where(eq(userTenants.tenantId, globex))).sort(
      (a, b) => a.userId.localeCompare(b.userId),
    );
    const memberIds = members.map((m) => m.userId);
    const groupRows = await db.select().from(groups).where(eq(groups.tenantId, globex));
    const groupIds = groupRows.map((g) => g.id);
    const roleRows = await db.select().from(roles).where(eq(roles.tenantId, globex));
    return JSON.stringify([
      await db.select().from(tenants).where(eq(tenants.id, globex)),
      members,
      memberIds.length ? await db.select().from(users).where(inArray(users.id, memberIds)) : [],
      await db.select().from(userRoles).where(eq(userRoles.tenantId, globex)),
      roleRows,
      roleRows.length
        ? await db
            .select()
            .from(rolePermissions)
            .where(
              inArray(
                rolePermissions.roleId,
                roleRows.map((r) => r.id),
              ),
            )
        : [],
      groupRows,
      groupIds.length
        ? await db
            .select()
            .from(groupUsers)
            .where(or(inArray(groupUsers.groupId, groupIds), inArray(groupUsers.userId, memberIds)))
        : [],
      groupIds.length ? await db.select().from(groupRoles).where(inArray(groupRoles.groupId, groupIds)) : [],
      await db.select().from(inviteLinks).where(eq(inviteLinks.tenantId, globex)),
      (await db.select().from(ssoConfigurations).where(eq(ssoConfigurations.tenantId, globex))).sort((a, b) =>
        a.id.localeCompare(b.id),
      ),
      (await db.select().from(ssoDomains).where(eq(ssoDomains.tenantId, globex))).sort((a, b) =>
        a.id.localeCompare(b.id),
      ),
      (
        await db
          .select({ group: ssoGroups })
          .from(ssoGroups)
          .innerJoin(ssoConfigurations, eq(ssoConfigurations.id, ssoGroups.configurationId))
          .where(eq(ssoConfigurations.tenantId, globex))
      ).sort((a, b) => a.group.id.localeCompare(b.group.id)),
      await db.select().from(policies).where(eq(policies.tenantId, globex)),
      (await db.select().from(ipRestrictions).where(eq(ipRestrictions.tenantId, globex))).sort((a, b) =>
        a.id.localeCompare(b.id),
      ),
      await db.select().from(ipRestrictionConfigs).where(eq(ipRestrictionConfigs.tenantId, globex)),
      (await db.select().from(apiTokens).where(eq(apiTokens.tenantId, globex))).sort((a, b) =>
        a.id.localeCompare(b.id),
      ),
      memberIds.length ? await db.select().from(sessions).where(inArray(sessions.userId, memberIds)) : [],
      (await db.select().from(applicationUsers).where(eq(applicationUsers.tenantId, globex))).sort((a, b) =>
        `${a.applicationId}${a.userId}`.localeCompare(`${b.applicationId}${b.userId}`),
      ),
      await billingState(f, globex),
      await hierarchyState(f, globex),
      await connectivityState(f, globex),
    ]);
  }

  it('[ROUTE-040] [ROLES-005] the matrix covers every endpoint the portal sub-apps mount', () => {
    const missing = portalEndpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !calls[key]);
    assert.deepEqual(missing, [], 'endpoints without a matrix call');
    assert.ok(portalEndpoints.length >= 50, `${portalEndpoints.length} endpoints`);
  });

  it('[ROUTE-040] [ROLES-005] [ROLES-006] 0 unexpected allows and 0 unexpected denies, on the own tenant and on another tenant', async () => {
    const unexpectedAllows: string[] = [];
    const unexpectedDenies: string[] = [];
    const broken: string[] = [];
    let made = 0;
    for (const role of sampleRoleNames) {
      const granted = (await f.db.select({ key: permissions.key }).from(permissions))
        .map((p) => p.key)
        .filter((key) => roleKeys[role as SampleRoleName](key));
      for (const endpoint of portalEndpoints) {
        for (const scope of ['own', 'other'] as const) {
          // A fresh caller per call: a call may change its caller (profile, sessions).
          const caller = await f.createUser({ tenants: [{ id: acme, roles: [role] }] });
          const sessionId = randomUUID();
          await f.db.insert(sessions).values({ id: sessionId, userId: caller.id, tenantId: acme });
          const token = await caller.tokenIn(acme);
          const call = await calls[`${endpoint.method} ${endpoint.path}`]!(scope, token);
          const path = call.path.replace(encodeURIComponent('{caller}'), sessionId);
          const label = `${role} ${endpoint.method} ${endpoint.path} (${scope})`;
          const before = scope === 'other' ? await otherTenantState() : '';
          const res = await f.request(endpoint.method, path, token, call.body, call.headers);
          const text = await res.text();
          made++;
          if (scope === 'own') {
            const expected = endpoint.permission === null || holds(granted, endpoint.permission);
            const allowed = res.status >= 200 && res.status < 300;
            const denied = res.status === 401 || res.status === 403;
            if (!allowed && !denied) broken.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
            else if (allowed && !expected) unexpectedAllows.push(label);
            else if (denied && expected)
              unexpectedDenies.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
          } else {
            const leaked = [...markers].filter((m) => text.includes(m));
            const changed = (await otherTenantState()) !== before;
            if (leaked.length || changed)
              unexpectedAllows.push(
                `${label}: ${res.status}${changed ? ' changed the other tenant' : ''}${leaked.length ? ` leaked ${leaked.join(', ')}` : ''}`,
              );
            else if (res.status >= 500) broken.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
          }
        }
      }
    }
    console.log(
      `authorization matrix: ${made} calls (${portalEndpoints.length} endpoints × ${sampleRoleNames.length} roles × 2 tenants): ` +
        `${unexpectedAllows.length} unexpected allows, ${unexpectedDenies.length} unexpected denies, ${broken.length} broken calls`,
    );
    assert.deepEqual(broken, [], 'calls that neither succeeded nor were refused (a matrix fixture is wrong)');
    assert.deepEqual(unexpectedAllows, [], 'unexpected allows');
    assert.deepEqual(unexpectedDenies, [], 'unexpected denies');
  });
  it('[ROUTE-040] [ENUM-040] API-token callers: allowed exactly where the entry takes API tokens and the roles hold its permission', async () => {
    const unexpectedAllows: string[] = [];
    const unexpectedDenies: string[] = [];
    const broken: string[] = [];
    let made = 0;
    const allKeys = (await f.db.select({ key: permissions.key }).from(permissions)).map((p) => p.key);
    const tokenAdmin = await (
      await f.createUser({ tenants: [{ id: acme, roles: ['Admin'] }] })
    ).tokenIn(acme);
    // A tenant token of each of these roles, and a personal token of a user holding the role.
    for (const role of ['ReadOnly', 'Admin'] as const) {
      const granted = allKeys.filter((key) => roleKeys[role](key));
      for (const kind of ['tenant', 'personal'] as const) {
        for (const endpoint of portalEndpoints) {
          // A fresh token per call (a call may delete its caller's token or user).
          const owner = await f.createUser({ tenants: [{ id: acme, roles: [role] }] });
          const ownerToken = await owner.tokenIn(acme);
          const created = await f.request(
            'POST',
            kind === 'tenant'
              ? paths.auth.updateTenantApiTokensData.path
              : paths.auth.updateUserApiTokensData.path,
            kind === 'tenant' ? tokenAdmin : ownerToken,
            kind === 'tenant'
              ? { description: fresh(), roleIds: [await f.roleId(role)] }
              : { description: fresh() },
          );
          const { clientId, secret } = await f.json<{ clientId: string; secret: string }>(created, 201);
          const { accessToken } = await f.json<{ accessToken: string }>(
            await f.request('POST', paths.auth.exchangeApiToken.path, undefined, { clientId, secret }),
          );
          // Fixtures that need a step of a signed-in user take the owner's user token.
          const call = await calls[`${endpoint.method} ${endpoint.path}`]!('own', ownerToken);
          const path = call.path.replace(encodeURIComponent('{caller}'), randomUUID());
          const label = `${kind} token (${role}) ${endpoint.method} ${endpoint.path}`;
          const res = await f.request(endpoint.method, path, accessToken, call.body, call.headers);
          const text = await res.text();
          made++;
          // Public and development entries take no token at all: anyone (on this machine) may call them.
          const expected =
            endpoint.regime !== undefined ||
            (takesApiTokens(endpoint) &&
              (endpoint.permission === null || holds(granted, endpoint.permission)));
          const allowed = res.status >= 200 && res.status < 300;
          const denied = res.status === 401 || res.status === 403;
          if (!allowed && !denied) broken.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
          else if (allowed && !expected) unexpectedAllows.push(label);
          else if (denied && expected) unexpectedDenies.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
        }
      }
    }
    console.log(
      `authorization matrix, API-token callers: ${made} calls: ${unexpectedAllows.length} unexpected allows, ` +
        `${unexpectedDenies.length} unexpected denies, ${broken.length} broken calls`,
    );
    assert.deepEqual(broken, [], 'calls that neither succeeded nor were refused');
    assert.ok(made >= 4 * 100, `${made} calls`);
    assert.deepEqual(unexpectedAllows, [], 'unexpected allows');
    assert.deepEqual(unexpectedDenies, [], 'unexpected denies');
  });
});
