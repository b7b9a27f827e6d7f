import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { signupContracts } from '../../shared/api/contracts/signup';
import { paths } from '../../shared/api/paths';
import { limitIssuance, type IssuanceKind } from '../account/issuance';
import { readPolicy } from '../account/policies';
import { writeAudit } from '../audit';
import { startTrial } from '../billing/service';
import { log } from '../log';
import { clearAttempts, lockedOut, reserveAttempt } from '../auth/lockout';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createSessionIssuer } from '../auth/session';
import { assertCaptcha, captchaOnAnywhere } from '../captcha';
import { apiError, caller, readBody, type AppEnv } from '../context';
import { tenants, userRoles, users, userTenants, userTokens } from '../db/schema';
import { loginBoxLink } from '../mail/links';
import { inBackground } from '../signup/background';
import { checkEmailDomain } from '../domainRestrictions';
import { findLiveInviteLink } from '../signup/inviteLinks';
import { mailInvitation } from '../signup/invitations';
import { activationMail, resetPasswordMail, signUpNoticeMail } from '../signup/mails';
import {
  newPasswordField,
  passwordProblem,
  passwordTestConfig,
  RECENTLY_USED,
  replacePassword,
  revokeSessions,
  usedRecently,
} from '../signup/passwordPolicy';
import { isUniqueViolation } from '../db/errors';
import { defaultRoleIds } from '../roles/visibility';
import { signUpRoleIds } from '../signup/signUpRole';
import {
  codeMatches,
  consumeUserToken,
  findUserByEmail,
  findUserToken,
  issueUserToken,
  otcOf,
} from '../signup/userTokens';
import { readQuery } from '../signup/validation';
import { defineFamily, publicEndpoint, signIn, userEndpoint, publicEndpoints } from './endpoints';
import { auditUser } from '../auth/userAudit';

export { createInvitation, type InvitationInput } from '../signup/invitations';

export const ACTIVATION_INVALID = 'The activation link is invalid or expired';
export const INVITATION_INVALID = "We couldn't verify your invitation";
export const RESET_INVALID = 'The password reset link is invalid or expired';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';
export const CURRENT_PASSWORD_LOCKED =
  'Too many wrong passwords: the account is locked for a while. Reset your password to unlock it now';

const c_ = signupContracts;
/**
 * The contract's bodies, narrowed to the fixed password bounds; the account's rules and the breached list
 * (LOGIN-011) are checked by `checkPassword` once the account is known.
 */
const signUpBody = c_.signUpUser.body.extend({ password: newPasswordField });
const link = c_.acceptInvitation.body;
const activateBody = c_.activateAccount.body.extend({ password: newPasswordField.optional() });
const activateWithCodeBody = c_.activateAccountWithOTC.body.extend({ password: newPasswordField.optional() });
const emailBody = c_.forgotPassword.body;
const resetBody = c_.resetPassword.body.extend({ password: newPasswordField });
const changeBody = c_.changePassword.body.extend({ newPassword: newPasswordField });

export const SIGN_UP_STRATEGY_OFF = 'Sign-up is by email: this sign-up strategy is not enabled';
export const SMS_RECOVERY_OFF = 'Password recovery by SMS is not enabled';
export const OTC_INVALID = 'The code is invalid or expired';

export const signupEndpointsByName = {
  ...signIn(
    publicEndpoints(
      paths.auth,
      'signUpUser',
      'getActivateAccountStrategy',
      'activateAccount',
      'activateAccountWithOTC',
      'resendActivationEmail',
      'acceptInvitation',
      'acceptInvitationWithOTC',
      'verifyInviteToken',
      'resendInvitationEmail',
      'forgotPassword',
      'resetPasswordViaEmail',
      'resetPasswordViaSms',
      'verifyPasswordViaSms',
      'validateResetPasswordToken',
      'resetPassword',
    ),
  ),
  signUpUserWithPhoneNumber: signIn(publicEndpoint(paths.auth.signUpUserWithPhoneNumber, 'refused')),
  signUpUserWithUsername: signIn(publicEndpoint(paths.auth.signUpUserWithUsername, 'refused')),
  changePassword: signIn(userEndpoint(paths.teams.changePassword)),
  loadPasswordConfig: publicEndpoint(paths.auth.loadPasswordConfig),
} as const;

