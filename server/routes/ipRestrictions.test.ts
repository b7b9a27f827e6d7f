// IP restrictions through the app (SECURITY-005..013): the list and its defaults, adding one or many entries,
// deleting, the config, bad input, another tenant's entries, the audit rows, and the enforcement on sign-in,
// refresh and every authenticated call of the tenant's users (403, ER-1011).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paths } from '../../shared/api/paths';
import { ipRestrictionConfigs, ipRestrictions } from '../db/schema';
import { fixtures, peer, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
interface Entry {
  id: string;
  ip: string;
  strategy: string;
  isActive: boolean;
  description?: string;
  createdAt: string;
  updatedAt: string;
}
interface Page {
  items: Entry[];
  _metadata: { totalItems: number; totalPages: number };
}

const sp = paths.securityPolicy;
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let acme: string;

/** A call from the client address `from` (the socket's peer), with a bearer token when given. */
const call = (
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; from?: string; headers?: Json } = {},
) =>
  t.app.request(
    path,
    {
      method,
      headers: {
        ...(opts.headers as Record<string, string> | undefined),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    },
    peer(opts.from ?? '127.0.0.1'),
  );

/** A fresh tenant with an administrator (Admin role) and a member (Viewer), both with a password. */
async function account() {
  const tenantId = await f.newTenant(`IP ${randomUUID().slice(0, 8)}`);
  const admin = await f.createUser({ tenants: [{ id: tenantId, roles: ['Admin'] }], password: true });
  const member = await f.createUser({ tenants: [{ id: tenantId, roles: ['Viewer'] }], password: true });
  return { tenantId, admin, member, adminToken: await admin.tokenIn() };
}

const signInFrom = (user: { email: string; password: string }, from: string) =>
  t.app.request(
    '/identity/resources/auth/v1/user',
    t.json({ email: user.email, password: user.password }),
    peer(from),
  );

const refreshFrom = (cookie: string, from: string) =>
  t.app.request(
    '/identity/resources/auth/v1/user/token/refresh',
    t.json({}, { cookie: `fe_refresh=${cookie}` }),
    peer(from),
  );

async function refused(res: Response) {
  const body = await f.json<{ errors: string[]; errorCode: string }>(res, 403);
  assert.equal(body.errorCode, 'ER-1011');
  assert.match(body.errors[0]!, /IP address is not allowed/);
}

before(async () => {
  t = await testServer();
  f = fixtures(t);
  acme = await f.tenantId('Acme');
});
after(() => t.close());

describe('IP restrictions: the routes', () => {
  it('[SECURITY-005] [SECURITY-008] [SECURITY-010] the list: allow entries, 10 a page from page 0, unless asked', async () => {
    const { adminToken: token } = await account();
    const ips = Array.from({ length: 12 }, (_, i) => ({
      ip: `192.0.2.${i + 1}`,
      description: `host ${i + 1}`,
    }));
    const created = await f.json<Entry[]>(
      await call('POST', sp.bulkCreateIPRestriction.path, {
        token,
        body: { ips: [...ips, { ip: '198.51.100.0/24', strategy: 'BLOCK', description: 'scanners' }] },
      }),
      201,
    );
    assert.equal(created.length, 13);

    const first = await f.json<Page>(await call('GET', sp.getIPRestrictions.path, { token }));
    assert.equal(first.items.length, 10);
    assert.deepEqual(first._metadata, { totalItems: 12, totalPages: 2 });
    assert.ok(first.items.every((e) => e.strategy === 'ALLOW' && e.isActive));
    assert.deepEqual(Object.keys(first.items[0]!).sort(), [
      'createdAt',
      'description',
      'id',
      'ip',
      'isActive',
      'strategy',
      'updatedAt',
    ]);
    assert.ok(!Number.isNaN(Date.parse(first.items[0]!.createdAt)));

    const second = await f.json<Page>(await call('GET', `${sp.getIPRestrictions.path}?_offset=1`, { token }));
    assert.equal(second.items.length, 2, 'offset 1 is the second page');
    assert.deepEqual(
      [...first.items, ...second.items].map((e) => e.ip).sort(),
      ips.map((e) => e.ip).sort(),
      'the two pages hold every allow entry once',
    );
    const blocked = await f.json<Page>(
      await call('GET', `${sp.getIPRestrictions.path}?_filter=block&_limit=4`, { token }),
    );
    assert.deepEqual(
      blocked.items.map((e) => [e.ip, e.strategy, e.description]),
      [['198.51.100.0/24', 'BLOCK', 'scanners']],
    );
  });

  it('bad input is a 400 naming the problem; nothing of a refused bulk is kept', async () => {
    const { tenantId, adminToken: token } = await account();
    for (const ip of ['1.2.3', '10.0.0.0/33', 'fe80::1%eth0', 'example.com', ''] as const) {
      const errors = await f.errorsOf(
        await call('POST', sp.createIPRestriction.path, { token, body: { ip } }),
        400,
      );
      assert.match(errors[0]!, /^ip: /, `${ip}: ${errors[0]}`);
    }
    const strategy = await f.errorsOf(
      await call('POST', sp.createIPRestriction.path, {
        token,
        body: { ip: '192.0.2.1', strategy: 'maybe' },
      }),
      400,
    );
    assert.deepEqual(strategy, ['strategy: Must be ALLOW or BLOCK']);
    const bulk = await f.errorsOf(
      await call('POST', sp.bulkCreateIPRestriction.path, {
        token,
        body: { ips: [{ ip: '192.0.2.1' }, { ip: '192.0.2.0/40' }] },
      }),
      400,
    );
    assert.match(bulk[0]!, /^ips\.1\.ip: /);
    const query = await f.errorsOf(
      await call('GET', `${sp.getIPRestrictions.path}?_limit=0`, { token }),
      400,
    );
    assert.match(query[0]!, /^_limit: /);
    const config = await f.errorsOf(
      await call('POST', sp.updateIPRestrictionConfig.path, { token, body: {} }),
      400,
    );
    assert.match(config[0]!, /^isActive: /);
    assert.equal(
      (await t.services.db.select().from(ipRestrictions).where(eq(ipRestrictions.tenantId, tenantId))).length,
      0,
    );
  });

  it('[SECURITY-005] the same address in the same list is updated, whatever its spelling; audit rows keep old and new', async () => {
    const { adminToken: token } = await account();
    const one = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, {
        token,
        body: { ip: '2001:DB8:0::1', description: 'laptop' },
      }),
      201,
    );
    assert.equal(one.ip, '2001:db8::1');
    const again = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, {
        token,
        body: { ip: '2001:db8::1', isActive: false, description: 'old laptop' },
      }),
      201,
    );
    assert.equal(again.id, one.id);
    assert.deepEqual([again.isActive, again.description], [false, 'old laptop']);
    const mapped = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, { token, body: { ip: '::ffff:192.0.2.1/120' } }),
      201,
    );
    assert.equal(mapped.ip, '192.0.2.1/24', 'an IPv4-mapped range is kept as the IPv4 range it names');

    const updated = (await f.auditsFor('IP restriction updated')).find(
      (a) => (a.json as { id?: string }).id === one.id,
    );
    assert.ok(updated, 'an audit row of the update');
    const json = updated.json as { old: Entry; new: Entry };
    assert.deepEqual([json.old.description, json.new.description], ['laptop', 'old laptop']);
    assert.ok(
      (await f.auditsFor('IP restriction created')).some((a) => (a.json as { id?: string }).id === mapped.id),
    );
  });

  it("delete: the tenant's own entry (audited); another tenant's entry is 404 and stays", async () => {
    const mine = await account();
    const theirs = await account();
    const own = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, { token: mine.adminToken, body: { ip: '192.0.2.7' } }),
      201,
    );
    const other = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, {
        token: theirs.adminToken,
        body: { ip: '192.0.2.8' },
      }),
      201,
    );
    const notFound = await f.errorsOf(
      await call('DELETE', fill(sp.deleteIPRestriction.path, { id: other.id }), { token: mine.adminToken }),
      404,
    );
    assert.deepEqual(notFound, ['IP restriction not found']);
    assert.equal(
      (await t.services.db.select().from(ipRestrictions).where(eq(ipRestrictions.id, other.id))).length,
      1,
    );
    const list = await f.json<Page>(await call('GET', sp.getIPRestrictions.path, { token: mine.adminToken }));
    assert.deepEqual(
      list.items.map((e) => e.id),
      [own.id],
      "another tenant's entries are not listed",
    );

    await f.json(
      await call('DELETE', fill(sp.deleteIPRestriction.path, { id: own.id }), { token: mine.adminToken }),
    );
    const deleted = (await f.auditsFor('IP restriction deleted')).find(
      (a) => (a.json as { id?: string }).id === own.id,
    );
    assert.equal((deleted?.json as { old?: Entry } | undefined)?.old?.ip, '192.0.2.7');
    await f.errorsOf(
      await call('DELETE', fill(sp.deleteIPRestriction.path, { id: own.id }), { token: mine.adminToken }),
      404,
    );
  });

  it('[SECURITY-006] the config: inactive allow list by default; a save answers it and is audited with old and new', async () => {
    const { tenantId, adminToken: token } = await account();
    assert.deepEqual(await f.json(await call('GET', sp.getIPRestrictionsConfig.path, { token })), {
      isActive: false,
      strategy: 'ALLOW',
    });
    assert.deepEqual(
      await f.json(
        await call('POST', sp.updateIPRestrictionConfig.path, {
          token,
          body: { isActive: true, strategy: 'block' },
        }),
      ),
      { isActive: true, strategy: 'BLOCK' },
    );
    // The strategy stays when a save leaves it out.
    assert.deepEqual(
      await f.json(
        await call('POST', sp.updateIPRestrictionConfig.path, { token, body: { isActive: false } }),
      ),
      { isActive: false, strategy: 'BLOCK' },
    );
    const [row] = await t.services.db
      .select()
      .from(ipRestrictionConfigs)
      .where(eq(ipRestrictionConfigs.tenantId, tenantId));
    assert.deepEqual([row?.isActive, row?.strategy], [false, 'BLOCK']);
    const rows = (await f.auditsFor('IP restrictions config updated')).filter((a) => a.tenantId === tenantId);
    assert.deepEqual(
      rows.map((a) => a.json),
      [
        { old: { isActive: false, strategy: 'ALLOW' }, new: { isActive: true, strategy: 'BLOCK' } },
        { old: { isActive: true, strategy: 'BLOCK' }, new: { isActive: false, strategy: 'BLOCK' } },
      ],
    );
  });

  it("[SECURITY-012] [SECURITY-013] My IP: an active allow entry of the caller's address; activating keeps the caller in", async () => {
    const { adminToken: token } = await account();
    const from = '203.0.113.77';
    assert.deepEqual(await f.json(await call('POST', sp.testCurrentIpInAllowList.path, { token, from })), {
      valid: false,
    });
    // What the page's "My IP" sends: the caller's address, described 'My IP' (active, ALLOW by default)...
    const mine = await f.json<Entry>(
      await call('POST', sp.createIPRestriction.path, {
        token,
        from,
        body: { ip: from, description: 'My IP' },
      }),
      201,
    );
    assert.deepEqual(
      [mine.ip, mine.strategy, mine.isActive, mine.description],
      [from, 'ALLOW', true, 'My IP'],
    );
    // ...then the config activated as an allow list.
    await f.json(
      await call('POST', sp.updateIPRestrictionConfig.path, {
        token,
        from,
        body: { isActive: true, strategy: 'ALLOW' },
      }),
    );
    assert.deepEqual(await f.json(await call('POST', sp.testCurrentIp.path, { token, from })), {
      valid: true,
    });
    assert.deepEqual(await f.json(await call('POST', sp.testCurrentIpInAllowList.path, { token, from })), {
      valid: true,
    });
    assert.deepEqual(await f.json(await call('GET', sp.getIPRestrictionsConfig.path, { token, from })), {
      isActive: true,
      strategy: 'ALLOW',
    });
    // Anyone else of the tenant, from elsewhere, is refused.
    await refused(await call('GET', sp.getIPRestrictionsConfig.path, { token, from: '203.0.113.78' }));
  });
});

