import { defaultRoutes, type AuthRoutes } from '../../shared/options/routes';
import type { ServerConfig } from '../config';

/** A link that opens a login-box route of the hosted pages (activation, invitation, password reset). */
export function loginBoxLink(
  config: ServerConfig,
  route: keyof AuthRoutes,
  params: Record<string, string>,
): string {
  const url = new URL(defaultRoutes[route] ?? '/account/login', `${config.publicUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
