// The token a parent administrator acts with inside a sub-account (TENANTS-014): asked for with users v3
// me/token, kept while it is fresh, renewed before it runs out, and renewed once when a call is refused with
// 401 (the token ended early: a restart, a revoked session).
import type { ApiClient } from '../../../../shared/api/client';
import { asAccount, hierarchyApi, type UserJwt } from '../../../../shared/api/hierarchy';

/** A token is renewed this long before it runs out (at most half its lifetime). */
export const RENEW_BEFORE_MS = 60_000;

export interface AccountToken {
  /** A token of the account valid for a while yet: the kept one, or a new one. */
  get(): Promise<string>;
  /** Drops the kept token and asks for a new one. */
  renew(): Promise<string>;
  /** A client whose every call carries the account's token (renewed before it runs out, and once on a 401). */
  client(base: ApiClient): ApiClient;
}

export interface AccountTokenOptions {
  /** Asks the server for a token of the account (users v3 me/token by default). */
  fetchJwt?: (tenantId: string) => Promise<UserJwt>;
  /** The clock (milliseconds), for tests. */
  now?: () => number;
  /** Told each new token (the page's state keeps the selected account's, TENANTS-009). */
  onToken?: (jwt: string) => void;
}

const isUnauthorized = (err: unknown) => (err as { status?: unknown } | null)?.status === 401;

/** The token of one account, asked for when first needed. Calls made at the same time share one request. */
export function createAccountToken(tenantId: string, options: AccountTokenOptions = {}): AccountToken {
  const fetchJwt = options.fetchJwt ?? ((id: string) => hierarchyApi.getUserJwt(id));
  const now = options.now ?? (() => Date.now());
  let kept: { jwt: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const ask = (): Promise<string> => {
    pending ??= (async () => {
      const askedAt = now();
      try {
        const answer = await fetchJwt(tenantId);
        const jwt = answer.accessToken || answer.token || '';
        if (!jwt) throw new Error('The server answered no token for the account');
        const lifetime = Math.max(0, Number(answer.expiresIn) || 0) * 1000;
        kept = { jwt, renewAt: askedAt + lifetime - Math.min(RENEW_BEFORE_MS, lifetime / 2) };
        options.onToken?.(jwt);
        return jwt;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };

  const get = async (): Promise<string> => (kept && now() < kept.renewAt ? kept.jwt : ask());
  const renew = (): Promise<string> => {
    kept = null;
    return ask();
  };

  const client = (base: ApiClient): ApiClient => ({
    ...base,
    request: async (route, opts) => {
      const jwt = await get();
      try {
        return await asAccount(base, jwt).request(route, opts);
      } catch (err) {
        if (!isUnauthorized(err)) throw err;
        // Another call may have renewed it meanwhile; else this one does. Once: a second 401 is the answer.
        const fresh = kept && kept.jwt !== jwt && now() < kept.renewAt ? kept.jwt : await renew();
        return asAccount(base, fresh).request(route, opts);
      }
    },
  });

  return { get, renew, client };
}
