// Directory connections through the app (SCIM-001..006): list, create (the token shown once, stored as a
// SHA-256 hash, and working against the SCIM service), update, delete with and without what the connection
// provisioned, the user count, the permissions and the tenant isolation, and the audit rows.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { directoryContracts as dc } from '../../shared/api/contracts/directory';
import { paths } from '../../shared/api/paths';
import { scimPaths } from '../../shared/api/scim';
import { directoryConfigurations, groups, sessions, userTenants, users } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
const d = paths.directory;
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let acme: string;
let admin: string;

const create = async (token: string, body: Json, status = 201) =>
  f.json<Json>(await f.request('POST', d.createConfiguration.path, token, body), status);
const list = async (token: string) =>
  dc.getConfigs.response.parse(await f.json(await f.request('GET', d.getConfigs.path, token)));
const scim = (token: string, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const scimUser = (userName: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Pat', familyName: 'Doe' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
});

describe('directory connections', () => {
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
  });
  after(() => t.close());

  it('[SCIM-003] [SCIM-001] creates a connection: the token shown once, only its SHA-256 stored, the SCIM base URL', async () => {
    const created = dc.createConfiguration.response.parse(
      await create(admin, { source: 'okta', connectionName: 'Okta EU' }),
    );
    assert.equal(created.connectionName, 'Okta EU');
    assert.ok(Buffer.from(created.token, 'base64url').length === 32, '32 random bytes');
    assert.ok(created.scimBaseUrl.endsWith('/directory/resources/scim/v2'));
    const [row] = await f.db
      .select()
      .from(directoryConfigurations)
      .where(eq(directoryConfigurations.id, created.id));
    assert.ok(row && !JSON.stringify(row).includes(created.token), 'the database has no token');
    assert.equal(row.tokenHash, createHash('sha256').update(created.token).digest('base64url'));
    assert.equal(row.tenantId, acme);
    const listed = (await list(admin)).find((c) => c.id === created.id);
    assert.ok(listed, 'listed');
    assert.ok(!JSON.stringify(await list(admin)).includes(created.token), 'the list has no token');
    // The token works against the SCIM service.
    const res = await scim(created.token, 'GET', scimPaths.getUsers.path);
    assert.equal(res.status, 200);
    // A default name by source.
    const unnamed = dc.createConfiguration.response.parse(await create(admin, { source: 'azure-ad' }));
    assert.equal(unnamed.connectionName, 'Entra ID');
    assert.equal((await f.auditsFor('SCIM connection created')).length >= 2, true);
  });

  it('[SCIM-002] [SCIM-001] [SCIM-006] lists connections with id, user count, lastSync and the count call', async () => {
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'other' }));
    let listed = (await list(admin)).find((c) => c.id === created.id)!;
    assert.equal(listed.usersCount, 0);
    assert.equal(listed.lastSync, null);
    assert.equal(listed.source, 'other');
    assert.equal(listed.syncToUserManagement, true);
    for (const name of ['one@count.test', 'two@count.test'])
      assert.equal(
        (await scim(created.token, 'POST', scimPaths.createUser.path, scimUser(name))).status,
        201,
      );
    listed = (await list(admin)).find((c) => c.id === created.id)!;
    assert.equal(listed.usersCount, 2);
    assert.ok(listed.lastSync && Date.now() - Date.parse(listed.lastSync) < 60_000, 'lastSync moved');
    const counted = dc.countConfigurationUsers.response.parse(
      await f.json(await f.request('GET', fill(d.countConfigurationUsers.path, { id: created.id }), admin)),
    );
    assert.deepEqual(counted, { count: 2 });
  });

  it('[SCIM-004] updates the name and the sync flag; an unknown id is 404; a bad body 400', async () => {
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'okta' }));
    const path = fill(d.updateConfiguration.path, { id: created.id });
    await f.json(
      await f.request('PATCH', path, admin, { connectionName: 'Renamed', syncToUserManagement: false }),
    );
    const listed = (await list(admin)).find((c) => c.id === created.id)!;
    assert.equal(listed.connectionName, 'Renamed');
    assert.equal(listed.syncToUserManagement, false);
    const missing = await f.errorsOf(
      await f.request('PATCH', fill(d.updateConfiguration.path, { id: 'nope' }), admin, {
        connectionName: 'x',
      }),
      404,
    );
    assert.deepEqual(missing, ['Directory connection not found']);
    await f.errorsOf(await f.request('PATCH', path, admin, { connectionName: '' }), 400);
    await f.errorsOf(await f.request('POST', d.createConfiguration.path, admin, { source: 'ldap' }), 400);
    assert.ok(
      (await f.auditsFor('SCIM connection updated')).some(
        (a) => (a.json as Json).connectionId === created.id,
      ),
    );
  });

  it('[SCIM-005] deletes without deleteAll: the token stops, users stay ordinary members, groups stay', async () => {
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'okta' }));
    const user = await f.json<Json>(
      await scim(created.token, 'POST', scimPaths.createUser.path, scimUser('keep@del.test')),
      201,
    );
    const group = await f.json<Json>(
      await scim(created.token, 'POST', scimPaths.createGroup.path, {
        displayName: 'Kept group',
        members: [{ value: user.id }],
      }),
      201,
    );
    await f.json(await f.request('DELETE', fill(d.deleteConfiguration.path, { id: created.id }), admin));
    assert.equal(
      (await scim(created.token, 'GET', scimPaths.getUsers.path)).status,
      401,
      'the token stopped',
    );
    const [membership] = await f.db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, String(user.id)), eq(userTenants.tenantId, acme)));
    assert.ok(membership && !membership.disabled, 'still a member');
    const [kept] = await f.db
      .select()
      .from(groups)
      .where(eq(groups.id, String(group.id)));
    assert.equal(kept?.managedBy, 'frontegg', 'the group is handed to the tenant');
    assert.equal(
      (await list(admin)).some((c) => c.id === created.id),
      false,
    );
  });

  it('[SCIM-005] deletes with deleteAll: its users leave the tenant (sessions ended), its groups go', async () => {
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'okta' }));
    const user = await f.json<Json>(
      await scim(created.token, 'POST', scimPaths.createUser.path, scimUser('gone@del.test')),
      201,
    );
    const group = await f.json<Json>(
      await scim(created.token, 'POST', scimPaths.createGroup.path, { displayName: 'Gone group' }),
      201,
    );
    const sid = 'sess-' + String(user.id);
    await f.db.insert(sessions).values({ id: sid, userId: String(user.id), tenantId: acme });
    await f.json(
      await f.request('DELETE', fill(d.deleteConfiguration.path, { id: created.id }), admin, {
        deleteAll: true,
      }),
    );
    assert.equal(
      (
        await f.db
          .select()
          .from(users)
          .where(eq(users.id, String(user.id)))
      ).length,
      0,
      'user deleted',
    );
    assert.equal(
      (
        await f.db
          .select()
          .from(groups)
          .where(eq(groups.id, String(group.id)))
      ).length,
      0,
    );
    const deleted = (await f.auditsFor('SCIM connection deleted')).find(
      (a) => (a.json as Json).connectionId === created.id,
    );
    assert.equal((deleted?.json as Json).deleteAll, true);
    await f.errorsOf(
      await f.request('DELETE', fill(d.deleteConfiguration.path, { id: created.id }), admin, {}),
      404,
    );
  });

  it('[SCIM-002] [SCIM-003] permissions: reads need read, writes need write provisioningConfiguration', async () => {
    const viewer = await f.member(['Viewer']);
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'okta' }));
    for (const [method, path, body] of [
      ['GET', d.getConfigs.path, undefined],
      ['POST', d.createConfiguration.path, { source: 'okta' }],
      ['PATCH', fill(d.updateConfiguration.path, { id: created.id }), { connectionName: 'x' }],
      ['DELETE', fill(d.deleteConfiguration.path, { id: created.id }), {}],
      ['GET', fill(d.countConfigurationUsers.path, { id: created.id }), undefined],
    ] as const) {
      const res = await f.request(method, path, viewer.token, body);
      assert.equal(res.status, 403, `${method} ${path}`);
    }
    assert.equal((await f.request('GET', d.getConfigs.path)).status, 401, 'no token');
  });

  it('[SCIM-002] [SCIM-005] [SCIM-006] tenant isolation: another tenant neither lists nor touches the connection', async () => {
    const created = dc.createConfiguration.response.parse(await create(admin, { source: 'okta' }));
    const globex = await f.newTenant('Globex directory');
    const other = await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] });
    const otherToken = await other.tokenIn();
    assert.deepEqual(await list(otherToken), []);
    await f.errorsOf(
      await f.request('GET', fill(d.countConfigurationUsers.path, { id: created.id }), otherToken),
      404,
    );
    await f.errorsOf(
      await f.request('PATCH', fill(d.updateConfiguration.path, { id: created.id }), otherToken, {
        connectionName: 'stolen',
      }),
      404,
    );
    await f.errorsOf(
      await f.request('DELETE', fill(d.deleteConfiguration.path, { id: created.id }), otherToken, {}),
      404,
    );
    assert.ok((await list(admin)).some((c) => c.id === created.id && c.connectionName !== 'stolen'));
  });
});
