import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { audits, tenants, userTenants } from '../db/schema';
import { accountSettingsEndpoints } from './accountSettings';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
const errorsOf = async (res: Response) => ((await res.json()) as { errors: string[] }).errors.join(' | ');

/** The shared fixtures, a tenant's row by name, and members holding one built-in role in the tenant named. */
function helpers(t: TestServer) {
  const f = fixtures(t);
  const tenant = async (name: string) =>
    (await f.db.select().from(tenants).where(eq(tenants.name, name)))[0]!;
  const member = (role: string, tenantName = 'Acme') => f.member([role], tenantName, `User ${role}`);
  return { ...f, tenant, member };
}

describe('account settings', () => {
  let t: TestServer;
  let h: ReturnType<typeof helpers>;
  let admin: Awaited<ReturnType<ReturnType<typeof helpers>['member']>>;
  let europeAdmin: typeof admin;
  before(async () => {
    t = await testServer();
    h = helpers(t);
    admin = await h.member('Admin');
    europeAdmin = await h.member('Admin', 'Acme Europe');
  });
  after(() => t.close());

  const { getSettings, updateSettings, getPublicSettings } = paths.accountSettings;
  const put = (token: string, body: unknown) => h.request('PUT', updateSettings.path, token, body);

  it('every route of the table is mounted; the signed-in ones refuse a call without a valid token (401)', async () => {
    assert.equal(accountSettingsEndpoints.length, 4);
    const signedIn = accountSettingsEndpoints.filter((e) => e.regime !== 'public');
    assert.deepEqual(
      signedIn.map((e) => e.path),
      [getSettings.path, updateSettings.path],
    );
    for (const { method, path } of signedIn) {
      const body = method === 'GET' ? undefined : {};
      assert.equal((await h.request(method, path, undefined, body)).status, 401, `${method} ${path}`);
      assert.equal((await h.request(method, path, 'not.a.jwt', body)).status, 401, `${method} ${path}`);
    }
    // The public ones answer anyone (the login box reads them before sign-in).
    for (const { method, path } of accountSettingsEndpoints.filter((e) => e.regime === 'public'))
      assert.equal((await h.request(method, path)).status, 200, `${method} ${path}`);
  });

  it('[TENANTS-004] account settings carry address, timezone, dateFormat, timeFormat, currency, logo, tenantId, name', async () => {
    const res = await h.request('GET', getSettings.path, admin.token);
    assert.equal(res.status, 200);
    const body = (await res.json()) as Json;
    for (const field of [
      'address',
      'timezone',
      'dateFormat',
      'timeFormat',
      'currency',
      'logo',
      'tenantId',
      'name',
    ])
      assert.ok(field in body, field);
    assert.equal(body.tenantId, admin.tenantId);
    assert.equal(body.name, 'Acme');
  });

  it('[TENANTS-008] the sample account settings: DD/MM/YYYY, HH:mm, USD (Acme, Europe/London)', async () => {
    const body = (await (await h.request('GET', getSettings.path, admin.token)).json()) as Json;
    assert.equal(body.dateFormat, 'DD/MM/YYYY');
    assert.equal(body.timeFormat, 'HH:mm');
    assert.equal(body.currency, 'USD');
    assert.equal(body.timezone, 'Europe/London');
    assert.match(String(body.address), /London/);
    assert.equal(body.website, 'https://acme.test');
  });

  it('[TENANTS-005] the account page saves companyName (name), address, website, timezone and currency with PUT', async () => {
    const res = await put(europeAdmin.token, {
      name: '  Acme Europe GmbH ',
      address: 'Unter den Linden 1, Berlin',
      website: 'https://acme.example.de',
      timezone: 'Europe/Berlin',
      currency: 'eur',
      dateFormat: 'DD.MM.YYYY',
      timeFormat: 'HH:mm:ss',
      logo: PNG,
      tenantId: admin.tenantId,
    });
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as Json;
    assert.equal(body.name, 'Acme Europe GmbH');
    assert.equal(body.currency, 'EUR');
    assert.equal(body.timezone, 'Europe/Berlin');
    assert.equal(body.logo, PNG);
    assert.equal(body.tenantId, europeAdmin.tenantId, 'the tenant of the token, never the body');
    const stored = (await h.db.select().from(tenants).where(eq(tenants.id, europeAdmin.tenantId)))[0]!;
    assert.equal(stored.name, 'Acme Europe GmbH');
    assert.equal(stored.website, 'https://acme.example.de');
    const acme = (await h.db.select().from(tenants).where(eq(tenants.id, admin.tenantId)))[0]!;
    assert.equal(acme.name, 'Acme', "another tenant's settings are untouched");
    assert.equal(acme.timezone, 'Europe/London');
    const audit = (await h.db.select().from(audits))
      .filter((a) => a.action === 'Account settings updated')
      .at(-1);
    assert.equal(audit?.userId, europeAdmin.id);
    assert.equal(audit?.tenantId, europeAdmin.tenantId);
    assert.deepEqual(((audit?.json as Json).fields as string[]).sort(), [
      'address',
      'currency',
      'dateFormat',
      'logo',
      'name',
      'timeFormat',
      'timezone',
      'website',
    ]);
    // UTC (every tenant's default) and clearing the logo and website are accepted.
    const cleared = await put(europeAdmin.token, { timezone: 'UTC', logo: '', website: '' });
    assert.equal(cleared.status, 200);
    assert.equal(((await cleared.json()) as Json).logo, '');
  });

  it('refuses bad settings with 400 and a clear message, changing nothing', async () => {
    const before = (await h.db.select().from(tenants).where(eq(tenants.id, admin.tenantId)))[0]!;
    const cases: [Json, RegExp][] = [
      [{ timezone: 'Mars/Olympus' }, /IANA time zone/],
      [{ timezone: 'europe/london' }, /IANA time zone/],
      [{ currency: 'ZZZ' }, /ISO 4217/],
      [{ currency: 12 }, /currency/],
      [{ website: 'javascript:alert(1)' }, /http or https URL/],
      [{ website: 'ftp://acme.test' }, /http or https URL/],
      [{ logo: SVG }, /logo must be an https URL or a base64 PNG/],
      [{ logo: 'http://cdn.acme.test/logo.png' }, /logo/],
      [{ logo: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` }, /logo/],
      [{ dateFormat: 'YYYYMMDD' }, /dateFormat must be one of/],
      [{ timeFormat: 'h' }, /timeFormat must be one of/],
      [{ name: '' }, /name must not be empty/],
      [{ customLogin: { script: 'x' } }, /script/],
    ];
    for (const [body, message] of cases) {
      const res = await put(admin.token, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(await errorsOf(res), message);
    }
    const after = (await h.db.select().from(tenants).where(eq(tenants.id, admin.tenantId)))[0]!;
    assert.deepEqual(after, before);
  });

  it('[TENANTS-007] saving a custom login box with no change fails with "No changes to update"', async () => {
    const box = { title: 'Welcome to Acme', primaryColor: '#0055FF', themeMode: 'dark', logo: PNG };
    const first = await put(admin.token, { customLogin: box });
    assert.equal(first.status, 200);
    const saved = (await first.json()) as Json;
    assert.equal(saved.hasCustomLogin, true);
    assert.deepEqual(saved.customLogin, box);
    // The same box again (whatever the key order) is refused.
    const same = await put(admin.token, {
      customLogin: { logo: PNG, themeMode: 'dark', primaryColor: '#0055FF', title: 'Welcome to Acme' },
    });
    assert.equal(same.status, 400);
    assert.deepEqual(await same.json(), { errors: ['No changes to update'], errorCode: 'ER-4015' });
    const changed = await put(admin.token, { customLogin: { ...box, title: 'Hello' } });
    assert.equal(changed.status, 200);
    assert.equal(((await changed.json()) as { customLogin: Json }).customLogin.title, 'Hello');
    const removed = await put(admin.token, { customLogin: null });
    assert.equal(((await removed.json()) as Json).hasCustomLogin, false);
    assert.equal(
      (await put(admin.token, { customLogin: null })).status,
      400,
      'removing it twice is no change',
    );
  });

  it('requires fe.secure.read/write.accountSettings (403); the public settings are for anyone, the localisation for members only, never address or website', async () => {
    const support = await h.member('Support');
    const viewer = await h.member('Viewer');
    assert.equal((await h.request('GET', getSettings.path, support.token)).status, 403);
    assert.equal((await put(support.token, { name: 'Hacked' })).status, 403);
    assert.equal((await h.request('GET', getSettings.path, viewer.token)).status, 200);
    assert.equal((await put(viewer.token, { name: 'Hacked' })).status, 403);
    assert.equal((await h.tenant('Acme')).name, 'Acme');

    const publicOf = async (token?: string, query = '') => {
      const res = await h.request('GET', `${getPublicSettings.path}${query}`, token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      return (await res.json()) as Json;
    };
    const privateKeys = ['id', 'name', 'address', 'website', 'logo', 'customLogin', 'hasCustomLogin'];
    const leaks = (body: Json) => privateKeys.filter((key) => key in body);

    // A member of the tenant: the token's tenant, where the application lives, and its localisation.
    const body = await publicOf(support.token);
    assert.equal(body.tenantId, support.tenantId);
    assert.equal(body.dateFormat, 'DD/MM/YYYY');
    assert.equal(typeof body.applicationUrl, 'string');
    assert.equal(typeof body.loginUrl, 'string');
    assert.deepEqual(leaks(body), []);

    // Without a token (the login box before sign-in): the tenant named is echoed, nothing of the account is
    // looked up — an existing id and an unknown one answer the same, with no localisation.
    const anonymous = await publicOf(undefined, `?tenantId=${encodeURIComponent(support.tenantId)}`);
    const unknown = await publicOf(undefined, '?tenantId=no-such-tenant');
    assert.deepEqual(
      { ...anonymous, tenantId: 'x' },
      { ...unknown, tenantId: 'x' },
      'an existing tenant answers like an unknown one',
    );
    assert.equal(anonymous.tenantId, support.tenantId);
    assert.deepEqual(Object.keys(anonymous).sort(), ['applicationUrl', 'loginUrl', 'tenantId']);
    assert.deepEqual(Object.keys(await publicOf()).sort(), ['applicationUrl', 'loginUrl', 'tenantId']);
    assert.equal((await publicOf(undefined, `?tenantId=${'a'.repeat(101)}`)).tenantId, '');
    // An invalid token is treated as no token.
    assert.deepEqual(leaks(await publicOf('not.a.jwt')), []);
    assert.equal((await publicOf('not.a.jwt')).dateFormat, undefined);

    // A member disabled in the tenant is no longer a member: the answer carries nothing of the account.
    await h.db.update(userTenants).set({ disabled: true }).where(eq(userTenants.userId, support.id));
    const disabled = await publicOf(support.token);
    assert.equal(disabled.dateFormat, undefined);
    assert.deepEqual(leaks(disabled), []);
  });
});