describe('IP restrictions: enforcement', () => {
  it('an allow list refuses sign-in, refresh, authenticated calls and the hosted hand-over from other addresses (403 ER-1011)', async () => {
    const { tenantId, admin, member, adminToken } = await account();
    const office = '203.0.113.0/24';
    // The member signs in from the office before the rules apply (a refresh cookie and a token for later).
    const signedIn = await signInFrom(member, '203.0.113.5');
    const cookie = t.refreshCookie(signedIn)!;
    const memberToken = (await f.json<{ accessToken: string }>(signedIn)).accessToken;

    await f.json(
      await call('POST', sp.createIPRestriction.path, {
        token: adminToken,
        from: '203.0.113.1',
        body: { ip: office },
      }),
      201,
    );
    await f.json(
      await call('POST', sp.updateIPRestrictionConfig.path, {
        token: adminToken,
        from: '203.0.113.1',
        body: { isActive: true, strategy: 'ALLOW' },
      }),
    );

    // Sign-in
    await refused(await signInFrom(member, '198.51.100.7'));
    await refused(await signInFrom(admin, '198.51.100.7'));
    const audited = (await f.auditsFor('Access refused by IP restriction')).filter(
      (a) => a.tenantId === tenantId,
    );
    assert.deepEqual(
      audited.map((a) => [a.userId, a.email, a.ipAddress]).sort(),
      [
        [admin.id, admin.email, '198.51.100.7'],
        [member.id, member.email, '198.51.100.7'],
      ].sort(),
    );
    await f.json(await signInFrom(member, '203.0.113.200'));
    await f.json(await signInFrom(member, '::ffff:203.0.113.9'), 200);
    // Refresh
    await refused(await refreshFrom(cookie, '198.51.100.7'));
    const refreshed = await refreshFrom(cookie, '203.0.113.5');
    assert.equal(refreshed.status, 200, await refreshed.clone().text());
    // An authenticated call, with a token issued before the rules
    await refused(await call('GET', paths.auth.getMeV2.path, { token: memberToken, from: '198.51.100.7' }));
    await f.json(await call('GET', paths.auth.getMeV2.path, { token: memberToken, from: '203.0.113.5' }));
    // The hosted login's hand-over of that token (OAuth): refused from the other address before anything else.
    const handOver = await call('POST', '/oauth/authorize', {
      token: memberToken,
      from: '198.51.100.7',
      body: {},
    });
    assert.equal(handOver.status, 403);
    assert.equal(((await handOver.json()) as { error: string }).error, 'access_denied');
    const handOverInside = await call('POST', '/oauth/authorize', {
      token: memberToken,
      from: '203.0.113.5',
      body: {},
    });
    assert.notEqual(handOverInside.status, 403);
    assert.deepEqual(
      await f.json(await call('POST', sp.testCurrentIp.path, { token: adminToken, from: '203.0.113.1' })),
      {
        valid: true,
      },
    );
    // Another tenant's users are not concerned.
    const outsider = await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }], password: true });
    await f.json(await signInFrom(outsider, '198.51.100.7'));
  });

  it('a block list refuses its active entries only; IPv6 ranges and IPv4-mapped clients are matched', async () => {
    const { member, adminToken } = await account();
    await f.json(
      await call('POST', sp.bulkCreateIPRestriction.path, {
        token: adminToken,
        body: {
          ips: [
            { ip: '2001:db8:bad::/48', strategy: 'BLOCK' },
            { ip: '192.0.2.66', strategy: 'BLOCK' },
            { ip: '192.0.2.67', strategy: 'BLOCK', isActive: false },
          ],
        },
      }),
      201,
    );
    await f.json(
      await call('POST', sp.updateIPRestrictionConfig.path, {
        token: adminToken,
        body: { isActive: true, strategy: 'BLOCK' },
      }),
    );
    await refused(await signInFrom(member, '2001:db8:bad:1::5'));
    await refused(await signInFrom(member, '::ffff:192.0.2.66'));
    await refused(await signInFrom(member, '192.0.2.66'));
    await f.json(await signInFrom(member, '192.0.2.67'), 200);
    await f.json(await signInFrom(member, '2001:db8:beef::1'), 200);
    const token = await member.tokenIn();
    await refused(await call('GET', paths.auth.getMeV2.path, { token, from: '2001:db8:bad::1' }));
    await f.json(await call('GET', paths.auth.getMeV2.path, { token, from: '2001:db8:bae::1' }));
    // Deactivated: everyone passes again.
    await f.json(
      await call('POST', sp.updateIPRestrictionConfig.path, { token: adminToken, body: { isActive: false } }),
    );
    await f.json(await signInFrom(member, '192.0.2.66'), 200);
  });
});
