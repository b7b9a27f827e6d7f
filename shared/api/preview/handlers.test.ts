import { expect } from '@open-wc/testing';
import { jwtDecode } from 'jwt-decode';
import { paths, type ApiPath } from '../paths';
import { matchRoute, previewRoutes } from './handlers';
import { createSampleState, SAMPLE_USER_EMAIL } from './sampleData';
import { PREVIEW_IP_RESTRICTIONS_LIMIT } from './securityPolicy';
import { previewHarness, type AnyJson, type CallOptions } from './testing';

type Check = (body: AnyJson) => void;

/** One row per resource family: the route, its inputs and what its answer must hold. */
const families: [string, ApiPath, CallOptions, Check][] = [
  [
    'users v2 me',
    paths.auth.getMeV2,
    {},
    (b) => {
      expect(b.email).to.equal(SAMPLE_USER_EMAIL);
      expect(b.name).to.equal('Demo Admin');
      expect(b.permissions.map((p: AnyJson) => p.key)).to.include('fe.secure.read.users');
      expect(b.roles.map((r: AnyJson) => r.key)).to.deep.equal(['Admin']);
    },
  ],
  [
    'me tenants v1',
    paths.users.getCurrentUserTenantsV1,
    {},
    (b) => {
      expect(b.tenants.map((t: AnyJson) => t.name)).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs']);
      expect(b.activeTenant.tenantId).to.equal('tenant-acme');
    },
  ],
  [
    'me tenants v3',
    paths.users.getCurrentUserTenantsV3,
    {},
    (b) => {
      expect(b.tenants).to.have.length(3);
      expect(b.activeTenant.tenantId).to.equal('tenant-acme');
    },
  ],
  [
    'users v2',
    paths.users.getUsersV2,
    {},
    (b) => {
      expect(b.items.length).to.equal(6);
      expect(b._metadata).to.deep.equal({ totalItems: 6, totalPages: 1 });
    },
  ],
  [
    'users v3',
    paths.users.getUsersV3,
    { query: { _limit: 4 } },
    (b) => {
      expect(b.items.length).to.equal(4);
      expect(b._metadata).to.deep.equal({ totalItems: 6, totalPages: 2 });
      expect(b.items[0]).to.include.keys(
        'id',
        'email',
        'name',
        'roles',
        'tenants',
        'mfaEnrolled',
        'lastLogin',
      );
    },
  ],
  [
    'roles',
    paths.roles.getRoles,
    {},
    (b) => {
      expect(b.map((r: AnyJson) => r.name)).to.have.members([
        'ReadOnly',
        'Admin',
        'Support',
        'Editor',
        'Viewer',
      ]);
      expect(b[0]).to.include.keys(
        'id',
        'key',
        'name',
        'description',
        'isDefault',
        'permissions',
        'tenantId',
        'vendorId',
        'createdAt',
        'updatedAt',
      );
    },
  ],
  [
    'permissions',
    paths.roles.getPermissions,
    {},
    (b) => {
      expect(b.every((p: AnyJson) => p.key.startsWith('fe.'))).to.equal(true);
      expect(b[0]).to.include.keys(
        'id',
        'key',
        'name',
        'description',
        'categoryId',
        'fePermission',
        'assignmentType',
        'roleIds',
      );
    },
  ],
  [
    'permission categories',
    paths.roles.getPermissionCategories,
    {},
    (b) => {
      expect(b.length).to.be.greaterThan(3);
      expect(b[0]).to.include.keys('id', 'name', 'description', 'permissionIds', 'feCategory');
      expect(b[0].permissionIds).to.not.be.empty;
    },
  ],
  [
    'groups',
    paths.groups.getGroups,
    {},
    (b) => {
      expect(b.groups.map((g: AnyJson) => g.name)).to.deep.equal(['Engineering', 'Support team', 'Auditors']);
      expect(b.groups[0].users.map((u: AnyJson) => u.id)).to.deep.equal(['user-maya', 'user-ava']);
      expect(b.groups[0].roles.map((r: AnyJson) => r.key)).to.deep.equal(['Editor']);
    },
  ],
  [
    'sessions',
    paths.auth.getCurrentUserSessions,
    {},
    (b) => {
      expect(b).to.have.length(3);
      expect(b.filter((s: AnyJson) => s.current)).to.have.length(1);
      expect(b[0]).to.include.keys('id', 'userAgent', 'createdAt', 'ipAddress', 'current');
    },
  ],
  [
    'session configuration',
    paths.auth.getSessionConfigurations,
    {},
    (b) => {
      expect(b.sessionConcurrentConfiguration).to.deep.equal({ isActive: true, maxSessions: 10 });
      expect(b.sessionIdleTimeoutConfiguration).to.deep.equal({ isActive: true, timeout: 3600 });
      expect(b.sessionTimeoutConfiguration).to.deep.equal({ isActive: true, timeout: 7776000 });
    },
  ],
  [
    'user API tokens',
    paths.auth.getUserApiTokensData,
    {},
    (b) => {
      expect(b).to.have.length(2);
      expect(b[0]).to.include.keys('clientId', 'description', 'createdAt');
      expect(b[0]).not.to.have.property('secret');
    },
  ],
  [
    'tenant API tokens',
    paths.auth.getTenantApiTokensData,
    {},
    (b) => {
      expect(b).to.have.length(2);
      expect(b[0].roleIds).to.be.an('array').that.is.not.empty;
    },
  ],
  [
    'IP restrictions (the allow list unless a filter says otherwise)',
    paths.securityPolicy.getIPRestrictions,
    { query: { _limit: 50, _offset: 0 } },
    (b) => {
      expect(b.items.map((r: AnyJson) => r.strategy)).to.deep.equal(['ALLOW', 'ALLOW']);
      expect(b.items[0]).to.include.keys(
        'id',
        'ip',
        'isActive',
        'strategy',
        'description',
        'createdAt',
        'updatedAt',
      );
    },
  ],
  [
    'IP restrictions filtered by strategy',
    paths.securityPolicy.getIPRestrictions,
    { query: { _filter: 'block' } },
    (b) => {
      expect(b.items.map((r: AnyJson) => r.ip)).to.deep.equal(['192.0.2.66']);
    },
  ],
  [
    'IP restrictions config',
    paths.securityPolicy.getIPRestrictionsConfig,
    {},
    (b) => {
      expect(b).to.deep.equal({ isActive: false, strategy: 'ALLOW' });
    },
  ],
  [
    'email-domain restrictions',
    paths.securityPolicy.getDomainRestrictions,
    {},
    (b) => {
      expect(b.items.map((d: AnyJson) => d.domain)).to.deep.equal(['acme.example', 'partner.example']);
      expect(b.items[0]).to.have.keys('id', 'domain', 'type');
    },
  ],
  [
    'email-domain restrictions config',
    paths.securityPolicy.getDomainRestrictionsConfig,
    {},
    (b) => {
      expect(b).to.deep.equal({ active: false, blockPublicDomains: false, listType: 'ALLOW' });
    },
  ],
  [
    'lockout policy',
    paths.securityPolicy.getLockoutPolicy,
    {},
    (b) => expect(b).to.include.keys('enabled', 'maxAttempts'),
  ],
  [
    'password history policy',
    paths.securityPolicy.getPasswordHistoryPolicy,
    {},
    (b) => expect(b).to.include.keys('enabled', 'historySize'),
  ],
  [
    'MFA policy',
    paths.securityPolicy.getMfaPolicy,
    {},
    (b) => expect(b.enforceMFAType).to.equal('DontForce'),
  ],
  [
    'audits',
    paths.audits.getAudits,
    { query: { offset: 0, count: 20, sortBy: 'createdAt', sortDirection: 'desc' } },
    (b) => {
      expect(b.total).to.equal(5);
      expect(b.data).to.have.length(5);
      expect(b.data[0]).to.include.keys(
        'createdAt',
        'email',
        'action',
        'description',
        'ip',
        'severity',
        'userAgent',
        'json',
        'tenantId',
        'vendorId',
      );
      const times = b.data.map((r: AnyJson) => Date.parse(r.createdAt));
      expect(times).to.deep.equal([...times].sort((x, y) => y - x));
    },
  ],
  [
    'audit stats',
    paths.audits.getAuditsStats,
    {},
    (b) => {
      expect(b.totalToday).to.be.a('number');
      expect(b.severeThisWeek).to.equal(1);
    },
  ],
  [
    'metadata adminBox',
    paths.metadata.getMetadata,
    { query: { entityName: 'adminBox' } },
    (b) => {
      expect(b).to.deep.equal({
        rows: [
          {
            id: 'vendor-fe-demo:adminBox',
            entityName: 'adminBox',
            vendorId: 'vendor-fe-demo',
            configuration: { navigation: {}, theme: {} },
            createdAt: '2024-01-01T00:00:00.000Z',
            updatedAt: '2024-01-01T00:00:00.000Z',
          },
        ],
      });
    },
  ],
  [
    'metadata of an entity the sample keeps none of',
    paths.metadata.getMetadata,
    { query: { entityName: 'saml' } },
    (b) => expect(b).to.deep.equal({ rows: [] }),
  ],
  [
    'invite link when there is none: 200 without a token, as the server answers',
    paths.teams.getInviteUserLink,
    {},
    (b) => expect(b).to.deep.equal({}),
  ],
  [
    'metadata audits',
    paths.metadata.getMetadata,
    { query: { entityName: 'audits' } },
    (b) => {
      expect(b.rows[0].properties.map((p: AnyJson) => p.name)).to.include.members([
        'createdAt',
        'email',
        'severity',
      ]);
    },
  ],
  [
    'entitlements',
    paths.entitlements.loadEntitlementsV2,
    {},
    (b) => {
      expect(b.features.sso.expireTime).to.equal(-1);
      expect(b.permissions['fe.secure.read.users']).to.equal(true);
    },
  ],
  [
    'security center recommendations',
    paths.securityCenter.getRecommendations,
    {},
    (b) => {
      expect(b.scoring.score).to.equal(79);
      const items = b.recommendations.items;
      expect(items[0]).to.include.keys('code', 'severity', 'category');
      expect(items.map((r: AnyJson) => r.category)).to.include.members(['password', 'domain']);
    },
  ],
  [
    'security center insights',
    paths.securityCenter.getInsights,
    {},
    (b) => {
      expect(b.insights.items[0]).to.have.keys('category', 'code', 'metadata');
    },
  ],
  [
    'breached-password users',
    paths.users.getUsersV3,
    { query: { _preset: 'breached-passwords', _limit: 10 } },
    (b) => {
      expect(b.items.map((u: AnyJson) => u.name)).to.deep.equal(['Sofia Rossi']);
    },
  ],
  [
    'MFA-unenrolled users',
    paths.users.getUsersV3,
    { query: { _preset: 'mfa-unenrolled', _limit: 10 } },
    (b) => {
      // As the server: name descending by default (TEAM-008).
      expect(b.items.map((u: AnyJson) => u.name)).to.deep.equal(['Noah Kim', 'Liam Patel']);
    },
  ],
  [
    'inactive users',
    paths.users.getUsersV3,
    { query: { _preset: 'inactive', _maxInactiveSeconds: 7776000, _limit: 10 } },
    (b) => {
      expect(b.items.map((u: AnyJson) => u.name)).to.deep.equal(['Noah Kim']);
    },
  ],
  [
    'plans',
    paths.plans.getSubscriptionPlans,
    {},
    (b) => {
      expect(b.map((p: AnyJson) => [p.name, p.price.amount, p.slug])).to.deep.equal([
        ['Free', 0, 'free'],
        ['Pro', 49, 'pro'],
        ['Enterprise', 199, 'enterprise'],
      ]);
    },
  ],
  [
    'subscriptions',
    paths.subscriptions.getSubscriptions,
    {},
    (b) => {
      expect(b[0].status).to.equal('active');
      expect(b[0].plan).to.deep.equal({ slug: 'pro' });
      expect(Date.parse(b[0].currentPeriodEnd)).to.be.greaterThan(Date.parse(b[0].currentPeriodStart));
    },
  ],
  [
    'managed subscription',
    paths.managedSubscriptions.getManagedSubscription,
    { params: { subscriptionId: 'sub-acme' } },
    (b) => expect(b.id).to.equal('sub-acme'),
  ],
  [
    'invoices',
    paths.invoices.getSubscriptionInvoices,
    {},
    (b) => {
      expect(b).to.have.length(3);
      expect(b[0].totalAmount).to.equal(4900);
      expect(b[0]).to.include.keys(
        'id',
        'externalId',
        'subscriptionId',
        'paymentDate',
        'currency',
        'paid',
        'receiptNumber',
      );
    },
  ],
  [
    'payment methods',
    paths.paymentMethods.getPaymentMethods,
    {},
    (b) => {
      expect(b[0]).to.include({ type: 'card', last4: '4242', brand: 'visa' });
      expect(b[0].billingDetails).to.include.keys('name', 'email', 'address');
    },
  ],
  [
    'billing summary',
    paths.summaries.getSubscriptionSummaries,
    { params: { tenantId: 'tenant-acme' } },
    (b) => {
      expect(b).to.include({ subscriptionId: 'sub-acme', currentPlanId: 'plan-pro', providerType: 'Stripe' });
    },
  ],
  [
    'payment providers',
    paths.paymentProviders.getPaymentProviders,
    {},
    (b) => expect(b[0]).to.include({ status: '1', providerType: 'Stripe', mode: 'local' }),
  ],
  [
    'card provider public configuration',
    paths.stripe.getStripePaymentProviderConfiguration,
    {},
    (b) => expect(b.publishableKey).to.be.a('string'),
  ],
  [
    'vendor billing configuration',
    paths.vendorPublicConfigurations.getVendorPublicConfigurations,
    {},
    (b) => expect(b).to.deep.equal([{ allowPlanDowngrade: true, allowPlanCancellation: true }]),
  ],
  [
    'account settings',
    paths.accountSettings.getSettings,
    {},
    (b) => {
      expect(b).to.include({ dateFormat: 'DD/MM/YYYY', timeFormat: 'HH:mm', currency: 'USD' });
      expect(b.timezone).to.be.a('string').that.is.not.empty;
    },
  ],
  [
    'public auth strategies',
    paths.auth.getVendorPublicAuthStrategiesConfig,
    {},
    (b) => expect(b.password.isActive).to.equal(true),
  ],
  [
    'vendor config',
    paths.auth.getVendorConfig,
    {},
    (b) => {
      expect(b).to.include({ allowSignups: true, authStrategy: 'EmailAndPassword' });
      expect(b).not.to.have.property('publicKey');
    },
  ],
  [
    'vendor public info',
    paths.vendor.getVendorPublicInfo,
    {},
    (b) => expect(b).to.include.keys('whiteLabelMode', 'name', 'logo'),
  ],
];

