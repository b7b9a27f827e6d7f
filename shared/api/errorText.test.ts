import { expect } from '@open-wc/testing';
import { resolveOptions, type HostOptionsInput } from '../options/options';
import { createApiClient, type ApiClientDeps } from './client';
import { ApiError, classifyNetworkFailure, errorCodeFromBody, errorMessage } from './errors';
import type { ApiPath } from './paths';

const here: ApiPath = { method: 'POST', path: '' };
const respondBase = `${location.origin}/test-api/respond`;

function makeClient(input: HostOptionsInput = {}, deps: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    getOptions: () => resolveOptions({ baseUrl: respondBase, logLevel: 'none', ...input }),
    getToken: () => null,
    source: 'login-box',
    location: () => new URL('https://host.example/app'),
    ...deps,
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** A failed login answered by a real HTTP server, in the reference server's shape. */
const badLogin = (code: string, locale?: string) =>
  rejection(
    makeClient(locale ? { locale } : {}).request(here, {
      query: {
        status: '401',
        type: 'application/json',
        body: JSON.stringify({ errors: ['Incorrect email or password'], errorCode: code }),
      },
    }),
  );

describe('server errors by code', () => {
  it('a known errorCode shows the catalog text in Hebrew under locale he', async () => {
    const err = await badLogin('ER-1001', 'he');
    expect(err.code).to.equal('ER-1001');
    expect(err.status).to.equal(401);
    expect(errorMessage(err)).to.equal('האימייל או הסיסמה שגויים');
    // The 001 §8 message stays the server's (logs, API-011).
    expect(err.message).to.equal('Incorrect email or password');
  });

  it('a known errorCode shows the English catalog text under locale en', async () => {
    const rateLimited = await rejection(
      makeClient({ locale: 'en' }).request(here, {
        query: {
          status: '429',
          type: 'application/json',
          body: JSON.stringify({ errors: ['Too many requests, try again later'], errorCode: 'ER-6002' }),
        },
      }),
    );
    expect(errorMessage(rateLimited)).to.equal('Too many requests. Wait a minute and try again.');
  });

  it("[SECURITY-020] a password rule's length reads in the page's language with the server's number", async () => {
    const tooShort = (locale: string) =>
      rejection(
        makeClient({ locale }).request(here, {
          query: {
            status: '400',
            type: 'application/json',
            body: JSON.stringify({
              errors: ['newPassword: The password must be at least 12 characters'],
              errorCode: 'ER-3009',
            }),
          },
        }),
      );
    expect(errorMessage(await tooShort('en'))).to.equal('The password must be at least 12 characters');
    expect(errorMessage(await tooShort('he'))).to.equal('הסיסמה צריכה להכיל לפחות 12 תווים');
  });

  it('a host localization of the code wins over the catalog', async () => {
    const err = await rejection(
      makeClient({ locale: 'he', localizations: { he: { errors: { 'ER-1001': 'נסו שוב' } } } }).request(
        here,
        {
          query: {
            status: '401',
            type: 'application/json',
            body: JSON.stringify({ errors: ['Incorrect email or password'], errorCode: 'ER-1001' }),
          },
        },
      ),
    );
    expect(errorMessage(err)).to.equal('נסו שוב');
  });

  it("[API-011] an unknown code falls back to the server's message (errors joined with ', ')", async () => {
    const err = await rejection(
      makeClient({ locale: 'he' }).request(here, {
        query: {
          status: '400',
          type: 'application/json',
          body: JSON.stringify({ errors: ['email: Invalid email', 'name: Too long'], errorCode: 'ER-9400' }),
        },
      }),
    );
    expect(err.code).to.equal('ER-9400');
    expect(errorMessage(err)).to.equal('email: Invalid email, name: Too long');
    const noCode = await badLogin('not-a-code', 'he');
    expect(noCode.code).to.equal(undefined);
    expect(errorMessage(noCode)).to.equal('Incorrect email or password');
  });

  it('reads errorCode only from a JSON errors document', () => {
    expect(errorCodeFromBody('{"errors":["x"],"errorCode":"ER-5004"}')).to.equal('ER-5004');
    expect(errorCodeFromBody('{"errors":["x"],"errorCode":42}')).to.equal(undefined);
    expect(errorCodeFromBody('{bad json')).to.equal(undefined);
    expect(errorCodeFromBody(null)).to.equal(undefined);
  });
});

describe('network failures say what failed', () => {
  const otherHost = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const crossOrigin = `${location.protocol}//${otherHost}:${location.port}/test-api/echo`;
  const refused = 'http://127.0.0.1:65533/api';

  it('offline: a fetch TypeError while the browser has no network', async () => {
    const client = makeClient(
      { baseUrl: 'https://api.example.test/' },
      {
        isOnline: () => false,
        fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')),
      },
    );
    const err = await rejection(client.request(here));
    expect(err.status).to.equal(undefined);
    expect(err.network).to.equal('offline');
    expect(errorMessage(err, 'generic')).to.equal(
      'You are offline. Check your internet connection and try again.',
    );
  });

  it('unreachable: a refused connection (a real fetch to a closed port)', async () => {
    const err = await rejection(makeClient({ baseUrl: refused }).request(here));
    expect(err.network).to.equal('unreachable');
    expect(errorMessage(err, 'generic')).to.equal(
      `Cannot reach the server at ${refused}. Check your connection and that the server is running.`,
    );
  });

  it('blocked: a real cross-origin call without CORS headers names the base URL and the page origin', async () => {
    const err = await rejection(
      makeClient({ baseUrl: crossOrigin }, { location: () => new URL(location.href) }).request({
        method: 'GET',
        path: '',
      }),
    );
    expect(err.network).to.equal('blocked');
    expect(errorMessage(err, 'generic')).to.equal(
      `The browser blocked the request to ${crossOrigin}; check that this page's origin (${location.origin}) is allowed by the server.`,
    );
  });

  it('timed out: no answer within the time limit', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
      });
    const client = makeClient({ baseUrl: 'https://api.example.test' }, { fetchImpl: hanging, timeoutMs: 50 });
    const err = await rejection(client.request(here));
    expect(err.network).to.equal('timeout');
    expect(errorMessage(err, 'generic')).to.equal(
      'The server at https://api.example.test did not answer in time. Try again.',
    );
  });

  it('each kind is translated: Hebrew under locale he', async () => {
    const client = makeClient(
      { baseUrl: 'https://api.example.test', locale: 'he' },
      { isOnline: () => false, fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    expect(errorMessage(await rejection(client.request(here)))).to.equal(
      'אין חיבור לאינטרנט. יש לבדוק את החיבור ולנסות שוב.',
    );
    const blocked = makeClient(
      { baseUrl: 'https://api.example.test', locale: 'he' },
      {
        // The call fails, the no-cors probe gets through: the browser refused the call.
        fetchImpl: (_input, init) =>
          init?.mode === 'no-cors'
            ? Promise.resolve(new Response(null))
            : Promise.reject(new TypeError('Failed to fetch')),
      },
    );
    expect(errorMessage(await rejection(blocked.request(here)))).to.equal(
      'הדפדפן חסם את הבקשה אל https://api.example.test; יש לבדוק שהשרת מתיר את המקור של הדף הזה (https://host.example).',
    );
  });

  it('classifies by error kind, network and probe', () => {
    const failed = new TypeError('Failed to fetch');
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    expect(classifyNetworkFailure(timeout, { online: true })).to.equal('timeout');
    expect(classifyNetworkFailure(failed, { online: false })).to.equal('offline');
    expect(classifyNetworkFailure(failed, { online: true, serverAnswers: true })).to.equal('blocked');
    expect(classifyNetworkFailure(failed, { online: true, serverAnswers: false })).to.equal('unreachable');
    const nodeRefused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    expect(classifyNetworkFailure(nodeRefused, { online: true })).to.equal('unreachable');
    expect(classifyNetworkFailure(new DOMException('aborted', 'AbortError'), { online: true })).to.equal(
      undefined,
    );
    expect(classifyNetworkFailure(new Error('boom'), { online: true })).to.equal(undefined);
  });
});
