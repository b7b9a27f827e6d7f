// The signed-in user's tenants, switching the active one, and a token for another tenant.
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnswerOf } from '../../../shared/api/contracts/contract';
import { tenantsContracts, type tenant } from '../../../shared/api/contracts/tenants';
import { usersContracts } from '../../../shared/api/contracts/users';
import { paths } from '../../../shared/api/paths';
import { writeAudit } from '../../audit';
import { apiError, readBody } from '../../context';
import { tenants, users, userTenants } from '../../db/schema';
import { accessVia, delegatedAccounts } from '../../tenants/hierarchy';
import type { TenantRow } from '../../tenants/tenants';
import { loadUserView, userClaims } from '../../users';
import { defineFamily, userActor as actor, userEndpoint } from '../endpoints';

type Tenant = z.infer<typeof tenant>;

/** The signed-in user's tenants. */
export const accountTenantsEndpointsByName = {
  getCurrentUserTenantsV1: userEndpoint(paths.users.getCurrentUserTenantsV1),
  getTenants: userEndpoint(paths.tenants.getTenants),
  getCurrentUserTenantsV3: userEndpoint(paths.users.getCurrentUserTenantsV3),
  switchTenant: userEndpoint(paths.tenants.switchTenant),
  GetUserJwt: userEndpoint(paths.users.GetUserJwt),
} as const;

export const accountTenantsRoutes = defineFamily(accountTenantsEndpointsByName, (on, e, services) => {
  const { db, tokens, vendorId } = services;

  const tenantView = (t: TenantRow): Tenant => ({
    id: t.id,
    tenantId: t.id,
    name: t.name,
    parentTenantId: t.parentId,
    isReseller: t.isReseller,
    metadata: JSON.stringify(t.metadata),
    vendorId: t.vendorId,
    createdAt: t.createdAt.toISOString(),
    // No edit time is kept for a tenant: its creation is its last change we know of.
    updatedAt: t.createdAt.toISOString(),
    deletedAt: null,
  });

  /**
   * The tenants the user may enter (this vendor's, not deleted), in the shape of the tenants API, by name: those
   * they belong to and those they act in by delegation (TENANTS-013/015), each once (TENANTS-003).
   */
  async function tenantsOf(userId: string) {
    const rows = await db
      .select({ tenant: tenants })
      .from(userTenants)
      .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
      .where(and(eq(userTenants.userId, userId), eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt)));
    const delegated = await delegatedAccounts(db, vendorId, userId);
    const byId = new Map(
      [...rows.map((r) => r.tenant), ...delegated.map((d) => d.tenant)].map((t) => [t.id, t]),
    );
    return [...byId.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      .map(tenantView);
  }

  /**
   * The user may act in the tenant (a member, or by delegation): no acting on a tenant by guessing its id. The
   * access, or 403.
   */
  async function requireAccess(userId: string, tenantId: string) {
    const access = await accessVia(db, vendorId, userId, tenantId);
    if (!access) throw apiError(403, 'User is not a member of this tenant');
    return access;
  }

  /** The user's tenants and the active one (Frontegg's GetCurrentUserTenantsResponse: users v1 and v3). */
  async function currentUserTenants(sub: string, tenantId: string) {
    const list = await tenantsOf(sub);
    const [user] = await db
      .select({ activeTenantId: users.activeTenantId })
      .from(users)
      .where(eq(users.id, sub));
    const active = user?.activeTenantId ?? tenantId;
    return { tenants: list, activeTenant: list.find((t) => t.tenantId === active) ?? null };
  }

  on(e.getCurrentUserTenantsV1, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const answer = await currentUserTenants(sub, tenantId);
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getCurrentUserTenantsV1>);
  });
  on(e.getTenants, async (c) => {
    const answer = await tenantsOf(c.get('auth').sub);
    return c.json(answer satisfies AnswerOf<typeof tenantsContracts.getTenants>);
  });

  on(e.getCurrentUserTenantsV3, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const answer = await currentUserTenants(sub, tenantId);
    return c.json(answer satisfies AnswerOf<typeof usersContracts.getCurrentUserTenantsV3>);
  });

  on(e.switchTenant, async (c) => {
    const { sub, tenantId: from } = c.get('auth');
    const { tenantId } = await readBody(c, tenantsContracts.switchTenant.body);
    const access = await requireAccess(sub, tenantId);
    await db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, sub));
    await writeAudit(db, {
      vendorId,
      tenantId,
      ...actor(c),
      action: 'User switched tenant',
      json: { from, to: tenantId, ...(access.delegated ? { actingTenantId: access.via } : {}) },
    });
    // The client refreshes its token next: the refresh answers for the new active tenant.
    return c.json({});
  });

  on(e.GetUserJwt, async (c) => {
    const { sub, sid, tenantId: from } = c.get('auth');
    const { tenantId } = await readBody(c, usersContracts.GetUserJwt.body);
    const access = await requireAccess(sub, tenantId);
    const user = await loadUserView(db, sub, tenantId);
    if (!user) throw apiError(401, 'Unauthorized');
    const { token, expiresIn } = await tokens.sign(userClaims(user, sid));
    // A token for a sub-account through a parent's membership (TENANTS-014): the row names both accounts.
    if (access.delegated)
      await writeAudit(db, {
        vendorId,
        tenantId,
        ...actor(c),
        action: 'Sub-account access token issued',
        json: { actingTenantId: access.via, from },
      });
    const answer = {
      accessToken: token,
      expiresIn,
      expires: new Date(Date.now() + expiresIn * 1000).toUTCString(),
      token,
    };
    return c.json(answer satisfies AnswerOf<typeof usersContracts.GetUserJwt>);
  });
});
