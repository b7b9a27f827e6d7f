import { and, asc, eq, ne } from 'drizzle-orm';
import { type Context } from 'hono';
import type { z } from 'zod';
import { phoneContracts as pcs } from '../../shared/api/contracts/phone';
import { readUsersListQuery, teamContracts as tc } from '../../shared/api/contracts/team';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { paths } from '../../shared/api/paths';
import { limitIssuance } from '../account/issuance';
import { unlockAccount } from '../auth/lockout';
import { type AuditSeverity } from '../audit';
import type { AuditAction } from '../audit/actions';
import { apiError, caller, readBody, type AppEnv } from '../context';
import { roles, users, userTenants } from '../db/schema';
import { assertHoldsAll, roleKeys } from '../middleware/authorize';
import { roleViews } from '../roles/views';
import { defaultRoleIds, findVisibleRoles, visibleRoles } from '../roles/visibility';
import { findMember, memberRoleIds, removeMember, setMemberRoles } from '../tenants/members';
import { endpoint, type Endpoint, defineFamily } from './endpoints';
import { createInvitation, mailInvitation } from '../signup/invitations';
import { activationMail } from '../signup/mails';
import { findUserByEmail, issueUserToken, otcOf } from '../signup/userTokens';
import { readQuery } from '../signup/validation';
import { loginBoxLink } from '../mail/links';
import {
  DEFAULT_INVITE_LINK_MINUTES,
  deleteInviteLink,
  findInviteLink,
  inviteLinkView,
  replaceInviteLink,
  updateInviteLink,
} from '../team/inviteLink';
import { pageOfPhoneNumbers } from '../team/phoneNumbers';
import { memberStats } from '../team/stats';
import { callerScope, listParams, memberParams, pageOfUsers, type ListParams } from '../team/users';
import { teamRole, userViews, withPermissions } from '../users';

export const READ_USERS = 'fe.secure.read.users';
export const WRITE_USERS = 'fe.secure.write.users';
export const DELETE_USERS = 'fe.secure.delete.users';

/**
 * Every route this sub-app mounts and the permission it requires in the tenant of the access token. The
 * routes are mounted from this table: a route missing here cannot be mounted (start-up throws).
 * `paths.teams.resendInvitationLink` is the same call as `paths.teams.addUser` (POST users v2).
 */
export const teamEndpointsByName = {
  // Users lists and lookups
  getUsersV2: endpoint(paths.users.getUsersV2, READ_USERS),
  getUsersV3: endpoint(paths.users.getUsersV3, READ_USERS),
  loadAllUsers: endpoint(paths.subTenants.loadAllUsers, READ_USERS),
  getUsersRoles: endpoint(paths.users.getUsersRoles, READ_USERS),
  getUsersGroups: endpoint(paths.users.getUsersGroups, READ_USERS),
  getUserById: endpoint(paths.auth.getUserById, READ_USERS),
  getUsersPhoneNumberV2: endpoint(paths.userPhoneNumbers.getUsersPhoneNumberV2, READ_USERS),
  // Team members v1
  loadUsers: endpoint(paths.teams.loadUsers, READ_USERS),
  loadAvailableRoles: endpoint(paths.teams.loadAvailableRoles, READ_USERS),
  loadStats: endpoint(paths.teams.loadStats, READ_USERS),
  addUser: endpoint(paths.teams.addUser, WRITE_USERS),
  updateUser: endpoint(paths.teams.updateUser, WRITE_USERS),
  deleteUser: endpoint(paths.teams.deleteUser, DELETE_USERS),
  resendActivationLink: endpoint(paths.teams.resendActivationLink, WRITE_USERS),
  disableUser: endpoint(paths.teams.disableUser, WRITE_USERS),
  enableUser: endpoint(paths.teams.enableUser, WRITE_USERS),
  unlockUser: endpoint(paths.teams.unlockUser, WRITE_USERS),
  // Invite link (one per tenant); deleting the link removes no user, so it is a write
  getInviteLinkConfiguration: endpoint(paths.teams.getInviteLinkConfiguration, READ_USERS),
  getInviteUserLink: endpoint(paths.teams.getInviteUserLink, READ_USERS),
  createInviteUserLink: endpoint(paths.teams.createInviteUserLink, WRITE_USERS),
  createInviteUserLinkV2: endpoint(paths.teams.createInviteUserLinkV2, WRITE_USERS),
  updateInviteUserLink: endpoint(paths.teams.updateInviteUserLink, WRITE_USERS),
  deleteInviteUserLink: endpoint(paths.teams.deleteInviteUserLink, WRITE_USERS),
  // Temporary users; making a user permanent (DELETE) removes no user, so it is a write
  getTemporaryUserConfiguration: endpoint(paths.teams.getTemporaryUserConfiguration, READ_USERS),
  updateUserExpirationTime: endpoint(paths.teams.updateUserExpirationTime, WRITE_USERS),
  setPermanentUser: endpoint(paths.teams.setPermanentUser, WRITE_USERS),
} as const;

