import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paths } from '../../shared/api/paths';
import { limitIssuance, type IssuanceKind } from '../account/issuance';
import { writeAudit } from '../audit';
import { clearAttempts, lockedOut, reserveAttempt } from '../auth/lockout';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createSessionIssuer } from '../auth/session';
import { apiError, caller, readBody, type AppEnv, type Services } from '../context';
import { tenants, userRoles, users, userTenants, userTokens } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { requireUser } from '../middleware/bearer';
import { inBackground } from '../signup/background';
import { findLiveInviteLink } from '../signup/inviteLinks';
import { mailInvitation } from '../signup/invitations';
import { activationMail, resetPasswordMail, signUpNoticeMail } from '../signup/mails';
import {
  newPasswordField,
  PASSWORD_CONFIG,
  RECENTLY_USED,
  replacePassword,
  revokeSessions,
  usedRecently,
} from '../signup/passwordPolicy';
import { defaultRoleIds, signUpRoleIds } from '../signup/signUpRole';
import { consumeUserToken, findUserByEmail, findUserToken, issueUserToken } from '../signup/userTokens';
import { emailField, readQuery, tokenField, userIdField } from '../signup/validation';

export { createInvitation, type InvitationInput } from '../signup/invitations';

export const ACTIVATION_INVALID = 'The activation link is invalid or expired';
export const INVITATION_INVALID = "We couldn't verify your invitation";
export const RESET_INVALID = 'The password reset link is invalid or expired';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';
export const CURRENT_PASSWORD_LOCKED =
  'Too many wrong passwords: the account is locked for a while. Reset your password to unlock it now';

/** An optional text field; an empty one counts as absent. */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
const signUpBody = z.object({
  email: emailField,
  name: optionalText,
  password: newPasswordField,
  companyName: optionalText,
  /** The token of a tenant's shareable invite link: the new user joins that tenant instead of creating one. */
  invitationToken: z.string().trim().min(1).max(200).optional(),
});
const linkFields = { userId: userIdField, token: tokenField };
const link = z.object(linkFields);
const activateBody = z.object({ ...linkFields, password: newPasswordField.optional() });
const emailBody = z.object({ email: emailField });
const resetBody = z.object({ ...linkFields, password: newPasswordField });
const changeBody = z.object({ password: z.string().min(1).max(1024), newPassword: newPasswordField });

