import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { paths } from '../../shared/api/paths';
import { roleKeys, sampleRoleNames } from '../../shared/fixtures/roles';
import { sortDirection } from '../../shared/api/contracts/common';
import { userFilterPreset, userProvider, userSortField } from '../../shared/api/contracts/team';
import {
  audits,
  groups,
  groupUsers,
  inviteLinks,
  roles,
  userPhoneNumbers,
  userRoles,
  users,
  userTenants,
} from '../db/schema';
import { DEFAULT_INVITE_LINK_MINUTES } from '../team/inviteLink';
import { teamEndpoints } from './team';
import { settled } from '../signup/background';
import { ADMIN_EMAIL, fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface UserView {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  tenantId: string;
  tenantIds: string[];
  roleIds: string[];
  roles: { id: string; key: string; name: string }[];
  groups: { id: string; name: string; color: string }[];
  tenants: { tenantId: string; roles: { id: string }[] }[];
  verified: boolean;
  activatedForTenant: boolean;
  isDisabled: boolean;
  lastLogin: string | null;
  metadata: string;
  temporaryExpirationDate: string | null;
}
interface UserPage {
  items: UserView[];
  _metadata: { totalItems: number; totalPages: number };
}
interface Mail {
  to: string;
  subject: string;
  text: string;
}

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
const withQuery = (path: string, query: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
/** Code-point order, as the database orders the plain ASCII names these tests use. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The shared fixtures, and what only these tests read: the outbox, memberships and user rows. */
function helpers(t: TestServer) {
  const f = fixtures(t);
  const { db } = f;
  const mailTo = async (to: string): Promise<Mail[]> => {
    await settled(db);
    const all = (await (await t.app.request('/dev/outbox')).json()) as Mail[];
    return all.filter((m) => m.to === to);
  };
  const membership = async (userId: string, tenant: string) => {
    const [row] = await db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenant)));
    return row;
  };
  const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
  return { ...f, mailTo, membership, userRow };
}

/** A request to an endpoint of the table with a body it accepts (for the 401/403 sweeps). */
function sampleCall(e: { method: string; path: string }, userId: string): [string, unknown] {
  const path = at(e.path, { userId });
  if (e.method === 'GET' && path.includes('/v3/roles')) return [`${path}?ids=${userId}`, undefined];
  if (e.method === 'GET' && path.includes('/v3/groups')) return [`${path}?ids=${userId}`, undefined];
  if (e.method === 'GET' || e.method === 'DELETE') return [path, undefined];
  if (e.path === paths.teams.addUser.path) return [path, { email: `sweep-${randomUUID()}@acme.test` }];
  if (e.path === paths.teams.updateUser.path) return [path, { id: userId, name: 'Swept' }];
  if (e.path === paths.teams.updateUserExpirationTime.path) return [path, { expirationInSeconds: 3600 }];
  return [path, {}];
}

