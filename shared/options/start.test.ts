import { expect } from '@open-wc/testing';
import { createApiClient } from '../api/client';
import { accessTokenAtom } from '../auth/session.atoms';
import {
  entitlementsLoadAtom,
  featureFlagsAtom,
  loadedFlagsAtom,
  previewFlagKeys,
} from '../flags/flags.atoms';
import { captureConsole, mount, resetPage, waitUntil } from '../element/testing';
import { userAtom } from '../auth/session.atoms';
import { store } from '../store';
import { configure } from './configure';
import { loadApp } from './load';
import { portalConfigurationAtom } from './metadata';
import { resolveOptions } from './options';
import { hostOptionsInputAtom, setOptionsAtom } from './options.atoms';
import { createLoadSteps, followSession } from './start';
import '../../elements/security-center/index';

afterEach(() => {
  resetPage();
  store.set(loadedFlagsAtom, {});
  store.set(portalConfigurationAtom, {});
  store.set(entitlementsLoadAtom, { status: 'idle' });
  store.set(accessTokenAtom, null);
});

const someUser = {
  id: 'u1',
  email: 'u1@acme.test',
  name: 'U1',
  tenantId: 't',
  tenantIds: ['t'],
  roles: [],
  permissions: [],
};

/** A real client whose transport records each call and answers from a table (or fails). */
function recordingClient(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  const client = createApiClient({
    getOptions: () => resolveOptions({ baseUrl: 'https://auth.example.test' }),
    getToken: () => null,
    source: 'login-box',
    fetchImpl: async (input) => {
      const path = new URL(String(input)).pathname;
      calls.push(path);
      await new Promise((r) => setTimeout(r, 2));
      return (answers[path] ?? (() => Response.json({ errors: ['down'] }, { status: 500 })))();
    },
  });
  return { calls, client };
}

const steps = (
  client: ReturnType<typeof recordingClient>['client'],
  order: string[],
  authorize = async () => {},
) =>
  createLoadSteps(resolveOptions({ baseUrl: 'https://auth.example.test' }), {
    api: client,
    adminPortalApi: client,
    authorize: async () => {
      order.push('authorize');
      await authorize();
    },
    importLoginBox: async () => order.push('login-box script'),
    importAdminPortal: async () => order.push('admin-portal script'),
  });

