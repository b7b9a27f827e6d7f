// The account hierarchy (issue 20): the tree, list, search, parents, counts and metadata of the caller's
// sub-accounts; creating, renaming, managing and deleting them; delegation (a parent's administrator acting in a
// sub-account with a per-account token) and the tenant kept per browser tab. Real server, real HTTP.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { TREE_LEVEL_LIMIT, type TenantTreeNode } from '../../shared/api/contracts/hierarchy';
import { paths } from '../../shared/api/paths';
import { apiTokens, audits, tenants, users, userTenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';
import { loadMoreLinkOf } from './hierarchy';

type Json = Record<string, unknown>;
const at = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
const SEARCH = paths.tenants.searchSubTenants.path;

describe('account hierarchy', () => {
  let t: TestServer;
  let h: ReturnType<typeof fixtures>;
  let acme: string;
  let europe: string;
  let labs: string;
  let admin: { token: string; cookie: string };
  before(async () => {
    t = await testServer();
    h = fixtures(t);
    acme = await h.tenantId('Acme');
    europe = await h.tenantId('Acme Europe');
    labs = await h.tenantId('Acme Labs');
    admin = await h.signIn();
  });
  after(() => t.close());

  const get = async <T = Json>(path: string, token = admin.token, status = 200) =>
    h.json<T>(await h.request('GET', path, token), status);
  const send = async <T = Json>(
    method: string,
    path: string,
    body: unknown,
    token = admin.token,
    status = 200,
  ) => h.json<T>(await h.request(method, path, token, body), status);
  const create = (body: Json, token = admin.token) =>
    send<{ tenantId: string; name: string; parentTenantId: string }>(
      'POST',
      paths.subTenants.createSubTenant.path,
      body,
      token,
      201,
    );
  const codeOf = async (res: Response, status: number) => {
    const body = await h.json<{ errors: string[]; errorCode: string }>(res, status);
    return { code: body.errorCode, message: body.errors.join(' | ') };
  };
  /** A per-account token of the admin (users v3 me/token). */
  const tokenFor = async (tenantId: string, token = admin.token) =>
    (await send<{ accessToken: string }>('POST', paths.users.GetUserJwt.path, { tenantId }, token))
      .accessToken;
  const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;

  it('[TENANTS-001] [TENANTS-002] [ENUM-029] the tree: the caller account with its children by name, numberOfUsers, category and loadMoreLink', async () => {
    const tree = await get<TenantTreeNode>(paths.tenants.getSubTenantsAsTree.path);
    assert.equal(tree.tenantId, acme);
    assert.equal(tree.name, 'Acme');
    assert.equal(tree.tenantName, 'Acme');
    assert.equal(tree.tenantType, 'reseller');
    assert.equal(tree.isReseller, true);
    assert.equal(tree.loadMoreLink, null);
    assert.ok(tree.numberOfUsers >= 1, 'the admin counts');
    const names = tree.children.map((c) => c.name);
    assert.deepEqual(
      names.filter((n) => n === 'Acme Europe' || n === 'Acme Labs'),
      ['Acme Europe', 'Acme Labs'],
    );
    assert.deepEqual(
      [...names].sort((a, b) => a.localeCompare(b)),
      names,
      'children by name',
    );
    const eu = tree.children.find((c) => c.tenantId === europe)!;
    assert.equal(eu.tenantType, 'customer');
    assert.equal(eu.numberOfUsers, 0);
    assert.deepEqual(JSON.parse(eu.metadata), {});
    for (const key of ['tenantId', 'name', 'alias', 'createdAt', 'metadata', 'children', 'numberOfUsers'])
      assert.ok(key in eu, key);
  });

  it('[TENANTS-002] [TENANTS-026] a level of more than 50 children answers 50 and a loadMoreLink the search answers the rest of', async () => {
    const big = await create({ name: unique('Big') });
    const rows = Array.from({ length: TREE_LEVEL_LIMIT + 2 }, (_, i) => ({
      id: randomUUID(),
      vendorId: t.services.vendorId,
      parentId: big.tenantId,
      name: `Child ${String(i).padStart(3, '0')}`,
    }));
    await h.db.insert(tenants).values(rows);
    const tree = await get<TenantTreeNode>(paths.tenants.getSubTenantsAsTree.path);
    const node = tree.children.find((c) => c.tenantId === big.tenantId)!;
    assert.equal(node.children.length, TREE_LEVEL_LIMIT);
    assert.equal(node.children[0]!.name, 'Child 000');
    assert.equal(node.loadMoreLink, loadMoreLinkOf(big.tenantId));
    assert.ok(node.loadMoreLink!.startsWith(`${SEARCH}?_subTenantId=`));
    const more = await get<{ items: { name: string }[]; _metadata: { totalItems: number } }>(
      node.loadMoreLink!,
    );
    assert.deepEqual(
      more.items.map((i) => i.name),
      ['Child 050', 'Child 051'],
    );
    assert.equal(more._metadata.totalItems, TREE_LEVEL_LIMIT + 2);
    // The rest of the test file does not want them.
    await send('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: big.tenantId }), undefined);
  });

  it('[TENANTS-003] [TENANTS-015] me/tenants (v1, v2, v3) lists own and delegated accounts, each once', async () => {
    // A member of Acme (access to sub-accounts allowed) and of Europe itself: Europe is listed once.
    const user = await h.createUser({
      tenants: [{ id: acme, roles: ['Viewer'] }, { id: europe }],
      password: true,
    });
    const { token } = await user.signIn();
    const v2 = await get<{ tenantId: string }[]>(paths.tenants.getTenants.path, token);
    const ids = v2.map((x) => x.tenantId);
    assert.equal(new Set(ids).size, ids.length, 'each once');
    for (const id of [acme, europe, labs]) assert.ok(ids.includes(id), id);
    for (const path of [paths.users.getCurrentUserTenantsV1.path, paths.users.getCurrentUserTenantsV3.path]) {
      const answer = await get<{ tenants: { tenantId: string }[]; activeTenant: { tenantId: string } }>(
        path,
        token,
      );
      assert.deepEqual(
        answer.tenants.map((x) => x.tenantId),
        ids,
      );
      assert.equal(answer.activeTenant.tenantId, acme);
    }
    // Denied sub-account access in Acme: only its own accounts.
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    const own = await get<{ tenantId: string }[]>(paths.tenants.getTenants.path, token);
    assert.deepEqual(own.map((x) => x.tenantId).sort(), [acme, europe].sort());
  });

  it('[TENANTS-027] the list with levels, parents (own; by id up to the caller only), users count and metadata', async () => {
    const mid = await create({ name: unique('Mid'), parentTenantId: europe });
    const list = await get<{ tenantId: string; level: number; parentTenantId: string }[]>(
      paths.tenants.getSubTenants.path,
    );
    assert.equal(list.find((x) => x.tenantId === europe)!.level, 1);
    const m = list.find((x) => x.tenantId === mid.tenantId)!;
    assert.equal(m.level, 2);
    assert.equal(m.parentTenantId, europe);
    assert.ok(!list.some((x) => x.tenantId === acme), 'never the caller account itself');

    assert.deepEqual(await get(paths.tenants.getParentTenants.path), [], 'Acme is a top account');
    const byId = await get<{ tenantId: string; level: number }[]>(
      at(paths.tenants.getParentTenantsById.path, { tenantId: mid.tenantId }),
    );
    assert.deepEqual(
      byId.map((p) => [p.tenantId, p.level]),
      [
        [europe, 1],
        [acme, 2],
      ],
    );
    // From Europe's delegated token: the chain stops at Europe (Acme above it is not answered).
    const europeToken = await tokenFor(europe);
    const fromEurope = await get<{ tenantId: string }[]>(
      at(paths.tenants.getParentTenantsById.path, { tenantId: mid.tenantId }),
      europeToken,
    );
    assert.deepEqual(
      fromEurope.map((p) => p.tenantId),
      [europe],
    );
    const ownParents = await get<{ tenantId: string }[]>(paths.tenants.getParentTenants.path, europeToken);
    assert.deepEqual(
      ownParents.map((p) => p.tenantId),
      [acme],
    );

    const counts = await send<{ tenantId: string; totalUsers: number; totalAccessAllowedUsers: number }[]>(
      'POST',
      paths.tenants.getTenantsUsersCount.path,
      { tenantIds: [acme, europe, acme] },
    );
    assert.deepEqual(
      counts.map((x) => x.tenantId),
      [acme, europe],
      'each id once',
    );
    assert.ok(counts[0]!.totalUsers >= counts[0]!.totalAccessAllowedUsers);
    const refused = await h.request('POST', paths.tenants.getTenantsUsersCount.path, europeToken, {
      tenantIds: [labs],
    });
    assert.equal((await codeOf(refused, 404)).code, 'ER-8001');

    const meta = await get<{ tenantId: string; totalSubTenants: number; isParent: boolean }[]>(
      `${paths.tenants.getHierarchyMetadata.path}?_tenantIds=${europe},${mid.tenantId}`,
    );
    assert.deepEqual(meta, [
      { tenantId: europe, totalSubTenants: 1, isParent: true },
      { tenantId: mid.tenantId, totalSubTenants: 0, isParent: false },
    ]);
    await send('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: mid.tenantId }), undefined);
  });

  it('[TENANTS-026] [TENANTS-010] [ENUM-028] search: limit 50 from offset 0, filter on name or id (case-insensitive, % and _ literal), sort fields, isParent', async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await create({ name: `Zeta_${tag}`, tenantId: `zz-${tag}-a` });
    const b = await create({ name: `alpha%${tag}`, parentTenantId: a.tenantId, tenantId: `aa-${tag}-b` });
    const page = await get<{
      items: { tenantId: string; name: string; metadata: { isParent: boolean }; parentTenantId: string }[];
      _metadata: { totalItems: number; totalPages: number };
    }>(SEARCH);
    assert.equal(page._metadata.totalPages, Math.ceil(page._metadata.totalItems / 50));
    assert.ok(page.items.length <= 50);
    assert.ok(
      page.items.some((i) => i.tenantId === b.tenantId),
      'every descendant, at any depth',
    );

    const filtered = await get<typeof page>(`${SEARCH}?_filter=${encodeURIComponent(tag.toUpperCase())}`);
    assert.deepEqual(
      filtered.items.map((i) => i.tenantId),
      [b.tenantId, a.tenantId],
      'by name, ascending by default',
    );
    assert.equal(filtered.items.find((i) => i.tenantId === a.tenantId)!.metadata.isParent, true);
    assert.equal(filtered.items.find((i) => i.tenantId === b.tenantId)!.metadata.isParent, false);
    const literal = await get<typeof page>(`${SEARCH}?_filter=${encodeURIComponent(`%${tag}`)}`);
    assert.deepEqual(
      literal.items.map((i) => i.tenantId),
      [b.tenantId],
      '% is itself',
    );
    assert.deepEqual(
      (await get<typeof page>(`${SEARCH}?_filter=%25`)).items.map((i) => i.tenantId),
      [b.tenantId],
    );
    const byId = await get<typeof page>(`${SEARCH}?_filter=ZZ-${tag}`);
    assert.deepEqual(
      byId.items.map((i) => i.tenantId),
      [a.tenantId],
    );
    for (const [sortBy, order, first] of [
      ['tenantId', 'DESC', a.tenantId],
      ['tenantId', 'ASC', b.tenantId],
      ['createdAt', 'ASC', a.tenantId],
      ['createdAt', 'DESC', b.tenantId],
      ['name', 'DESC', a.tenantId],
    ] as const) {
      const sorted = await get<typeof page>(`${SEARCH}?_filter=${tag}&_sortBy=${sortBy}&_order=${order}`);
      assert.equal(sorted.items[0]!.tenantId, first, `${sortBy} ${order}`);
    }
    const children = await get<typeof page>(`${SEARCH}?_subTenantId=${a.tenantId}`);
    assert.deepEqual(
      children.items.map((i) => i.tenantId),
      [b.tenantId],
    );
    const paged = await get<typeof page>(`${SEARCH}?_filter=${tag}&_limit=1&_offset=1`);
    assert.deepEqual(
      paged.items.map((i) => i.tenantId),
      [a.tenantId],
    );
    assert.deepEqual(paged._metadata, { totalItems: 2, totalPages: 2 });
    const bad = await h.request('GET', `${SEARCH}?_sortBy=size`, admin.token);
    assert.match((await codeOf(bad, 400)).message, /_sortBy must be one of createdAt, name, tenantId/);
    await send('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: a.tenantId }), undefined);
  });

  it('[TENANTS-023] [ENUM-029] create: under the caller account or a sub-account, a given tenantId unused, depth at most 10; the creator is not made a member', async () => {
    const name = unique('New');
    const res = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name,
      tenantType: 'test',
      website: 'https://example.test',
    });
    const created = await h.json<{
      tenantId: string;
      parentTenantId: string;
      tenantType: string;
      website: string;
    }>(res, 201);
    assert.equal(created.parentTenantId, acme);
    assert.equal(created.tenantType, 'test');
    assert.equal(created.website, 'https://example.test');
    const members = await h.db.select().from(userTenants).where(eq(userTenants.tenantId, created.tenantId));
    assert.deepEqual(members, [], 'the creator reaches it by delegation, not as a member');
    const [row] = (await h.auditsFor('Sub-account created')).filter((a) => a.tenantId === created.tenantId);
    assert.equal(row!.email, 'admin@acme.test');
    assert.equal((row!.json as Json).actingTenantId, acme);

    const id = `fixed-${randomUUID().slice(0, 8)}`;
    await create({ name: unique('Fixed'), tenantId: id, parentTenantId: created.tenantId });
    const again = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name: 'Again',
      tenantId: id,
    });
    assert.equal((await codeOf(again, 409)).code, 'ER-8002');
    const taken = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name: 'Taken',
      tenantId: acme,
    });
    assert.equal((await codeOf(taken, 409)).code, 'ER-8002');
    const badType = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name: 'Bad',
      tenantType: 'vip',
    });
    assert.equal(badType.status, 400);
    const foreignParent = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name: 'Lost',
      parentTenantId: randomUUID(),
    });
    assert.equal((await codeOf(foreignParent, 404)).code, 'ER-8001');

    // Levels 1 (created) .. 10 are allowed; an 11th level is refused.
    let parent = created.tenantId;
    for (let level = 2; level <= 10; level++)
      parent = (await create({ name: `L${level}`, parentTenantId: parent })).tenantId;
    const deep = await h.request('POST', paths.subTenants.createSubTenant.path, admin.token, {
      name: 'L11',
      parentTenantId: parent,
    });
    assert.equal((await codeOf(deep, 400)).code, 'ER-8003');
    await send(
      'DELETE',
      at(paths.subTenants.deleteSubTenant.path, { tenantId: created.tenantId }),
      undefined,
    );
  });

  it('[TENANTS-025] [ENUM-029] rename, management (isReseller, category) and hierarchy settings (own or a sub-account)', async () => {
    const sub = await create({ name: unique('Rename') });
    const renamed = await send<{ name: string }>(
      'PATCH',
      at(paths.subTenants.updateSubTenant.path, { tenantId: sub.tenantId }),
      { name: 'Renamed Co' },
    );
    assert.equal(renamed.name, 'Renamed Co');
    const [row] = (await h.auditsFor('Sub-account renamed')).filter((a) => a.tenantId === sub.tenantId);
    assert.deepEqual(row!.json, { from: sub.name, to: 'Renamed Co', actingTenantId: acme });
    const blank = await h.request(
      'PATCH',
      at(paths.subTenants.updateSubTenant.path, { tenantId: sub.tenantId }),
      admin.token,
      {
        name: '  ',
      },
    );
    assert.equal(blank.status, 400);
    const own = await h.request(
      'PATCH',
      at(paths.subTenants.updateSubTenant.path, { tenantId: acme }),
      admin.token,
      {
        name: 'Mine',
      },
    );
    assert.equal((await codeOf(own, 404)).code, 'ER-8001', 'the caller account is not its own sub-account');

    const managed = await send<{ isReseller: boolean; tenantType: string }>(
      'PUT',
      at(paths.subTenants.updateSubTenantManagement.path, { tenantId: sub.tenantId }),
      { isReseller: true, tenantType: 'headquarter' },
    );
    assert.deepEqual([managed.isReseller, managed.tenantType], [true, 'headquarter']);

    for (const tenantId of [sub.tenantId, acme]) {
      const settings = await send<{ subAccountAccessType: string; parentTenantId: string | null }>(
        'PUT',
        at(paths.subTenants.updateSubTenantHierarchySettings.path, { tenantId }),
        { subAccountAccessType: 'defaultOff' },
      );
      assert.equal(settings.subAccountAccessType, 'defaultOff');
      assert.equal(settings.parentTenantId, tenantId === acme ? null : acme);
    }
    await send('PUT', at(paths.subTenants.updateSubTenantHierarchySettings.path, { tenantId: acme }), {
      subAccountAccessType: 'defaultOn',
    });
    await send('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: sub.tenantId }), undefined);
  });

  it('[TENANTS-013] [TENANTS-014] a delegated token acts in the sub-account with the roles of the parent account; its audit rows name both accounts', async () => {
    const token = await tokenFor(europe);
    const claims = decodeJwt(token);
    assert.equal(claims.tenantId, europe);
    assert.equal(claims.actingTenantId, acme);
    assert.ok((claims.roles as string[]).includes('Admin'), 'the roles of Acme');
    const [issued] = (await h.auditsFor('Sub-account access token issued')).filter(
      (a) => a.tenantId === europe,
    );
    assert.equal((issued!.json as Json).actingTenantId, acme);

    // A member of Europe only, seen by the delegated token (and not by Acme's own list).
    const member = await h.createUser({ tenants: [{ id: europe, roles: ['Viewer'] }] });
    const europeUsers = await get<{ items: { id: string }[] }>(paths.users.getUsersV3.path, token);
    assert.ok(europeUsers.items.some((u) => u.id === member.id));
    const acmeUsers = await get<{ items: { id: string }[] }>(paths.users.getUsersV3.path);
    assert.ok(!acmeUsers.items.some((u) => u.id === member.id));

    const settings = await get<{ tenantId: string; name: string }>(
      paths.accountSettings.getSettings.path,
      token,
    );
    assert.equal(settings.tenantId, europe);
    const me = await get<{ tenantId: string; roles: { key: string }[] }>(paths.auth.getMeV2.path, token);
    assert.equal(me.tenantId, europe);
    assert.ok(me.roles.some((r) => r.key === 'Admin'));

    await send('PUT', paths.accountSettings.updateSettings.path, { address: 'Berlin 1' }, token);
    const rows = await h.db.select().from(audits).where(eq(audits.tenantId, europe));
    const saved = rows.filter(
      (r) => (r.json as Json).actingTenantId === acme && r.action !== 'Sub-account access token issued',
    );
    assert.ok(
      saved.length >= 1,
      `a row written with the delegated token names Acme: ${rows.map((r) => r.action)}`,
    );

    // A Viewer of Acme inherits Viewer in Europe: reads, but may not write the settings.
    const viewer = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    const viewerToken = await tokenFor(europe, (await viewer.signIn()).token);
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, viewerToken)).status, 200);
    assert.equal(
      (await h.request('PUT', paths.accountSettings.updateSettings.path, viewerToken, { address: 'x' }))
        .status,
      403,
    );
    // Nobody reaches a sibling's or a parent's account by delegation from a sub-account's membership.
    const europeAdmin = await h.createUser({ tenants: [{ id: europe, roles: ['Admin'] }], password: true });
    const { token: europeAdminToken } = await europeAdmin.signIn();
    for (const tenantId of [acme, labs])
      assert.equal(
        (await h.request('POST', paths.users.GetUserJwt.path, europeAdminToken, { tenantId })).status,
        403,
      );
  });

  it('[TENANTS-013] denying sub-account access refuses the next call of an already issued token at once; alwaysOn keeps it', async () => {
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Admin'] }], password: true });
    const token = await tokenFor(labs, (await user.signIn()).token);
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, token)).status, 200);
    const deny = (allowed: boolean) =>
      h.db
        .update(userTenants)
        .set({ subAccountAccessAllowed: allowed })
        .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    await deny(false);
    const refused = await h.request('GET', paths.accountSettings.getSettings.path, token);
    const { code, message } = await codeOf(refused, 403);
    assert.equal(code, 'ER-8005');
    assert.equal(message, 'Access to this sub-account is not allowed');
    // The account's setting 'alwaysOn' overrides a member's denial.
    await h.db.update(tenants).set({ subAccountAccessType: 'alwaysOn' }).where(eq(tenants.id, acme));
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, token)).status, 200);
    await h.db.update(tenants).set({ subAccountAccessType: 'defaultOn' }).where(eq(tenants.id, acme));
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, token)).status, 403);
    // Disabled in Acme: the session's token is gone too (401: no longer an enabled member of the acting account).
    await deny(true);
    await h.db
      .update(userTenants)
      .set({ disabled: true })
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme)));
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, token)).status, 401);
  });

  it('[TENANTS-013] [TENANTS-021] a parent administrator denied sub-account access cannot act on sub-accounts with their own token either, nor give the access back to themselves; a pending membership reaches nothing below', async () => {
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Admin'] }], password: true });
    const own = (await user.signIn()).token;
    const membership = and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, acme));
    await h.db.update(userTenants).set({ subAccountAccessAllowed: false }).where(membership);
    const refused = async (res: Response) => assert.equal((await codeOf(res, 403)).code, 'ER-8005');
    await refused(await h.request('GET', paths.tenants.getSubTenantsAsTree.path, own));
    await refused(
      await h.request('PATCH', at(paths.subTenants.updateSubTenant.path, { tenantId: europe }), own, {
        name: 'Taken',
      }),
    );
    await refused(
      await h.request('POST', paths.subTenants.addUsersToSubTenant.path, own, {
        tenantId: europe,
        users: [{ email: user.email }],
        roleIds: [await h.roleId('Admin')],
      }),
    );
    assert.equal(
      (await h.request('POST', paths.users.GetUserJwt.path, own, { tenantId: europe })).status,
      403,
    );
    // Nor can they allow themselves again (a colleague can).
    const self = await h.request(
      'PUT',
      at(paths.subTenants.updateSubAccountAccess.path, { userId: user.id }),
      own,
      {
        allowAccess: true,
      },
    );
    assert.equal((await codeOf(self, 400)).code, 'ER-8008');
    assert.equal(
      (await get<{ name: string }>(paths.accountSettings.getSettings.path, await tokenFor(europe))).name,
      'Acme Europe',
    );
    // Allowed again but with the invitation to Acme still pending: nothing below Acme is reached.
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: true, activatedForTenant: false })
      .where(membership);
    assert.equal(
      (await h.request('POST', paths.users.GetUserJwt.path, own, { tenantId: europe })).status,
      403,
    );
    await refused(await h.request('GET', paths.tenants.getSubTenantsAsTree.path, own));
    await h.db.update(userTenants).set({ activatedForTenant: true }).where(membership);
    assert.equal(
      (await h.request('POST', paths.users.GetUserJwt.path, own, { tenantId: europe })).status,
      200,
    );
  });

  it('[TENANTS-024] deleting a sub-account deletes its subtree: members removed, users left in no account deleted, tokens refused, hidden everywhere', async () => {
    const top = await create({ name: unique('Doomed') });
    const child = await create({ name: unique('Doomed child'), parentTenantId: top.tenantId });
    const only = await h.createUser({ tenants: [{ id: child.tenantId, roles: ['Viewer'] }] });
    const both = await h.createUser({
      tenants: [
        { id: top.tenantId, roles: ['Admin'] },
        { id: labs, roles: ['Viewer'] },
      ],
    });
    const bothToken = await both.tokenIn(top.tenantId);
    const delegated = await tokenFor(child.tenantId);
    await h.db.insert(apiTokens).values({
      id: randomUUID(),
      tenantId: child.tenantId,
      secretHash: 'x',
      createdByUserId: only.id,
    });
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, delegated)).status, 200);

    // Only an administrator of a parent deletes it: not itself from its own token, nor the caller's own account.
    assert.equal(
      (
        await h.request(
          'DELETE',
          at(paths.subTenants.deleteSubTenant.path, { tenantId: top.tenantId }),
          bothToken,
        )
      ).status,
      404,
    );
    assert.equal(
      (await h.request('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: acme }), admin.token))
        .status,
      404,
    );
    await send('DELETE', at(paths.subTenants.deleteSubTenant.path, { tenantId: top.tenantId }), undefined);

    const gone = await h.db.select().from(tenants).where(eq(tenants.id, child.tenantId));
    assert.ok(gone[0]!.deletedAt, 'kept for the audit trail, marked deleted');
    assert.deepEqual(await h.db.select().from(users).where(eq(users.id, only.id)), [], 'left in no account');
    const [kept] = await h.db.select().from(users).where(eq(users.id, both.id));
    assert.equal(kept!.activeTenantId, labs, 'kept, moved to its other account');
    assert.deepEqual(
      (await h.db.select().from(userTenants).where(eq(userTenants.userId, both.id))).map((m) => m.tenantId),
      [labs],
    );
    const [token] = await h.db.select().from(apiTokens).where(eq(apiTokens.tenantId, child.tenantId));
    assert.ok(token!.deletedAt, 'API tokens revoked');
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, delegated)).status, 403);
    assert.equal((await h.request('GET', paths.accountSettings.getSettings.path, bothToken)).status, 401);

    const tree = await get<TenantTreeNode>(paths.tenants.getSubTenantsAsTree.path);
    assert.ok(!JSON.stringify(tree).includes(top.tenantId));
    const search = await get(SEARCH);
    assert.ok(!JSON.stringify(search).includes(child.tenantId));
    const mine = await get(paths.tenants.getTenants.path);
    assert.ok(!JSON.stringify(mine).includes(top.tenantId));
    for (const id of [top.tenantId, child.tenantId])
      assert.equal(
        (await h.request('GET', at(paths.tenants.getParentTenantsById.path, { tenantId: id }), admin.token))
          .status,
        404,
      );
    const deleted = (await h.auditsFor('Sub-account deleted')).filter((a) =>
      [top.tenantId, child.tenantId].includes(a.tenantId!),
    );
    assert.equal(deleted.length, 2);
    for (const row of deleted) assert.equal((row.json as Json).actingTenantId, acme);
  });

  it('[TENANTS-016] two tabs on one session get tokens for two accounts; neither changes the active account', async () => {
    let { cookie } = await h.signIn();
    const refresh = async (body: Json | undefined) => {
      const res = await t.app.request('/identity/resources/auth/v1/user/token/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `fe_refresh=${cookie}` },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const answer = await h.json<{ accessToken: string; user: { tenantId: string } }>(res);
      cookie = t.refreshCookie(res)!; // the refresh rotates the cookie both tabs share
      return { tenantId: decodeJwt(answer.accessToken).tenantId, user: answer.user.tenantId };
    };
    assert.deepEqual(await refresh({ tenantId: europe }), { tenantId: europe, user: europe });
    assert.deepEqual(await refresh({ tenantId: labs }), { tenantId: labs, user: labs });
    assert.deepEqual(await refresh({ tenantId: europe }), { tenantId: europe, user: europe });
    assert.deepEqual(
      await refresh(undefined),
      { tenantId: acme, user: acme },
      'no tab account: the active one',
    );
    // Frontegg's client sends `{ tenantId: null }` when the tab has none.
    assert.deepEqual(
      await refresh({ tenantId: null }),
      { tenantId: acme, user: acme },
      'null: the active one',
    );
    assert.deepEqual(
      await refresh({ tenantId: randomUUID() }),
      { tenantId: acme, user: acme },
      'unknown: active',
    );
    const [me] = await h.db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    assert.equal(me!.activeTenantId, acme);
  });

  it('[TENANTS-015] switching to a delegated account makes it the active one until the access ends', async () => {
    const user = await h.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    const { token, cookie } = await user.signIn();
    await send('PUT', paths.tenants.switchTenant.path, { tenantId: labs }, token);
    const first = await t.refresh(cookie);
    const { accessToken } = await h.json<{ accessToken: string }>(first);
    assert.equal(decodeJwt(accessToken).tenantId, labs);
    assert.equal(decodeJwt(accessToken).actingTenantId, acme);
    const [row] = (await h.auditsFor('User switched tenant')).filter((a) => a.userId === user.id);
    assert.equal((row!.json as Json).actingTenantId, acme);
    await h.db
      .update(userTenants)
      .set({ subAccountAccessAllowed: false })
      .where(eq(userTenants.userId, user.id));
    const second = await t.refresh(t.refreshCookie(first)!);
    const answer = await h.json<{ accessToken: string }>(second);
    assert.equal(decodeJwt(answer.accessToken).tenantId, acme, 'back to a member account');
  });
});