describe('team: users lists, paging, sorting, filtering', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let admin: string;
  let acme: string;
  let europe: string;
  let globex: string;
  const members: { id: string; email: string }[] = [];
  let europeUser: { id: string };
  let globexUser: { id: string };

  before(async () => {
    t = await testServer();
    h = helpers(t);
    admin = (await h.signIn()).token;
    acme = await h.tenantId('Acme');
    europe = await h.tenantId('Acme Europe');
    globex = await h.newTenant('Globex');
    // 30 members "Member 001".."Member 030" in Acme, next to the 5 seeded users.
    for (let i = 1; i <= 30; i++) {
      const n = String(i).padStart(3, '0');
      members.push(
        await h.createUser({
          name: `Member ${n}`,
          email: `member${n}@acme.test`,
          tenants: [{ id: acme, roles: ['Viewer'] }],
          lastLogin: i <= 10 ? new Date(Date.now() - 200 * 86_400_000) : new Date(),
        }),
      );
    }
    europeUser = await h.createUser({ name: 'Europe Only', tenants: [{ id: europe, roles: ['Viewer'] }] });
    globexUser = await h.createUser({ name: 'Globex Person', tenants: [{ id: globex, roles: ['Admin'] }] });
  });
  after(() => t.close());

  it('[TEAM-008] [TEAM-013] users v2 defaults to 20 items from offset 0 by name descending, with totalItems and totalPages', async () => {
    const page = await h.json<UserPage>(await h.request('GET', paths.users.getUsersV2.path, admin));
    assert.equal(page.items.length, 20);
    assert.deepEqual(page._metadata, { totalItems: 35, totalPages: 2 });
    const names = page.items.map((u) => u.name);
    assert.deepEqual(names, [...names].sort(byCodePoint).reverse());
    assert.equal(names[0], 'Member 030');
    const second = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.users.getUsersV2.path, { offset: 1 }), admin),
    );
    assert.equal(second.items.length, 15);
    const all = [...names, ...second.items.map((u) => u.name)];
    assert.deepEqual(all, [...all].sort(byCodePoint).reverse(), 'page 2 continues page 1');
    assert.equal(new Set(all).size, 35);
    assert.ok(!all.includes('Globex Person') && !all.includes('Europe Only'));
  });

  it('[TEAM-013] the user view carries the fields the elements read', async () => {
    const page = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.users.getUsersV3.path, { _filter: 'member 001' }), admin),
    );
    assert.equal(page.items.length, 1);
    const user = page.items[0]!;
    assert.equal(user.email, 'member001@acme.test');
    assert.equal(user.tenantId, acme);
    assert.deepEqual(user.tenantIds, [acme]);
    assert.deepEqual(
      user.roles.map((r) => r.key),
      ['Viewer'],
    );
    assert.deepEqual(user.roleIds, [await h.roleId('Viewer')]);
    assert.deepEqual(user.tenants, [{ tenantId: acme, roles: user.roles }]);
    assert.equal(user.activatedForTenant, true);
    assert.equal(user.isDisabled, false);
    assert.equal(user.metadata, '{}');
    for (const field of ['vendorId', 'verified', 'emailVerified', 'createdAt', 'lastLogin', 'mfaEnrolled'])
      assert.ok(field in user, field);
    assert.ok('temporaryExpirationDate' in user && 'subAccountAccessAllowed' in user && 'phone' in user);
  });

  it('[TEAM-014] users v2 accepts filter, sortBy, order, offset, limit and includeSubTenants', async () => {
    const query = { filter: 'MEMBER 01', sortBy: 'email', order: 'asc', offset: 1, limit: 3 };
    const page = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.users.getUsersV2.path, query), admin),
    );
    assert.deepEqual(page._metadata, { totalItems: 10, totalPages: 4 });
    assert.deepEqual(
      page.items.map((u) => u.email),
      ['member013@acme.test', 'member014@acme.test', 'member015@acme.test'],
    );
    const withSub = await h.json<UserPage>(
      await h.request(
        'GET',
        withQuery(paths.users.getUsersV2.path, { includeSubTenants: true, filter: 'only' }),
        admin,
      ),
    );
    assert.deepEqual(
      withSub.items.map((u) => [u.id, u.tenantId]),
      [[europeUser.id, europe]],
    );
    const without = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.users.getUsersV2.path, { filter: 'only' }), admin),
    );
    assert.equal(without._metadata.totalItems, 0);
  });

  it('[TEAM-015] users v3 accepts _offset, _limit, _includeSubTenants, _preset, _maxInactiveSeconds and _email', async () => {
    const get = async (query: Record<string, string | number | boolean>) =>
      h.json<UserPage>(await h.request('GET', withQuery(paths.users.getUsersV3.path, query), admin));

    const byEmail = await get({ _email: 'MEMBER007@acme.test' });
    assert.deepEqual(
      byEmail.items.map((u) => u.email),
      ['member007@acme.test'],
    );
    // Members 001..010 last signed in 200 days ago; the seeded users never did.
    const inactive = await get({ _preset: 'inactive', _filter: 'member', _limit: 50 });
    assert.equal(inactive._metadata.totalItems, 10);
    const stricter = await get({ _preset: 'inactive', _maxInactiveSeconds: 300 * 86_400, _filter: 'member' });
    assert.equal(stricter._metadata.totalItems, 0);
    assert.equal((await get({ _preset: 'breached-passwords' }))._metadata.totalItems, 0);
    const paged = await get({ _filter: 'member', _sortBy: 'name', _order: 'ASC', _offset: 2, _limit: 4 });
    assert.deepEqual(
      paged.items.map((u) => u.name),
      ['Member 009', 'Member 010', 'Member 011', 'Member 012'],
    );
    assert.deepEqual(paged._metadata, { totalItems: 30, totalPages: 8 });
    const withSub = await get({ _includeSubTenants: true, _limit: 100 });
    assert.equal(withSub._metadata.totalItems, 36);
    assert.ok(!withSub.items.some((u) => u.id === globexUser.id), 'never another root tenant');
  });

  it('walks every page exactly once, whatever the sort field and direction', async () => {
    for (const [sortBy, order] of [
      ['name', 'DESC'],
      ['email', 'ASC'],
      ['createdAt', 'DESC'],
      ['lastLogin', 'ASC'],
    ]) {
      const seen: string[] = [];
      let total = 0;
      for (let offset = 0; ; offset++) {
        const page = await h.json<UserPage>(
          await h.request(
            'GET',
            withQuery(paths.users.getUsersV3.path, {
              _sortBy: sortBy!,
              _order: order!,
              _offset: offset,
              _limit: 7,
            }),
            admin,
          ),
        );
        total = page._metadata.totalItems;
        assert.equal(page._metadata.totalPages, Math.ceil(total / 7));
        if (!page.items.length) break;
        seen.push(...page.items.map((u) => u.id));
      }
      assert.equal(seen.length, total, `${sortBy} ${order}`);
      assert.equal(new Set(seen).size, total, `${sortBy} ${order}: no user twice`);
    }
  });

  it('filters by name or email, case-insensitively, with % and _ matching only themselves', async () => {
    const get = async (filter: string) =>
      h.json<UserPage>(await h.request('GET', withQuery(paths.users.getUsersV2.path, { filter }), admin));
    assert.equal((await get('ACME.TEST'))._metadata.totalItems, 35);
    assert.deepEqual(
      (await get('Lovelace')).items.map((u) => u.email),
      ['ada@acme.test'],
    );
    assert.equal((await get('%'))._metadata.totalItems, 0);
    assert.equal((await get('member_01'))._metadata.totalItems, 0);
  });

  it('a bad query is a 400 naming the parameter as it was sent', async () => {
    const bad = async (path: string, query: Record<string, string>, expected: RegExp) => {
      const errors = await h.errorsOf(await h.request('GET', withQuery(path, query), admin), 400);
      assert.match(errors.join(' '), expected);
    };
    await bad(
      paths.users.getUsersV2.path,
      { sortBy: 'passwordHash' },
      /^sortBy: Must be one of createdAt, name, email/,
    );
    await bad(paths.users.getUsersV3.path, { _sortBy: 'password_hash' }, /^_sortBy: /);
    await bad(paths.users.getUsersV3.path, { _order: 'sideways' }, /^_order: Must be ASC or DESC/);
    await bad(paths.users.getUsersV2.path, { limit: '0' }, /^limit: /);
    await bad(paths.users.getUsersV2.path, { limit: '501' }, /^limit: /);
    await bad(paths.users.getUsersV2.path, { offset: '-1' }, /^offset: /);
    await bad(paths.users.getUsersV3.path, { _limit: 'ten' }, /^_limit: /);
    await bad(paths.users.getUsersV3.path, { _preset: 'vip' }, /^_preset: Must be one of/);
    await bad(paths.teams.loadUsers.path, { sortDirection: 'up' }, /^sortDirection: /);
    await bad(paths.users.getUsersRoles.path, {}, /^ids: /);
  });

  it('[TEAM-009] [TEAM-010] the team members list takes pageOffset, pageSize, filter, sortBy and sortDirection (name ascending by default)', async () => {
    const first = await h.json<UserPage>(await h.request('GET', paths.teams.loadUsers.path, admin));
    assert.equal(first.items.length, 20);
    assert.equal(first.items[0]!.name, 'Acme Admin');
    const names = first.items.map((u) => u.name);
    assert.deepEqual(names, [...names].sort(byCodePoint));
    const query = { pageOffset: 1, pageSize: 5, filter: 'member', sortBy: 'name', sortDirection: 'desc' };
    const page = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.teams.loadUsers.path, query), admin),
    );
    assert.deepEqual(
      page.items.map((u) => u.name),
      ['Member 025', 'Member 024', 'Member 023', 'Member 022', 'Member 021'],
    );
    assert.deepEqual(page._metadata, { totalItems: 30, totalPages: 6 });
  });

  it('all users (sub-tenants) include the sub-tenants by default; not when sub-account access is withdrawn', async () => {
    const all = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.subTenants.loadAllUsers.path, { limit: 100 }), admin),
    );
    assert.equal(all._metadata.totalItems, 36);
    assert.ok(all.items.some((u) => u.id === europeUser.id));
    assert.ok(!all.items.some((u) => u.id === globexUser.id));

    const restricted = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(and(eq(userTenants.userId, restricted.id), eq(userTenants.tenantId, acme)));
    const { token } = await restricted.signIn();
    const own = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.subTenants.loadAllUsers.path, { limit: 100 }), token),
    );
    assert.equal(own._metadata.totalItems, 36, "the tenant's own users only (35 and the new one)");
    assert.ok(!own.items.some((u) => u.id === europeUser.id));
  });

  it('[TEAM-016] users roles v3 answers the roles of the listed users of the tenant; foreign and unknown ids are absent', async () => {
    const ids = [members[0]!.id, globexUser.id, 'no-such-user', members[1]!.id, europeUser.id].join(',');
    const answer = await h.json<
      { userId: string; roleIds: string[]; roles: { id: string; key: string }[] }[]
    >(await h.request('GET', withQuery(paths.users.getUsersRoles.path, { ids }), admin));
    // Frontegg's GetUserRolesResponse (vendorId, tenantId, userId, roleIds), with the roles themselves.
    assert.deepEqual(answer, [
      {
        userId: members[0]!.id,
        vendorId: t.services.vendorId,
        tenantId: acme,
        roleIds: answer[0]!.roles.map((r) => r.id),
        roles: answer[0]!.roles,
      },
      {
        userId: members[1]!.id,
        vendorId: t.services.vendorId,
        tenantId: acme,
        roleIds: answer[1]!.roles.map((r) => r.id),
        roles: answer[1]!.roles,
      },
    ]);
    assert.deepEqual(
      answer[0]!.roles.map((r) => r.key),
      ['Viewer'],
    );
  });

  it('[TEAM-017] users groups v3 answers the groups of the listed users in the tenant only', async () => {
    const acmeGroup = randomUUID();
    const globexGroup = randomUUID();
    await h.db.insert(groups).values([
      { id: acmeGroup, tenantId: acme, name: 'Support team', color: '#123456' },
      { id: globexGroup, tenantId: globex, name: 'Globex ops' },
    ]);
    await h.db.insert(groupUsers).values([
      { groupId: acmeGroup, userId: members[2]!.id },
      { groupId: globexGroup, userId: globexUser.id },
    ]);
    const ids = `${members[2]!.id},${globexUser.id},${members[3]!.id}`;
    const answer = await h.json<{ userId: string; groups: unknown[] }[]>(
      await h.request('GET', withQuery(paths.users.getUsersGroups.path, { ids }), admin),
    );
    const scoped = { vendorId: t.services.vendorId, tenantId: acme };
    assert.deepEqual(answer, [
      {
        userId: members[2]!.id,
        ...scoped,
        groupIds: [acmeGroup],
        groups: [{ id: acmeGroup, name: 'Support team', color: '#123456' }],
      },
      { userId: members[3]!.id, ...scoped, groupIds: [], groups: [] },
    ]);
  });

  it("users v1 {userId} answers a user of the tenant; another tenant's user is a 404 like an unknown id", async () => {
    const own = await h.json<UserView>(
      await h.request('GET', at(paths.auth.getUserById.path, { userId: members[4]!.id }), admin),
    );
    assert.equal(own.email, members[4]!.email);
    for (const userId of [globexUser.id, europeUser.id, randomUUID()])
      assert.deepEqual(
        await h.errorsOf(await h.request('GET', at(paths.auth.getUserById.path, { userId }), admin), 404),
        ['User not found'],
      );
  });

  it("available roles are the vendor roles and the tenant's own; stats count the members", async () => {
    const globexRole = randomUUID();
    await h.db.insert(roles).values({
      id: globexRole,
      vendorId: t.services.vendorId,
      tenantId: globex,
      key: 'GlobexOnly',
      name: 'G',
    });
    const list = await h.json<{ id: string; key: string; permissions: string[] }[]>(
      await h.request('GET', paths.teams.loadAvailableRoles.path, admin),
    );
    assert.deepEqual(list.map((r) => r.key).sort(), ['Admin', 'Editor', 'ReadOnly', 'Support', 'Viewer']);
    assert.ok(list.find((r) => r.key === 'Admin')!.permissions.length > 10);
    const stats = await h.json<Json>(await h.request('GET', paths.teams.loadStats.path, admin));
    assert.equal(stats.totalItems, 36);
    assert.equal(stats.addedThisWeek, 36);
    assert.equal(stats.pendingInvitations, 0);
    // Frontegg's ITeamStats: the members holding the Admin role (the demo admin at least).
    assert.ok(typeof stats.superAdmins === 'number' && stats.superAdmins >= 1);
  });

  it('[ENUM-030] [ENUM-044] users v3 sorts by each field of the contract (createdAt, name, email, id, verified, isLocked, provider, tenantId), ASC or DESC in any case; any other is a 400', async () => {
    assert.deepEqual(userSortField.options, [
      'createdAt',
      'name',
      'email',
      'id',
      'verified',
      'isLocked',
      'provider',
      'tenantId',
    ]);
    assert.deepEqual(sortDirection.options, ['ASC', 'DESC']);
    for (const field of userSortField.options)
      for (const order of ['ASC', 'desc']) {
        const page = await h.json<UserPage>(
          await h.request(
            'GET',
            withQuery(paths.users.getUsersV3.path, { _sortBy: field, _order: order, _limit: 50 }),
            admin,
          ),
        );
        assert.equal(page.items.length, 36, `${field} ${order}`);
      }
    const byId = await h.json<UserPage>(
      await h.request(
        'GET',
        withQuery(paths.users.getUsersV3.path, { _sortBy: 'id', _order: 'ASC', _limit: 50 }),
        admin,
      ),
    );
    assert.deepEqual(
      byId.items.map((u) => u.id),
      byId.items.map((u) => u.id).sort(byCodePoint),
    );
    for (const query of [{ _sortBy: 'passwordHash' }, { _order: 'sideways' }] as Record<string, string>[])
      await h.errorsOf(await h.request('GET', withQuery(paths.users.getUsersV3.path, query), admin), 400);
    // The team members list: Frontegg's client spells the direction in lower case.
    const members = await h.json<UserPage & { totalPages: number }>(
      await h.request(
        'GET',
        withQuery(paths.teams.loadUsers.path, { sortBy: 'email', sortDirection: 'desc', pageSize: 10 }),
        admin,
      ),
    );
    assert.equal(members.totalPages, 4, 'totalPages beside the items (Frontegg PaginationResult)');
    assert.deepEqual(members._metadata, { totalItems: 36, totalPages: 4 });
  });

  it('[ENUM-031] users v3 takes the filter flags mfa-unenrolled, breached-passwords and inactive; any other is a 400', async () => {
    assert.deepEqual(userFilterPreset.options, ['mfa-unenrolled', 'breached-passwords', 'inactive']);
    const counts: Record<string, number> = {};
    for (const preset of userFilterPreset.options)
      counts[preset] = (
        await h.json<UserPage>(
          await h.request(
            'GET',
            withQuery(paths.users.getUsersV3.path, { _preset: preset, _limit: 50 }),
            admin,
          ),
        )
      )._metadata.totalItems;
    assert.equal(counts['breached-passwords'], 0);
    assert.equal(counts['mfa-unenrolled'], 36, 'nobody of the demo tenant has enrolled MFA');
    assert.deepEqual(
      await h.errorsOf(
        await h.request('GET', withQuery(paths.users.getUsersV3.path, { _preset: 'vip' }), admin),
        400,
      ),
      ['_preset: Must be one of mfa-unenrolled, breached-passwords, inactive'],
    );
  });

  it("users v2 items carry Frontegg's IGetUsersV2Response: sub, full roles, tenants and the permissions of the roles", async () => {
    const page = await h.json<{
      items: (Omit<UserView, 'roles'> & {
        sub: string;
        vendorId: string;
        mfaEnrolled: boolean;
        roles: { id: string; permissions: string[]; vendorId: string; createdAt: string }[];
        permissions: { id: string; key: string; roleIds: string[] }[];
      })[];
    }>(await h.request('GET', withQuery(paths.users.getUsersV2.path, { limit: 50 }), admin));
    for (const user of page.items) {
      assert.equal(user.sub, user.id);
      assert.equal(user.vendorId, t.services.vendorId);
      assert.equal(typeof user.mfaEnrolled, 'boolean');
      const held = new Set(user.roles.flatMap((r) => r.permissions));
      assert.deepEqual(user.permissions.map((p) => p.id).sort(), [...held].sort());
      for (const p of user.permissions)
        assert.deepEqual(
          p.roleIds,
          user.roles.filter((r) => r.permissions.includes(p.id)).map((r) => r.id),
        );
      for (const r of user.roles) assert.ok(r.vendorId && r.createdAt);
    }
    assert.ok(page.items.some((u) => u.permissions.some((p) => p.key === 'fe.secure.read.users')));
  });

  it("users phone numbers v2 lists the verified numbers of the tenant's users, by number or by users", async () => {
    const [own, other] = [members[5]!.id, globexUser.id];
    const now = new Date();
    await h.db.insert(userPhoneNumbers).values([
      { id: randomUUID(), userId: own, phoneNumber: '+15557770001', verifiedAt: now },
      { id: randomUUID(), userId: own, phoneNumber: '+15557770002' },
      { id: randomUUID(), userId: other, phoneNumber: '+15557770003', verifiedAt: now },
    ]);
    const all = await h.json<{ items: { userId: string; phoneNumber: string }[]; _metadata: Json }>(
      await h.request('GET', paths.userPhoneNumbers.getUsersPhoneNumberV2.path, admin),
    );
    assert.deepEqual(all.items, [{ userId: own, phoneNumber: '+15557770001' }]);
    assert.deepEqual(all._metadata, { totalItems: 1, totalPages: 1 });
    const byUser = await h.json<{ items: unknown[] }>(
      await h.request(
        'GET',
        withQuery(paths.userPhoneNumbers.getUsersPhoneNumberV2.path, { userIds: other }),
        admin,
      ),
    );
    assert.deepEqual(byUser.items, [], "another tenant's user is absent");
    const byNumber = await h.json<{ items: unknown[] }>(
      await h.request(
        'GET',
        withQuery(paths.userPhoneNumbers.getUsersPhoneNumberV2.path, { _phoneNumber: '+1 555 777 0001' }),
        admin,
      ),
    );
    assert.equal(byNumber.items.length, 1);
  });
});