export const teamEndpoints: readonly Endpoint[] = Object.values(teamEndpointsByName);

// ---------------------------------------------------------------------------------------------------------
// Input: the contract's schemas (shared/api/contracts/team.ts)

/** An emptied role list arrives as `[""]` (TEAM-004) and means no roles. */
const roleIdsOf = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== ''))];
/** The phone of an add or update (`phoneNumber` or Frontegg's `phone`); `""` clears it. */
const phoneOf = (body: { phoneNumber?: string | null; phone?: string | null }) => {
  const value = body.phoneNumber !== undefined ? body.phoneNumber : body.phone;
  return value === '' ? null : value;
};

/** A users-list query validated with the contract; a bad one is a 400 naming each parameter as it was sent. */
const readListQuery = (c: Context) =>
  readUsersListQuery(c.req.query(), (...errors) => apiError(400, ...errors));

// ---------------------------------------------------------------------------------------------------------
// The sub-app

/** The users (team) page: users lists, team members, invitations, invite link, temporary users. */
export const teamRoutes = defineFamily(teamEndpointsByName, (on, e, services) => {
  const { db, vendorId, config, mailer } = services;

  /** The audit row of a change, naming the caller. */
  const audit = (
    c: Context<AppEnv>,
    action: AuditAction,
    json: Record<string, unknown>,
    severity: AuditSeverity = 'Info',
  ) => c.var.audit({ action, severity, json });

  /** A user of the caller's tenant, with the membership; any other id (another tenant's too) is a 404. */
  const member = (tenantId: string, userId: string) => findMember(db, vendorId, tenantId, userId);

  const viewOf = async (userId: string, tenantId: string) => {
    const [view] = await userViews(db, [userId], [tenantId], tenantId);
    if (!view) throw apiError(404, 'User not found');
    return view;
  };

  // ---- Users lists ------------------------------------------------------------------------------------

  /** A page of the users of the caller's tenant (and, when asked, its sub-tenants), answered as views. */
  async function listUsers(c: Context<AppEnv>, params: ListParams) {
    const { tenantId } = c.get('auth');
    const scope = await callerScope(db, vendorId, c.get('auth'), params.includeSubTenants);
    const page = await pageOfUsers(db, vendorId, scope, params);
    return {
      items: await userViews(db, page.ids, scope, tenantId),
      _metadata: { totalItems: page.totalItems, totalPages: page.totalPages },
    };
  }

  on(e.getUsersV2, async (c) => {
    const page = await listUsers(c, listParams(readListQuery(c), false));
    return c.json({
      ...page,
      items: await withPermissions(db, page.items),
    } satisfies AnswerOf<typeof tc.getUsersV2>);
  });
  on(e.getUsersV3, async (c) =>
    c.json(
      (await listUsers(c, listParams(readListQuery(c), false))) satisfies AnswerOf<typeof tc.getUsersV3>,
    ),
  );
  on(e.loadAllUsers, async (c) =>
    c.json(
      (await listUsers(c, listParams(readListQuery(c), true))) satisfies AnswerOf<typeof tc.loadAllUsers>,
    ),
  );
  // Frontegg's client reads `totalPages` beside the items (PaginationResult).
  on(e.loadUsers, async (c) => {
    const page = await listUsers(c, memberParams(readQuery(c, tc.loadUsers.query)));
    return c.json({ ...page, totalPages: page._metadata.totalPages } satisfies AnswerOf<typeof tc.loadUsers>);
  });

  /** Views of the listed ids that are users of the caller's tenant; the others are silently absent. */
  const viewsByIds = async (c: Context<AppEnv>) => {
    const { tenantId } = c.get('auth');
    const { ids } = readQuery(c, tc.getUsersRoles.query);
    return userViews(db, ids, [tenantId], tenantId);
  };
  on(e.getUsersRoles, async (c) =>
    c.json(
      (await viewsByIds(c)).map((u) => ({
        userId: u.id,
        vendorId: u.vendorId,
        tenantId: u.tenantId,
        roleIds: u.roleIds,
        roles: u.roles,
      })) satisfies AnswerOf<typeof tc.getUsersRoles>,
    ),
  );
  on(e.getUsersGroups, async (c) => {
    const views = await viewsByIds(c);
    return c.json(
      views.map((u) => ({
        userId: u.id,
        vendorId: u.vendorId,
        tenantId: u.tenantId,
        groupIds: (u.groups ?? []).map((g) => g.id),
        groups: u.groups ?? [],
      })) satisfies AnswerOf<typeof tc.getUsersGroups>,
    );
  });

  on(e.getUserById, async (c) =>
    c.json(
      (await viewOf(c.req.param('userId') ?? '', c.get('auth').tenantId)) satisfies AnswerOf<
        typeof tc.getUserById
      >,
    ),
  );

  // The verified phone numbers of the tenant's users, by number or by users.
  on(e.getUsersPhoneNumberV2, async (c) => {
    const q = readQuery(c, pcs.getUsersPhoneNumberV2.query);
    const page = await pageOfPhoneNumbers(db, c.get('auth').tenantId, {
      page: q._offset ?? 0,
      limit: q._limit ?? 20,
      userIds: q.userIds
        ?.split(',')
        .map((id) => id.trim())
        .filter(Boolean),
      phoneNumber: q._phoneNumber,
    });
    return c.json(page satisfies AnswerOf<typeof pcs.getUsersPhoneNumberV2>);
  });

  on(e.loadAvailableRoles, async (c) => {
    const { tenantId } = c.get('auth');
    const rows = await db
      .select()
      .from(roles)
      .where(visibleRoles(vendorId, tenantId))
      .orderBy(asc(roles.name));
    return c.json((await roleViews(db, rows)).map(teamRole) satisfies AnswerOf<typeof tc.loadAvailableRoles>);
  });

  on(e.loadStats, async (c) =>
    c.json((await memberStats(db, c.get('auth').tenantId)) satisfies AnswerOf<typeof tc.loadStats>),
  );

  // ---- Invite, update, remove -------------------------------------------------------------------------

  // POST users v2: invites a new member; for a member who has not accepted yet, resends the invitation.
  on(e.addUser, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const body = await readBody(c, tc.addUser.body);
    const phoneNumber = phoneOf(body);
    if (body.tenantId !== undefined && body.tenantId !== tenantId) throw apiError(404, 'Tenant not found');
    const existing = await findUserByEmail(db, vendorId, body.email);
    if (existing) {
      const [membership] = await db
        .select()
        .from(userTenants)
        .where(and(eq(userTenants.userId, existing.id), eq(userTenants.tenantId, tenantId)));
      if (membership?.activatedForTenant) throw apiError(409, 'The user is already a member of this account');
      if (membership) {
        // A resend shares the invitee's budget with the public resend (a first invitation creates a member).
        await limitIssuance(services, {
          kind: 'invitation',
          account: existing.email,
          address: caller(c).ipAddress,
        });
        await mailInvitation(services, existing, tenantId, sub);
        await audit(c, 'Invitation resent', { invitedUserId: existing.id });
        return c.json(await viewOf(existing.id, tenantId));
      }
    }
    let roleIds = roleIdsOf(body.roleIds ?? []);
    if (roleIds.length) {
      await findVisibleRoles(db, vendorId, tenantId, roleIds);
      await assertHoldsAll(db, c.get('auth'), await roleKeys(db, roleIds));
    } else {
      // No roles asked for: the default roles, as a sign-up gets them.
      roleIds = await defaultRoleIds(db, vendorId, tenantId);
    }
    const { userId, created } = await createInvitation(services, {
      email: body.email,
      name: body.name || body.email,
      tenantId,
      roleIds,
      invitedByUserId: sub,
    });
    // The row names the caller (who, from where); the invitee is in its description and data.
    await c.var.audit({
      action: 'User invited',
      description: `Invited ${body.email}`,
      json: { invitedUserId: userId, roleIds },
    });
    if (created && phoneNumber) await db.update(users).set({ phoneNumber }).where(eq(users.id, userId));
    return c.json(await viewOf(userId, tenantId));
  });

  on(e.updateUser, async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, tc.updateUser.body);
    const { user } = await member(tenantId, body.id);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    const phoneNumber = phoneOf(body);
    if (phoneNumber !== undefined) changes.phoneNumber = phoneNumber;
    const wanted = body.roleIds && roleIdsOf(body.roleIds);
    let roleChange: { added: string[]; removed: string[] } | undefined;
    if (wanted) {
      await findVisibleRoles(db, vendorId, tenantId, wanted);
      const current = await memberRoleIds(db, user.id, tenantId);
      roleChange = {
        added: wanted.filter((id) => !current.includes(id)),
        removed: current.filter((id) => !wanted.includes(id)),
      };
      // No escalation: only roles whose every permission the caller holds are given or taken away.
      await assertHoldsAll(
        db,
        c.get('auth'),
        await roleKeys(db, [...roleChange.added, ...roleChange.removed]),
      );
    }
    await db.transaction(async (tx) => {
      if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, user.id));
      if (wanted) await setMemberRoles(tx, user.id, tenantId, wanted);
    });
    await audit(c, 'User updated', {
      targetUserId: user.id,
      fields: Object.keys(changes),
      ...(roleChange ? { rolesAdded: roleChange.added, rolesRemoved: roleChange.removed } : {}),
    });
    return c.json(await viewOf(user.id, tenantId));
  });

  // Removes the user from the caller's tenant; a user left in no tenant is deleted.
  on(e.deleteUser, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    if (user.id === sub) throw apiError(400, 'You cannot delete yourself');
    // Frontegg answers the deleted user: as the user was in this tenant before removal.
    const view = await viewOf(user.id, tenantId);
    const deleted = await removeMember(db, user, tenantId);
    await audit(
      c,
      'User removed from account',
      { targetUserId: user.id, targetEmail: user.email, userDeleted: deleted },
      'Medium',
    );
    return c.json(view satisfies AnswerOf<typeof tc.deleteUser>);
  });

  on(e.resendActivationLink, async (c) => {
    const { tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    if (user.verified) throw apiError(400, 'The user is already activated');
    // The public resend and sign-up mail this address too: one budget for all of them.
    await limitIssuance(services, { kind: 'activation', account: user.email, address: caller(c).ipAddress });
    const token = await issueUserToken(db, { kind: 'activation', userId: user.id, tenantId });
    const url = loginBoxLink(config, 'activateUrl', { userId: user.id, token });
    await mailer.send(activationMail(user.email, user.name, url, otcOf(token)));
    await audit(c, 'Activation email resent', { targetUserId: user.id });
    return c.json({});
  });

  // ---- Disable / enable in the tenant -----------------------------------------------------------------

  const setDisabled = (disabled: boolean) => async (c: Context<AppEnv>) => {
    const { sub, tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    if (disabled && user.id === sub) throw apiError(400, 'You cannot disable yourself');
    await db
      .update(userTenants)
      .set({ disabled })
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)));
    await audit(
      c,
      disabled ? 'User disabled in account' : 'User enabled in account',
      { targetUserId: user.id },
      disabled ? 'Medium' : 'Info',
    );
    return c.json(await viewOf(user.id, tenantId));
  };
  on(e.disableUser, setDisabled(true));
  on(e.enableUser, setDisabled(false));

  // An administrator lifts a member's sign-in lockout (the member's failed-attempt count starts again).
  on(e.unlockUser, async (c) => {
    const { tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    const wasLocked = await unlockAccount(db, user.id);
    await audit(c, 'User unlocked by an administrator', { targetUserId: user.id, wasLocked }, 'Medium');
    return c.json(await viewOf(user.id, tenantId));
  });

  // ---- Invite link (TEAM-020) -------------------------------------------------------------------------

  on(e.getInviteLinkConfiguration, (c) =>
    c.json({
      tenantInvitationsAllowed: true,
      emailsEnabled: true,
      defaultExpiresInMinutes: DEFAULT_INVITE_LINK_MINUTES,
      isEnabled: true,
    } satisfies AnswerOf<typeof tc.getInviteLinkConfiguration>),
  );
  // No link is not an error: Frontegg answers 200 without a link (its client reads the empty answer as `{}`), so
  // the users page loads without a 404. An answer without `token` means "none".
  on(e.getInviteUserLink, async (c) => {
    const link = await findInviteLink(db, c.get('auth').tenantId);
    return c.json(link ? inviteLinkView(vendorId, link) : {});
  });

  /** Creates the tenant's link, or replaces it with a new token (the old link stops working). */
  const createLink = async (c: Context<AppEnv>, body: z.infer<typeof tc.createInviteUserLink.body>) => {
    const link = await replaceInviteLink(db, c.get('auth').tenantId, body);
    await audit(c, 'Invite link created', { expires: link.expiresAt.toISOString() });
    return c.json(inviteLinkView(vendorId, link));
  };
  on(e.createInviteUserLink, async (c) => createLink(c, await readBody(c, tc.createInviteUserLink.body)));
  on(e.createInviteUserLinkV2, async (c) => {
    const body = await readBody(c, tc.createInviteUserLinkV2.body);
    // The link does not store roles yet (invite_links has no role column): refuse rather than drop them.
    if (roleIdsOf(body.roleIds ?? []).length)
      throw apiError(400, 'roleIds: Roles on an invite link are not supported');
    return createLink(c, body);
  });

  on(e.updateInviteUserLink, async (c) => {
    const body = await readBody(c, tc.updateInviteUserLink.body);
    const link = await updateInviteLink(db, c.get('auth').tenantId, body);
    if (!link) throw apiError(404, 'Invite link not found');
    await audit(c, 'Invite link updated', { expires: link.expiresAt.toISOString() });
    return c.json(inviteLinkView(vendorId, link));
  });

  on(e.deleteInviteUserLink, async (c) => {
    if (!(await deleteInviteLink(db, c.get('auth').tenantId))) throw apiError(404, 'Invite link not found');
    await audit(c, 'Invite link deleted', {});
    return c.json({});
  });

  // ---- Temporary users (TEAM-019) ---------------------------------------------------------------------

  on(e.getTemporaryUserConfiguration, (c) => c.json({ enabled: true }));

  /**
   * The expiry is the user's, not the membership's: only a user who belongs to no other tenant can be made
   * temporary by this tenant's administrators.
   */
  async function soleMember(tenantId: string, userId: string) {
    const { user } = await member(tenantId, userId);
    const [elsewhere] = await db
      .select({ tenantId: userTenants.tenantId })
      .from(userTenants)
      .where(and(eq(userTenants.userId, user.id), ne(userTenants.tenantId, tenantId)))
      .limit(1);
    if (elsewhere) throw apiError(400, 'A user who belongs to other accounts cannot be made temporary');
    return user;
  }

  on(e.updateUserExpirationTime, async (c) => {
    const { tenantId } = c.get('auth');
    const { expirationInSeconds } = await readBody(c, tc.updateUserExpirationTime.body);
    const user = await soleMember(tenantId, c.req.param('userId') ?? '');
    const temporaryExpirationDate = new Date(Date.now() + expirationInSeconds * 1000);
    await db.update(users).set({ temporaryExpirationDate }).where(eq(users.id, user.id));
    await audit(c, 'User set as temporary', {
      targetUserId: user.id,
      temporaryExpirationDate: temporaryExpirationDate.toISOString(),
    });
    return c.json(await viewOf(user.id, tenantId));
  });

  on(e.setPermanentUser, async (c) => {
    const { tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    await db.update(users).set({ temporaryExpirationDate: null }).where(eq(users.id, user.id));
    await audit(c, 'User set as permanent', { targetUserId: user.id });
    return c.json(await viewOf(user.id, tenantId));
  });
});
