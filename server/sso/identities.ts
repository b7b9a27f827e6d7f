import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { writeAudit } from '../audit';
import type { Services } from '../context';
import { roles, tenants, userIdentities, userRoles, users, userTenants } from '../db/schema';
import { checkEmailDomain } from '../domainRestrictions';
import { findUserByEmail } from '../signup/userTokens';
import { signUpRoleIds } from '../signup/signUpRole';

/** What an external identity provider (SSO IdP or social provider) has proved about the person. */
export interface ExternalProfile {
  /** `sso:<configurationId>` or `social:<provider>`. */
  provider: string;
  /** The stable subject at that provider (OIDC `sub`, SAML NameID, social account id). */
  subject: string;
  email: string | null;
  /**
   * The provider vouches for the email: OIDC `email_verified: true`, or (SAML, which has no such claim) an
   * address in a domain the SSO configuration's tenant claims.
   */
  emailVerified: boolean;
  name: string | null;
  /** users.provider of a user it creates: saml, oidc or the social provider's name. */
  userProvider: string;
}

/** Where a user that does not exist yet is created. */
export type NewUserPlacement =
  /** SSO: in the configuration's tenant, with its default roles. */
  | { tenantId: string; roleIds: string[] }
  /** Social login: in a new account of their own (as a sign-up), with the vendor's sign-up role (its creator). */
  | { ownTenant: true };

export type ResolveResult =
  | { ok: true; user: typeof users.$inferSelect; created: boolean; linked: boolean }
  | { ok: false; reason: 'no-email' | 'unverified-email' | 'other-vendor' | 'email-domain' };

type Who = { ipAddress: string; userAgent: string };

/**
 * The local user of an external identity:
 * 1. an identity already linked (provider + subject) names its user;
 * 2. else an existing user with the same email is linked ONLY when the provider vouches for the email
 *    (never auto-link by an unverified email: that would hand the account to whoever typed the address at
 *    the provider);
 * 3. else a new user is created and linked.
 */
export async function resolveExternalUser(
  services: Services,
  profile: ExternalProfile,
  placement: NewUserPlacement,
  who: Who,
): Promise<ResolveResult> {
  const { db, vendorId } = services;
  const [linked] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, profile.provider), eq(userIdentities.subject, profile.subject)));
  if (linked) {
    if (linked.user.vendorId !== vendorId) return { ok: false, reason: 'other-vendor' };
    return { ok: true, user: linked.user, created: false, linked: false };
  }
  const email = profile.email?.trim().toLowerCase() || null;
  if (!email) return { ok: false, reason: 'no-email' };

  const existing = await findUserByEmail(db, vendorId, email);
  if (existing) {
    if (!profile.emailVerified) {
      await writeAudit(db, {
        vendorId,
        tenantId: existing.activeTenantId,
        userId: existing.id,
        email,
        action: 'External identity not linked',
        description: 'The provider did not vouch for the email address',
        severity: 'Medium',
        json: { provider: profile.provider },
        ...who,
      });
      return { ok: false, reason: 'unverified-email' };
    }
    await db.insert(userIdentities).values({
      id: randomUUID(),
      userId: existing.id,
      provider: profile.provider,
      subject: profile.subject,
      email,
    });
    await writeAudit(db, {
      vendorId,
      tenantId: existing.activeTenantId,
      userId: existing.id,
      email,
      action: 'External identity linked',
      json: { provider: profile.provider },
      ...who,
    });
    return { ok: true, user: existing, created: false, linked: true };
  }

  // Email-domain restrictions (SECURITY-014): the SSO tenant's, or the vendor's for a new account of one's own.
  const refusal = await checkEmailDomain(
    db,
    'ownTenant' in placement ? { vendorId } : placement.tenantId,
    email,
  );
  if (refusal) return { ok: false, reason: 'email-domain' };

  const userId = randomUUID();
  const name = profile.name?.trim() || email.split('@')[0] || email;
  // Read before the transaction: one connection (PGlite) cannot serve a query beside an open transaction.
  const placementRoleIds =
    'ownTenant' in placement ? [] : await usableRoleIds(services, placement.tenantId, placement.roleIds);
  await db.transaction(async (tx) => {
    let tenantId: string;
    let roleIds: string[];
    if ('ownTenant' in placement) {
      tenantId = randomUUID();
      await tx.insert(tenants).values({ id: tenantId, vendorId, name: `${name}'s account` });
      // The creator of the new account administers it, as with a sign-up by password (the vendor's sign-up role).
      roleIds = await signUpRoleIds(tx, vendorId);
    } else {
      tenantId = placement.tenantId;
      roleIds = placementRoleIds;
    }
    await tx.insert(users).values({
      id: userId,
      vendorId,
      email,
      name,
      passwordHash: null,
      verified: profile.emailVerified,
      activeTenantId: tenantId,
      provider: profile.userProvider,
    });
    await tx.insert(userTenants).values({ userId, tenantId });
    if (roleIds.length)
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, tenantId, roleId })));
    await tx
      .insert(userIdentities)
      .values({ id: randomUUID(), userId, provider: profile.provider, subject: profile.subject, email });
  });
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  await writeAudit(db, {
    vendorId,
    tenantId: user!.activeTenantId,
    userId,
    email,
    action: 'User created by an external identity provider',
    json: { provider: profile.provider },
    ...who,
  });
  return { ok: true, user: user!, created: true, linked: true };
}

/** The role ids of a list that exist for this vendor and are usable in the tenant (vendor or its own). */
async function usableRoleIds(services: Services, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await services.db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(and(eq(roles.vendorId, services.vendorId), inArray(roles.id, roleIds)));
  return rows.filter((r) => r.tenantId === null || r.tenantId === tenantId).map((r) => r.id);
}

/**
 * An SSO sign-in lands in the configuration's tenant: a user who is not a member yet becomes one (with the
 * default roles) when the tenant's email-domain restrictions let in their address; a member disabled there is
 * refused. Sets it as the active tenant.
 */
export async function enterSsoTenant(
  services: Services,
  userId: string,
  tenantId: string,
  defaultRoleIds: string[],
): Promise<'entered' | 'disabled' | 'email-domain'> {
  const { db } = services;
  const [membership] = await db
    .select()
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  if (membership?.disabled) return 'disabled';
  if (!membership) {
    // Email-domain restrictions (SECURITY-014): an existing user becomes a member only when the tenant lets in
    // their address.
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user && (await checkEmailDomain(db, tenantId, user.email))) return 'email-domain';
    await db.insert(userTenants).values({ userId, tenantId });
    const roleIds = await usableRoleIds(services, tenantId, defaultRoleIds);
    if (roleIds.length)
      await db
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, tenantId, roleId })))
        .onConflictDoNothing();
  }
  await db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, userId));
  return 'entered';
}
