import { createMiddleware } from 'hono/factory';
import { auditScope } from '../audit';
import { apiError, caller, type AppEnv, type Services } from '../context';
import { assertAddressAllowed } from '../ipRestrictions';
import { isApiTokenClaims } from '../auth/keys';
import { accessVia, SUB_ACCOUNT_ACCESS_REFUSED } from '../tenants/hierarchy';

/** A delegated token whose access to its sub-account no longer holds (ER-8005). */

/** The refusal of an API token's access token on an endpoint its regime keeps for users (profile, login box). */
export const API_TOKEN_REFUSED = 'API tokens cannot call this endpoint';

/**
 * Requires a valid access token (RS256, unexpired, our issuer) and puts its claims on the context. The token's
 * tenant's IP restrictions apply to every such call: a refused client address is a 403 (ER-1011). The access
 * token of an API token is refused (403) unless `apiTokens` says the endpoint takes them.
 */
export function requireUser({
  tokens,
  db,
  apiTokens = false,
}: Pick<Services, 'tokens' | 'db'> & { apiTokens?: boolean }) {
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
    if (!apiTokens && isApiTokenClaims(claims)) throw apiError(403, API_TOKEN_REFUSED);
    c.set('auth', claims);
    // A delegated token (a sub-account's, TENANTS-014): the access is re-checked on every request, so denying
    // it, removing the membership or deleting the sub-account refuses the next call at once.
    const actingTenantId = typeof claims.actingTenantId === 'string' ? claims.actingTenantId : undefined;
    if (actingTenantId) {
      const access = await accessVia(db, null, claims.sub, claims.tenantId);
      if (!access || (access.delegated && access.via !== actingTenantId))
        throw apiError(403, SUB_ACCOUNT_ACCESS_REFUSED);
    }
    await assertAddressAllowed(db, claims.tenantId, caller(c).ipAddress);
    // The acting account's IP restrictions govern its administrators in its sub-accounts too.
    if (actingTenantId) await assertAddressAllowed(db, actingTenantId, caller(c).ipAddress);
    // An impersonation token: audit rows of this request name the impersonator; a delegated one, the acting account.
    const impersonatedBy = (claims.act as { sub?: unknown } | undefined)?.sub;
    const scope = {
      ...(typeof impersonatedBy === 'string' ? { impersonatedBy } : {}),
      ...(actingTenantId ? { actingTenantId } : {}),
    };
    if (Object.keys(scope).length) await auditScope.run(scope, next);
    else await next();
  });
}
