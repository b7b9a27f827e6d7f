// Contract script of sign-up, activation, invitations and passwords: the public account calls of the login
// box (their refusals of bad links are the same on both sides) and the signed-in password change.
import { signupContracts as c } from '../../../shared/api/contracts/signup';
import { PREVIEW_BAD_CODE, PREVIEW_BAD_LINK_TOKEN } from '../../../shared/api/preview/signup';
import { WRONG_PASSWORD } from '../../../shared/api/preview/auth';
import type { Script } from '../contract';

// The preview's mails are imaginary (any link works there): its bad token and code stand for an unknown link
// and a wrong code, which the server refuses too.
const badLink = { userId: 'no-such-user', token: PREVIEW_BAD_LINK_TOKEN };
const badCode = PREVIEW_BAD_CODE;
const email = 'contract-signup@example.test';

export const signupScript: Script = {
  family: 'signup',
  steps: [
    { name: 'password rules', call: c.loadPasswordConfig },
    {
      name: 'sign up',
      call: c.signUpUser,
      body: { email, password: 'Contract-horse-battery-9', name: 'Contract', companyName: 'Contract Inc' },
    },
    {
      name: 'a sign-up without an email is refused',
      call: c.signUpUser,
      body: { password: 'x' },
      expect: 400,
    },
    {
      name: 'sign-up by phone number is not offered',
      call: c.signUpUserWithPhoneNumber,
      body: { phoneNumber: '+15555550100', password: 'Contract-horse-battery-9' },
      expect: 400,
    },
    {
      name: 'sign-up by username is not offered',
      call: c.signUpUserWithUsername,
      body: { username: 'contract', password: 'Contract-horse-battery-9' },
      expect: 400,
    },
    { name: 'an unknown activation link', call: c.getActivateAccountStrategy, query: badLink, expect: 400 },
    { name: 'an unknown link does not activate', call: c.activateAccount, body: badLink, expect: 400 },
    {
      name: 'a wrong code does not activate',
      call: c.activateAccountWithOTC,
      body: { ...badLink, code: badCode },
      expect: 400,
    },
    { name: 'resend the activation mail', call: c.resendActivationEmail, body: { email } },
    { name: 'an unknown invitation is refused', call: c.acceptInvitation, body: badLink, expect: 400 },
    {
      name: 'a wrong invitation code is refused',
      call: c.acceptInvitationWithOTC,
      body: { ...badLink, code: badCode },
      expect: 400,
    },
    {
      name: 'an unknown invite link',
      call: c.verifyInviteToken,
      body: { token: 'no-such-link' },
      expect: 400,
    },
    { name: 'resend the invitation mail', call: c.resendInvitationEmail, body: { email } },
    { name: 'forgot password', call: c.forgotPassword, body: { email } },
    { name: 'a bad email is refused', call: c.forgotPassword, body: { email: 'nope' }, expect: 400 },
    {
      name: 'reset by email (v2)',
      call: c.resetPasswordViaEmail,
      body: { identifier: email, identifierType: 'email' },
    },
    {
      name: 'reset by SMS is not offered',
      call: c.resetPasswordViaSms,
      body: { identifier: '+15555550100', identifierType: 'phoneNumber' },
      expect: 400,
    },
    {
      name: 'SMS reset codes are not offered',
      call: c.verifyPasswordViaSms,
      body: { otcToken: '123456', sessionId: 'no-such-session' },
      expect: 400,
    },
    { name: 'an unknown reset link', call: c.validateResetPasswordToken, body: badLink, expect: 400 },
    {
      name: 'an unknown reset link does not reset',
      call: c.resetPassword,
      body: { ...badLink, password: 'Contract-horse-battery-9' },
      expect: 400,
    },
    {
      name: 'a wrong current password is refused',
      call: c.changePassword,
      body: { password: WRONG_PASSWORD, newPassword: 'Contract-horse-battery-9' },
      expect: 400,
    },
    {
      name: 'a short new password is refused',
      call: c.changePassword,
      body: { password: 'whatever', newPassword: 'short' },
      expect: 400,
    },
  ],
};
