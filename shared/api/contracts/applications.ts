// Multi-app administration (TEAM-021..023): the vendor's applications and which users of a tenant may use
// them, on the `applications` group of the paths table.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { id, isoDate } from './common';

/** Application access types (ENUM-034): FREE_ACCESS is open to every user, MANAGED_ACCESS to its assignees. */
export const applicationAccessType = z.enum(['FREE_ACCESS', 'MANAGED_ACCESS']);

/** An application of the vendor (TEAM-021: id, accessType, userIds), Frontegg's IApplicationsResponse. */
export const application = z.object({
  id,
  name: z.string(),
  accessType: applicationAccessType,
  appURL: z.string(),
  loginURL: z.string(),
  logoURL: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  type: z.string(),
  frontendStack: z.string(),
  description: z.string(),
  vendorId: z.string().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Not yet integrated: null. */
  integrationFinishedAt: isoDate.nullable(),
  /** Users of the caller's tenant assigned to it ([] for a FREE_ACCESS application: everyone may use it). */
  userIds: z.array(z.string()),
});

/** The applications one user may use (FREE_ACCESS ones included). */
export const userApplications = z.object({ userId: z.string(), appIds: z.array(z.string()) });

/** The users assigned to one application. */
export const applicationUsers = z.object({ appId: z.string(), userIds: z.array(z.string()) });

/** A comma-joined list of ids in the query (Frontegg's client joins arrays with commas). */
const idsText = z.string().min(1).max(20_000);

const assignment = z.object({
  userId: z.string().min(1, 'userId is required').max(100),
  appIds: z
    .array(z.string().min(1).max(100), { error: 'appIds must be a list of ids' })
    .min(1, 'appIds must name at least one id')
    .max(100, 'appIds may name at most 100 ids'),
  /** Ignored: the token's tenant counts. */
  tenantId: z.string().max(100).optional(),
});

export const applicationsContracts = {
  getApplicationsData: contract({
    route: paths.applications.getApplicationsData,
    query: z.object({
      ids: idsText.optional(),
      appIds: idsText.optional(),
      /** Frontegg's client sends `_includeFreeAccess`. */
      _includeFreeAccess: z.enum(['true', 'false']).optional(),
      includeFreeAccess: z.enum(['true', 'false']).optional(),
    }),
    response: z.array(application),
  }),
  getTenantsApplications: contract({
    route: paths.applications.getTenantsApplications,
    response: z.array(z.object({ tenantId: z.string(), appIds: z.array(z.string()).optional() })),
  }),
  getTenantsApplicationsV2: contract({
    route: paths.applications.getTenantsApplicationsV2,
    response: z.array(
      z.object({
        tenantId: z.string(),
        assignments: z.array(z.object({ appId: z.string(), accessType: applicationAccessType })),
      }),
    ),
  }),
  getUserApplicationsId: contract({
    route: paths.applications.getUserApplicationsId,
    params: z.object({ userId: id }),
    response: z.array(z.string()),
  }),
  getUsersApplicationsId: contract({
    route: paths.applications.getUsersApplicationsId,
    query: z.object({ userIds: idsText.optional(), ids: idsText.optional() }),
    response: z.array(userApplications),
  }),
  getUsersOfApplications: contract({
    route: paths.applications.getUsersOfApplications,
    query: z.object({ appIds: idsText.optional(), ids: idsText.optional() }),
    response: z.array(applicationUsers),
  }),
  assignUserToApplications: contract({
    route: paths.applications.assignUserToApplications,
    body: assignment,
    response: userApplications,
    status: 201,
  }),
  unassignUserFromApplications: contract({
    route: paths.applications.unassignUserFromApplications,
    body: assignment,
    response: userApplications,
  }),
} as const;
