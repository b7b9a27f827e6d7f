import { expect } from '@open-wc/testing';
import { FRAMEWORKS, resolveOptions, type HostOptionsInput } from '../options/options';
import { validateOptionValue } from '../options/attributes';
import {
  createApiClient,
  isTokenExcluded,
  REQUEST_SOURCES,
  TOKEN_EXCLUDED_ROUTES,
  type ApiClientDeps,
} from './client';
import { paths, type ApiPath } from './paths';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE, REQUEST_TOO_LARGE_MESSAGE } from './errors';
import { fileNameFromContentDisposition } from './download';
import { navigate, type FeNavigateDetail } from '../options/location';
import { captureConsole } from '../testing/console';

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

const echoBase = `${location.origin}/test-api/echo`;
const here: ApiPath = { method: 'GET', path: '' };

function makeClient(input: HostOptionsInput = {}, deps: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    getOptions: () => resolveOptions({ baseUrl: echoBase, ...input }),
    getToken: () => 'tok-123',
    source: 'login-box',
    location: () => new URL('https://host.example/app'),
    ...deps,
  });
}

const restorers: (() => void)[] = [];
afterEach(() => {
  while (restorers.length) restorers.pop()!();
});
function capture(method: 'warn' | 'error') {
  const c = captureConsole(method);
  restorers.push(c.restore);
  return c;
}

