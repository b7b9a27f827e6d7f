import { expect } from '@open-wc/testing';
import { resolveOptions } from '../options/options';
import * as authModule from './auth';
import { createAuthApi } from './auth';
import { createApiClient } from './client';
import { paths } from './paths';

interface Echo {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

const echoAuth = () =>
  createAuthApi(
    createApiClient({
      getOptions: () => resolveOptions({ baseUrl: `${location.origin}/test-api/echo` }),
      getToken: () => 'tok',
      source: 'login-box',
    }),
  );
const asEcho = (value: unknown) => value as Echo;

describe('auth calls', () => {
  it('[API-010] the auth paths exist in the table and each has a client function that calls it', async () => {
    expect(paths.auth.refreshToken).to.deep.equal({
      method: 'POST',
      path: '/identity/resources/auth/v1/user/token/refresh',
    });
    expect(paths.auth.silentOAuthRefreshToken).to.deep.equal({
      method: 'POST',
      path: '/oauth/authorize/silent',
    });
    expect(paths.auth.getMeV2).to.deep.equal({ method: 'GET', path: '/identity/resources/users/v2/me' });
    expect(paths.tenants.getTenants.path).to.equal('/identity/resources/users/v2/me/tenants');
    expect(paths.users.getCurrentUserTenantsV3.path).to.equal('/identity/resources/users/v3/me/tenants');
    for (const fn of ['refreshToken', 'silentOAuthRefresh', 'getMe', 'getMeTenants'] as const) {
      expect(authModule[fn], fn).to.be.a('function');
    }

    const auth = echoAuth();
    const calls = [
      [await auth.refreshToken(), 'POST', '/identity/resources/auth/v1/user/token/refresh'],
      [await auth.silentOAuthRefresh(), 'POST', '/oauth/authorize/silent'],
      [await auth.getMe(), 'GET', '/identity/resources/users/v2/me'],
      [await auth.getMeTenants('v2'), 'GET', '/identity/resources/users/v2/me/tenants'],
      [await auth.getMeTenants(), 'GET', '/identity/resources/users/v3/me/tenants'],
      [await auth.getMeTenants('v1'), 'GET', '/identity/resources/users/v1/me/tenants'],
    ] as const;
    for (const [answer, method, path] of calls) {
      expect(asEcho(answer).method, path).to.equal(method);
      expect(asEcho(answer).path).to.equal(`/test-api/echo${path}`);
    }
    // The refresh and silent authorize calls are excluded from the token (API-009); "me" carries it.
    expect(asEcho(calls[0][0]).headers).not.to.have.property('authorization');
    expect(asEcho(calls[2][0]).headers.authorization).to.equal('Bearer tok');
  });

  it('[API-020] token refresh sends tenantId in the body only when given', async () => {
    const auth = echoAuth();
    expect(JSON.parse(asEcho(await auth.refreshToken('t-9')).body)).to.deep.equal({ tenantId: 't-9' });
    expect(JSON.parse(asEcho(await auth.refreshToken()).body)).to.deep.equal({});
  });
});
