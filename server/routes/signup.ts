import { Hono } from 'hono';
import type { AppEnv, Services } from '../context';

/** Sign-up, activation, invitations, forgot/reset/change password (identity users v1). */
export function signupRoutes(_services: Services): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
