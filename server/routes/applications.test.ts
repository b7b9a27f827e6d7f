// Multi-app administration (TEAM-021..023) and the full user view (TEAM-001).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { applicationAccessType } from '../../shared/api/contracts/applications';
import { paths } from '../../shared/api/paths';
import { applications, applicationUsers, audits, users } from '../db/schema';
import { applicationsEndpoints } from './applications';
import { ADMIN_EMAIL, fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface AppJson {
  id: string;
  name: string;
  appURL: string;
  accessType: string;
  isDefault: boolean;
  userIds: string[];
}

const A = paths.applications;
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));

describe('applications: multi-app administration', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let acme: string;
  let globex: string;
  let admin: string;
  let freeApp: string;
  let analytics: string;
  let adaId: string;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    globex = await f.newTenant('Globex Apps');
    admin = (await f.signIn()).token;
    const apps = await f.db.select().from(applications);
    freeApp = apps.find((a) => a.name === 'Acme App')!.id;
    analytics = apps.find((a) => a.name === 'Acme Analytics')!.id;
    adaId = (await f.db.select().from(users).where(eq(users.email, 'ada@acme.test')))[0]!.id;
  });
  after(() => t.close());

  const get = async <T = Json>(path: string, token = admin, status = 200) =>
    f.json<T>(await f.request('GET', path, token), status);

  it('every endpoint of the applications group of the paths table is mounted, behind users permissions', () => {
    const listed = applicationsEndpoints.map((e) => `${e.method} ${e.path}`).sort();
    const group = Object.values(A)
      .map((p) => `${p.method} ${p.path}`)
      .sort();
    assert.deepEqual(listed, group);
    for (const e of applicationsEndpoints)
      assert.equal(
        e.permission,
        e.method === 'GET' ? 'fe.secure.read.users' : 'fe.secure.write.users',
        `${e.method} ${e.path}`,
      );
  });

  it('[TEAM-021] an application carries id, accessType and userIds; the seed has a FREE_ACCESS and a MANAGED_ACCESS one', async () => {
    const list = await get<AppJson[]>(A.getApplicationsData.path);
    assert.deepEqual(
      list.map((a) => [a.name, a.accessType, a.isDefault]),
      [
        ['Acme App', 'FREE_ACCESS', true],
        ['Acme Analytics', 'MANAGED_ACCESS', false],
      ],
    );
    for (const app of list) {
      assert.equal(typeof app.id, 'string');
      assert.ok(Array.isArray(app.userIds), 'userIds');
    }
    assert.deepEqual(list.find((a) => a.id === analytics)!.userIds, [adaId]);
    // FREE_ACCESS: nobody needs assigning; the accessType says everyone may use it.
    assert.deepEqual(list.find((a) => a.id === freeApp)!.userIds, []);
    // ids and includeFreeAccess narrow the list.
    assert.deepEqual(
      (await get<AppJson[]>(`${A.getApplicationsData.path}?ids=${analytics}`)).map((a) => a.id),
      [analytics],
    );
    assert.deepEqual(
      (await get<AppJson[]>(`${A.getApplicationsData.path}?includeFreeAccess=false`)).map((a) => a.id),
      [analytics],
    );
    assert.deepEqual(await get(`${A.getUsersOfApplications.path}?appIds=${analytics},${freeApp}`), [
      { appId: freeApp, userIds: [] },
      { appId: analytics, userIds: [adaId] },
    ]);
    assert.deepEqual(await get(A.getTenantsApplications.path), [
      { tenantId: acme, appIds: [freeApp, analytics] },
    ]);
    // Frontegg's IApplicationsTenantAssignmentResponse: { tenantId, assignments: [{ appId, accessType }] }.
    const v2 = await get<{ tenantId: string; assignments: { appId: string; accessType: string }[] }[]>(
      A.getTenantsApplicationsV2.path,
    );
    assert.deepEqual(
      v2[0]!.assignments.map((a) => [a.appId, a.accessType]),
      [
        [freeApp, 'FREE_ACCESS'],
        [analytics, 'MANAGED_ACCESS'],
      ],
    );
  });

  it('[TEAM-021] a FREE_ACCESS application is visible to every user; a MANAGED_ACCESS one only to its assignees', async () => {
    const plain = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    assert.deepEqual(await get(fill(A.getUserApplicationsId.path, { userId: plain.id })), [freeApp]);
    assert.deepEqual(await get(fill(A.getUserApplicationsId.path, { userId: adaId })), [freeApp, analytics]);
    assert.deepEqual(await get(`${A.getUsersApplicationsId.path}?userIds=${adaId},${plain.id}`), [
      { userId: adaId, appIds: [freeApp, analytics] },
      { userId: plain.id, appIds: [freeApp] },
    ]);
    // The user view says the same (users lists and users v1 {userId}).
    const view = await get<{ applications: string[] }>(
      fill(paths.auth.getUserById.path, { userId: plain.id }),
    );
    assert.deepEqual(view.applications, [freeApp]);
    // A FREE_ACCESS application cannot be assigned or unassigned: it is everyone's already.
    for (const [method, path] of [
      ['POST', A.assignUserToApplications.path],
      ['DELETE', A.unassignUserFromApplications.path],
    ] as const) {
      const errors = await f.errorsOf(
        await f.request(method, path, admin, { userId: plain.id, appIds: [freeApp] }),
        400,
      );
      assert.match(errors[0]!, /FREE_ACCESS/);
    }
  });

  it('[ENUM-034] application access types are FREE_ACCESS and MANAGED_ACCESS: answers carry only these; a stored value outside them is MANAGED_ACCESS (assignees only)', async () => {
    assert.deepEqual(applicationAccessType.options, ['FREE_ACCESS', 'MANAGED_ACCESS']);
    const odd = randomUUID();
    await f.db.insert(applications).values({
      id: odd,
      vendorId: t.services.vendorId,
      name: 'Odd App',
      accessType: 'PUBLIC',
    });
    try {
      const plain = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
      const list = await get<AppJson[]>(A.getApplicationsData.path);
      assert.ok(list.every((a) => (applicationAccessType.options as string[]).includes(a.accessType)));
      assert.equal(list.find((a) => a.id === odd)!.accessType, 'MANAGED_ACCESS');
      const v2 = await get<{ assignments: { appId: string; accessType: string }[] }[]>(
        A.getTenantsApplicationsV2.path,
      );
      const types = v2.flatMap((t) => t.assignments.map((a) => a.accessType));
      assert.ok(
        types.length > 0 && types.every((v) => (applicationAccessType.options as string[]).includes(v)),
      );
      // Not open to everyone: a user not assigned does not get it; it can be assigned like a managed one.
      assert.deepEqual(await get(fill(A.getUserApplicationsId.path, { userId: plain.id })), [freeApp]);
      const assigned = await f.json(
        await f.request('POST', A.assignUserToApplications.path, admin, { userId: plain.id, appIds: [odd] }),
        201,
      );
      assert.deepEqual(assigned, { userId: plain.id, appIds: [freeApp, odd] });
    } finally {
      await f.db.delete(applicationUsers).where(eq(applicationUsers.applicationId, odd));
      await f.db.delete(applications).where(eq(applications.id, odd));
    }
  });

  it('assigning and unassigning a MANAGED_ACCESS application changes what the user may use, with audit rows', async () => {
    const user = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const assigned = await f.json(
      await f.request('POST', A.assignUserToApplications.path, admin, {
        userId: user.id,
        appIds: [analytics],
      }),
      201,
    );
    assert.deepEqual(assigned, { userId: user.id, appIds: [freeApp, analytics] });
    // Idempotent: assigning again changes nothing.
    await f.json(
      await f.request('POST', A.assignUserToApplications.path, admin, {
        userId: user.id,
        appIds: [analytics],
      }),
      201,
    );
    assert.ok(
      (
        await get<{ appId: string; userIds: string[] }[]>(
          `${A.getUsersOfApplications.path}?appIds=${analytics}`,
        )
      )[0]!.userIds.includes(user.id),
    );
    const removed = await f.json(
      await f.request('DELETE', A.unassignUserFromApplications.path, admin, {
        userId: user.id,
        appIds: [analytics],
      }),
    );
    assert.deepEqual(removed, { userId: user.id, appIds: [freeApp] });
    const rows = await f.db.select().from(audits).where(eq(audits.tenantId, acme));
    const mine = rows.filter((r) => (r.json as { userId?: string }).userId === user.id).map((r) => r.action);
    assert.deepEqual(mine.sort(), [
      'User assigned to applications',
      'User assigned to applications',
      'User unassigned from applications',
    ]);
    assert.ok(rows.every((r) => r.email !== null));
  });

  it("an unknown application is a 404; another tenant's user is a 404 like an unknown one, and nothing is written", async () => {
    const own = await f.createUser({ tenants: [{ id: acme }] });
    const other = await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] });
    const assign = (userId: string, appIds: string[], extra: Json = {}) =>
      f.request('POST', A.assignUserToApplications.path, admin, { userId, appIds, ...extra });
    assert.deepEqual(await f.errorsOf(await assign(own.id, [randomUUID()]), 404), ['Application not found']);
    const unknown = await f.errorsOf(await assign(randomUUID(), [analytics]), 404);
    assert.deepEqual(await f.errorsOf(await assign(other.id, [analytics]), 404), unknown);
    // Naming the other tenant in the body does not help: the token's tenant counts.
    assert.deepEqual(
      await f.errorsOf(await assign(other.id, [analytics], { tenantId: globex }), 404),
      unknown,
    );
    await f.errorsOf(
      await f.request('DELETE', A.unassignUserFromApplications.path, admin, {
        userId: other.id,
        appIds: [analytics],
      }),
      404,
    );
    assert.deepEqual(
      await f.db.select().from(applicationUsers).where(eq(applicationUsers.userId, other.id)),
      [],
    );
    // Reads leave another tenant's users out.
    await f.errorsOf(
      await f.request('GET', fill(A.getUserApplicationsId.path, { userId: other.id }), admin),
      404,
    );
    assert.deepEqual(await get(`${A.getUsersApplicationsId.path}?userIds=${other.id}`), []);
    // Bad bodies and queries are 400 with the errors shape.
    await f.errorsOf(await assign(own.id, []), 400);
    await f.errorsOf(await f.request('GET', A.getUsersApplicationsId.path, admin), 400);
    await f.errorsOf(await f.request('GET', A.getUsersOfApplications.path, admin), 400);
  });

  it('reads need fe.secure.read.users and assignment fe.secure.write.users', async () => {
    const viewer = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] });
    const none = await f.createUser({ tenants: [{ id: acme, roles: [] }] });
    const viewerToken = await viewer.tokenIn();
    const noneToken = await none.tokenIn();
    await get(A.getApplicationsData.path, viewerToken);
    await f.errorsOf(await f.request('GET', A.getApplicationsData.path, noneToken), 403);
    await f.errorsOf(
      await f.request('POST', A.assignUserToApplications.path, viewerToken, {
        userId: viewer.id,
        appIds: [analytics],
      }),
      403,
    );
    assert.deepEqual(
      await f.db
        .select()
        .from(applicationUsers)
        .where(and(eq(applicationUsers.userId, viewer.id), eq(applicationUsers.applicationId, analytics))),
      [],
    );
  });

  it('[TEAM-023] multi-app administration is gated by the fe-multi-apps flag: on for Acme, off elsewhere', async () => {
    const flags = async (token?: string) =>
      (
        await f.json<{ flags: Record<string, string> }>(
          await f.request(
            'GET',
            `${paths.featureFlags.loadFeatureFlags.path}?featureKeys=fe-multi-apps`,
            token,
          ),
        )
      ).flags;
    assert.deepEqual(await flags(admin), { 'fe-multi-apps': 'on' });
    const other = await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] });
    assert.deepEqual(await flags(await other.tokenIn()), { 'fe-multi-apps': 'off' });
    assert.deepEqual(await flags(), { 'fe-multi-apps': 'off' });
  });
});

