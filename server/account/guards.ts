import type { Context } from 'hono';
import { apiError, type AppEnv } from '../context';

/** A path of the paths table (`/sessions/v1/me/{id}`) as a Hono route (`/sessions/v1/me/:id`). */
export const route = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Refuses (403) a caller whose access token does not carry the permission. */
export function requirePermission(c: Context<AppEnv>, permission: string): void {
  const { permissions } = c.get('auth');
  if (!Array.isArray(permissions) || !permissions.includes(permission)) throw apiError(403, 'Forbidden');
}