describe('team: invite, update, remove members', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let admin: string;
  let adminId: string;
  let acme: string;
  let europe: string;
  let globex: string;
  let globexUser: { id: string };

  before(async () => {
    t = await testServer();
    h = helpers(t);
    const signed = await h.signIn();
    admin = signed.token;
    adminId = signed.claims.sub!;
    acme = await h.tenantId('Acme');
    europe = await h.tenantId('Acme Europe');
    globex = await h.newTenant('Globex');
    globexUser = await h.createUser({ name: 'Globex Person', tenants: [{ id: globex, roles: ['Admin'] }] });
  });
  after(() => t.close());

  it('[TEAM-011] a member is invited (mail, pending until accepted), updated and deleted', async () => {
    const viewer = await h.roleId('Viewer');
    const invited = await h.json<UserView>(
      await h.request('POST', paths.teams.addUser.path, admin, {
        email: 'New.Person@Example.com',
        name: 'New Person',
        phoneNumber: '+1 555 0100',
        roleIds: [viewer],
      }),
    );
    assert.equal(invited.email, 'new.person@example.com');
    assert.equal(invited.name, 'New Person');
    assert.equal(invited.phoneNumber, '+1 555 0100');
    assert.deepEqual(invited.roleIds, [viewer]);
    assert.equal(invited.activatedForTenant, false);
    assert.equal(invited.verified, false);
    const [mail] = await h.mailTo('new.person@example.com');
    assert.ok(mail, 'the invitation was mailed');
    assert.match(mail.subject, /invited to Acme/);

    // Accepting the invitation activates the membership.
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const accept = await t.app.request(
      paths.auth.acceptInvitation.path,
      t.json({ userId: link.searchParams.get('userId'), token: link.searchParams.get('token') }),
    );
    assert.equal(accept.status, 200);
    assert.equal((await h.membership(invited.id, acme))!.activatedForTenant, true);

    const updated = await h.json<UserView>(
      await h.request('PUT', paths.teams.updateUser.path, admin, {
        id: invited.id,
        name: 'Renamed Person',
        phoneNumber: '',
      }),
    );
    assert.equal(updated.name, 'Renamed Person');
    assert.equal(updated.phoneNumber, null);
    assert.deepEqual(updated.roleIds, [viewer], 'roles untouched when roleIds is absent');

    await h.json(await h.request('DELETE', at(paths.teams.deleteUser.path, { userId: invited.id }), admin));
    assert.equal(await h.userRow(invited.id), undefined, 'a user left in no tenant is deleted');
    await h.errorsOf(
      await h.request('GET', at(paths.auth.getUserById.path, { userId: invited.id }), admin),
      404,
    );
  });

  it('[TEAM-011] an invitation without roles gives the default roles; POST users v2 again resends to a pending member', async () => {
    const invited = await h.json<UserView>(
      await h.request('POST', paths.teams.addUser.path, admin, {
        email: 'pending@example.com',
        roleIds: [''],
      }),
    );
    assert.deepEqual(
      invited.roles.map((r) => r.key),
      ['ReadOnly'],
    );
    assert.equal(invited.name, 'pending@example.com');
    assert.equal((await h.mailTo('pending@example.com')).length, 1);
    const again = await h.json<UserView>(
      await h.request('POST', paths.teams.addUser.path, admin, { email: 'pending@example.com' }),
    );
    assert.equal(again.id, invited.id);
    assert.equal((await h.mailTo('pending@example.com')).length, 2, 'the invitation was mailed again');
    assert.deepEqual(
      await h.errorsOf(
        await h.request('POST', paths.teams.addUser.path, admin, { email: 'ada@acme.test' }),
        409,
      ),
      ['The user is already a member of this account'],
    );
  });

  it('an existing user of another tenant is invited into this one without changing their profile', async () => {
    const other = await h.createUser({ name: 'Kept Name', tenants: [{ id: globex, roles: ['Viewer'] }] });
    const invited = await h.json<UserView>(
      await h.request('POST', paths.teams.addUser.path, admin, { email: other.email, name: 'Other Name' }),
    );
    assert.equal(invited.id, other.id);
    assert.equal(invited.name, 'Kept Name');
    assert.deepEqual(invited.tenantIds, [acme], "the view shows this tenant only, not the user's others");
    assert.equal((await h.membership(other.id, acme))!.activatedForTenant, false);
    assert.equal((await h.membership(other.id, globex))!.activatedForTenant, true);
  });

  it("[ENUM-032] an invitation names its provider among local, saml, google, github, facebook, microsoft, scim2, slack (Frontegg's resend sends local); any other is a 400", async () => {
    assert.deepEqual(userProvider.options, [
      'local',
      'saml',
      'google',
      'github',
      'facebook',
      'microsoft',
      'scim2',
      'slack',
    ]);
    const email = `provider-${randomUUID().slice(0, 8)}@acme.test`;
    await h.json(await h.request('POST', paths.teams.addUser.path, admin, { email, provider: 'local' }));
    // The resend of Frontegg's client: the same call with the email and `provider: 'local'`.
    await h.json(
      await h.request('POST', paths.teams.resendInvitationLink.path, admin, { email, provider: 'local' }),
    );
    assert.deepEqual(
      await h.errorsOf(
        await h.request('POST', paths.teams.addUser.path, admin, {
          email: 'x-provider@acme.test',
          provider: 'myspace',
        }),
        400,
      ),
      [`provider: Invalid option: expected one of ${userProvider.options.map((o) => `"${o}"`).join('|')}`],
    );
  });

  it('the invitation body is validated: bad email, unknown role, another tenant', async () => {
    const errors = await h.errorsOf(
      await h.request('POST', paths.teams.addUser.path, admin, { email: 'not-an-email' }),
      400,
    );
    assert.match(errors[0]!, /^email: /);
    const globexRole = randomUUID();
    await h.db.insert(roles).values({
      id: globexRole,
      vendorId: t.services.vendorId,
      tenantId: globex,
      key: 'GlobexRole',
      name: 'G',
    });
    // Another tenant's role answers as an unknown one, as on the roles and groups pages: not found.
    for (const roleIds of [['no-such-role'], [globexRole]])
      assert.deepEqual(
        await h.errorsOf(
          await h.request('POST', paths.teams.addUser.path, admin, { email: 'x@example.com', roleIds }),
          404,
        ),
        ['Role not found'],
      );
    await h.errorsOf(
      await h.request('POST', paths.teams.addUser.path, admin, { email: 'y@example.com', tenantId: globex }),
      404,
    );
    assert.equal((await h.mailTo('x@example.com')).length + (await h.mailTo('y@example.com')).length, 0);
  });

  it('[TEAM-004] an emptied role list sent as [""] removes every role', async () => {
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer', 'Support'] }] });
    const updated = await h.json<UserView>(
      await h.request('PUT', paths.teams.updateUser.path, admin, { id: user.id, roleIds: [''] }),
    );
    assert.deepEqual(updated.roleIds, []);
    const left = await h.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    assert.deepEqual(left, []);
  });

  it("[TEAM-018] roles are assigned by ids per tenant: the user's roles in a sub-tenant stay as they are", async () => {
    const user = await h.createUser({
      tenants: [
        { id: acme, roles: ['Viewer'] },
        { id: europe, roles: ['Support'] },
      ],
    });
    const editor = await h.roleId('Editor');
    const support = await h.roleId('Support');
    const updated = await h.json<UserView>(
      await h.request('PUT', paths.teams.updateUser.path, admin, { id: user.id, roleIds: [editor, support] }),
    );
    assert.deepEqual(updated.roleIds.sort(), [editor, support].sort());
    const rows = await h.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    assert.deepEqual(
      rows.filter((r) => r.tenantId === europe).map((r) => r.roleId),
      [support],
    );
    assert.equal(rows.filter((r) => r.tenantId === acme).length, 2);
  });

  it('a member cannot give or take away a role with permissions they do not hold', async () => {
    const editor = await h.createUser({ tenants: [{ id: acme, roles: ['Editor'] }], password: true });
    const target = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const { token } = await editor.signIn();
    const adminRole = await h.roleId('Admin');
    const [refused] = await h.errorsOf(
      await h.request('PUT', paths.teams.updateUser.path, token, { id: target.id, roleIds: [adminRole] }),
      403,
    );
    // The answer names what the caller lacks (Admin carries, among others, the audits permission).
    assert.match(refused!, /^You cannot grant permissions you do not hold: .*fe\.secure\.read\.audits/);
    await h.errorsOf(
      await h.request('PUT', paths.teams.updateUser.path, token, { id: editor.id, roleIds: [adminRole] }),
      403,
    );
    await h.errorsOf(
      await h.request('POST', paths.teams.addUser.path, token, {
        email: 'boss@example.com',
        roleIds: [adminRole],
      }),
      403,
    );
    const viewer = await h.roleId('Viewer');
    const support = await h.roleId('Support');
    const ok = await h.json<UserView>(
      await h.request('PUT', paths.teams.updateUser.path, token, { id: target.id, roleIds: [viewer] }),
    );
    assert.deepEqual(ok.roleIds, [viewer], 'unchanged roles are not checked');
    // Support reads audits, which an Editor cannot: the Editor cannot hand it out.
    await h.errorsOf(
      await h.request('PUT', paths.teams.updateUser.path, token, {
        id: target.id,
        roleIds: [viewer, support],
      }),
      403,
    );
  });

  it('deleting removes the user from this tenant only; deleting yourself is refused', async () => {
    const both = await h.createUser({
      tenants: [
        { id: acme, roles: ['Viewer'] },
        { id: europe, roles: ['Viewer'] },
      ],
    });
    // Frontegg's deleteUser answers the deleted user, as they were in this tenant.
    const deleted = await h.json<UserView>(
      await h.request('DELETE', at(paths.teams.deleteUser.path, { userId: both.id }), admin),
    );
    assert.equal(deleted.id, both.id);
    assert.equal(deleted.tenantId, acme);
    assert.deepEqual(
      deleted.roles.map((r) => r.key),
      ['Viewer'],
    );
    assert.equal(await h.membership(both.id, acme), undefined);
    assert.ok(await h.membership(both.id, europe));
    assert.equal((await h.userRow(both.id))!.activeTenantId, europe);
    const roleTenants = (await h.db.select().from(userRoles).where(eq(userRoles.userId, both.id))).map(
      (r) => r.tenantId,
    );
    assert.deepEqual(roleTenants, [europe]);
    assert.deepEqual(
      await h.errorsOf(
        await h.request('DELETE', at(paths.teams.deleteUser.path, { userId: adminId }), admin),
        400,
      ),
      ['You cannot delete yourself'],
    );
  });

  it('resends the activation email to a member who has not activated; refuses an activated one', async () => {
    const user = await h.createUser({ tenants: [{ id: acme }], verified: false });
    await h.json(
      await h.request('POST', at(paths.teams.resendActivationLink.path, { userId: user.id }), admin),
    );
    const [mail] = await h.mailTo(user.email);
    assert.match(mail!.subject, /Activate your account/);
    const active = await h.createUser({ tenants: [{ id: acme }] });
    await h.errorsOf(
      await h.request('POST', at(paths.teams.resendActivationLink.path, { userId: active.id }), admin),
      400,
    );
  });

  it("another tenant's user id is a 404 on every route that takes one, and nothing changes", async () => {
    const before = await h.userRow(globexUser.id);
    const id = globexUser.id;
    const calls: [string, string, unknown?][] = [
      ['GET', at(paths.auth.getUserById.path, { userId: id })],
      ['PUT', paths.teams.updateUser.path, { id, name: 'Hijacked' }],
      ['DELETE', at(paths.teams.deleteUser.path, { userId: id })],
      ['POST', at(paths.teams.resendActivationLink.path, { userId: id })],
      ['POST', at(paths.teams.disableUser.path, { userId: id }), {}],
      ['POST', at(paths.teams.enableUser.path, { userId: id }), {}],
      ['PUT', at(paths.teams.updateUserExpirationTime.path, { userId: id }), { expirationInSeconds: 3600 }],
      ['DELETE', at(paths.teams.setPermanentUser.path, { userId: id })],
    ];
    for (const [method, path, body] of calls) {
      for (const userPath of [path, path.replace(id, randomUUID())]) {
        const bodyFor =
          body && (body as Json).id ? { ...(body as Json), id: userPath === path ? id : randomUUID() } : body;
        assert.deepEqual(
          await h.errorsOf(await h.request(method, userPath, admin, bodyFor), 404),
          ['User not found'],
          `${method} ${userPath}`,
        );
      }
    }
    assert.deepEqual(await h.userRow(globexUser.id), before);
    const membership = await h.membership(globexUser.id, globex);
    assert.equal(membership!.disabled, false);
  });

  it('every change writes an audit row naming the actor', async () => {
    const rows = await h.db.select().from(audits).where(eq(audits.userId, adminId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'User invited',
      'Invitation resent',
      'User updated',
      'User removed from account',
      'Activation email resent',
    ])
      assert.ok(actions.has(action), action);
    const removed = rows.find((r) => r.action === 'User removed from account')!;
    assert.equal(removed.tenantId, acme);
    assert.equal(removed.email, ADMIN_EMAIL);
    assert.equal(removed.severity, 'Medium');
  });
});

