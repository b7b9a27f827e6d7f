import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { buildAttributes, decodeJwtClaims, flattenClaims } from './attributes';
import { evaluateCondition } from './conditions';

/** An unsigned JWT carrying `claims` (base64url, as servers encode them). */
function jwtOf(claims: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const base64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJub25lIn0.${base64}.`;
}

const claims = {
  sub: 'user-1',
  email: 'jo@acme.com',
  email_verified: true,
  tenantId: 'tenant-1',
  roles: ['Admin'],
  metadata: { plan: { tier: 'pro', seats: 5 }, région: 'eu' },
};

describe('rule attributes', () => {
  it('[FLAGS-015] custom attributes, frontegg.email, emailVerified, tenantId, userId and flattened jwt.* claims', () => {
    const attributes = buildAttributes({ custom: { plan: 'gold', seats: 12 }, jwt: claims });
    expect({ ...attributes }).to.deep.equal({
      plan: 'gold',
      seats: 12,
      'frontegg.email': 'jo@acme.com',
      'frontegg.emailVerified': true,
      'frontegg.tenantId': 'tenant-1',
      'frontegg.userId': 'user-1',
      'jwt.sub': 'user-1',
      'jwt.email': 'jo@acme.com',
      'jwt.email_verified': true,
      'jwt.tenantId': 'tenant-1',
      'jwt.roles': ['Admin'],
      'jwt.metadata.plan.tier': 'pro',
      'jwt.metadata.plan.seats': 5,
      'jwt.metadata.région': 'eu',
    });
    const condition = {
      attribute: 'jwt.metadata.plan.tier',
      op: 'in_list',
      value: { list: ['pro'] },
    } as const;
    expect(evaluateCondition(condition, attributes)).to.equal(true);
  });

  it('[FLAGS-015] the frontegg.* fields fall back to the signed-in user when the claims lack them', () => {
    const attributes = buildAttributes({
      jwt: { sub: 'from-token' },
      user: { id: 'from-user', email: 'u@x.io', verified: false, tenantId: 't-2' },
    });
    expect(attributes['frontegg.userId']).to.equal('from-token');
    expect(attributes['frontegg.email']).to.equal('u@x.io');
    expect(attributes['frontegg.emailVerified']).to.equal(false);
    expect(attributes['frontegg.tenantId']).to.equal('t-2');
    expect(Object.keys(buildAttributes({}))).to.deep.equal([]);
  });

  it('[FLAGS-015] custom attributes cannot set the reserved frontegg.* and jwt.* names', () => {
    const attributes = buildAttributes({
      custom: { 'frontegg.email': 'forged@x.io', 'jwt.role': 'admin', 'frontegg.other': 1, team: 'a' },
      jwt: { email: 'real@x.io' },
    });
    expect(attributes['frontegg.email']).to.equal('real@x.io');
    expect(Object.hasOwn(attributes, 'jwt.role')).to.equal(false);
    expect(Object.hasOwn(attributes, 'frontegg.other')).to.equal(false);
    expect(attributes.team).to.equal('a');
  });

  it('[FLAGS-015] flattening keeps every leaf under its dotted path (property)', () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer()));
    const key = fc
      .string({ minLength: 1, maxLength: 5 })
      .filter((k) => !k.includes('.') && k !== '__proto__');
    const tree = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('node')), { maxKeys: 4 }),
    })).node as fc.Arbitrary<Record<string, unknown>>;
    fc.assert(
      fc.property(tree, (input) => {
        const flat = flattenClaims(input, 'jwt');
        const leaves: [string, unknown][] = [];
        const walk = (value: Record<string, unknown>, path: string) => {
          for (const [k, v] of Object.entries(value)) {
            if (v && typeof v === 'object' && !Array.isArray(v))
              walk(v as Record<string, unknown>, `${path}.${k}`);
            else leaves.push([`${path}.${k}`, v]);
          }
        };
        walk(input, 'jwt');
        expect(Object.entries(flat)).to.have.deep.members(leaves);
      }),
    );
  });

  it('[FLAGS-015] the claims come from the access token payload; an unreadable token gives none', () => {
    expect(decodeJwtClaims(jwtOf(claims))).to.deep.equal(claims);
    for (const bad of [
      null,
      undefined,
      '',
      'abc',
      'a.!!!.c',
      `a.${btoa('[1,2]')}.c`,
      `a.${btoa('{nope')}.c`,
    ]) {
      expect(decodeJwtClaims(bad), String(bad)).to.equal(null);
    }
  });
});
