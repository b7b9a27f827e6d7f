import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clearOfWindowEdge, testServer } from '../../testing';
import { clientKey } from './index';

describe('rate limit on the auth endpoints', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    t = await testServer({ authRateLimitPerMinute: 5 });
  });
  after(() => t.close());

  const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  const attempt = (
    remoteAddress: string,
    headers: Record<string, string> = {},
    path = '/identity/resources/auth/v1/user',
  ) =>
    t.app.request(path, t.json({ email: 'nobody@acme.test', password: 'x' }, headers), from(remoteAddress));

  it('answers 429 after the limit, with Retry-After, in the errors shape', async () => {
    await clearOfWindowEdge();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('203.0.113.1')).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    const limited = await attempt('203.0.113.1');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.deepEqual(await limited.json(), {
      errors: ['Too many requests, try again later'],
      errorCode: 'ER-6002',
    });
  });

  it('a spoofed X-Forwarded-For does not give a fresh budget', async () => {
    await clearOfWindowEdge();
    for (let i = 0; i < 5; i++) await attempt('203.0.113.2');
    const spoofed = await attempt('203.0.113.2', {
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200)}`,
    });
    assert.equal(spoofed.status, 429);
  });

  it('IPv6 addresses within one /64 share a budget; another /64 does not', async () => {
    for (let i = 0; i < 5; i++) await attempt(`2001:db8:aa:1::${i + 1}`);
    assert.equal((await attempt('2001:db8:aa:1:ffff:ffff:ffff:fffe')).status, 429);
    assert.equal((await attempt('2001:db8:aa:2::1')).status, 401);
  });

  it('path variants of the endpoints share the bucket', async () => {
    for (let i = 0; i < 5; i++) await attempt('203.0.113.3');
    for (const variant of [
      '/identity/resources/auth/v1/user/',
      '/identity/resources/auth/v1//user',
      '/identity/resources/auth/v1/USER',
    ]) {
      assert.equal((await attempt('203.0.113.3', {}, variant)).status, 429, variant);
    }
  });

  it('token refresh is not counted (its secret cannot be guessed), whatever the path variant', async () => {
    for (let i = 0; i < 5; i++) await attempt('203.0.113.4');
    for (const path of [
      '/identity/resources/auth/v1/user/token/refresh',
      '/identity/resources/auth/v1/user/token/refresh/',
    ]) {
      const res = await t.app.request(path, t.json({}), from('203.0.113.4'));
      assert.notEqual(res.status, 429, path);
    }
    assert.equal((await attempt('203.0.113.4')).status, 429);
  });

  it('normalises client keys', () => {
    assert.equal(clientKey('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(clientKey('2001:db8:0:0:1:2:3:4'), '2001:db8:0:0::/64');
    assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientKey(''), 'unknown');
  });
});
