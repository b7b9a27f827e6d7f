import { createMiddleware } from 'hono/factory';
import type { ServerConfig } from '../../config';
import { apiError } from '../../context';

/**
 * For endpoints a browser authenticates with a cookie (token refresh, logout, silent authorize): refuses
 * requests another site's page makes (cross-site form posts, a page on a sibling port), so a cookie riding
 * along proves nothing. A browser request passes when it comes from the server's own origin or an allowed
 * host origin (`ALLOWED_ORIGINS`); a request with neither `Origin` nor `Sec-Fetch-Site` is not from a
 * browser page (no ambient cookie to abuse) and passes.
 */
export function trustedOrigin(config: Pick<ServerConfig, 'publicUrl' | 'allowedOrigins'>) {
  const trusted = new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
  return createMiddleware(async (c, next) => {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // Sec-Fetch-Site is set by the browser (a page cannot forge it); Origin is checked where it says more.
    const ok =
      site === 'same-origin' ||
      (origin !== undefined ? trusted.has(origin) : site === undefined || site === 'none');
    if (!ok) throw apiError(403, 'This request must come from the application’s own origin');
    await next();
  });
}
