import { createMiddleware } from 'hono/factory';
import { auditScope } from '../audit';
import type { TokenService } from '../auth/keys';
import { apiError, type AppEnv } from '../context';

/** Requires a valid access token (RS256, unexpired, our issuer) and puts its claims on the context. */
export function requireUser(tokens: TokenService) {
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
    // An impersonation token: audit rows of this request name the impersonator.
    const impersonatedBy = (claims.act as { sub?: unknown } | undefined)?.sub;
    if (typeof impersonatedBy === 'string') await auditScope.run({ impersonatedBy }, next);
    else await next();
  });
}
