// The users of the caller's account and its sub-accounts (TENANTS-013, 017..022): adding users to accounts of
// the subtree with roles, removing them, roles per sub-account (add, remove, set), and allowing or denying a
// member of the caller's account its sub-accounts. Loading users across the tree is the team family's
// `loadAllUsers`.
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { subTenantsContracts as sc } from '../../shared/api/contracts/hierarchy';
import { paths } from '../../shared/api/paths';
import type { AuditAction } from '../audit/actions';
import { apiError, readBody, type AppEnv } from '../context';
import { roles, users, userTenants } from '../db/schema';
import { checkEmailDomain } from '../domainRestrictions';
import { assertHoldsAll, roleKeys } from '../middleware/authorize';
import { defaultRoleIds, findVisibleRoles, visibleRoles } from '../roles/visibility';
import { createInvitation } from '../signup/invitations';
import { findUserByEmail } from '../signup/userTokens';
import { reachesSubAccounts, requireInSubtree } from '../tenants/hierarchy';
import { findMember, memberRoleIds, removeMember, setMemberRoles } from '../tenants/members';
import { findTenant } from '../tenants/tenants';
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

/** Ids once each, in their first order. */
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Entries naming the same account twice are one entry (their role ids joined). */
function byAccount(entries: readonly { tenantId: string; roleIds?: string[] }[]): Map<string, string[]> {
  const merged = new Map<string, string[]>();
  for (const { tenantId, roleIds = [] } of entries)
    merged.set(tenantId, unique([...(merged.get(tenantId) ?? []), ...roleIds]));
  return merged;
}

