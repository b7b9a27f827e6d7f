import { expect } from '@open-wc/testing';
import type { ApiClient } from '../api/client';
import { paths, type ApiPath } from '../api/paths';
import { accessTokenAtom, userAtom } from '../auth/session.atoms';
import { resolveOptions } from '../options/options';
import { hostOptionsInputAtom } from '../options/options.atoms';
import { store } from '../store';
import {
  ENTITLEMENTS_DISABLED_MESSAGE,
  getFeatureEntitlements,
  getPermissionEntitlements,
} from './entitlements.api';
import {
  AUTHORIZATION_FLAG_KEY,
  ENTITLEMENTS_FLAG_KEY,
  loadEntitlements,
  shouldLoadAuthorization,
  shouldLoadEntitlements,
} from './entitlements.load';
import { entitlementsLoadAtom } from './flags.atoms';

const answer = {
  features: {
    sso: { expireTime: -1, planIds: [], linkedPermissions: ['fe.secure.read.sso'] },
    beta: {
      expireTime: null,
      featureFlag: {
        on: true,
        offTreatment: 'false',
        defaultTreatment: 'false',
        rules: [
          {
            conditions: [{ attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@acme.com'] } }],
            treatment: 'true',
          },
          {
            conditions: [{ attribute: 'cohort', op: 'in_list', value: { list: ['early'] } }],
            treatment: 'true',
          },
        ],
      },
      planIds: [],
      linkedPermissions: [],
    },
  },
  plans: {},
  permissions: { 'fe.secure.*': true },
};

/** A request function that records the calls and answers with `respond`. */
function recordingApi(respond: () => Promise<unknown>) {
  const calls: ApiPath[] = [];
  const api: Pick<ApiClient, 'request'> = {
    request: <T>(route: ApiPath) => {
      calls.push(route);
      return respond() as Promise<T>;
    },
  };
  return { api, calls };
}

const enabled = resolveOptions({ entitlements: { enabled: true } });
const disabled = resolveOptions({});
const flagOn = { [ENTITLEMENTS_FLAG_KEY]: true };

function jwtOf(claims: unknown): string {
  return `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
}

afterEach(() => {
  store.set(hostOptionsInputAtom, {});
  store.set(entitlementsLoadAtom, { status: 'idle' });
  store.set(accessTokenAtom, null);
  store.set(userAtom, null);
});

describe('entitlements for the host', () => {
  it('[ENTITLE-002] entitlement functions work only when entitlements are enabled in the options', async () => {
    store.set(
      entitlementsLoadAtom,
      await loadEntitlements({ api: recordingApi(async () => answer).api, options: enabled, flags: flagOn }),
    );
    expect(() => getFeatureEntitlements('sso')).to.throw(Error);
    store.set(hostOptionsInputAtom, { entitlements: { enabled: true } });
    expect(getFeatureEntitlements('sso')).to.deep.equal({ isEntitled: true });
    expect(getPermissionEntitlements('fe.secure.read.sso')).to.deep.equal({ isEntitled: true });
    store.set(hostOptionsInputAtom, { entitlements: { enabled: false } });
    expect(() => getPermissionEntitlements('fe.secure.read.sso')).to.throw(Error);
  });

  it('[ENTITLE-003] while disabled they refuse with the exact message', () => {
    for (const call of [
      () => getFeatureEntitlements('sso'),
      () => getPermissionEntitlements('fe.secure.read.sso'),
    ]) {
      let message = '';
      try {
        call();
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.equal(
        'You must first enable entitlements via the provider options to use this function',
      );
    }
    expect(ENTITLEMENTS_DISABLED_MESSAGE).to.equal(
      'You must first enable entitlements via the provider options to use this function',
    );
  });

  it('[ENTITLE-004] the host functions evaluate with the signed-in user and the custom attributes', () => {
    store.set(hostOptionsInputAtom, { entitlements: { enabled: true } });
    store.set(entitlementsLoadAtom, { status: 'loaded', entitlements: answer as never });
    expect(getFeatureEntitlements('beta').isEntitled).to.equal(false);
    store.set(accessTokenAtom, jwtOf({ sub: 'u1', email: 'jo@acme.com' }));
    expect(getFeatureEntitlements('beta')).to.deep.equal({ isEntitled: true });
    store.set(accessTokenAtom, jwtOf({ sub: 'u1', email: 'jo@other.io' }));
    expect(getFeatureEntitlements('beta').isEntitled).to.equal(false);
    expect(getFeatureEntitlements('beta', { cohort: 'early' })).to.deep.equal({ isEntitled: true });
  });

  it('[ENTITLE-010] entitlements load only when the option is enabled and their feature flag is on', async () => {
    expect(shouldLoadEntitlements(enabled, flagOn)).to.equal(true);
    expect(shouldLoadEntitlements(enabled, {})).to.equal(false);
    expect(shouldLoadEntitlements(enabled, { [ENTITLEMENTS_FLAG_KEY]: false })).to.equal(false);
    expect(shouldLoadEntitlements(disabled, flagOn)).to.equal(false);

    const skipped = recordingApi(async () => answer);
    expect(await loadEntitlements({ api: skipped.api, options: disabled, flags: flagOn })).to.deep.equal({
      status: 'idle',
    });
    expect(await loadEntitlements({ api: skipped.api, options: enabled, flags: {} })).to.deep.equal({
      status: 'idle',
    });
    expect(skipped.calls).to.deep.equal([]);

    const loaded = recordingApi(async () => answer);
    const result = await loadEntitlements({ api: loaded.api, options: enabled, flags: flagOn });
    expect(loaded.calls).to.deep.equal([paths.entitlements.loadEntitlementsV2]);
    expect(result.status).to.equal('loaded');
  });

  it('[ENTITLE-011] the authorization (permissions) call is allowed only when its feature flag is on', () => {
    expect(shouldLoadAuthorization({ [AUTHORIZATION_FLAG_KEY]: true })).to.equal(true);
    expect(shouldLoadAuthorization({ [AUTHORIZATION_FLAG_KEY]: false })).to.equal(false);
    expect(shouldLoadAuthorization({ [ENTITLEMENTS_FLAG_KEY]: true })).to.equal(false);
    expect(shouldLoadAuthorization({})).to.equal(false);
  });

  it('[ENTITLE-012] a failed entitlements load reports false', async () => {
    store.set(hostOptionsInputAtom, { entitlements: { enabled: true } });
    for (const respond of [
      () => Promise.reject(new Error('Error 500 - Internal Server Error')),
      async () => 'not json',
    ]) {
      const load = await loadEntitlements({
        api: recordingApi(respond).api,
        options: enabled,
        flags: flagOn,
      });
      expect(load).to.deep.equal({ status: 'failed' });
      store.set(entitlementsLoadAtom, load);
      expect(getFeatureEntitlements('sso')).to.deep.equal({
        isEntitled: false,
        justification: 'MISSING_FEATURE',
      });
      expect(getPermissionEntitlements('fe.secure.read.sso')).to.deep.equal({
        isEntitled: false,
        justification: 'MISSING_PERMISSION',
      });
    }
    // Not loaded yet: false as well.
    store.set(entitlementsLoadAtom, { status: 'idle' });
    expect(getFeatureEntitlements('sso').isEntitled).to.equal(false);
  });
});
