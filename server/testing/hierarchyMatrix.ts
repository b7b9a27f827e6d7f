// The account hierarchy's calls of the authorization matrix (server/authz-matrix.test.ts): for each endpoint of
// `hierarchyEndpointsByName` and `subTenantUsersEndpointsByName`, a call on the own tenant's subtree (Acme, its
// sub-accounts "Acme Europe" and fresh ones made for the call: renamed, deleted, a member added or removed) or
// aimed at the other tenant (Globex Matrix itself, or a sub-account of it, by id in the path, the body or the
// query, and by the scoping headers): TENANTS-013, every such id is a 404 'Sub-account not found'. And the other
// tenant's hierarchy (its sub-accounts, their members and roles), for the matrix's "nothing of the other tenant
// changed".
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { tenants, userRoles, users, userTenants } from '../db/schema';
import { hierarchyEndpointsByName } from '../routes/hierarchy';
import { subTenantUsersEndpointsByName } from '../routes/subTenantUsers';
import type { fixtures, TestServer } from '../testing';

type Scope = 'own' | 'other';
interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
type Fixtures = ReturnType<typeof fixtures>;
type MatrixCall = (scope: Scope, callerToken: string) => Promise<Call>;
interface Context {
  t: TestServer;
  f: Fixtures;
  acme: string;
  globex: string;
  /** The matrix's strings of the other tenant: none may appear in any answer. */
  markers: Set<string>;
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** Every account below `root` (deleted ones too: a soft delete is a change), level by level. */
async function subtreeIds(f: Fixtures, root: string): Promise<string[]> {
  const found: string[] = [];
  let level = [root];
  while (level.length) {
    level = (await f.db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.parentId, level))).map(
      (r) => r.id,
    );
    found.push(...level);
  }
  return found;
}

/** The other tenant's hierarchy, comparable: its sub-accounts, their memberships, member roles and users. */
export async function hierarchyState(f: Fixtures, tenantId: string): Promise<unknown[]> {
  const ids = await subtreeIds(f, tenantId);
  if (!ids.length) return [];
  const members = (await f.db.select().from(userTenants).where(inArray(userTenants.tenantId, ids))).sort(
    (a, b) => `${a.tenantId}${a.userId}`.localeCompare(`${b.tenantId}${b.userId}`),
  );
  const memberIds = [...new Set(members.map((m) => m.userId))];
  return [
    (await f.db.select().from(tenants).where(inArray(tenants.id, ids))).sort((a, b) =>
      a.id.localeCompare(b.id),
    ),
    members,
    (await f.db.select().from(userRoles).where(inArray(userRoles.tenantId, ids))).sort((a, b) =>
      `${a.tenantId}${a.userId}${a.roleId}`.localeCompare(`${b.tenantId}${b.userId}${b.roleId}`),
    ),
    memberIds.length
      ? (await f.db.select().from(users).where(inArray(users.id, memberIds))).sort((a, b) =>
          a.id.localeCompare(b.id),
        )
      : [],
  ];
}

const OTHER_SUB_ACCOUNT = 'Globex Matrix Subsidiary';

/**
 * The other tenant's sub-account (made once, with an Admin member): its id, name and member are markers. The
 * matrix calls it in its set-up, so that every call (users across the tree too) runs with it there.
 */
export async function otherSubAccount({
  f,
  globex,
  markers,
}: Pick<Context, 'f' | 'globex' | 'markers'>): Promise<string> {
  const [existing] = await f.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, OTHER_SUB_ACCOUNT));
  const id = existing?.id ?? (await f.newTenant(OTHER_SUB_ACCOUNT, globex));
  if (!existing) {
    const member = await f.createUser({
      name: `Globex Subsidiary Person ${randomUUID().slice(0, 6)}`,
      email: `subsidiary-${randomUUID().slice(0, 8)}@globex.test`,
      tenants: [{ id, roles: ['Admin'] }],
    });
    markers.add(member.id).add(member.email);
  }
  markers.add(id).add(OTHER_SUB_ACCOUNT);
  return id;
}

/** `context` is read at the first call (the matrix builds its server in `before`). */
export function hierarchyMatrixCalls(context: () => Context): Record<string, MatrixCall> {
  let built: Record<string, MatrixCall> | undefined;
  const routes = [
    ...Object.values(hierarchyEndpointsByName),
    ...Object.values(subTenantUsersEndpointsByName),
  ];
  return Object.fromEntries(
    routes.map((route) => [
      key(route),
      (scope: Scope, token: string) => {
        built ??= build(context());
        const call = built[key(route)];
        if (!call) throw new Error(`no hierarchy matrix call for ${key(route)}`);
        return call(scope, token);
      },
    ]),
  );
}

