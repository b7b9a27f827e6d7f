// The signed-in user (users v2 me, users v1/v3 me/*): the profile in Frontegg's IUserProfile shape, the
// user's tenants, a token for another tenant, the unlock link and the user's authorization.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate, phoneField } from './common';
import { permission, role } from './roles';
import { currentUserTenants, tenantIdBody } from './tenants';

/**
 * A permission of the signed-in user (Frontegg's ITeamUserPermission): the permission of the roles calls with
 * the ids of the user's roles holding it.
 */
export const userPermission = permission.extend({ roleIds: z.array(z.string()) });

/** The user's roles in one of their tenants (Frontegg's IUserTenantData). */
export const userTenantData = z.object({ tenantId: z.string(), roles: z.array(role) });

/** Who a user is, as every user answer (profile, team user) names them. */
export const userIdentity = z.object({
  id,
  /** The same as `id` (the token's subject). */
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  profilePictureUrl: z.string().nullable().optional(),
  phoneNumber: z.string().nullable().optional(),
});

/**
 * The signed-in user (Frontegg's IUserProfile): answered by users v2 me, the profile update and inside every
 * sign-in answer. `roles` and `permissions` are those of the active tenant (`tenantId`).
 */
export const userProfile = userIdentity.extend({
  verified: z.boolean(),
  /** A verified MFA device or security key exists (MFA-007). */
  mfaEnrolled: z.boolean(),
  provider: z.string().optional(),
  tenantId: z.string(),
  tenantIds: z.array(z.string()),
  tenants: z.array(userTenantData),
  /** A JSON string (PROFILE-001 keeps the job title and address in it). */
  metadata: z.string(),
  roles: z.array(role),
  permissions: z.array(userPermission),
  createdAt: isoDate.optional(),
  lastLogin: isoDate.nullable().optional(),
});

/** What PUT users v2 me takes (PROFILE-004). The server checks the picture URL and the metadata further. */
export const profileUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  phoneNumber: phoneField,
  /** An https URL or a raster data URL (up to about 512 KiB of image). */
  profilePictureUrl: z.string().max(700_000).nullable().optional(),
  /** Frontegg sends a JSON string; an object is accepted too. */
  metadata: z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).optional(),
});

/** A token of the signed-in user for another of their tenants (Frontegg's GetUserJwtResponseDto). */
export const userJwt = z.object({
  accessToken: z.string(),
  expires: z.string(),
  expiresIn: z.number(),
  /** The same token (our first answer's name, kept for clients that read it). */
  token: z.string().optional(),
});

/** The user's roles and permissions in the active tenant (Frontegg's IGetUserAuthorizationResponse). */
export const userAuthorization = z.object({
  roles: z.array(role),
  permissions: z.array(userPermission),
});

export const usersContracts = {
  getMeV2: contract({ route: paths.auth.getMeV2, response: userProfile }),
  updateUserProfileV2: contract({
    route: paths.users.updateUserProfileV2,
    body: profileUpdate,
    response: userProfile,
  }),
  getUserAuthorization: contract({ route: paths.auth.getUserAuthorization, response: userAuthorization }),
  getCurrentUserTenantsV1: contract({
    route: paths.users.getCurrentUserTenantsV1,
    response: currentUserTenants,
  }),
  getCurrentUserTenantsV3: contract({
    route: paths.users.getCurrentUserTenantsV3,
    response: currentUserTenants,
  }),
  GetUserJwt: contract({ route: paths.users.GetUserJwt, body: tenantIdBody, response: userJwt }),
  unlockMe: contract({
    route: paths.users.unlockMe,
    body: z.object({ token: z.string().min(1).max(200) }),
    response: empty,
  }),
} as const;
