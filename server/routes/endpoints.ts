import type { Context, Handler, Hono, MiddlewareHandler } from 'hono';
import { Hono as HonoApp } from 'hono';
import type { ApiPath, HttpMethod } from '../../shared/api/paths';
import { route } from '../account/guards';
import { apiError, caller, type AppEnv, type Services } from '../context';
import { requirePermission } from '../middleware/authorize';
import { requireUser } from '../middleware/bearer';
import { devOnly } from '../middleware/dev-only';
import { inSignInZone, signInBudget } from '../middleware/rate-limit/signIn';
import { requireScimConnection } from '../scim/auth';

// Endpoint tables: every route a family's sub-app mounts, with who may call it and the budget it counts
// against (read by the authorization matrix test). The same entries mount the routes, so the table cannot
// drift from them. See docs/decisions/0014-route-table.md.

/**
 * Who may call an endpoint besides a bearer token (absent: a bearer token, with `permission` when set).
 * `public`: anyone, no token. `mfaToken`: a login-time MFA call, authorised by the mfaToken of its body (no
 * bearer yet). `dev`: vendor-level writes, only with DEV_ROUTES=1 and from this machine. `scim`:
 * a directory connection's bearer token (server/scim/auth.ts). `webhook`: a payment provider's signed event
 * (no token): only while Stripe is the provider (else 404), and only with a `stripe-signature` header (else 400
 * and an audit row); the handler then verifies the signature over the raw body. Whether the access token of an API
 * token (machine to machine) may call a bearer entry is the entry's `apiTokens` (docs/decisions/0021-api-tokens.md).
 */
export type Regime = 'public' | 'mfaToken' | 'dev' | 'scim' | 'webhook';

/** `signIn`: the budget every sign-in call of a client shares (guessing passwords, codes and tokens). */
export type RateLimitClass = 'signIn' | 'none';

export interface Endpoint {
  method: HttpMethod;
  /** The path of the paths table (`{name}` placeholders). */
  path: string;
  /** Permission key required in the token's tenant; null: any signed-in user (or see `regime`). */
  permission: string | null;
  regime?: Regime;
  /**
   * The `apiToken` regime: may the access token of an API token call this bearer entry (under the same
   * permission)? Absent: yes for an entry with a permission, no for a user's own entry (`userEndpoint`: profile,
   * MFA, passwords, sessions, personal API tokens, step-up). Public entries take no token at all.
   */
  apiTokens?: boolean;
  /** Absent: `none`. */
  rateLimit?: RateLimitClass;
  /** A condition beyond the permission (data-dependent), for readers of the table. */
  note?: string;
}

export const endpoint = (route: ApiPath, permission: string | null, note?: string): Endpoint => ({
  method: route.method,
  path: route.path,
  permission,
  ...(note ? { note } : {}),
});

/** An endpoint any signed-in user may call (on its own data). */
export const userEndpoint = (route: ApiPath, note?: string): Endpoint => endpoint(route, null, note);

/** An endpoint anyone may call without a token. */
export const publicEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'public',
});

/** A login-time MFA call: the mfaToken in its body names the sign-in it finishes. */
export const mfaTokenEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'mfaToken',
});

/** A SCIM 2.0 call of a directory: the bearer token of a directory connection (its tenant only). */
export const scimEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'scim',
});

/** A payment provider's signed event (Stripe's webhook): no token; the signature is the credential. */
export const webhookEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'webhook',
});

/** A vendor-level write: only with DEV_ROUTES=1 and from a client on this machine (no vendor tokens here). */
export const devEndpoint = (route: ApiPath, note?: string): Endpoint => ({
  ...endpoint(route, null, note),
  regime: 'dev',
});

/** Entries of a table by name. */
type Entries = Readonly<Record<string, Endpoint>>;

/**
 * Several endpoints of one regime, each named as its path in `group` (a group of the paths table):
 * `userEndpoints(paths.auth, 'getMeV2', …)` is `{ getMeV2: userEndpoint(paths.auth.getMeV2), … }`.
 */
const named =
  (make: (route: ApiPath) => Endpoint) =>
  <G extends Readonly<Record<string, ApiPath>>, K extends keyof G & string>(
    group: G,
    ...names: K[]
  ): { [N in K]: Endpoint } =>
    Object.fromEntries(names.map((name) => [name, make(group[name]!)])) as { [N in K]: Endpoint };

export const userEndpoints = named(userEndpoint);
export const publicEndpoints = named(publicEndpoint);
export const mfaTokenEndpoints = named(mfaTokenEndpoint);

/** An entry, or every entry of a group, with the rate-limit class `rateLimit`. */
function rateLimited(rateLimit: RateLimitClass) {
  function limit(entry: Endpoint): Endpoint;
  function limit<T extends Entries>(group: T): T;
  function limit(entries: Endpoint | Entries): Endpoint | Entries {
    // An entry has a method; a group's values are entries (objects).
    if (typeof entries.method === 'string') return { ...(entries as Endpoint), rateLimit };
    const group = entries as Entries;
    return Object.fromEntries(Object.entries(group).map(([name, entry]) => [name, { ...entry, rateLimit }]));
  }
  return limit;
}

/** The same endpoint (or endpoints), counted against the shared sign-in budget. */
export const signIn = rateLimited('signIn');

/** The same endpoint (or endpoints), stated as not counted (a sign-in path presenting an unguessable secret). */
export const uncounted = rateLimited('none');

