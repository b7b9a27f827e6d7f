// User answers as the preview transport and the server both build them: each side gathers what it knows of
// the user, these functions give it the wire's shape (with the aliases Frontegg's types name beside the
// fields they repeat), so the two cannot drift. Pure: no server or preview imports.
import type { z } from 'zod';
import type { teamUser } from './contracts/team';
import type { userIdentity, userProfile } from './contracts/users';

type TeamUser = z.infer<typeof teamUser>;

/** A user's own record, as the sample data and the server's users table both hold it. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  vendorId: string;
  verified: boolean;
  provider: string;
}

/** What a team user answer says of the user in the tenant it is answered for; answered as given. */
const inTenantKeys = [
  'tenantId',
  'tenantIds',
  'roles',
  'groups',
  'applications',
  'tenants',
  'activatedForTenant',
  'isDisabled',
  'isLocked',
  'subAccountAccessAllowed',
  'createdAt',
  'lastLogin',
  'mfaEnrolled',
  'metadata',
  'isBreachedPassword',
  'temporaryExpirationDate',
] as const satisfies readonly (keyof TeamUser)[];
export type TeamUserInTenant = Pick<TeamUser, (typeof inTenantKeys)[number]>;

/** Who the user is, as every user answer names them (`sub` is the token's subject: the id). */
export function userIdentityOf(user: Omit<UserRecord, 'vendorId' | 'verified' | 'provider'>) {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    profilePictureUrl: user.profilePictureUrl,
    phoneNumber: user.phoneNumber,
  } satisfies z.infer<typeof userIdentity>;
}

/** A user of a tenant as the users calls answer it (TEAM-001: `phone`, `profileImage`, … repeat other fields). */
export function teamUserOf(user: UserRecord, inTenant: TeamUserInTenant): TeamUser {
  return {
    ...userIdentityOf(user),
    phone: user.phoneNumber,
    profileImage: user.profilePictureUrl,
    vendorId: user.vendorId,
    // Only these keys: a caller passing a wider record (a sample user) must not put more on the wire.
    ...(Object.fromEntries(
      inTenantKeys.filter((key) => key in inTenant).map((key) => [key, inTenant[key]]),
    ) as TeamUserInTenant),
    roleIds: inTenant.roles.map((r) => r.id),
    verified: user.verified,
    emailVerified: user.verified,
    mfaEnabled: inTenant.mfaEnrolled,
    customData: {},
    provider: user.provider,
    managedBy: user.provider === 'scim2' ? 'scim2' : 'frontegg',
  };
}

/** The claims of a user's access token that name the user and what they may do in the active tenant. */
export function userTokenClaims(user: z.infer<typeof userProfile>) {
  return {
    sub: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId,
    tenantIds: user.tenantIds,
    roles: user.roles.map((r) => r.key),
    permissions: user.permissions.map((p) => p.key),
  };
}
