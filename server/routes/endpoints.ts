import type { Context, Handler, Hono } from 'hono';
import type { ApiPath, HttpMethod } from '../../shared/api/paths';
import { route } from '../account/guards';
import { apiError, caller, type AppEnv, type Services } from '../context';
import { requirePermission } from '../middleware/authorize';
import { requireUser } from '../middleware/bearer';
import { devOnly } from '../middleware/dev-only';

// Endpoint tables: every route a portal sub-app mounts, with the permission it requires (read by the
// authorization matrix test). The same entries mount the routes, so the table cannot drift from them.

export interface Endpoint {
  method: HttpMethod;
  /** The path of the paths table (`{name}` placeholders). */
  path: string;
  /** Permission key required in the token's tenant; null: any signed-in user (or see `regime`). */
  permission: string | null;
  /**
   * Absent: a bearer token (with `permission`). `public`: anyone, no token (vendor-level answers that hold
   * nothing of a tenant or user). `dev`: vendor-level writes, only with DEV_ROUTES=1 and from this machine.
   */
  regime?: 'public' | 'dev';
  /** A condition beyond the permission (data-dependent), for readers of the table. */
  note?: string;
}

export const endpoint = (route: ApiPath, permission: string | null, note?: string): Endpoint => ({
  method: route.method,
  path: route.path,
  permission,
  ...(note ? { note } : {}),
});

/** An endpoint anyone may call without a token. */
export const publicEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'public',
});

/** A vendor-level write: only with DEV_ROUTES=1 and from a client on this machine (no vendor tokens here). */
export const devEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'dev',
});

/** Mounts handlers on the routes of an endpoint table, behind the permission (or regime) each entry names. */
export function mounter(app: Hono<AppEnv>, services: Services) {
  const devRoutesOn: Handler<AppEnv> = async (_c, next) => {
    if (!services.config.devRoutes) throw apiError(404, 'Not found');
    await next();
  };
  return (entry: Endpoint, handler: Handler<AppEnv>) => {
    if (entry.regime === 'public') return app.on(entry.method, route(entry.path), handler);
    if (entry.regime === 'dev') return app.on(entry.method, route(entry.path), devRoutesOn, devOnly, handler);
    return app.on(
      entry.method,
      route(entry.path),
      entry.permission ? requirePermission(services, entry.permission) : requireUser(services.tokens),
      handler,
    );
  };
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
