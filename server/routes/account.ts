import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { authContracts } from '../../shared/api/contracts/auth';
import { sessionsContracts, type loginSession } from '../../shared/api/contracts/sessions';
import { tenantsContracts, type tenant } from '../../shared/api/contracts/tenants';
import { usersContracts } from '../../shared/api/contracts/users';
import { paths } from '../../shared/api/paths';
import { route } from '../account/guards';
import {
  isSessionAlive,
  policyPatchSchemas,
  readPolicy,
  savePolicy,
  type PolicyKind,
  type PolicyPatch,
} from '../account/policies';
import { writeAudit } from '../audit';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { sessions, tenants, users, userTenants } from '../db/schema';
import { assertPermission } from '../middleware/authorize';
import { requireUser } from '../middleware/bearer';
import { loadUserView, userClaims } from '../users';
import { publicAuthStrategies } from './passwordless';

type Tenant = z.infer<typeof tenant>;
type LoginSession = z.infer<typeof loginSession>;

const WRITE_POLICY = 'fe.secure.write.securityPolicy';
const WRITE_USERS = 'fe.secure.write.users';

/** A data URL picture up to about 512 KiB of image; the body limit (1 MiB) is the outer bound. */
const MAX_PICTURE_DATA_URL = 700_000;
const MAX_METADATA_JSON = 10_000;
// Raster formats only: an SVG can carry script, so it is never accepted.
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

function isSafePictureUrl(value: string): boolean {
  if (value.startsWith('data:')) return value.length <= MAX_PICTURE_DATA_URL && DATA_IMAGE.test(value);
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const { updateUserProfileV2: profileContract } = usersContracts;

/** The contract's profile body, narrowed: a safe picture URL, metadata stored as a JSON object. */
const profileBody = profileContract.body.extend({
  phoneNumber: profileContract.body.shape.phoneNumber.transform((v) => (v === '' ? null : v)),
  profilePictureUrl: z
    .string()
    .max(MAX_PICTURE_DATA_URL)
    .refine(isSafePictureUrl, 'Must be an https URL or a base64 PNG, JPEG, GIF or WebP data URL')
    .nullable()
    .optional(),
  // The spec sends metadata as a JSON string; an object is accepted too. Stored as a JSON object.
  metadata: profileContract.body.shape.metadata.transform((value, ctx) => {
    if (value === undefined) return undefined;
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
    }
    if (!isPlainObject(parsed) || JSON.stringify(parsed).length > MAX_METADATA_JSON) {
      ctx.addIssue({ code: 'custom', message: `A JSON object of at most ${MAX_METADATA_JSON} characters` });
      return z.NEVER;
    }
    return parsed;
  }),
});

/** The signed-in user's account: profile, tenants, sessions, policies and public configuration. */
export function accountRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', profileRoutes(services));
  app.route('/', tenantRoutes(services));
  app.route('/', sessionRoutes(services));
  app.route('/', policyRoutes(services));
  app.route('/', configurationRoutes(services));
  return app;
}

/** Who the audit row names: the caller of the request. */
function actor(c: Context<AppEnv>) {
  const { sub, email } = c.get('auth');
  return { userId: sub, email, ...caller(c) };
}

// ---------------------------------------------------------------------------------------------------------
// Profile (users v2 me)

function profileRoutes({ db, tokens, vendorId }: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.put(paths.users.updateUserProfileV2.path, requireUser(tokens), async (c) => {
    const { sub, tenantId } = c.get('auth');
    const body = await readBody(c, profileBody);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.phoneNumber !== undefined) changes.phoneNumber = body.phoneNumber;
    if (body.profilePictureUrl !== undefined) changes.profilePictureUrl = body.profilePictureUrl;
    if (body.metadata !== undefined) changes.metadata = body.metadata;
    if (Object.keys(changes).length) {
      const updated = await db
        .update(users)
        .set(changes)
        .where(and(eq(users.id, sub), eq(users.vendorId, vendorId)))
        .returning({ id: users.id });
      if (!updated.length) throw apiError(401, 'Unauthorized');
      await writeAudit(db, {
        vendorId,
        tenantId,
        ...actor(c),
        action: 'User updated profile',
        json: { fields: Object.keys(changes) },
      });
    }
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    return c.json(user satisfies AnswerOf<typeof profileContract>);
  });

  app.get(paths.auth.getMeV2.path, requireUser(tokens), async (c) => {
    const { sub, tenantId } = c.get('auth');
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    return c.json(user satisfies AnswerOf<typeof usersContracts.getMeV2>);
  });

  // The roles and permissions of the token's tenant (Frontegg's getUserAuthorization).
  app.get(paths.auth.getUserAuthorization.path, requireUser(tokens), async (c) => {
    const { sub, tenantId } = c.get('auth');
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    const answer = { roles: user.roles, permissions: user.permissions };
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getUserAuthorization>);
  });

  return app;
}

