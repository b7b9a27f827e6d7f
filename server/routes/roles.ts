// Roles, permissions and permission categories (ROLES-001..006). A tenant sees the vendor's roles (tenantId
// null, built in) and its own; it creates, changes and deletes only its own. A built-in role answers 403 to a
// change (the caller can see it), another tenant's role 404 (never revealed).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type Context, type Handler } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { rolesContracts } from '../../shared/api/contracts/roles';
import { paths } from '../../shared/api/paths';
import { apiError, readBody, type AppEnv } from '../context';
import { permissionCategories, permissions, rolePermissions, roles } from '../db/schema';
import { assertHoldsAll } from '../middleware/authorize';
import { permissionView, roleViews } from '../roles/views';
import { findOwnRole, findVisibleRoles, visibleRoles, type RoleRow } from '../roles/visibility';
import { endpoint, type Endpoint, defineFamily } from './endpoints';

// ---------------------------------------------------------------------------------------------------------
// Bodies

const READ = 'fe.secure.read.roles';
const WRITE = 'fe.secure.write.roles';
const DELETE = 'fe.secure.delete.roles';

const NO_ESCALATION = 'the caller must hold every permission it adds to a role';

// Bodies are the contract's (shared/api/contracts/roles.ts): the preview refuses what the server refuses.
const { addRole: addRoleCall, updateRole: updateRoleCall } = rolesContracts;
const addRoleBody = addRoleCall.body;
const updateRoleBody = updateRoleCall.body;
const permissionIdsBody = rolesContracts.attachPermissionsToRole.body;
const roleIdsBody = rolesContracts.attachPermissionToRoles.body;

type Answer<K extends keyof typeof rolesContracts> = AnswerOf<(typeof rolesContracts)[K]>;

/** Routes of the roles page, with the permission each requires (ROLES-001..006). */
export const rolesEndpointsByName = {
  getRoles: endpoint(paths.roles.getRoles, READ),
  addRole: endpoint(paths.roles.addRole, WRITE, NO_ESCALATION),
  addRoleV2: endpoint(paths.roles.addRoleV2, WRITE, NO_ESCALATION),
  updateRole: endpoint(paths.roles.updateRole, WRITE, `own tenant roles only; ${NO_ESCALATION}`),
  deleteRole: endpoint(paths.roles.deleteRole, DELETE, 'own tenant roles only'),
  attachPermissionsToRole: endpoint(
    paths.roles.attachPermissionsToRole,
    WRITE,
    `own tenant roles only; ${NO_ESCALATION}`,
  ),
  attachPermissionToRoles: endpoint(
    paths.roles.attachPermissionToRoles,
    WRITE,
    `built-in roles must keep their state; ${NO_ESCALATION}`,
  ),
  getPermissions: endpoint(paths.roles.getPermissions, READ),
  getPermissionCategories: endpoint(paths.roles.getPermissionCategories, READ),
} as const;

export const rolesEndpoints: Endpoint[] = Object.values(rolesEndpointsByName);

// ---------------------------------------------------------------------------------------------------------
// Routes

