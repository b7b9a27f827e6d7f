// The public custom login box: what the login box of an account's users reads before anyone signs in.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { tenants } from '../db/schema';
import { fixtures, testServer, type TestServer } from '../testing';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const { getPublicCustomLogin, updateSettings } = paths.accountSettings;

describe('public custom login box', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let tenantId: string;
  let admin: { token: string };
  const box = {
    title: 'Welcome to Umbrella',
    subtitle: 'Sign in to your workspace',
    logo: PNG,
    backgroundImage: 'https://cdn.umbrella.test/bg.jpg',
    primaryColor: '#0A7C4A',
    backgroundColor: '#102030',
    themeMode: 'dark',
  };
  const publicLook = async (query: string) => {
    const res = await f.request('GET', `${getPublicCustomLogin.path}${query}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    return { text: await res.clone().text(), body: (await res.json()) as Record<string, unknown> };
  };

  before(async () => {
    t = await testServer();
    f = fixtures(t);
    tenantId = await f.newTenant('Umbrella Login');
    admin = await f.member(['Admin'], 'Umbrella Login');
  });
  after(() => t.close());

  it('answers, without a token, the look an admin saved for the account: title, logo, colours, background, theme', async () => {
    assert.deepEqual((await publicLook(`?tenantId=${tenantId}`)).body, { customLogin: null });
    const saved = await f.request('PUT', updateSettings.path, admin.token, {
      address: '1 Secret Road, Springfield',
      website: 'https://umbrella-internal.test',
      customLogin: box,
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const { body, text } = await publicLook(`?tenantId=${tenantId}`);
    assert.deepEqual(body, { customLogin: box });
    // Only the look: never the account's name, address or website.
    for (const secret of ['Umbrella Login', 'Secret Road', 'umbrella-internal.test'])
      assert.ok(!text.includes(secret), `the answer leaks ${secret}`);
  });

  it('an unknown, malformed, deleted or missing tenant gets the default look, the answer of an account without one', async () => {
    const plain = await f.newTenant('Plain Login');
    const gone = await f.newTenant('Gone Login');
    await f.db.update(tenants).set({ customLogin: box, deletedAt: new Date() }).where(eq(tenants.id, gone));
    const answers = await Promise.all(
      [
        `?tenantId=${plain}`,
        `?tenantId=${randomUUID()}`,
        `?tenantId=${gone}`,
        `?tenantId=${'x'.repeat(500)}`,
        "?tenantId=' or 1=1 --",
        '?tenantId=',
        '',
      ].map(async (query) => (await publicLook(query)).text),
    );
    assert.deepEqual(new Set(answers), new Set([JSON.stringify({ customLogin: null })]));
  });

  it('a token changes nothing: the tenant named is answered, never the caller’s own', async () => {
    const acmeAdmin = await f.member(['Admin']);
    const res = await f.request('GET', `${getPublicCustomLogin.path}?tenantId=${tenantId}`, acmeAdmin.token);
    assert.deepEqual(await res.json(), { customLogin: box });
    const none = await f.request('GET', getPublicCustomLogin.path, acmeAdmin.token);
    assert.deepEqual(await none.json(), { customLogin: null });
  });
});
