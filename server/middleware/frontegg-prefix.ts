import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getPath } from 'hono/utils/url';

/**
 * Frontegg's published client (`@frontegg/rest-api`) puts `/frontegg` before every path unless told another
 * `urlPrefix`; the elements call the paths as they are. The server answers both: a request under the prefix is
 * routed as the same path without it (one set of routes, one rate-limit budget, one set of checks).
 */
export const FRONTEGG_PREFIX = '/frontegg';

const underPrefix = (path: string) => path === FRONTEGG_PREFIX || path.startsWith(`${FRONTEGG_PREFIX}/`);

/** The routing path of a request: its path, without the `/frontegg` prefix when it has one (Hono's `getPath`). */
export function routingPath(request: Request): string {
  const path = getPath(request);
  return underPrefix(path) ? path.slice(FRONTEGG_PREFIX.length) || '/' : path;
}

/** `Set-Cookie` value with its `Path` moved under the prefix (`Path=/` stays: it covers both). */
export function prefixCookiePath(cookie: string): string {
  return cookie.replace(/(;\s*Path=)(\/[^;]+)/i, (_all, attribute: string, path: string) =>
    underPrefix(path) ? `${attribute}${path}` : `${attribute}${FRONTEGG_PREFIX}${path}`,
  );
}

/**
 * Cookies set by an answer under the prefix get their `Path` under it too (the refresh cookie's
 * `/identity/resources/auth/v1` becomes `/frontegg/identity/resources/auth/v1`), so the browser sends them back
 * to the calls the client makes there. A session started under the prefix is refreshed under it, and one
 * started at `/` at `/`.
 */
export const prefixedCookies: MiddlewareHandler = createMiddleware(async (c, next) => {
  await next();
  if (!underPrefix(getPath(c.req.raw))) return;
  const cookies = c.res.headers.getSetCookie();
  if (!cookies.length) return;
  let res = c.res;
  try {
    res.headers.delete('set-cookie');
  } catch {
    // A response with immutable headers (a fetched one): copy it once.
    res = new Response(res.body, res);
    res.headers.delete('set-cookie');
    c.res = undefined;
    c.res = res;
  }
  for (const cookie of cookies) res.headers.append('set-cookie', prefixCookiePath(cookie));
});