/** Roles, permissions and categories of the caller's tenant. */
export const rolesRoutes = defineFamily(rolesEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;

  const roleView = async (row: RoleRow) => (await roleViews(db, [row]))[0]!;
  const ownRole = (tenantId: string, id: string) => findOwnRole(db, vendorId, tenantId, id);

  /** Every permission id must exist; answers the permissions. */
  async function findPermissions(ids: string[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await db.select().from(permissions).where(inArray(permissions.id, unique));
    if (rows.length !== unique.length) throw apiError(404, 'Permission not found');
    return rows;
  }

  /** A key is unique among the roles the tenant sees (the built-in ones and its own). */
  async function assertKeyFree(tenantId: string, key: string, exceptId?: string) {
    const clash = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(visibleRoles(vendorId, tenantId), sql`lower(${roles.key}) = lower(${key})`));
    if (clash.some((r) => r.id !== exceptId)) throw apiError(409, `A role with key ${key} already exists`);
  }

  /**
   * What setting a role's permissions to `permissionIds` changes: every id must exist, and the caller must
   * hold the permissions added. Checked before anything is written.
   */
  async function planPermissions(c: Context<AppEnv>, roleId: string | null, permissionIds: string[]) {
    const wanted = await findPermissions(permissionIds);
    const current = roleId
      ? (
          await db
            .select({ id: rolePermissions.permissionId })
            .from(rolePermissions)
            .where(eq(rolePermissions.roleId, roleId))
        ).map((r) => r.id)
      : [];
    const added = wanted.filter((p) => !current.includes(p.id));
    const removed = current.filter((id) => !wanted.some((p) => p.id === id));
    await assertHoldsAll(
      db,
      c.get('auth'),
      added.map((p) => p.key),
    );
    return { added: added.map((p) => p.id), removed };
  }

  async function applyPermissions(roleId: string, plan: { added: string[]; removed: string[] }) {
    if (plan.removed.length)
      await db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, plan.removed)));
    if (plan.added.length)
      await db.insert(rolePermissions).values(plan.added.map((permissionId) => ({ roleId, permissionId })));
  }

  on(e.getRoles, async (c) => {
    const rows = await db
      .select()
      .from(roles)
      .where(visibleRoles(vendorId, c.get('auth').tenantId))
      .orderBy(sql`${roles.tenantId} nulls first`, asc(roles.name));
    return c.json((await roleViews(db, rows)) satisfies Answer<'getRoles'>);
  });

  const addRole: Handler<AppEnv> = async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, addRoleBody);
    const key = body.key ?? body.name;
    await assertKeyFree(tenantId, key);
    const plan = await planPermissions(c, null, body.permissionIds ?? []);
    const id = randomUUID();
    const [row] = await db
      .insert(roles)
      .values({ id, vendorId, tenantId, key, name: body.name, description: body.description ?? '' })
      .returning();
    await applyPermissions(id, plan);
    await c.var.audit({
      action: 'Role created',
      json: { roleId: id, key, permissionIds: plan.added },
    });
    return c.json(await roleView(row!), 201);
  };
  on(e.addRole, addRole);
  on(e.addRoleV2, addRole);

  on(e.updateRole, async (c) => {
    const { tenantId } = c.get('auth');
    const role = await ownRole(tenantId, c.req.param('roleId') ?? '');
    const body = await readBody(c, updateRoleBody);
    if (body.key !== undefined) await assertKeyFree(tenantId, body.key, role.id);
    const changes: Partial<typeof roles.$inferInsert> = {};
    if (body.key !== undefined) changes.key = body.key;
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    const permissionChange = body.permissionIds
      ? await planPermissions(c, role.id, body.permissionIds)
      : { added: [], removed: [] };
    await applyPermissions(role.id, permissionChange);
    const [row] = await db
      .update(roles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(roles.id, role.id))
      .returning();
    await c.var.audit({
      action: 'Role updated',
      json: { roleId: role.id, fields: Object.keys(changes), ...permissionChange },
    });
    return c.json(await roleView(row!));
  });

  on(e.deleteRole, async (c) => {
    const role = await ownRole(c.get('auth').tenantId, c.req.param('roleId') ?? '');
    // Cascades: the role leaves its users, groups and permissions with it.
    await db.delete(roles).where(eq(roles.id, role.id));
    await c.var.audit({
      action: 'Role deleted',
      severity: 'Medium',
      json: { roleId: role.id, key: role.key },
    });
    return c.json({} satisfies Answer<'deleteRole'>);
  });

  on(e.attachPermissionsToRole, async (c) => {
    const role = await ownRole(c.get('auth').tenantId, c.req.param('roleId') ?? '');
    const { permissionIds } = await readBody(c, permissionIdsBody);
    const change = await planPermissions(c, role.id, permissionIds);
    await applyPermissions(role.id, change);
    const [row] = await db
      .update(roles)
      .set({ updatedAt: new Date() })
      .where(eq(roles.id, role.id))
      .returning();
    await c.var.audit({
      action: 'Role permissions updated',
      json: { roleId: role.id, ...change },
    });
    return c.json(await roleView(row!));
  });

  // The permission ends up on exactly the listed roles of the tenant. Built-in roles may be listed (the
  // page sends back every role holding the permission) but must keep their current state.
  on(e.attachPermissionToRoles, async (c) => {
    const { tenantId } = c.get('auth');
    const [permission] = await findPermissions([c.req.param('permissionId') ?? '']);
    const { roleIds } = await readBody(c, roleIdsBody);
    const listed = await findVisibleRoles(db, vendorId, tenantId, [...new Set(roleIds)]);
    const all = await db.select().from(roles).where(visibleRoles(vendorId, tenantId));
    const holders = new Set(
      (
        await db
          .select({ roleId: rolePermissions.roleId })
          .from(rolePermissions)
          .where(eq(rolePermissions.permissionId, permission!.id))
      ).map((r) => r.roleId),
    );
    const wanted = new Set(listed.map((r) => r.id));
    const add = all.filter((r) => wanted.has(r.id) && !holders.has(r.id));
    const remove = all.filter((r) => !wanted.has(r.id) && holders.has(r.id));
    if ([...add, ...remove].some((r) => r.tenantId === null))
      throw apiError(403, 'Built-in roles cannot be changed or deleted');
    if (add.length) await assertHoldsAll(db, c.get('auth'), [permission!.key]);
    if (remove.length)
      await db.delete(rolePermissions).where(
        and(
          eq(rolePermissions.permissionId, permission!.id),
          inArray(
            rolePermissions.roleId,
            remove.map((r) => r.id),
          ),
        ),
      );
    if (add.length)
      await db
        .insert(rolePermissions)
        .values(add.map((r) => ({ roleId: r.id, permissionId: permission!.id })));
    const changed = [...add, ...remove].map((r) => r.id);
    if (changed.length) {
      await db.update(roles).set({ updatedAt: new Date() }).where(inArray(roles.id, changed));
      await c.var.audit({
        action: 'Permission roles updated',
        json: {
          permissionId: permission!.id,
          added: add.map((r) => r.id),
          removed: remove.map((r) => r.id),
        },
      });
    }
    return c.json((await permissionViews(tenantId, [permission!]))[0]);
  });

  /** Permissions as the API answers them (ROLES-002): roleIds among the roles the tenant sees. */
  async function permissionViews(
    tenantId: string,
    rows: (typeof permissions.$inferSelect)[],
  ): Promise<Answer<'getPermissions'>> {
    const links = await db
      .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(visibleRoles(vendorId, tenantId));
    return rows.map((p) => ({
      ...permissionView(
        p,
        links.filter((l) => l.permissionId === p.id).map((l) => l.roleId),
      ),
      // Every permission of this server may be put on a tenant role.
      assignmentType: 'ASSIGNABLE' as const,
    }));
  }

  on(e.getPermissions, async (c) => {
    const rows = await db.select().from(permissions).orderBy(asc(permissions.key));
    return c.json(await permissionViews(c.get('auth').tenantId, rows));
  });

  on(e.getPermissionCategories, async (c) => {
    const categories = await db.select().from(permissionCategories).orderBy(asc(permissionCategories.name));
    const rows = await db
      .select({ id: permissions.id, categoryId: permissions.categoryId })
      .from(permissions)
      .orderBy(asc(permissions.key));
    return c.json(
      categories.map((cat) => ({
        id: cat.id,
        name: cat.name,
        description: cat.description,
        feCategory: cat.feCategory,
        permissionIds: rows.filter((p) => p.categoryId === cat.id).map((p) => p.id),
        createdAt: cat.createdAt.toISOString(),
        updatedAt: cat.updatedAt.toISOString(),
      })) satisfies Answer<'getPermissionCategories'>,
    );
  });
});
