// The account hierarchy (TENANTS-009..027): the caller's sub-accounts as a list, a tree and a search, their
// parents, user counts and metadata (the `tenants` group of the paths table), and acting on sub-accounts —
// create, rename, management, hierarchy settings, delete — and on their users — add, remove, roles per
// sub-account, sub-account access (the `sub-tenants` group). Frontegg's shapes (@frontegg/rest-api
// tenants/sub-tenants interfaces); fields marked "ours" are extras.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate, param, sortDirection } from './common';

/** Tenant categories (ENUM-029; Frontegg's TenantType). */
export const tenantTypes = ['customer', 'spam', 'test', 'reseller', 'headquarter'] as const;
export const tenantType = z.enum(tenantTypes);

/** Sub-tenant sort fields (ENUM-028; Frontegg's TenantSortByEnum). */
export const subTenantSortFields = ['createdAt', 'name', 'tenantId'] as const;

/** Who among an account's members reaches its sub-accounts (Frontegg's SubAccountAccessTypeEnum). */
export const subAccountAccessTypes = ['defaultOff', 'defaultOn', 'alwaysOn'] as const;
export const subAccountAccessType = z.enum(subAccountAccessTypes);

/** An account outside the caller's subtree (a parent, a sibling, unknown, deleted): never revealed. */
export const SUB_ACCOUNT_NOT_FOUND = 'Sub-account not found';
/** A delegated token whose access no longer holds, or a caller denied its account's sub-accounts. */
export const SUB_ACCOUNT_ACCESS_REFUSED = 'Access to this sub-account is not allowed';

/** The most children one level of the tree answers; the rest is reached through `loadMoreLink`. */
export const TREE_LEVEL_LIMIT = 50;
/** The default page of the sub-account search (TENANTS-010/026: limit 50 from offset 0). */
export const SEARCH_DEFAULT_LIMIT = 50;

const tenantName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name must not be empty')
  .max(100, 'name may have at most 100 characters');

/** An id the caller names (a new sub-account's own id, or one it acts on). */
const tenantIdField = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'tenantId may contain only letters, digits and . _ : -');

const ids = (name: string, max = 100) =>
  z
    .array(z.string().min(1).max(200), { error: `${name} must be a list of ids` })
    .max(max, `${name} may name at most ${max} ids`);

/** A sub-account as the flat list answers it (Frontegg's ISubTenant): `level` 1 is a child of the caller's. */
export const subTenant = z.object({
  tenantId: id,
  tenantName: z.string(),
  /** Ours: the parent of this sub-account. */
  parentTenantId: id,
  createdAt: isoDate,
  level: z.number().int().min(1),
});

/** A node of the hierarchy tree (Frontegg's ISubTenantTree with TENANTS-002's fields). */
export interface TenantTreeNode {
  tenantId: string;
  tenantName: string;
  /** Ours (TENANTS-002): the same as `tenantName`. */
  name: string;
  alias: string | null;
  createdAt: string;
  /** The JSON text of an object. */
  metadata: string;
  isReseller: boolean;
  tenantType: (typeof tenantTypes)[number];
  /** Active members of this account itself. */
  numberOfUsers: number;
  /** At most TREE_LEVEL_LIMIT children, by name; a tenant reached twice is listed once (TENANTS-003). */
  children: TenantTreeNode[];
  /**
   * When this account has more children than the level shows: the search call (wire path and query) that
   * answers the next ones. Null when every child is listed.
   */
  loadMoreLink: string | null;
}

export const tenantTreeNode: z.ZodType<TenantTreeNode> = z.object({
  tenantId: id,
  tenantName: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  createdAt: isoDate,
  metadata: z.string(),
  isReseller: z.boolean(),
  tenantType,
  numberOfUsers: z.number().int().min(0),
  get children() {
    return z.array(tenantTreeNode);
  },
  loadMoreLink: z.string().nullable(),
});

/** An ancestor of an account (Frontegg's IParentTenant): level 1 is the direct parent. */
export const parentTenant = z.object({
  tenantId: id,
  tenantName: z.string(),
  level: z.number().int().min(1),
  status: z.string(),
  createdAt: isoDate,
});

/** One item of the sub-account search (Frontegg's SearchSubTenantsResponse). */
export const searchedSubTenant = z.object({
  tenantId: id,
  name: z.string(),
  createdAt: isoDate,
  metadata: z.object({ isParent: z.boolean() }),
  isReseller: z.boolean(),
  subAccountAccessType,
  /** Ours: the category (ENUM-029) and the parent. */
  tenantType,
  parentTenantId: id,
  /** Ours: active members of the account itself. */
  numberOfUsers: z.number().int().min(0),
});

