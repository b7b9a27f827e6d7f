import type { Context, Handler, Hono } from 'hono';
import type { ApiPath, HttpMethod } from '../../shared/api/paths';
import { route } from '../account/guards';
import { caller, type AppEnv, type Services } from '../context';
import { requirePermission } from '../middleware/authorize';
import { requireUser } from '../middleware/bearer';

// Endpoint tables: every route a portal sub-app mounts, with the permission it requires (read by the
// authorization matrix test). The same entries mount the routes, so the table cannot drift from them.

export interface Endpoint {
  method: HttpMethod;
  /** The path of the paths table (`{name}` placeholders). */
  path: string;
  /** Permission key required in the token's tenant; null: any signed-in user. */
  permission: string | null;
  /** A condition beyond the permission (data-dependent), for readers of the table. */
  note?: string;
}

export const endpoint = (route: ApiPath, permission: string | null, note?: string): Endpoint => ({
  method: route.method,
  path: route.path,
  permission,
  ...(note ? { note } : {}),
});

/** Mounts handlers on the routes of an endpoint table, behind the permission each entry names. */
export function mounter(app: Hono<AppEnv>, services: Services) {
  return (entry: Endpoint, handler: Handler<AppEnv>) =>
    app.on(
      entry.method,
      route(entry.path),
      entry.permission ? requirePermission(services, entry.permission) : requireUser(services.tokens),
      handler,
    );
}

/** Fails at start-up when a table lists a route no handler was mounted for. */
export function assertAllMounted(table: readonly Endpoint[], app: Hono<AppEnv>): void {
  const mounted = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
  const missing = table.filter((e) => !mounted.has(`${e.method} ${route(e.path)}`));
  if (missing.length) throw new Error(`routes listed but not mounted: ${JSON.stringify(missing)}`);
}

/** Who the audit row names: the caller of the request. */
export function actor(c: Context<AppEnv>) {
  const { sub, email, tenantId } = c.get('auth');
  return { tenantId, userId: sub, email, ...caller(c) };
}
