// The authorization matrix of the sub-account users' endpoints (TENANTS-013): for every entry of the table,
// a parent account's admin acting on a child account is allowed; a child account's admin naming the parent,
// and a sub-account's admin naming its sibling, are refused (404, nothing written); a member without the
// permission is a 403; no token (or a bad one) a 401.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { inArray } from 'drizzle-orm';
import { userRoles, users, userTenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { subTenantUsersEndpointsByName as table } from './subTenantUsers';

type Name = keyof typeof table;
interface Call {
  path: string;
  body: unknown;
}

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

describe('sub-account users: authorization matrix (parent → child, child → parent, sibling → sibling)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let europe: string;
  let labs: string;
  let viewer: string;
  let editor: string;
  /** Admin of Acme (the parent). */
  let parentAdmin: string;
  /** Admin of Acme Europe only (a child). */
  let childAdmin: string;
  /** Acme members: ReadOnly (reads the hierarchy, does not write it) and one holding no role. */
  let readOnly: string;
  let noRole: string;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    europe = await f.tenantId('Acme Europe');
    labs = await f.tenantId('Acme Labs');
    viewer = (await f.builtInRole('Viewer')).id;
    editor = (await f.builtInRole('Editor')).id;
    parentAdmin = (await f.member(['Admin'])).token;
    childAdmin = (await f.member(['Admin'], 'Acme Europe')).token;
    readOnly = (await f.member(['ReadOnly'])).token;
    noRole = (await f.member([])).token;
  });
  after(() => t.close());

  /** A fresh user, a member of the account with the Viewer role there. */
  const memberOf = async (tenantId: string) =>
    (await f.createUser({ tenants: [{ id: tenantId, roleIds: [viewer] }] })).id;

  /**
   * The call of each endpoint that acts on `target`: the account named in the body (its users: a fresh member
   * of it). `updateSubAccountAccess` names no account: its target is the account of the member it names (the
   * caller's own account when allowed).
   */
  const calls: Record<Name, (target: string) => Promise<Call>> = {
    addUserToTenantAndSubTenants: async (target) => ({
      path: table.addUserToTenantAndSubTenants.path,
      body: {
        user: { email: `m-${randomUUID().slice(0, 8)}@acme.test` },
        subTenants: [{ tenantId: target, roleIds: [viewer] }],
      },
    }),
    addUsersToSubTenant: async (target) => ({
      path: table.addUsersToSubTenant.path,
      body: {
        users: [{ email: `m-${randomUUID().slice(0, 8)}@acme.test` }],
        tenantId: target,
        roleIds: [viewer],
      },
    }),
    removeUserFromTenantAndSubTenants: async (target) => ({
      path: table.removeUserFromTenantAndSubTenants.path,
      body: { userId: await memberOf(target), subTenants: [{ tenantId: target }] },
    }),
    addUserRolesForSubTenants: async (target) => ({
      path: at(table.addUserRolesForSubTenants.path, { userId: await memberOf(target) }),
      body: { subTenantsRoles: [{ tenantId: target, roleIds: [editor] }] },
    }),
    removeUserRolesFromSubTenants: async (target) => ({
      path: at(table.removeUserRolesFromSubTenants.path, { userId: await memberOf(target) }),
      body: { subTenantsRoles: [{ tenantId: target, roleIds: [viewer] }] },
    }),
    setUserRolesForSubTenants: async (target) => ({
      path: at(table.setUserRolesForSubTenants.path, { userId: await memberOf(target) }),
      body: { subTenantsRoles: [{ tenantId: target, roleIds: [editor] }] },
    }),
    updateSubAccountAccess: async (target) => ({
      path: at(table.updateSubAccountAccess.path, { userId: await memberOf(target) }),
      body: { allowAccess: false },
    }),
  };
  const names = Object.keys(table) as Name[];
  /** The account a parent admin's allowed call names: a child, or (access) the parent's own member. */
  const allowedTarget = (name: Name) => (name === 'updateSubAccountAccess' ? acme : europe);

  /** The memberships, roles and users of the accounts: a refused call changes none of them. */
  const snapshot = async () => {
    const accounts = [acme, europe, labs];
    const memberships = await f.db.select().from(userTenants).where(inArray(userTenants.tenantId, accounts));
    const roleRows = await f.db.select().from(userRoles).where(inArray(userRoles.tenantId, accounts));
    const userCount = (await f.db.select({ id: users.id }).from(users)).length;
    return JSON.stringify({
      memberships: memberships.map((m) => `${m.userId}:${m.tenantId}:${m.subAccountAccessAllowed}`).sort(),
      roles: roleRows.map((r) => `${r.userId}:${r.tenantId}:${r.roleId}`).sort(),
      userCount,
    });
  };
  const send = async (name: Name, token: string | undefined, call: Call) =>
    f.request(table[name].method, call.path, token, call.body);

  it('[TENANTS-013] the matrix names a call for every entry of the table', () => {
    assert.deepEqual(names.sort(), Object.keys(calls).sort());
    assert.equal(names.length, 7);
  });

  for (const name of names) {
    describe(`${table[name].method} ${table[name].path}`, () => {
      it('[TENANTS-013] parent → child: the parent account’s admin is allowed', async () => {
        const res = await send(name, parentAdmin, await calls[name](allowedTarget(name)));
        const text = await res.text();
        assert.ok(res.status >= 200 && res.status < 300, `${res.status}: ${text}`);
      });

      it('[TENANTS-013] child → parent: a child account’s admin naming the parent is refused', async () => {
        const call = await calls[name](acme);
        const before = await snapshot();
        const res = await send(name, childAdmin, call);
        assert.equal(res.status, 404, await res.text());
        assert.equal(await snapshot(), before, 'nothing changed');
      });

      it('[TENANTS-013] sibling → sibling: Acme Europe’s admin naming Acme Labs is refused', async () => {
        const call = await calls[name](labs);
        const before = await snapshot();
        const res = await send(name, childAdmin, call);
        const text = await res.text();
        assert.equal(res.status, 404, text);
        assert.ok(!text.includes(labs), 'the answer does not echo the sibling');
        assert.equal(await snapshot(), before, 'nothing changed');
      });

      it('[TENANTS-013] a member without the write permission is a 403', async () => {
        for (const token of [readOnly, noRole]) {
          const call = await calls[name](allowedTarget(name));
          const before = await snapshot();
          const res = await send(name, token, call);
          assert.equal(res.status, 403, await res.text());
          assert.equal(await snapshot(), before, 'nothing changed');
        }
      });

      it('[TENANTS-013] no token, or a bad one, is a 401', async () => {
        const call = await calls[name](allowedTarget(name));
        assert.equal((await send(name, undefined, call)).status, 401);
        assert.equal((await send(name, 'not.a.jwt', call)).status, 401);
      });
    });
  }

  it('[TENANTS-013] the child account’s admin is allowed in its own account (the same calls, own subtree)', async () => {
    for (const name of names) {
      const res = await send(name, childAdmin, await calls[name](europe));
      const text = await res.text();
      assert.ok(res.status >= 200 && res.status < 300, `${name}: ${res.status}: ${text}`);
    }
  });
});
