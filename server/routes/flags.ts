import { and, eq, inArray } from 'drizzle-orm';
import { type Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { flagsContracts as fc } from '../../shared/api/contracts/flags';
import { paths } from '../../shared/api/paths';
import {
  buildAttributes,
  evaluateFeatureFlag,
  NO_EXPIRATION_TIME,
  toTreatment,
  type FeatureFlag,
  type Rule,
} from '../../shared/flags';
import type { AccessClaims } from '../auth/keys';
import { apiError, caller, type Services } from '../context';
import type { Db } from '../db';
import { featureFlags, features, plans, tenantEntitlements, users } from '../db/schema';
import { addressPasses } from '../ipRestrictions';
import { loadUserView } from '../users';
import { defineFamily, publicEndpoint, userEndpoint } from './endpoints';

const FLAG_KEY = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MAX_KEYS = 200;

/** The contract's query, narrowed: at most 200 keys, each a plain flag key. */
const flagsQuery = fc.loadFeatureFlags.query.extend({
  featureKeys: fc.loadFeatureFlags.query.shape.featureKeys
    .transform((value) => (value === undefined ? undefined : value.split(',').map((key) => key.trim())))
    .refine((keys) => keys === undefined || keys.length <= MAX_KEYS, `At most ${MAX_KEYS} feature keys`)
    .refine(
      (keys) => keys === undefined || keys.every((key) => FLAG_KEY.test(key)),
      'Feature keys are comma-separated letters, digits and _ . : -',
    ),
});

/**
 * The claims of a valid Bearer token, or null: a missing or invalid token, or one whose tenant's IP
 * restrictions refuse the client's address, is an anonymous caller.
 */
async function optionalClaims(c: Context, services: Services): Promise<AccessClaims | null> {
  const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const claims = await services.tokens.verify(token);
    return (await addressPasses(services.db, claims.tenantId, caller(c).ipAddress)) ? claims : null;
  } catch {
    return null;
  }
}

/** The attributes rules read for this caller: none for an anonymous one. */
async function callerAttributes(db: Db, claims: AccessClaims | null) {
  if (!claims) return buildAttributes();
  const [user] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, claims.sub));
  return buildAttributes({
    jwt: claims,
    user: { id: claims.sub, email: claims.email, tenantId: claims.tenantId, verified: user?.verified },
  });
}

const toFlag = (row: typeof featureFlags.$inferSelect): FeatureFlag => ({
  on: row.on,
  offTreatment: row.offTreatment,
  defaultTreatment: row.defaultTreatment,
  rules: Array.isArray(row.rules) ? (row.rules as Rule[]) : [],
});

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The later of two expiries; -1 (never) wins, null is no grant. */
function laterExpiry(a: number | null, b: number): number {
  if (a === NO_EXPIRATION_TIME || b === NO_EXPIRATION_TIME) return NO_EXPIRATION_TIME;
  return a === null ? b : Math.max(a, b);
}

type WireEntitlements = AnswerOf<typeof fc.loadEntitlementsV2>;
type WireFlag = NonNullable<WireEntitlements['features'][string]['featureFlag']>;
type WireRule = NonNullable<WireFlag['rules']>[number];

/** A treatment on the wire (ENUM-018): Frontegg's `'true'` / `'false'`. */
const wireTreatment = (value: unknown) => (toTreatment(value) ? 'true' : 'false');

/** Rules as stored (treatments as booleans or their text), with the wire's treatments. */
const wireRules = (rules: unknown): WireRule[] =>
  (Array.isArray(rules) ? (rules as Rule[]) : []).map((rule) => ({
    ...(rule.conditionLogic === 'and' || rule.conditionLogic === 'or'
      ? { conditionLogic: rule.conditionLogic }
      : {}),
    conditions: Array.isArray(rule.conditions) ? rule.conditions : [],
    treatment: wireTreatment(rule.treatment),
  }));

const wireFlag = (flag: FeatureFlag): WireFlag => ({
  on: flag.on === true,
  offTreatment: wireTreatment(flag.offTreatment),
  defaultTreatment: wireTreatment(flag.defaultTreatment),
  rules: wireRules(flag.rules),
});

/**
 * The caller's entitlements (ENTITLE-001): every feature of the vendor with the direct grant of the caller's
 * tenant only (a feature grant, or a plan the tenant holds; null without one), its flag and its plans; the
 * plans those features name; the caller's permissions in that tenant.
 */