/** Sign-up, activation, invitations, forgot/reset/change password (identity users v1). */
export const signupRoutes = defineFamily(signupEndpointsByName, (on, e, services) => {
  const { db, config, mailer, vendorId } = services;
  const sessions = createSessionIssuer(services);

  /** First on a public endpoint that mails an email as given: known and unknown emails are limited alike. */
  const limitMail = (c: Context<AppEnv>, kind: IssuanceKind, email: string) =>
    limitIssuance(services, { kind, account: email, address: caller(c).ipAddress });

  /** 400 naming the first rule of the account's password rules (or the breached list) the password breaks. */
  async function checkPassword(tenantId: string | null | undefined, password: string, field = 'password') {
    const problem = await passwordProblem(services, tenantId, password);
    // The field named as a body error names it (the catalog's pattern is the message after it).
    const error = problem && `${field}: ${problem}`;
    if (error) throw apiError(400, error);
  }

  const mailActivation = async (user: { id: string; email: string; name: string }, token: string) =>
    mailer.send(
      activationMail(
        user.email,
        user.name,
        loginBoxLink(config, 'activateUrl', { userId: user.id, token }),
        otcOf(token),
      ),
    );

  on(e.signUpUser, async (c) => {
    const { email, name, password, companyName, invitationToken, recaptchaToken } = await readBody(
      c,
      signUpBody,
    );
    // Captcha (SECURITY-020): the account is not known yet, so whenever any account asks for it.
    if (await captchaOnAnywhere(services)) await assertCaptcha(services, recaptchaToken);
    // Both answers mail the address (activation or "already registered"): one budget for both.
    await limitMail(c, 'activation', email);
    const who = caller(c);
    // An invite link is checked before the answer: its validity says nothing about the email.
    const joining = invitationToken ? await findLiveInviteLink(db, vendorId, invitationToken) : null;
    if (invitationToken && !joining) throw apiError(400, INVITATION_INVALID);
    // Email-domain restrictions (SECURITY-014): the account's joined by its link, else the vendor's for a new
    // account. They depend on the address only, so refusing before the answer tells nothing about registration.
    const refusal = await checkEmailDomain(db, joining ? joining.tenantId : { vendorId }, email);
    if (refusal) throw apiError(403, refusal);
    // The rules of the account joined by its link, else the vendor's (a new account has none of its own yet).
    await checkPassword(joining?.tenantId ?? null, password);
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
          const roleIds = joining
            ? await defaultRoleIds(tx, vendorId, null)
            : await signUpRoleIds(tx, vendorId);
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
      // A new account starts its trial (issue 19: the trial plan, no card); a joiner joins an account's billing.
      if (!joining)
        await startTrial(services, tenantId, { name: name ?? '', email }).catch((error: unknown) =>
          log.error({ err: error }, 'the trial of a new account could not start'),
        );
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
    return c.json({ shouldActivate: true, userId: user.id } satisfies AnswerOf<typeof c_.signUpUser>);

    async function registered(existing: typeof users.$inferSelect) {
      await mailer.send(
        signUpNoticeMail(
          existing.email,
          existing.name,
          loginBoxLink(config, 'loginUrl', {}),
          loginBoxLink(config, 'forgetPasswordUrl', {}),
        ),
      );
      await auditUser(services, c, existing, {
        action: 'Sign-up with a registered email',
        severity: 'Medium',
      });
    }
  });

  on(e.getActivateAccountStrategy, async (c) => {
    const { userId, token } = readQuery(c, c_.getActivateAccountStrategy.query);
    const found = await findUserToken(db, 'activation', userId, token);
    if (found) return c.json({ shouldSetPassword: !found.user.passwordHash });
    // An invitation link's token activates too (Frontegg's client sends it to activateAccount).
    const invited = await findUserToken(db, 'invitation', userId, token);
    if (!invited) throw apiError(400, ACTIVATION_INVALID);
    return c.json({ shouldSetPassword: !invited.user.verified || !invited.user.passwordHash });
  });

  /** Activates the account of a mailed link (activation or invitation token) and signs the user in. */
  async function activate(c: Context<AppEnv>, body: { userId: string; token: string; password?: string }) {
    const { userId, token, password } = body;
    const found = await findUserToken(db, 'activation', userId, token);
    if (!found) return activateInvited(c, body);
    const needsPassword = !found.user.passwordHash;
    if (needsPassword && !password) throw apiError(400, 'password: A password is required');
    if (needsPassword && password)
      await checkPassword(found.token.tenantId ?? found.user.activeTenantId, password);
    const passwordHash = needsPassword && password ? await hashPassword(password) : undefined;
    const activated = await db.transaction(async (tx) => {
      if (!(await consumeUserToken(tx, 'activation', userId, token))) return false;
      await tx
        .update(users)
        .set({ verified: true, ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}) })
        .where(eq(users.id, userId));
      return true;
    });
    if (!activated) throw apiError(400, ACTIVATION_INVALID);
    await auditUser(services, c, found.user, {
      action: 'User activated',
    });
    return sessions.start(c, userId);
  }

  /**
   * An invitation link's token given to activateAccount (as Frontegg's client does): the invitation is accepted
   * and the user signed in; a user without a password (or never verified) sets one here.
   */
  async function activateInvited(
    c: Context<AppEnv>,
    body: { userId: string; token: string; password?: string },
  ) {
    const { userId, token, password } = body;
    const found = await findUserToken(db, 'invitation', userId, token);
    if (!found) throw apiError(400, ACTIVATION_INVALID);
    const needsPassword = !found.user.verified || !found.user.passwordHash;
    if (needsPassword && !password) throw apiError(400, 'password: A password is required');
    // The rules of the account the invitation is to.
    if (needsPassword && password)
      await checkPassword(found.token.tenantId ?? found.user.activeTenantId, password);
    const passwordHash = needsPassword && password ? await hashPassword(password) : undefined;
    const accepted = await acceptInvitation(userId, token, passwordHash);
    if (!accepted) throw apiError(400, ACTIVATION_INVALID);
    await writeAudit(db, {
      vendorId,
      tenantId: accepted.row.tenantId,
      userId,
      email: found.user.email,
      action: 'Invitation accepted',
      description: 'Activated with the invitation link',
      ...caller(c),
    });
    return sessions.start(c, userId);
  }

  on(e.activateAccount, async (c) => {
    const answer = await activate(c, await readBody(c, activateBody));
    return c.json(answer satisfies AnswerOf<typeof c_.activateAccount>);
  });

  // The one-time code of a link is derived from its token (otcOf): the code and the link's token together.
  on(e.activateAccountWithOTC, async (c) => {
    const body = await readBody(c, activateWithCodeBody);
    if (!codeMatches(body.token, body.code)) throw apiError(400, OTC_INVALID);
    const answer = await activate(c, body);
    return c.json(answer satisfies AnswerOf<typeof c_.activateAccountWithOTC>);
  });

  on(e.resendActivationEmail, async (c) => {
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

  /**
   * Spends an invitation token: the user is verified and active in the tenant. An account nobody had proved the
   * mailbox of may have been pre-registered by someone else: the invitation proves it now, so a password chosen
   * before is dropped (or replaced by `passwordHash`) and its sessions end. Without a password the invitee
   * chooses one next, with a reset link of their own (`setPasswordToken`).
   */
  async function acceptInvitation(userId: string, token: string, passwordHash?: string) {
    return db.transaction(async (tx) => {
      const row = await consumeUserToken(tx, 'invitation', userId, token);
      if (!row) return null;
      const [before] = await tx.select().from(users).where(eq(users.id, userId));
      const preRegistered = before && !before.verified;
      await tx
        .update(users)
        .set({
          verified: true,
          ...(passwordHash
            ? { passwordHash, passwordChangedAt: new Date() }
            : preRegistered
              ? { passwordHash: null }
              : {}),
        })
        .where(eq(users.id, userId));
      if (preRegistered) await revokeSessions(tx, userId);
      if (row.tenantId)
        await tx
          .update(userTenants)
          .set({ activatedForTenant: true })
          .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, row.tenantId)));
      const needsPassword = !passwordHash && (preRegistered || !before?.passwordHash);
      const setPasswordToken = needsPassword
        ? await issueUserToken(tx, { kind: 'reset', userId })
        : undefined;
      return { row, setPasswordToken, email: before?.email ?? null };
    });
  }

  async function accept(c: Context<AppEnv>, userId: string, token: string) {
    const accepted = await acceptInvitation(userId, token);
    if (!accepted) throw apiError(400, INVITATION_INVALID);
    await writeAudit(db, {
      vendorId,
      tenantId: accepted.row.tenantId,
      userId,
      email: accepted.email,
      action: 'Invitation accepted',
      ...caller(c),
    });
    return accepted.setPasswordToken ? { userId, setPasswordToken: accepted.setPasswordToken } : {};
  }

  on(e.acceptInvitation, async (c) => {
    const { userId, token } = await readBody(c, link);
    return c.json((await accept(c, userId, token)) satisfies AnswerOf<typeof c_.acceptInvitation>);
  });

  on(e.acceptInvitationWithOTC, async (c) => {
    const { userId, token, code } = await readBody(c, c_.acceptInvitationWithOTC.body);
    if (!codeMatches(token, code)) throw apiError(400, OTC_INVALID);
    return c.json((await accept(c, userId, token)) satisfies AnswerOf<typeof c_.acceptInvitationWithOTC>);
  });

  // A tenant's shareable invite link: answers the tenant's name (the sign-up screen shows whom one joins).
  on(e.verifyInviteToken, async (c) => {
    const { token } = await readBody(c, c_.verifyInviteToken.body);
    const live = await findLiveInviteLink(db, vendorId, token);
    if (!live) throw apiError(400, INVITATION_INVALID);
    return c.json(live.tenantName satisfies AnswerOf<typeof c_.verifyInviteToken>);
  });

  // Only email sign-up is offered (getSignUpStrategies): a clear refusal, before anything is looked up.
  for (const entry of [e.signUpUserWithPhoneNumber, e.signUpUserWithUsername])
    on(entry, async (c) => {
      await readBody(c, c_.signUpUserWithPhoneNumber.body.or(c_.signUpUserWithUsername.body));
      throw apiError(400, SIGN_UP_STRATEGY_OFF);
    });

  on(e.resendInvitationEmail, async (c) => {
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

  /** Mails a reset link when the email is known; the same answer either way (no user enumeration). */
  async function forgot(c: Context<AppEnv>, email: string) {
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
  }

  on(e.forgotPassword, async (c) => {
    const { email } = await readBody(c, emailBody);
    await forgot(c, email);
    return c.json({});
  });

  on(e.resetPasswordViaEmail, async (c) => {
    const { identifier, identifierType } = await readBody(c, c_.resetPasswordViaEmail.body);
    // Accounts are named by their email here (sign-up by username or phone number is not offered).
    if (identifierType !== 'email')
      throw apiError(400, 'identifierType: Only email identifies an account here');
    const email = c_.forgotPassword.body.shape.email.safeParse(identifier);
    if (!email.success) throw apiError(400, 'identifier: Invalid email address');
    await forgot(c, email.data);
    return c.json({});
  });

  // Recovery by SMS is not offered (getPasswordRecoveryStrategies answers it inactive).
  on(e.resetPasswordViaSms, async (c) => {
    await readBody(c, c_.resetPasswordViaSms.body);
    throw apiError(400, SMS_RECOVERY_OFF);
  });
  on(e.verifyPasswordViaSms, async (c) => {
    await readBody(c, c_.verifyPasswordViaSms.body);
    throw apiError(400, SMS_RECOVERY_OFF);
  });

  // The reset form checks its link before asking for a password (nothing is spent).
  on(e.validateResetPasswordToken, async (c) => {
    const { userId, token } = await readBody(c, link);
    if (!(await findUserToken(db, 'reset', userId, token))) throw apiError(400, RESET_INVALID);
    return c.json({});
  });

  on(e.resetPassword, async (c) => {
    const { userId, token, password } = await readBody(c, resetBody);
    const found = await findUserToken(db, 'reset', userId, token);
    if (!found) throw apiError(400, RESET_INVALID);
    await checkPassword(found.user.activeTenantId, password);
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
    await auditUser(services, c, found.user, {
      action: 'Password reset',
      description: 'Every session was signed out',
      severity: 'Medium',
    });
    return c.json({});
  });

  on(e.changePassword, async (c) => {
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
    await checkPassword(user.activeTenantId, newPassword, 'newPassword');
    if (await usedRecently(services, user, newPassword)) throw apiError(400, RECENTLY_USED);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await replacePassword(tx, user, passwordHash);
      // Whoever else holds a session of this account is signed out; this one stays.
      await revokeSessions(tx, user.id, sid);
    });
    await auditUser(services, c, user, {
      action: 'Password changed',
      description: 'Other sessions were signed out',
      severity: 'Medium',
    });
    return c.json({});
  });

  // The rules of the account of the user named (the reset and activation forms name one), else the vendor's.
  on(e.loadPasswordConfig, async (c) => {
    const { userId } = readQuery(c, c_.loadPasswordConfig.query);
    const [user] = userId
      ? await db
          .select({ activeTenantId: users.activeTenantId })
          .from(users)
          .where(and(eq(users.vendorId, vendorId), eq(users.id, userId)))
      : [];
    const rules = await readPolicy(services, user?.activeTenantId ?? null, 'passwordConfig');
    return c.json(passwordTestConfig(rules) satisfies AnswerOf<typeof c_.loadPasswordConfig>);
  });
});
