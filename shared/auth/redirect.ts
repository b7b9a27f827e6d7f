/** Redirect rules: where the app may send the browser after sign-in, a 302 answer, or a `redirectUrl` parameter. */

function parseUrl(url: string, base: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

function isWebUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function normalizeOrigin(origin: string): string | null {
  const parsed = parseUrl(origin.trim(), 'invalid:/');
  return parsed && isWebUrl(parsed) ? parsed.origin : null;
}

/**
 * True when `url` (absolute or relative to `currentOrigin`) is an http(s) URL on the current origin or on one
 * of `allowedOrigins`. `javascript:`, `data:` and other schemes are never allowed.
 */
export function isAllowedOrigin(url: string, currentOrigin: string, allowedOrigins: string[]): boolean {
  const target = parseUrl(url, currentOrigin);
  if (!target || !isWebUrl(target)) return false;
  if (target.origin === normalizeOrigin(currentOrigin)) return true;
  return allowedOrigins.some((origin) => normalizeOrigin(origin) === target.origin);
}

export interface SafeRedirectOptions {
  /** `enforceRedirectToSameSite` of the host options. */
  enforceSameSite: boolean;
  currentOrigin: string;
  allowedOrigins: string[];
  fallback: string;
}

/**
 * The URL to redirect to: `redirectUrl` (resolved against the current origin) when it is an http(s) URL and,
 * under same-site enforcement, on the current or an allowed origin; otherwise `fallback` (with a warning).
 */
export function safeRedirectTarget(
  redirectUrl: string | null | undefined,
  { enforceSameSite, currentOrigin, allowedOrigins, fallback }: SafeRedirectOptions,
): string {
  if (redirectUrl === null || redirectUrl === undefined || redirectUrl.trim() === '') return fallback;
  const target = parseUrl(redirectUrl, currentOrigin);
  if (!target || !isWebUrl(target)) {
    console.warn(`[fe-elements] Ignored redirect to an unsupported URL: ${redirectUrl}`);
    return fallback;
  }
  if (enforceSameSite && !isAllowedOrigin(target.href, currentOrigin, allowedOrigins)) {
    console.warn(
      `[fe-elements] Ignored redirect to ${target.origin}: not the current origin nor an allowed origin`,
    );
    return fallback;
  }
  return target.href;
}