describe('the user view (TEAM-001)', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;

  before(async () => {
    t = await testServer();
    f = fixtures(t);
  });
  after(() => t.close());

  it('[TEAM-001] a listed user carries every user field of TEAM-001 a users list answers', async () => {
    const { token } = await f.signIn();
    const page = await f.json<{ items: Json[] }>(
      await f.request('GET', `${paths.users.getUsersV3.path}?_filter=ada@acme.test`, token),
    );
    const ada = page.items[0]!;
    const fields = [
      'id',
      'email',
      'name',
      'phone',
      'phoneNumber',
      'profileImage',
      'profilePictureUrl',
      'tenantId',
      'tenantIds',
      'vendorId',
      'roleIds',
      'roles',
      'groups',
      'applications',
      'verified',
      'activatedForTenant',
      'createdAt',
      'lastLogin',
      'mfaEnrolled',
      'mfaEnabled',
      'metadata',
      'customData',
      'isBreachedPassword',
      'emailVerified',
      'temporaryExpirationDate',
      'subAccountAccessAllowed',
      'tenants',
    ];
    assert.deepEqual(
      fields.filter((k) => !(k in ada)),
      [],
      'fields missing from the user view',
    );
    assert.equal(ada.email, 'ada@acme.test');
    assert.equal(ada.phone, ada.phoneNumber);
    assert.equal(ada.profileImage, ada.profilePictureUrl);
    assert.equal(ada.mfaEnabled, ada.mfaEnrolled);
    assert.equal(typeof ada.metadata, 'string');
    assert.deepEqual(JSON.parse(ada.metadata as string), {});
    assert.deepEqual(ada.customData, {});
    assert.equal(ada.emailVerified, true);
    assert.deepEqual(
      (ada.roles as { key: string }[]).map((r) => r.key),
      ['Editor'],
    );
    assert.deepEqual(
      ada.roleIds,
      (ada.roles as { id: string }[]).map((r) => r.id),
    );
    assert.deepEqual(
      (ada.groups as { name: string }[]).map((g) => g.name),
      ['Engineering'],
    );
    assert.equal((ada.applications as string[]).length, 2, 'the FREE_ACCESS app and Acme Analytics');
    const tenants = ada.tenants as { tenantId: string; roles: { key: string }[] }[];
    assert.deepEqual(
      tenants.map((x) => [x.tenantId, x.roles.map((r) => r.key)]),
      [[ada.tenantId, ['Editor']]],
    );
  });

  it('[TEAM-001] the password login answers accessToken and expiresIn (mfaRequired false); the refreshToken is NOT in the body, only in the HttpOnly cookie', async () => {
    const res = await t.login(ADMIN_EMAIL);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fe_refresh='));
    const body = await f.json<Json>(res);
    assert.equal(typeof body.accessToken, 'string');
    assert.equal(typeof body.expiresIn, 'number');
    assert.ok((body.expiresIn as number) > 0);
    assert.ok(!body.mfaRequired, 'no MFA applies to the seeded admin');
    assert.equal('refreshToken' in body, false, 'the refresh token never travels in the body');
    assert.ok(cookie, 'a refresh cookie');
    assert.match(cookie, /HttpOnly/i);
    assert.ok(t.refreshCookie(res));
  });
});
