// The hosted example at any loopback origin in development (DEV_ROUTES=1), at PUBLIC_URL only in production.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { oauthClients } from '../db/schema';
import { DEMO_CLIENT_ID, ensureDemoOAuthClient, isLoopbackOrigin } from './clients';
import { s256 } from './pkce';
import { testServer } from '../testing';

type Server = Awaited<ReturnType<typeof testServer>>;

/** GET /oauth/authorize as a browser sends it to `origin`, for the hosted example's callback at `callbackOrigin`. */
const authorizeAt = (t: Server, origin: string, callbackOrigin = origin) =>
  t.app.request(
    `${origin}/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: `${callbackOrigin}/examples/hosted/callback/`,
      scope: 'openid email profile',
      state: 'state-1234',
      code_challenge: s256(randomBytes(48).toString('base64url')),
      code_challenge_method: 'S256',
    })}`,
  );

async function redirectUris(t: Server): Promise<unknown> {
  const [row] = await t.services.db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, DEMO_CLIENT_ID));
  return row!.redirectUris;
}

const atPublicUrl = [
  'http://localhost:8080/oauth/callback',
  'http://localhost:8080/examples/hosted/callback/',
];

describe('demo OAuth client at loopback origins', () => {
  it('a loopback origin is http(s) on localhost, 127.x or [::1], any port', () => {
    for (const origin of [
      'http://127.0.0.1:5173',
      'http://localhost:3000',
      'http://[::1]:9000',
      'https://127.0.0.2',
    ])
      assert.equal(isLoopbackOrigin(origin), true, origin);
    for (const origin of [
      'http://127.0.0.1.evil.test',
      'http://localhost.evil.test:3000',
      'http://192.168.1.10:8080',
      'http://[::2]:9000',
      'ftp://127.0.0.1',
      'http://127.0.0.1:5173/path',
      'not an origin',
    ])
      assert.equal(isLoopbackOrigin(origin), false, origin);
  });

  describe('in development (DEV_ROUTES=1)', () => {
    let t: Server;
    before(async () => {
      t = await testServer({ devRoutes: true });
      await ensureDemoOAuthClient(t.services);
    });
    after(() => t.close());

    it('the example opened at another loopback origin is served: its callbacks are registered for that origin', async () => {
      for (const origin of ['http://127.0.0.1:5173', 'http://[::1]:9000']) {
        const res = await authorizeAt(t, origin);
        assert.equal(res.status, 200, `${origin}: ${await res.clone().text()}`);
        assert.doesNotMatch(await res.text(), /not registered/);
      }
      assert.deepEqual(await redirectUris(t), [
        ...atPublicUrl,
        'http://127.0.0.1:5173/oauth/callback',
        'http://127.0.0.1:5173/examples/hosted/callback/',
        'http://[::1]:9000/oauth/callback',
        'http://[::1]:9000/examples/hosted/callback/',
      ]);
      // Once each: a second visit adds nothing.
      assert.equal((await authorizeAt(t, 'http://127.0.0.1:5173')).status, 200);
      assert.equal(((await redirectUris(t)) as string[]).length, 6);
    });

    it('only the origin the request came to, and never a non-loopback one', async () => {
      const before = await redirectUris(t);
      const otherPort = await authorizeAt(t, 'http://127.0.0.1:5173', 'http://127.0.0.1:6000');
      assert.equal(otherPort.status, 400);
      const remote = await authorizeAt(t, 'http://id.evil.test');
      assert.equal(remote.status, 400);
      assert.match(await remote.text(), /redirect_uri is not registered/);
      assert.deepEqual(await redirectUris(t), before);
    });
  });

  describe('in production (DEV_ROUTES off)', () => {
    let t: Server;
    before(async () => {
      t = await testServer({ devRoutes: false });
      await ensureDemoOAuthClient(t.services);
    });
    after(() => t.close());

    it('only PUBLIC_URL’s callbacks are registered, whatever loopback origin a request names', async () => {
      const res = await authorizeAt(t, 'http://127.0.0.1:5173');
      assert.equal(res.status, 400);
      assert.match(await res.text(), /redirect_uri is not registered/);
      assert.deepEqual(await redirectUris(t), atPublicUrl);
      assert.equal((await authorizeAt(t, 'http://localhost:8080')).status, 200);
    });
  });
});