/** The sub-account search's query (TENANTS-026; ENUM-028 sort fields). */
export const searchSubTenantsQuery = z.object({
  _limit: param(z.coerce.number().int().min(1).max(100)),
  _offset: param(z.coerce.number().int().min(0).max(1_000_000)),
  /** Matches the name or the id, case-insensitive. */
  _filter: param(z.string().max(200)),
  /** The children of this sub-account (within the caller's subtree) instead of every descendant. */
  _subTenantId: param(z.string().max(200)),
  _sortBy: param(
    z.enum(subTenantSortFields, { error: `_sortBy must be one of ${subTenantSortFields.join(', ')}` }),
  ),
  _order: param(sortDirection),
});

/** Frontegg's FronteggPaginationWrapper: items, totals and links. */
export const searchSubTenantsPage = z.object({
  items: z.array(searchedSubTenant),
  _metadata: z.object({ totalItems: z.number().int(), totalPages: z.number().int() }),
  _links: z.object({ next: z.string(), prev: z.string(), first: z.string(), last: z.string() }).optional(),
});

/** Members of each account (Frontegg's IGetTenantsUserCountResponse). */
export const tenantUsersCount = z.object({
  tenantId: id,
  totalUsers: z.number().int().min(0),
  /** Members allowed into this account's sub-accounts. */
  totalAccessAllowedUsers: z.number().int().min(0),
});

/** Frontegg's GetHierarchyMetadataResponse. */
export const hierarchyMetadata = z.object({
  tenantId: id,
  totalSubTenants: z.number().int().min(0),
  isParent: z.boolean(),
});

/** A sub-account as create, management and hierarchy settings answer it (Frontegg's CreateSubTenantResponse). */
export const subTenantAnswer = z.object({
  tenantId: id,
  name: z.string(),
  address: z.string().optional(),
  website: z.string().optional(),
  timezone: z.string().optional(),
  currency: z.string().optional(),
  logo: z.string().optional(),
  updatedAt: isoDate.optional(),
  /** Ours: null for an account at the top (hierarchy settings of the caller's own account). */
  parentTenantId: id.nullable(),
  isReseller: z.boolean(),
  tenantType,
  subAccountAccessType,
  createdAt: isoDate,
});

/** A new sub-account (Frontegg's CreateSubTenantRequest; `tenantId` and `parentTenantId` may be left out). */
export const createSubTenantBody = z.object({
  /** Its id; generated when absent. */
  tenantId: tenantIdField.optional(),
  name: tenantName,
  /** The caller's account or one of its sub-accounts; the caller's account when absent. */
  parentTenantId: z.string().trim().min(1).max(200).optional(),
  website: z.string().trim().max(500).optional(),
  address: z.string().trim().max(500).optional(),
  timezone: z.string().trim().max(100).optional(),
  currency: z.string().trim().max(10).optional(),
  logo: z.string().trim().max(2000).optional(),
  logoUrl: z.string().trim().max(2000).optional(),
  isReseller: z.boolean().optional(),
  /** Ours: the category (ENUM-029); `customer` when absent. */
  tenantType: tenantType.optional(),
  status: z.string().max(50).optional(),
  applicationUrl: z.string().max(2000).optional(),
  creatorName: z.string().max(200).optional(),
  creatorEmail: z.string().max(320).optional(),
});

const tenantParams = z.object({ tenantId: id });
const userParams = z.object({ userId: id });

const userInput = z.object({
  email: z.email({ error: 'email must be an email address' }).max(320),
  name: z.string().trim().max(200).optional(),
});

/** Roles per sub-account (Frontegg's UpdateUserRolesForSubTenantsRequestDto). */
export const subTenantsRolesBody = z.object({
  subTenantsRoles: z
    .array(z.object({ tenantId: id, roleIds: ids('roleIds') }))
    .min(1, 'subTenantsRoles must name at least one account')
    .max(100),
  ipAddress: z.string().max(100).optional(),
  userAgent: z.string().max(1000).optional(),
});

