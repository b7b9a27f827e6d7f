import { expect } from '@open-wc/testing';
import { jwtDecode } from 'jwt-decode';
import { hierarchyContracts as hc, subTenantsContracts as sc } from '../contracts/hierarchy';
import { usersContracts } from '../contracts/users';
import { paths } from '../paths';
import { previewHarness, type AnyJson } from './testing';

const ACME = 'tenant-acme';
const EUROPE = 'tenant-acme-europe';
const LABS = 'tenant-acme-labs';

/** A preview with the sample data and no delay, plus a call checked against its contract's answer. */
function preview() {
  const harness = previewHarness();
  return {
    ...harness,
    async ok(
      contract: { route: Parameters<typeof harness.call>[0]; response: { parse(v: unknown): unknown } },
      opts = {},
    ) {
      const res = await harness.call(contract.route, opts);
      expect(res.status, JSON.stringify(res.body)).to.be.within(200, 299);
      contract.response.parse(res.body ?? {});
      return res.body as AnyJson;
    },
  };
}

describe('preview: the account hierarchy (TENANTS-009..027)', () => {
  it('[TENANTS-002] [TENANTS-003] the tree of the caller account: children, numberOfUsers, loadMoreLink; each account once', async () => {
    const p = preview();
    const tree = await p.ok(hc.getSubTenantsAsTree);
    expect(tree.tenantId).to.equal(ACME);
    expect(tree.tenantType).to.equal('reseller');
    expect(tree.children.map((c: AnyJson) => c.name)).to.deep.equal(['Acme Europe', 'Acme Labs']);
    expect(tree.children[0].numberOfUsers).to.be.greaterThan(0);
    expect(tree.loadMoreLink).to.equal(null);
    // A link to the same account twice (a cycle) is listed once.
    p.fetch.state.tenants.find((t) => t.tenantId === ACME)!.parentTenantId = LABS;
    const again = await p.ok(hc.getSubTenantsAsTree);
    const ids: string[] = [];
    const walk = (n: AnyJson) => (ids.push(n.tenantId), n.children.forEach(walk));
    walk(again);
    expect(ids).to.deep.equal([ACME, EUROPE, LABS]);
  });

  it('[TENANTS-010] [TENANTS-026] [ENUM-028] search: limit 50 from offset 0, children of one account, sort fields; another sort field is a 400', async () => {
    const p = preview();
    for (let i = 0; i < 55; i++)
      await p.ok(sc.createSubTenant, {
        body: { name: `Branch ${String(i).padStart(2, '0')}`, parentTenantId: EUROPE },
      });
    const first = await p.ok(hc.searchSubTenants, { query: { _limit: 50, _offset: 0 } });
    expect(first.items).to.have.length(50);
    expect(first._metadata).to.deep.equal({ totalItems: 57, totalPages: 2 });
    const tree = await p.ok(hc.getSubTenantsAsTree);
    const europe = tree.children.find((c: AnyJson) => c.tenantId === EUROPE);
    expect(europe.children).to.have.length(50);
    expect(europe.loadMoreLink).to.contain('_subTenantId=tenant-acme-europe').and.contain('_offset=50');
    const more = await p.ok(hc.searchSubTenants, {
      query: { _subTenantId: EUROPE, _offset: 50, _limit: 50 },
    });
    expect(more.items.map((i: AnyJson) => i.name)).to.deep.equal(
      [50, 51, 52, 53, 54].map((i) => `Branch ${i}`),
    );
    const byId = await p.ok(hc.searchSubTenants, {
      query: { _filter: 'labs', _sortBy: 'tenantId', _order: 'DESC' },
    });
    expect(byId.items.map((i: AnyJson) => i.tenantId)).to.deep.equal([LABS]);
    expect(byId.items[0].metadata).to.deep.equal({ isParent: false });
    const bad = await p.call(hc.searchSubTenants.route, { query: { _sortBy: 'email' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.errors[0]).to.equal('_sortBy: _sortBy must be one of createdAt, name, tenantId');
  });

  it('[TENANTS-027] list, parents, users count, hierarchy metadata; an account outside the subtree is a 404', async () => {
    const p = preview();
    const created = await p.ok(sc.createSubTenant, { body: { name: 'Acme Berlin', parentTenantId: EUROPE } });
    const list = await p.ok(hc.getSubTenants);
    expect(list.map((t: AnyJson) => [t.tenantName, t.level])).to.deep.equal([
      ['Acme Europe', 1],
      ['Acme Labs', 1],
      ['Acme Berlin', 2],
    ]);
    const parents = await p.ok(hc.getParentTenantsById, { params: { tenantId: created.tenantId } });
    expect(parents.map((t: AnyJson) => [t.tenantId, t.level])).to.deep.equal([
      [EUROPE, 1],
      [ACME, 2],
    ]);
    expect(await p.ok(hc.getParentTenants)).to.deep.equal([]);
    const counts = await p.ok(hc.getTenantsUsersCount, { body: { tenantIds: [ACME, EUROPE] } });
    expect(counts.map((c: AnyJson) => c.tenantId)).to.deep.equal([ACME, EUROPE]);
    const meta = await p.ok(hc.getHierarchyMetadata, { query: { _tenantIds: `${ACME},${EUROPE},${LABS}` } });
    expect(meta.map((m: AnyJson) => [m.totalSubTenants, m.isParent])).to.deep.equal([
      [3, true],
      [1, true],
      [0, false],
    ]);
    // The caller's own account is not a sub-account; unknown ids are not found either.
    for (const [route, opts] of [
      [hc.getParentTenantsById.route, { params: { tenantId: ACME } }],
      [hc.getTenantsUsersCount.route, { body: { tenantIds: ['no-such-account'] } }],
      [hc.getHierarchyMetadata.route, { query: { _tenantIds: 'no-such-account' } }],
      [sc.updateSubTenant.route, { params: { tenantId: ACME }, body: { name: 'Mine' } }],
      [sc.deleteSubTenant.route, { params: { tenantId: ACME } }],
    ] as const) {
      const res = await p.call(route, opts);
      expect(res.status, route.path).to.equal(404);
      expect(res.body.errors).to.deep.equal(['Sub-account not found']);
    }
  });

  it('[TENANTS-023] [TENANTS-025] [TENANTS-024] [ENUM-029] create (201, used id 409, contract messages), rename, manage, delete with its subtree', async () => {
    const p = preview();
    const res = await p.call(sc.createSubTenant.route, {
      body: { tenantId: 'acme-asia', name: 'Acme Asia', tenantType: 'test' },
    });
    expect(res.status).to.equal(201);
    sc.createSubTenant.response.parse(res.body);
    expect(res.body).to.include({
      parentTenantId: ACME,
      tenantType: 'test',
      subAccountAccessType: 'defaultOn',
    });
    const used = await p.call(sc.createSubTenant.route, { body: { tenantId: 'acme-asia', name: 'Again' } });
    expect([used.status, used.body.errors]).to.deep.equal([
      409,
      ['An account with this tenantId already exists'],
    ]);
    const noName = await p.call(sc.createSubTenant.route, { body: { name: ' ' } });
    expect([noName.status, noName.body.errors]).to.deep.equal([400, ['name: name must not be empty']]);
    const badType = await p.call(sc.updateSubTenantManagement.route, {
      params: { tenantId: 'acme-asia' },
      body: { tenantType: 'partner' },
    });
    expect(badType.status).to.equal(400);
    await p.ok(sc.createSubTenant, {
      body: { tenantId: 'acme-tokyo', name: 'Acme Tokyo', parentTenantId: 'acme-asia' },
    });
    const renamed = await p.ok(sc.updateSubTenant, {
      params: { tenantId: 'acme-asia' },
      body: { name: 'Acme APAC' },
    });
    expect(renamed.name).to.equal('Acme APAC');
    const managed = await p.ok(sc.updateSubTenantManagement, {
      params: { tenantId: 'acme-asia' },
      body: { isReseller: true, tenantType: 'reseller' },
    });
    expect(managed).to.include({ isReseller: true, tenantType: 'reseller' });
    const settings = await p.ok(sc.updateSubTenantHierarchySettings, {
      params: { tenantId: ACME },
      body: { subAccountAccessType: 'alwaysOn' },
    });
    expect(settings).to.include({ parentTenantId: null, subAccountAccessType: 'alwaysOn' });
    await p.ok(sc.addUsersToSubTenant, {
      body: { tenantId: 'acme-tokyo', users: [{ email: 'kenji@acme.example' }] },
    });
    await p.ok(sc.deleteSubTenant, { params: { tenantId: 'acme-asia' } });
    const tree = await p.ok(hc.getSubTenantsAsTree);
    expect(tree.children.map((c: AnyJson) => c.tenantId)).to.deep.equal([EUROPE, LABS]);
    expect(
      p.fetch.state.users.some((u) => u.email === 'kenji@acme.example'),
      'a user in no account is deleted',
    ).to.equal(false);
    const gone = await p.call(sc.updateSubTenant.route, {
      params: { tenantId: 'acme-tokyo' },
      body: { name: 'X' },
    });
    expect(gone.status).to.equal(404);
    // The id of a deleted account stays used.
    const reuse = await p.call(sc.createSubTenant.route, {
      body: { tenantId: 'acme-asia', name: 'Acme Asia' },
    });
    expect(reuse.status).to.equal(409);
  });

  it('[TENANTS-013] [TENANTS-014] [TENANTS-012] users added to a sub-account appear in its users, answered with its token, and its settings', async () => {
    const p = preview();
    await p.ok(sc.addUsersToSubTenant, {
      body: {
        tenantId: LABS,
        users: [{ email: 'nina@acme.example', name: 'Nina' }],
        roleIds: ['role-editor'],
      },
    });
    await p.ok(sc.addUserToTenantAndSubTenants, {
      body: {
        user: { email: 'ole@acme.example' },
        subTenants: [{ tenantId: LABS, roleIds: ['role-viewer'] }],
      },
    });
    const { accessToken } = await p.ok(usersContracts.GetUserJwt, { body: { tenantId: LABS } });
    expect(jwtDecode<AnyJson>(accessToken).tenantId).to.equal(LABS);
    const users = await p.call(paths.users.getUsersV3, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(users.body.items.map((u: AnyJson) => u.email)).to.include.members([
      'nina@acme.example',
      'ole@acme.example',
      'omar.haddad@acme-labs.example',
    ]);
    expect(users.body.items.map((u: AnyJson) => u.email)).not.to.include('maya.cohen@acme.example');
    // The account's settings, read with its token.
    const settings = await p.call(paths.accountSettings.getSettings, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(settings.body).to.include({ tenantId: LABS, name: 'Acme Labs', timezone: 'Europe/London' });
    const nina = users.body.items.find((u: AnyJson) => u.email === 'nina@acme.example');
    expect(nina.roles.map((r: AnyJson) => r.name)).to.deep.equal(['Editor']);
    // Roles per sub-account, then removal; a user outside the account is not found.
    await p.ok(sc.setUserRolesForSubTenants, {
      params: { userId: nina.id },
      body: { subTenantsRoles: [{ tenantId: LABS, roleIds: ['role-viewer'] }] },
    });
    expect(p.fetch.state.users.find((u) => u.id === nina.id)!.roleIds).to.deep.equal(['role-viewer']);
    const unknownRole = await p.call(sc.addUserRolesForSubTenants.route, {
      params: { userId: nina.id },
      body: { subTenantsRoles: [{ tenantId: LABS, roleIds: ['no-such-role'] }] },
    });
    expect(unknownRole.status).to.equal(404);
    await p.ok(sc.removeUserFromTenantAndSubTenants, {
      body: { userId: nina.id, subTenants: [{ tenantId: LABS }] },
    });
    const again = await p.call(sc.removeUserFromTenantAndSubTenants.route, {
      body: { userId: nina.id, subTenants: [{ tenantId: LABS }] },
    });
    expect(again.status).to.equal(404);
    // Session calls stay in Acme.
    const acme = await p.call(paths.users.getUsersV3);
    expect(acme.body.items.map((u: AnyJson) => u.email)).not.to.include('ole@acme.example');
  });

  it('[TENANTS-021] [TENANTS-015] denying sub-account access refuses the next call with that token at once; me/tenants lists the sub-accounts the user may enter', async () => {
    const p = preview();
    const created = await p.ok(sc.createSubTenant, { body: { name: 'Acme Nordics' } });
    // The demo admin is not a member of the new account: they enter it through Acme (delegated).
    for (const route of [paths.users.getCurrentUserTenantsV1, paths.users.getCurrentUserTenantsV3]) {
      const mine = await p.call(route);
      expect(
        mine.body.tenants.map((t: AnyJson) => t.name),
        route.path,
      ).to.deep.equal(['Acme', 'Acme Europe', 'Acme Labs', 'Acme Nordics']);
    }
    const { accessToken } = await p.ok(usersContracts.GetUserJwt, { body: { tenantId: created.tenantId } });
    expect(jwtDecode<AnyJson>(accessToken).actingTenantId).to.equal(ACME);
    const auth = { Authorization: `Bearer ${accessToken}` };
    expect((await p.call(paths.users.getUsersV3, { headers: auth })).status).to.equal(200);
    await p.ok(sc.updateSubAccountAccess, {
      params: { userId: 'user-demo-admin' },
      body: { allowAccess: false },
    });
    const refused = await p.call(paths.users.getUsersV3, { headers: auth });
    expect([refused.status, refused.body.errors]).to.deep.equal([
      403,
      ['Access to this sub-account is not allowed'],
    ]);
    expect((await p.call(paths.tenants.getTenants)).body.map((t: AnyJson) => t.name)).not.to.include(
      'Acme Nordics',
    );
    const bad = await p.call(sc.updateSubAccountAccess.route, {
      params: { userId: 'user-demo-admin' },
      body: {},
    });
    expect([bad.status, bad.body.errors]).to.deep.equal([
      400,
      ['allowAccess: allowAccess must be true or false'],
    ]);
    // 'alwaysOn' keeps it on.
    await p.ok(sc.updateSubTenantHierarchySettings, {
      params: { tenantId: ACME },
      body: { subAccountAccessType: 'alwaysOn' },
    });
    expect((await p.call(paths.users.getUsersV3, { headers: auth })).status).to.equal(200);
    const deny = await p.call(sc.updateSubAccountAccess.route, {
      params: { userId: 'user-demo-admin' },
      body: { allowAccess: false },
    });
    expect(deny.status).to.equal(400);
  });
});
