import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServerConfig } from '../config';
import { setHeaders } from './set-headers';

/**
 * The request headers a host page's calls carry: the elements' client (shared/api/client.ts) and Frontegg's
 * published one (`@frontegg/rest-api` FetchClient: metadata headers, source, scoped tenant, login alias,
 * requested application). A preflight asking for anything else is answered without it, and the browser refuses.
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'frontegg-source',
  'frontegg-scoped-tenant',
  'frontegg-login-alias',
  'frontegg-application-id',
  'frontegg-requested-application-id',
  'frontegg-vendor-host',
  'x-frontegg-framework',
  'x-frontegg-sdk',
] as const;

/** The methods of the API (the paths table). */
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Answer headers a host page's script may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Content-Disposition', 'frontegg-trace-id'] as const;

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** `Vary` with `name` added (kept once). */
function vary(current: string | null, name: string): string {
  const names = (current ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((n) => n.toLowerCase() === name.toLowerCase()))
    return names.join(', ');
  return [...names, name].join(', ');
}

/**
 * CORS for the API (docs/decisions/0012-wire-contract.md): a page on one of `ALLOWED_ORIGINS` (exact origins) may
 * call it with credentials — its preflights are answered (204) and its answers, errors included, carry
 * `Access-Control-Allow-Origin: <that origin>` and `Access-Control-Allow-Credentials: true`. Any other origin
 * gets no CORS header at all (its preflight is answered 204 without them), so the browser refuses to send its
 * calls or let it read any answer. Every answer varies by `Origin`. Paths `skip` says are left alone (the
 * public scripts under /cdn/ have their own policy).
 */
export function cors(
  config: Pick<ServerConfig, 'allowedOrigins'>,
  { skip = () => false }: { skip?: (path: string) => boolean } = {},
): MiddlewareHandler {
  const allowed = new Set(config.allowedOrigins);
  return createMiddleware(async (c, next) => {
    if (skip(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fromAllowed = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && origin !== undefined && c.req.header('access-control-request-method')) {
      // A preflight is answered here, whoever asks (never counted by a rate limit); a stranger's answer has
      // no CORS header, so the browser does not send the request.
      if (!fromAllowed) return c.body(null, 204, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS.join(', '),
        'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      });
    }
    await next();
    const headers: Record<string, string> = { Vary: vary(c.res.headers.get('vary'), 'Origin') };
    if (fromAllowed) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers['Access-Control-Allow-Credentials'] = 'true';
      headers['Access-Control-Expose-Headers'] = CORS_EXPOSED_HEADERS.join(', ');
    }
    setHeaders(c, headers);
  });
}

/** A hashed chunk (`chunks/<name>-<hash>.js`, its source map too): its content never changes under its name. */
const HASHED_CHUNK = /\/chunks\/[^/]+-[\w-]{8}\.js(\.map)?$/;

/** How long a browser or CDN may keep an un-hashed entry file (`login-box/index.js`, `fe-elements.js`). */
export const ENTRY_MAX_AGE_SECONDS = 300;

/**
 * The built scripts (`/cdn/<version>/…`) are public, like a CDN's: any origin may load them as module scripts
 * (`Access-Control-Allow-Origin: *`, no credentials; `Cross-Origin-Resource-Policy: cross-origin`). Hashed chunks
 * are cached for a year (immutable); the entry files, whose names stay across builds, for a few minutes.
 */
export const publicScripts: MiddlewareHandler = createMiddleware(async (c, next) => {
  await next();
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (c.res.status === 200 || c.res.status === 206 || c.res.status === 304) {
    headers['Cache-Control'] = HASHED_CHUNK.test(c.req.path)
      ? 'public, max-age=31536000, immutable'
      : `public, max-age=${ENTRY_MAX_AGE_SECONDS}`;
  }
  setHeaders(c, headers);
});
