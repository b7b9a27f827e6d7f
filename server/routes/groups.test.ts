import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { groupRelations } from '../../shared/api/contracts/groups';
import { paths } from '../../shared/api/paths';
import { groups, groupUsers, policies } from '../db/schema';
import { groupsEndpoints } from './groups';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface GroupJson {
  id: string;
  name: string;
  color: string;
  description: string;
  metadata: string;
  managedBy: string;
  roles?: { id: string; key: string; name: string }[];
  users?: { id: string; email: string; name: string }[];
}

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
const errorsOf = async (res: Response) => ((await res.json()) as { errors: string[] }).errors.join(' | ');

describe('groups', () => {
  let t: TestServer;
  let h: ReturnType<typeof fixtures>;
  let admin: Awaited<ReturnType<ReturnType<typeof fixtures>['member']>>;
  let europeAdmin: typeof admin;
  before(async () => {
    t = await testServer();
    h = fixtures(t);
    admin = await h.member(['Admin']);
    europeAdmin = await h.member(['Admin'], 'Acme Europe');
  });
  after(() => t.close());

  const create = async (token: string, body: Json) => {
    const res = await h.request('POST', paths.groups.createGroup.path, token, body);
    assert.equal(res.status, 201, `${JSON.stringify(body)}: ${res.status}`);
    return (await res.json()) as GroupJson;
  };
  const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;
  const groupUrl = (route: { path: string }, groupId: string) => at(route.path, { groupId });

  it('every route of the table is mounted and refuses a call without a valid token (401)', async () => {
    assert.equal(groupsEndpoints.length, 12);
    for (const { method, path } of groupsEndpoints) {
      const body = method === 'GET' ? undefined : {};
      assert.equal((await h.request(method, at(path), undefined, body)).status, 401, `${method} ${path}`);
      assert.equal((await h.request(method, at(path), 'not.a.jwt', body)).status, 401, `${method} ${path}`);
    }
  });

  it('answers 403 without the permission the table names (read, write, delete groups)', async () => {
    const none = await h.member([]); // a member holding no role at all
    const support = await h.member(['Support']); // reads groups only
    const editor = await h.member(['Editor']); // reads and writes groups, does not delete them
    const group = await create(admin.token, { name: unique('Perm') });
    for (const { method, path, permission } of groupsEndpoints) {
      const url = at(path, { groupId: group.id });
      const body = method === 'GET' ? undefined : {};
      assert.equal((await h.request(method, url, none.token, body)).status, 403, `${method} ${path}`);
      // Support reads groups (an empty bulkGet body is then a 400) and is refused every write.
      const s = (await h.request(method, url, support.token, body)).status;
      if (permission === 'fe.secure.read.groups')
        assert.ok([200, 400].includes(s), `${method} ${path}: ${s}`);
      else assert.equal(s, 403, `${method} ${path} as Support`);
      if (permission === 'fe.secure.delete.groups')
        assert.equal((await h.request(method, url, editor.token)).status, 403, `${method} ${path} as Editor`);
    }
    assert.equal(
      (await h.request('GET', groupUrl(paths.groups.getGroupById, group.id), admin.token)).status,
      200,
      'the group survived the refused calls',
    );
  });

  it('[GROUPS-001] a group carries id, name, color, description, users, roles, metadata, managedBy', async () => {
    const res = await h.request('GET', paths.groups.getGroups.path, admin.token);
    assert.equal(res.status, 200);
    const { groups: list } = (await res.json()) as { groups: (GroupJson & Json)[] };
    assert.ok(list.length >= 2);
    for (const g of list) {
      for (const field of ['id', 'name', 'color', 'description', 'users', 'roles', 'metadata', 'managedBy'])
        assert.ok(field in g, `${field} in ${g.name}`);
      assert.equal(typeof g.metadata, 'string');
      assert.equal(g.managedBy, 'frontegg');
      assert.ok(!('tenantId' in g));
      // Frontegg's IGroupUser and IRole (the roles calls' role, imported by the groups contract).
      for (const u of g.users!)
        assert.deepEqual(Object.keys(u).sort(), ['createdAt', 'email', 'id', 'name', 'profilePictureUrl']);
      for (const r of g.roles!)
        assert.deepEqual(Object.keys(r).sort(), [
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
    }
  });

  it("[GROUPS-002] groups carry roles and users, and a group's roles count for its members at once", async () => {
    const { groups: list } = (await (
      await h.request('GET', paths.groups.getGroups.path, admin.token)
    ).json()) as { groups: GroupJson[] };
    const engineering = list.find((g) => g.name === 'Engineering')!;
    assert.deepEqual(
      engineering.roles!.map((r) => r.key),
      ['Editor'],
    );
    assert.deepEqual(engineering.users!.map((u) => u.email).sort(), ['ada@acme.test', 'grace@acme.test']);
    const support = list.find((g) => g.name === 'Support desk')!;
    assert.deepEqual(
      support.users!.map((u) => u.email),
      ['margaret@acme.test'],
    );

    // A Viewer cannot write groups until a group hands it the Editor role, and loses it when removed.
    const viewer = await h.member(['Viewer']);
    const editors = await create(admin.token, {
      name: unique('Editors'),
      roleIds: [(await h.builtInRole('Editor')).id],
    });
    const patch = () =>
      h.request('PATCH', groupUrl(paths.groups.updateGroup, editors.id), viewer.token, {
        description: 'by viewer',
      });
    assert.equal((await patch()).status, 403);
    const add = await h.request('POST', groupUrl(paths.groups.addUsersToGroup, editors.id), admin.token, {
      userIds: [viewer.id],
    });
    assert.equal(add.status, 200);
    assert.equal((await patch()).status, 200);
    const remove = await h.request(
      'DELETE',
      groupUrl(paths.groups.deleteUsersFromGroup, editors.id),
      admin.token,
      {
        userIds: [viewer.id],
      },
    );
    assert.equal(remove.status, 200);
    assert.equal((await patch()).status, 403);
  });

  it('[GROUPS-003] the group configuration is read with GET and written with POST group configurations', async () => {
    const url = paths.groups.getGroupConfiguration.path;
    const initial = await h.request('GET', url, admin.token);
    assert.equal(initial.status, 200);
    assert.deepEqual(await initial.json(), { enabled: true, rolesEnabled: true });
    const saved = await h.request('POST', paths.groups.updateGroupConfiguration.path, admin.token, {
      rolesEnabled: false,
    });
    assert.equal(saved.status, 200);
    assert.deepEqual(await saved.json(), { enabled: true, rolesEnabled: false });
    assert.deepEqual(await (await h.request('GET', url, admin.token)).json(), {
      enabled: true,
      rolesEnabled: false,
    });
    // Another tenant keeps its own.
    assert.deepEqual(await (await h.request('GET', url, europeAdmin.token)).json(), {
      enabled: true,
      rolesEnabled: true,
    });
    const bad = await h.request('POST', paths.groups.updateGroupConfiguration.path, admin.token, {
      enabled: 'yes',
    });
    assert.equal(bad.status, 400);
    assert.match(await errorsOf(bad), /enabled/);
    const rows = await h.db.select().from(policies).where(eq(policies.kind, 'groups'));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tenantId, admin.tenantId);
    assert.equal((await h.auditsFor('Group configuration updated')).at(-1)?.userId, admin.id);
  });

  it('[GROUPS-004] a single group is fetched with GET groups/{groupId} with query options', async () => {
    const group = await create(admin.token, {
      name: unique('Single'),
      roleIds: [(await h.builtInRole('Viewer')).id],
      userIds: [admin.id],
    });
    const full = (await (
      await h.request('GET', groupUrl(paths.groups.getGroupById, group.id), admin.token)
    ).json()) as GroupJson;
    assert.equal(full.id, group.id);
    assert.equal(full.roles!.length, 1);
    assert.equal(full.users![0]!.id, admin.id);
    const rolesOnly = (await (
      await h.request(
        'GET',
        `${groupUrl(paths.groups.getGroupById, group.id)}?_groupsRelations=roles`,
        admin.token,
      )
    ).json()) as GroupJson;
    assert.equal(rolesOnly.roles!.length, 1);
    assert.ok(!('users' in rolesOnly));
    const usersOnly = (await (
      await h.request(
        'GET',
        `${groupUrl(paths.groups.getGroupById, group.id)}?_groupsRelations=users`,
        admin.token,
      )
    ).json()) as GroupJson;
    assert.ok(!('roles' in usersOnly) && usersOnly.users!.length === 1);
    const bad = await h.request(
      'GET',
      `${groupUrl(paths.groups.getGroupById, group.id)}?_groupsRelations=all`,
      admin.token,
    );
    assert.equal(bad.status, 400);
    assert.match(await errorsOf(bad), /_groupsRelations must be roles, users or rolesAndUsers/);
    assert.equal(
      (await h.request('GET', groupUrl(paths.groups.getGroupById, randomUUID()), admin.token)).status,
      404,
    );
  });

  it('[GROUPS-005] the group collection is fetched with GET with query options, only the tenant of the token', async () => {
    const theirs = await create(europeAdmin.token, { name: unique('Europe') });
    const res = await h.request('GET', `${paths.groups.getGroups.path}?_groupsRelations=users`, admin.token);
    assert.equal(res.status, 200);
    const { groups: list } = (await res.json()) as { groups: GroupJson[] };
    assert.ok(list.some((g) => g.name === 'Engineering'));
    assert.ok(!list.some((g) => g.id === theirs.id));
    assert.ok(list.every((g) => Array.isArray(g.users) && !('roles' in g)));
    const europe = (await (
      await h.request('GET', paths.groups.getGroups.path, europeAdmin.token)
    ).json()) as {
      groups: GroupJson[];
    };
    assert.deepEqual(
      europe.groups.map((g) => g.id),
      [theirs.id],
    );
  });

  it('[GROUPS-006] groups are fetched by ids with POST bulkGet (body groupsIds, query options); other ids are left out', async () => {
    const a = await create(admin.token, { name: unique('A') });
    const b = await create(admin.token, { name: unique('B') });
    const theirs = await create(europeAdmin.token, { name: unique('Theirs') });
    const res = await h.request(
      'POST',
      `${paths.groups.getGroupsByIds.path}?_groupsRelations=roles`,
      admin.token,
      {
        groupsIds: [a.id, b.id, theirs.id, randomUUID()],
      },
    );
    assert.equal(res.status, 200);
    const { groups: list } = (await res.json()) as { groups: GroupJson[] };
    assert.deepEqual(list.map((g) => g.id).sort(), [a.id, b.id].sort());
    assert.ok(list.every((g) => Array.isArray(g.roles) && !('users' in g)));
    const bad = await h.request('POST', paths.groups.getGroupsByIds.path, admin.token, {});
    assert.equal(bad.status, 400);
    assert.match(await errorsOf(bad), /groupsIds/);
  });

  it('[ENUM-037] group relations are roles, users, rolesAndUsers: each answers its relations, any other value is refused (400)', async () => {
    assert.deepEqual(groupRelations.options, ['roles', 'users', 'rolesAndUsers']);
    const group = await create(admin.token, { name: unique('Relations'), userIds: [admin.id] });
    const carries = { roles: [true, false], users: [false, true], rolesAndUsers: [true, true] } as const;
    for (const relation of groupRelations.options) {
      const urls: [string, string, Json?][] = [
        ['GET', `${paths.groups.getGroups.path}?_groupsRelations=${relation}`],
        ['GET', `${groupUrl(paths.groups.getGroupById, group.id)}?_groupsRelations=${relation}`],
        [
          'POST',
          `${paths.groups.getGroupsByIds.path}?_groupsRelations=${relation}`,
          { groupsIds: [group.id] },
        ],
      ];
      for (const [method, url, body] of urls) {
        const res = await h.request(method, url, admin.token, body);
        assert.equal(res.status, 200, url);
        const answer = (await res.json()) as GroupJson | { groups: GroupJson[] };
        const list = 'groups' in answer ? answer.groups : [answer];
        assert.ok(list.length > 0, url);
        for (const g of list)
          assert.deepEqual(['roles' in g, 'users' in g], [...carries[relation]], `${url}: ${g.name}`);
      }
    }
    for (const relation of ['all', 'ROLES', 'rolesandusers', 'roles,users']) {
      for (const [method, url, body] of [
        ['GET', `${paths.groups.getGroups.path}?_groupsRelations=${relation}`],
        ['GET', `${groupUrl(paths.groups.getGroupById, group.id)}?_groupsRelations=${relation}`],
        [
          'POST',
          `${paths.groups.getGroupsByIds.path}?_groupsRelations=${relation}`,
          { groupsIds: [group.id] },
        ],
      ] as [string, string, Json?][]) {
        const res = await h.request(method, url, admin.token, body);
        assert.equal(res.status, 400, url);
        assert.match(await errorsOf(res), /_groupsRelations must be roles, users or rolesAndUsers/);
      }
    }
  });

  it('[GROUPS-007] a group is created with POST: defaults, roles and members, an audit row; bad bodies are 400, a taken name 409', async () => {
    const viewerRole = await h.builtInRole('Viewer');
    const peer = await h.member(['Viewer']);
    const name = unique('Design');
    const group = await create(admin.token, {
      name: `  ${name} `,
      description: 'Designers',
      metadata: JSON.stringify({ floor: 3 }),
      roleIds: [viewerRole.id],
      userIds: [peer.id],
      tenantId: europeAdmin.tenantId,
    });
    assert.equal(group.name, name);
    assert.equal(group.color, '#5B8DEF');
    assert.equal(group.metadata, '{"floor":3}');
    assert.deepEqual(
      group.roles!.map((r) => r.id),
      [viewerRole.id],
    );
    assert.deepEqual(
      group.users!.map((u) => u.id),
      [peer.id],
    );
    const [row] = await h.db.select().from(groups).where(eq(groups.id, group.id));
    assert.equal(row?.tenantId, admin.tenantId, 'a tenantId in the body is ignored');
    const audit = (await h.auditsFor('Group created')).find((a) => (a.json as Json).groupId === group.id);
    assert.equal(audit?.userId, admin.id);

    const taken = await h.request('POST', paths.groups.createGroup.path, admin.token, {
      name: name.toUpperCase(),
    });
    assert.equal(taken.status, 409);
    assert.match(await errorsOf(taken), /already exists/);
    // The same name in another tenant is fine.
    await create(europeAdmin.token, { name });

    const cases: [Json, RegExp][] = [
      [{}, /name/],
      [{ name: '  ' }, /name must not be empty/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ name: 'C', color: 'red' }, /hex colour/],
      [{ name: 'M', metadata: 'not json' }, /JSON object/],
      [{ name: 'M', metadata: '[1]' }, /JSON object/],
      [{ name: 'R', roleIds: 'all' }, /roleIds/],
    ];
    for (const [body, message] of cases) {
      const res = await h.request('POST', paths.groups.createGroup.path, admin.token, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(await errorsOf(res), message);
    }
    const outsider = await h.member(['Viewer'], 'Acme Europe');
    const notMember = await h.request('POST', paths.groups.createGroup.path, admin.token, {
      name: unique('X'),
      userIds: [outsider.id],
    });
    assert.equal(notMember.status, 404);
    assert.equal(await errorsOf(notMember), 'User not found');
  });

  it('[GROUPS-008] a group is updated with PATCH {groupId}: name, color, description, metadata', async () => {
    const group = await create(admin.token, { name: unique('Old') });
    const name = unique('New');
    const res = await h.request('PATCH', groupUrl(paths.groups.updateGroup, group.id), admin.token, {
      name,
      color: '#ABC',
      description: 'Updated',
      metadata: { team: 'blue' },
    });
    assert.equal(res.status, 200);
    const updated = (await res.json()) as GroupJson;
    assert.equal(updated.name, name);
    assert.equal(updated.color, '#ABC');
    assert.equal(updated.description, 'Updated');
    assert.deepEqual(JSON.parse(updated.metadata), { team: 'blue' });
    const again = (await (
      await h.request('GET', groupUrl(paths.groups.getGroupById, group.id), admin.token)
    ).json()) as GroupJson;
    assert.equal(again.name, name);
    assert.ok((await h.auditsFor('Group updated')).some((a) => (a.json as Json).groupId === group.id));
    const clash = await h.request('PATCH', groupUrl(paths.groups.updateGroup, group.id), admin.token, {
      name: 'engineering',
    });
    assert.equal(clash.status, 409);
    const bad = await h.request('PATCH', groupUrl(paths.groups.updateGroup, group.id), admin.token, {
      color: 1,
    });
    assert.equal(bad.status, 400);
  });

  it('[GROUPS-009] a group is deleted with DELETE {id}: its members lose its roles, an audit row is written', async () => {
    const holder = await h.member([]);
    const group = await create(admin.token, {
      name: unique('Gone'),
      roleIds: [(await h.builtInRole('Viewer')).id],
      userIds: [holder.id],
    });
    assert.equal((await h.request('GET', paths.groups.getGroups.path, holder.token)).status, 200);
    const res = await h.request('DELETE', groupUrl(paths.groups.deleteGroup, group.id), admin.token);
    assert.equal(res.status, 200);
    assert.equal(
      (await h.request('GET', groupUrl(paths.groups.getGroupById, group.id), admin.token)).status,
      404,
    );
    assert.equal((await h.db.select().from(groupUsers).where(eq(groupUsers.groupId, group.id))).length, 0);
    assert.equal((await h.request('GET', paths.groups.getGroups.path, holder.token)).status, 403);
    assert.ok((await h.auditsFor('Group deleted')).some((a) => (a.json as Json).groupId === group.id));
  });

  it("[GROUPS-010] roles are added to a group with POST {id}/roles (built-in or the tenant's own)", async () => {
    const group = await create(admin.token, { name: unique('Roles') });
    const viewerRole = await h.builtInRole('Viewer');
    const own = (await (
      await h.request('POST', paths.roles.addRole.path, admin.token, { name: unique('Own') })
    ).json()) as { id: string };
    const res = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, group.id), admin.token, {
      roleIds: [viewerRole.id, own.id, viewerRole.id],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      ((await res.json()) as GroupJson).roles!.map((r) => r.id).sort(),
      [viewerRole.id, own.id].sort(),
    );
    // Adding again changes nothing.
    const again = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, group.id), admin.token, {
      roleIds: [viewerRole.id],
    });
    assert.equal(((await again.json()) as GroupJson).roles!.length, 2);
    const audit = (await h.auditsFor('Roles added to group')).filter(
      (a) => (a.json as Json).groupId === group.id,
    );
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.userId, admin.id);
    const empty = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, group.id), admin.token, {
      roleIds: [],
    });
    assert.equal(empty.status, 400);
    assert.match(await errorsOf(empty), /roleIds must name at least one id/);
  });

  it('[GROUPS-011] roles are removed from a group with DELETE {id}/roles', async () => {
    const viewerRole = await h.builtInRole('Viewer');
    const readOnly = await h.builtInRole('ReadOnly');
    const group = await create(admin.token, { name: unique('Less'), roleIds: [viewerRole.id, readOnly.id] });
    const res = await h.request(
      'DELETE',
      groupUrl(paths.groups.deleteRolesFromGroup, group.id),
      admin.token,
      {
        roleIds: [readOnly.id],
      },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      ((await res.json()) as GroupJson).roles!.map((r) => r.id),
      [viewerRole.id],
    );
    assert.ok(
      (await h.auditsFor('Roles removed from group')).some((a) => (a.json as Json).groupId === group.id),
    );
  });

  it('[GROUPS-012] users are added to a group with POST {id}/users, members of the tenant only', async () => {
    const group = await create(admin.token, { name: unique('People') });
    const a = await h.member(['Viewer']);
    const b = await h.member(['Support']);
    const res = await h.request('POST', groupUrl(paths.groups.addUsersToGroup, group.id), admin.token, {
      userIds: [a.id, b.id],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as GroupJson).users!.map((u) => u.id).sort(), [a.id, b.id].sort());
    assert.ok((await h.auditsFor('Users added to group')).some((x) => (x.json as Json).groupId === group.id));

    const outsider = await h.member(['Admin'], 'Acme Europe');
    for (const userId of [outsider.id, randomUUID()]) {
      const refused = await h.request('POST', groupUrl(paths.groups.addUsersToGroup, group.id), admin.token, {
        userIds: [userId],
      });
      assert.equal(refused.status, 404);
      assert.equal(await errorsOf(refused), 'User not found');
    }
    assert.equal((await h.db.select().from(groupUsers).where(eq(groupUsers.groupId, group.id))).length, 2);
    const bad = await h.request('POST', groupUrl(paths.groups.addUsersToGroup, group.id), admin.token, {
      userIds: [1],
    });
    assert.equal(bad.status, 400);
  });

  it('[GROUPS-013] users are removed from a group with DELETE {id}/users', async () => {
    const a = await h.member(['Viewer']);
    const b = await h.member(['Viewer']);
    const group = await create(admin.token, { name: unique('Fewer'), userIds: [a.id, b.id] });
    const res = await h.request(
      'DELETE',
      groupUrl(paths.groups.deleteUsersFromGroup, group.id),
      admin.token,
      {
        userIds: [a.id],
      },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      ((await res.json()) as GroupJson).users!.map((u) => u.id),
      [b.id],
    );
    assert.ok(
      (await h.auditsFor('Users removed from group')).some((x) => (x.json as Json).groupId === group.id),
    );
  });

  it("another tenant's group, role or user id is a 404 to every call, exactly like an unknown id, and nothing changes", async () => {
    const theirs = await create(europeAdmin.token, { name: unique('Private'), userIds: [europeAdmin.id] });
    const viewerRole = await h.builtInRole('Viewer');
    for (const groupId of [theirs.id, randomUUID()]) {
      const calls: [string, string, unknown][] = [
        ['GET', groupUrl(paths.groups.getGroupById, groupId), undefined],
        ['PATCH', groupUrl(paths.groups.updateGroup, groupId), { name: 'Hijacked' }],
        ['DELETE', groupUrl(paths.groups.deleteGroup, groupId), undefined],
        ['POST', groupUrl(paths.groups.addRolesToGroup, groupId), { roleIds: [viewerRole.id] }],
        ['DELETE', groupUrl(paths.groups.deleteRolesFromGroup, groupId), { roleIds: [viewerRole.id] }],
        ['POST', groupUrl(paths.groups.addUsersToGroup, groupId), { userIds: [admin.id] }],
        ['DELETE', groupUrl(paths.groups.deleteUsersFromGroup, groupId), { userIds: [europeAdmin.id] }],
      ];
      for (const [method, url, body] of calls) {
        const res = await h.request(method, url, admin.token, body);
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.equal(await errorsOf(res), 'Group not found');
      }
    }
    const [row] = await h.db.select().from(groups).where(eq(groups.id, theirs.id));
    assert.equal(row?.name, theirs.name);
    assert.equal((await h.db.select().from(groupUsers).where(eq(groupUsers.groupId, theirs.id))).length, 1);

    // Another tenant's role on one of our groups.
    const theirRole = (await (
      await h.request('POST', paths.roles.addRole.path, europeAdmin.token, { name: unique('Theirs') })
    ).json()) as { id: string };
    const ours = await create(admin.token, { name: unique('Ours') });
    const res = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, ours.id), admin.token, {
      roleIds: [theirRole.id],
    });
    assert.equal(res.status, 404);
    assert.equal(await errorsOf(res), 'Role not found');
  });

  it('no one grants through a group a permission they do not hold (403): roles added, or members of a group with more', async () => {
    const editor = await h.member(['Editor']);
    const adminRole = await h.builtInRole('Admin');
    const viewerRole = await h.builtInRole('Viewer');
    const group = await create(editor.token, { name: unique('By editor') });
    const escalate = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, group.id), editor.token, {
      roleIds: [adminRole.id],
    });
    assert.equal(escalate.status, 403);
    assert.match(await errorsOf(escalate), /do not hold/);
    const viaCreate = await h.request('POST', paths.groups.createGroup.path, editor.token, {
      name: unique('Admins'),
      roleIds: [adminRole.id],
      userIds: [editor.id],
    });
    assert.equal(viaCreate.status, 403);
    // What the editor holds may be granted.
    const fine = await h.request('POST', groupUrl(paths.groups.addRolesToGroup, group.id), editor.token, {
      roleIds: [viewerRole.id],
    });
    assert.equal(fine.status, 200);
    // Joining a group whose roles carry more than the editor holds (the Support desk reads audits).
    const { groups: list } = (await (
      await h.request('GET', paths.groups.getGroups.path, admin.token)
    ).json()) as { groups: GroupJson[] };
    const desk = list.find((g) => g.name === 'Support desk')!;
    const join = await h.request('POST', groupUrl(paths.groups.addUsersToGroup, desk.id), editor.token, {
      userIds: [editor.id],
    });
    assert.equal(join.status, 403);
    const members = await h.db.select().from(groupUsers).where(eq(groupUsers.groupId, desk.id));
    assert.ok(!members.some((m) => m.userId === editor.id));
  });
});
