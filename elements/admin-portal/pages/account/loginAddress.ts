import type { HostOptions } from '../../../../shared/options/options';

/**
 * Where an account's users sign in with its custom login box: the login route of this page's origin with
 * `?tenantId=` (after `#` with the hash strategy), the account the login box loads the look of.
 */
export function loginAddressOf(
  tenantId: string,
  { routes, urlStrategy }: Pick<HostOptions, 'routes' | 'urlStrategy'>,
  page: URL,
): string {
  const query = new URLSearchParams({ tenantId });
  if (urlStrategy === 'hash') return `${page.origin}${page.pathname}#${routes.loginUrl}?${query}`;
  const url = new URL(routes.loginUrl, page.origin);
  url.search = query.toString();
  return url.href;
}