describe('the load sequence, wired', () => {
  it('[SHELL-009] flags are requested first, then metadata and authorize, then the scripts', async () => {
    const { calls, client } = recordingClient({
      '/flags': () => Response.json({ flags: { 'fe-usage-page': 'on' } }),
      '/metadata': () =>
        Response.json({ rows: [{ configuration: { navigation: { roles: { visibility: 'always' } } } }] }),
    });
    const order: string[] = [];
    const record = (path: string) => order.push(path);
    const original = client.request;
    client.request = (route, opts) => (record(route.path), original(route, opts));
    await loadApp(steps(client, order), { lazy: false });
    expect(calls).to.deep.equal(['/flags', '/metadata']);
    expect(order).to.deep.equal([
      '/flags',
      '/metadata',
      'authorize',
      'login-box script',
      'admin-portal script',
    ]);
    expect(store.get(loadedFlagsAtom)).to.deep.equal({ 'fe-usage-page': true });
    expect(store.get(portalConfigurationAtom).navigation?.roles?.visibility).to.equal('always');
  });

  it('[SHELL-017] when flags and metadata fail to load, it is logged and the defaults are kept', async () => {
    const { client } = recordingClient({});
    const order: string[] = [];
    const console = captureConsole();
    try {
      await loadApp(steps(client, order), { lazy: false });
    } finally {
      console.restore();
    }
    expect(store.get(loadedFlagsAtom)).to.deep.equal({});
    expect(store.get(portalConfigurationAtom)).to.deep.equal({});
    expect(console.calls.map((c) => String(c[0])).filter((m) => m.includes('failed to load'))).to.deep.equal([
      '[fe-elements] feature flags failed to load',
      '[fe-elements] metadata failed to load',
    ]);
    expect(order).to.deep.equal(['authorize', 'login-box script', 'admin-portal script']);
  });

  it('[ENTITLE-010] entitlements load after authorize when the option is on and fe-entitlements is on', async () => {
    const entitlementsPath = '/entitlements/api/v2/user-entitlements';
    const run = async (enabled: boolean, answers: Record<string, () => Response>) => {
      const { calls, client } = recordingClient(answers);
      store.set(hostOptionsInputAtom, { baseUrl: 'https://auth.example.test', entitlements: { enabled } });
      const session = followSession(client);
      const loadSteps = createLoadSteps(
        resolveOptions({ baseUrl: 'https://auth.example.test', entitlements: { enabled } }),
        {
          api: client,
          adminPortalApi: client,
          // The restored session: entitlements follow its user (followSession), authorize waits for them.
          authorize: async () => {
            store.set(accessTokenAtom, 'token');
            store.set(userAtom, someUser);
          },
          importLoginBox: async () => {},
          importAdminPortal: async () => {},
          sessionLoads: session,
        },
      );
      const console = captureConsole();
      try {
        await loadApp(loadSteps, { lazy: true });
      } finally {
        console.restore();
        session.stop();
        store.set(userAtom, null);
        store.set(hostOptionsInputAtom, {});
      }
      return calls;
    };
    const flagsOn = () => Response.json({ flags: { 'fe-entitlements': 'on' } });
    const answer = () =>
      Response.json({ features: { sso: { expireTime: -1 } }, plans: {}, permissions: { 'fe.*': true } });

    expect(await run(false, { '/flags': flagsOn, [entitlementsPath]: answer })).to.not.include(
      entitlementsPath,
    );
    expect(store.get(entitlementsLoadAtom)).to.deep.equal({ status: 'idle' });

    const offFlag = () => Response.json({ flags: { 'fe-entitlements': 'off' } });
    expect(await run(true, { '/flags': offFlag, [entitlementsPath]: answer })).to.not.include(
      entitlementsPath,
    );
    expect(store.get(entitlementsLoadAtom)).to.deep.equal({ status: 'idle' });

    expect(await run(true, { '/flags': flagsOn, [entitlementsPath]: answer })).to.include(entitlementsPath);
    const loaded = store.get(entitlementsLoadAtom);
    expect(loaded.status).to.equal('loaded');
    expect(loaded.status === 'loaded' && loaded.entitlements.features.sso?.expireTime).to.equal(-1);

    // A failed load reports false (status 'failed'), never an error.
    expect(await run(true, { '/flags': flagsOn })).to.include(entitlementsPath);
    expect(store.get(entitlementsLoadAtom)).to.deep.equal({ status: 'failed' });
  });

  it('[SHELL-008] in preview the seven preview flags are on whatever the server says', () => {
    store.set(loadedFlagsAtom, { 'temporary-users': false, other: true });
    expect(store.get(featureFlagsAtom)['temporary-users']).to.equal(false);
    store.set(setOptionsAtom, { preview: true });
    const flags = store.get(featureFlagsAtom);
    expect(previewFlagKeys).to.have.length(7);
    for (const key of previewFlagKeys) expect(flags[key], key).to.equal(true);
    expect(flags.other).to.equal(true);
    store.set(hostOptionsInputAtom, {});
  });

  it('starts when preview arrives after the first element rendered (configure later)', async () => {
    const console = captureConsole();
    try {
      await mount('fe-security-center', {}, (root) => root.querySelector('[role="alert"]') !== null);
      expect(store.get(loadedFlagsAtom)).to.deep.equal({});
      configure({ preview: true });
      await waitUntil(() => Object.keys(store.get(loadedFlagsAtom)).length > 0, 'the flags never loaded', {
        timeout: 5000,
      });
      await waitUntil(() => store.get(portalConfigurationAtom).navigation !== undefined, 'no metadata', {
        timeout: 5000,
      });
    } finally {
      console.restore();
    }
  });

  it('flags are loaded again for the user when someone signs in', async () => {
    const console = captureConsole();
    try {
      configure({ preview: true });
      // The app started in the test before (one load sequence per page); its flags were reset since.
      await mount('fe-security-center', {}, (root) => root.querySelector('[role="meter"]') !== null);
      expect(store.get(loadedFlagsAtom)).to.deep.equal({});
      store.set(userAtom, {
        id: 'u9',
        email: 'u9@acme.test',
        name: 'U9',
        tenantId: 't',
        tenantIds: ['t'],
        roles: [],
        permissions: [],
      });
      await waitUntil(() => Object.keys(store.get(loadedFlagsAtom)).length > 0, 'flags were not reloaded', {
        timeout: 5000,
      });
    } finally {
      console.restore();
      store.set(userAtom, null);
    }
  });
});