/** Spies on anchor clicks (no real download); returns the clicked anchors. */
function spyAnchorClicks() {
  const original = HTMLAnchorElement.prototype.click;
  const clicked: HTMLAnchorElement[] = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this);
  };
  restorers.push(() => (HTMLAnchorElement.prototype.click = original));
  return clicked;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client: headers (real HTTP echo)', () => {
  it('[API-001] sends Authorization: Bearer <token> and none without a token', async () => {
    const echo = await makeClient().request<Echo>(paths.auth.getMeV2);
    expect(echo.headers.authorization).to.equal('Bearer tok-123');
    expect(echo.path).to.equal('/test-api/echo/identity/resources/users/v2/me');
    const anonymous = await makeClient({}, { getToken: () => null }).request<Echo>(paths.auth.getMeV2);
    expect(anonymous.headers).not.to.have.property('authorization');
  });

  it('[API-002] sends frontegg-scoped-tenant from the page tenantId query parameter, only when present', async () => {
    const scoped = makeClient({}, { location: () => new URL('https://host.example/app?tenantId=t-42&x=1') });
    expect((await scoped.request<Echo>(here)).headers['frontegg-scoped-tenant']).to.equal('t-42');
    expect((await makeClient().request<Echo>(here)).headers).not.to.have.property('frontegg-scoped-tenant');
  });

  it('[API-002] with the hash URL strategy the tenantId of the app URL (#/path?tenantId=) counts', async () => {
    const hashUrl = () => new URL('https://host.example/app#/account/login?tenantId=t-7');
    const echo = await makeClient({ urlStrategy: 'hash' }, { location: hashUrl }).request<Echo>(here);
    expect(echo.headers['frontegg-scoped-tenant']).to.equal('t-7');
  });

  it('[API-003] sends frontegg-source admin-portal or login-box', async () => {
    const login = await makeClient().request<Echo>(here);
    expect(login.headers['frontegg-source']).to.equal('login-box');
    const admin = await makeClient({}, { source: 'admin-portal' }).request<Echo>(here);
    expect(admin.headers['frontegg-source']).to.equal('admin-portal');
  });

  it('[API-004] sends x-frontegg-sdk fe-elements@<version> and x-frontegg-framework from the options', async () => {
    const echo = await makeClient({ framework: 'angular' }).request<Echo>(here);
    expect(echo.headers['x-frontegg-sdk']).to.equal('fe-elements@test');
    expect(echo.headers['x-frontegg-framework']).to.equal('angular');
    expect((await makeClient().request<Echo>(here)).headers['x-frontegg-framework']).to.equal('vanillajs');
  });

  it('[ENUM-035] the request-source header values are exactly admin-portal and login-box', async () => {
    expect([...REQUEST_SOURCES]).to.deep.equal(['admin-portal', 'login-box']);
    for (const source of REQUEST_SOURCES) {
      const echo = await makeClient({}, { source }).request<Echo>(here);
      expect(echo.headers['frontegg-source']).to.equal(source);
    }
  });

  it('[ENUM-036] the framework header values are exactly nextjs, react, angular, vuejs, flutter, ios, android, vanillajs', async () => {
    expect([...FRAMEWORKS]).to.deep.equal([
      'nextjs',
      'react',
      'angular',
      'vuejs',
      'flutter',
      'ios',
      'android',
      'vanillajs',
    ]);
    for (const framework of FRAMEWORKS) {
      expect(validateOptionValue('framework', framework), framework).to.equal(null);
      const echo = await makeClient({ framework }).request<Echo>(here);
      expect(echo.headers['x-frontegg-framework']).to.equal(framework);
    }
    // Any other value is refused as an option, so it never reaches the header.
    expect(validateOptionValue('framework', 'svelte')).to.match(/^expected one of nextjs, /);
  });

  it('[API-005] sends frontegg-login-alias and frontegg-application-id only when configured', async () => {
    const withBoth = await makeClient({ loginAlias: 'acme', applicationId: 'app-7' }).request<Echo>(here);
    expect(withBoth.headers['frontegg-login-alias']).to.equal('acme');
    expect(withBoth.headers['frontegg-application-id']).to.equal('app-7');
    const without = await makeClient().request<Echo>(here);
    expect(without.headers).not.to.have.property('frontegg-login-alias');
    expect(without.headers).not.to.have.property('frontegg-application-id');
  });

  it('[API-006] sends Content-Type: application/json and the body as JSON', async () => {
    const get = await makeClient().request<Echo>(here);
    expect(get.headers['content-type']).to.equal('application/json');
    const post = await makeClient().request<Echo>(paths.auth.login, {
      body: { email: 'a@b.c', password: 'é' },
    });
    expect(post.method).to.equal('POST');
    expect(post.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(post.body)).to.deep.equal({ email: 'a@b.c', password: 'é' });
  });

  it('[API-006] sends FormData as multipart and lets an explicit content type win, whatever its case', async () => {
    const form = new FormData();
    form.append('image', new Blob(['png'], { type: 'image/png' }), 'me.png');
    const multipart = await makeClient().request<Echo>(paths.teams.updateProfileImage, { body: form });
    expect(multipart.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(multipart.body).to.contain('filename="me.png"');
    const csv = await makeClient().request<Echo>(paths.auth.login, {
      body: 'a,b',
      headers: { 'content-type': 'text/csv' },
    });
    expect(csv.headers['content-type']).to.equal('text/csv');
  });

  it('fills path params URL-encoded, appends the query without undefined values, merges extra headers', async () => {
    const echo = await makeClient().request<Echo>(paths.auth.getUserById, {
      params: { userId: 'a/b c' },
      query: { limit: 10, active: true, skip: undefined, q: 'x&y' },
      headers: { 'x-extra': '1' },
    });
    expect(echo.path).to.equal('/test-api/echo/identity/resources/users/v1/a%2Fb%20c');
    expect(echo.query).to.equal('limit=10&active=true&q=x%26y');
    expect(echo.headers['x-extra']).to.equal('1');
    const missing = await rejection(makeClient().request(paths.auth.getUserById));
    expect(missing.message).to.contain('userId');
  });

  it('passes options.requestCredentials to fetch (cookies sent with include, not with omit)', async () => {
    document.cookie = 'fe_api_test=1; path=/';
    try {
      const sent = await makeClient({ requestCredentials: 'include' }).request<Echo>(here);
      expect(sent.headers.cookie ?? '').to.contain('fe_api_test=1');
      const omitted = await makeClient({ requestCredentials: 'omit' }).request<Echo>(here);
      expect(omitted.headers.cookie ?? '').not.to.contain('fe_api_test=1');
    } finally {
      document.cookie = 'fe_api_test=; path=/; max-age=0';
    }
  });

  it('uses the preview transport instead of fetch when options.preview is true', async () => {
    const seen: string[] = [];
    const previewFetch = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ from: 'preview' }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch;
    const fetchImpl = (async () => {
      throw new Error('real fetch must not be called in preview');
    }) as typeof fetch;
    const client = makeClient({ preview: true }, { previewFetch: () => previewFetch, fetchImpl });
    expect(await client.request(paths.auth.getMeV2)).to.deep.equal({ from: 'preview' });
    expect(seen).to.deep.equal([`${echoBase}/identity/resources/users/v2/me`]);
  });

  it('loads the page preview transport on demand: sample answers after the preview delay, no fetch', async () => {
    const fetchImpl = (async () => {
      throw new Error('real fetch must not be called in preview');
    }) as typeof fetch;
    const client = makeClient({ preview: true, baseUrl: 'https://auth.example.com' }, { fetchImpl });
    const started = performance.now();
    const vendor = await client.request(paths.vendor.getVendorPublicInfo);
    expect(performance.now() - started).to.be.at.least(450);
    expect(vendor).to.be.an('object').and.not.equal(null);
  });
});