// ---------------------------------------------------------------------------------------------------------
// Tenants of the signed-in user, switching, a token for another tenant

function tenantRoutes({ db, tokens, vendorId }: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireUser(tokens);

  /** The tenants the user belongs to (this vendor's, not deleted), in the shape of the tenants API. */
  async function tenantsOf(userId: string) {
    const rows = await db
      .select({ tenant: tenants })
      .from(userTenants)
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(and(eq(userTenants.userId, userId), eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt)))
      .orderBy(asc(tenants.name));
    return rows.map(({ tenant: t }): Tenant => ({
      id: t.id,
      tenantId: t.id,
      name: t.name,
      parentTenantId: t.parentId,
      isReseller: t.isReseller,
      metadata: JSON.stringify(t.metadata),
      vendorId: t.vendorId,
      createdAt: t.createdAt.toISOString(),
      // No edit time is kept for a tenant: its creation is its last change we know of.
      updatedAt: t.createdAt.toISOString(),
      deletedAt: null,
    }));
  }

  /** Membership is checked on every tenant-scoped action: no acting on a tenant by guessing its id. */
  async function requireMember(userId: string, tenantId: string) {
    const member = (await tenantsOf(userId)).some((t) => t.tenantId === tenantId);
    if (!member) throw apiError(403, 'User is not a member of this tenant');
  }

  /** The user's tenants and the active one (Frontegg's GetCurrentUserTenantsResponse: users v1 and v3). */
  async function currentUserTenants(sub: string, tenantId: string) {
    const list = await tenantsOf(sub);
    const [user] = await db
      .select({ activeTenantId: users.activeTenantId })
      .from(users)
      .where(eq(users.id, sub));
    const active = user?.activeTenantId ?? tenantId;
    return { tenants: list, activeTenant: list.find((t) => t.tenantId === active) ?? null };
  }

  app.get(paths.users.getCurrentUserTenantsV1.path, auth, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const answer = await currentUserTenants(sub, tenantId);
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getCurrentUserTenantsV1>);
  });
  app.get(paths.tenants.getTenants.path, auth, async (c) => {
    const answer = await tenantsOf(c.get('auth').sub);
    return c.json(answer satisfies AnswerOf<typeof tenantsContracts.getTenants>);
  });

  app.get(paths.users.getCurrentUserTenantsV3.path, auth, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const answer = await currentUserTenants(sub, tenantId);
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getCurrentUserTenantsV3>);
  });

  app.put(paths.tenants.switchTenant.path, auth, async (c) => {
    const { sub, tenantId: from } = c.get('auth');
    const { tenantId } = await readBody(c, tenantsContracts.switchTenant.body);
    await requireMember(sub, tenantId);
    await db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, sub));
    await writeAudit(db, {
      vendorId,
      tenantId,
      ...actor(c),
      action: 'User switched tenant',
      json: { from, to: tenantId },
    });
    // The client refreshes its token next: the refresh answers for the new active tenant.
    return c.json({});
  });

  app.post(paths.users.GetUserJwt.path, auth, async (c) => {
    const { sub, sid } = c.get('auth');
    const { tenantId } = await readBody(c, usersContracts.GetUserJwt.body);
    await requireMember(sub, tenantId);
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    const { token, expiresIn } = await tokens.sign(userClaims(user, sid));
    const answer = {
      accessToken: token,
      expiresIn,
      expires: new Date(Date.now() + expiresIn * 1000).toUTCString(),
      token,
    };
    return c.json(answer satisfies AnswerOf<typeof usersContracts.GetUserJwt>);
  });

  return app;
}

