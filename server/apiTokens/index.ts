// API tokens (TOKENS-001..007, ENUM-040 ClientCredentials): personal tokens act as their user in one tenant,
// tenant tokens act with the roles they were given. A token is a clientId (its id, a random UUID) and a secret
// (32 random bytes, base64url) shown once and stored only as a SHA-256 hash. A script exchanges both for a
// short-lived access token (RS256, the server's JWKS) whose `sid` is the token's id: every call re-checks that
// the token still stands (auth/revocation.ts isApiTokenLive). See docs/decisions/0021-api-tokens.md.
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { userTokenClaims } from '../../shared/api/userViews';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import { apiTokens, roles, tenants } from '../db/schema';
import type { AccessClaims } from '../auth/keys';
import { hashToken } from '../auth/refresh';
import { assertHoldsAll, roleKeys, tenantPermissions } from '../middleware/authorize';
import { loadUserView } from '../users';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The refusal of every create and exchange while API tokens are off (API_TOKENS_ENABLED=0). */
export const API_TOKENS_DISABLED = 'API tokens are not enabled';
export const API_TOKEN_NOT_FOUND = 'API token not found';
/** The one answer of a refused exchange: unknown clientId, wrong secret, expired, deleted or a removed user. */
export const INVALID_CREDENTIALS = 'Invalid API token credentials';

/** Refuses the call when the vendor turned API tokens off. */
export function assertEnabled(config: Services['config']): void {
  if (!config.apiTokensEnabled) throw apiError(403, API_TOKENS_DISABLED);
}

/** A token as the list answers it (no secret, ever). */
export const tokenView = (row: ApiTokenRow) => ({
  id: row.id,
  clientId: row.id,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  createdByUserId: row.createdByUserId,
  tenantId: row.tenantId,
  type: 'ClientCredentials' as const,
  expires: row.expiresAt?.toISOString() ?? null,
  lastUsed: row.lastUsedAt?.toISOString() ?? null,
  metadata: {},
});

export const tenantTokenView = (row: ApiTokenRow) => ({
  ...tokenView(row),
  roleIds: row.roleIds as string[],
});

/** What a creation takes: the owner (a user for a personal token, none for a tenant token) and the body. */
export interface NewToken {
  tenantId: string;
  userId: string | null;
  createdByUserId: string;
  description: string;
  roleIds: string[];
  /** Null or absent: no expiry (TOKENS-006, TOKENS-007). */
  expiresInMinutes?: number | null;
}

/** Creates a token: answers its row and its secret (shown this once; only its hash is kept). */
export async function createToken(
  db: Db,
  token: NewToken,
  now = new Date(),
): Promise<{ row: ApiTokenRow; secret: string }> {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiTokens)
    .values({
      id: randomUUID(),
      tenantId: token.tenantId,
      userId: token.userId,
      secretHash: hashToken(secret),
      description: token.description,
      roleIds: token.roleIds,
      createdByUserId: token.createdByUserId,
      expiresAt: token.expiresInMinutes ? new Date(now.getTime() + token.expiresInMinutes * 60_000) : null,
      createdAt: now,
    })
    .returning();
  return { row: row!, secret };
}

/**
 * The roles a tenant token may get from its creator: roles of the vendor or of this tenant (else 400, ER-5006),
 * and only those whose every permission the creator holds here (else 403, ER-5002, as roles and groups do).
 */
export async function assertGrantableRoles(
  db: Db,
  vendorId: string,
  auth: AccessClaims,
  roleIds: string[],
): Promise<string[]> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return [];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        inArray(roles.id, ids),
        eq(roles.vendorId, vendorId),
        or(isNull(roles.tenantId), eq(roles.tenantId, auth.tenantId)),
      ),
    );
  if (found.length !== ids.length) throw apiError(400, 'roleIds: Unknown role');
  await assertHoldsAll(db, auth, await roleKeys(db, ids));
  return ids;
}

