import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { permissions, rolePermissions, roles, userRoles } from '../db/schema';
import { assignmentType } from '../../shared/api/contracts/roles';
import { rolesEndpoints } from './roles';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface RoleJson {
  id: string;
  key: string;
  name: string;
  description: string;
  isDefault: boolean;
  permissions: string[];
  tenantId: string | null;
  vendorId: string;
  createdAt: string;
  updatedAt: string;
}
interface PermissionJson {
  id: string;
  key: string;
  categoryId: string;
  roleIds: string[];
  assignmentType: string;
}

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

/** The shared fixtures (signed requests, members with roles, audits), and permission ids by key. */
function helpers(t: TestServer) {
  const f = fixtures(t);
  const permissionId = async (key: string) =>
    (await f.db.select().from(permissions).where(eq(permissions.key, key)))[0]!.id;
  return { ...f, permissionId };
}

describe('roles, permissions and categories', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let admin: Awaited<ReturnType<ReturnType<typeof helpers>['member']>>;
  let europeAdmin: typeof admin;
  before(async () => {
    t = await testServer();
    h = helpers(t);
    admin = await h.member(['Admin']);
    europeAdmin = await h.member(['Admin'], 'Acme Europe');
  });
  after(() => t.close());

  const createRole = async (token: string, body: Json, path: string = paths.roles.addRole.path) => {
    const res = await h.request('POST', path, token, body);
    assert.equal(res.status, 201, JSON.stringify(body));
    return (await res.json()) as RoleJson;
  };
  const getRoles = async (token: string) =>
    (await (await h.request('GET', paths.roles.getRoles.path, token)).json()) as RoleJson[];

  it('every route of the table is mounted and refuses a call without a valid token (401)', async () => {
    assert.equal(rolesEndpoints.length, 9);
    for (const { method, path } of rolesEndpoints) {
      const body = method === 'GET' ? undefined : {};
      assert.equal((await h.request(method, at(path), undefined, body)).status, 401, `${method} ${path}`);
      assert.equal((await h.request(method, at(path), 'not.a.jwt', body)).status, 401, `${method} ${path}`);
    }
  });

  it('answers 403 without the permission the table names, and lets a holder through', async () => {
    // Support holds none of the roles permissions; Viewer and Editor read roles but do not write them.
    const support = await h.member(['Support']);
    const viewer = await h.member(['Viewer']);
    const editor = await h.member(['Editor']);
    const mine = await createRole(admin.token, { name: `Temp ${randomUUID().slice(0, 6)}` });
    const { id: permissionId } = (
      (await (
        await h.request('GET', paths.roles.getPermissions.path, admin.token)
      ).json()) as PermissionJson[]
    )[0]!;
    const params = { roleId: mine.id, permissionId };
    for (const { method, path, permission } of rolesEndpoints) {
      const body = method === 'GET' ? undefined : method === 'DELETE' ? undefined : {};
      const url = at(path, params);
      assert.equal((await h.request(method, url, support.token, body)).status, 403, `${method} ${path}`);
      if (permission === 'fe.secure.read.roles') {
        assert.equal((await h.request(method, url, viewer.token)).status, 200, `${method} ${path}`);
      } else {
        assert.equal((await h.request(method, url, viewer.token, body)).status, 403, `${method} ${path}`);
        assert.equal((await h.request(method, url, editor.token, body)).status, 403, `${method} ${path}`);
      }
    }
    // Nothing was changed by the refused calls.
    assert.ok((await getRoles(admin.token)).some((r) => r.id === mine.id && r.name === mine.name));
  });

  it('[ROLES-001] a role carries id, key, name, description, isDefault, permissions, tenantId, vendorId, createdAt, updatedAt', async () => {
    const list = await getRoles(admin.token);
    assert.ok(list.length >= 5);
    for (const role of list) {
      assert.deepEqual(Object.keys(role).sort(), [
        'createdAt',
        'description',
        'id',
        'isDefault',
        'key',
        'name',
        'permissions',
        'tenantId',
        'updatedAt',
        'vendorId',
      ]);
      assert.equal(role.vendorId, t.services.vendorId);
      assert.ok(Array.isArray(role.permissions));
      assert.ok(!Number.isNaN(Date.parse(role.createdAt)) && !Number.isNaN(Date.parse(role.updatedAt)));
    }
  });

  it('[ROLES-005] the sample roles ReadOnly, Admin, Support, Editor and Viewer are the vendor roles (tenantId null)', async () => {
    const builtIn = (await getRoles(admin.token)).filter((r) => r.tenantId === null);
    assert.deepEqual(builtIn.map((r) => r.key).sort(), ['Admin', 'Editor', 'ReadOnly', 'Support', 'Viewer']);
    // Another tenant sees the same vendor roles.
    const europe = (await getRoles(europeAdmin.token)).filter((r) => r.tenantId === null);
    assert.deepEqual(europe.map((r) => r.id).sort(), builtIn.map((r) => r.id).sort());
  });

  it('[ROLES-004] roles are named sets of permissions; isDefault marks the built-in default role, which a tenant cannot change', async () => {
    const list = await getRoles(admin.token);
    const all = (await (
      await h.request('GET', paths.roles.getPermissions.path, admin.token)
    ).json()) as PermissionJson[];
    const byKey = (key: string) => list.find((r) => r.key === key)!;
    assert.deepEqual(
      list.filter((r) => r.isDefault).map((r) => r.key),
      ['ReadOnly'],
    );
    assert.deepEqual([...byKey('Admin').permissions].sort(), all.map((p) => p.id).sort());
    const viewerKeys = all.filter((p) => byKey('Viewer').permissions.includes(p.id)).map((p) => p.key);
    assert.deepEqual(viewerKeys.sort(), [
      'fe.secure.read.accountSettings',
      'fe.secure.read.groups',
      'fe.secure.read.roles',
      'fe.secure.read.users',
    ]);

    // Built-in roles: visible, so a change is refused with 403 (not hidden behind a 404).
    const readOnly = byKey('ReadOnly');
    const patch = await h.request(
      'PATCH',
      at(paths.roles.updateRole.path, { roleId: readOnly.id }),
      admin.token,
      {
        name: 'Renamed',
      },
    );
    assert.equal(patch.status, 403);
    assert.match(((await patch.json()) as { errors: string[] }).errors[0]!, /Built-in roles/);
    const del = await h.request(
      'DELETE',
      at(paths.roles.deleteRole.path, { roleId: readOnly.id }),
      admin.token,
    );
    assert.equal(del.status, 403);
    const attach = await h.request(
      'PUT',
      at(paths.roles.attachPermissionsToRole.path, { roleId: readOnly.id }),
      admin.token,
      { permissionIds: [] },
    );
    assert.equal(attach.status, 403);
    const after = (await getRoles(admin.token)).find((r) => r.id === readOnly.id)!;
    assert.equal(after.name, 'ReadOnly');
    assert.deepEqual(after.permissions.sort(), readOnly.permissions.sort());

    // A tenant role is never a default role.
    const res = await h.request('POST', paths.roles.addRole.path, admin.token, {
      name: 'Def',
      isDefault: true,
    });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { errors: string[] }).errors.join(), /cannot be a default role/);
  });

  it('[ROLES-002] [ENUM-033] a permission carries id, key, name, description, categoryId, fePermission, assignmentType (NEVER, ALWAYS or ASSIGNABLE), roleIds, dates', async () => {
    const list = (await (
      await h.request('GET', paths.roles.getPermissions.path, admin.token)
    ).json()) as (PermissionJson & Json)[];
    const roleList = await getRoles(admin.token);
    assert.ok(list.length > 10);
    for (const p of list) {
      assert.deepEqual(Object.keys(p).sort(), [
        'assignmentType',
        'categoryId',
        'createdAt',
        'description',
        'fePermission',
        'id',
        'key',
        'name',
        'roleIds',
        'updatedAt',
      ]);
      assert.deepEqual(assignmentType.options, ['NEVER', 'ALWAYS', 'ASSIGNABLE']);
      assert.ok(assignmentType.safeParse(p.assignmentType).success, p.assignmentType);
      // roleIds are exactly the visible roles whose permissions hold this one.
      const holders = roleList.filter((r) => r.permissions.includes(p.id)).map((r) => r.id);
      assert.deepEqual([...p.roleIds].sort(), holders.sort());
    }
  });

  it('[ROLES-003] a permission category carries id, name, description, permissionIds, feCategory, dates', async () => {
    const categories = (await (
      await h.request('GET', paths.roles.getPermissionCategories.path, admin.token)
    ).json()) as { id: string; permissionIds: string[] }[];
    const list = (await (
      await h.request('GET', paths.roles.getPermissions.path, admin.token)
    ).json()) as PermissionJson[];
    assert.ok(categories.length >= 5);
    for (const c of categories) {
      assert.deepEqual(Object.keys(c).sort(), [
        'createdAt',
        'description',
        'feCategory',
        'id',
        'name',
        'permissionIds',
        'updatedAt',
      ]);
      const members = list.filter((p) => p.categoryId === c.id).map((p) => p.id);
      assert.deepEqual([...c.permissionIds].sort(), members.sort());
    }
    // Every permission is in exactly one category.
    assert.equal(
      categories.reduce((n, c) => n + c.permissionIds.length, 0),
      list.length,
    );
  });

  it('[ROLES-006] permission keys use the fe. namespace, and a wildcard key grants what it covers', async () => {
    const list = (await (
      await h.request('GET', paths.roles.getPermissions.path, admin.token)
    ).json()) as PermissionJson[];
    assert.ok(list.every((p) => p.key.startsWith('fe.')));

    // A tenant role holding only fe.secure.read.* reads roles but cannot write them.
    const wildcardId = randomUUID();
    await h.db.insert(permissions).values({ id: wildcardId, key: 'fe.secure.read.*', name: 'Read all' });
    const role = await createRole(admin.token, { name: 'Reader', permissionIds: [wildcardId] });
    const reader = await h.member([role.id]);
    assert.equal((await h.request('GET', paths.roles.getRoles.path, reader.token)).status, 200);
    assert.equal((await h.request('GET', paths.roles.getPermissions.path, reader.token)).status, 200);
    assert.equal(
      (await h.request('POST', paths.roles.addRole.path, reader.token, { name: 'Nope' })).status,
      403,
    );
  });

  it('creates a tenant role with POST roles v1 and v2: the tenant of the token, permissions by id, an audit row', async () => {
    const read = await h.permissionId('fe.secure.read.users');
    const write = await h.permissionId('fe.secure.write.users');
    const v1 = await createRole(admin.token, {
      name: 'Auditor',
      description: ' Reads users ',
      permissionIds: [read],
      tenantId: europeAdmin.tenantId,
    });
    assert.equal(v1.key, 'Auditor');
    assert.equal(v1.description, 'Reads users');
    assert.equal(v1.tenantId, admin.tenantId, 'a tenantId in the body is ignored');
    assert.equal(v1.isDefault, false);
    assert.deepEqual(v1.permissions, [read]);
    const v2 = await createRole(
      admin.token,
      { key: 'user-admin', name: 'User admin', permissionIds: [read, write], level: 1 },
      paths.roles.addRoleV2.path,
    );
    assert.deepEqual(v2.permissions.sort(), [read, write].sort());

    const mine = await getRoles(admin.token);
    assert.ok(mine.some((r) => r.id === v1.id) && mine.some((r) => r.id === v2.id));
    const theirs = await getRoles(europeAdmin.token);
    assert.ok(!theirs.some((r) => r.id === v1.id || r.id === v2.id), 'another tenant never sees them');

    const rows = await h.auditsFor('Role created');
    const row = rows.find((a) => (a.json as Json).roleId === v1.id);
    assert.equal(row?.userId, admin.id);
    assert.equal(row?.tenantId, admin.tenantId);
  });

  it('refuses bad role bodies with 400 and a clear message, a duplicate key with 409, an unknown permission with 404', async () => {
    const cases: [Json | string, RegExp][] = [
      [{}, /name/],
      [{ name: '   ' }, /name must not be empty/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ name: 'Ok', permissionIds: 'all' }, /permissionIds/],
      ['not json', /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await t.app.request(paths.roles.addRole.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(((await res.json()) as { errors: string[] }).errors.join(), message);
    }
    const dup = await h.request('POST', paths.roles.addRole.path, admin.token, { name: 'x', key: 'admin' });
    assert.equal(dup.status, 409, 'a key of a built-in role, whatever its case');
    const unknown = await h.request('POST', paths.roles.addRole.path, admin.token, {
      name: 'Ghost',
      permissionIds: ['no-such-permission'],
    });
    assert.equal(unknown.status, 404);
    assert.ok(!(await getRoles(admin.token)).some((r) => r.name === 'Ghost'), 'nothing was created');
  });

  it('updates a tenant role with PATCH: key, name, description and permissions; holders gain the permission at once', async () => {
    const role = await createRole(admin.token, { name: 'Grows' });
    const holder = await h.member([role.id]);
    assert.equal((await h.request('GET', paths.roles.getRoles.path, holder.token)).status, 403);
    const readRoles = await h.permissionId('fe.secure.read.roles');
    const res = await h.request('PATCH', at(paths.roles.updateRole.path, { roleId: role.id }), admin.token, {
      key: 'grown',
      name: 'Grown',
      description: 'Now reads roles',
      permissionIds: [readRoles],
    });
    assert.equal(res.status, 200);
    const updated = (await res.json()) as RoleJson;
    assert.equal(updated.key, 'grown');
    assert.equal(updated.name, 'Grown');
    assert.deepEqual(updated.permissions, [readRoles]);
    assert.ok(Date.parse(updated.updatedAt) >= Date.parse(role.updatedAt));
    // The same access token: permissions are read from the database on every call.
    assert.equal((await h.request('GET', paths.roles.getRoles.path, holder.token)).status, 200);
    assert.ok((await h.auditsFor('Role updated')).some((a) => (a.json as Json).roleId === role.id));
  });

  it('sets the permissions of a role with PUT roles/{roleId}/permissions', async () => {
    const [a, b, c] = await Promise.all(
      ['fe.secure.read.users', 'fe.secure.read.groups', 'fe.secure.read.audits'].map((k) =>
        h.permissionId(k),
      ),
    );
    const role = await createRole(admin.token, { name: 'Swap', permissionIds: [a!, b!] });
    const res = await h.request(
      'PUT',
      at(paths.roles.attachPermissionsToRole.path, { roleId: role.id }),
      admin.token,
      { permissionIds: [b, c] },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as RoleJson).permissions.sort(), [b, c].sort());
    const stored = await h.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    assert.deepEqual(stored.map((r) => r.permissionId).sort(), [b, c].sort());
    const audit = (await h.auditsFor('Role permissions updated')).find(
      (x) => (x.json as Json).roleId === role.id,
    );
    assert.deepEqual((audit?.json as Json).added, [c]);
    assert.deepEqual((audit?.json as Json).removed, [a]);
    const bad = await h.request(
      'PUT',
      at(paths.roles.attachPermissionsToRole.path, { roleId: role.id }),
      admin.token,
      { permissionIds: [1] },
    );
    assert.equal(bad.status, 400);
  });

  it('puts one permission on exactly the listed roles with PUT permissions/{permissionId}/roles; built-in roles keep theirs', async () => {
    const key = 'fe.secure.read.audits';
    const permissionId = await h.permissionId(key);
    const one = await createRole(admin.token, { name: 'One' });
    const two = await createRole(admin.token, { name: 'Two', permissionIds: [permissionId] });
    const url = at(paths.roles.attachPermissionToRoles.path, { permissionId });
    const before = (await getRoles(admin.token)).filter((r) => r.permissions.includes(permissionId));
    const builtInHolders = before.filter((r) => r.tenantId === null).map((r) => r.id);

    // The page sends back every role that should hold it, the built-in holders included.
    const res = await h.request('PUT', url, admin.token, { roleIds: [...builtInHolders, one.id] });
    assert.equal(res.status, 200);
    const view = (await res.json()) as PermissionJson;
    assert.equal(view.key, key);
    assert.deepEqual([...view.roleIds].sort(), [...builtInHolders, one.id].sort());
    const now = await getRoles(admin.token);
    assert.ok(now.find((r) => r.id === one.id)!.permissions.includes(permissionId));
    assert.ok(!now.find((r) => r.id === two.id)!.permissions.includes(permissionId));

    // Leaving a built-in holder out (or adding one) would change a built-in role.
    const strip = await h.request('PUT', url, admin.token, { roleIds: [one.id] });
    assert.equal(strip.status, 403);
    const viewerRole = await h.builtInRole('Viewer');
    const grant = await h.request('PUT', url, admin.token, { roleIds: [...builtInHolders, viewerRole.id] });
    assert.equal(grant.status, 403);
    const after = await getRoles(admin.token);
    assert.deepEqual(
      after
        .filter((r) => r.permissions.includes(permissionId))
        .map((r) => r.id)
        .sort(),
      [...builtInHolders, one.id].sort(),
    );
    assert.equal(
      (
        await h.request(
          'PUT',
          at(paths.roles.attachPermissionToRoles.path, { permissionId: 'nope' }),
          admin.token,
          { roleIds: [] },
        )
      ).status,
      404,
    );
    assert.ok(
      (await h.auditsFor('Permission roles updated')).some(
        (a) => (a.json as Json).permissionId === permissionId,
      ),
    );
  });

  it('deletes a tenant role: its holders lose it, an audit row is written', async () => {
    const readRoles = await h.permissionId('fe.secure.read.roles');
    const role = await createRole(admin.token, { name: 'Doomed', permissionIds: [readRoles] });
    const holder = await h.member([role.id]);
    assert.equal((await h.request('GET', paths.roles.getRoles.path, holder.token)).status, 200);
    const res = await h.request('DELETE', at(paths.roles.deleteRole.path, { roleId: role.id }), admin.token);
    assert.equal(res.status, 200);
    assert.ok(!(await getRoles(admin.token)).some((r) => r.id === role.id));
    assert.equal((await h.request('GET', paths.roles.getRoles.path, holder.token)).status, 403);
    assert.equal((await h.db.select().from(userRoles).where(eq(userRoles.roleId, role.id))).length, 0);
    assert.ok((await h.auditsFor('Role deleted')).some((a) => (a.json as Json).roleId === role.id));
    assert.equal(
      (await h.request('DELETE', at(paths.roles.deleteRole.path, { roleId: role.id }), admin.token)).status,
      404,
    );
  });

  it("another tenant's role is a 404 to every call, exactly like an unknown id, and is never changed", async () => {
    const theirs = await createRole(europeAdmin.token, { name: 'Europe only' });
    const permissionId = await h.permissionId('fe.secure.read.users');
    for (const roleId of [theirs.id, randomUUID()]) {
      const calls: [string, string, unknown][] = [
        ['PATCH', at(paths.roles.updateRole.path, { roleId }), { name: 'Hijacked' }],
        ['DELETE', at(paths.roles.deleteRole.path, { roleId }), undefined],
        ['PUT', at(paths.roles.attachPermissionsToRole.path, { roleId }), { permissionIds: [permissionId] }],
        ['PUT', at(paths.roles.attachPermissionToRoles.path, { permissionId }), { roleIds: [roleId] }],
      ];
      for (const [method, url, body] of calls) {
        const res = await h.request(method, url, admin.token, body);
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.deepEqual(await res.json(), { errors: ['Role not found'], errorCode: 'ER-5004' });
      }
    }
    const [row] = await h.db.select().from(roles).where(eq(roles.id, theirs.id));
    assert.equal(row?.name, 'Europe only');
    assert.equal(
      (await h.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, theirs.id))).length,
      0,
    );
  });

  it('no one puts a permission they do not hold on a role (403), even with fe.secure.write.roles', async () => {
    const keys = ['fe.secure.read.roles', 'fe.secure.write.roles', 'fe.secure.read.users'];
    const ids = await Promise.all(keys.map((k) => h.permissionId(k)));
    const roleAdmin = await createRole(admin.token, { name: 'Role admin', permissionIds: ids });
    const caller = await h.member([roleAdmin.id]);
    const deleteUsers = await h.permissionId('fe.secure.delete.users');
    const res = await h.request('POST', paths.roles.addRole.path, caller.token, {
      name: 'Escalated',
      permissionIds: [deleteUsers],
    });
    assert.equal(res.status, 403);
    assert.match(((await res.json()) as { errors: string[] }).errors[0]!, /fe\.secure\.delete\.users/);
    const own = await h.request(
      'PUT',
      at(paths.roles.attachPermissionsToRole.path, { roleId: roleAdmin.id }),
      caller.token,
      {
        permissionIds: [...ids, deleteUsers],
      },
    );
    assert.equal(own.status, 403);
    // What the caller holds may be granted.
    const ok = await h.request('POST', paths.roles.addRole.path, caller.token, {
      name: 'Reader2',
      permissionIds: [ids[2]],
    });
    assert.equal(ok.status, 201);
    assert.ok(!(await getRoles(admin.token)).some((r) => r.name === 'Escalated'));
  });
});
