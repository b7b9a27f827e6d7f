import { and, asc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { Hono, type Context, type Handler } from 'hono';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { phoneContracts as pcs } from '../../shared/api/contracts/phone';
import { teamContracts as tc, unprefixed, usersListFields } from '../../shared/api/contracts/team';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { paths, type ApiPath } from '../../shared/api/paths';
import { limitIssuance } from '../account/issuance';
import { unlockAccount } from '../auth/lockout';
import { writeAudit, type AuditSeverity } from '../audit';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import {
  groups,
  groupUsers,
  inviteLinks,
  rolePermissions,
  roles,
  userRoles,
  users,
  userPhoneNumbers,
  userTenants,
  userTokens,
} from '../db/schema';
import { assertHoldsAll, roleKeys } from '../middleware/authorize';
import { assertAllMounted, endpoint, mounter, type Endpoint } from './endpoints';
import { createInvitation, mailInvitation } from '../signup/invitations';
import { activationMail } from '../signup/mails';
import { findUserByEmail, issueUserToken, otcOf } from '../signup/userTokens';
import { loginBoxLink } from '../mail/links';
import {
  listParams,
  memberParams,
  pageOfUsers,
  tenantScope,
  userViews,
  withPermissions,
  type ListParams,
} from '../team/users';

export const READ_USERS = 'fe.secure.read.users';
export const WRITE_USERS = 'fe.secure.write.users';
export const DELETE_USERS = 'fe.secure.delete.users';

/** An invite link lives 30 days unless the request says otherwise (TEAM-020). */
export const DEFAULT_INVITE_LINK_MINUTES = 43_200;

/**
 * Every route this sub-app mounts and the permission it requires in the tenant of the access token. The
 * routes are mounted from this table: a route missing here cannot be mounted (start-up throws).
 * `paths.teams.resendInvitationLink` is the same call as `paths.teams.addUser` (POST users v2).
 */
export const teamEndpoints: readonly Endpoint[] = [
  // Users lists and lookups
  endpoint(paths.users.getUsersV2, READ_USERS),
  endpoint(paths.users.getUsersV3, READ_USERS),
  endpoint(paths.subTenants.loadAllUsers, READ_USERS),
  endpoint(paths.users.getUsersRoles, READ_USERS),
  endpoint(paths.users.getUsersGroups, READ_USERS),
  endpoint(paths.auth.getUserById, READ_USERS),
  endpoint(paths.userPhoneNumbers.getUsersPhoneNumberV2, READ_USERS),
  // Team members v1
  endpoint(paths.teams.loadUsers, READ_USERS),
  endpoint(paths.teams.loadAvailableRoles, READ_USERS),
  endpoint(paths.teams.loadStats, READ_USERS),
  endpoint(paths.teams.addUser, WRITE_USERS),
  endpoint(paths.teams.updateUser, WRITE_USERS),
  endpoint(paths.teams.deleteUser, DELETE_USERS),
  endpoint(paths.teams.resendActivationLink, WRITE_USERS),
  endpoint(paths.teams.disableUser, WRITE_USERS),
  endpoint(paths.teams.enableUser, WRITE_USERS),
  endpoint(paths.teams.unlockUser, WRITE_USERS),
  // Invite link (one per tenant); deleting the link removes no user, so it is a write
  endpoint(paths.teams.getInviteLinkConfiguration, READ_USERS),
  endpoint(paths.teams.getInviteUserLink, READ_USERS),
  endpoint(paths.teams.createInviteUserLink, WRITE_USERS),
  endpoint(paths.teams.createInviteUserLinkV2, WRITE_USERS),
  endpoint(paths.teams.updateInviteUserLink, WRITE_USERS),
  endpoint(paths.teams.deleteInviteUserLink, WRITE_USERS),
  // Temporary users; making a user permanent (DELETE) removes no user, so it is a write
  endpoint(paths.teams.getTemporaryUserConfiguration, READ_USERS),
  endpoint(paths.teams.updateUserExpirationTime, WRITE_USERS),
  endpoint(paths.teams.setPermanentUser, WRITE_USERS),
];

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
function readListQuery(c: Context) {
  const { query, sentAs } = unprefixed(c.req.query());
  const parsed = usersListFields.safeParse(query);
  if (!parsed.success)
    throw apiError(
      400,
      ...parsed.error.issues.map((i) => `${sentAs(String(i.path[0] ?? 'query'))}: ${i.message}`),
    );
  return parsed.data;
}

function readQuery<T>(c: Context, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success)
    throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`));
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------------------
// The sub-app

/** The users (team) page: users lists, team members, invitations, invite link, temporary users. */
export function teamRoutes(services: Services): Hono<AppEnv> {
  const { db, vendorId, config, mailer } = services;
  const app = new Hono<AppEnv>();

  const on = mounter(app, services);
  /** Mounts a handler behind the permission the endpoints table names for it. */
  const mount = (api: ApiPath, handler: Handler<AppEnv>) => {
    const entry = teamEndpoints.find((e) => e.method === api.method && e.path === api.path);
    if (!entry) throw new Error(`${api.method} ${api.path} is not in teamEndpoints`);
    on(entry, handler);
  };

  /** The audit row of a change, naming the caller. */
  const audit = (
    c: Context<AppEnv>,
    action: string,
    json: Record<string, unknown>,
    severity: AuditSeverity = 'Info',
  ) => {
    const { sub, email, tenantId } = c.get('auth');
    return writeAudit(db, { vendorId, tenantId, userId: sub, email, action, severity, json, ...caller(c) });
  };

  /** A user of the caller's tenant, with the membership; any other id (another tenant's too) is a 404. */
  async function member(tenantId: string, userId: string) {
    const [row] = await db
      .select({ user: users, membership: userTenants })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(
        and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId), eq(users.vendorId, vendorId)),
      );
    if (!row) throw apiError(404, 'User not found');
    return row;
  }

  const viewOf = async (userId: string, tenantId: string) => {
    const [view] = await userViews(db, [userId], [tenantId], tenantId);
    if (!view) throw apiError(404, 'User not found');
    return view;
  };

  /** The roles a tenant may hand out: the vendor's roles and the tenant's own. Unknown ids are a 400. */
  async function assignableRoles(tenantId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          inArray(roles.id, ids),
          eq(roles.vendorId, vendorId),
          or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
        ),
      );
    if (found.length !== ids.length) throw apiError(400, 'roleIds: Unknown role');
  }

  // ---- Users lists ------------------------------------------------------------------------------------

  /** A page of the users of the caller's tenant (and, when asked, its sub-tenants), answered as views. */
  async function listUsers(c: Context<AppEnv>, params: ListParams) {
    const { sub, tenantId } = c.get('auth');
    let includeSub = params.includeSubTenants;
    if (includeSub) {
      // Sub-account access can be withdrawn from a member (TENANTS-013): then the list is the tenant's own.
      const { membership } = await member(tenantId, sub);
      includeSub = membership.subAccountAccessAllowed;
    }
    const scope = await tenantScope(db, vendorId, tenantId, includeSub);
    const page = await pageOfUsers(db, vendorId, scope, params);
    return {
      items: await userViews(db, page.ids, scope, tenantId),
      _metadata: { totalItems: page.totalItems, totalPages: page.totalPages },
    };
  }

  mount(paths.users.getUsersV2, async (c) => {
    const page = await listUsers(c, listParams(readListQuery(c), false));
    return c.json({
      ...page,
      items: await withPermissions(db, page.items),
    } satisfies AnswerOf<typeof tc.getUsersV2>);
  });
  mount(paths.users.getUsersV3, async (c) =>
    c.json(
      (await listUsers(c, listParams(readListQuery(c), false))) satisfies AnswerOf<typeof tc.getUsersV3>,
    ),
  );
  mount(paths.subTenants.loadAllUsers, async (c) =>
    c.json(
      (await listUsers(c, listParams(readListQuery(c), true))) satisfies AnswerOf<typeof tc.loadAllUsers>,
    ),
  );
  // Frontegg's client reads `totalPages` beside the items (PaginationResult).
  mount(paths.teams.loadUsers, async (c) => {
    const page = await listUsers(c, memberParams(readQuery(c, tc.loadUsers.query)));
    return c.json({ ...page, totalPages: page._metadata.totalPages } satisfies AnswerOf<typeof tc.loadUsers>);
  });

  /** Views of the listed ids that are users of the caller's tenant; the others are silently absent. */
  const viewsByIds = async (c: Context<AppEnv>) => {
    const { tenantId } = c.get('auth');
    const { ids } = readQuery(c, tc.getUsersRoles.query);
    return userViews(db, ids, [tenantId], tenantId);
  };
  mount(paths.users.getUsersRoles, async (c) =>
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
  mount(paths.users.getUsersGroups, async (c) => {
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

  mount(paths.auth.getUserById, async (c) =>
    c.json(
      (await viewOf(c.req.param('userId') ?? '', c.get('auth').tenantId)) satisfies AnswerOf<
        typeof tc.getUserById
      >,
    ),
  );

  // The verified phone numbers of the tenant's users (Frontegg's users phone numbers v2), by number or by
  // users; `_offset` is a page index, as on the users lists.
  mount(paths.userPhoneNumbers.getUsersPhoneNumberV2, async (c) => {
    const { tenantId } = c.get('auth');
    const q = readQuery(c, pcs.getUsersPhoneNumberV2.query);
    const limit = q._limit ?? 20;
    const page = q._offset ?? 0;
    const userIds = q.userIds
      ?.split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const where = and(
      isNotNull(userPhoneNumbers.verifiedAt),
      inArray(
        userPhoneNumbers.userId,
        db.select({ id: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, tenantId)),
      ),
      ...(userIds ? [inArray(userPhoneNumbers.userId, userIds.length ? userIds : [''])] : []),
      ...(q._phoneNumber ? [eq(userPhoneNumbers.phoneNumber, q._phoneNumber.replace(/[\s()-]/g, ''))] : []),
    );
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userPhoneNumbers)
      .where(where);
    const rows = await db
      .select({ userId: userPhoneNumbers.userId, phoneNumber: userPhoneNumbers.phoneNumber })
      .from(userPhoneNumbers)
      .where(where)
      .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id))
      .limit(limit)
      .offset(page * limit);
    const totalItems = Number(total?.n ?? 0);
    return c.json({
      items: rows,
      _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) },
    } satisfies AnswerOf<typeof pcs.getUsersPhoneNumberV2>);
  });

  mount(paths.teams.loadAvailableRoles, async (c) => {
    const { tenantId } = c.get('auth');
    const rows = await db
      .select()
      .from(roles)
      .where(and(eq(roles.vendorId, vendorId), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
      .orderBy(asc(roles.name));
    const links = rows.length
      ? await db
          .select()
          .from(rolePermissions)
          .where(
            inArray(
              rolePermissions.roleId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return c.json(
      rows.map((r) => ({
        id: r.id,
        key: r.key,
        name: r.name,
        description: r.description,
        isDefault: r.isDefault,
        permissions: links.filter((l) => l.roleId === r.id).map((l) => l.permissionId),
        tenantId: r.tenantId,
        vendorId: r.vendorId,
        level: 0,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      })) satisfies AnswerOf<typeof tc.loadAvailableRoles>,
    );
  });

  mount(paths.teams.loadStats, async (c) => {
    const { tenantId } = c.get('auth');
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const [stats] = await db
      .select({
        totalItems: sql<number>`count(*)::int`,
        addedThisWeek: sql<number>`(count(*) filter (where ${gte(userTenants.createdAt, weekAgo)}))::int`,
        pendingInvitations: sql<number>`(count(*) filter (where not ${userTenants.activatedForTenant}))::int`,
        disabled: sql<number>`(count(*) filter (where ${userTenants.disabled}))::int`,
      })
      .from(userTenants)
      .where(eq(userTenants.tenantId, tenantId));
    // Members holding the Admin role (the vendor's built-in one) in this tenant.
    const [admins] = await db
      .select({ n: sql<number>`count(distinct ${userRoles.userId})::int` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(eq(userRoles.tenantId, tenantId), isNull(roles.tenantId), sql`lower(${roles.key}) = 'admin'`),
      );
    return c.json({
      totalItems: Number(stats?.totalItems ?? 0),
      addedThisWeek: Number(stats?.addedThisWeek ?? 0),
      superAdmins: Number(admins?.n ?? 0),
      pendingInvitations: Number(stats?.pendingInvitations ?? 0),
      disabled: Number(stats?.disabled ?? 0),
    } satisfies AnswerOf<typeof tc.loadStats>);
  });

  // ---- Invite, update, remove -------------------------------------------------------------------------

  // POST users v2: invites a new member; for a member who has not accepted yet, resends the invitation.
  mount(paths.teams.addUser, async (c) => {
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
      await assignableRoles(tenantId, roleIds);
      await assertHoldsAll(db, c.get('auth'), await roleKeys(db, roleIds));
    } else {
      // No roles asked for: the default roles, as a sign-up gets them.
      const defaults = await db
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            eq(roles.vendorId, vendorId),
            eq(roles.isDefault, true),
            or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
          ),
        );
      roleIds = defaults.map((r) => r.id);
    }
    // createInvitation writes the audit row ('User invited') naming the caller.
    const { userId, created } = await createInvitation(services, {
      email: body.email,
      name: body.name || body.email,
      tenantId,
      roleIds,
      invitedByUserId: sub,
    });
    if (created && phoneNumber) await db.update(users).set({ phoneNumber }).where(eq(users.id, userId));
    return c.json(await viewOf(userId, tenantId));
  });

  mount(paths.teams.updateUser, async (c) => {
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
      await assignableRoles(tenantId, wanted);
      const current = (
        await db
          .select({ roleId: userRoles.roleId })
          .from(userRoles)
          .where(and(eq(userRoles.userId, user.id), eq(userRoles.tenantId, tenantId)))
      ).map((r) => r.roleId);
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
      if (roleChange && wanted) {
        // Roles are per tenant (TEAM-018): the user's roles in other tenants stay as they are.
        await tx
          .delete(userRoles)
          .where(and(eq(userRoles.userId, user.id), eq(userRoles.tenantId, tenantId)));
        if (wanted.length)
          await tx.insert(userRoles).values(wanted.map((roleId) => ({ userId: user.id, tenantId, roleId })));
      }
    });
    await audit(c, 'User updated', {
      targetUserId: user.id,
      fields: Object.keys(changes),
      ...(roleChange ? { rolesAdded: roleChange.added, rolesRemoved: roleChange.removed } : {}),
    });
    return c.json(await viewOf(user.id, tenantId));
  });

  // Removes the user from the caller's tenant; a user left in no tenant is deleted.
  mount(paths.teams.deleteUser, async (c) => {
    const { sub, tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    if (user.id === sub) throw apiError(400, 'You cannot delete yourself');
    // Frontegg answers the deleted user: as the user was in this tenant before removal.
    const view = await viewOf(user.id, tenantId);
    const deleted = await db.transaction(async (tx) => {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, user.id), eq(userRoles.tenantId, tenantId)));
      const tenantGroups = tx.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, tenantId));
      await tx
        .delete(groupUsers)
        .where(and(eq(groupUsers.userId, user.id), inArray(groupUsers.groupId, tenantGroups)));
      await tx
        .delete(userTenants)
        .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)));
      // A pending invitation to this tenant no longer works.
      await tx
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(userTokens.userId, user.id), eq(userTokens.tenantId, tenantId), isNull(userTokens.usedAt)),
        );
      const [other] = await tx
        .select({ tenantId: userTenants.tenantId })
        .from(userTenants)
        .where(eq(userTenants.userId, user.id))
        .limit(1);
      if (!other) {
        // Sessions, refresh tokens and mailed tokens go with the user (foreign keys cascade).
        await tx.delete(users).where(eq(users.id, user.id));
        return true;
      }
      if (user.activeTenantId === tenantId)
        await tx.update(users).set({ activeTenantId: other.tenantId }).where(eq(users.id, user.id));
      return false;
    });
    await audit(
      c,
      'User removed from account',
      { targetUserId: user.id, targetEmail: user.email, userDeleted: deleted },
      'Medium',
    );
    return c.json(view satisfies AnswerOf<typeof tc.deleteUser>);
  });

  mount(paths.teams.resendActivationLink, async (c) => {
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
  mount(paths.teams.disableUser, setDisabled(true));
  mount(paths.teams.enableUser, setDisabled(false));

  // An administrator lifts a member's sign-in lockout (the member's failed-attempt count starts again).
  mount(paths.teams.unlockUser, async (c) => {
    const { tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    const wasLocked = await unlockAccount(db, user.id);
    await audit(c, 'User unlocked by an administrator', { targetUserId: user.id, wasLocked }, 'Medium');
    return c.json(await viewOf(user.id, tenantId));
  });

  // ---- Invite link (TEAM-020) -------------------------------------------------------------------------

  const linkView = (link: typeof inviteLinks.$inferSelect) => ({
    id: link.tenantId,
    vendorId,
    tenantId: link.tenantId,
    token: link.token,
    expires: link.expiresAt.toISOString(),
    shouldSendEmail: link.shouldSendEmail,
  });
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const linkOf = async (tenantId: string) => {
    const [link] = await db.select().from(inviteLinks).where(eq(inviteLinks.tenantId, tenantId));
    return link;
  };

  mount(paths.teams.getInviteLinkConfiguration, (c) =>
    c.json({
      tenantInvitationsAllowed: true,
      emailsEnabled: true,
      defaultExpiresInMinutes: DEFAULT_INVITE_LINK_MINUTES,
      isEnabled: true,
    } satisfies AnswerOf<typeof tc.getInviteLinkConfiguration>),
  );
  // No link is not an error: Frontegg answers 200 without a link (its client reads the empty answer as `{}`), so
  // the users page loads without a 404. An answer without `token` means "none".
  mount(paths.teams.getInviteUserLink, async (c) => {
    const link = await linkOf(c.get('auth').tenantId);
    return c.json(link ? linkView(link) : {});
  });

  /** Creates the tenant's link, or replaces it with a new token (the old link stops working). */
  const createLink = async (c: Context<AppEnv>, body: z.infer<typeof tc.createInviteUserLink.body>) => {
    const { tenantId } = c.get('auth');
    const values = {
      tenantId,
      token: randomBytes(32).toString('base64url'),
      expiresAt: minutesFromNow(body.expiresInMinutes ?? DEFAULT_INVITE_LINK_MINUTES),
      shouldSendEmail: body.shouldSendEmail ?? false,
      createdAt: new Date(),
    };
    const [link] = await db
      .insert(inviteLinks)
      .values(values)
      .onConflictDoUpdate({ target: inviteLinks.tenantId, set: values })
      .returning();
    await audit(c, 'Invite link created', { expires: values.expiresAt.toISOString() });
    return c.json(linkView(link!));
  };
  mount(paths.teams.createInviteUserLink, async (c) =>
    createLink(c, await readBody(c, tc.createInviteUserLink.body)),
  );
  mount(paths.teams.createInviteUserLinkV2, async (c) => {
    const body = await readBody(c, tc.createInviteUserLinkV2.body);
    // The link does not store roles yet (invite_links has no role column): refuse rather than drop them.
    if (roleIdsOf(body.roleIds ?? []).length)
      throw apiError(400, 'roleIds: Roles on an invite link are not supported');
    return createLink(c, body);
  });

  mount(paths.teams.updateInviteUserLink, async (c) => {
    const { tenantId } = c.get('auth');
    const body = await readBody(c, tc.updateInviteUserLink.body);
    const changes: Partial<typeof inviteLinks.$inferInsert> = {};
    if (body.expiresInMinutes !== undefined) changes.expiresAt = minutesFromNow(body.expiresInMinutes);
    if (body.shouldSendEmail !== undefined) changes.shouldSendEmail = body.shouldSendEmail;
    const [link] = Object.keys(changes).length
      ? await db.update(inviteLinks).set(changes).where(eq(inviteLinks.tenantId, tenantId)).returning()
      : [await linkOf(tenantId)];
    if (!link) throw apiError(404, 'Invite link not found');
    await audit(c, 'Invite link updated', { expires: link.expiresAt.toISOString() });
    return c.json(linkView(link));
  });

  mount(paths.teams.deleteInviteUserLink, async (c) => {
    const deleted = await db
      .delete(inviteLinks)
      .where(eq(inviteLinks.tenantId, c.get('auth').tenantId))
      .returning({ tenantId: inviteLinks.tenantId });
    if (!deleted.length) throw apiError(404, 'Invite link not found');
    await audit(c, 'Invite link deleted', {});
    return c.json({});
  });

  // ---- Temporary users (TEAM-019) ---------------------------------------------------------------------

  mount(paths.teams.getTemporaryUserConfiguration, (c) => c.json({ enabled: true }));

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

  mount(paths.teams.updateUserExpirationTime, async (c) => {
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

  mount(paths.teams.setPermanentUser, async (c) => {
    const { tenantId } = c.get('auth');
    const { user } = await member(tenantId, c.req.param('userId') ?? '');
    await db.update(users).set({ temporaryExpirationDate: null }).where(eq(users.id, user.id));
    await audit(c, 'User set as permanent', { targetUserId: user.id });
    return c.json(await viewOf(user.id, tenantId));
  });

  assertAllMounted(teamEndpoints, app);
  return app;
}
