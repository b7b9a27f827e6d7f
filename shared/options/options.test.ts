import { expect } from '@open-wc/testing';
import { store } from '../store';
import { optionAttributes, parseOptionAttribute, validateOptionValue } from './attributes';
import { configure, getApp } from './configure';
import { loadApp, type AppLoadSteps } from './load';
import { createApiClient } from '../api/client';
import {
  IP_METADATA_NOT_FOUND,
  METADATA_NOT_FOUND,
  loadCurrentIpMetadata,
  loadPortalConfiguration,
  readPortalConfiguration,
} from './metadata';
import { NATIVE_BRIDGE_MISSING, requireNativeBridge } from './nativeBridge';
import { defaultOptions, resolveOptions, type HostOptions } from './options';
import { hostOptionsInputAtom, optionsAtom } from './options.atoms';
import { defaultRoutes } from './routes';
import { loadTagManagerScript, tagManagerId } from './tagManager';

afterEach(() => store.set(hostOptionsInputAtom, {}));

describe('host options', () => {
  it('[SHELL-002] every host option of the seeds exists and can be set by an attribute', () => {
    const seedOptions: (keyof HostOptions)[] = [
      'baseUrl',
      'hostedLoginBox',
      'theme',
      'navigation',
      'localizations',
      'entitlements',
      'tagManager',
      'enforceRedirectToSameSite',
      'urlStrategy',
      'requestCredentials',
    ];
    const byAttribute = new Set<string>(optionAttributes.map((a) => a.option));
    for (const option of seedOptions) expect(byAttribute.has(option), option).to.equal(true);
  });

  it('[SHELL-003] the base URL option has no default: it must be given (or preview set)', () => {
    expect(resolveOptions({}).baseUrl).to.equal(undefined);
    expect(resolveOptions({ baseUrl: 'https://auth.example.com' }).baseUrl).to.equal(
      'https://auth.example.com',
    );
  });

  it('[SHELL-005] the URL strategy defaults to path', () => {
    expect(defaultOptions.urlStrategy).to.equal('path');
    expect(resolveOptions({ urlStrategy: 'hash' }).urlStrategy).to.equal('hash');
  });

  it('[SHELL-006] request credentials default to include', () => {
    expect(defaultOptions.requestCredentials).to.equal('include');
    expect(resolveOptions({}).requestCredentials).to.equal('include');
  });

  it('routes merge key by key over the defaults', () => {
    const routes = resolveOptions({ routes: { loginUrl: '/signin' } }).routes;
    expect(routes.loginUrl).to.equal('/signin');
    expect(routes.logoutUrl).to.equal(defaultRoutes.logoutUrl);
  });

  it('an undefined value resets the option to its default', () => {
    store.set(hostOptionsInputAtom, { urlStrategy: 'hash' });
    expect(store.get(optionsAtom).urlStrategy).to.equal('hash');
    store.set(hostOptionsInputAtom, { urlStrategy: undefined });
    expect(store.get(optionsAtom).urlStrategy).to.equal('path');
  });
});

