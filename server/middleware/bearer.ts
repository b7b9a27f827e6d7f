import { createMiddleware } from 'hono/factory';
import type { TokenService } from '../auth/keys';
import { apiError, type AppEnv } from '../context';

/** Requires a valid access token (RS256, unexpired, our issuer) and puts its claims on the context. */
export function requireUser(tokens: TokenService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) throw apiError(401, 'Unauthorized');
    try {
      c.set('auth', await tokens.verify(token));
    } catch {
      throw apiError(401, 'Unauthorized');
    }
    await next();
  });
}
