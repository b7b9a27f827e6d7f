// The users of sub-accounts (TENANTS-012, 017..022, 027; SCREEN-058): adding users to accounts of the caller's
// subtree, removing them, roles per sub-account, allowing or denying sub-account access, and the users lists
// across the tree. Real HTTP against the real server.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { permissions, rolePermissions, roles, tenants, userRoles, users, userTenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
const sub = paths.subTenants;
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@acme.test`;

describe('sub-account users', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let europe: string;
  let labs: string;
  let admin: Awaited<ReturnType<ReturnType<typeof fixtures>['member']>>;
  let viewer: string;
  let editor: string;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    europe = await f.tenantId('Acme Europe');
    labs = await f.tenantId('Acme Labs');
    admin = await f.member(['Admin']);
    viewer = (await f.builtInRole('Viewer')).id;
    editor = (await f.builtInRole('Editor')).id;
  });
  after(() => t.close());

  const membership = async (userId: string, tenantId: string) =>
    (
      await f.db
        .select()
        .from(userTenants)
        .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)))
    )[0];
  const rolesOf = async (userId: string, tenantId: string) =>
    (
      await f.db
        .select({ id: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId)))
    )
      .map((r) => r.id)
      .sort();
  const userByEmail = async (address: string) =>
    (await f.db.select().from(users).where(eq(users.email, address)))[0];
  /** A role of the account holding exactly the permission keys given. */
  const roleWith = async (tenantId: string | null, keys: string[]) => {
    const id = randomUUID();
    await f.db.insert(roles).values({ id, vendorId: t.services.vendorId, tenantId, key: id, name: id });
    const rows = await f.db.select().from(permissions).where(inArray(permissions.key, keys));
    if (rows.length)
      await f.db.insert(rolePermissions).values(rows.map((p) => ({ roleId: id, permissionId: p.id })));
    return id;
  };
  const errors = async (res: Response, status: number) => (await f.errorsOf(res, status)).join(' | ');
  const setAccessType = (tenantId: string, type: string) =>
    f.db.update(tenants).set({ subAccountAccessType: type }).where(eq(tenants.id, tenantId));

  describe('[TENANTS-027] add a user to the tenant and sub-tenants', () => {
    it('[TENANTS-027] invites the user to each account with its roles, mails it and audits per account', async () => {
      const address = email('both');
      const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
        user: { email: address, name: 'Both Accounts' },
        subTenants: [
          { tenantId: europe, roleIds: [viewer] },
          { tenantId: labs, roleIds: [editor] },
        ],
      });
      assert.deepEqual(await f.json(res), {});
      const user = await userByEmail(address);
      assert.ok(user, 'the user was created');
      assert.equal(user.name, 'Both Accounts');
      // Pending until accepted; the roles per account.
      assert.equal((await membership(user.id, europe))?.activatedForTenant, false);
      assert.equal((await membership(user.id, labs))?.activatedForTenant, false);
      assert.equal(await membership(user.id, acme), undefined, 'not added to accounts not named');
      assert.deepEqual(await rolesOf(user.id, europe), [viewer]);
      assert.deepEqual(await rolesOf(user.id, labs), [editor]);
      assert.match((await f.mailTo(address, 'Acme Europe')).text, /Acme Europe/);
      await f.mailTo(address, 'Acme Labs');
      // One row per account touched: the account, the acting admin, the admin's account, the user and roles.
      const rows = (await f.auditsFor('User added to sub-account')).filter(
        (r) => (r.json as { targetUserId?: string }).targetUserId === user.id,
      );
      assert.deepEqual(rows.map((r) => r.tenantId).sort(), [europe, labs].sort());
      for (const row of rows) {
        assert.equal(row.userId, admin.id);
        assert.equal(row.email, admin.email);
        const json = row.json as { actingTenantId: string; roleIds: string[] };
        assert.equal(json.actingTenantId, acme);
        assert.deepEqual(json.roleIds, [row.tenantId === europe ? viewer : editor]);
      }
    });

    it('[TENANTS-027] the caller’s own account may be named; no roles named: the default roles', async () => {
      const address = email('own');
      const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
        user: { email: address },
        subTenants: [{ tenantId: acme }],
      });
      await f.json(res);
      const user = (await userByEmail(address))!;
      assert.equal(user.name, address, 'the email when no name');
      assert.deepEqual(await rolesOf(user.id, acme), [(await f.builtInRole('ReadOnly')).id]);
    });

    it('[TENANTS-027] an account outside the subtree is a 404 and nothing is written', async () => {
      const other = await f.newTenant(`Globex ${randomUUID().slice(0, 6)}`);
      const europeAdmin = await f.member(['Admin'], 'Acme Europe');
      // Each call names a valid account first: the whole call is refused, nothing written.
      const cases: [string, string, string][] = [
        [admin.token, europe, other], // another top account
        [admin.token, europe, 'no-such-account'],
        [europeAdmin.token, europe, acme], // the parent
        [europeAdmin.token, europe, labs], // a sibling
      ];
      for (const [token, valid, tenantId] of cases) {
        const address = email('outside');
        const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, token, {
          user: { email: address },
          subTenants: [{ tenantId: valid }, { tenantId }],
        });
        assert.equal(await errors(res, 404), 'Sub-account not found', tenantId);
        assert.equal(await userByEmail(address), undefined, 'no user created');
      }
    });

    it('[TENANTS-027] a role the account cannot use is a 400 "Unknown role"; nothing is written', async () => {
      const labsRole = await roleWith(labs, ['fe.secure.read.users']);
      const address = email('badrole');
      for (const roleIds of [[labsRole], ['no-such-role']]) {
        const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
          user: { email: address },
          subTenants: [
            { tenantId: labs, roleIds: [viewer] },
            { tenantId: europe, roleIds },
          ],
        });
        assert.equal(await errors(res, 400), 'Unknown role');
      }
      assert.equal(await userByEmail(address), undefined);
      // Labs' own role is usable in Labs.
      await f.json(
        await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
          user: { email: address },
          subTenants: [{ tenantId: labs, roleIds: [labsRole] }],
        }),
      );
      assert.deepEqual(await rolesOf((await userByEmail(address))!.id, labs), [labsRole]);
    });

    it('[TENANTS-027] no escalation: the caller must hold every permission of the roles it grants', async () => {
      const limited = await f.member([await roleWith(acme, ['fe.account-hierarchy.write.subAccount'])]);
      const address = email('escalate');
      const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, limited.token, {
        user: { email: address },
        subTenants: [{ tenantId: europe, roleIds: [viewer] }],
      });
      assert.match(await errors(res, 403), /^You cannot grant permissions you do not hold: /);
      assert.equal(await userByEmail(address), undefined);
    });

    it('[TENANTS-027] a user already a member of a named account is a 409; an existing user is reused', async () => {
      const existing = await f.createUser({ tenants: [{ id: europe }] });
      const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
        user: { email: existing.email },
        subTenants: [{ tenantId: labs }, { tenantId: europe }],
      });
      assert.equal(await errors(res, 409), 'The user is already a member of this account');
      assert.equal(await membership(existing.id, labs), undefined, 'nothing written');
      await f.json(
        await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
          user: { email: existing.email.toUpperCase() },
          subTenants: [{ tenantId: labs, roleIds: [viewer] }],
        }),
      );
      assert.equal((await membership(existing.id, labs))?.activatedForTenant, false);
      assert.equal((await f.db.select().from(users).where(eq(users.email, existing.email))).length, 1);
    });

    it('[TENANTS-027] the body is validated with the contract', async () => {
      const res = await f.request('POST', sub.addUserToTenantAndSubTenants.path, admin.token, {
        user: { email: 'not-an-email' },
        subTenants: [],
      });
      const text = await errors(res, 400);
      assert.match(text, /user\.email: email must be an email address/);
      assert.match(text, /subTenants: subTenants must name at least one account/);
    });
  });

  describe('[TENANTS-022] add users to one sub-tenant (POST sub-tenants v2)', () => {
    it('[TENANTS-022] invites every user with the same roles; allowSubAccountAccess sets the new memberships’ flag', async () => {
      const [a, b] = [email('v2a'), email('v2b')];
      const res = await f.request('POST', sub.addUsersToSubTenant.path, admin.token, {
        users: [{ email: a, name: 'V2 A' }, { email: b }],
        tenantId: labs,
        roleIds: [viewer, editor],
        allowSubAccountAccess: false,
      });
      assert.deepEqual(await f.json(res), {});
      for (const address of [a, b]) {
        const user = (await userByEmail(address))!;
        const row = (await membership(user.id, labs))!;
        assert.equal(row.activatedForTenant, false);
        assert.equal(row.subAccountAccessAllowed, false);
        assert.deepEqual(await rolesOf(user.id, labs), [viewer, editor].sort());
        await f.mailTo(address, 'Acme Labs');
      }
      const c = email('v2c');
      await f.json(
        await f.request('POST', sub.addUsersToSubTenant.path, admin.token, {
          users: [{ email: c }],
          tenantId: labs,
          allowSubAccountAccess: true,
        }),
      );
      assert.equal((await membership((await userByEmail(c))!.id, labs))?.subAccountAccessAllowed, true);
      const rows = await f.auditsFor('User added to sub-account');
      const row = rows.find((r) => (r.json as { targetEmail?: string }).targetEmail === a)!;
      assert.equal(row.tenantId, labs);
      assert.equal((row.json as { actingTenantId: string }).actingTenantId, acme);
      assert.equal((row.json as { subAccountAccessAllowed: boolean }).subAccountAccessAllowed, false);
    });

    it('[TENANTS-022] a sibling or the parent named by a sub-account’s admin is a 404', async () => {
      const labsAdmin = await f.member(['Admin'], 'Acme Labs');
      for (const tenantId of [acme, europe]) {
        const address = email('sibling');
        const res = await f.request('POST', sub.addUsersToSubTenant.path, labsAdmin.token, {
          users: [{ email: address }],
          tenantId,
        });
        assert.equal(await errors(res, 404), 'Sub-account not found');
        assert.equal(await userByEmail(address), undefined);
      }
    });

    it('[TENANTS-013] a new membership of a defaultOff account does not reach sub-accounts until allowed', async () => {
      await setAccessType(labs, 'defaultOff');
      try {
        const viaHierarchy = email('off1');
        await f.json(
          await f.request('POST', sub.addUsersToSubTenant.path, admin.token, {
            users: [{ email: viaHierarchy }],
            tenantId: labs,
          }),
        );
        const id1 = (await userByEmail(viaHierarchy))!.id;
        assert.equal((await membership(id1, labs))?.subAccountAccessAllowed, false);
        // The users page's invitation goes through the same rule (createInvitation).
        const labsAdmin = await f.member(['Admin'], 'Acme Labs');
        const viaTeam = email('off2');
        await f.json(
          await f.request('POST', paths.teams.addUser.path, labsAdmin.token, { email: viaTeam, name: 'Off' }),
        );
        assert.equal(
          (await membership((await userByEmail(viaTeam))!.id, labs))?.subAccountAccessAllowed,
          false,
        );
        // defaultOn (Europe): allowed.
        const on = email('on');
        await f.json(
          await f.request('POST', sub.addUsersToSubTenant.path, admin.token, {
            users: [{ email: on }],
            tenantId: europe,
          }),
        );
        assert.equal((await membership((await userByEmail(on))!.id, europe))?.subAccountAccessAllowed, true);
      } finally {
        await setAccessType(labs, 'defaultOn');
      }
    });
  });

  describe('[TENANTS-017] remove a user from the tenant and sub-tenants (DELETE with a payload)', () => {
    it('[TENANTS-017] removes the user from each named account; a user left in no account is deleted', async () => {
      const kept = await f.createUser({
        tenants: [
          { id: acme, roleIds: [viewer] },
          { id: europe, roleIds: [viewer] },
          { id: labs, roleIds: [editor] },
        ],
      });
      const res = await f.request('DELETE', sub.removeUserFromTenantAndSubTenants.path, admin.token, {
        userId: kept.id,
        subTenants: [{ tenantId: europe }, { tenantId: labs }],
      });
      assert.deepEqual(await f.json(res), {});
      assert.equal(await membership(kept.id, europe), undefined);
      assert.equal(await membership(kept.id, labs), undefined);
      assert.deepEqual(await rolesOf(kept.id, labs), []);
      assert.ok(await membership(kept.id, acme), 'still in Acme');
      assert.ok(await userByEmail(kept.email), 'the user stays');

      // Only in sub-accounts, active in Europe: removed from both, the user goes.
      const gone = await f.createUser({ tenants: [{ id: europe }, { id: labs }] });
      await f.json(
        await f.request('DELETE', sub.removeUserFromTenantAndSubTenants.path, admin.token, {
          userId: gone.id,
          subTenants: [{ tenantId: europe }, { tenantId: labs }],
        }),
      );
      assert.equal(await userByEmail(gone.email), undefined);
      const rows = (await f.auditsFor('User removed from sub-account')).filter(
        (r) => (r.json as { targetUserId: string }).targetUserId === gone.id,
      );
      assert.deepEqual(rows.map((r) => r.tenantId).sort(), [europe, labs].sort());
      assert.ok(rows.every((r) => r.userId === admin.id));
      assert.ok(rows.every((r) => (r.json as { actingTenantId: string }).actingTenantId === acme));
      assert.deepEqual(rows.map((r) => (r.json as { userDeleted: boolean }).userDeleted).sort(), [
        false,
        true,
      ]);
    });

    it('[TENANTS-017] a user not a member of a named account is a 404 and nothing is removed', async () => {
      const only = await f.createUser({ tenants: [{ id: europe }] });
      const res = await f.request('DELETE', sub.removeUserFromTenantAndSubTenants.path, admin.token, {
        userId: only.id,
        subTenants: [{ tenantId: europe }, { tenantId: labs }],
      });
      assert.equal(await errors(res, 404), 'User not found');
      assert.ok(await membership(only.id, europe));
    });

    it('[TENANTS-017] the caller cannot remove themselves from their own account; outside the subtree is a 404', async () => {
      let res = await f.request('DELETE', sub.removeUserFromTenantAndSubTenants.path, admin.token, {
        userId: admin.id,
        subTenants: [{ tenantId: acme }],
      });
      assert.equal(await errors(res, 400), 'You cannot delete yourself');
      const europeAdmin = await f.member(['Admin'], 'Acme Europe');
      const inAcme = await f.createUser({ tenants: [{ id: acme }, { id: labs }] });
      for (const tenantId of [acme, labs]) {
        res = await f.request('DELETE', sub.removeUserFromTenantAndSubTenants.path, europeAdmin.token, {
          userId: inAcme.id,
          subTenants: [{ tenantId }],
        });
        assert.equal(await errors(res, 404), 'Sub-account not found');
      }
      assert.ok(await membership(inAcme.id, acme));
      assert.ok(await membership(inAcme.id, labs));
    });
  });

  describe('[TENANTS-018] [TENANTS-019] [TENANTS-020] roles per sub-account', () => {
    const rolesUrl = (route: { path: string }, userId: string) => at(route.path, { userId });

    it('[TENANTS-018] adds roles in each named account; [TENANTS-019] removes them; [TENANTS-020] sets exactly', async () => {
      const user = await f.createUser({
        tenants: [
          { id: europe, roleIds: [viewer] },
          { id: labs, roleIds: [viewer] },
        ],
      });
      const readOnly = (await f.builtInRole('ReadOnly')).id;
      let res = await f.request('POST', rolesUrl(sub.addUserRolesForSubTenants, user.id), admin.token, {
        subTenantsRoles: [
          { tenantId: europe, roleIds: [editor] },
          { tenantId: labs, roleIds: [viewer, readOnly] },
        ],
      });
      assert.deepEqual(await f.json(res), {});
      assert.deepEqual(await rolesOf(user.id, europe), [viewer, editor].sort());
      assert.deepEqual(await rolesOf(user.id, labs), [viewer, readOnly].sort());

      res = await f.request('DELETE', rolesUrl(sub.removeUserRolesFromSubTenants, user.id), admin.token, {
        subTenantsRoles: [{ tenantId: europe, roleIds: [viewer] }],
      });
      await f.json(res);
      assert.deepEqual(await rolesOf(user.id, europe), [editor]);
      assert.deepEqual(await rolesOf(user.id, labs), [viewer, readOnly].sort(), 'Labs untouched');

      res = await f.request('PATCH', rolesUrl(sub.setUserRolesForSubTenants, user.id), admin.token, {
        subTenantsRoles: [
          { tenantId: europe, roleIds: [readOnly] },
          { tenantId: labs, roleIds: [editor] },
        ],
      });
      await f.json(res);
      assert.deepEqual(await rolesOf(user.id, europe), [readOnly]);
      assert.deepEqual(await rolesOf(user.id, labs), [editor]);

      const rows = (await f.auditsFor('User roles updated in sub-account')).filter(
        (r) => (r.json as { targetUserId: string }).targetUserId === user.id,
      );
      assert.equal(rows.length, 5, 'add ×2, remove ×1, set ×2');
      const last = rows.filter((r) => r.tenantId === labs).at(-1)!;
      assert.equal(last.userId, admin.id);
      const json = last.json as { actingTenantId: string; rolesAdded: string[]; rolesRemoved: string[] };
      assert.equal(json.actingTenantId, acme);
      assert.deepEqual(json.rolesAdded, [editor]);
      assert.deepEqual([...json.rolesRemoved].sort(), [viewer, readOnly].sort());
    });

    it('[TENANTS-018] the user must be a member of each account; roles must be visible there', async () => {
      const user = await f.createUser({ tenants: [{ id: europe, roleIds: [viewer] }] });
      let res = await f.request('POST', rolesUrl(sub.addUserRolesForSubTenants, user.id), admin.token, {
        subTenantsRoles: [
          { tenantId: europe, roleIds: [editor] },
          { tenantId: labs, roleIds: [editor] },
        ],
      });
      assert.equal(await errors(res, 404), 'User not found');
      assert.deepEqual(await rolesOf(user.id, europe), [viewer], 'nothing written');
      const labsRole = await roleWith(labs, ['fe.secure.read.users']);
      res = await f.request('POST', rolesUrl(sub.addUserRolesForSubTenants, user.id), admin.token, {
        subTenantsRoles: [{ tenantId: europe, roleIds: [labsRole] }],
      });
      assert.equal(await errors(res, 404), 'Role not found');
    });

    it('[TENANTS-020] no escalation: giving or taking away a role the caller does not fully hold is a 403', async () => {
      const limited = await f.member([
        await roleWith(acme, ['fe.account-hierarchy.write.subAccount', 'fe.secure.read.users']),
      ]);
      const readUsers = await roleWith(null, ['fe.secure.read.users']);
      const user = await f.createUser({ tenants: [{ id: europe, roleIds: [viewer] }] });
      for (const [method, route] of [
        ['PATCH', sub.setUserRolesForSubTenants],
        ['DELETE', sub.removeUserRolesFromSubTenants],
      ] as const) {
        const res = await f.request(method, rolesUrl(route, user.id), limited.token, {
          subTenantsRoles: [{ tenantId: europe, roleIds: method === 'PATCH' ? [readUsers] : [viewer] }],
        });
        assert.match(await errors(res, 403), /^You cannot grant permissions you do not hold/, method);
      }
      assert.deepEqual(await rolesOf(user.id, europe), [viewer]);
      // A role whose permissions the caller holds: allowed.
      await f.json(
        await f.request('POST', rolesUrl(sub.addUserRolesForSubTenants, user.id), limited.token, {
          subTenantsRoles: [{ tenantId: europe, roleIds: [readUsers] }],
        }),
      );
      assert.deepEqual(await rolesOf(user.id, europe), [viewer, readUsers].sort());
    });
  });

  describe('[TENANTS-021] sub-account access (PUT access, with a payload)', () => {
    const accessUrl = (userId: string) => at(sub.updateSubAccountAccess.path, { userId });

    it('[TENANTS-021] denies and allows a member of the caller’s account, audited', async () => {
      const member = await f.createUser({ tenants: [{ id: acme, roles: ['ReadOnly'] }] });
      let res = await f.request('PUT', accessUrl(member.id), admin.token, { allowAccess: false });
      assert.deepEqual(await f.json(res), {});
      assert.equal((await membership(member.id, acme))?.subAccountAccessAllowed, false);
      const [denied] = (await f.auditsFor('Sub-account access denied')).filter(
        (r) => (r.json as { targetUserId: string }).targetUserId === member.id,
      );
      assert.equal(denied?.tenantId, acme);
      assert.equal(denied?.userId, admin.id);
      assert.equal(denied?.severity, 'Medium');
      res = await f.request('PUT', accessUrl(member.id), admin.token, { allowAccess: true });
      await f.json(res);
      assert.equal((await membership(member.id, acme))?.subAccountAccessAllowed, true);
      assert.equal(
        (await f.auditsFor('Sub-account access allowed')).filter(
          (r) => (r.json as { targetUserId: string }).targetUserId === member.id,
        ).length,
        1,
      );
    });

    it('[TENANTS-021] a user who is not a member of the caller’s account is a 404; the body is validated', async () => {
      const europeOnly = await f.createUser({ tenants: [{ id: europe }] });
      let res = await f.request('PUT', accessUrl(europeOnly.id), admin.token, { allowAccess: false });
      assert.equal(await errors(res, 404), 'User not found');
      assert.equal((await membership(europeOnly.id, europe))?.subAccountAccessAllowed, true);
      res = await f.request('PUT', accessUrl(admin.id), admin.token, { allowAccess: 'no' });
      assert.equal(await errors(res, 400), 'allowAccess: allowAccess must be true or false');
    });

    it('[TENANTS-021] an alwaysOn account refuses a denial (ER-8004) and still allows', async () => {
      const member = await f.createUser({ tenants: [{ id: acme }] });
      await setAccessType(acme, 'alwaysOn');
      try {
        let res = await f.request('PUT', accessUrl(member.id), admin.token, { allowAccess: false });
        const body = await f.json<{ errors: string[]; code?: string }>(res, 400);
        assert.deepEqual(body.errors, [
          "Sub-account access cannot be denied: the account's hierarchy settings keep it always on",
        ]);
        assert.equal((await membership(member.id, acme))?.subAccountAccessAllowed, true);
        res = await f.request('PUT', accessUrl(member.id), admin.token, { allowAccess: true });
        await f.json(res);
      } finally {
        await setAccessType(acme, 'defaultOn');
      }
    });
  });

  describe('[TENANTS-014] [TENANTS-021] a delegated token (users v3 me/token) and a denial', () => {
    it('[TENANTS-014] [TENANTS-021] a parent member’s token for a sub-account acts there until its access is denied', async () => {
      const delegate = await f.member(['Admin'], 'Acme', 'Delegate Admin');
      const inEurope = await f.createUser({ tenants: [{ id: europe, roleIds: [viewer] }] });
      const { accessToken } = await f.json<{ accessToken: string }>(
        await f.request('POST', paths.users.GetUserJwt.path, delegate.token, { tenantId: europe }),
      );
      // Acting in Acme Europe with Acme's roles: its users (the sub-account's own list), its users' roles.
      const listed = await f.json<{ items: { id: string }[] }>(
        await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, accessToken),
      );
      assert.ok(listed.items.some((u) => u.id === inEurope.id));
      assert.ok(!listed.items.some((u) => u.id === admin.id), 'the parent’s users are not the sub-account’s');
      await f.json(
        await f.request(
          'POST',
          at(sub.addUserRolesForSubTenants.path, { userId: inEurope.id }),
          accessToken,
          { subTenantsRoles: [{ tenantId: europe, roleIds: [editor] }] },
        ),
      );
      assert.deepEqual(await rolesOf(inEurope.id, europe), [viewer, editor].sort());
      const [row] = (await f.auditsFor('User roles updated in sub-account')).filter(
        (r) => (r.json as { targetUserId: string }).targetUserId === inEurope.id,
      );
      assert.equal(row?.tenantId, europe);
      assert.equal(row?.userId, delegate.id);
      assert.equal((row?.json as { actingTenantId: string }).actingTenantId, acme);
      // The sub-account's token names no account above it.
      const res = await f.request(
        'POST',
        at(sub.addUserRolesForSubTenants.path, { userId: admin.id }),
        accessToken,
        { subTenantsRoles: [{ tenantId: acme, roleIds: [editor] }] },
      );
      assert.equal(await errors(res, 404), 'Sub-account not found');

      // Denied by Acme's admin: the next call with the sub-account's token is refused at once.
      await f.json(
        await f.request('PUT', at(sub.updateSubAccountAccess.path, { userId: delegate.id }), admin.token, {
          allowAccess: false,
        }),
      );
      const refused = await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, accessToken);
      assert.equal(await errors(refused, 403), 'Access to this sub-account is not allowed');
      // Allowed again: the same token works again (access is read per call).
      await f.json(
        await f.request('PUT', at(sub.updateSubAccountAccess.path, { userId: delegate.id }), admin.token, {
          allowAccess: true,
        }),
      );
      await f.json(await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, accessToken));
    });
  });

  describe('[TENANTS-012] [SCREEN-058] users across the tree', () => {
    type Page = { items: { id: string; email: string }[] };
    const idsOf = async (res: Response) => (await f.json<Page>(res)).items.map((u) => u.id);

    it('[TENANTS-012] [SCREEN-058] load all users and users v3 includeSubTenants answer the caller’s subtree', async () => {
      const inEurope = await f.createUser({ tenants: [{ id: europe }] });
      const inLabs = await f.createUser({ tenants: [{ id: labs }] });
      const elsewhere = await f.createUser({ tenants: [{ id: await f.newTenant('Globex Users') }] });
      const all = await idsOf(await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, admin.token));
      for (const u of [inEurope, inLabs]) assert.ok(all.includes(u.id), 'a sub-account’s user is listed');
      assert.ok(all.includes(admin.id), 'the account’s own users too');
      assert.ok(!all.includes(elsewhere.id), 'never another account’s');
      const v3 = await idsOf(
        await f.request(
          'GET',
          `${paths.users.getUsersV3.path}?_limit=500&_includeSubTenants=true`,
          admin.token,
        ),
      );
      assert.ok(v3.includes(inEurope.id) && v3.includes(inLabs.id));
      const own = await idsOf(
        await f.request('GET', `${paths.users.getUsersV3.path}?_limit=500`, admin.token),
      );
      assert.ok(!own.includes(inEurope.id), 'without includeSubTenants: the account’s own');
      // A sub-account's admin sees its own subtree: not the parent's nor the sibling's users.
      const europeAdmin = await f.member(['Admin'], 'Acme Europe');
      const fromEurope = await idsOf(
        await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, europeAdmin.token),
      );
      assert.ok(fromEurope.includes(inEurope.id));
      assert.ok(!fromEurope.includes(inLabs.id) && !fromEurope.includes(admin.id));
    });

    it('[TENANTS-012] [TENANTS-021] a member denied sub-account access gets only the account’s own users (alwaysOn overrides)', async () => {
      const inEurope = await f.createUser({ tenants: [{ id: europe }] });
      const reader = await f.member(['ReadOnly']);
      await f.json(
        await f.request('PUT', at(sub.updateSubAccountAccess.path, { userId: reader.id }), admin.token, {
          allowAccess: false,
        }),
      );
      const listed = await idsOf(await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, reader.token));
      assert.ok(listed.includes(admin.id), 'the account’s own users');
      assert.ok(!listed.includes(inEurope.id), 'no sub-account users once denied');
      await setAccessType(acme, 'alwaysOn');
      try {
        const always = await idsOf(
          await f.request('GET', `${sub.loadAllUsers.path}?_limit=500`, reader.token),
        );
        assert.ok(always.includes(inEurope.id), 'alwaysOn: every member reaches the sub-accounts');
      } finally {
        await setAccessType(acme, 'defaultOn');
      }
    });
  });
});