describe('preview handlers', () => {
  for (const [name, route, opts, check] of families) {
    it(`${name}: ${route.method} answers 200 with the expected shape`, async () => {
      const { call } = previewHarness();
      const { status, body } = await call(route, opts);
      expect(status).to.equal(200);
      check(body);
    });
  }

  it('[SECURITY-011] the preview answers up to 50 IP entries to a list call without a limit', async () => {
    const { call } = previewHarness();
    const ips = Array.from({ length: 55 }, (_, i) => ({ ip: `198.51.100.${i + 1}`, strategy: 'ALLOW' }));
    expect((await call(paths.securityPolicy.bulkCreateIPRestriction, { body: { ips } })).status).to.equal(
      200,
    );
    const { body } = await call(paths.securityPolicy.getIPRestrictions, { query: { _filter: 'ALLOW' } });
    expect(body.items).to.have.length(PREVIEW_IP_RESTRICTIONS_LIMIT);
    expect(PREVIEW_IP_RESTRICTIONS_LIMIT).to.equal(50);
    expect(body._metadata.totalItems).to.be.greaterThan(55);
    const asked = await call(paths.securityPolicy.getIPRestrictions, { query: { _limit: 4 } });
    expect(asked.body.items).to.have.length(4);
  });

  it('the portal metadata: a commit replaces the parts it names, and the next load reads them', async () => {
    const { call } = previewHarness();
    const saved = await call(paths.metadata.updateAdminBoxMetadata, {
      body: { actions: [{ type: 'fields', payload: { 'profile.phoneNumber': 'viewOnly' } }] },
    });
    expect(saved.status).to.equal(200);
    expect(saved.body.configuration.fields).to.deep.equal({ 'profile.phoneNumber': 'viewOnly' });
    const read = await call(paths.metadata.getMetadata, { query: { entityName: 'adminBox' } });
    expect(read.body.rows[0].configuration.fields).to.deep.equal({ 'profile.phoneNumber': 'viewOnly' });
    expect((await call(paths.metadata.getAdminBoxMetadata, {})).body).to.deep.equal(read.body.rows[0]);
    const refused = await call(paths.metadata.updateAdminBoxMetadata, { body: { actions: [{ type: 'x' }] } });
    expect(refused.status).to.equal(400);
  });

  it('every route of the table is reachable by its own method and path', () => {
    for (const [route] of previewRoutes) {
      const sample = route.path.split('?')[0]!.replace(/\{(\w+)\}/g, 'x-id');
      const match = matchRoute(route.method, `/base${sample}`);
      expect(match, `${route.method} ${route.path}`).to.not.equal(null);
      expect(match!.route.path).to.equal(route.path);
    }
  });

  describe('sign-in', () => {
    it('login with any email and a password signs in as the sample user, with a decodable JWT', async () => {
      const { call } = previewHarness({ state: createSampleState({ signedIn: false }) });
      const { status, body } = await call(paths.auth.login, {
        body: { email: 'someone@else.test', password: 'x' },
      });
      expect(status).to.equal(200);
      expect(body.expiresIn).to.equal(300);
      expect(body.user.email).to.equal(SAMPLE_USER_EMAIL);
      expect(body.user.sub).to.equal(body.user.id);
      // As on the server, the refresh token never travels in JSON (an HttpOnly cookie there).
      expect(body).to.not.have.property('refreshToken');
      expect(body.accessToken.split('.')).to.have.length(3);
      const claims = jwtDecode<AnyJson>(body.accessToken);
      expect(claims.sub).to.equal('user-demo-admin');
      expect(claims.email).to.equal(SAMPLE_USER_EMAIL);
      expect(claims.tenantId).to.equal('tenant-acme');
      expect(claims.roles).to.deep.equal(['Admin']);
      expect(claims.permissions).to.include.members(['fe.secure.read.users', 'fe.secure.read.audits']);
      expect(claims.exp - Math.floor(Date.now() / 1000)).to.be.within(298, 300);
    });

    it("login with the password 'wrong' answers 401 (as the server) with the errors shape", async () => {
      const { call, fetch } = previewHarness({ state: createSampleState({ signedIn: false }) });
      const { status, body, response } = await call(paths.auth.login, {
        body: { email: SAMPLE_USER_EMAIL, password: 'wrong' },
      });
      expect(status).to.equal(401);
      expect(response.statusText).to.equal('Unauthorized');
      expect(body).to.deep.equal({ errors: ['Incorrect email or password'] });
      expect(fetch.state.session.signedIn).to.equal(false);
    });

    it('login with an empty password answers 400', async () => {
      const { call } = previewHarness();
      const { status } = await call(paths.auth.login, { body: { email: SAMPLE_USER_EMAIL, password: '' } });
      expect(status).to.equal(400);
    });

    it('token refresh answers 401 when signed out, and new tokens once signed in', async () => {
      const { call } = previewHarness({ state: createSampleState({ signedIn: false }) });
      const before = await call(paths.auth.refreshToken, { body: {} });
      expect(before.status).to.equal(401);
      expect(before.body.errors).to.be.an('array').that.is.not.empty;
      await call(paths.auth.login, { body: { email: 'a@b.test', password: 'secret' } });
      const after = await call(paths.auth.refreshToken, { body: {} });
      expect(after.status).to.equal(200);
      expect(jwtDecode<AnyJson>(after.body.accessToken).email).to.equal(SAMPLE_USER_EMAIL);
    });

    it('logout signs out: refresh and me answer 401 afterwards', async () => {
      const { call } = previewHarness();
      expect((await call(paths.auth.refreshToken, { body: {} })).status).to.equal(200);
      expect((await call(paths.auth.logout, { body: {} })).status).to.equal(200);
      expect((await call(paths.auth.refreshToken, { body: {} })).status).to.equal(401);
      expect((await call(paths.auth.getMeV2)).status).to.equal(401);
    });

    it('switching tenant changes the tenant of me and of the next token', async () => {
      const { call } = previewHarness();
      const switched = await call(paths.tenants.switchTenant, { body: { tenantId: 'tenant-acme-labs' } });
      expect(switched.status).to.equal(200);
      expect((await call(paths.auth.getMeV2)).body.tenantId).to.equal('tenant-acme-labs');
      const refreshed = await call(paths.auth.refreshToken, { body: {} });
      expect(jwtDecode<AnyJson>(refreshed.body.accessToken).tenantId).to.equal('tenant-acme-labs');
      const users = await call(paths.users.getUsersV3);
      expect(users.body.items.map((u: AnyJson) => u.name)).to.have.members(['Demo Admin', 'Omar Haddad']);
    });

    it('switching to a tenant the user is not in answers 403 (as the server); no tenant named, 400', async () => {
      const { call } = previewHarness();
      expect(
        (await call(paths.tenants.switchTenant, { body: { tenantId: 'tenant-nowhere' } })).status,
      ).to.equal(403);
      expect((await call(paths.tenants.switchTenant, { body: {} })).status).to.equal(400);
    });
  });

  describe('writes change the state', () => {
    it('updating the profile shows in GET me', async () => {
      const { call } = previewHarness();
      const updated = await call(paths.teams.updateProfile, {
        body: { name: 'Demo Owner', phoneNumber: '+15550199', metadata: { jobTitle: 'CTO' } },
      });
      expect(updated.status).to.equal(200);
      const me = (await call(paths.auth.getMeV2)).body;
      expect(me.name).to.equal('Demo Owner');
      expect(me.phoneNumber).to.equal('+15550199');
      expect(JSON.parse(me.metadata)).to.deep.equal({ jobTitle: 'CTO' });
    });

    it('a created role is listed; an updated one changes; a deleted one is gone (and leaves its users)', async () => {
      const { call } = previewHarness();
      const created = await call(paths.roles.addRole, {
        body: {
          key: 'Billing',
          name: 'Billing',
          description: 'Pays the bills',
          permissionIds: ['perm-subscriptions-read-billing'],
        },
      });
      expect(created.status).to.equal(200);
      const id = created.body.id as string;
      let roles = (await call(paths.roles.getRoles)).body;
      expect(roles.find((r: AnyJson) => r.id === id)).to.include({
        key: 'Billing',
        description: 'Pays the bills',
      });
      expect(roles.find((r: AnyJson) => r.id === id).permissions).to.deep.equal([
        'perm-subscriptions-read-billing',
      ]);

      await call(paths.roles.updateRole, { params: { roleId: id }, body: { name: 'Finance' } });
      roles = (await call(paths.roles.getRoles)).body;
      expect(roles.find((r: AnyJson) => r.id === id).name).to.equal('Finance');

      expect((await call(paths.roles.deleteRole, { params: { roleId: id } })).status).to.equal(200);
      roles = (await call(paths.roles.getRoles)).body;
      expect(roles.map((r: AnyJson) => r.id)).not.to.include(id);
      expect((await call(paths.roles.deleteRole, { params: { roleId: id } })).status).to.equal(404);

      // A built-in role (the vendor's) is refused, as on the server, and keeps its users.
      expect((await call(paths.roles.deleteRole, { params: { roleId: 'role-editor' } })).status).to.equal(
        403,
      );
      const maya = (await call(paths.auth.getUserById, { params: { userId: 'user-maya' } })).body;
      expect(maya.roles.map((r: AnyJson) => r.id)).to.include('role-editor');
    });

    it('a role without a name answers 400 with the errors shape', async () => {
      const { call } = previewHarness();
      const { status, body } = await call(paths.roles.addRole, { body: { description: 'x' } });
      expect(status).to.equal(400);
      expect(body.errors).to.be.an('array').with.length(1);
    });

    it('setting the permissions of a role shows in the role and in the permission roleIds', async () => {
      const { call } = previewHarness();
      const roleId = (await call(paths.roles.addRole, { body: { name: 'Auditors' } })).body.id as string;
      await call(paths.roles.attachPermissionsToRole, {
        params: { roleId },
        body: { permissionIds: ['perm-secure-read-audits'] },
      });
      const role = (await call(paths.roles.getRoles)).body.find((r: AnyJson) => r.id === roleId);
      expect(role.permissions).to.deep.equal(['perm-secure-read-audits']);
      const audits = (await call(paths.roles.getPermissions)).body.find(
        (p: AnyJson) => p.id === 'perm-secure-read-audits',
      );
      expect(audits.roleIds).to.include(roleId);
      // The vendor's built-in roles keep their permissions (403), as on the server.
      const refused = await call(paths.roles.attachPermissionsToRole, {
        params: { roleId: 'role-viewer' },
        body: { permissionIds: [] },
      });
      expect(refused.status).to.equal(403);
    });

    it('groups: create, update, add and remove members and roles, delete', async () => {
      const { call } = previewHarness();
      const created = await call(paths.groups.createGroup, { body: { name: 'Design', color: '#FF00AA' } });
      const groupId = created.body.id as string;
      await call(paths.groups.updateGroup, { params: { groupId }, body: { description: 'Designers' } });
      await call(paths.groups.addUsersToGroup, {
        params: { groupId },
        body: { userIds: ['user-maya', 'user-liam'] },
      });
      await call(paths.groups.addRolesToGroup, { params: { groupId }, body: { roleIds: ['role-viewer'] } });
      await call(paths.groups.deleteUsersFromGroup, {
        params: { groupId },
        body: { userIds: ['user-liam'] },
      });
      let group = (await call(paths.groups.getGroupById, { params: { groupId } })).body;
      expect(group).to.include({ name: 'Design', color: '#FF00AA', description: 'Designers' });
      expect(group.users.map((u: AnyJson) => u.id)).to.deep.equal(['user-maya']);
      expect(group.roles.map((r: AnyJson) => r.id)).to.deep.equal(['role-viewer']);
      await call(paths.groups.deleteRolesFromGroup, {
        params: { groupId },
        body: { roleIds: ['role-viewer'] },
      });
      group = (await call(paths.groups.getGroupById, { params: { groupId } })).body;
      expect(group.roles).to.deep.equal([]);
      await call(paths.groups.deleteGroup, { params: { groupId } });
      const groups = (await call(paths.groups.getGroups)).body.groups;
      expect(groups.map((g: AnyJson) => g.id)).not.to.include(groupId);
      expect((await call(paths.groups.getGroupById, { params: { groupId } })).status).to.equal(404);
    });

    it('sessions: deleting one removes it; deleting all keeps the current one', async () => {
      const { call } = previewHarness();
      await call(paths.auth.deleteSessionForUser, { params: { id: 'session-windows' } });
      let sessions = (await call(paths.auth.getCurrentUserSessions)).body;
      expect(sessions.map((s: AnyJson) => s.id)).to.deep.equal(['session-current', 'session-iphone']);
      await call(paths.auth.deleteAllSessionsForUser);
      sessions = (await call(paths.auth.getCurrentUserSessions)).body;
      expect(sessions.map((s: AnyJson) => s.id)).to.deep.equal(['session-current']);
    });

    it('session configuration updates', async () => {
      const { call } = previewHarness();
      await call(paths.auth.createOrUpdateSessionConfigrations, {
        body: { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 } },
      });
      const config = (await call(paths.auth.getSessionConfigurations)).body;
      expect(config.sessionIdleTimeoutConfiguration.timeout).to.equal(1800);
      expect(config.sessionConcurrentConfiguration.maxSessions).to.equal(10);
    });

    it('API tokens: created with a secret shown once, listed without it, deleted', async () => {
      const { call } = previewHarness();
      const created = await call(paths.auth.updateTenantApiTokensData, {
        body: { description: 'Deploy', roleIds: ['role-admin'], expiresInMinutes: 1440 },
      });
      expect(created.status).to.equal(200);
      expect(created.body.secret).to.be.a('string').with.length.greaterThan(20);
      const clientId = created.body.clientId as string;
      const listed = (await call(paths.auth.getTenantApiTokensData)).body.find(
        (t: AnyJson) => t.clientId === clientId,
      );
      expect(listed).to.include({ description: 'Deploy' });
      expect(listed.roleIds).to.deep.equal(['role-admin']);
      expect(listed).not.to.have.property('secret');
      expect(Date.parse(listed.expires) - Date.parse(listed.createdAt)).to.equal(86_400_000);
      await call(paths.auth.deleteTenantApiToken, { params: { tokenId: clientId } });
      const after = (await call(paths.auth.getTenantApiTokensData)).body;
      expect(after.map((t: AnyJson) => t.clientId)).not.to.include(clientId);

      const personal = await call(paths.auth.updateUserApiTokensData, { body: { description: 'Laptop' } });
      expect((await call(paths.auth.getUserApiTokensData)).body).to.have.length(3);
      await call(paths.auth.deleteUserApiToken, { params: { tokenId: personal.body.clientId } });
      expect((await call(paths.auth.getUserApiTokensData)).body).to.have.length(2);
    });

    it('IP restrictions: create (My IP) is listed, activating the config keeps the current IP valid, delete', async () => {
      const { call } = previewHarness();
      const created = await call(paths.securityPolicy.createIPRestriction, {
        body: { ip: '203.0.113.99', strategy: 'ALLOW', isActive: true, description: 'My IP' },
      });
      expect(created.body).to.include({
        ip: '203.0.113.99',
        strategy: 'ALLOW',
        isActive: true,
        description: 'My IP',
      });
      let list = (await call(paths.securityPolicy.getIPRestrictions, { query: { _limit: 50 } })).body;
      expect(list.items.map((r: AnyJson) => r.description)).to.include('My IP');

      await call(paths.securityPolicy.updateIPRestrictionConfig, {
        body: { isActive: true, strategy: 'ALLOW' },
      });
      expect((await call(paths.securityPolicy.getIPRestrictionsConfig)).body).to.deep.equal({
        isActive: true,
        strategy: 'ALLOW',
      });
      expect((await call(paths.securityPolicy.testCurrentIp)).body).to.deep.equal({ valid: true });
      await call(paths.securityPolicy.deleteIPRestriction, { params: { id: 'ip-office' } });
      expect((await call(paths.securityPolicy.testCurrentIp)).body).to.deep.equal({ valid: false });

      list = (await call(paths.securityPolicy.getIPRestrictions, { query: { _limit: 50 } })).body;
      expect(list.items.map((r: AnyJson) => r.id)).not.to.include('ip-office');
    });

    it('email-domain restrictions: create is listed, delete removes it, config updates', async () => {
      const { call } = previewHarness();
      const created = await call(paths.securityPolicy.createDomainRestriction, {
        body: { domain: 'New.Example', type: 'BLOCK' },
      });
      expect(created.body).to.include({ domain: 'new.example', type: 'BLOCK' });
      let items = (await call(paths.securityPolicy.getDomainRestrictions)).body.items;
      expect(items.map((d: AnyJson) => d.domain)).to.include('new.example');
      await call(paths.securityPolicy.deleteDomainRestriction, { params: { id: created.body.id } });
      items = (await call(paths.securityPolicy.getDomainRestrictions)).body.items;
      expect(items.map((d: AnyJson) => d.domain)).not.to.include('new.example');
      // Frontegg's client sends the list type as `type` (UpdateDomainRestrictionsConfig).
      await call(paths.securityPolicy.updateDomainRestrictionConfig, {
        body: { active: true, type: 'BLOCK' },
      });
      const config = (await call(paths.securityPolicy.getDomainRestrictionsConfig)).body;
      expect(config).to.deep.equal({ active: true, blockPublicDomains: false, listType: 'BLOCK' });
      // As the server: a URL is no domain (400), and nothing is added.
      const refused = await call(paths.securityPolicy.createDomainRestriction, {
        body: { domain: 'https://bad.example/x', type: 'BLOCK' },
      });
      expect(refused.status).to.equal(400);
      items = (await call(paths.securityPolicy.getDomainRestrictions)).body.items;
      expect(items.map((d: AnyJson) => d.domain)).not.to.include('bad.example');
    });

    it('account settings update shows in GET; a body the contract refuses changes nothing (400)', async () => {
      const { call } = previewHarness();
      const refused = await call(paths.accountSettings.updateSettings, {
        body: { timezone: 'Europe/Paris', website: 42 },
      });
      expect(refused.status).to.equal(400);
      expect((await call(paths.accountSettings.getSettings)).body.timezone).not.to.equal('Europe/Paris');
      await call(paths.accountSettings.updateSettings, {
        body: { timezone: 'Asia/Tokyo', currency: 'JPY' },
      });
      const settings = (await call(paths.accountSettings.getSettings)).body;
      expect(settings).to.include({
        timezone: 'Asia/Tokyo',
        currency: 'JPY',
        website: 'https://acme.example',
      });
    });

    it('subscription: changing the plan shows in the subscription and the summary; cancel and renew', async () => {
      const { call } = previewHarness();
      const params = { subscriptionId: 'sub-acme' };
      await call(paths.subscriptions.updateSubscription, {
        params,
        body: { planId: 'plan-enterprise', paymentMethodId: 'pm-acme-visa' },
      });
      let subscription = (await call(paths.subscriptions.getSubscription, { params })).body;
      expect(subscription).to.include({ planId: 'plan-enterprise', status: 'active' });
      expect(subscription.plan).to.deep.equal({ slug: 'enterprise' });
      const summary = (
        await call(paths.summaries.getSubscriptionSummaries, { params: { tenantId: 'tenant-acme' } })
      ).body;
      expect(summary.currentPlanId).to.equal('plan-enterprise');
      await call(paths.subscriptions.cancelSubscription, { params });
      subscription = (await call(paths.subscriptions.getSubscription, { params })).body;
      expect(subscription.cancellation).to.deep.equal({ policy: 'atPeriodEnd' });
      await call(paths.subscriptions.renewSubscription, { params });
      subscription = (await call(paths.subscriptions.getSubscription, { params })).body;
      expect(subscription.cancellation).to.equal(null);
      const unknownPlan = await call(paths.subscriptions.updateSubscription, {
        params,
        body: { planId: 'plan-nope' },
      });
      expect(unknownPlan.status).to.equal(404);
    });

    it('payment method billing details update', async () => {
      const { call } = previewHarness();
      const params = { paymentMethodId: 'pm-acme-visa' };
      await call(paths.paymentMethods.updatePaymentMethodBillingDetails, {
        params,
        body: { email: 'finance@acme.example', address: { city: 'Oakland' } },
      });
      const method = (await call(paths.paymentMethods.getPaymentMethod, { params })).body;
      expect(method.billingDetails.email).to.equal('finance@acme.example');
      expect(method.billingDetails.address).to.include({
        city: 'Oakland',
        addressLine1: '100 Market Street',
      });
    });

    it('users: add is listed (and an existing email is not duplicated), update roles, delete', async () => {
      const { call } = previewHarness();
      const added = await call(paths.teams.addUser, {
        body: { email: 'New.Person@acme.example', name: 'New Person', roleIds: ['role-viewer'] },
      });
      expect(added.body).to.include({ email: 'new.person@acme.example', verified: false });
      await call(paths.teams.addUser, { body: { email: 'new.person@acme.example' } });
      let users = (await call(paths.users.getUsersV3, { query: { _filter: 'new.person' } })).body;
      expect(users.items).to.have.length(1);
      await call(paths.teams.updateUser, { body: { id: added.body.id, roleIds: [''] } });
      users = (await call(paths.users.getUsersV3, { query: { _filter: 'new.person' } })).body;
      expect(users.items[0].roles).to.deep.equal([]);
      await call(paths.teams.deleteUser, { params: { userId: added.body.id } });
      users = (await call(paths.users.getUsersV3, { query: { _filter: 'new.person' } })).body;
      expect(users.items).to.deep.equal([]);
    });
  });

  describe('lists', () => {
    it('users v3 pages by _offset (page index) and _limit', async () => {
      const { call } = previewHarness();
      const first = (await call(paths.users.getUsersV3, { query: { _limit: 4, _offset: 0 } })).body.items;
      const second = (await call(paths.users.getUsersV3, { query: { _limit: 4, _offset: 1 } })).body.items;
      expect(first).to.have.length(4);
      expect(second).to.have.length(2);
      expect(second.map((u: AnyJson) => u.id)).not.to.include.members(first.map((u: AnyJson) => u.id));
    });

    it('users v2 sorts by name descending and filters by text', async () => {
      const { call } = previewHarness();
      const sorted = (await call(paths.users.getUsersV2, { query: { _sortBy: 'name', _order: 'DESC' } })).body
        .items;
      const names = sorted.map((u: AnyJson) => u.name);
      expect(names).to.deep.equal([...names].sort().reverse());
      const filtered = (await call(paths.users.getUsersV2, { query: { _filter: 'rossi' } })).body.items;
      expect(filtered.map((u: AnyJson) => u.name)).to.deep.equal(['Sofia Rossi']);
    });

    it('users include the sub-tenants when asked', async () => {
      const { call } = previewHarness();
      const all = (await call(paths.users.getUsersV3, { query: { _includeSubTenants: true } })).body;
      expect(all._metadata.totalItems).to.equal(8);
    });

    it('audits page by offset and count, filter by text and by column', async () => {
      const { call } = previewHarness();
      const paged = (await call(paths.audits.getAudits, { query: { offset: 3, count: 20 } })).body;
      expect(paged.data).to.have.length(2);
      expect(paged.total).to.equal(5);
      const severe = (await call(paths.audits.getAudits, { query: { severity: 'SEVERE' } })).body;
      expect(severe.data.map((r: AnyJson) => r.action)).to.deep.equal(['Failed login']);
      const search = (await call(paths.audits.getAudits, { query: { filter: 'api token' } })).body;
      expect(search.total).to.equal(1);
    });

    it('audits CSV export answers a CSV file', async () => {
      const { call } = previewHarness();
      const { status, body, response } = await call(paths.audits.exportAudits, {
        params: { endpoint: 'csv/v2' },
      });
      expect(status).to.equal(200);
      expect(response.headers.get('Content-Type')).to.equal('text/csv');
      expect(response.headers.get('Content-Disposition')).to.contain('audits.csv');
      expect(body.trim().split('\n')).to.have.length(6);
    });

    it('an unknown _preset answers 400', async () => {
      const { call } = previewHarness();
      expect((await call(paths.users.getUsersV3, { query: { _preset: 'nope' } })).status).to.equal(400);
    });
  });
});
