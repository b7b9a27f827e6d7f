import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { Condition } from './conditions';
import { NotEntitledJustification as PeerJustification } from '@frontegg/entitlements-javascript-commons';
import {
  NOT_ENTITLED_JUSTIFICATIONS,
  hasPermission,
  isEntitledToFeature,
  isEntitledToPermission,
  parseEntitlements,
  permissionMatches,
  type EntitlementFeature,
  type Entitlements,
} from './entitlements';

const NOW = Date.UTC(2025, 0, 15);
const HOUR = 3_600_000;
const isPro: Condition = { attribute: 'plan', op: 'in_list', value: { list: ['pro'] } };

/** Entitlements with the given features; plans and permissions as the test states them. */
function entitlementsWith(
  features: Record<string, EntitlementFeature>,
  more: Partial<Omit<Entitlements, 'features'>> = {},
): Entitlements {
  return { features, plans: {}, permissions: {}, ...more };
}

const feature = (fields: EntitlementFeature = {}): EntitlementFeature => ({
  expireTime: null,
  planIds: [],
  linkedPermissions: [],
  ...fields,
});

const onFeature = (key: string, e: Entitlements, attributes = {}) =>
  isEntitledToFeature(e, key, attributes, NOW);

describe('entitlements', () => {
  it('[ENTITLE-001] the answer carries features (expireTime, featureFlag, planIds, linkedPermissions), plans (rules, defaultTreatment) and permissions', () => {
    const parsed = parseEntitlements({
      features: {
        sso: {
          expireTime: -1,
          featureFlag: { on: true, defaultTreatment: 'true' },
          planIds: ['p1', 7],
          linkedPermissions: ['fe.secure.read.sso'],
        },
        broken: 'nope',
        odd: { expireTime: 'soon' },
      },
      plans: { p1: { defaultTreatment: 'false', rules: [{ conditions: [isPro], treatment: 'true' }] } },
      permissions: { 'fe.secure.*': true, 'fe.other': false, bad: 'yes' },
    })!;
    expect({ ...parsed.features }).to.deep.equal({
      sso: {
        expireTime: -1,
        featureFlag: { on: true, defaultTreatment: 'true' },
        planIds: ['p1'],
        linkedPermissions: ['fe.secure.read.sso'],
      },
      odd: { expireTime: null, featureFlag: null, planIds: [], linkedPermissions: [] },
    });
    expect({ ...parsed.plans }).to.deep.equal({
      p1: { defaultTreatment: 'false', rules: [{ conditions: [isPro], treatment: 'true' }] },
    });
    expect({ ...parsed.permissions }).to.deep.equal({ 'fe.secure.*': true, 'fe.other': false });
    expect(parseEntitlements({})).to.deep.equal({ features: {}, plans: {}, permissions: {} });
    for (const bad of [null, 'x', [], 42]) expect(parseEntitlements(bad)).to.equal(null);
  });

  it('[ENTITLE-004] a feature is entitled by a direct grant, a true feature flag, or a true plan rule', () => {
    const plans = {
      byRule: { defaultTreatment: false, rules: [{ conditions: [isPro], treatment: true }] },
      byDefault: { defaultTreatment: 'true' as const, rules: [] },
      never: { defaultTreatment: 'false' as const },
    };
    const e = entitlementsWith(
      {
        direct: feature({ expireTime: -1 }),
        flagged: feature({
          featureFlag: {
            on: true,
            offTreatment: 'false',
            defaultTreatment: 'false',
            rules: [{ conditions: [isPro], treatment: 'true' }],
          },
        }),
        flagOff: feature({ featureFlag: { on: false, offTreatment: 'false', defaultTreatment: 'true' } }),
        planRule: feature({ planIds: ['never', 'byRule'] }),
        planDefault: feature({ planIds: ['byDefault'] }),
        unknownPlan: feature({ planIds: ['gone'] }),
        nothing: feature(),
      },
      { plans },
    );
    const yes = { isEntitled: true };
    const no = { isEntitled: false, justification: 'MISSING_FEATURE' };
    expect(onFeature('direct', e)).to.deep.equal(yes);
    expect(onFeature('flagged', e, { plan: 'pro' })).to.deep.equal(yes);
    expect(onFeature('flagged', e, { plan: 'free' })).to.deep.equal(no);
    expect(onFeature('flagOff', e)).to.deep.equal(no);
    expect(onFeature('planRule', e, { plan: 'pro' })).to.deep.equal(yes);
    expect(onFeature('planRule', e, { plan: 'free' })).to.deep.equal(no);
    expect(onFeature('planDefault', e)).to.deep.equal(yes);
    expect(onFeature('unknownPlan', e)).to.deep.equal(no);
    expect(onFeature('nothing', e)).to.deep.equal(no);
  });

  it('[ENTITLE-004] entitled exactly when one of the three sources grants (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (direct, flag, plan) => {
        const e = entitlementsWith(
          {
            f: feature({
              expireTime: direct ? -1 : null,
              featureFlag: { on: true, offTreatment: false, defaultTreatment: flag },
              planIds: ['p'],
            }),
          },
          { plans: { p: { defaultTreatment: plan } } },
        );
        expect(onFeature('f', e).isEntitled).to.equal(direct || flag || plan);
      }),
    );
  });

  it('[ENTITLE-005] a direct grant with a missing feature or a null expiry gives MISSING_FEATURE', () => {
    const e = entitlementsWith({ nullExpiry: feature({ expireTime: null }), noExpiryField: { planIds: [] } });
    const missing = { isEntitled: false, justification: 'MISSING_FEATURE' };
    expect(onFeature('absent', e)).to.deep.equal(missing);
    expect(onFeature('nullExpiry', e)).to.deep.equal(missing);
    expect(onFeature('noExpiryField', e)).to.deep.equal(missing);
    expect(isEntitledToFeature(null, 'x')).to.deep.equal(missing);
    // Inherited names are not features.
    expect(onFeature('constructor', e)).to.deep.equal(missing);
    expect(onFeature('__proto__', e)).to.deep.equal(missing);
  });

  it('[ENTITLE-006] a direct grant whose expiry is not -1 and is in the past gives BUNDLE_EXPIRED', () => {
    const e = entitlementsWith(
      {
        forever: feature({ expireTime: -1 }),
        future: feature({ expireTime: NOW + HOUR }),
        now: feature({ expireTime: NOW }),
        past: feature({ expireTime: NOW - 1 }),
        pastButPlan: feature({ expireTime: NOW - HOUR, planIds: ['p'] }),
      },
      { plans: { p: { defaultTreatment: true } } },
    );
    expect(onFeature('forever', e)).to.deep.equal({ isEntitled: true });
    expect(onFeature('future', e)).to.deep.equal({ isEntitled: true });
    expect(onFeature('now', e), 'not yet past').to.deep.equal({ isEntitled: true });
    expect(onFeature('past', e)).to.deep.equal({ isEntitled: false, justification: 'BUNDLE_EXPIRED' });
    expect(onFeature('pastButPlan', e), 'another source still grants').to.deep.equal({ isEntitled: true });
  });

  it('[ENTITLE-006] expiry against the clock (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (expireTime) => {
        const result = onFeature('f', entitlementsWith({ f: feature({ expireTime }) }));
        const expired = expireTime !== -1 && expireTime < NOW;
        expect(result).to.deep.equal(
          expired ? { isEntitled: false, justification: 'BUNDLE_EXPIRED' } : { isEntitled: true },
        );
      }),
    );
  });

  it('[ENTITLE-007] permission entitlement requires a matching permission, with wildcard * supported', () => {
    const e = entitlementsWith(
      {},
      { permissions: { 'fe.secure.*': true, 'fe.account-settings.read': true, 'fe.connectivity.*': false } },
    );
    const yes = { isEntitled: true };
    const no = { isEntitled: false, justification: 'MISSING_PERMISSION' };
    expect(isEntitledToPermission(e, 'fe.secure.read.users', {}, NOW)).to.deep.equal(yes);
    expect(isEntitledToPermission(e, 'fe.account-settings.read', {}, NOW)).to.deep.equal(yes);
    expect(isEntitledToPermission(e, 'fe.account-settings.write', {}, NOW)).to.deep.equal(no);
    expect(isEntitledToPermission(e, 'fe.connectivity.read', {}, NOW), 'false grants nothing').to.deep.equal(
      no,
    );
    expect(isEntitledToPermission(e, 'fe.secure', {}, NOW)).to.deep.equal(no);
    expect(isEntitledToPermission(e, 'x.fe.secure.read', {}, NOW), 'anchored').to.deep.equal(no);
    expect(isEntitledToPermission(null, 'fe.secure.read', {}, NOW)).to.deep.equal(no);
  });

  it('[ENTITLE-007] * stands for any run of characters, everything else is literal (property)', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', '.', '-'), maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.array(part, { maxLength: 4 }),
        (literals, fills) => {
          const granted = literals.join('*');
          const requested = literals
            .map((l, i) => l + (i < literals.length - 1 ? (fills[i] ?? '') : ''))
            .join('');
          expect(permissionMatches(granted, requested), `${granted} ~ ${requested}`).to.equal(true);
          const reference = new RegExp(
            `^${literals.map((l) => l.replace(/[.-]/g, '\\$&')).join('.*')}$`,
            's',
          );
          const other = fills.join('');
          expect(permissionMatches(granted, other)).to.equal(reference.test(other));
        },
      ),
    );
    expect(hasPermission({ 'fe.*.read': true }, 'fe.secure.read')).to.equal(true);
    expect(hasPermission({ '*': true }, 'anything')).to.equal(true);
    expect(hasPermission({ 'fe.a': true }, 'fe.b')).to.equal(false);
  });

  it('[ENTITLE-008] when the permission has linked features, at least one of them must be entitled', () => {
    const permissions = { 'fe.secure.*': true };
    const key = 'fe.secure.read.samlConfiguration';
    const linked = (a: EntitlementFeature, b: EntitlementFeature) =>
      entitlementsWith(
        {
          a: { ...a, linkedPermissions: [key] },
          b: { ...b, linkedPermissions: [key] },
          other: feature({ expireTime: -1 }),
        },
        { permissions },
      );
    expect(
      isEntitledToPermission(linked(feature(), feature({ expireTime: -1 })), key, {}, NOW),
    ).to.deep.equal({ isEntitled: true });
    expect(isEntitledToPermission(linked(feature(), feature()), key, {}, NOW)).to.deep.equal({
      isEntitled: false,
      justification: 'MISSING_PERMISSION',
    });
    expect(
      isEntitledToPermission(linked(feature({ expireTime: NOW - 1 }), feature()), key, {}, NOW).isEntitled,
    ).to.equal(false);
    // A permission no feature links needs only the permission.
    expect(
      isEntitledToPermission(linked(feature(), feature()), 'fe.secure.write.users', {}, NOW),
    ).to.deep.equal({
      isEntitled: true,
    });
  });

  it('[ENTITLE-009] a permission entitlement that fails these checks gives MISSING_PERMISSION', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (granted, linked, featureEntitled) => {
        const e = entitlementsWith(
          {
            f: feature({
              expireTime: featureEntitled ? -1 : NOW - 1,
              linkedPermissions: linked ? ['fe.p'] : [],
            }),
          },
          { permissions: { 'fe.*': granted } },
        );
        const expected = granted && (!linked || featureEntitled);
        expect(isEntitledToPermission(e, 'fe.p', {}, NOW)).to.deep.equal(
          expected ? { isEntitled: true } : { isEntitled: false, justification: 'MISSING_PERMISSION' },
        );
      }),
    );
  });
});