/** Whether API-token callers may call an entry (see `Endpoint.apiTokens`). */
export const takesApiTokens = (entry: Endpoint): boolean =>
  entry.regime === undefined && (entry.apiTokens ?? entry.permission !== null);

/** The same entry, refused to API-token callers whatever its permission (it acts for a person). */
export const usersOnly = (entry: Endpoint): Endpoint => ({ ...entry, apiTokens: false });

/** The checks an entry's regime puts before its handler. */
function regimeGuards(entry: Endpoint, services: Services): MiddlewareHandler<AppEnv>[] {
  switch (entry.regime) {
    case 'public':
    case 'mfaToken':
      return [];
    case 'dev':
      return [
        async (_c, next) => {
          if (!services.config.devRoutes) throw apiError(404, 'Not found');
          await next();
        },
        devOnly,
      ];
    case 'scim':
      // The bearer token of a directory connection (server/scim/auth.ts): the connection's tenant only.
      return [requireScimConnection(services)];
    case 'webhook':
      return [
        async (c, next) => {
          if (services.config.billing.provider !== 'stripe') throw apiError(404, 'Not found');
          if (!c.req.header('stripe-signature')) {
            await c.var.audit({
              action: 'Billing webhook refused: bad signature',
              severity: 'Medium',
              json: { reason: 'no signature' },
            });
            throw apiError(400, 'Invalid webhook signature');
          }
          await next();
        },
      ];
    default: {
      const apiTokens = takesApiTokens(entry);
      return [
        entry.permission
          ? requirePermission({ ...services, apiTokens }, entry.permission)
          : requireUser({ ...services, apiTokens }),
      ];
    }
  }
}

/** Where a table's path sits in a sub-app mounted at `prefix`. */
function relative(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`) && prefix) throw new Error(`${path} is not under ${prefix}`);
  return route(path.slice(prefix.length));
}

/**
 * Mounts handlers on the routes of an endpoint table, behind the budget and the regime each entry names.
 * `prefix`: where the sub-app is mounted (its entries' paths are mounted relative to it).
 */
export function mounter(app: Hono<AppEnv>, services: Services, prefix = '') {
  const budget = signInBudget(services);
  return (entry: Endpoint, ...handlers: [...MiddlewareHandler<AppEnv>[], Handler<AppEnv>]) => {
    if (!entry.rateLimit && inSignInZone(entry.path))
      throw new Error(`a sign-in path must state its rate-limit class: ${entry.method} ${entry.path}`);
    const chain = [
      ...(entry.rateLimit === 'signIn' ? [budget] : []),
      ...regimeGuards(entry, services),
      ...handlers,
    ] as [Handler<AppEnv>];
    return app.on(entry.method, [relative(prefix, entry.path)], ...chain);
  };
}

export type Mount = ReturnType<typeof mounter>;

/** Fails at start-up when a table lists a route no handler was mounted for. */
export function assertAllMounted(table: readonly Endpoint[], app: Hono<AppEnv>, prefix = ''): void {
  const mounted = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
  const missing = table.filter((e) => !mounted.has(`${e.method} ${relative(prefix, e.path)}`));
  if (missing.length) throw new Error(`routes listed but not mounted: ${JSON.stringify(missing)}`);
}

/** A family's routes: a sub-app to mount at `prefix`. */
export interface SubApp {
  prefix: string;
  app: Hono<AppEnv>;
  table: readonly Endpoint[];
}

/** The longest run of whole path segments (before any `{param}` and the last segment) every path shares. */
export function commonPrefix(paths: readonly string[]): string {
  const split = paths.map((p) => p.split('/').slice(1, -1));
  const shared: string[] = [];
  for (const [i, segment] of (split[0] ?? []).entries()) {
    if (segment.startsWith('{') || split.some((s) => s[i] !== segment)) break;
    shared.push(segment);
  }
  return shared.map((s) => `/${s}`).join('');
}

/**
 * A family's sub-app under construction: `on` mounts a handler on an entry of `byName`, at the table's common
 * prefix; `done` checks every entry got one (fails at start-up otherwise) and answers the sub-app.
 */
function family(services: Services, byName: Entries) {
  const table = Object.values(byName);
  const prefix = commonPrefix(table.map((e) => e.path));
  const app = new HonoApp<AppEnv>();
  const done = (): SubApp => {
    assertAllMounted(table, app, prefix);
    return { prefix, app, table };
  };
  return { on: mounter(app, services, prefix), done };
}

/**
 * A family of routes: `mount` mounts a handler on every entry of `table` (`on(e.name, handler)`, `e` being the
 * table) with the services; answers the function that builds the family's sub-app from the services (and the
 * family's own options, if it takes any).
 */
export function defineFamily<T extends Entries, Options = never>(
  table: T,
  mount: (on: Mount, e: T, services: Services, options?: Options) => void,
): (services: Services, options?: Options) => SubApp {
  return (services, options) => {
    const { on, done } = family(services, table);
    mount(on, table, services, options);
    return done();
  };
}

/** The paths of the sub-apps' endpoints stated as not counted against the sign-in budget. */
export const uncountedPaths = (subApps: readonly SubApp[]): string[] =>
  subApps.flatMap((s) => s.table.filter((e) => e.rateLimit === 'none').map((e) => e.path));

/** The caller of the request, without a tenant (rows about the user's own account). */
export function userActor(c: Context<AppEnv>) {
  const { sub, email } = c.get('auth');
  return { userId: sub, email, ...caller(c) };
}
