import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AppEnv } from '../../context';
import { setHeaders } from '../set-headers';

export interface SecurityHeadersOptions {
  /** The server's public URL: an https one turns HSTS on. */
  publicUrl: string;
  /** Who may frame the HTML answer at `path`: exact origins; none given is `'none'`. */
  frameAncestors: (path: string) => readonly string[];
}

/**
 * The policy of an HTML answer. Scripts run only by the request's nonce; 'strict-dynamic' extends that trust to
 * scripts a trusted script inserts at run time (the tag manager, Stripe.js), which carry no nonce of their own.
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: readonly string[]): string {
  return [
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

const isHtml = (contentType: string | null) => /^\s*text\/html\b/i.test(contentType ?? '');

/**
 * Headers on every answer (nosniff, Referrer-Policy, HSTS on https) and, on every HTML answer, a strict CSP
 * whose nonce (fresh per request) is on the context as `cspNonce` for the page's `<script>` tags.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.set('cspNonce', nonce);
    await next();
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
    if (isHtml(c.res.headers.get('content-type'))) {
      const ancestors = options.frameAncestors(c.req.path);
      headers['Content-Security-Policy'] = contentSecurityPolicy(nonce, ancestors);
      // Browsers without frame-ancestors still honour X-Frame-Options (it has no allow-list form).
      if (!ancestors.length) headers['X-Frame-Options'] = 'DENY';
    }
    setHeaders(c, headers);
  });
}

/** `<script` tags of a trusted page, each given the request's nonce. */
export const withNonce = (html: string, nonce: string) =>
  html.replace(/<script\b/gi, `<script nonce="${nonce}"`);

/**
 * Serves the `.html` files (a folder: its index.html) of `folder` under `root`, at `/<folder>/...`, with the
 * request's nonce on their scripts. Only for trusted repository files (the examples), never user content; every
 * other path falls through (to the static files).
 */
export function trustedHtmlFiles(root: string, folder: string): MiddlewareHandler<AppEnv> {
  const base = resolve(root, folder);
  const prefix = `/${folder}/`;
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path;
    // Anything but a plain path (encoded, dot segments, backslashes) is left to serveStatic, which refuses it.
    if (!path.startsWith(prefix) || /%|\\|\0|\/\.\.?(\/|$)|\/\//.test(path)) return next();
    let file = join(base, path.slice(prefix.length));
    if (file !== base && !file.startsWith(base + sep)) return next();
    const found = await stat(file).catch(() => null);
    if (found?.isDirectory()) file = join(file, 'index.html');
    if (!file.endsWith('.html')) return next();
    const html = await readFile(file, 'utf8').catch(() => null);
    if (html === null) return next();
    return c.html(withNonce(html, c.get('cspNonce')));
  });
}