export const subTenantUsersRoutes = defineFamily(subTenantUsersEndpointsByName, (on, e, services) => {
  const { db, vendorId } = services;
  // Every call about sub-accounts needs the caller's access to them (denying it stops the caller's own token).
  const reach = reachesSubAccounts(db);

  /**
   * The account an administrator acts from: a delegated token's (`actingTenantId`, the ancestor it was issued
   * through) or else the token's own.
   */
  const actingTenantOf = (c: Context<AppEnv>) => {
    const auth = c.get('auth') as { tenantId: string; actingTenantId?: unknown };
    return typeof auth.actingTenantId === 'string' ? auth.actingTenantId : auth.tenantId;
  };

  /** An audit row in the account touched: the acting administrator (from the request) and its own account. */
  const auditIn = (
    c: Context<AppEnv>,
    tenantId: string,
    action: AuditAction,
    json: Record<string, unknown>,
    severity: 'Info' | 'Medium' = 'Info',
  ) => c.var.audit({ action, severity, tenantId, json: { actingTenantId: actingTenantOf(c), ...json } });

  /** Every account named must be the caller's account or one of its sub-accounts (else 404 for all). */
  async function accountsInSubtree(c: Context<AppEnv>, tenantIds: Iterable<string>) {
    const callerTenantId = c.get('auth').tenantId;
    for (const tenantId of tenantIds) await requireInSubtree(db, vendorId, callerTenantId, tenantId);
  }

  /** The roles the account may use; one it may not (unknown, another account's) is a 400 "Unknown role". */
  async function assertRolesUsable(tenantId: string, roleIds: string[]) {
    if (!roleIds.length) return;
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, roleIds), visibleRoles(vendorId, tenantId)));
    if (found.length !== roleIds.length) throw apiError(400, 'Unknown role');
  }

  /** No escalation: the caller must hold every permission of the roles it gives or takes away. */
  const assertMayGrant = async (c: Context<AppEnv>, roleIds: string[]) =>
    assertHoldsAll(db, c.get('auth'), await roleKeys(db, unique(roleIds)));

  /**
   * Invites users to accounts of the caller's subtree: everything is checked before anything is written (every
   * account in the subtree, roles usable there and grantable by the caller, no user already a member, the
   * accounts' email-domain restrictions), then each user is invited to each account (createInvitation: the
   * user reused or created, the membership pending until accepted, the roles set, the mail sent).
   */
  async function invite(
    c: Context<AppEnv>,
    people: readonly { email: string; name?: string }[],
    accounts: Map<string, string[]>,
    subAccountAccessAllowed?: boolean,
  ) {
    await accountsInSubtree(c, accounts.keys());
    const plan: { tenantId: string; roleIds: string[] }[] = [];
    for (const [tenantId, asked] of accounts) {
      await assertRolesUsable(tenantId, asked);
      // No roles asked for: the default roles, as an invitation on the users page gets them.
      plan.push({ tenantId, roleIds: asked.length ? asked : await defaultRoleIds(db, vendorId, tenantId) });
    }
    // Default roles included: an administrator may add themselves to a sub-account, so nothing they would get
    // there may exceed what they hold.
    await assertMayGrant(
      c,
      plan.flatMap((p) => p.roleIds),
    );
    const emails = new Map(people.map((p) => [p.email.trim().toLowerCase(), p.name?.trim() ?? '']));
    for (const [email] of emails) {
      const existing = await findUserByEmail(db, vendorId, email);
      for (const { tenantId } of plan) {
        if (existing) {
          const [membership] = await db
            .select({ userId: userTenants.userId })
            .from(userTenants)
            .where(and(eq(userTenants.userId, existing.id), eq(userTenants.tenantId, tenantId)));
          if (membership) throw apiError(409, 'The user is already a member of this account');
        }
        const refusal = await checkEmailDomain(db, tenantId, email);
        if (refusal) throw apiError(403, refusal);
      }
    }
    const { sub } = c.get('auth');
    for (const [email, name] of emails)
      for (const { tenantId, roleIds } of plan) {
        const { userId, created } = await createInvitation(services, {
          email,
          name: name || email,
          tenantId,
          roleIds,
          invitedByUserId: sub,
          subAccountAccessAllowed,
        });
        await auditIn(c, tenantId, 'User added to sub-account', {
          targetUserId: userId,
          targetEmail: email,
          roleIds,
          userCreated: created,
          ...(subAccountAccessAllowed === undefined ? {} : { subAccountAccessAllowed }),
        });
      }
  }

  // TENANTS-027: one user to several accounts of the subtree, with roles per account.
  on(e.addUserToTenantAndSubTenants, reach, async (c) => {
    const body = await readBody(c, sc.addUserToTenantAndSubTenants.body);
    await invite(c, [body.user], byAccount(body.subTenants));
    return c.json({});
  });

  // TENANTS-022: several users to one account of the subtree, with the same roles.
  on(e.addUsersToSubTenant, reach, async (c) => {
    const body = await readBody(c, sc.addUsersToSubTenant.body);
    const accounts = new Map([[body.tenantId, unique(body.roleIds ?? [])]]);
    await invite(c, body.users, accounts, body.allowSubAccountAccess);
    return c.json({});
  });

  // TENANTS-017 (DELETE with a payload): the user leaves each named account (roles, groups, membership, pending
  // invitation); a user left in no account is deleted.
  on(e.removeUserFromTenantAndSubTenants, reach, async (c) => {
    const { sub, tenantId: callerTenantId } = c.get('auth');
    const body = await readBody(c, sc.removeUserFromTenantAndSubTenants.body);
    const accounts = unique(body.subTenants.map((s) => s.tenantId));
    await accountsInSubtree(c, accounts);
    const members = [];
    for (const tenantId of accounts) {
      const { user } = await findMember(db, vendorId, tenantId, body.userId);
      if (user.id === sub && tenantId === callerTenantId) throw apiError(400, 'You cannot delete yourself');
      members.push({ user, tenantId });
    }
    for (const { user: named, tenantId } of members) {
      // Read again: an earlier removal of this call may have moved the user's active account.
      const [user] = await db.select().from(users).where(eq(users.id, named.id));
      if (!user) break;
      const deleted = await removeMember(db, user, tenantId);
      await auditIn(
        c,
        tenantId,
        'User removed from sub-account',
        { targetUserId: user.id, targetEmail: user.email, userDeleted: deleted },
        'Medium',
      );
    }
    return c.json({});
  });

  // TENANTS-018..020: roles per account of the subtree; the user must be a member of each account named.
  const changeRoles =
    (contract: typeof sc.addUserRolesForSubTenants, next: (current: string[], named: string[]) => string[]) =>
    async (c: Context<AppEnv>) => {
      const userId = c.req.param('userId') ?? '';
      const body = await readBody(c, contract.body);
      const accounts = byAccount(body.subTenantsRoles);
      await accountsInSubtree(c, accounts.keys());
      const changes: { tenantId: string; wanted: string[]; added: string[]; removed: string[] }[] = [];
      for (const [tenantId, named] of accounts) {
        await findMember(db, vendorId, tenantId, userId);
        await findVisibleRoles(db, vendorId, tenantId, named);
        const current = await memberRoleIds(db, userId, tenantId);
        const wanted = unique(next(current, named));
        changes.push({
          tenantId,
          wanted,
          added: wanted.filter((id) => !current.includes(id)),
          removed: current.filter((id) => !wanted.includes(id)),
        });
      }
      await assertMayGrant(
        c,
        changes.flatMap((ch) => [...ch.added, ...ch.removed]),
      );
      for (const { tenantId, wanted, added, removed } of changes) {
        if (!added.length && !removed.length) continue;
        await setMemberRoles(db, userId, tenantId, wanted);
        await auditIn(c, tenantId, 'User roles updated in sub-account', {
          targetUserId: userId,
          rolesAdded: added,
          rolesRemoved: removed,
        });
      }
      return c.json({});
    };
  on(
    e.addUserRolesForSubTenants,
    reach,
    changeRoles(sc.addUserRolesForSubTenants, (current, named) => [...current, ...named]),
  );
  on(
    e.removeUserRolesFromSubTenants,
    reach,
    changeRoles(sc.removeUserRolesFromSubTenants, (current, named) =>
      current.filter((id) => !named.includes(id)),
    ),
  );
  on(
    e.setUserRolesForSubTenants,
    reach,
    changeRoles(sc.setUserRolesForSubTenants, (_current, named) => named),
  );

  // TENANTS-021: allows or denies a member of the caller's account its sub-accounts. Permissions and delegated
  // tokens read the flag on every call, so a denial takes effect at the member's next call.
  on(e.updateSubAccountAccess, async (c) => {
    const { tenantId } = c.get('auth');
    const { allowAccess } = await readBody(c, sc.updateSubAccountAccess.body);
    const { user } = await findMember(db, vendorId, tenantId, c.req.param('userId') ?? '');
    // An administrator denied the access cannot give it back to themselves (nor take their own away).
    if (user.id === c.get('auth').sub) throw apiError(400, 'You cannot change your own sub-account access');
    const account = await findTenant(db, vendorId, tenantId);
    if (!allowAccess && account?.subAccountAccessType === 'alwaysOn')
      throw apiError(
        400,
        "Sub-account access cannot be denied: the account's hierarchy settings keep it always on",
      );
    await db
      .update(userTenants)
      .set({ subAccountAccessAllowed: allowAccess })
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)));
    await auditIn(
      c,
      tenantId,
      allowAccess ? 'Sub-account access allowed' : 'Sub-account access denied',
      { targetUserId: user.id, targetEmail: user.email },
      allowAccess ? 'Info' : 'Medium',
    );
    return c.json({});
  });
});
