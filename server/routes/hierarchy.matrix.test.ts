// The hierarchy's authorization matrix: every endpoint of `hierarchyEndpointsByName` (the table is iterated, so a
// new entry without a call here fails), called by a parent account's administrator on its sub-account (allowed),
// by a sub-account's administrator on its parent and on its sibling (refused: 404, or nothing of theirs in an
// answer about the caller's own subtree), by a member without the permission (403) and without a token (401).
// Refused calls change nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { tenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { hierarchyEndpointsByName } from './hierarchy';

type Name = keyof typeof hierarchyEndpointsByName;
interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

/** The call of each endpoint about the account `target`. */
const calls: Record<Name, (target: string) => Call> = {
  getSubTenants: () => ({}),
  getSubTenantsAsTree: () => ({}),
  getParentTenants: () => ({}),
  getParentTenantsById: (target) => ({ params: { tenantId: target } }),
  getTenantsUsersCount: (target) => ({ body: { tenantIds: [target] } }),
  searchSubTenants: (target) => ({ query: `_subTenantId=${encodeURIComponent(target)}` }),
  getHierarchyMetadata: (target) => ({ query: `_tenantIds=${encodeURIComponent(target)}` }),
  createSubTenant: (target) => ({ body: { name: 'Matrix child', parentTenantId: target } }),
  updateSubTenant: (target) => ({ params: { tenantId: target }, body: { name: 'Matrix renamed' } }),
  updateSubTenantManagement: (target) => ({ params: { tenantId: target }, body: { tenantType: 'spam' } }),
  updateSubTenantHierarchySettings: (target) => ({
    params: { tenantId: target },
    body: { subAccountAccessType: 'alwaysOn' },
  }),
  deleteSubTenant: (target) => ({ params: { tenantId: target } }),
};

/** Endpoints about the caller's own account whose answer names its ancestors by design (its parents). */
const answersAncestors = new Set<Name>(['getParentTenants']);

const MARK = 'marker-account-id';
/** Does the endpoint's call name an account (else it answers about the caller's own subtree)? */
const namesAccount = (name: Name) => JSON.stringify(calls[name](MARK)).includes(MARK);

describe('hierarchy authorization matrix: parent → child allowed, child → parent and sibling → sibling refused', () => {
  let t: TestServer;
  let h: ReturnType<typeof fixtures>;
  let acme: string;
  let europe: string;
  let labs: string;
  let parentAdmin: string;
  let childAdmin: string;
  let noPermission: string;
  before(async () => {
    t = await testServer();
    h = fixtures(t);
    acme = await h.tenantId('Acme');
    europe = await h.tenantId('Acme Europe');
    labs = await h.tenantId('Acme Labs');
    parentAdmin = (await h.signIn()).token;
    // An Admin member of Acme Europe only.
    childAdmin = await (await h.createUser({ tenants: [{ id: europe, roles: ['Admin'] }] })).tokenIn();
    noPermission = await (await h.createUser({ tenants: [{ id: acme, roles: [] }] })).tokenIn();
  });
  after(() => t.close());

  const send = (name: Name, target: string, token?: string) => {
    const entry = hierarchyEndpointsByName[name];
    const call = calls[name](target);
    const path = entry.path.replace(/\{(\w+)\}/g, (_, p: string) =>
      encodeURIComponent(call.params?.[p] ?? ''),
    );
    return h.request(entry.method, call.query ? `${path}?${call.query}` : path, token, call.body);
  };
  const entries = () => Object.keys(hierarchyEndpointsByName) as Name[];
  const snapshot = async () =>
    JSON.stringify(
      await h.db
        .select()
        .from(tenants)
        .where(inArray(tenants.id, [acme, europe, labs])),
    ) + JSON.stringify(await h.db.select().from(tenants).where(eq(tenants.name, 'Matrix child')));

  it('[TENANTS-013] [TENANTS-027] every endpoint of the table has a call', () => {
    assert.equal(entries().length, 12);
    for (const name of entries()) assert.equal(typeof calls[name], 'function', name);
  });

  it('[TENANTS-013] a parent account administrator acts on its sub-account (2xx) on every endpoint', async () => {
    for (const name of entries()) {
      // A fresh sub-account of Acme per call (one of them is deleted).
      const target = await h.newTenant(`Matrix target ${name}`, acme);
      const res = await send(name, target, parentAdmin);
      const text = await res.text();
      assert.ok(res.status >= 200 && res.status < 300, `${name}: ${res.status} ${text}`);
      if (namesAccount(name)) continue;
      // Answers about the caller's own subtree include the new sub-account (the parents' answer excepted).
      if (!answersAncestors.has(name)) assert.ok(text.includes(target), `${name} lists it`);
    }
  });

  for (const [scope, pick] of [
    ['child → parent', () => acme],
    ['sibling → sibling', () => labs],
  ] as const)
    it(`[TENANTS-013] ${scope}: refused on every endpoint (404 Sub-account not found, or nothing of it in the answer); nothing changes`, async () => {
      const target = pick();
      const before = await snapshot();
      for (const name of entries()) {
        const res = await send(name, target, childAdmin);
        const text = await res.text();
        if (namesAccount(name)) {
          assert.equal(res.status, 404, `${name}: ${res.status} ${text}`);
          assert.equal((JSON.parse(text) as { errorCode: string }).errorCode, 'ER-8001', name);
        } else {
          assert.equal(res.status, 200, `${name}: ${res.status} ${text}`);
          // The sibling never shows; the parent only in the parents' answer.
          if (target === labs || !answersAncestors.has(name))
            assert.ok(!text.includes(target), `${name}: ${text}`);
          assert.ok(!text.includes(labs), `${name} names the sibling: ${text}`);
        }
      }
      assert.equal(await snapshot(), before, 'no account changed');
    });

  it('[TENANTS-013] without the permission: 403 on every endpoint; without a token: 401', async () => {
    const target = await h.newTenant('Matrix untouchable', acme);
    for (const name of entries()) {
      assert.equal((await send(name, target, noPermission)).status, 403, `${name} without permission`);
      assert.equal((await send(name, target)).status, 401, `${name} without a token`);
      assert.equal((await send(name, target, 'not.a.jwt')).status, 401, `${name} with a bad token`);
    }
    const [still] = await h.db.select().from(tenants).where(eq(tenants.id, target));
    assert.equal(still!.name, 'Matrix untouchable');
    assert.equal(still!.deletedAt, null);
  });

  it('[TENANTS-014] a delegated token of the parent administrator for the child acts there, and is refused on the sibling', async () => {
    const res = await h.request('POST', paths.users.GetUserJwt.path, parentAdmin, { tenantId: europe });
    const { accessToken } = await h.json<{ accessToken: string }>(res);
    for (const name of entries()) {
      if (!namesAccount(name)) continue;
      const sibling = await send(name, labs, accessToken);
      assert.equal(sibling.status, 404, `${name} on the sibling`);
      const own = await h.newTenant(`Matrix grandchild ${name}`, europe);
      const allowed = await send(name, own, accessToken);
      assert.ok(
        allowed.status < 300,
        `${name} in Europe's subtree: ${allowed.status} ${await allowed.text()}`,
      );
    }
  });
});