describe('api client: excluded paths', () => {
  it('[API-009] never sends the token to logout, post-login, passwordless, webauthn, login, refresh, sign-up, activate, invitation accept, MFA verify, oauth token, silent authorize', async () => {
    const expected = [
      paths.auth.logout,
      paths.auth.postLogin,
      paths.auth.oidcPostLogin,
      paths.auth.loginViaSocialLogin,
      paths.auth.passwordlessPostLogin,
      paths.auth.webAuthnPostLogin,
      paths.auth.login,
      paths.auth.refreshToken,
      paths.auth.signUpUser,
      paths.auth.activateAccount,
      paths.auth.acceptInvitation,
      paths.auth.loginWithMfa,
      paths.auth.exchangeOAuthTokens,
      paths.auth.silentOAuthRefreshToken,
    ];
    expect(TOKEN_EXCLUDED_ROUTES).to.include.members(expected);
    const client = makeClient();
    for (const route of TOKEN_EXCLUDED_ROUTES) {
      expect(client.headers(route), route.path).not.to.have.property('Authorization');
    }
    expect(client.headers(paths.auth.getMeV2).Authorization).to.equal('Bearer tok-123');
    expect(isTokenExcluded(paths.teams.updateProfile)).to.equal(false);
    // Over real HTTP too: login goes out without the token.
    const echo = await client.request<Echo>(paths.auth.login, { body: {} });
    expect(echo.headers).not.to.have.property('authorization');
  });
});