function build(context: Context): Record<string, MatrixCall> {
  const { f, acme, globex, markers } = context;
  const h = hierarchyEndpointsByName;
  const u = subTenantUsersEndpointsByName;
  const fresh = () => `matrix-${randomUUID().slice(0, 8)}`;
  /** The scoping headers a caller may send to reach the other tenant. */
  const otherHeaders = { 'frontegg-tenant-id': globex, 'frontegg-scoped-tenant': globex };
  const europe = f.tenantId('Acme Europe');
  const globexSub = () => otherSubAccount(context);

  /** A fresh sub-account of Acme (it may be renamed or deleted), or the other tenant's sub-account. */
  const target = async (scope: Scope) =>
    scope === 'own' ? f.newTenant(`Matrix ${fresh()}`, acme) : globexSub();
  /** A fresh member (Viewer) of Acme Europe, or of the other tenant's sub-account (a marker). */
  const member = async (scope: Scope) => {
    if (scope === 'own')
      return (await f.createUser({ tenants: [{ id: await europe, roles: ['Viewer'] }] })).id;
    const user = await f.createUser({
      email: `subsidiary-${randomUUID().slice(0, 8)}@globex.test`,
      tenants: [{ id: await globexSub(), roles: ['Viewer'] }],
    });
    markers.add(user.id).add(user.email);
    return user.id;
  };
  /** The account a call names: Acme Europe, or the other tenant's sub-account. */
  const account = async (scope: Scope) => (scope === 'own' ? europe : globexSub());
  const roleId = async (name: string) => (await f.builtInRole(name)).id;

  /** A call about the caller's own subtree (no id): as it is, or with the other tenant named in the query and headers. */
  const plain = (path: string) => async (scope: Scope) =>
    scope === 'own' ? { path } : { path: `${path}?tenantId=${globex}`, headers: otherHeaders };
  /** A call on one account by id in the path. */
  const onAccount =
    (route: { path: string }, body?: () => unknown, pick: (scope: Scope) => Promise<string> = target) =>
    async (scope: Scope): Promise<Call> => ({
      path: fill(route.path, { tenantId: await pick(scope) }),
      body: body?.(),
      ...(scope === 'other' ? { headers: otherHeaders } : {}),
    });
  /** A roles call on a member of the named account. */
  const onRoles =
    (route: { path: string }, role: 'Viewer' | 'Editor') =>
    async (scope: Scope): Promise<Call> => ({
      path: fill(route.path, { userId: await member(scope) }),
      body: { subTenantsRoles: [{ tenantId: await account(scope), roleIds: [await roleId(role)] }] },
      ...(scope === 'other' ? { headers: otherHeaders } : {}),
    });

  return {
    [key(h.getSubTenants)]: plain(h.getSubTenants.path),
    [key(h.getSubTenantsAsTree)]: plain(h.getSubTenantsAsTree.path),
    [key(h.getParentTenants)]: plain(h.getParentTenants.path),
    [key(h.getParentTenantsById)]: onAccount(h.getParentTenantsById, undefined, account),
    // The other tenant and its sub-account by id.
    [key(h.getTenantsUsersCount)]: async (scope) => ({
      path: h.getTenantsUsersCount.path,
      body: { tenantIds: scope === 'own' ? [acme, await europe] : [globex, await globexSub()] },
    }),
    [key(h.searchSubTenants)]: async (scope) => ({
      path: `${h.searchSubTenants.path}?_subTenantId=${encodeURIComponent(scope === 'own' ? acme : globex)}`,
    }),
    [key(h.getHierarchyMetadata)]: async (scope) => ({
      path: `${h.getHierarchyMetadata.path}?_tenantIds=${
        scope === 'own' ? `${acme},${await europe}` : `${globex},${await globexSub()}`
      }`,
    }),
    // Under Acme Europe; refused under the other tenant.
    [key(h.createSubTenant)]: async (scope) => ({
      path: h.createSubTenant.path,
      body: { name: `Matrix ${fresh()}`, parentTenantId: scope === 'own' ? await europe : globex },
    }),
    [key(h.updateSubTenant)]: onAccount(h.updateSubTenant, () => ({ name: `Matrix ${fresh()}` })),
    [key(h.updateSubTenantManagement)]: onAccount(h.updateSubTenantManagement, () => ({
      isReseller: true,
      tenantType: 'test',
    })),
    // A fresh sub-account's settings (Acme's own stay as seeded); the other tenant itself by id.
    [key(h.updateSubTenantHierarchySettings)]: onAccount(
      h.updateSubTenantHierarchySettings,
      () => ({ subAccountAccessType: 'defaultOff' }),
      async (scope) => (scope === 'own' ? target(scope) : globex),
    ),
    [key(h.deleteSubTenant)]: onAccount(h.deleteSubTenant),
    [key(u.addUserToTenantAndSubTenants)]: async (scope) => ({
      path: u.addUserToTenantAndSubTenants.path,
      body: {
        user: { email: `${fresh()}@example.test`, name: 'Matrix invited' },
        subTenants: [{ tenantId: await account(scope), roleIds: [await roleId('Viewer')] }],
      },
      ...(scope === 'other' ? { headers: otherHeaders } : {}),
    }),
    [key(u.addUsersToSubTenant)]: async (scope) => ({
      path: u.addUsersToSubTenant.path,
      body: {
        users: [{ email: `${fresh()}@example.test` }],
        tenantId: scope === 'own' ? await europe : globex,
        roleIds: [await roleId('Viewer')],
      },
      ...(scope === 'other' ? { headers: otherHeaders } : {}),
    }),
    [key(u.removeUserFromTenantAndSubTenants)]: async (scope) => ({
      path: u.removeUserFromTenantAndSubTenants.path,
      body: { userId: await member(scope), subTenants: [{ tenantId: await account(scope) }] },
      ...(scope === 'other' ? { headers: otherHeaders } : {}),
    }),
    [key(u.addUserRolesForSubTenants)]: onRoles(u.addUserRolesForSubTenants, 'Editor'),
    [key(u.removeUserRolesFromSubTenants)]: onRoles(u.removeUserRolesFromSubTenants, 'Viewer'),
    [key(u.setUserRolesForSubTenants)]: onRoles(u.setUserRolesForSubTenants, 'Editor'),
    // A member of Acme (its access to Acme's sub-accounts), or of the other tenant's sub-account.
    [key(u.updateSubAccountAccess)]: async (scope) => {
      const userId =
        scope === 'own'
          ? (await f.createUser({ tenants: [{ id: acme, roles: ['Viewer'] }] })).id
          : await member(scope);
      return {
        path: fill(u.updateSubAccountAccess.path, { userId }),
        body: { allowAccess: false },
        ...(scope === 'other' ? { headers: otherHeaders } : {}),
      };
    },
  };
}
