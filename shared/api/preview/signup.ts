// Sign-up, activation, invitations and passwords: the mails are imaginary, so a link is any userId and token
// (and its one-time code any code) except the bad ones below. Bodies are parsed with the signup contract.
import type { z } from 'zod';
import { signupContracts as c } from '../contracts/signup';
import { usersContracts as uc } from '../contracts/users';
import { passwordTestConfig } from '../passwordRules';
import { paths } from '../paths';
import { checkPreviewCaptcha } from './captcha';
import { authAnswer, WRONG_PASSWORD } from './auth';
import { fail, newId, on, parseWith, type PreviewRequest, type PreviewRoute } from './common';
import { signedInUser } from './views';

/** Links of the sample mails: this token stands for an expired or used link. */
export const PREVIEW_BAD_LINK_TOKEN = 'expired';
/** The one-time code of a link: this code stands for a wrong one. */
export const PREVIEW_BAD_CODE = '000000';

export const ACTIVATION_INVALID = 'The activation link is invalid or expired';
export const INVITATION_INVALID = "We couldn't verify your invitation";
export const RESET_INVALID = 'The password reset link is invalid or expired';
export const OTC_INVALID = 'The code is invalid or expired';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';
export const SIGN_UP_STRATEGY_OFF = 'Sign-up is by email: this sign-up strategy is not enabled';
export const SMS_RECOVERY_OFF = 'Password recovery by SMS is not enabled';

/** A link of an imaginary mail: refused only for the bad token (as the server refuses an unknown one). */
function checkLink(token: string, message: string): void {
  if (token === PREVIEW_BAD_LINK_TOKEN) throw fail(400, message);
}

function checkCode(code: string): void {
  if (code === PREVIEW_BAD_CODE) throw fail(400, OTC_INVALID);
}

/** A call of a strategy not offered here: a bad body is refused as such, a good one with `message` (a 400). */
const notOffered = (body: z.ZodType, message: string) => (req: PreviewRequest) => {
  parseWith(body, req.body);
  throw fail(400, message);
};

/** A live invite link of one of the sample tenants. */
const liveInviteLink = (req: PreviewRequest, token: string) =>
  req.state.inviteLinks.find((l) => l.token === token && Date.parse(l.expires) > req.now.getTime());

function signUp(req: PreviewRequest) {
  const { invitationToken, recaptchaToken } = parseWith(c.signUpUser.body, req.body);
  checkPreviewCaptcha(req.state, recaptchaToken);
  // With an invite link's token the sign-up joins that account: the token must name a live link, as on the server.
  if (invitationToken !== undefined && !liveInviteLink(req, invitationToken))
    throw fail(400, INVITATION_INVALID);
  return { shouldActivate: true, userId: newId('user') };
}

function activate(req: PreviewRequest, body: { token: string }) {
  checkLink(body.token, ACTIVATION_INVALID);
  req.state.session.signedIn = true;
  return authAnswer(req);
}

function changePassword(req: PreviewRequest) {
  const { password } = parseWith(c.changePassword.body, req.body);
  signedInUser(req.state);
  if (password === WRONG_PASSWORD) throw fail(400, CURRENT_PASSWORD_WRONG);
  return {};
}

export const signupHandlers: PreviewRoute[] = [
  on(paths.auth.signUpUser, signUp),
  // Only email sign-up is offered (getSignUpStrategies), as on the server.
  on(
    paths.auth.signUpUserWithPhoneNumber,
    notOffered(c.signUpUserWithPhoneNumber.body, SIGN_UP_STRATEGY_OFF),
  ),
  on(paths.auth.signUpUserWithUsername, notOffered(c.signUpUserWithUsername.body, SIGN_UP_STRATEGY_OFF)),
  on(paths.auth.getActivateAccountStrategy, (req) => {
    const { token } = parseWith(c.getActivateAccountStrategy.query, Object.fromEntries(req.query));
    checkLink(token, ACTIVATION_INVALID);
    return { shouldSetPassword: false };
  }),
  on(paths.auth.activateAccount, (req) => activate(req, parseWith(c.activateAccount.body, req.body))),
  on(paths.auth.activateAccountWithOTC, (req) => {
    const body = parseWith(c.activateAccountWithOTC.body, req.body);
    checkCode(body.code);
    return activate(req, body);
  }),
  on(paths.auth.resendActivationEmail, (req) => (parseWith(c.resendActivationEmail.body, req.body), {})),
  on(paths.auth.acceptInvitation, (req) => {
    checkLink(parseWith(c.acceptInvitation.body, req.body).token, INVITATION_INVALID);
    return {};
  }),
  on(paths.auth.acceptInvitationWithOTC, (req) => {
    const { token, code } = parseWith(c.acceptInvitationWithOTC.body, req.body);
    checkCode(code);
    checkLink(token, INVITATION_INVALID);
    return {};
  }),
  // A tenant's shareable invite link: answers the tenant's name.
  on(paths.auth.verifyInviteToken, (req) => {
    const link = liveInviteLink(req, parseWith(c.verifyInviteToken.body, req.body).token);
    const tenant = link && req.state.tenants.find((t) => t.tenantId === link.tenantId);
    if (!tenant) throw fail(400, INVITATION_INVALID);
    return tenant.name;
  }),
  on(paths.auth.resendInvitationEmail, (req) => (parseWith(c.resendInvitationEmail.body, req.body), {})),
  on(paths.auth.forgotPassword, (req) => (parseWith(c.forgotPassword.body, req.body), {})),
  on(paths.auth.resetPasswordViaEmail, (req) => {
    const { identifier, identifierType } = parseWith(c.resetPasswordViaEmail.body, req.body);
    if (identifierType !== 'email') throw fail(400, 'identifierType: Only email identifies an account here');
    if (!c.forgotPassword.body.shape.email.safeParse(identifier).success)
      throw fail(400, 'identifier: Invalid email address');
    return {};
  }),
  // Recovery by SMS is not offered (getPasswordRecoveryStrategies), as on the server.
  on(paths.auth.resetPasswordViaSms, notOffered(c.resetPasswordViaSms.body, SMS_RECOVERY_OFF)),
  on(paths.auth.verifyPasswordViaSms, notOffered(c.verifyPasswordViaSms.body, SMS_RECOVERY_OFF)),
  on(paths.auth.validateResetPasswordToken, (req) => {
    checkLink(parseWith(c.validateResetPasswordToken.body, req.body).token, RESET_INVALID);
    return {};
  }),
  on(paths.auth.resetPassword, (req) => {
    checkLink(parseWith(c.resetPassword.body, req.body).token, RESET_INVALID);
    return {};
  }),
  // The unlock link mailed at a lockout (imaginary too): any token but the bad one lifts the lock.
  on(paths.users.unlockMe, (req) => {
    checkLink(parseWith(uc.unlockMe.body, req.body).token, 'The unlock link is invalid or expired');
    return {};
  }),
  on(paths.auth.loadPasswordConfig, ({ state }) => passwordTestConfig(state.passwordRules)),
  on(paths.teams.changePassword, changePassword),
];
