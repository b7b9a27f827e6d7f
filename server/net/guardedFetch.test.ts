// The guarded fetch against real local HTTP servers: loopback refused without ALLOW_PRIVATE_NETWORK_FETCH and
// reached with it, a redirect to loopback refused, the size, time and redirect limits, http in production.
import assert from 'node:assert/strict';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  FetchRefused,
  guardedFetch,
  guardedFetchFunction,
  guardedFetchWith,
  refusedAddress,
} from './guardedFetch';

const dev = { production: false, allowPrivateNetworkFetch: false };
const allowed = { production: false, allowPrivateNetworkFetch: true };

async function serve(handler: RequestListener): Promise<{ origin: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const refused = async (promise: Promise<unknown>, reason: string) => {
  const error = await promise.then(
    () => assert.fail('the fetch went through'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof FetchRefused, `a FetchRefused, got ${String(error)}`);
  assert.equal(error.reason, reason, error.message);
};

describe('guardedFetch', () => {
  let origin: string;
  let server: Server;
  let hits = 0;
  before(async () => {
    ({ origin, server } = await serve((req, res) => {
      hits++;
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/ok') return res.end('<xml/>');
      if (url.pathname === '/big') {
        // No content-length: the stream itself must be cut off.
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const push = () => {
          while (sent < 40 && res.write(chunk)) sent++;
          if (sent < 40) res.once('drain', push);
          else res.end();
        };
        return push();
      }
      if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      if (url.pathname === '/trickle') {
        res.write('a');
        return void setTimeout(() => res.end('b'), 2_000);
      }
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' });
        return res.end();
      }
      if (url.pathname === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      res.writeHead(404).end();
    }));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback, private, link-local, CGNAT, unique-local and metadata addresses; allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.5',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '::a00:1',
    ])
      assert.ok(refusedAddress(address), address);
    assert.equal(refusedAddress('169.254.169.254'), 'cloud-metadata');
    assert.equal(refusedAddress('fd00:ec2::254'), 'cloud-metadata');
    assert.equal(refusedAddress('93.184.216.34'), undefined);
    assert.equal(refusedAddress('2606:4700::1111'), undefined);
  });

  it('refuses a loopback host without the flag (by IP literal and by name), before any request', async () => {
    const before = hits;
    await refused(guardedFetch(dev, `${origin}/ok`), 'private-address');
    await refused(guardedFetch(dev, origin.replace('127.0.0.1', 'localhost') + '/ok'), 'private-address');
    await refused(guardedFetch(dev, 'http://[::1]:1/ok'), 'private-address');
    await refused(guardedFetch(dev, 'http://169.254.169.254/latest/meta-data/'), 'private-address');
    assert.equal(hits, before, 'no request reached the server');
  });

  it('as a fetch function (OIDC discovery, token, userinfo, JWKS): the same rules, any method and body', async () => {
    const before = hits;
    await refused(guardedFetchFunction(dev)(`${origin}/ok`), 'private-address');
    assert.equal(hits, before, 'no request reached the server');
    const answer = await guardedFetchFunction(allowed)(`${origin}/ok`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code' }),
    });
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), '<xml/>');
  });

  it('fetches a loopback host with ALLOW_PRIVATE_NETWORK_FETCH', async () => {
    const res = await guardedFetch(allowed, `${origin}/ok`);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), '<xml/>');
    const byName = await guardedFetch(allowed, origin.replace('127.0.0.1', 'localhost') + '/ok');
    assert.equal(byName.body.toString(), '<xml/>');
  });

  it('checks every redirect hop: a redirect from an allowed host to loopback is refused', async () => {
    // The real rules, except that this test's first server (127.0.0.1) stands for a public host: its redirect
    // to another loopback address (127.0.0.2, a literal, and a name) must be refused at the hop.
    const target = createServer((_req, res) => res.end('secret'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.2', resolve));
    const port = (target.address() as AddressInfo).port;
    const rules = {
      refuse: (address: string) => (address === '127.0.0.1' ? undefined : refusedAddress(address)),
      http: true,
    };
    try {
      const start = await guardedFetchWith(rules, `${origin}/ok`);
      assert.equal(start.body.toString(), '<xml/>', 'the first hop is allowed');
      await refused(
        guardedFetchWith(rules, `${origin}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/`)}`),
        'private-address',
      );
      await refused(
        guardedFetchWith(rules, `${origin}/redirect?to=${encodeURIComponent('http://[::1]:1/')}`),
        'private-address',
      );
      await refused(
        guardedFetchWith(rules, `${origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`),
        'scheme',
      );
      // The same redirect with the flag is followed (the self-hoster's case).
      const followed = await guardedFetch(
        allowed,
        `${origin}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/`)}`,
      );
      assert.equal(followed.body.toString(), 'secret');
      assert.equal(followed.url, `http://127.0.0.2:${port}/`);
    } finally {
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });

  it('stops after 3 redirects', async () => {
    await refused(guardedFetch(allowed, `${origin}/loop`), 'too-many-redirects');
  });

  it('cuts off an answer larger than the size limit', async () => {
    await refused(guardedFetch(allowed, `${origin}/big`, { maxBytes: 1_000_000 }), 'too-large');
  });

  it('gives up on a slow server and on a trickling body at the time limit', async () => {
    const start = Date.now();
    await refused(guardedFetch(allowed, `${origin}/slow`, { timeoutMs: 300 }), 'timeout');
    await refused(guardedFetch(allowed, `${origin}/trickle`, { timeoutMs: 300 }), 'timeout');
    assert.ok(Date.now() - start < 1_500, 'within the limits');
  });

  it('refuses http in production (https only), and other schemes anywhere', async () => {
    await refused(
      guardedFetch({ production: true, allowPrivateNetworkFetch: false }, `${origin}/ok`),
      'scheme',
    );
    await refused(guardedFetch(allowed, 'file:///etc/passwd'), 'scheme');
    await refused(guardedFetch(allowed, 'not a url'), 'bad-url');
    // With the flag, production may fetch http (a self-hoster's IdP on its network).
    const res = await guardedFetch({ production: true, allowPrivateNetworkFetch: true }, `${origin}/ok`);
    assert.equal(res.status, 200);
  });
});
