// The users of the caller's account and its sub-accounts (TENANTS-013, 017..022): adding users to accounts of
// the subtree with roles, removing them, roles per sub-account (add, remove, set), and allowing or denying a
// member of the caller's account its sub-accounts. Loading users across the tree is the team family's
// `loadAllUsers`.
import { paths } from '../../shared/api/paths';
import { apiError } from '../context';
import { defineFamily, endpoint } from './endpoints';
import { WRITE_HIERARCHY } from './hierarchy';

const IN_SUBTREE = "accounts of the caller's subtree";

/** Routes of the sub-account users, with the permission each requires in the token's account. */
export const subTenantUsersEndpointsByName = {
  addUserToTenantAndSubTenants: endpoint(
    paths.subTenants.addUserToTenantAndSubTenants,
    WRITE_HIERARCHY,
    IN_SUBTREE,
  ),
  addUsersToSubTenant: endpoint(paths.subTenants.addUsersToSubTenant, WRITE_HIERARCHY, IN_SUBTREE),
  removeUserFromTenantAndSubTenants: endpoint(
    paths.subTenants.removeUserFromTenantAndSubTenants,
    WRITE_HIERARCHY,
    IN_SUBTREE,
  ),
  addUserRolesForSubTenants: endpoint(
    paths.subTenants.addUserRolesForSubTenants,
    WRITE_HIERARCHY,
    IN_SUBTREE,
  ),
  removeUserRolesFromSubTenants: endpoint(
    paths.subTenants.removeUserRolesFromSubTenants,
    WRITE_HIERARCHY,
    IN_SUBTREE,
  ),
  setUserRolesForSubTenants: endpoint(
    paths.subTenants.setUserRolesForSubTenants,
    WRITE_HIERARCHY,
    IN_SUBTREE,
  ),
  updateSubAccountAccess: endpoint(
    paths.subTenants.updateSubAccountAccess,
    WRITE_HIERARCHY,
    "a member of the caller's account",
  ),
} as const;

export const subTenantUsersRoutes = defineFamily(subTenantUsersEndpointsByName, (on, e, services) => {
  void services;
  // Handlers: issue 20, helper B (placeholders until then).
  for (const entry of Object.values(e))
    on(entry, () => {
      throw apiError(404, 'Not found');
    });
});
