// Sign-up, activation, invitations and passwords: the mails are imaginary, the links any userId and token.
import { paths } from '../paths';
import { authAnswer, WRONG_PASSWORD } from './auth';
import { fail, newId, ok, on, type PreviewRequest, type PreviewRoute, record, text } from './common';
import { signedInUser } from './views';

/** Links of the sample mails: this token stands for an expired or used link. */
export const PREVIEW_BAD_LINK_TOKEN = 'expired';

/** The one-time links of activation, invitation and reset: any userId and token, except the bad token. */
function linkToken(req: PreviewRequest, message: string): void {
  const body = { ...Object.fromEntries(req.query), ...record(req.body) };
  if (!text(body.userId) || !text(body.token) || text(body.token) === PREVIEW_BAD_LINK_TOKEN)
    throw fail(400, message);
}

function activate(req: PreviewRequest) {
  linkToken(req, 'The activation link is invalid or expired');
  req.state.session.signedIn = true;
  return authAnswer(req);
}

export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';

function changePassword(req: PreviewRequest) {
  signedInUser(req.state);
  const body = record(req.body);
  if (!text(body.password) || text(body.password) === WRONG_PASSWORD) throw fail(400, CURRENT_PASSWORD_WRONG);
  if ((text(body.newPassword) ?? '').length < 8) throw fail(400, 'The new password is too short');
  return {};
}

export const signupHandlers: PreviewRoute[] = [
  on(paths.auth.signUpUser, (req) => {
    // With an invite link's token the sign-up joins that account: the token must name a live link, as on the server.
    const invitationToken = record(req.body).invitationToken;
    if (
      invitationToken !== undefined &&
      !req.state.inviteLinks.some(
        (l) => l.token === invitationToken && Date.parse(l.expires) > req.now.getTime(),
      )
    )
      throw fail(400, "We couldn't verify your invitation");
    return { shouldActivate: true, userId: text(record(req.body).email) ? newId('user') : '' };
  }),
  on(
    paths.auth.getActivateAccountStrategy,
    (req) => (linkToken(req, 'The activation link is invalid or expired'), { shouldSetPassword: false }),
  ),
  on(paths.auth.activateAccount, activate),
  on(paths.auth.resendActivationEmail, ok),
  on(paths.auth.acceptInvitation, (req) => (linkToken(req, "We couldn't verify your invitation"), {})),
  on(paths.auth.resendInvitationEmail, ok),
  on(paths.auth.forgotPassword, ok),
  on(
    paths.auth.validateResetPasswordToken,
    (req) => (linkToken(req, 'The password reset link is invalid or expired'), {}),
  ),
  on(
    paths.auth.resetPassword,
    (req) => (linkToken(req, 'The password reset link is invalid or expired'), {}),
  ),
  on(paths.auth.loadPasswordConfig, () => ({
    minLength: 8,
    maxLength: 128,
    allowPassphrases: true,
    minPhraseLength: 20,
    minOptionalTestsToPass: 0,
  })),
  on(paths.teams.changePassword, changePassword),
];