async function loadEntitlementsFor(
  db: Db,
  vendorId: string,
  tenantId: string,
  permissionKeys: string[],
): Promise<WireEntitlements> {
  const [featureRows, planRows, flagRows, grants] = await Promise.all([
    db.select().from(features).where(eq(features.vendorId, vendorId)),
    db.select().from(plans).where(eq(plans.vendorId, vendorId)),
    db.select().from(featureFlags).where(eq(featureFlags.vendorId, vendorId)),
    db.select().from(tenantEntitlements).where(eq(tenantEntitlements.tenantId, tenantId)),
  ]);
  const flagsByKey = new Map(flagRows.map((row) => [row.key, toFlag(row)]));
  const planFeatures = new Map(planRows.map((plan) => [plan.id, stringList(plan.features)]));

  const expiry = new Map<string, number>();
  const grant = (featureKey: string, expireTime: number) =>
    expiry.set(featureKey, laterExpiry(expiry.get(featureKey) ?? null, expireTime));
  for (const row of grants) {
    if (row.featureKey) grant(row.featureKey, row.expireTime);
    if (row.planId) for (const key of planFeatures.get(row.planId) ?? []) grant(key, row.expireTime);
  }

  const answerFeatures: WireEntitlements['features'] = {};
  const namedPlans = new Set<string>();
  for (const feature of featureRows) {
    const planIds = planRows
      .filter((plan) => planFeatures.get(plan.id)!.includes(feature.key))
      .map((p) => p.id);
    for (const planId of planIds) namedPlans.add(planId);
    const flag = feature.featureFlagKey ? flagsByKey.get(feature.featureFlagKey) : undefined;
    answerFeatures[feature.key] = {
      expireTime: expiry.get(feature.key) ?? null,
      // Frontegg's `featureFlag?`: absent when the feature has none.
      ...(flag ? { featureFlag: wireFlag(flag) } : {}),
      planIds,
      linkedPermissions: stringList(feature.linkedPermissions),
    };
  }
  const answerPlans: WireEntitlements['plans'] = {};
  for (const plan of planRows) {
    if (!namedPlans.has(plan.id)) continue;
    answerPlans[plan.id] = {
      defaultTreatment: wireTreatment(plan.defaultTreatment),
      rules: wireRules(plan.rules),
    };
  }
  return {
    features: answerFeatures,
    plans: answerPlans,
    permissions: Object.fromEntries(permissionKeys.map((key) => [key, true as const])),
  };
}

export const flagsEndpointsByName = {
  loadFeatureFlags: publicEndpoint(paths.featureFlags.loadFeatureFlags),
  loadEntitlementsV2: userEndpoint(paths.entitlements.loadEntitlementsV2),
} as const;

/** GET /flags (any caller, evaluated for them) and the caller's entitlements (Bearer required). */
export const flagsRoutes = defineFamily(flagsEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  on(e.loadFeatureFlags, async (c) => {
    const query = flagsQuery.safeParse(c.req.query());
    if (!query.success) {
      throw apiError(400, ...query.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`));
    }
    const keys = query.data.featureKeys;
    const rows = await db
      .select()
      .from(featureFlags)
      .where(
        keys === undefined
          ? eq(featureFlags.vendorId, vendorId)
          : and(eq(featureFlags.vendorId, vendorId), inArray(featureFlags.key, keys)),
      );
    const attributes = await callerAttributes(db, await optionalClaims(c, services));
    const flags: AnswerOf<typeof fc.loadFeatureFlags>['flags'] = {};
    for (const row of rows.sort((a, b) => a.key.localeCompare(b.key))) {
      flags[row.key] = evaluateFeatureFlag(toFlag(row), attributes).treatment ? 'on' : 'off';
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json({ flags });
  });

  on(e.loadEntitlementsV2, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const user = await loadUserView(db, sub, tenantId);
    // Only the tenant the token names, and only while the user still belongs to it.
    if (!user || !user.tenantIds.includes(tenantId)) throw apiError(401, 'Unauthorized');
    const entitlements = await loadEntitlementsFor(
      db,
      vendorId,
      tenantId,
      user.permissions.map((p) => p.key),
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json(entitlements);
  });
});
