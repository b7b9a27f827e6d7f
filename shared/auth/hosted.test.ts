import { expect } from '@open-wc/testing';
import { setOptionsAtom } from '../options/options.atoms';
import { store } from '../store';
import {
  buildAuthorizeUrl,
  createHostedLogin,
  handleCallback,
  HOSTED_SCOPE,
  hostedLogout,
  OAUTH_REFRESH_ERROR,
  PENDING_AUTHORIZATION_KEY,
  refreshHostedToken,
  requestAuthorize,
  silentRefreshOrRedirect,
  toAuthAnswer,
  type OAuthTokenAnswer,
  type TokenRequest,
} from './hosted';
import { codeChallengeS256 } from './pkce';
import { accessTokenAtom, isAuthenticatedAtom, userAtom, type SessionUser } from './session.atoms';

const BASE = 'https://id.example.com';
const REDIRECT = 'https://app.example.com/oauth/callback';
const USER: SessionUser = {
  id: 'u1',
  email: 'ada@acme.test',
  name: 'Ada',
  tenantId: 't1',
  tenantIds: ['t1'],
  roles: [],
  permissions: [],
};

/** An in-memory Storage that records every write. */
function memoryStorage() {
  const data = new Map<string, string>();
  const writes: [string, string][] = [];
  return {
    data,
    writes,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push([key, value]);
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** A fake server for the injected fetch: answers by "METHOD path", records every call. */
function fakeServer(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const text = init.body ? String(init.body) : '';
    const call = {
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url.pathname}`];
    return handler ? handler(call) : Response.json({ errors: ['Not found'] }, { status: 404 });
  };
  return { calls, fetch: fetchImpl as typeof fetch };
}

const signedIn = () => {
  store.set(accessTokenAtom, 'old-token');
  store.set(userAtom, USER);
};

async function startedAuthorization(storage = memoryStorage()) {
  const navigations: string[] = [];
  const url = await requestAuthorize({
    baseUrl: BASE,
    clientId: 'fe-demo',
    redirectUri: REDIRECT,
    storage,
    navigate: (to) => navigations.push(to),
  });
  return { storage, url: new URL(url), navigations };
}

describe('hosted login (OAuth code flow with PKCE)', () => {
  beforeEach(() => {
    store.set(accessTokenAtom, null);
    store.set(userAtom, null);
    store.set(setOptionsAtom, { baseUrl: BASE, applicationId: undefined, routes: {} });
  });
  after(() => store.set(setOptionsAtom, { baseUrl: undefined }));

  it('[HOSTED-001] authorizes with the code flow, PKCE and method S256', async () => {
    const { storage, url, navigations } = await startedAuthorization();
    expect(navigations).to.deep.equal([url.href]);
    expect(`${url.origin}${url.pathname}`).to.equal(`${BASE}/oauth/authorize`);
    expect(url.searchParams.get('response_type')).to.equal('code');
    expect(url.searchParams.get('client_id')).to.equal('fe-demo');
    expect(url.searchParams.get('redirect_uri')).to.equal(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
    const pending = JSON.parse(storage.data.get(PENDING_AUTHORIZATION_KEY)!) as {
      state: string;
      codeVerifier: string;
    };
    expect(url.searchParams.get('code_challenge')).to.equal(await codeChallengeS256(pending.codeVerifier));
    expect(url.searchParams.get('state')).to.equal(pending.state);
    expect(pending.state).to.match(/^[A-Za-z0-9]{16}$/);
    expect(url.searchParams.has('prompt')).to.equal(false);
  });

  it('[HOSTED-003] requests scope openid email profile', async () => {
    const { url } = await startedAuthorization();
    expect(url.searchParams.get('scope')).to.equal('openid email profile');
    expect(HOSTED_SCOPE).to.equal('openid email profile');
    const direct = new URL(
      buildAuthorizeUrl({
        baseUrl: `${BASE}/`,
        clientId: 'c',
        redirectUri: REDIRECT,
        state: 's',
        codeChallenge: 'x',
        prompt: 'login',
      }),
    );
    expect(direct.pathname).to.equal('/oauth/authorize');
    expect(direct.searchParams.get('scope')).to.equal('openid email profile');
    expect(direct.searchParams.get('prompt')).to.equal('login');
  });

  it('[HOSTED-004] tries the silent refresh first and falls back to the authorize redirect', async () => {
    const order: string[] = [];
    const silentOk = await silentRefreshOrRedirect({
      silent: async () => (order.push('silent'), { accessToken: 'a', expiresIn: 300 }),
      apply: async () => void order.push('apply'),
      authorize: () => void order.push('authorize'),
    });
    expect(silentOk).to.equal('silent');
    expect(order).to.deep.equal(['silent', 'apply']);

    order.length = 0;
    const fallback = await silentRefreshOrRedirect({
      silent: async () => {
        order.push('silent');
        throw new Error('401');
      },
      apply: async () => void order.push('apply'),
      authorize: () => void order.push('authorize'),
    });
    expect(fallback).to.equal('redirect');
    expect(order).to.deep.equal(['silent', 'authorize']);
  });

  it('[HOSTED-004] wired to the page: silent authorize (POST /oauth/authorize/silent) signs in without a redirect', async () => {
    const server = fakeServer({
      'POST /oauth/authorize/silent': () =>
        Response.json({ accessToken: 'silent-token', expiresIn: 300, user: USER }),
    });
    const navigations: string[] = [];
    const hosted = createHostedLogin({
      fetch: server.fetch,
      storage: memoryStorage(),
      navigate: (u) => navigations.push(u),
    });
    expect(await hosted.start()).to.equal('silent');
    expect(store.get(accessTokenAtom)).to.equal('silent-token');
    expect(store.get(userAtom)?.email).to.equal(USER.email);
    expect(navigations).to.deep.equal([]);
    expect(server.calls[0]!.headers.get('authorization')).to.equal(null);

    const none = fakeServer({});
    const storage = memoryStorage();
    const later = createHostedLogin({ fetch: none.fetch, storage, navigate: (u) => navigations.push(u) });
    expect(await later.start()).to.equal('redirect');
    expect(new URL(navigations[0]!).pathname).to.equal('/oauth/authorize');
    expect(storage.data.has(PENDING_AUTHORIZATION_KEY)).to.equal(true);
  });

  it('[HOSTED-005] makes no silent attempt when silent refresh is disabled or prompt is login', async () => {
    let silentCalls = 0;
    const deps = {
      silent: async () => (silentCalls++, { accessToken: 'a' }),
      apply: async () => undefined,
      authorize: () => undefined,
    };
    expect(await silentRefreshOrRedirect({ ...deps, silentRefresh: false })).to.equal('redirect');
    expect(await silentRefreshOrRedirect({ ...deps, prompt: 'login' })).to.equal('redirect');
    expect(silentCalls).to.equal(0);
    expect(await silentRefreshOrRedirect(deps)).to.equal('silent');
    expect(silentCalls).to.equal(1);

    const server = fakeServer({});
    const navigations: string[] = [];
    const hosted = createHostedLogin({
      fetch: server.fetch,
      storage: memoryStorage(),
      navigate: (u) => navigations.push(u),
    });
    await hosted.start('login');
    expect(server.calls).to.deep.equal([]);
    expect(new URL(navigations[0]!).searchParams.get('prompt')).to.equal('login');
  });

  it('[HOSTED-006] the callback exchanges the code with its verifier for tokens', async () => {
    const { storage, url } = await startedAuthorization();
    const pending = JSON.parse(storage.data.get(PENDING_AUTHORIZATION_KEY)!) as { codeVerifier: string };
    const requests: TokenRequest[] = [];
    const applied: unknown[] = [];
    await handleCallback({
      url: new URL(`${REDIRECT}?code=the-code&state=${url.searchParams.get('state')}`),
      clientId: 'fe-demo',
      storage,
      exchange: async (body) => (
        requests.push(body),
        { access_token: 'tok', expires_in: 300, token_type: 'Bearer' }
      ),
      apply: async (answer) => void applied.push(answer),
      clear: () => {
        throw new Error('must not clear');
      },
    });
    expect(requests).to.deep.equal([
      {
        grant_type: 'authorization_code',
        code: 'the-code',
        redirect_uri: REDIRECT,
        code_verifier: pending.codeVerifier,
        client_id: 'fe-demo',
      },
    ]);
    expect(applied).to.deep.equal([{ accessToken: 'tok', expiresIn: 300 }]);
    expect(storage.data.has(PENDING_AUTHORIZATION_KEY)).to.equal(false);
  });

  it('[HOSTED-006] wired to the page: POST /oauth/token, the user loaded, tokens only in memory', async () => {
    const storage = memoryStorage();
    const navigations: string[] = [];
    const server = fakeServer({
      'POST /oauth/token': () =>
        Response.json({
          access_token: 'code-token',
          token_type: 'Bearer',
          expires_in: 300,
          refresh_token: 'rt-secret',
        }),
      'GET /identity/resources/users/v2/me': () => Response.json(USER),
    });
    const hosted = createHostedLogin({
      fetch: server.fetch,
      storage,
      navigate: (u) => navigations.push(u),
      location: () => new URL('https://app.example.com/dashboard?tab=1'),
    });
    await hosted.authorize();
    const authorizeUrl = new URL(navigations[0]!);
    expect(authorizeUrl.searchParams.get('redirect_uri')).to.equal('https://app.example.com/oauth/callback');
    const result = await hosted.callback(
      new URL(
        `https://app.example.com/oauth/callback?code=c1&state=${authorizeUrl.searchParams.get('state')}`,
      ),
    );
    expect(result.returnTo).to.equal('/dashboard?tab=1');
    const [exchange, me] = server.calls;
    expect(`${exchange!.method} ${exchange!.url.href}`).to.equal(`POST ${BASE}/oauth/token`);
    expect((exchange!.body as TokenRequest).code).to.equal('c1');
    expect(me!.headers.get('authorization')).to.equal('Bearer code-token');
    expect(store.get(accessTokenAtom)).to.equal('code-token');
    expect(store.get(isAuthenticatedAtom)).to.equal(true);
    // Only the verifier and state crossed the redirect, and they are gone now; no token was ever stored.
    expect(storage.writes.map(([key]) => key)).to.deep.equal([PENDING_AUTHORIZATION_KEY]);
    expect(storage.writes[0]![1]).not.to.match(/code-token|rt-secret/);
    expect(storage.data.size).to.equal(0);
    for (const area of [sessionStorage, localStorage])
      for (let i = 0; i < area.length; i++)
        expect(area.getItem(area.key(i)!)).not.to.match(/code-token|rt-secret/);
  });

  it('[HOSTED-007] a failed code exchange clears the user', async () => {
    signedIn();
    const { storage, url } = await startedAuthorization();
    const server = fakeServer({
      'POST /oauth/token': () =>
        Response.json({ error: 'invalid_grant', error_description: 'bad code' }, { status: 400 }),
    });
    const hosted = createHostedLogin({ fetch: server.fetch, storage, navigate: () => undefined });
    let failure: unknown;
    try {
      await hosted.callback(new URL(`${REDIRECT}?code=c&state=${url.searchParams.get('state')}`));
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(accessTokenAtom)).to.equal(null);
    expect(storage.data.has(PENDING_AUTHORIZATION_KEY)).to.equal(false);
  });

  it('[HOSTED-007] a callback with an error, no code or a foreign state clears the user without an exchange', async () => {
    for (const query of ['error=access_denied&state=S', 'state=S', 'code=c&state=forged']) {
      signedIn();
      const { storage, url } = await startedAuthorization();
      const state = url.searchParams.get('state')!;
      let exchanged = false;
      let cleared = false;
      const outcome = await handleCallback({
        url: new URL(`${REDIRECT}?${query.replace('=S', `=${state}`)}`),
        clientId: 'fe-demo',
        storage,
        exchange: async () => ((exchanged = true), {}),
        apply: async () => undefined,
        clear: () => void (cleared = true),
      }).then(
        () => 'resolved',
        () => 'rejected',
      );
      expect(outcome, query).to.equal('rejected');
      expect(exchanged, query).to.equal(false);
      expect(cleared, query).to.equal(true);
      expect(storage.data.size, query).to.equal(0);
    }
    // A pending authorization older than the code lifetime is refused too.
    const { storage, url } = await startedAuthorization();
    const outcome = await handleCallback({
      url: new URL(`${REDIRECT}?code=c&state=${url.searchParams.get('state')}`),
      clientId: 'fe-demo',
      storage,
      exchange: async () => ({ access_token: 'x' }),
      apply: async () => undefined,
      clear: () => undefined,
      now: () => Date.now() + 11 * 60_000,
    }).then(
      () => 'resolved',
      () => 'rejected',
    );
    expect(outcome).to.equal('rejected');
  });

  it('[HOSTED-008] session expiry sets the user to null and the state to unauthenticated', () => {
    signedIn();
    expect(store.get(isAuthenticatedAtom)).to.equal(true);
    createHostedLogin({ storage: memoryStorage(), navigate: () => undefined }).expire();
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(isAuthenticatedAtom)).to.equal(false);
  });

  it('[HOSTED-009] hosted logout clears the state, ends the hosted session and requests authorize again', async () => {
    signedIn();
    const storage = memoryStorage();
    const navigations: string[] = [];
    const server = fakeServer({ 'GET /oauth/logout': () => new Response('signed out') });
    const hosted = createHostedLogin({ fetch: server.fetch, storage, navigate: (u) => navigations.push(u) });
    await hosted.logout();
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(isAuthenticatedAtom)).to.equal(false);
    expect(server.calls.map((c) => `${c.method} ${c.url.href}`)).to.deep.equal([`GET ${BASE}/oauth/logout`]);
    expect(navigations).to.have.length(1);
    const again = new URL(navigations[0]!);
    expect(again.pathname).to.equal('/oauth/authorize');
    expect(again.searchParams.get('code_challenge_method')).to.equal('S256');

    // The order holds, and authorize is requested even when ending the hosted session fails.
    const order: string[] = [];
    await hostedLogout({
      clear: () => void order.push('clear'),
      endSession: async () => {
        order.push('end');
        throw new TypeError('Failed to fetch');
      },
      authorize: () => void order.push('authorize'),
    });
    expect(order).to.deep.equal(['clear', 'end', 'authorize']);
  });

  it(`[HOSTED-010] a refresh failure yields "${OAUTH_REFRESH_ERROR}" and clears the user`, async () => {
    signedIn();
    const server = fakeServer({
      'POST /oauth/authorize/silent': () => Response.json({ errors: ['Unauthorized'] }, { status: 401 }),
    });
    const hosted = createHostedLogin({
      fetch: server.fetch,
      storage: memoryStorage(),
      navigate: () => undefined,
    });
    let failure: Error | undefined;
    try {
      await hosted.refresh();
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).to.equal("couldn't refresh user token with oauth service");
    expect(store.get(userAtom)).to.equal(null);
    expect(store.get(isAuthenticatedAtom)).to.equal(false);

    let cleared = 0;
    const ok = await refreshHostedToken({
      silent: async () => ({ accessToken: 'new' }),
      apply: async () => undefined,
      clear: () => void cleared++,
    }).then(() => 'ok');
    expect(ok).to.equal('ok');
    expect(cleared).to.equal(0);
  });

  it('[HOSTED-011] OAuth expiresIn defaults to 300 seconds', () => {
    const cases: [OAuthTokenAnswer, number][] = [
      [{ access_token: 'a' }, 300],
      [{ accessToken: 'a' }, 300],
      [{ access_token: 'a', expires_in: 0 }, 300],
      [{ access_token: 'a', expires_in: 600 }, 600],
      [{ accessToken: 'a', expiresIn: 120 }, 120],
    ];
    for (const [answer, expiresIn] of cases) expect(toAuthAnswer(answer).expiresIn).to.equal(expiresIn);
    expect(toAuthAnswer({ access_token: 'a', refresh_token: 'r', id_token: 'i' })).to.deep.equal({
      accessToken: 'a',
      expiresIn: 300,
    });
  });
});