export const hierarchyContracts = {
  getSubTenants: contract({ route: paths.tenants.getSubTenants, response: z.array(subTenant) }),
  getSubTenantsAsTree: contract({ route: paths.tenants.getSubTenantsAsTree, response: tenantTreeNode }),
  getParentTenants: contract({ route: paths.tenants.getParentTenants, response: z.array(parentTenant) }),
  getParentTenantsById: contract({
    route: paths.tenants.getParentTenantsById,
    params: tenantParams,
    response: z.array(parentTenant),
  }),
  getTenantsUsersCount: contract({
    route: paths.tenants.getTenantsUsersCount,
    body: z.object({
      tenantIds: ids('tenantIds').min(1, 'tenantIds must name at least one account'),
      excludeInvisibleUsers: z.boolean().optional(),
    }),
    response: z.array(tenantUsersCount),
  }),
  searchSubTenants: contract({
    route: paths.tenants.searchSubTenants,
    query: searchSubTenantsQuery,
    response: searchSubTenantsPage,
  }),
  getHierarchyMetadata: contract({
    route: paths.tenants.getHierarchyMetadata,
    /** Frontegg's client joins the ids with commas. */
    query: z.object({
      _tenantIds: z
        .string({ error: '_tenantIds is required' })
        .max(10_000)
        .transform((v) =>
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
        .pipe(ids('_tenantIds').min(1, '_tenantIds must name at least one account')),
    }),
    response: z.array(hierarchyMetadata),
  }),
} as const;

export const subTenantsContracts = {
  createSubTenant: contract({
    route: paths.subTenants.createSubTenant,
    body: createSubTenantBody,
    response: subTenantAnswer,
    status: 201,
  }),
  /** Deletes the sub-account and its own sub-accounts (docs/decisions/0026-sub-accounts.md says what goes). */
  deleteSubTenant: contract({
    route: paths.subTenants.deleteSubTenant,
    params: tenantParams,
    response: empty,
  }),
  updateSubTenant: contract({
    route: paths.subTenants.updateSubTenant,
    params: tenantParams,
    body: z.object({ name: tenantName }),
    response: subTenantAnswer,
  }),
  updateSubTenantManagement: contract({
    route: paths.subTenants.updateSubTenantManagement,
    params: tenantParams,
    body: z.object({ isReseller: z.boolean().optional(), tenantType: tenantType.optional() }),
    response: subTenantAnswer,
  }),
  updateSubTenantHierarchySettings: contract({
    route: paths.subTenants.updateSubTenantHierarchySettings,
    params: tenantParams,
    body: z.object({ subAccountAccessType: subAccountAccessType.optional() }),
    response: subTenantAnswer,
  }),
  /** Adds one user (invited) to accounts of the caller's subtree, with roles per account. */
  addUserToTenantAndSubTenants: contract({
    route: paths.subTenants.addUserToTenantAndSubTenants,
    body: z.object({
      user: userInput,
      subTenants: z
        .array(z.object({ tenantId: id, roleIds: ids('roleIds').optional() }))
        .min(1, 'subTenants must name at least one account')
        .max(50),
    }),
    response: empty,
  }),
  /** Adds users (invited) to one account of the caller's subtree with the same roles. */
  addUsersToSubTenant: contract({
    route: paths.subTenants.addUsersToSubTenant,
    body: z.object({
      users: z.array(userInput).min(1, 'users must name at least one user').max(50),
      tenantId: id,
      roleIds: ids('roleIds').optional(),
      allowSubAccountAccess: z.boolean().optional(),
    }),
    response: empty,
  }),
  /** Removes a user from accounts of the caller's subtree (TENANTS-017: DELETE with a payload). */
  removeUserFromTenantAndSubTenants: contract({
    route: paths.subTenants.removeUserFromTenantAndSubTenants,
    body: z.object({
      userId: id,
      subTenants: z
        .array(z.object({ tenantId: id }))
        .min(1, 'subTenants must name at least one account')
        .max(100),
    }),
    response: empty,
  }),
  addUserRolesForSubTenants: contract({
    route: paths.subTenants.addUserRolesForSubTenants,
    params: userParams,
    body: subTenantsRolesBody,
    response: empty,
  }),
  removeUserRolesFromSubTenants: contract({
    route: paths.subTenants.removeUserRolesFromSubTenants,
    params: userParams,
    body: subTenantsRolesBody,
    response: empty,
  }),
  setUserRolesForSubTenants: contract({
    route: paths.subTenants.setUserRolesForSubTenants,
    params: userParams,
    body: subTenantsRolesBody,
    response: empty,
  }),
  /** Allows or denies a member of the caller's account its sub-accounts (TENANTS-021). */
  updateSubAccountAccess: contract({
    route: paths.subTenants.updateSubAccountAccess,
    params: userParams,
    body: z.object({ allowAccess: z.boolean({ error: 'allowAccess must be true or false' }) }),
    response: empty,
  }),
} as const;