describe('team: disabled members, temporary users, invite link', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let admin: string;
  let adminId: string;
  let acme: string;
  let europe: string;
  let globex: string;

  before(async () => {
    t = await testServer();
    h = helpers(t);
    const signed = await h.signIn();
    admin = signed.token;
    adminId = signed.claims.sub!;
    acme = await h.tenantId('Acme');
    europe = await h.tenantId('Acme Europe');
    globex = await h.newTenant('Globex');
  });
  after(() => t.close());

  it('a disabled member cannot sign in to the tenant nor refresh into it; enabled again, they can', async () => {
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    const session = await user.signIn();
    const disabled = await h.json<UserView>(
      await h.request('POST', at(paths.teams.disableUser.path, { userId: user.id }), admin),
    );
    assert.equal(disabled.isDisabled, true);
    assert.equal((await h.membership(user.id, acme))!.disabled, true);

    assert.equal((await t.refresh(session.cookie)).status, 401, 'no refresh into the tenant');
    assert.equal((await t.login(user.email, user.password)).status, 401, 'no sign-in');
    assert.equal(
      (await h.request('GET', paths.users.getUsersV2.path, session.token)).status,
      401,
      'a token issued before is refused at once (its session no longer stands in the tenant)',
    );

    await h.json(await h.request('POST', at(paths.teams.enableUser.path, { userId: user.id }), admin));
    const again = await user.signIn();
    assert.equal(again.claims.tenantId, acme);
  });

  it('a member disabled in their active tenant signs in to another tenant of theirs', async () => {
    const user = await h.createUser({
      tenants: [
        { id: acme, roles: ['Viewer'] },
        { id: europe, roles: ['Viewer'] },
      ],
      password: true,
    });
    const session = await user.signIn();
    assert.equal(session.claims.tenantId, acme);
    await h.json(await h.request('POST', at(paths.teams.disableUser.path, { userId: user.id }), admin));
    const refreshed = await t.refresh(session.cookie);
    const { accessToken } = await h.json<{ accessToken: string }>(refreshed);
    assert.equal(decodeJwt(accessToken).tenantId, europe);
    assert.equal((await user.signIn()).claims.tenantId, europe);
  });

  it('disabling yourself is refused', async () => {
    assert.deepEqual(
      await h.errorsOf(
        await h.request('POST', at(paths.teams.disableUser.path, { userId: adminId }), admin),
        400,
      ),
      ['You cannot disable yourself'],
    );
  });

  it('[TEAM-019] a user is made temporary with an expiry and permanent again; past the expiry they cannot sign in', async () => {
    assert.deepEqual(
      await h.json(await h.request('GET', paths.teams.getTemporaryUserConfiguration.path, admin)),
      { enabled: true },
    );
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    const path = at(paths.teams.updateUserExpirationTime.path, { userId: user.id });
    const before = Date.now();
    const temporary = await h.json<UserView>(
      await h.request('PUT', path, admin, { expirationInSeconds: 86_400 }),
    );
    const expiry = Date.parse(temporary.temporaryExpirationDate!);
    assert.ok(expiry >= before + 86_400_000 - 1000 && expiry <= Date.now() + 86_400_000 + 1000);
    await user.signIn();

    await h.db
      .update(users)
      .set({ temporaryExpirationDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    assert.equal((await t.login(user.email, user.password)).status, 401);

    const permanent = await h.json<UserView>(
      await h.request('DELETE', at(paths.teams.setPermanentUser.path, { userId: user.id }), admin),
    );
    assert.equal(permanent.temporaryExpirationDate, null);
    await user.signIn();

    const errors = await h.errorsOf(
      await h.request('PUT', path, admin, { expirationInSeconds: 'soon' }),
      400,
    );
    assert.match(errors[0]!, /^expirationInSeconds: /);
  });

  it('[TEAM-019] a user who also belongs to another tenant cannot be made temporary by this one', async () => {
    const user = await h.createUser({ tenants: [{ id: acme }, { id: globex }] });
    await h.errorsOf(
      await h.request('PUT', at(paths.teams.updateUserExpirationTime.path, { userId: user.id }), admin, {
        expirationInSeconds: 3600,
      }),
      400,
    );
    assert.equal((await h.userRow(user.id))!.temporaryExpirationDate, null);
  });

  it('[TEAM-020] an invite link lasts 43200 minutes by default; it is read, updated, renewed and deleted', async () => {
    const config = await h.json<Json>(
      await h.request('GET', paths.teams.getInviteLinkConfiguration.path, admin),
    );
    assert.equal(config.defaultExpiresInMinutes, 43_200);
    assert.equal(DEFAULT_INVITE_LINK_MINUTES, 43_200);
    // No link yet: 200 without a token (as Frontegg answers), not a 404 on every users page load.
    assert.deepEqual(await h.json(await h.request('GET', paths.teams.getInviteUserLink.path, admin)), {});

    const before = Date.now();
    const created = await h.json<{ token: string; expires: string; shouldSendEmail: boolean }>(
      await h.request('POST', paths.teams.createInviteUserLink.path, admin, {}),
    );
    const minutes = (Date.parse(created.expires) - before) / 60_000;
    assert.ok(Math.abs(minutes - 43_200) < 1, `expires in ${minutes} minutes`);
    assert.equal(created.shouldSendEmail, false);
    assert.ok(created.token.length >= 40);
    assert.equal((created as { tenantId?: string }).tenantId, acme);
    assert.deepEqual(
      await h.json(await h.request('GET', paths.teams.getInviteUserLink.path, admin)),
      created,
    );

    const patched = await h.json<{ token: string; expires: string; shouldSendEmail: boolean }>(
      await h.request('PATCH', paths.teams.updateInviteUserLink.path, admin, {
        expiresInMinutes: 60,
        shouldSendEmail: true,
      }),
    );
    assert.equal(patched.token, created.token);
    assert.equal(patched.shouldSendEmail, true);
    assert.ok(Math.abs((Date.parse(patched.expires) - Date.now()) / 60_000 - 60) < 1);

    const renewed = await h.json<{ token: string }>(
      await h.request('POST', paths.teams.createInviteUserLinkV2.path, admin, { expiresInMinutes: 1440 }),
    );
    assert.notEqual(renewed.token, created.token);
    assert.equal((await h.db.select().from(inviteLinks)).length, 1, 'one link per tenant');

    const errors = await h.errorsOf(
      await h.request('POST', paths.teams.createInviteUserLink.path, admin, { expiresInMinutes: 0 }),
      400,
    );
    assert.match(errors[0]!, /^expiresInMinutes: /);
    await h.errorsOf(
      await h.request('POST', paths.teams.createInviteUserLinkV2.path, admin, {
        roleIds: [await h.roleId('Viewer')],
      }),
      400,
    );

    await h.json(await h.request('DELETE', paths.teams.deleteInviteUserLink.path, admin));
    assert.deepEqual(await h.json(await h.request('GET', paths.teams.getInviteUserLink.path, admin)), {});
    await h.errorsOf(await h.request('DELETE', paths.teams.deleteInviteUserLink.path, admin), 404);
  });

  it("the invite link is the caller's tenant's: another tenant's admin neither sees nor changes it", async () => {
    await h.json(await h.request('POST', paths.teams.createInviteUserLink.path, admin, {}));
    const other = await h.createUser({ tenants: [{ id: globex, roles: ['Admin'] }], password: true });
    const { token } = await other.signIn();
    assert.deepEqual(await h.json(await h.request('GET', paths.teams.getInviteUserLink.path, token)), {});
    await h.errorsOf(await h.request('DELETE', paths.teams.deleteInviteUserLink.path, token), 404);
    await h.json(await h.request('GET', paths.teams.getInviteUserLink.path, admin));
  });

  it('disable, enable, temporary and invite-link changes are audited with the actor', async () => {
    const rows = await h.db.select().from(audits).where(eq(audits.userId, adminId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'User disabled in account',
      'User enabled in account',
      'User set as temporary',
      'User set as permanent',
      'Invite link created',
      'Invite link updated',
      'Invite link deleted',
    ])
      assert.ok(actions.has(action), action);
    assert.ok(rows.every((r) => r.tenantId === acme));
  });
});

describe('team: authorization of every endpoint', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let acme: string;
  let target: { id: string };

  before(async () => {
    t = await testServer();
    h = helpers(t);
    acme = await h.tenantId('Acme');
    target = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
  });
  after(() => t.close());

  it('the endpoints table names one permission per route, and every route is mounted', async () => {
    const keys = teamEndpoints.map((e) => `${e.method} ${e.path}`);
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(teamEndpoints.length, 26);
    for (const e of teamEndpoints) {
      assert.match(e.permission ?? '', /^fe\.secure\.(read|write|delete)\.users$/);
      if (e.method === 'GET') assert.equal(e.permission, 'fe.secure.read.users', e.path);
    }
    assert.equal(
      teamEndpoints.find((e) => e.path === paths.teams.deleteUser.path)!.permission,
      'fe.secure.delete.users',
    );
  });

  it('every endpoint answers 401 without a token or with a bad one', async () => {
    for (const e of teamEndpoints) {
      const [path, body] = sampleCall(e, target.id);
      for (const token of [undefined, 'not-a-jwt']) {
        const res = await h.request(e.method, path, token, body);
        assert.equal(res.status, 401, `${e.method} ${e.path}`);
      }
    }
  });

  it('every endpoint answers 403 to a member without the permission it names, before reading the body', async () => {
    const nobody = await h.createUser({ tenants: [{ id: acme }], password: true });
    const { token } = await nobody.signIn();
    for (const e of teamEndpoints) {
      const [path] = sampleCall(e, target.id);
      const res = await h.request(e.method, path, token, e.method === 'GET' ? undefined : { bad: true });
      assert.equal(res.status, 403, `${e.method} ${e.path}`);
    }
  });

  it('each sample role is allowed exactly the endpoints its permissions cover', async () => {
    const keys = ['fe.secure.read.users', 'fe.secure.write.users', 'fe.secure.delete.users'];
    const grants = Object.fromEntries(sampleRoleNames.map((name) => [name, keys.filter(roleKeys[name])]));
    assert.deepEqual(grants.Editor, keys.slice(0, 2));
    for (const [role, held] of Object.entries(grants)) {
      const caller = await h.createUser({ tenants: [{ id: acme, roles: [role] }], password: true });
      const { token } = await caller.signIn();
      for (const e of teamEndpoints) {
        // A fresh target per call: deletes and disables do not spoil the next call.
        const victim = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], verified: false });
        const [path, body] = sampleCall(e, victim.id);
        const res = await h.request(e.method, path, token, body);
        const allowed = held.includes(e.permission ?? '');
        if (allowed)
          assert.ok(res.status !== 401 && res.status !== 403, `${role} ${e.method} ${e.path}: ${res.status}`);
        else assert.equal(res.status, 403, `${role} ${e.method} ${e.path}`);
      }
    }
  });

  it("a token for another tenant reaches that tenant's users only", async () => {
    const globex = await h.newTenant('Globex');
    const globexAdmin = await h.createUser({ tenants: [{ id: globex, roles: ['Admin'] }], password: true });
    const { token } = await globexAdmin.signIn();
    const page = await h.json<UserPage>(
      await h.request('GET', withQuery(paths.users.getUsersV3.path, { _includeSubTenants: true }), token),
    );
    assert.deepEqual(
      page.items.map((u) => u.id),
      [globexAdmin.id],
    );
    await h.errorsOf(
      await h.request('DELETE', at(paths.teams.deleteUser.path, { userId: target.id }), token),
      404,
    );
    assert.ok(await h.membership(target.id, acme));
  });
});
