// Tenants of the signed-in user, switching, and the account's hierarchy (sub-tenants).
import type { z } from 'zod';
import { tenantsContracts as tc, type tenant } from '../contracts/tenants';
import { paths } from '../paths';
import {
  fail,
  find,
  first,
  int,
  iso,
  merge,
  newId,
  on,
  page,
  parseWith,
  type PreviewRequest,
  type PreviewRoute,
  record,
  text,
  texts,
} from './common';
import {
  childrenOf,
  currentUser,
  descendants,
  scopedTenant,
  signedInUser,
  switchTenantTo,
  tenantsOf,
} from './views';
import { buildTenant, type SampleState, type Tenant } from './sampleData';

/** A tenant as the me/tenants calls answer it (the tenants contract's type). */
type TenantView = z.infer<typeof tenant>;

export const tenantView = (t: Tenant): TenantView => ({
  id: t.id,
  tenantId: t.tenantId,
  name: t.name,
  vendorId: t.vendorId,
  parentTenantId: t.parentTenantId,
  isReseller: t.isReseller,
  metadata: t.metadata,
  createdAt: t.createdAt,
  // No edit time is kept for a tenant (as on the server): its creation is its last known change.
  updatedAt: t.createdAt,
  deletedAt: null,
});

/** The user's tenants and the active one (users v1 and v3 me/tenants). */
function currentUserTenants(state: SampleState) {
  const tenants = tenantsOf(state, signedInUser(state)).map(tenantView);
  return {
    tenants,
    activeTenant: tenants.find((t) => t.tenantId === state.session.activeTenantId) ?? null,
  };
}

interface TenantNode {
  tenantId: string;
  name: string;
  numberOfUsers: number;
  children: TenantNode[];
}

function tenantTree(state: SampleState, tenant: Tenant): TenantNode {
  return {
    tenantId: tenant.tenantId,
    name: tenant.name,
    numberOfUsers: state.users.filter((u) => u.tenantIds.includes(tenant.tenantId)).length,
    children: childrenOf(state, tenant.tenantId).map((t) => tenantTree(state, t)),
  };
}

function createSubTenant(req: PreviewRequest) {
  const { state } = req;
  const body = record(req.body);
  const name = text(body.name)?.trim();
  if (!name) throw fail(400, 'name is required');
  const parentTenantId = text(body.parentTenantId) ?? scopedTenant(req);
  find(state.tenants, (t) => t.tenantId === parentTenantId, 'Parent tenant');
  const tenant = buildTenant({
    tenantId: text(body.tenantId) ?? newId('tenant'),
    name,
    parentTenantId,
    createdAt: iso(req.now),
  });
  if (state.tenants.some((t) => t.tenantId === tenant.tenantId)) throw fail(409, 'Tenant already exists');
  state.tenants.push(tenant);
  currentUser(state).tenantIds.push(tenant.tenantId);
  return tenant;
}

/** The top of the sample hierarchy: it cannot be deleted. */
const rootTenantId = (state: SampleState): string | undefined =>
  state.tenants.find((t) => t.parentTenantId === null)?.tenantId;

function deleteSubTenant(req: PreviewRequest) {
  const { state } = req;
  const tenantId = req.params.tenantId ?? '';
  find(state.tenants, (t) => t.tenantId === tenantId, 'Tenant');
  if (tenantId === rootTenantId(state)) throw fail(400, 'The root account cannot be deleted');
  const gone = new Set([tenantId, ...descendants(state, tenantId)]);
  state.tenants = state.tenants.filter((t) => !gone.has(t.tenantId));
  for (const user of state.users) {
    user.tenantIds = user.tenantIds.filter((id) => !gone.has(id));
    if (gone.has(user.tenantId)) user.tenantId = user.tenantIds[0] ?? user.tenantId;
  }
  state.users = state.users.filter((u) => u.tenantIds.length > 0);
  if (gone.has(state.session.activeTenantId)) state.session.activeTenantId = currentUser(state).tenantId;
  return {};
}

export const tenantsHandlers: PreviewRoute[] = [
  // Tenants of the signed-in user, switching, hierarchy
  on(paths.users.getCurrentUserTenantsV1, ({ state }) => currentUserTenants(state)),
  on(paths.tenants.getTenants, ({ state }) => tenantsOf(state, signedInUser(state)).map(tenantView)),
  on(paths.users.getCurrentUserTenantsV3, ({ state }) => currentUserTenants(state)),
  on(paths.tenants.switchTenant, ({ state, body }) => {
    const { tenantId } = parseWith(tc.switchTenant.body, body);
    switchTenantTo(state, signedInUser(state), tenantId);
    return {};
  }),
  on(paths.tenants.getSubTenants, (req) =>
    descendants(req.state, scopedTenant(req)).flatMap((id) =>
      req.state.tenants.filter((t) => t.tenantId === id),
    ),
  ),
  on(paths.tenants.getSubTenantsAsTree, (req) =>
    tenantTree(
      req.state,
      find(req.state.tenants, (t) => t.tenantId === scopedTenant(req), 'Tenant'),
    ),
  ),
  on(paths.tenants.searchSubTenants, (req) => {
    const search = first(req.query, ['_filter', 'filter'])?.toLowerCase() ?? '';
    const list = descendants(req.state, scopedTenant(req))
      .flatMap((id) => req.state.tenants.filter((t) => t.tenantId === id))
      .filter((t) => t.name.toLowerCase().includes(search));
    return page(list, int(req.query, ['_offset', 'offset'], 0), int(req.query, ['_limit', 'limit'], 50));
  }),
  on(paths.tenants.getParentTenants, () => []),
  on(paths.tenants.getTenantsUsersCount, ({ state, body }) =>
    texts(record(body).tenantIds).map((tenantId) => ({
      tenantId,
      totalUsers: state.users.filter((u) => u.tenantIds.includes(tenantId)).length,
    })),
  ),
  on(paths.subTenants.createSubTenant, createSubTenant),
  on(paths.subTenants.updateSubTenant, (req) =>
    merge(
      find(req.state.tenants, (t) => t.tenantId === req.params.tenantId, 'Tenant'),
      record(req.body),
      ['name', 'alias', 'metadata'],
    ),
  ),
  on(paths.subTenants.deleteSubTenant, deleteSubTenant),
];
