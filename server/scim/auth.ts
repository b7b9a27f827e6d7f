// The `scim` regime: a directory calls the SCIM service with the bearer token of one directory connection. The
// token is 32 random bytes shown once; only its SHA-256 is stored, found by an index lookup of the hash (the
// secret itself is never compared) and checked again in constant time. The connection (and so the tenant) goes
// into the context: every SCIM handler reads and writes only that connection's tenant. A refused call is 401 in
// the SCIM error shape with an audit row; the failures of one client address are budgeted (429 past the budget,
// and audit rows only for the first few of a window, so a scanner cannot flood the audit log).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { writeAudit } from '../audit';
import { caller, type AppEnv, type Services } from '../context';
import { directoryConfigurations, tenants } from '../db/schema';
import { clientKey, countHit } from '../middleware/rate-limit';
import { scimError } from './http';

/** A new connection token: 32 random bytes, base64url. */
export const newScimToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token. */
export const hashScimToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** Refused SCIM authentications a client address may make per minute before 429. */
export const SCIM_AUTH_FAILURES_PER_MINUTE = 20;
/** Of those, how many write an audit row. */
const AUDITED_FAILURES_PER_MINUTE = 5;

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,200})\s*$/i;

/** The live connection a token belongs to (a tenant of this vendor, not deleted), or undefined. */
export async function connectionOfToken(db: Services['db'], vendorId: string, token: string) {
  const hash = hashScimToken(token);
  const [row] = await db
    .select({ connection: directoryConfigurations })
    .from(directoryConfigurations)
    .innerJoin(tenants, eq(tenants.id, directoryConfigurations.tenantId))
    .where(
      and(
        eq(directoryConfigurations.tokenHash, hash),
        eq(tenants.vendorId, vendorId),
        isNull(tenants.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const stored = Buffer.from(row.connection.tokenHash);
  const given = Buffer.from(hash);
  return stored.length === given.length && timingSafeEqual(stored, given) ? row.connection : undefined;
}

/** The guard of every `scim` entry. */
export const requireScimConnection = ({ db, vendorId }: Pick<Services, 'db' | 'vendorId'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    const connection = match ? await connectionOfToken(db, vendorId, match[1]!) : undefined;
    if (!connection) {
      const { ipAddress, userAgent } = caller(c);
      const { count } = await countHit(db, `scimAuth|${clientKey(ipAddress)}`, 60_000);
      if (count <= AUDITED_FAILURES_PER_MINUTE)
        await writeAudit(db, {
          vendorId,
          action: 'SCIM authentication failed',
          severity: 'High',
          ipAddress,
          userAgent,
          json: {
            reason: match ? 'unknown token' : 'no bearer token',
            method: c.req.method,
            path: c.req.path,
          },
        });
      if (count > SCIM_AUTH_FAILURES_PER_MINUTE) throw scimError(429, 'Too many requests, try again later');
      throw scimError(401, 'A valid bearer token of a directory connection is required', undefined, {
        'WWW-Authenticate': 'Bearer realm="scim"',
      });
    }
    c.set('scimConnection', connection);
    await next();
  });