describe('entitlement denial reasons', () => {
  it('[ENUM-019] the denial reasons are exactly MISSING_FEATURE, MISSING_PERMISSION, BUNDLE_EXPIRED', () => {
    expect([...NOT_ENTITLED_JUSTIFICATIONS]).to.deep.equal([
      'MISSING_FEATURE',
      'MISSING_PERMISSION',
      'BUNDLE_EXPIRED',
    ]);
    expect(Object.values(PeerJustification), "Frontegg's enum").to.deep.equal([
      ...NOT_ENTITLED_JUSTIFICATIONS,
    ]);
    // The checks refuse with each of them, and with nothing else.
    const entitlements = entitlementsWith(
      { expired: feature({ expireTime: NOW - HOUR }), locked: feature({ linkedPermissions: ['fe.read'] }) },
      { permissions: { 'fe.read': true } },
    );
    const reasons = [
      isEntitledToFeature(entitlements, 'unknown', {}, NOW),
      isEntitledToFeature(entitlements, 'expired', {}, NOW),
      isEntitledToPermission(entitlements, 'fe.read', {}, NOW),
      isEntitledToPermission(entitlements, 'fe.write', {}, NOW),
    ].map((result) => result.justification);
    expect(reasons).to.deep.equal([
      'MISSING_FEATURE',
      'BUNDLE_EXPIRED',
      'MISSING_PERMISSION',
      'MISSING_PERMISSION',
    ]);
    expect(reasons.every((reason) => NOT_ENTITLED_JUSTIFICATIONS.includes(reason!))).to.equal(true);
  });
});