/** The live tokens of a tenant (tenant tokens) or of a user in a tenant (personal tokens), newest first. */
export function listTokens(db: Db, tenantId: string, userId: string | null): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        userId === null ? isNull(apiTokens.userId) : eq(apiTokens.userId, userId),
        isNull(apiTokens.deletedAt),
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/**
 * Deletes a token of the tenant (tenant tokens) or of the user in the tenant (personal tokens): another's is
 * 404, never revealed. Its access tokens stop at once (their liveness check reads `deleted_at`).
 */
export async function deleteToken(
  db: Db,
  tenantId: string,
  userId: string | null,
  tokenId: string,
): Promise<ApiTokenRow> {
  const [row] = await db
    .update(apiTokens)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.tenantId, tenantId),
        userId === null ? isNull(apiTokens.userId) : eq(apiTokens.userId, userId),
        isNull(apiTokens.deletedAt),
      ),
    )
    .returning();
  if (!row) throw apiError(404, API_TOKEN_NOT_FOUND);
  return row;
}

/** Constant-time comparison of two SHA-256 hashes (base64url of the same length). */
const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Why an exchange was refused (for the audit row; the caller always gets INVALID_CREDENTIALS). */
export type RefusedExchange = { reason: string; token: ApiTokenRow | null };

/**
 * Exchanges a clientId and secret for an access token: the token must exist, be undeleted and unexpired, its
 * tenant undeleted and, for a personal token, its user an enabled member of the tenant. The access token's
 * permissions: the token's roles' (tenant token) or the user's in the tenant now (personal token); each call
 * re-reads them (middleware/authorize.ts callerPermissions). Records the use (`last_used_at`).
 */
export async function exchangeToken(
  { db, tokens }: Pick<Services, 'db' | 'tokens'>,
  { clientId, secret }: { clientId: string; secret: string },
  now = new Date(),
): Promise<
  | {
      ok: true;
      token: ApiTokenRow;
      answer: { accessToken: string; expiresIn: number; expires: string; exp: number };
    }
  | ({ ok: false } & RefusedExchange)
> {
  const [row] = await db
    .select({ token: apiTokens, tenantDeletedAt: tenants.deletedAt })
    .from(apiTokens)
    .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
    .where(eq(apiTokens.id, clientId));
  // An unknown clientId still costs a hash and a comparison (no timing difference to probe ids with).
  const presented = hashToken(secret);
  if (!row) {
    sameHash(presented, presented);
    return { ok: false, reason: 'unknown clientId', token: null };
  }
  const { token } = row;
  if (!sameHash(presented, token.secretHash)) return { ok: false, reason: 'wrong secret', token };
  if (token.deletedAt) return { ok: false, reason: 'deleted token', token };
  if (token.expiresAt && token.expiresAt <= now) return { ok: false, reason: 'expired token', token };
  if (row.tenantDeletedAt) return { ok: false, reason: 'deleted tenant', token };

  let claims: Omit<AccessClaims, 'iat' | 'exp' | 'iss'>;
  if (token.userId) {
    const granted = await tenantPermissions(db, token.userId, token.tenantId);
    const user = granted ? await loadUserView(db, token.userId, token.tenantId) : null;
    if (!user) return { ok: false, reason: 'user not an enabled member', token };
    claims = { ...userTokenClaims(user), sid: token.id, type: 'userApiToken' };
  } else {
    const roleIds = token.roleIds as string[];
    const roleRows = roleIds.length
      ? await db.select({ key: roles.key }).from(roles).where(inArray(roles.id, roleIds))
      : [];
    claims = {
      sub: token.id,
      email: '',
      name: token.description || 'API token',
      tenantId: token.tenantId,
      tenantIds: [token.tenantId],
      roles: roleRows.map((r) => r.key),
      permissions: await roleKeys(db, roleIds),
      sid: token.id,
      type: 'tenantApiToken',
    };
  }
  const { token: accessToken, expiresIn } = await tokens.sign(claims);
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, token.id));
  const expiresAt = now.getTime() + expiresIn * 1000;
  return {
    ok: true,
    token,
    answer: {
      accessToken,
      expiresIn,
      expires: new Date(expiresAt).toUTCString(),
      exp: Math.floor(expiresAt / 1000),
    },
  };
}