// ---------------------------------------------------------------------------------------------------------
// Sessions. Revoking a session revokes its refresh tokens and its access tokens at once (every request checks
// that the token's session stands: server/auth/revocation.ts).

function sessionRoutes(services: Services): Hono<AppEnv> {
  const { db, tokens, vendorId, refresh } = services;
  const app = new Hono<AppEnv>();
  const auth = requireUser(tokens);

  /** The user's sessions that still count: not revoked, within the tenant's idle and absolute timeouts. */
  async function liveSessions(userId: string, tenantId: string) {
    const policy = await readPolicy(services, tenantId, 'session');
    const now = new Date();
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.createdAt));
    return rows.filter((s) => isSessionAlive(s, policy, now));
  }

  const view = (s: typeof sessions.$inferSelect, currentId: string): LoginSession => ({
    id: s.id,
    userId: s.userId,
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    createdAt: s.createdAt.toISOString(),
    current: s.id === currentId,
    impersonated: Boolean(s.impersonatorId),
  });

  app.get(paths.auth.getCurrentUserSessions.path, auth, async (c) => {
    const { sub, tenantId, sid } = c.get('auth');
    return c.json((await liveSessions(sub, tenantId)).map((s) => view(s, sid)));
  });

  app.get(paths.auth.getCurrentUserSession.path, auth, async (c) => {
    const { sub, tenantId, sid } = c.get('auth');
    const current = (await liveSessions(sub, tenantId)).find((s) => s.id === sid);
    if (!current) throw apiError(404, 'Session not found');
    return c.json(view(current, sid));
  });

  // Before `me/{id}`, which would otherwise take "all" for an id.
  app.delete(paths.auth.deleteAllSessionsForUser.path, auth, async (c) => {
    const { sub, tenantId, sid } = c.get('auth');
    const others = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, sub), isNull(sessions.revokedAt), ne(sessions.id, sid)));
    for (const s of others) await refresh.revokeSession(s.id);
    await writeAudit(db, {
      vendorId,
      tenantId,
      ...actor(c),
      action: 'User revoked all other sessions',
      json: { sessionIds: others.map((s) => s.id) },
    });
    return c.json({});
  });

  app.delete(route(paths.auth.deleteSessionForUser.path), auth, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const id = c.req.param('id') ?? '';
    // Only the caller's own sessions: another user's session id answers like an unknown one.
    const [own] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, sub), isNull(sessions.revokedAt)));
    if (!own) throw apiError(404, 'Session not found');
    await refresh.revokeSession(own.id);
    await writeAudit(db, {
      vendorId,
      tenantId,
      ...actor(c),
      action: 'Session revoked',
      json: { sessionId: own.id },
    });
    return c.json({});
  });

  app.post(paths.auth.revokeSessionsForUser.path, auth, async (c) => {
    const { tenantId } = c.get('auth');
    await assertPermission(db, c.get('auth'), WRITE_USERS);
    const { userId } = await readBody(c, sessionsContracts.revokeSessionsForUser.body);
    // Only users of the admin's own tenant; anyone else answers like an unknown user.
    const [member] = await db
      .select({ userId: userTenants.userId })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(
        and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId), eq(users.vendorId, vendorId)),
      );
    if (!member) throw apiError(404, 'User not found');
    const open = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    for (const s of open) await refresh.revokeSession(s.id);
    await writeAudit(db, {
      vendorId,
      tenantId,
      ...actor(c),
      action: 'User sessions revoked by admin',
      severity: 'Medium',
      json: { targetUserId: userId, sessionIds: open.map((s) => s.id) },
    });
    return c.json({});
  });

  app.get(paths.auth.getSessionConfigurations.path, auth, async (c) => {
    const answer = await readPolicy(services, c.get('auth').tenantId, 'session');
    return c.json(answer satisfies AnswerOf<typeof sessionsContracts.getSessionConfigurations>);
  });

  app.post(paths.auth.createOrUpdateSessionConfigrations.path, auth, async (c) => {
    const answer = await save(
      c,
      services,
      'session',
      sessionsContracts.createOrUpdateSessionConfigrations.body,
    );
    return c.json(answer satisfies AnswerOf<typeof sessionsContracts.createOrUpdateSessionConfigrations>);
  });

  return app;
}

