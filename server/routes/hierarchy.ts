// The account hierarchy of the caller's account (TENANTS-009..027): its sub-accounts as a list, a tree and a
// search, parents, user counts and metadata (the `tenants` group), and creating, renaming, managing and deleting
// sub-accounts (the `sub-tenants` group's tenant calls). Every account id is checked against the caller's
// subtree (server/tenants/hierarchy.ts): a parent, a sibling or an unknown id is a 404.
import { paths } from '../../shared/api/paths';
import { apiError } from '../context';
import { defineFamily, endpoint } from './endpoints';

export const READ_HIERARCHY = 'fe.account-hierarchy.read.subAccount';
export const WRITE_HIERARCHY = 'fe.account-hierarchy.write.subAccount';

/** Routes of the account hierarchy, with the permission each requires in the token's account. */
export const hierarchyEndpointsByName = {
  getSubTenants: endpoint(paths.tenants.getSubTenants, READ_HIERARCHY),
  getSubTenantsAsTree: endpoint(paths.tenants.getSubTenantsAsTree, READ_HIERARCHY),
  getParentTenants: endpoint(
    paths.tenants.getParentTenants,
    READ_HIERARCHY,
    "the caller account's ancestors",
  ),
  getParentTenantsById: endpoint(
    paths.tenants.getParentTenantsById,
    READ_HIERARCHY,
    "a sub-account of the caller's; the chain up to the caller's account",
  ),
  getTenantsUsersCount: endpoint(paths.tenants.getTenantsUsersCount, READ_HIERARCHY, "the caller's subtree"),
  searchSubTenants: endpoint(paths.tenants.searchSubTenants, READ_HIERARCHY),
  getHierarchyMetadata: endpoint(paths.tenants.getHierarchyMetadata, READ_HIERARCHY, "the caller's subtree"),
  createSubTenant: endpoint(paths.subTenants.createSubTenant, WRITE_HIERARCHY, "under the caller's subtree"),
  updateSubTenant: endpoint(
    paths.subTenants.updateSubTenant,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
  updateSubTenantManagement: endpoint(
    paths.subTenants.updateSubTenantManagement,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
  updateSubTenantHierarchySettings: endpoint(
    paths.subTenants.updateSubTenantHierarchySettings,
    WRITE_HIERARCHY,
    "the caller's account or a sub-account of it",
  ),
  deleteSubTenant: endpoint(
    paths.subTenants.deleteSubTenant,
    WRITE_HIERARCHY,
    "a sub-account of the caller's",
  ),
} as const;

export const hierarchyRoutes = defineFamily(hierarchyEndpointsByName, (on, e, services) => {
  void services;
  // Handlers: issue 20, helper A (placeholders until then).
  for (const entry of Object.values(e))
    on(entry, () => {
      throw apiError(404, 'Not found');
    });
});
