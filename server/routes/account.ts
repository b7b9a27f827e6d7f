import { Hono } from 'hono';
import type { AppEnv, Services } from '../context';

/** The signed-in user's account: profile, tenants, sessions, policies and public configuration. */
export function accountRoutes(_services: Services): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
