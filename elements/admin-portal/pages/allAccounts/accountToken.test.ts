import { expect } from '@open-wc/testing';
import {
  adminPortalApi,
  createApiClient,
  type ApiClient,
  type RequestOptions,
} from '../../../../shared/api/client';
import { ApiError } from '../../../../shared/api/errors';
import type { UserJwt } from '../../../../shared/api/hierarchy';
import { paths, type ApiPath } from '../../../../shared/api/paths';
import { defaultOptions } from '../../../../shared/options/options';
import { createAccountToken, RENEW_BEFORE_MS } from './accountToken';

/** A token source that answers jwt-1, jwt-2, … each living `expiresIn` seconds; counts the requests. */
function tokens(expiresIn = 300) {
  const asked: string[] = [];
  const fetchJwt = async (tenantId: string): Promise<UserJwt> => {
    asked.push(tenantId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const jwt = `jwt-${asked.length}`;
    return { accessToken: jwt, token: jwt, expires: new Date().toUTCString(), expiresIn };
  };
  return { asked, fetchJwt };
}

/** A client that records the Authorization header of each call and answers with `answer`. */
function recordingClient(answer: (authorization: string | undefined, n: number) => unknown): {
  client: ApiClient;
  seen: { route: ApiPath; authorization: string | undefined }[];
} {
  const seen: { route: ApiPath; authorization: string | undefined }[] = [];
  const client = createApiClient({
    getOptions: () => defaultOptions,
    getToken: () => 'session',
    source: 'admin-portal',
  });
  client.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
    const authorization = opts.headers?.Authorization;
    seen.push({ route, authorization });
    const result = answer(authorization, seen.length);
    if (result instanceof Error) throw result;
    return result;
  }) as ApiClient['request'];
  return { client, seen };
}

describe('the account token (accountToken.ts)', () => {
  it('[TENANTS-014] is asked with POST users v3 me/token naming the account', async () => {
    const original = adminPortalApi.request;
    const sent: { route: ApiPath; opts: RequestOptions }[] = [];
    adminPortalApi.request = (async (route: ApiPath, opts: RequestOptions = {}) => {
      sent.push({ route, opts });
      return { accessToken: 'jwt-sub', expires: '', expiresIn: 600 };
    }) as typeof adminPortalApi.request;
    try {
      expect(await createAccountToken('tenant-sub').get()).to.equal('jwt-sub');
    } finally {
      adminPortalApi.request = original;
    }
    expect(sent.map((s) => s.route)).to.deep.equal([paths.users.GetUserJwt]);
    expect(paths.users.GetUserJwt.method).to.equal('POST');
    expect(paths.users.GetUserJwt.path).to.match(/users\/v3\/me\/token$/);
    expect(sent[0]!.opts.body).to.deep.equal({ tenantId: 'tenant-sub' });
  });

  it('is kept while fresh, and calls made at the same time share one request', async () => {
    const source = tokens();
    const token = createAccountToken('tenant-a', { fetchJwt: source.fetchJwt });
    const all = await Promise.all([token.get(), token.get(), token.get()]);
    expect(all).to.deep.equal(['jwt-1', 'jwt-1', 'jwt-1']);
    expect(await token.get()).to.equal('jwt-1');
    expect(source.asked).to.deep.equal(['tenant-a']);
  });

  it('is renewed before it runs out (its expiresIn, less the margin)', async () => {
    let clock = 1_000_000;
    const source = tokens(300);
    const told: string[] = [];
    const token = createAccountToken('tenant-a', {
      fetchJwt: source.fetchJwt,
      now: () => clock,
      onToken: (jwt) => told.push(jwt),
    });
    expect(await token.get()).to.equal('jwt-1');
    clock += 300_000 - RENEW_BEFORE_MS - 1;
    expect(await token.get()).to.equal('jwt-1');
    clock += 1;
    expect(await token.get()).to.equal('jwt-2');
    expect(source.asked).to.have.length(2);
    expect(told).to.deep.equal(['jwt-1', 'jwt-2']);
  });

  it('a short-lived token is renewed half-way through its life', async () => {
    let clock = 0;
    const source = tokens(60);
    const token = createAccountToken('tenant-a', { fetchJwt: source.fetchJwt, now: () => clock });
    expect(await token.get()).to.equal('jwt-1');
    clock = 29_999;
    expect(await token.get()).to.equal('jwt-1');
    clock = 30_000;
    expect(await token.get()).to.equal('jwt-2');
  });

  it("the client's calls carry the account's token instead of the session's", async () => {
    const source = tokens();
    const { client, seen } = recordingClient(() => ({ items: [] }));
    const bound = createAccountToken('tenant-a', { fetchJwt: source.fetchJwt }).client(client);
    await bound.request(paths.users.getUsersV3, { query: { _limit: 10 } });
    await bound.request(paths.accountSettings.getSettings);
    expect(seen.map((s) => s.authorization)).to.deep.equal(['Bearer jwt-1', 'Bearer jwt-1']);
    // The header the client would send: the account's token wins over the session's.
    expect(client.headers(paths.users.getUsersV3, { Authorization: 'Bearer jwt-1' }).Authorization).to.equal(
      'Bearer jwt-1',
    );
  });

  it('a 401 renews the token once and the call is sent again with the new one', async () => {
    const source = tokens();
    const { client, seen } = recordingClient((authorization) =>
      authorization === 'Bearer jwt-1' ? new ApiError('Token expired', 401) : { ok: true },
    );
    const bound = createAccountToken('tenant-a', { fetchJwt: source.fetchJwt }).client(client);
    expect(await bound.request(paths.users.getUsersV3)).to.deep.equal({ ok: true });
    expect(seen.map((s) => s.authorization)).to.deep.equal(['Bearer jwt-1', 'Bearer jwt-2']);
    expect(source.asked).to.have.length(2);
  });

  it('a second 401 is the answer (no loop), and other failures are not retried', async () => {
    const source = tokens();
    const { client, seen } = recordingClient((_, n) =>
      n <= 2
        ? new ApiError('Unauthorized', 401)
        : new ApiError('Access to this sub-account is not allowed', 403),
    );
    const bound = createAccountToken('tenant-a', { fetchJwt: source.fetchJwt }).client(client);
    const first = await bound.request(paths.users.getUsersV3).then(
      () => null,
      (err: ApiError) => err,
    );
    expect(first?.status).to.equal(401);
    expect(seen).to.have.length(2);
    const second = await bound.request(paths.users.getUsersV3).then(
      () => null,
      (err: ApiError) => err,
    );
    expect(second?.status).to.equal(403);
    expect(second?.message).to.equal('Access to this sub-account is not allowed');
    expect(seen).to.have.length(3);
    expect(source.asked).to.have.length(2);
  });

  it('a refused token request fails the call, and the next call asks again', async () => {
    let refuse = true;
    const asked: string[] = [];
    const token = createAccountToken('tenant-a', {
      fetchJwt: async (tenantId) => {
        asked.push(tenantId);
        if (refuse) throw new ApiError('Sub-account not found', 404);
        return { accessToken: 'jwt-ok', expires: '', expiresIn: 600 };
      },
    });
    const failed = await token.get().then(
      () => null,
      (err: ApiError) => err,
    );
    expect(failed?.message).to.equal('Sub-account not found');
    refuse = false;
    expect(await token.get()).to.equal('jwt-ok');
    expect(asked).to.have.length(2);
  });
});
