// One permission catalog and one matching rule, used by the portal's navigation, the pages' write controls
// and the server's requirePermission (docs/decisions/0013-permission-catalog.md).
import { permissionCatalog } from '../fixtures/roles';

export interface CatalogPermission {
  key: string;
  /** The id of the key's category in the catalog (`cat-users`, `cat-security`…). */
  category: string;
}

/**
 * Every concrete permission key the product uses, with its category: the keys the server's endpoint tables
 * require, the navigation's entries and the pages' write controls name, and roles carry. One list: the
 * catalog the demo data and the preview seed their permissions from.
 */
export const permissionKeys: readonly CatalogPermission[] = permissionCatalog.flatMap(({ category, keys }) =>
  keys.map((key) => ({ key, category: category.id })),
);

/**
 * The wildcard keys the product names (ROLES-006, and the navigation's `fe.subscriptions.*`, ROUTE-034): a
 * role may carry them, and an entry may require one.
 */
export const permissionPatterns: readonly string[] = [
  'fe.*',
  'fe.secure.*',
  'fe.secure.read.*',
  'fe.connectivity.read.*',
  'fe.connectivity.delete.*',
  'fe.account-settings.*',
  'fe.account-hierarchy.*',
  'fe.subscriptions.*',
];

export { hasPermission, permissionMatches } from './permissionMatch';