describe('api client: answers (real HTTP)', () => {
  const respondBase = `${location.origin}/test-api/respond`;
  const respond = (query: Record<string, string>, input: HostOptionsInput = {}) =>
    makeClient({ baseUrl: respondBase, logLevel: 'none', ...input }).request(here, { query });

  it('parses JSON answers and gives undefined for 204 and empty bodies', async () => {
    expect(await respond({ status: '200', body: '{"a":[1,2]}', type: 'application/json' })).to.deep.equal({
      a: [1, 2],
    });
    expect(await respond({ status: '204' })).to.equal(undefined);
    expect(await respond({ status: '200', body: '', type: 'application/json' })).to.equal(undefined);
    expect(await respond({ status: '200', body: 'plain', type: 'text/plain' })).to.equal('plain');
  });

  it('[API-011] an error whose JSON body holds errors gives the entries joined with ", " and its status', async () => {
    const err = await rejection(
      respond({
        status: '400',
        body: '{"errors":["Email is required","Password too short"]}',
        type: 'application/json',
      }),
    );
    expect(err).to.be.instanceOf(ApiError);
    expect(err.message).to.equal('Email is required, Password too short');
    expect(err.status).to.equal(400);
  });

  it('[API-012] an error with any other body gives "Error {status} - {statusText}"', async () => {
    const text = await rejection(
      respond({ status: '418', body: 'short and stout', type: 'text/plain', statusText: 'Teapot Here' }),
    );
    expect(text.message).to.equal('Error 418 - Teapot Here');
    const json = await rejection(
      respond({ status: '409', body: '{"message":"nope"}', type: 'application/json' }),
    );
    expect(json.message).to.equal('Error 409 - Conflict');
    expect(json.status).to.equal(409);
  });

  it('[API-013] an error body that cannot be parsed gives the difficulties message', async () => {
    const err = await rejection(respond({ status: '500', body: '{bad json', type: 'application/json' }));
    expect(err.message).to.equal("We're facing some difficulties, Please try again");
    expect(err.status).to.equal(500);
  });

  it('[API-014] a 413 gives "Error request is too large"', async () => {
    const err = await rejection(
      respond({ status: '413', body: '{"errors":["payload too large"]}', type: 'application/json' }),
    );
    expect(err.message).to.equal(REQUEST_TOO_LARGE_MESSAGE);
    expect(err.status).to.equal(413);
  });

  it('[API-017] the client logs 4xx with console.warn only when warn is allowed, 5xx with console.error', async () => {
    const warn = capture('warn');
    const error = capture('error');
    await rejection(respond({ status: '403' }, { logLevel: 'error' }));
    expect(warn.calls).to.have.length(0);
    await rejection(respond({ status: '403' }, { logLevel: 'warn' }));
    expect(warn.calls).to.have.length(1);
    await rejection(respond({ status: '503' }, { logLevel: 'none' }));
    expect(error.calls).to.have.length(0);
    await rejection(respond({ status: '503' }, { logLevel: 'error' }));
    expect(error.calls).to.have.length(1);
    expect(String(error.calls[0]![0])).to.contain('503');
  });

  it('a network failure is an ApiError without status that says the server cannot be reached', async () => {
    const err = await rejection(makeClient({ baseUrl: 'http://127.0.0.1:1' }).request(here));
    expect(err).to.be.instanceOf(ApiError);
    expect(err.status).to.equal(undefined);
    expect(err.network).to.equal('unreachable');
    expect(errorMessage(err)).to.contain('Cannot reach the server at http://127.0.0.1:1');
    expect(errorMessage(new ApiError('socket hang up'))).to.equal(GENERIC_ERROR_MESSAGE);
  });
});