/** Saves the caller's tenant's policy from the request body (permission checked first). */
async function save<K extends PolicyKind>(
  c: Context<AppEnv>,
  services: Services,
  kind: K,
  body: z.ZodType<PolicyPatch<K>> = policyPatchSchemas[kind] as unknown as z.ZodType<PolicyPatch<K>>,
) {
  await assertPermission(services.db, c.get('auth'), WRITE_POLICY);
  const patch = await readBody(c, body);
  const result = await savePolicy(services, kind, c.get('auth').tenantId, patch, actor(c));
  if (!result.ok) throw apiError(400, ...result.errors);
  return result.value;
}

// ---------------------------------------------------------------------------------------------------------
// Lockout, password-history and MFA policies: the saves (the reads are in routes/securityPolicy.ts)

function policyRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireUser(services.tokens);
  const { securityPolicy: p } = paths;

  const mount = <K extends PolicyKind>(kind: K, saveAt: string) => {
    app.on(['POST', 'PATCH'], saveAt, auth, async (c) => c.json(await save(c, services, kind)));
  };
  mount('lockout', p.saveLockoutPolicy.path);
  mount('passwordHistory', p.savePasswordHistoryPolicy.path);
  mount('mfa', p.saveMfaPolicy.path);
  return app;
}

// ---------------------------------------------------------------------------------------------------------
// Public configuration of the sign-in screens

function configurationRoutes(services: Services): Hono<AppEnv> {
  const { config, tokens } = services;
  const app = new Hono<AppEnv>();

  app.get(paths.auth.getVendorConfig.path, (c) => {
    const answer = {
      allowSignups: true,
      allowNotVerifiedUsersLogin: false,
      apiTokensEnabled: true,
      forcePermissions: false,
      authStrategy: config.authStrategy,
      machineToMachineAuthStrategy: 'ClientCredentials' as const,
      cookieSameSite: config.cookieSameSite.toUpperCase(),
      defaultTokenExpiration: config.accessTokenTtlSeconds,
      defaultRefreshTokenExpiration: config.refreshTokenTtlDays * 86_400,
      allowOverridePasswordComplexity: false,
      allowOverridePasswordExpiration: false,
      allowOverrideEnforcePasswordHistory: true,
    };
    return c.json(answer satisfies AnswerOf<typeof authContracts.getVendorConfig>);
  });
  // What this server offers: the vendor's strategy (server config), SSO when a configuration is enabled.
  // Parsed with the contract: the strategies come from the server's configuration (ENUM-039, ENUM-041).
  const strategies = async () =>
    authContracts.getVendorPublicAuthStrategiesConfig.response.parse(await publicAuthStrategies(services));
  app.get(paths.auth.getVendorPublicAuthStrategiesConfig.path, async (c) => c.json(await strategies()));
  app.get(paths.auth.getPublicAuthStrategiesConfigForAuthenticatedUser.path, requireUser(tokens), async (c) =>
    c.json(await strategies()),
  );
  // Sign-up takes an email (signUpUser); by phone number or username is not offered (those calls answer 400).
  app.get(paths.auth.getSignUpStrategies.path, (c) => {
    const answer = [
      { strategy: 'email' as const, isActive: true, isRequired: true },
      { strategy: 'phoneNumber' as const, isActive: false, isRequired: false },
      { strategy: 'username' as const, isActive: false, isRequired: false },
    ];
    return c.json(answer satisfies AnswerOf<typeof authContracts.getSignUpStrategies>);
  });
  // A forgotten password is recovered by email (forgotPassword, resetPasswordViaEmail); SMS is not offered.
  app.get(paths.auth.getPasswordRecoveryStrategies.path, (c) => {
    const answer = [
      { strategy: 'email' as const, isActive: true },
      { strategy: 'sms' as const, isActive: false },
    ];
    return c.json(answer satisfies AnswerOf<typeof authContracts.getPasswordRecoveryStrategies>);
  });
  return app;
}
