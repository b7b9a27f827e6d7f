// The client's address: the socket's peer; X-Forwarded-For only from a TRUSTED_PROXIES peer. One address for
// the audit rows, the rate limits and the IP restrictions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paths } from '../../shared/api/paths';
import { loadConfig } from '../config';
import { clientKey } from './rate-limit';
import { fixtures, peer, testServer, type TestServer } from '../testing';

const sp = paths.securityPolicy;

/** The address the server sees, as the public IP-metadata call answers it. */
async function seen(t: TestServer, from: string, forwardedFor?: string): Promise<string> {
  const res = await t.app.request(
    paths.metadata.getCurrentUserIpMetadata.path,
    { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } },
    peer(from),
  );
  assert.equal(res.status, 200);
  return ((await res.json()) as { ip: string }).ip;
}

describe('the client address', () => {
  let direct: TestServer;
  let proxied: TestServer;
  before(async () => {
    direct = await testServer();
    proxied = await testServer({ trustedProxies: ['10.0.0.0/8', '2001:db8:ff::/48'] });
  });
  after(async () => {
    await direct.close();
    await proxied.close();
  });

  it('TRUSTED_PROXIES: comma-separated addresses and CIDR ranges, empty by default; anything else stops the start', () => {
    assert.deepEqual(loadConfig({}).trustedProxies, []);
    assert.deepEqual(
      loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.168.1.1 ,2001:db8::/32' }).trustedProxies,
      ['10.0.0.0/8', '192.168.1.1', '2001:db8::/32'],
    );
    assert.throws(
      () => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8,proxy.local' }),
      /TRUSTED_PROXIES: proxy.local/,
    );
  });

  it('without trusted proxies, a client-set X-Forwarded-For is ignored: the socket peer is the client', async () => {
    assert.equal(await seen(direct, '198.51.100.7', '203.0.113.5'), '198.51.100.7');
    assert.equal(await seen(direct, '10.1.2.3', '203.0.113.5'), '10.1.2.3');
  });

  it('from a trusted proxy, the first untrusted hop from the right is the client', async () => {
    assert.equal(await seen(proxied, '10.1.2.3', '203.0.113.5'), '203.0.113.5');
    assert.equal(await seen(proxied, '10.1.2.3', '203.0.113.5, 10.9.9.9'), '203.0.113.5');
    // A client's own X-Forwarded-For before the proxy's hop: its spoofed left part is not believed.
    assert.equal(await seen(proxied, '10.1.2.3', '127.0.0.1, 198.51.100.7'), '198.51.100.7');
    assert.equal(await seen(proxied, '2001:db8:ff::1', '2001:db8:1::9'), '2001:db8:1::9');
    assert.equal(await seen(proxied, '::ffff:10.1.2.3', '203.0.113.5'), '203.0.113.5');
    // An untrusted peer's header is ignored.
    assert.equal(await seen(proxied, '192.0.2.50', '203.0.113.5'), '192.0.2.50');
    assert.equal(await seen(proxied, '10.1.2.3'), '10.1.2.3');
  });

  it("a spoofed X-Forwarded-For does not get past IP restrictions; a trusted proxy's does", async () => {
    for (const [t, proxy] of [
      [direct, '192.0.2.50'],
      [proxied, '10.1.2.3'],
    ] as const) {
      const f = fixtures(t);
      const tenantId = await f.newTenant(`XFF ${proxy}`);
      const admin = await f.createUser({ tenants: [{ id: tenantId, roles: ['Admin'] }] });
      const token = await admin.tokenIn();
      const send = (method: string, path: string, from: string, forwardedFor: string, body?: unknown) =>
        t.app.request(
          path,
          {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              'x-forwarded-for': forwardedFor,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
          peer(from),
        );
      assert.equal(
        (await send('POST', sp.createIPRestriction.path, '203.0.113.5', '', { ip: '203.0.113.5' })).status,
        201,
      );
      const activate = await send('POST', sp.updateIPRestrictionConfig.path, '203.0.113.5', '', {
        isActive: true,
        strategy: 'ALLOW',
      });
      assert.equal(activate.status, 200);
      // The audit row names the address the server saw.
      const [row] = (await f.auditsFor('IP restrictions config updated')).filter(
        (a) => a.tenantId === tenantId,
      );
      assert.equal(row?.ipAddress, '203.0.113.5');

      const spoofed = await send('GET', sp.getIPRestrictionsConfig.path, '192.0.2.50', '203.0.113.5');
      assert.equal(spoofed.status, 403, 'an untrusted peer naming an allowed client is refused');
      const viaProxy = await send('GET', sp.getIPRestrictionsConfig.path, proxy, '203.0.113.5');
      assert.equal(viaProxy.status, t === proxied ? 200 : 403);
    }
  });

  it('the rate limits key on the same address: IPv4-mapped as IPv4, IPv6 by its /64 (ipaddr.js)', () => {
    assert.equal(clientKey('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(clientKey('2001:db8:0:0:1:2:3:4'), '2001:db8:0:0::/64');
    assert.equal(clientKey('2001:db8:1:2:3::'), '2001:db8:1:2::/64');
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
    assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(clientKey(''), 'unknown');
  });
});