/** Two sign-ups of one new email at once: the loser hits the unique index and is answered as "registered". */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Sign-up, activation, invitations, forgot/reset/change password (identity users v1). */
export function signupRoutes(services: Services): Hono<AppEnv> {
  const { db, config, mailer, vendorId, tokens } = services;
  const app = new Hono<AppEnv>();
  const sessions = createSessionIssuer(services);

  /** First on a public endpoint that mails an email as given: known and unknown emails are limited alike. */
  const limitMail = (c: Context<AppEnv>, kind: IssuanceKind, email: string) =>
    limitIssuance(services, { kind, account: email, address: caller(c).ipAddress });

  const mailActivation = async (user: { id: string; email: string; name: string }, token: string) =>
    mailer.send(
      activationMail(user.email, user.name, loginBoxLink(config, 'activateUrl', { userId: user.id, token })),
    );

  app.post(paths.auth.signUpUser.path, async (c) => {
    const { email, name, password, companyName, invitationToken } = await readBody(c, signUpBody);
    // Both answers mail the address (activation or "already registered"): one budget for both.
    await limitMail(c, 'activation', email);
    const who = caller(c);
    // An invite link is checked before the answer: its validity says nothing about the email.
    const joining = invitationToken ? await findLiveInviteLink(db, vendorId, invitationToken) : null;
    if (invitationToken && !joining) throw apiError(400, INVITATION_INVALID);
    // Hashed in both branches, so a registered email answers in the time a new one does.
    const passwordHash = await hashPassword(password);

    const user = { id: randomUUID(), email, name: name ?? '' };
    // Everything that depends on whether the email is registered happens after the answer: a registered email
    // and a new one take the same path and time (hash, then answer), and the answer is the same shape.
    inBackground(db, 'sign-up', async () => {
      const existing = await findUserByEmail(db, vendorId, email);
      // A registered email never joins through a link here (whoever holds the link could name anyone's email).
      if (existing) return registered(existing);
      const tenantId = joining?.tenantId ?? randomUUID();
      let token: string;
      try {
        token = await db.transaction(async (tx) => {
          if (joining) {
            // The link may have been deleted or renewed since the answer: then nobody joins.
            if (!(await findLiveInviteLink(tx, vendorId, invitationToken!)))
              throw new Error('the invite link is no longer valid');
          } else {
            await tx
              .insert(tenants)
              .values({ id: tenantId, vendorId, name: companyName ?? `${name ?? email}'s account` });
          }
          await tx
            .insert(users)
            .values({ ...user, vendorId, passwordHash, verified: false, activeTenantId: tenantId });
          await tx.insert(userTenants).values({ userId: user.id, tenantId });
          // The creator of a new account administers it (the vendor's sign-up role); who joins an existing
          // one through its link gets what any member gets without named roles: the default roles.
          const roleIds = joining ? await defaultRoleIds(tx, vendorId) : await signUpRoleIds(tx, vendorId);
          if (roleIds.length)
            await tx
              .insert(userRoles)
              .values(roleIds.map((roleId) => ({ userId: user.id, tenantId, roleId })));
          return issueUserToken(tx, { kind: 'activation', userId: user.id, tenantId });
        });
      } catch (error) {
        // Two sign-ups of one new email at once: the loser hits the unique index and is told "registered".
        if (!isUniqueViolation(error)) throw error;
        const winner = await findUserByEmail(db, vendorId, email);
        if (!winner) throw error;
        return registered(winner);
      }
      await mailActivation(user, token);
      await writeAudit(db, {
        vendorId,
        tenantId,
        userId: user.id,
        email,
        action: 'User signed up',
        ...(joining
          ? { description: 'Joined the account with its invite link', json: { inviteLink: true } }
          : {}),
        ...who,
      });
    });
    return c.json({ shouldActivate: true, userId: user.id });

    async function registered(existing: typeof users.$inferSelect) {
      await mailer.send(
        signUpNoticeMail(
          existing.email,
          existing.name,
          loginBoxLink(config, 'loginUrl', {}),
          loginBoxLink(config, 'forgetPasswordUrl', {}),
        ),
      );
      await writeAudit(db, {
        vendorId,
        tenantId: existing.activeTenantId,
        userId: existing.id,
        email: existing.email,
        action: 'Sign-up with a registered email',
        severity: 'Medium',
        ...who,
      });
    }
  });

  app.get(paths.auth.getActivateAccountStrategy.path, async (c) => {
    const { userId, token } = readQuery(c, link);
    const found = await findUserToken(db, 'activation', userId, token);
    if (!found) throw apiError(400, ACTIVATION_INVALID);
    return c.json({ shouldSetPassword: !found.user.passwordHash });
  });

  app.post(paths.auth.activateAccount.path, async (c) => {
    const { userId, token, password } = await readBody(c, activateBody);
    const found = await findUserToken(db, 'activation', userId, token);
    if (!found) throw apiError(400, ACTIVATION_INVALID);
    const needsPassword = !found.user.passwordHash;
    if (needsPassword && !password) throw apiError(400, 'password: A password is required');
    const passwordHash = needsPassword && password ? await hashPassword(password) : undefined;
    const activated = await db.transaction(async (tx) => {
      if (!(await consumeUserToken(tx, 'activation', userId, token))) return false;
      await tx
        .update(users)
        .set({ verified: true, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, userId));
      return true;
    });
    if (!activated) throw apiError(400, ACTIVATION_INVALID);
    await writeAudit(db, {
      vendorId,
      tenantId: found.user.activeTenantId,
      userId,
      email: found.user.email,
      action: 'User activated',
      ...caller(c),
    });
    return c.json(await sessions.start(c, userId));
  });

  app.post(paths.auth.resendActivationEmail.path, async (c) => {
    const { email } = await readBody(c, emailBody);
    await limitMail(c, 'activation', email);
    const user = await findUserByEmail(db, vendorId, email);
    if (user && !user.verified) {
      inBackground(db, 'activation mail', async () => {
        const token = await issueUserToken(db, {
          kind: 'activation',
          userId: user.id,
          tenantId: user.activeTenantId,
        });
        await mailActivation(user, token);
      });
    }
    return c.json({});
  });

  app.post(paths.auth.acceptInvitation.path, async (c) => {
    const { userId, token } = await readBody(c, link);
    const accepted = await db.transaction(async (tx) => {
      const row = await consumeUserToken(tx, 'invitation', userId, token);
      if (!row) return null;
      const [before] = await tx.select().from(users).where(eq(users.id, userId));
      // An account nobody had proved the mailbox of may have been pre-registered by someone else: the
      // invitation proves it now, so a password chosen before is dropped and its sessions end.
      const preRegistered = before && !before.verified;
      await tx
        .update(users)
        .set({ verified: true, ...(preRegistered ? { passwordHash: null } : {}) })
        .where(eq(users.id, userId));
      if (preRegistered) await revokeSessions(tx, userId);
      if (row.tenantId)
        await tx
          .update(userTenants)
          .set({ activatedForTenant: true })
          .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, row.tenantId)));
      const needsPassword = preRegistered || !before?.passwordHash;
      // Without a password the invitee chooses one next, with a reset link of their own.
      const setPasswordToken = needsPassword
        ? await issueUserToken(tx, { kind: 'reset', userId })
        : undefined;
      return { row, setPasswordToken };
    });
    if (!accepted) throw apiError(400, INVITATION_INVALID);
    const answer = accepted.setPasswordToken ? { userId, setPasswordToken: accepted.setPasswordToken } : {};
    await writeAudit(db, {
      vendorId,
      tenantId: accepted.row.tenantId,
      userId,
      action: 'Invitation accepted',
      ...caller(c),
    });
    return c.json(answer);
  });

  app.post(paths.auth.resendInvitationEmail.path, async (c) => {
    const { email } = await readBody(c, emailBody);
    await limitMail(c, 'invitation', email);
    const user = await findUserByEmail(db, vendorId, email);
    if (user) {
      inBackground(db, 'invitation mail', async () => {
        // Pending: the newest link of a tenant is unused (expired ones too: that is what resending is for).
        const pending = await db
          .select({ tenantId: userTokens.tenantId, data: userTokens.data })
          .from(userTokens)
          .where(
            and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'invitation'), isNull(userTokens.usedAt)),
          )
          .orderBy(desc(userTokens.createdAt));
        const seen = new Set<string>();
        for (const { tenantId, data } of pending) {
          if (!tenantId || seen.has(tenantId)) continue;
          seen.add(tenantId);
          const invitedBy = (data as { invitedByUserId?: string | null }).invitedByUserId ?? null;
          await mailInvitation(services, user, tenantId, invitedBy);
        }
      });
    }
    return c.json({});
  });

  app.post(paths.auth.forgotPassword.path, async (c) => {
    const { email } = await readBody(c, emailBody);
    await limitMail(c, 'reset', email);
    const who = caller(c);
    const user = await findUserByEmail(db, vendorId, email);
    inBackground(db, 'password reset mail', async () => {
      if (user) {
        const token = await issueUserToken(db, { kind: 'reset', userId: user.id });
        const url = loginBoxLink(config, 'resetPasswordUrl', { userId: user.id, token });
        await mailer.send(resetPasswordMail(user.email, user.name, url));
      }
      await writeAudit(db, {
        vendorId,
        tenantId: user?.activeTenantId,
        userId: user?.id,
        email,
        action: 'Password reset requested',
        description: user ? '' : 'No account has this email',
        ...who,
      });
    });
    return c.json({});
  });

  // The reset form checks its link before asking for a password (nothing is spent).
  app.post(paths.auth.validateResetPasswordToken.path, async (c) => {
    const { userId, token } = await readBody(c, link);
    if (!(await findUserToken(db, 'reset', userId, token))) throw apiError(400, RESET_INVALID);
    return c.json({});
  });

  app.post(paths.auth.resetPassword.path, async (c) => {
    const { userId, token, password } = await readBody(c, resetBody);
    const found = await findUserToken(db, 'reset', userId, token);
    if (!found) throw apiError(400, RESET_INVALID);
    if (await usedRecently(services, found.user, password)) throw apiError(400, RECENTLY_USED);
    const passwordHash = await hashPassword(password);
    const reset = await db.transaction(async (tx) => {
      if (!(await consumeUserToken(tx, 'reset', userId, token))) return false;
      // A locked-out user recovers here: the reset proves the mailbox, so the lock is lifted.
      await replacePassword(tx, found.user, passwordHash, { failedLogins: 0, lockedUntil: null });
      await revokeSessions(tx, userId);
      return true;
    });
    if (!reset) throw apiError(400, RESET_INVALID);
    await writeAudit(db, {
      vendorId,
      tenantId: found.user.activeTenantId,
      userId,
      email: found.user.email,
      action: 'Password reset',
      description: 'Every session was signed out',
      severity: 'Medium',
      ...caller(c),
    });
    return c.json({});
  });

  app.post(paths.teams.changePassword.path, requireUser(tokens), async (c) => {
    const { sub, sid } = c.get('auth');
    const { password, newPassword } = await readBody(c, changeBody);
    const [user] = await db.select().from(users).where(eq(users.id, sub));
    if (!user) throw apiError(401, 'Unauthorized');
    // Wrong current passwords count toward the sign-in lockout (else a stolen token is a password oracle).
    const reservation = await reserveAttempt(services, user);
    if (!reservation.reserved) throw apiError(429, CURRENT_PASSWORD_LOCKED);
    if (!(await verifyPassword(user.passwordHash, password))) {
      const who = caller(c);
      if (reservation.locks)
        inBackground(db, 'lockout', () =>
          lockedOut(services, user, who, 'Too many wrong current passwords on change password'),
        );
      throw apiError(400, CURRENT_PASSWORD_WRONG);
    }
    await clearAttempts(db, user.id);
    if (await usedRecently(services, user, newPassword)) throw apiError(400, RECENTLY_USED);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await replacePassword(tx, user, passwordHash);
      // Whoever else holds a session of this account is signed out; this one stays.
      await revokeSessions(tx, user.id, sid);
    });
    await writeAudit(db, {
      vendorId,
      tenantId: user.activeTenantId,
      userId: user.id,
      email: user.email,
      action: 'Password changed',
      description: 'Other sessions were signed out',
      severity: 'Medium',
      ...caller(c),
    });
    return c.json({});
  });

  app.get(paths.auth.loadPasswordConfig.path, (c) => c.json(PASSWORD_CONFIG));

  return app;
}
