import { Hono } from 'hono';
import type { AppEnv, Services } from '../context';

/** OAuth hosted login: authorize (PKCE S256), token, silent authorize, logout. */
export function oauthRoutes(_services: Services): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
