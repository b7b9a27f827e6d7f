import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { readPortalConfiguration } from '../../shared/options/metadata';
import { portalFieldKeys, portalTabKeys } from '../../shared/options/portalAppearance';
import { audits, vendorMetadata } from '../db/schema';
import { defaultAdminBoxConfiguration } from '../metadata/adminBox';
import { metadataEndpointsByName } from './metadata';
import { peer, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;

describe('portal metadata (GET /metadata?entityName=adminBox) and the metadata family', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer();
  });
  after(() => t.close());

  const get = async (path: string, status = 200): Promise<Json> => {
    const res = await t.app.request(path);
    const text = await res.text();
    assert.equal(res.status, status, `${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Json;
  };
  const commit = (body: unknown, env?: object) =>
    t.app.request(
      paths.metadata.updateAdminBoxMetadata.path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      env,
    );

  it('[SHELL-015] [SHELL-016] answers the vendor default without a token, in the shape the portal reads', async () => {
    const answer = await get(`${paths.metadata.getMetadata.path}?entityName=adminBox`);
    const rows = answer.rows as Json[];
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.entityName, 'adminBox');
    assert.equal(rows[0]!.vendorId, t.services.vendorId);
    const configuration = readPortalConfiguration(answer);
    assert.deepEqual(configuration, defaultAdminBoxConfiguration());
    assert.deepEqual(Object.keys(configuration.fields as Json).sort(), [...portalFieldKeys].sort());
    assert.ok(
      Object.values(configuration.fields as Json).every((v) => v === 'edit'),
      'every field editable',
    );
    assert.deepEqual(Object.keys(configuration.tabs as Json).sort(), [...portalTabKeys].sort());
    assert.deepEqual(configuration.navigation, {}, 'the built-in navigation');
    assert.deepEqual(configuration.theme, {});
    assert.deepEqual(await get(paths.metadata.getAdminBoxMetadata.path), rows[0]);
  });

  it('[SHELL-018] another entity, or none named, is an empty rows list (the client says "metadata not found"), never a 404', async () => {
    // (audits has its columns: server/routes/audits.test.ts)
    for (const query of ['?entityName=saml', '?entityName=nope', '']) {
      const answer = await get(`${paths.metadata.getMetadata.path}${query}`);
      assert.deepEqual(answer, { rows: [] });
      assert.throws(() => readPortalConfiguration(answer), /metadata not found/);
    }
  });

  it('a vendor-level commit (development route, this machine) changes what every page load reads; bad values are refused', async () => {
    const res = await commit({
      actions: [
        { type: 'navigation', payload: { roles: { visibility: 'byPermissions' } } },
        { type: 'fields', payload: { 'profile.phoneNumber': 'viewOnly' } },
        { type: 'theme', payload: { palette: { primary: '#008060' } } },
      ],
    });
    assert.equal(res.status, 200, await res.clone().text());
    const saved = ((await res.json()) as { configuration: Json }).configuration;
    assert.deepEqual(saved.navigation, { roles: { visibility: 'byPermissions' } });
    assert.deepEqual(saved.fields, { 'profile.phoneNumber': 'viewOnly' });
    assert.deepEqual(saved.tabs, defaultAdminBoxConfiguration().tabs, 'parts not named are kept');
    const read = readPortalConfiguration(await get(`${paths.metadata.getMetadata.path}?entityName=adminBox`));
    assert.deepEqual(read, saved);
    const [audit] = await t.services.db
      .select()
      .from(audits)
      .where(and(eq(audits.vendorId, t.services.vendorId), eq(audits.action, 'Portal metadata updated')));
    assert.deepEqual(audit?.json, { parts: ['navigation', 'fields', 'theme'] });

    for (const actions of [
      [{ type: 'fields', payload: { 'profile.secret': 'edit' } }],
      [{ type: 'fields', payload: { 'profile.name': 'writeOnly' } }],
      [{ type: 'tabs', payload: { 'account.customLogin': 'viewOnly' } }],
      [{ type: 'navigation', payload: { users: { visibility: 'sometimes' } } }],
      [{ type: 'colours', payload: {} }],
      [],
    ]) {
      const refused = await commit({ actions });
      assert.equal(refused.status, 400, JSON.stringify(actions));
      assert.ok(Array.isArray(((await refused.json()) as Json).errors));
    }
    assert.deepEqual(
      readPortalConfiguration(await get(`${paths.metadata.getMetadata.path}?entityName=adminBox`)),
      saved,
      'a refused commit changes nothing',
    );
  });

  it('the commit answers only clients on this machine; a stored value that no longer validates is not served', async () => {
    const remote = await commit({ actions: [{ type: 'theme', payload: {} }] }, peer('203.0.113.9'));
    assert.equal(remote.status, 403);
    // A part never saved keeps its default.
    await t.services.db
      .update(vendorMetadata)
      .set({ configuration: { fields: { 'profile.name': 'hidden' } } })
      .where(eq(vendorMetadata.vendorId, t.services.vendorId));
    assert.deepEqual(
      readPortalConfiguration(await get(`${paths.metadata.getMetadata.path}?entityName=adminBox`)),
      { ...defaultAdminBoxConfiguration(), fields: { 'profile.name': 'hidden' } },
    );
    await t.services.db
      .update(vendorMetadata)
      .set({ configuration: { fields: { 'profile.name': 'nonsense' } } })
      .where(eq(vendorMetadata.vendorId, t.services.vendorId));
    assert.deepEqual(
      readPortalConfiguration(await get(`${paths.metadata.getMetadata.path}?entityName=adminBox`)),
      defaultAdminBoxConfiguration(),
    );
  });

  it("GET /metadata/ipme: the caller's address as this server sees it", async () => {
    const answer = await get(paths.metadata.getCurrentUserIpMetadata.path);
    assert.equal(answer.ip, '127.0.0.1');
    assert.equal(answer.country_code, null);
  });

  it('the endpoint table declares the regimes: public reads, a development-only write', () => {
    assert.deepEqual(
      Object.values(metadataEndpointsByName).map((e) => `${e.method} ${e.path} ${e.regime}`),
      [
        'GET /metadata public',
        'GET /metadata/admin-box public',
        'POST /metadata/admin-box dev',
        'GET /metadata/ipme public',
      ],
    );
  });
});

describe('portal metadata without development routes', () => {
  let t: TestServer;
  before(async () => {
    t = await testServer({ devRoutes: false });
  });
  after(() => t.close());

  it('the write is not there (404); the reads are', async () => {
    const res = await t.app.request(paths.metadata.updateAdminBoxMetadata.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actions: [{ type: 'theme', payload: {} }] }),
    });
    assert.equal(res.status, 404);
    assert.equal((await t.app.request(`${paths.metadata.getMetadata.path}?entityName=adminBox`)).status, 200);
  });
});