describe('option attributes', () => {
  it('parses booleans, enums, lists and JSON', () => {
    expect(parseOptionAttribute('preview', '')).to.deep.equal({ option: 'preview', value: true });
    expect(parseOptionAttribute('preview', 'false')).to.deep.equal({ option: 'preview', value: false });
    expect(parseOptionAttribute('url-strategy', 'hash')).to.deep.equal({
      option: 'urlStrategy',
      value: 'hash',
    });
    expect(parseOptionAttribute('allowed-redirect-origins', 'https://a.com, https://b.com')).to.deep.equal({
      option: 'allowedRedirectOrigins',
      value: ['https://a.com', 'https://b.com'],
    });
    expect(parseOptionAttribute('theme', '{"palette":{"primary":"#f00"}}')).to.deep.equal({
      option: 'theme',
      value: { palette: { primary: '#f00' } },
    });
  });

  it('reports bad JSON, non-object JSON and unknown enum values as invalid', () => {
    expect(parseOptionAttribute('theme', '{bad'))
      .to.have.property('invalid')
      .that.match(/invalid JSON/);
    expect(parseOptionAttribute('navigation', '[1,2]')).to.have.property('invalid');
    expect(parseOptionAttribute('url-strategy', 'query'))
      .to.have.property('invalid')
      .that.match(/path, hash/);
  });

  it('[ENUM-012] [ENUM-013] the portal option takes a route and field (hidden, viewOnly, edit) and tab (hidden, edit) appearances', () => {
    const valid = {
      route: '/admin-box',
      fields: { 'profile.phoneNumber': 'viewOnly' },
      tabs: { 'account.customLogin': 'hidden' },
    };
    expect(validateOptionValue('portal', valid)).to.equal(null);
    for (const appearance of ['hidden', 'viewOnly', 'edit'])
      expect(validateOptionValue('portal', { fields: { 'profile.name': appearance } })).to.equal(null);
    expect(validateOptionValue('portal', { tabs: { 'account.settings': 'viewOnly' } })).to.match(
      /hidden, edit/,
    );
    expect(validateOptionValue('portal', { fields: { 'profile.name': 'readonly' } })).to.match(
      /hidden, viewOnly, edit/,
    );
    expect(validateOptionValue('portal', { fields: { phoneNumber: 'edit' } })).to.match(/page\.name/);
    expect(validateOptionValue('portal', { fields: [] })).to.match(/must be an object/);
    expect(validateOptionValue('portal', { route: 'admin-box' })).to.match(/starting with \//);
    expect(parseOptionAttribute('portal', '{"route":"/x"}')).to.deep.equal({
      option: 'portal',
      value: { route: '/x' },
    });
  });

  it('a removed attribute resets the option; unknown attributes are not options', () => {
    expect(parseOptionAttribute('base-url', null)).to.deep.equal({ option: 'baseUrl', value: undefined });
    expect(parseOptionAttribute('plan-id', 'x')).to.equal(undefined);
  });
});

describe('apps', () => {
  it('[SHELL-020] a store name that does not match the app name fails with "Mismatch in store names"', () => {
    expect(() => configure({ storeName: 'other' }, 'default')).to.throw('Mismatch in store names');
    expect(() => configure({ storeName: 'default' }, 'default')).not.to.throw();
  });

  it('[SHELL-021] a missing app instance yields a message naming that app as not found', () => {
    expect(() => getApp('billing')).to.throw('billing app not found');
    expect(getApp('default').name).to.equal('default');
  });

  it('[SHELL-022] the native bridge missing is "FronteggNativeBridge is not available"', () => {
    expect(() => requireNativeBridge({} as Window)).to.throw(NATIVE_BRIDGE_MISSING);
    expect(NATIVE_BRIDGE_MISSING).to.equal('FronteggNativeBridge is not available');
    const bridge = { postMessage: () => undefined };
    expect(requireNativeBridge({ FronteggNativeBridge: bridge } as unknown as Window)).to.equal(bridge);
  });
});

describe('load order', () => {
  function recordingSteps(fail: Partial<Record<keyof AppLoadSteps, boolean>> = {}) {
    const order: string[] = [];
    const step = (name: keyof AppLoadSteps) => async () => {
      order.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, name === 'loadMetadata' ? 5 : 1));
      order.push(`${name}:end`);
      if (fail[name]) throw new Error(`${name} broke`);
    };
    const steps = Object.fromEntries(
      (
        [
          'loadFeatureFlags',
          'loadMetadata',
          'authorize',
          'loadLoginBoxScript',
          'loadTagManagerScript',
          'loadAdminPortalScript',
        ] as const
      ).map((name) => [name, step(name)]),
    ) as unknown as AppLoadSteps;
    return { order, steps };
  }

  it('[SHELL-009] flags, then metadata and authorize, then login-box and tag-manager scripts, then admin portal', async () => {
    const { order, steps } = recordingSteps();
    await loadApp(steps, { lazy: false });
    const at = (s: string) => order.indexOf(s);
    expect(at('loadFeatureFlags:end')).to.be.lessThan(at('loadMetadata:start'));
    expect(at('loadFeatureFlags:end')).to.be.lessThan(at('authorize:start'));
    expect(at('loadMetadata:end')).to.be.lessThan(at('loadLoginBoxScript:start'));
    expect(at('authorize:end')).to.be.lessThan(at('loadTagManagerScript:start'));
    expect(at('loadLoginBoxScript:end')).to.be.lessThan(at('loadAdminPortalScript:start'));
    expect(at('loadTagManagerScript:end')).to.be.lessThan(at('loadAdminPortalScript:start'));
    expect(order.at(-1)).to.equal('loadAdminPortalScript:end');
  });

  it('[SHELL-010] with lazy loading the admin-portal script is not loaded as the last step', async () => {
    const { order, steps } = recordingSteps();
    await loadApp(steps, { lazy: true });
    expect(order).not.to.include('loadAdminPortalScript:start');
    expect(order).to.include('loadLoginBoxScript:end');
  });

  it('[SHELL-014] a failure to load the admin-portal script is logged', async () => {
    const { steps } = recordingSteps({ loadAdminPortalScript: true });
    const logged: string[] = [];
    await loadApp(steps, { lazy: false }, { error: (message) => logged.push(message) });
    expect(logged).to.deep.equal(['[fe-elements] admin-portal script failed to load']);
  });

  it('[SHELL-017] a failure to load metadata or flags is only logged and the sequence goes on', async () => {
    const { order, steps } = recordingSteps({ loadFeatureFlags: true, loadMetadata: true });
    const logged: string[] = [];
    await loadApp(steps, { lazy: false }, { error: (message) => logged.push(message) });
    expect(logged).to.deep.equal([
      '[fe-elements] feature flags failed to load',
      '[fe-elements] metadata failed to load',
    ]);
    expect(order.at(-1)).to.equal('loadAdminPortalScript:end');
  });
});