describe('api client: 302 redirects', () => {
  const redirectBase = `${location.origin}/test-api/redirect`;
  const redirectTo = (to: string, input: HostOptionsInput = {}, deps: Partial<ApiClientDeps> = {}) => {
    const navigated: string[] = [];
    const client = makeClient(
      { baseUrl: redirectBase, ...input },
      { location: () => new URL(location.href), navigate: (url) => navigated.push(url), ...deps },
    );
    return { navigated, done: client.request(here, { query: { to } }) };
  };

  it('[API-007] a 302 sends the browser to the body URL when it is on the current origin', async () => {
    const target = `${location.origin}/account/after?x=1`;
    const { navigated, done } = redirectTo(target);
    expect(await done).to.equal(undefined);
    expect(navigated).to.deep.equal([target]);
  });

  it('[API-007] a 302 to an allowed origin navigates; to any other origin it warns and stays', async () => {
    const allowed = redirectTo('https://app.allowed.example/next', {
      allowedRedirectOrigins: ['https://app.allowed.example'],
    });
    await allowed.done;
    expect(allowed.navigated).to.deep.equal(['https://app.allowed.example/next']);

    const warn = capture('warn');
    const evil = redirectTo('https://evil.example/phish');
    await evil.done;
    expect(evil.navigated).to.deep.equal([]);
    expect(warn.calls).to.have.length(1);
    const script = redirectTo('javascript:alert(1)');
    await script.done;
    expect(script.navigated).to.deep.equal([]);
  });

  it('[API-007] by default navigation dispatches a cancelable, composed fe-navigate event on document', async () => {
    const events: CustomEvent<FeNavigateDetail>[] = [];
    const listener = (e: CustomEvent<FeNavigateDetail>) => {
      events.push(e);
      e.preventDefault(); // keep the test page where it is
    };
    document.addEventListener('fe-navigate', listener);
    try {
      const client = createApiClient({
        getOptions: () => resolveOptions({ baseUrl: redirectBase }),
        getToken: () => null,
        source: 'login-box',
      });
      await client.request(here, { query: { to: '/dashboard' } });
    } finally {
      document.removeEventListener('fe-navigate', listener);
    }
    expect(events).to.have.length(1);
    expect(events[0]!.detail.url).to.equal(`${location.origin}/dashboard`);
    expect(events[0]!.bubbles && events[0]!.composed && events[0]!.cancelable).to.equal(true);
  });

  it('[API-007] navigate loads the page unless fe-navigate was cancelled', () => {
    const assigned: string[] = [];
    navigate('https://x.example/a', { load: (u) => assigned.push(u) });
    expect(assigned).to.deep.equal(['https://x.example/a']);
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('fe-navigate', cancel);
    try {
      navigate('https://x.example/b', { load: (u) => assigned.push(u) });
    } finally {
      document.removeEventListener('fe-navigate', cancel);
    }
    expect(assigned).to.deep.equal(['https://x.example/a']);
  });
});

describe('api client: blob downloads', () => {
  const fileBase = `${location.origin}/test-api/file`;

  it('[API-008] a blob answer with Content-Disposition downloads under its file name, off the host DOM', async () => {
    const clicked = spyAnchorClicks();
    const bodyChildren = document.body.childElementCount;
    const blob = await makeClient({ baseUrl: fileBase }).request<Blob>(here, {
      query: { name: 'invoice-7.pdf' },
    });
    expect(clicked).to.have.length(1);
    const anchor = clicked[0]!;
    expect(anchor.download).to.equal('invoice-7.pdf');
    expect(anchor.href.startsWith('blob:')).to.equal(true);
    expect(anchor.isConnected).to.equal(false);
    expect(document.body.childElementCount).to.equal(bodyChildren);
    expect(blob).to.be.instanceOf(Blob);
    expect((await (await fetch(anchor.href)).text()).startsWith('%PDF')).to.equal(true);
  });

  it('[API-008] a download route or a binary content type downloads with the fallback file name', async () => {
    const clicked = spyAnchorClicks();
    const pdfRoute: ApiPath = { method: 'GET', path: '', download: true };
    await makeClient({ baseUrl: fileBase }).request(pdfRoute, {
      query: { disposition: '0', outputFileName: 'march.pdf' },
    });
    await makeClient({ baseUrl: fileBase }).request(here, { query: { disposition: '0' } });
    expect(clicked.map((a) => a.download)).to.deep.equal(['march.pdf', 'download']);
    // JSON is not a download.
    await makeClient().request(here);
    expect(clicked).to.have.length(2);
  });

  it('[API-008] reads file names from Content-Disposition (filename* first, quoted, plain, fallback)', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", 'f')).to.equal(
      'résumé.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".csv"', 'f')).to.equal('a "b".csv');
    expect(fileNameFromContentDisposition('attachment; filename=report.csv', 'f')).to.equal('report.csv');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"', 'f')).to.equal('passwd');
    expect(fileNameFromContentDisposition('attachment', 'f')).to.equal('f');
    expect(fileNameFromContentDisposition(null, 'f')).to.equal('f');
  });
});
