// The signed-in user's tenants and switching between them (the `tenants` group of the paths table and the
// me/tenants calls of `users`), in Frontegg's ITenantsResponse shape.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';

/** A tenant as the me/tenants calls answer it (Frontegg's ITenantsResponse). */
export const tenant = z.object({
  id,
  tenantId: id,
  name: z.string(),
  vendorId: z.string(),
  parentTenantId: z.string().nullable().optional(),
  isReseller: z.boolean(),
  /** A JSON string (Frontegg's `metadata: any`; ours is always the JSON text of an object). */
  metadata: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  deletedAt: z.null(),
});

/** The user's tenants and the one they are signed in to (Frontegg's GetCurrentUserTenantsResponse). */
export const currentUserTenants = z.object({
  tenants: z.array(tenant),
  /** `null` only when the user belongs to no tenant of this vendor any longer. */
  activeTenant: tenant.nullable(),
});

/** The tenant a switch or a per-tenant token names. */
export const tenantIdBody = z.object({ tenantId: z.string().min(1).max(100) });

export const tenantsContracts = {
  getTenants: contract({ route: paths.tenants.getTenants, response: z.array(tenant) }),
  switchTenant: contract({ route: paths.tenants.switchTenant, body: tenantIdBody, response: empty }),
} as const;
