// Security policies (lockout, password history, MFA, sessions, captcha, password rules and rotation): stored
// per tenant in `policies`, falling back to the vendor's value, then to the default. The password policies
// take a tenant's value only where the vendor allows it (config.allowOverride). Sign-in, sign-up, refresh and
// every password form read them from here.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { passwordConfigFields, passwordRotationFields } from '../../shared/api/contracts/securityPolicy';
import { writeAudit } from '../audit';
import type { Services } from '../context';
import { policies, sessions, users, vendors } from '../db/schema';

const DAY = 86_400;

const lockoutSchema = z.object({
  enabled: z.boolean(),
  maxAttempts: z.number().int().min(1).max(100),
  /** How long a locked account stays locked (our field; Frontegg's policy has no duration). */
  lockoutMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});

const passwordHistorySchema = z.object({
  enabled: z.boolean(),
  historySize: z.number().int().min(1).max(24),
});

const mfaSchema = z.object({
  enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML']),
  allowRememberMyDevice: z.boolean(),
  /** Seconds a remembered device skips MFA. */
  mfaDeviceExpiration: z
    .number()
    .int()
    .min(0)
    .max(365 * DAY),
});

/** Seconds. */
const seconds = z
  .number()
  .int()
  .min(60)
  .max(365 * DAY);

const sessionSchema = z.object({
  sessionConcurrentConfiguration: z.object({
    isActive: z.boolean(),
    maxSessions: z.number().int().min(1).max(1000),
  }),
  sessionIdleTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds }),
  sessionTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds }),
});

/** Captcha on sign-in and sign-up (ALTCHA proof of work, server/captcha). */
const captchaSchema = z.object({ enabled: z.boolean() });

export type LockoutPolicy = z.infer<typeof lockoutSchema>;
export type CaptchaPolicy = z.infer<typeof captchaSchema>;
export type PasswordConfigPolicy = z.infer<typeof passwordConfigFields>;
export type PasswordRotationPolicy = z.infer<typeof passwordRotationFields>;
export type PasswordHistoryPolicy = z.infer<typeof passwordHistorySchema>;
export type MfaPolicy = z.infer<typeof mfaSchema>;
export type SessionPolicy = z.infer<typeof sessionSchema>;

export interface PolicyValues {
  lockout: LockoutPolicy;
  passwordHistory: PasswordHistoryPolicy;
  mfa: MfaPolicy;
  session: SessionPolicy;
  captcha: CaptchaPolicy;
  passwordConfig: PasswordConfigPolicy;
  passwordRotation: PasswordRotationPolicy;
}
export type PolicyKind = keyof PolicyValues;

export const policySchemas: { [K in PolicyKind]: z.ZodType<PolicyValues[K]> } = {
  lockout: lockoutSchema,
  passwordHistory: passwordHistorySchema,
  mfa: mfaSchema,
  session: sessionSchema,
  captcha: captchaSchema,
  passwordConfig: passwordConfigFields,
  passwordRotation: passwordRotationFields,
};

/** Input of a save: any subset of the fields (nested ones for sessions); the rest keeps its current value. */
export const policyPatchSchemas = {
  lockout: lockoutSchema.partial(),
  passwordHistory: passwordHistorySchema.partial(),
  mfa: mfaSchema.partial(),
  session: z.object({
    sessionConcurrentConfiguration: sessionSchema.shape.sessionConcurrentConfiguration.partial().optional(),
    sessionIdleTimeoutConfiguration: sessionSchema.shape.sessionIdleTimeoutConfiguration.partial().optional(),
    sessionTimeoutConfiguration: sessionSchema.shape.sessionTimeoutConfiguration.partial().optional(),
  }),
  captcha: captchaSchema.partial(),
  passwordConfig: passwordConfigFields.partial(),
  passwordRotation: passwordRotationFields.partial(),
} satisfies { [K in PolicyKind]: z.ZodType };

export type PolicyPatch<K extends PolicyKind> = z.infer<(typeof policyPatchSchemas)[K]>;

/** What applies when neither the tenant nor the vendor saved a value (samples of spec §9 where inactive). */
export const policyDefaults: PolicyValues = {
  lockout: { enabled: true, maxAttempts: 5, lockoutMinutes: 15 },
  passwordHistory: { enabled: true, historySize: 5 },
  mfa: { enforceMFAType: 'DontForce', allowRememberMyDevice: false, mfaDeviceExpiration: 14 * DAY },
  session: {
    sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
    sessionIdleTimeoutConfiguration: { isActive: false, timeout: 3600 },
    sessionTimeoutConfiguration: { isActive: false, timeout: 90 * DAY },
  },
  captcha: { enabled: false },
  passwordConfig: {
    minLength: 8,
    requireLowercase: false,
    requireUppercase: false,
    requireNumbers: false,
    requireSpecialChars: false,
    checkThreeRepeatedChars: false,
  },
  passwordRotation: { isActive: false, rotationPeriod: 90, notificationPeriod: 7 },
};

