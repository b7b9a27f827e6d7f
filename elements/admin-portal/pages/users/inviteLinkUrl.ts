import type { UrlStrategy } from '../../../../shared/options/options';

/**
 * The address a person opens to join with the tenant's invite link: the sign-up route of the host app with
 * the link's token (with the hash strategy the route goes after `#`).
 */
export function inviteLinkUrl(token: string, signUpUrl: string, strategy: UrlStrategy, page: URL): string {
  const route = `${signUpUrl}?invitationToken=${encodeURIComponent(token)}`;
  if (strategy === 'hash') return `${page.origin}${page.pathname}${page.search}#${route}`;
  return new URL(route, page.origin).href;
}
