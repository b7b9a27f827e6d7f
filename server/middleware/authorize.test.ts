import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { groupRoles, groups, groupUsers, roles, tenants, userRoles, users, userTenants } from '../db/schema';
import { tenantPermissions } from './authorize';
import { testServer } from '../testing';
import { loadUserView } from '../users';

describe('authorization: the permissions a user holds in a tenant', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  const tenantId = async (name: string) =>
    (await t.services.db.select().from(tenants).where(eq(tenants.name, name)))[0]!.id;
  const builtIn = async (key: string) =>
    (
      await t.services.db
        .select()
        .from(roles)
        .where(and(eq(roles.key, key), isNull(roles.tenantId)))
    )[0]!.id;

  it('[ROLES-004] roles given directly and through a group of the same tenant count; a group of another tenant does not', async () => {
    const { db, vendorId } = t.services;
    const [acme, europe] = [await tenantId('Acme'), await tenantId('Acme Europe')];
    const id = randomUUID();
    await db.insert(users).values({ id, vendorId, email: `${id}@acme.test`, name: 'Member', verified: true });
    await db.insert(userTenants).values([
      { userId: id, tenantId: acme },
      { userId: id, tenantId: europe },
    ]);
    await db.insert(userRoles).values({ userId: id, tenantId: acme, roleId: await builtIn('Viewer') });
    const groupId = randomUUID();
    await db.insert(groups).values({ id: groupId, tenantId: acme, name: `g-${id}` });
    await db.insert(groupRoles).values({ groupId, roleId: await builtIn('Editor') });
    await db.insert(groupUsers).values({ groupId, userId: id });

    const inAcme = await tenantPermissions(db, id, acme);
    assert.ok(inAcme?.includes('fe.secure.read.roles'), 'the direct Viewer role counts');
    assert.ok(
      inAcme?.includes('fe.secure.write.users'),
      "the group's Editor role counts in the group's tenant",
    );
    assert.deepEqual(
      await tenantPermissions(db, id, europe),
      [],
      'nothing in a tenant where the user has no role',
    );

    // The user view (users v2 me: the page's navigation) shows the same permissions the server enforces.
    const view = await loadUserView(db, id, acme);
    assert.ok(
      view?.permissions.some((p) => p.key === 'fe.secure.write.users'),
      'group permissions in me',
    );
    assert.deepEqual((await loadUserView(db, id, europe))?.permissions, []);

    await db.update(userTenants).set({ disabled: true }).where(eq(userTenants.userId, id));
    assert.equal(await tenantPermissions(db, id, acme), null, 'a disabled member holds nothing');
    assert.equal(await tenantPermissions(db, randomUUID(), acme), null, 'a non-member holds nothing');
  });
});
