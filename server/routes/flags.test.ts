import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { flagsContracts, treatment } from '../../shared/api/contracts/flags';
import { paths } from '../../shared/api/paths';
import {
  buildAttributes,
  decodeJwtClaims,
  isEntitledToFeature,
  isEntitledToPermission,
  parseEntitlements,
  parseFlags,
  TREATMENTS,
} from '../../shared/flags';
import { hashPassword } from '../auth/passwords';
import {
  featureFlags,
  features,
  roles,
  tenantEntitlements,
  tenants,
  userRoles,
  users,
  userTenants,
} from '../db/schema';
import { testServer } from '../testing';

const ENTITLEMENTS = paths.entitlements.loadEntitlementsV2.path;
const OTHER_EMAIL = 'olga@globex.test';
const OTHER_PASSWORD = 'globex-password-1234';
const MEMBER_EMAIL = 'grace@acme.test';
const MEMBER_PASSWORD = 'grace-password-1234';

describe('flags and entitlements endpoints', () => {
  let t: Awaited<ReturnType<typeof testServer>>;
  let acmeId: string;
  let globexId: string;
  let adminToken: string;
  let memberToken: string;
  let otherToken: string;

  const token = async (email?: string, password?: string) => {
    const res = await t.login(email, password);
    assert.equal(res.status, 200);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const get = (path: string, bearer?: string) =>
    t.app.request(path, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  const flagsOf = async (path: string, bearer?: string) => {
    const res = await get(path, bearer);
    assert.equal(res.status, 200);
    return ((await res.json()) as { flags: Record<string, string> }).flags;
  };

  before(async () => {
    t = await testServer();
    const { db, vendorId } = t.services;
    const [acme] = await db.select().from(tenants).where(eq(tenants.name, 'Acme'));
    acmeId = acme!.id;
    // Another tenant with its own user (an Admin there) and a grant Acme must never see.
    globexId = randomUUID();
    await db.insert(tenants).values({ id: globexId, vendorId, name: 'Globex' });
    const otherId = randomUUID();
    await db.insert(users).values({
      id: otherId,
      vendorId,
      email: OTHER_EMAIL,
      name: 'Olga',
      passwordHash: await hashPassword(OTHER_PASSWORD),
      verified: true,
      activeTenantId: globexId,
    });
    const [admin] = await db.select().from(roles).where(eq(roles.key, 'Admin'));
    await db.insert(userTenants).values({ userId: otherId, tenantId: globexId });
    await db.insert(userRoles).values({ userId: otherId, tenantId: globexId, roleId: admin!.id });
    await db.insert(features).values({ id: randomUUID(), vendorId, key: 'globex-only', name: 'Globex only' });
    await db
      .insert(tenantEntitlements)
      .values({ id: randomUUID(), tenantId: globexId, featureKey: 'globex-only', expireTime: -1 });
    // A known password for a seeded member (Viewer).
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(MEMBER_PASSWORD) })
      .where(eq(users.email, MEMBER_EMAIL));

    adminToken = await token();
    memberToken = await token(MEMBER_EMAIL, MEMBER_PASSWORD);
    otherToken = await token(OTHER_EMAIL, OTHER_PASSWORD);
  });
  after(() => t.close());

  it('GET /flags answers an anonymous caller without user attributes (no error)', async () => {
    const flags = await flagsOf('/flags');
    assert.equal(flags['fe-usage-page'], 'off');
    assert.equal(flags['fe-entitlements'], 'on');
    assert.ok(Object.values(flags).every((value) => value === 'on' || value === 'off'));
    // An invalid Bearer token is an anonymous caller too, not a 401.
    assert.deepEqual(await flagsOf('/flags', 'not-a-token'), flags);
    assert.deepEqual(await flagsOf('/flags', `${adminToken.slice(0, -4)}AAAA`), flags);
  });

  it("GET /flags turns fe-usage-page on for the Acme admin by its tenant rule, off for another tenant's user", async () => {
    const admin = await flagsOf('/flags', adminToken);
    assert.equal(admin['fe-usage-page'], 'on');
    assert.equal(admin['fe-entitlements'], 'on');
    // emailVerified comes from the stored user: the verified admin gets fe-usage-insights, anonymous does not.
    assert.equal(admin['fe-usage-insights'], 'on');
    assert.equal((await flagsOf('/flags'))['fe-usage-insights'], 'off');
    assert.deepEqual(parseFlags({ flags: admin })['fe-usage-page'], true);
    const member = await flagsOf('/flags', memberToken);
    assert.equal(member['fe-usage-page'], 'on');
    const other = await flagsOf('/flags', otherToken);
    assert.equal(other['fe-usage-page'], 'off');
    assert.equal(other['fe-entitlements'], 'on');
  });

  it('GET /flags?featureKeys= answers only the named flags (unknown keys are left out)', async () => {
    assert.deepEqual(await flagsOf('/flags?featureKeys=fe-usage-page,unknown-flag', adminToken), {
      'fe-usage-page': 'on',
    });
    assert.deepEqual(await flagsOf('/flags?featureKeys=fe-entitlements'), { 'fe-entitlements': 'on' });
  });

  it('GET /flags refuses a bad query with 400 and the spec error shape', async () => {
    for (const query of [
      'featureKeys=',
      'featureKeys=a,,b',
      'featureKeys=bad%20key!',
      'featureKeys=%3Cscript%3E',
    ]) {
      const res = await get(`/flags?${query}`);
      assert.equal(res.status, 400, query);
      const body = (await res.json()) as { errors: string[] };
      assert.ok(body.errors.length > 0 && body.errors.every((e) => typeof e === 'string'), query);
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => `k${i}`).join(',');
    assert.equal((await get(`/flags?featureKeys=${tooMany}`)).status, 400);
  });

  it('entitlements need a valid Bearer token (401 otherwise)', async () => {
    assert.equal((await get(ENTITLEMENTS)).status, 401);
    assert.equal((await get(ENTITLEMENTS, 'not-a-token')).status, 401);
  });

  it("entitlements answer the caller's tenant grants in the shape parseEntitlements reads", async () => {
    const res = await get(ENTITLEMENTS, adminToken);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    const raw = (await res.json()) as { features: Record<string, { expireTime: number | null }> };
    const entitlements = parseEntitlements(raw)!;
    assert.ok(entitlements);
    assert.equal(entitlements.features.sso!.expireTime, -1);
    assert.equal(entitlements.features['audit-export']!.expireTime, -1);
    // Another tenant's grant is not Acme's.
    assert.equal(raw.features['globex-only']!.expireTime, null);
    assert.equal(entitlements.permissions['fe.secure.write.samlConfiguration'], true);
    const attributes = buildAttributes({ jwt: decodeJwtClaims(adminToken) });
    assert.deepEqual(isEntitledToFeature(entitlements, 'sso', attributes), { isEntitled: true });
    assert.deepEqual(isEntitledToFeature(entitlements, 'globex-only', attributes), {
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
    // usage-insights is granted by the fe-usage-insights flag, whose rule holds for a verified user.
    const verified = buildAttributes({ jwt: decodeJwtClaims(adminToken), user: { verified: true } });
    assert.deepEqual(isEntitledToFeature(entitlements, 'usage-insights', verified), { isEntitled: true });
    assert.deepEqual(isEntitledToFeature(entitlements, 'usage-insights', attributes), {
      isEntitled: false,
      justification: 'MISSING_FEATURE',
    });
    // The rules sent to the page name no tenant.
    assert.ok(!JSON.stringify(raw).includes(acmeId));
    assert.deepEqual(isEntitledToPermission(entitlements, 'fe.secure.write.samlConfiguration', attributes), {
      isEntitled: true,
    });
  });

  it("[ENUM-018] flag treatments on the wire are true and false (the evaluator's list, the contract's enum)", async () => {
    assert.deepEqual(treatment.options, [...TREATMENTS]);
    assert.deepEqual([...TREATMENTS], ['true', 'false']);
    // A flag stored with boolean treatments and a rule whose treatment is stored as text.
    const { db, vendorId } = t.services;
    await db.insert(featureFlags).values({
      id: randomUUID(),
      vendorId,
      key: 'enum-018-flag',
      on: true,
      offTreatment: false,
      defaultTreatment: true,
      rules: [{ conditions: [], treatment: 'false' }],
    });
    await db.insert(features).values({
      id: randomUUID(),
      vendorId,
      key: 'enum-018',
      name: 'ENUM-018',
      featureFlagKey: 'enum-018-flag',
    });
    const raw = await (await get(ENTITLEMENTS, adminToken)).json();
    // The answer parses with the contract (treatments outside the enum would not).
    const answer = flagsContracts.loadEntitlementsV2.response.parse(raw);
    assert.deepEqual(answer.features['enum-018']!.featureFlag, {
      on: true,
      offTreatment: 'false',
      defaultTreatment: 'true',
      rules: [{ conditions: [], treatment: 'false' }],
    });
    const treatments = Object.values(answer.features).flatMap((f) =>
      f.featureFlag
        ? [
            f.featureFlag.offTreatment,
            f.featureFlag.defaultTreatment,
            ...(f.featureFlag.rules ?? []).map((r) => r.treatment),
          ]
        : [],
    );
    assert.ok(
      treatments.length >= 3 && treatments.every((v) => (TREATMENTS as readonly string[]).includes(v)),
    );
  });

  it('entitlements differ between the admin and a member: permissions are the caller’s own', async () => {
    const member = parseEntitlements(await (await get(ENTITLEMENTS, memberToken)).json())!;
    const attributes = buildAttributes({ jwt: decodeJwtClaims(memberToken) });
    assert.equal(member.features.sso!.expireTime, -1);
    assert.equal(member.permissions['fe.secure.write.samlConfiguration'], undefined);
    assert.deepEqual(isEntitledToPermission(member, 'fe.secure.write.samlConfiguration', attributes), {
      isEntitled: false,
      justification: 'MISSING_PERMISSION',
    });
    assert.deepEqual(isEntitledToPermission(member, 'fe.secure.read.users', attributes), {
      isEntitled: true,
    });
  });

  it("another tenant's user sees its own grant and none of Acme's", async () => {
    const other = parseEntitlements(await (await get(ENTITLEMENTS, otherToken)).json())!;
    const attributes = buildAttributes({ jwt: decodeJwtClaims(otherToken) });
    assert.equal(other.features['globex-only']!.expireTime, -1);
    assert.equal(other.features.sso!.expireTime, null);
    assert.equal(isEntitledToFeature(other, 'sso', attributes).isEntitled, false);
    // Globex holds the permission (Admin there) but no feature linking it.
    assert.deepEqual(isEntitledToPermission(other, 'fe.secure.write.samlConfiguration', attributes), {
      isEntitled: false,
      justification: 'MISSING_PERMISSION',
    });
    assert.ok(!JSON.stringify(other).includes(acmeId));
  });

  it('an expired grant is answered with its expiry and is not entitled (BUNDLE_EXPIRED)', async () => {
    const { db, vendorId } = t.services;
    await db.insert(features).values({ id: randomUUID(), vendorId, key: 'legacy-reports', name: 'Legacy' });
    await db.insert(tenantEntitlements).values({
      id: randomUUID(),
      tenantId: acmeId,
      featureKey: 'legacy-reports',
      expireTime: Date.now() - 86_400_000,
    });
    const entitlements = parseEntitlements(await (await get(ENTITLEMENTS, adminToken)).json())!;
    const expireTime = entitlements.features['legacy-reports']!.expireTime!;
    assert.ok(expireTime > 0 && expireTime < Date.now());
    assert.deepEqual(isEntitledToFeature(entitlements, 'legacy-reports', buildAttributes()), {
      isEntitled: false,
      justification: 'BUNDLE_EXPIRED',
    });
    // A later grant without expiry wins over the expired one.
    await db
      .insert(tenantEntitlements)
      .values({ id: randomUUID(), tenantId: acmeId, featureKey: 'legacy-reports', expireTime: -1 });
    const renewed = parseEntitlements(await (await get(ENTITLEMENTS, adminToken)).json())!;
    assert.equal(renewed.features['legacy-reports']!.expireTime, -1);
  });

  it('a user removed from the tenant its token names gets 401 for entitlements', async () => {
    const { db } = t.services;
    const [other] = await db.select().from(users).where(eq(users.email, OTHER_EMAIL));
    await db.delete(userTenants).where(eq(userTenants.userId, other!.id));
    assert.equal((await get(ENTITLEMENTS, otherToken)).status, 401);
    assert.equal((await get('/flags', otherToken)).status, 200);
  });
});
