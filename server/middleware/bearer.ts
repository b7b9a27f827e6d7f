import { createMiddleware } from 'hono/factory';
import { auditScope } from '../audit';
import { apiError, caller, type AppEnv, type Services } from '../context';
import { assertAddressAllowed } from '../ipRestrictions';

/**
 * Requires a valid access token (RS256, unexpired, our issuer) and puts its claims on the context. The token's
 * tenant's IP restrictions apply to every such call: a refused client address is a 403 (ER-1011).
 */
export function requireUser({ tokens, db }: Pick<Services, 'tokens' | 'db'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) throw apiError(401, 'Unauthorized');
    let claims;
    try {
      claims = await tokens.verify(token);
    } catch {
      throw apiError(401, 'Unauthorized');
    }
    c.set('auth', claims);
    await assertAddressAllowed(db, claims.tenantId, caller(c).ipAddress);
    // An impersonation token: audit rows of this request name the impersonator.
    const impersonatedBy = (claims.act as { sub?: unknown } | undefined)?.sub;
    if (typeof impersonatedBy === 'string') await auditScope.run({ impersonatedBy }, next);
    else await next();
  });
}
