import { isNull } from 'drizzle-orm';
import {
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { signingKeys } from '../db/schema';
import { isTokenLive } from './revocation';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  roles: string[];
  permissions: string[];
  /** The session; for an API token's access token, the API token's id (its liveness is the token's). */
  sid: string;
  /**
   * `userToken`: a user's sign-in. `userApiToken`: a personal API token acting as its user; `tenantApiToken`: a
   * tenant API token acting with its roles (`sub` is the token's clientId). See docs/decisions/0021-api-tokens.md.
   */
  type: AccessTokenType;
  /**
   * A user token for an account the user is not a member of (TENANTS-014): the ancestor account whose membership
   * lets them act there (docs/decisions/0026-sub-accounts.md). Every request re-checks that access (bearer).
   */
  actingTenantId?: string;
}

export type AccessTokenType = 'userToken' | 'userApiToken' | 'tenantApiToken';

/** Whether the claims are those of an API token's access token (machine to machine). */
export const isApiTokenClaims = (claims: { type?: unknown }) =>
  claims.type === 'userApiToken' || claims.type === 'tenantApiToken';

export interface TokenService {
  /** Signs an access token living the configured time, or `maxSeconds` when that is shorter. */
  sign(
    claims: Omit<AccessClaims, 'iat' | 'exp' | 'iss'>,
    maxSeconds?: number,
  ): Promise<{ token: string; expiresIn: number }>;
  /** Verifies signature (RS256 only: `alg: none` and others are refused), issuer, expiry and that its session stands. */
  verify(token: string): Promise<AccessClaims>;
  jwks(): JSONWebKeySet;
}

/** Loads the signing keys (creating the first on an empty database) and signs and verifies access tokens. */
export async function createTokenService(
  db: Db,
  { issuer, ttlSeconds }: { issuer: string; ttlSeconds: number },
): Promise<TokenService> {
  let rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const row = {
      kid,
      privateJwk: await exportJWK(privateKey),
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    };
    // Another server process may have created the first key meanwhile: keep whichever is there.
    await db.insert(signingKeys).values(row).onConflictDoNothing();
    rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  }
  const newest = rows.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
  const signingKey = await importJWK(newest.privateJwk as JWK, 'RS256');
  const set: JSONWebKeySet = { keys: rows.map((r) => r.publicJwk as JWK) };
  const keyResolver = createLocalJWKSet(set);

  return {
    async sign(claims, maxSeconds) {
      const expiresIn = Math.min(ttlSeconds, maxSeconds ?? ttlSeconds);
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: newest.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${expiresIn}s`)
        .sign(signingKey);
      return { token, expiresIn };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, keyResolver, { algorithms: ['RS256'], issuer });
      // Signed and unexpired is not enough: a revoked session, a disabled or deleted user ends the token now.
      // A delegated token's session stands while the user stays a member of the acting account; the access to
      // the sub-account itself is re-checked per request (middleware/bearer.ts).
      const acting = typeof payload.actingTenantId === 'string' ? payload.actingTenantId : undefined;
      if (!(await isTokenLive(db, acting ? { ...payload, tenantId: acting } : payload)))
        throw new Error('The session of this token has ended');
      return payload as AccessClaims;
    },
    jwks: () => set,
  };
}
