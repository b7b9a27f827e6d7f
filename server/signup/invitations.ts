import { and, eq, isNull, or, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { apiError, type Services } from '../context';
import { roles, tenants, userRoles, users, userTenants } from '../db/schema';
import { checkEmailDomain } from '../domainRestrictions';
import { loginBoxLink } from '../mail/links';
import { invitationMail } from './mails';
import { findUserByEmail, issueUserToken, otcOf } from './userTokens';

export interface InvitationInput {
  email: string;
  name: string;
  tenantId: string;
  roleIds: string[];
  invitedByUserId: string;
  /**
   * May the new member reach the account's sub-accounts? Absent: yes, unless the account's hierarchy settings
   * say `defaultOff`. An existing membership keeps its own.
   */
  subAccountAccessAllowed?: boolean;
}

/** A new invitation token for the user in the tenant, mailed as an accept-invitation link. */
export async function mailInvitation(
  { db, config, mailer }: Services,
  user: { id: string; email: string; name: string },
  tenantId: string,
  invitedByUserId: string | null,
): Promise<void> {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const token = await issueUserToken(db, {
    kind: 'invitation',
    userId: user.id,
    tenantId,
    data: { invitedByUserId },
  });
  const url = loginBoxLink(config, 'acceptInvitationUrl', { userId: user.id, token });
  await mailer.send(invitationMail(user.email, user.name, tenant?.name ?? 'an account', url, otcOf(token)));
}

/**
 * Invites someone to a tenant (the portal's "invite user"): creates the user when the email is new (unverified,
 * no password) or reuses the existing one, adds them to the tenant with the roles, and mails the link.
 */
export async function createInvitation(
  services: Services,
  { email, name, tenantId, roleIds, invitedByUserId, subAccountAccessAllowed }: InvitationInput,
): Promise<{ userId: string; created: boolean }> {
  const { db, vendorId } = services;
  const [tenant] = await db
    .select({ id: tenants.id, subAccountAccessType: tenants.subAccountAccessType })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt)));
  if (!tenant) throw apiError(404, 'Tenant not found');
  const wanted = [...new Set(roleIds)];
  const found = wanted.length
    ? await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            inArray(roles.id, wanted),
            eq(roles.vendorId, vendorId),
            or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
          ),
        )
    : [];
  if (found.length !== wanted.length) throw apiError(400, 'Unknown role');

  const normalized = email.trim().toLowerCase();
  // The tenant's email-domain restrictions (SECURITY-014) apply to whoever is added to it.
  const refusal = await checkEmailDomain(db, tenantId, normalized);
  if (refusal) throw apiError(403, refusal);
  const { user, created } = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, vendorId, normalized);
    const user = existing ?? {
      id: randomUUID(),
      email: normalized,
      name: name.trim(),
    };
    if (!existing) {
      await tx.insert(users).values({ ...user, vendorId, verified: false, activeTenantId: tenantId });
    } else if (!existing.activeTenantId) {
      await tx.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, existing.id));
    }
    // Not active in the tenant until the invitation is accepted; an existing membership stays as it is.
    await tx
      .insert(userTenants)
      .values({
        userId: user.id,
        tenantId,
        activatedForTenant: false,
        subAccountAccessAllowed: subAccountAccessAllowed ?? tenant.subAccountAccessType !== 'defaultOff',
      })
      .onConflictDoNothing();
    if (wanted.length)
      await tx
        .insert(userRoles)
        .values(wanted.map((roleId) => ({ userId: user.id, tenantId, roleId })))
        .onConflictDoNothing();
    return { user: { id: user.id, email: user.email, name: user.name }, created: !existing };
  });
  await mailInvitation(services, user, tenantId, invitedByUserId);
  return { userId: user.id, created };
}
