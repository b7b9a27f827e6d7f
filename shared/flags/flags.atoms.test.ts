import { expect } from '@open-wc/testing';
import { createApiClient } from '../api/client';
import { resolveOptions } from '../options/options';
import { createLoadSteps } from '../options/start';
import { store } from '../store';
import { loadedFlagsAtom, parseFlags } from './flags.atoms';

afterEach(() => store.set(loadedFlagsAtom, {}));

describe('loaded feature flags', () => {
  it("[FLAGS-016] a feature flag value 'on' means enabled", () => {
    expect(parseFlags({ flags: { a: 'on', b: 'off', c: 'ON', d: true, e: 1 } })).to.deep.equal({
      a: true,
      b: false,
      c: false,
      d: true,
      e: false,
    });
    expect(parseFlags({ a: 'on', b: 'off' })).to.deep.equal({ a: true, b: false });
    expect(parseFlags(null)).to.deep.equal({});
  });

  it('[FLAGS-017] feature flags are loaded with a GET call', async () => {
    const calls: { method: string; path: string }[] = [];
    const client = createApiClient({
      getOptions: () => resolveOptions({ baseUrl: 'https://auth.example.test' }),
      getToken: () => null,
      source: 'login-box',
      fetchImpl: async (input, init) => {
        calls.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname });
        return Response.json({ flags: { 'fe-usage-page': 'on' } });
      },
    });
    const steps = createLoadSteps(resolveOptions({ baseUrl: 'https://auth.example.test' }), {
      api: client,
      adminPortalApi: client,
      authorize: async () => {},
      importLoginBox: async () => {},
      importAdminPortal: async () => {},
    });
    await steps.loadFeatureFlags();
    expect(calls).to.deep.equal([{ method: 'GET', path: '/flags' }]);
    expect(store.get(loadedFlagsAtom)).to.deep.equal({ 'fe-usage-page': true });
  });
});