describe('metadata', () => {
  it('[SHELL-015] the portal configuration is requested with GET /metadata?entityName=adminBox', async () => {
    const seen: { method: string; url: URL }[] = [];
    const client = createApiClient({
      getOptions: () => resolveOptions({ baseUrl: 'https://auth.example.test' }),
      getToken: () => null,
      source: 'admin-portal',
      fetchImpl: async (input, init) => {
        seen.push({
          method: init?.method ?? 'GET',
          url: new URL(String(input instanceof Request ? input.url : input)),
        });
        return Response.json({
          rows: [{ configuration: { navigation: { roles: { visibility: 'always' } } } }],
        });
      },
    });
    const configuration = await loadPortalConfiguration(client);
    expect(seen).to.have.length(1);
    expect(seen[0]!.method).to.equal('GET');
    expect(seen[0]!.url.origin + seen[0]!.url.pathname).to.equal('https://auth.example.test/metadata');
    expect(seen[0]!.url.searchParams.get('entityName')).to.equal('adminBox');
    expect(configuration.navigation?.roles?.visibility).to.equal('always');
  });

  it('[SHELL-016] the portal configuration is read at rows[0].configuration', () => {
    const configuration = { navigation: { roles: { visibility: 'always' } } };
    expect(readPortalConfiguration({ rows: [{ configuration }, { configuration: {} }] })).to.equal(
      configuration,
    );
  });

  it('[SHELL-018] missing metadata yields "metadata not found", a missing IP "ip metadata not found"', async () => {
    expect(() => readPortalConfiguration({ rows: [] })).to.throw(METADATA_NOT_FOUND);
    expect(() => readPortalConfiguration(null)).to.throw('metadata not found');
    const answering = (body: unknown) =>
      createApiClient({
        getOptions: () => resolveOptions({ baseUrl: 'https://auth.example.test' }),
        getToken: () => null,
        source: 'admin-portal',
        fetchImpl: async () => Response.json(body),
      });
    expect(await loadCurrentIpMetadata(answering({ ip: '203.0.113.7' }))).to.deep.equal({
      ip: '203.0.113.7',
    });
    let error: unknown;
    await loadCurrentIpMetadata(answering({})).catch((e: unknown) => (error = e));
    expect((error as Error).message).to.equal(IP_METADATA_NOT_FOUND);
    expect(IP_METADATA_NOT_FOUND).to.equal('ip metadata not found');
  });
});

describe('tag manager', () => {
  it('[SHELL-019] ids are used only when enabled and shaped like GTM- + alphanumerics', () => {
    expect(tagManagerId({ enabled: true, id: 'GTM-AB12CD' })).to.equal('GTM-AB12CD');
    expect(tagManagerId({ enabled: false, id: 'GTM-AB12CD' })).to.equal(null);
    expect(tagManagerId({ enabled: true, id: 'UA-1234' })).to.equal(null);
    expect(tagManagerId({ enabled: true, id: 'GTM-"><script>' })).to.equal(null);
    expect(tagManagerId({ enabled: true, id: 'GTM-' })).to.equal(null);
    expect(tagManagerId(undefined)).to.equal(null);
  });

  it('[SHELL-019] no script is added for a refused id', async () => {
    const doc = document.implementation.createHTMLDocument('t');
    await loadTagManagerScript(tagManagerId({ enabled: true, id: 'nope' }), undefined, doc);
    expect(doc.querySelectorAll('script').length).to.equal(0);
  });
});