type PolicyServices = Pick<Services, 'db' | 'vendorId' | 'config'>;

/** The vendor setting that lets a tenant set its own value of a policy; kinds not named here always may. */
const overrideFlag: Partial<Record<PolicyKind, keyof Services['config']['allowOverride']>> = {
  passwordConfig: 'passwordComplexity',
  passwordRotation: 'passwordExpiration',
  passwordHistory: 'passwordHistory',
};

/** Whether a tenant's own value of `kind` counts (and may be saved) under the vendor's settings. */
export function tenantMayOverride({ config }: Pick<Services, 'config'>, kind: PolicyKind): boolean {
  const flag = overrideFlag[kind];
  return !flag || config.allowOverride[flag];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Overlays `patch` on `base`, one level into nested objects (the session policy's three parts). */
function overlay(base: unknown, patch: unknown): unknown {
  if (!isRecord(base) || !isRecord(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isRecord(base[key]) && isRecord(value) ? { ...base[key], ...value } : value;
  }
  return out;
}

/** A stored value over the default; a stored value that no longer validates is skipped, never served. */
function parseStored<K extends PolicyKind>(kind: K, stored: unknown): PolicyValues[K] | null {
  const parsed = policySchemas[kind].safeParse(overlay(policyDefaults[kind], stored));
  return parsed.success ? parsed.data : null;
}

/** The vendor's value of a policy (tenant values ignored), else the default. */
export async function readVendorPolicy<K extends PolicyKind>(
  { db, vendorId }: Pick<Services, 'db' | 'vendorId'>,
  kind: K,
): Promise<PolicyValues[K]> {
  const [row] = await db
    .select({ value: policies.value })
    .from(policies)
    .where(and(eq(policies.vendorId, vendorId), isNull(policies.tenantId), eq(policies.kind, kind)));
  return (row && parseStored(kind, row.value)) ?? structuredClone(policyDefaults[kind]);
}

/** When the vendor was set up: the date of every policy value nobody saved. */
export async function vendorSince({ db, vendorId }: Pick<Services, 'db' | 'vendorId'>): Promise<string> {
  const [row] = await db
    .select({ createdAt: vendors.createdAt })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return (row?.createdAt ?? new Date(0)).toISOString();
}

/**
 * The id and dates of the row a policy comes from: the tenant's (`tenantId`), else the vendor's; a policy
 * nobody saved is the vendor's default, named `{vendorId}:{kind}` and dated when the vendor was set up.
 * A row is dated when its value was last saved.
 */
export async function policyRowOf(
  services: Pick<Services, 'db' | 'vendorId'>,
  kind: PolicyKind,
  tenantId: string | null,
): Promise<{ id: string; createdAt: string; updatedAt: string }> {
  const { db, vendorId } = services;
  const rows = await db
    .select({ id: policies.id, tenantId: policies.tenantId, updatedAt: policies.updatedAt })
    .from(policies)
    .where(
      and(
        eq(policies.vendorId, vendorId),
        eq(policies.kind, kind),
        tenantId ? or(eq(policies.tenantId, tenantId), isNull(policies.tenantId)) : isNull(policies.tenantId),
      ),
    );
  const row =
    (tenantId ? rows.find((r) => r.tenantId === tenantId) : undefined) ?? rows.find((r) => !r.tenantId);
  if (row)
    return { id: row.id, createdAt: row.updatedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  const since = await vendorSince(services);
  return { id: `${vendorId}:${kind}`, createdAt: since, updatedAt: since };
}

/**
 * The policy that applies in a tenant: the tenant's saved value (where the vendor allows tenants their own),
 * else the vendor's, else the default.
 */
export async function readPolicy<K extends PolicyKind>(
  services: PolicyServices,
  tenantId: string | null | undefined,
  kind: K,
): Promise<PolicyValues[K]> {
  if (!tenantId || !tenantMayOverride(services, kind)) return readVendorPolicy(services, kind);
  const rows = await services.db
    .select({ tenantId: policies.tenantId, value: policies.value })
    .from(policies)
    .where(
      and(
        eq(policies.vendorId, services.vendorId),
        eq(policies.kind, kind),
        or(eq(policies.tenantId, tenantId), isNull(policies.tenantId)),
      ),
    );
  const tenantRow = rows.find((r) => r.tenantId === tenantId);
  const vendorRow = rows.find((r) => r.tenantId === null);
  return (
    (tenantRow && parseStored(kind, tenantRow.value)) ??
    (vendorRow && parseStored(kind, vendorRow.value)) ??
    structuredClone(policyDefaults[kind])
  );
}

/**
 * Saves a policy for a tenant (or the vendor when `tenantId` is null): the patch over the value in effect,
 * validated whole, stored, and an audit row written. Answers the saved value.
 */
export async function savePolicy<K extends PolicyKind>(
  services: PolicyServices,
  kind: K,
  tenantId: string | null,
  patch: PolicyPatch<K>,
  actor: { userId: string; email?: string; ipAddress?: string; userAgent?: string },
): Promise<
  { ok: true; value: PolicyValues[K] } | { ok: false; errors: string[] } | { ok: false; notOverridable: true }
> {
  const { db, vendorId } = services;
  if (tenantId && !tenantMayOverride(services, kind)) return { ok: false, notOverridable: true };
  const before = await readPolicy(services, tenantId, kind);
  const parsed = policySchemas[kind].safeParse(overlay(before, patch));
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
    };
  }
  const value = parsed.data;
  // One statement, so two processes saving at once leave one row (the unique index is on an expression).
  await db.execute(sql`
    insert into ${policies} (id, vendor_id, tenant_id, kind, value, updated_at)
    values (${randomUUID()}, ${vendorId}, ${tenantId}, ${kind}, ${JSON.stringify(value)}::jsonb, now())
    on conflict (vendor_id, (coalesce(tenant_id, '')), kind)
    do update set value = excluded.value, updated_at = excluded.updated_at`);
  await writeAudit(db, {
    vendorId,
    tenantId,
    userId: actor.userId,
    email: actor.email,
    action: `Security policy updated: ${kind}`,
    severity: 'Medium',
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    json: { kind, before, after: value },
  });
  return { ok: true, value };
}

// ---------------------------------------------------------------------------------------------------------
// Session policy

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt?: Date | null;
}

/** Whether a session still counts: not revoked, not idle past the idle timeout, not past the absolute one. */
export function isSessionAlive(session: SessionTimes, policy: SessionPolicy, now: Date): boolean {
  if (session.revokedAt) return false;
  const idle = policy.sessionIdleTimeoutConfiguration;
  if (idle.isActive && now.getTime() - session.lastSeenAt.getTime() >= idle.timeout * 1000) return false;
  const absolute = policy.sessionTimeoutConfiguration;
  if (absolute.isActive && now.getTime() - session.createdAt.getTime() >= absolute.timeout * 1000)
    return false;
  return true;
}

type SessionServices = Pick<Services, 'db' | 'vendorId' | 'config' | 'refresh'>;

/**
 * Applies the tenant's session policy to a user right after a sign-in: sessions past a timeout are
 * revoked, and with a concurrency limit only the newest `maxSessions` live ones stay. Answers the ids revoked.
 */
export async function enforceSessionPolicy(
  services: SessionServices,
  userId: string,
  tenantId: string | null | undefined,
  now: Date = new Date(),
): Promise<string[]> {
  const policy = await readPolicy(services, tenantId, 'session');
  const open = await services.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const expired = open.filter((s) => !isSessionAlive(s, policy, now));
  const live = open.filter((s) => isSessionAlive(s, policy, now));
  const { isActive, maxSessions } = policy.sessionConcurrentConfiguration;
  const surplus = isActive ? live.slice(maxSessions) : [];
  for (const s of [...expired, ...surplus]) await services.refresh.revokeSession(s.id);
  if (expired.length || surplus.length) {
    await writeAudit(services.db, {
      vendorId: services.vendorId,
      tenantId,
      userId,
      action: 'Sessions revoked by session policy',
      json: { expired: expired.map((s) => s.id), overConcurrentLimit: surplus.map((s) => s.id) },
    });
  }
  return [...expired, ...surplus].map((s) => s.id);
}

/**
 * For a token refresh: answers whether the session is still alive under the policy of the user's active
 * tenant. A live session is marked seen now (the idle clock restarts); a dead one is revoked.
 */
export async function touchSession(
  services: SessionServices,
  sessionId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await services.db
    .select({ session: sessions, activeTenantId: users.activeTenantId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row || row.session.revokedAt) return false;
  const tenantId = row.activeTenantId ?? row.session.tenantId;
  const policy = await readPolicy(services, tenantId, 'session');
  if (!isSessionAlive(row.session, policy, now)) {
    await services.refresh.revokeSession(sessionId);
    await writeAudit(services.db, {
      vendorId: services.vendorId,
      tenantId,
      userId: row.session.userId,
      action: 'Session expired',
      description: 'Idle or absolute session timeout',
      json: { sessionId },
    });
    return false;
  }
  await services.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  return true;
}
