// SSO-008 at sign-in: the roles and groups an SSO configuration gives, re-applied at every SSO sign-in from
// the IdP's groups claim (OIDC) or attribute (SAML).
import { and, eq, inArray } from 'drizzle-orm';
import type { Services } from '../context';
import { groups, groupUsers, roles, ssoConfigurations, ssoGroups, userRoles } from '../db/schema';

type SsoConfiguration = typeof ssoConfigurations.$inferSelect;

/** What a sign-in changed: role ids given and taken, group ids joined and left. */
export interface SsoGrantChanges {
  rolesAdded: string[];
  rolesRemoved: string[];
  groupsJoined: string[];
  groupsLeft: string[];
  /** The configuration's mappings the IdP's groups matched (their `group` values). */
  matched: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Sets the user's roles and group memberships in the configuration's tenant from what the IdP says now.
 *
 * The IdP is the source of truth for what the configuration manages, and only for that:
 * - roles: the configuration's default roles ∪ the roles of every mapping are "managed". The user ends with
 *   default roles ∪ roles of the mappings their IdP groups match; a managed role they no longer earn is taken.
 *   Roles the configuration does not manage (an admin's manual grant of another role) are kept.
 * - groups: the groups of every mapping are managed; the user joins the matched mappings' groups and leaves
 *   the other managed ones. Other groups are untouched.
 * IdP groups are matched to mappings case-insensitively. Role and group ids that are not (or no longer) usable in
 * the tenant are ignored. A role dropped from the configuration altogether is not taken from users already
 * holding it: without a record of who granted it, it cannot be told from a manual grant.
 */
export async function applySsoGrants(
  services: Pick<Services, 'db' | 'vendorId'>,
  sso: Pick<SsoConfiguration, 'id' | 'tenantId' | 'defaultRoleIds'>,
  userId: string,
  idpGroups: string[],
): Promise<SsoGrantChanges> {
  const { db, vendorId } = services;
  const tenantId = sso.tenantId;
  const mappings = await db.select().from(ssoGroups).where(eq(ssoGroups.configurationId, sso.id));
  const said = new Set(idpGroups.map((g) => g.trim().toLowerCase()));
  const matched = mappings.filter((m) => said.has(m.group.trim().toLowerCase()));

  const defaultRoleIds = strings(sso.defaultRoleIds);
  const managedRoleIds = [...new Set([...defaultRoleIds, ...mappings.flatMap((m) => strings(m.roleIds))])];
  const usableRoles = managedRoleIds.length
    ? new Set(
        (
          await db
            .select({ id: roles.id, tenantId: roles.tenantId })
            .from(roles)
            .where(and(eq(roles.vendorId, vendorId), inArray(roles.id, managedRoleIds)))
        )
          .filter((r) => r.tenantId === null || r.tenantId === tenantId)
          .map((r) => r.id),
      )
    : new Set<string>();
  const wantedRoles = new Set(
    [...defaultRoleIds, ...matched.flatMap((m) => strings(m.roleIds))].filter((id) => usableRoles.has(id)),
  );
  const heldRoles = new Set(
    (
      await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId)))
    ).map((r) => r.roleId),
  );
  const rolesAdded = [...wantedRoles].filter((id) => !heldRoles.has(id));
  const rolesRemoved = managedRoleIds.filter((id) => heldRoles.has(id) && !wantedRoles.has(id));

  const managedGroupIds = [...new Set(mappings.flatMap((m) => strings(m.groupIds)))];
  const tenantGroups = managedGroupIds.length
    ? new Set(
        (
          await db
            .select({ id: groups.id })
            .from(groups)
            .where(and(eq(groups.tenantId, tenantId), inArray(groups.id, managedGroupIds)))
        ).map((g) => g.id),
      )
    : new Set<string>();
  const wantedGroups = new Set(
    matched.flatMap((m) => strings(m.groupIds)).filter((id) => tenantGroups.has(id)),
  );
  const inGroups = tenantGroups.size
    ? new Set(
        (
          await db
            .select({ groupId: groupUsers.groupId })
            .from(groupUsers)
            .where(and(eq(groupUsers.userId, userId), inArray(groupUsers.groupId, [...tenantGroups])))
        ).map((g) => g.groupId),
      )
    : new Set<string>();
  const groupsJoined = [...wantedGroups].filter((id) => !inGroups.has(id));
  const groupsLeft = [...inGroups].filter((id) => !wantedGroups.has(id));

  if (rolesAdded.length || rolesRemoved.length || groupsJoined.length || groupsLeft.length)
    await db.transaction(async (tx) => {
      if (rolesAdded.length)
        await tx
          .insert(userRoles)
          .values(rolesAdded.map((roleId) => ({ userId, tenantId, roleId })))
          .onConflictDoNothing();
      if (rolesRemoved.length)
        await tx
          .delete(userRoles)
          .where(
            and(
              eq(userRoles.userId, userId),
              eq(userRoles.tenantId, tenantId),
              inArray(userRoles.roleId, rolesRemoved),
            ),
          );
      if (groupsJoined.length)
        await tx
          .insert(groupUsers)
          .values(groupsJoined.map((groupId) => ({ groupId, userId })))
          .onConflictDoNothing();
      if (groupsLeft.length)
        await tx
          .delete(groupUsers)
          .where(and(eq(groupUsers.userId, userId), inArray(groupUsers.groupId, groupsLeft)));
    });
  return { rolesAdded, rolesRemoved, groupsJoined, groupsLeft, matched: matched.map((m) => m.group) };
}
