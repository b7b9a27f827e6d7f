// Sign-up, activation, invitations and passwords (identity users v1/v2): the public calls of the login box's
// account screens and the signed-in password change.
import { z } from 'zod';
import { paths, type ApiPath } from '../paths';
import { contract } from './contract';
import { empty } from './common';
import { signedIn } from './auth';
import { passwordConfigPolicy } from './securityPolicy';

export const emailField = z.string().trim().toLowerCase().email().max(320);
export const userIdField = z.string().min(1).max(100);
export const tokenField = z.string().min(1).max(200);
/** A one-time code mailed or texted beside a link. */
const codeField = z.string().trim().min(4).max(20);

/** A new password: the fixed bounds (the server also applies the account's password rules and the breached list). */
export const newPassword = z
  .string()
  .min(8, 'The password must be at least 8 characters')
  .max(128, 'The password must be at most 128 characters');

/** An optional text field; an empty one counts as absent. */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/** Frontegg's ISignUpUser: the email identifies; `companyName` names the new account. */
export const signUpBody = z.object({
  email: emailField,
  name: optionalText,
  password: newPassword,
  companyName: optionalText,
  /** The token of a tenant's shareable invite link: the new user joins that tenant instead of creating one. */
  invitationToken: z.string().trim().min(1).max(200).optional(),
  recaptchaToken: z.string().max(4096).optional(),
});

/** Frontegg's ISignUpResponse: the account must be activated from the mailed link first. */
export const signUpAnswer = z.object({
  shouldActivate: z.boolean(),
  userId: z.string().optional(),
  tenantId: z.string().optional(),
});

/** The link of a mail: the user and the token it carries. */
export const link = z.object({ userId: userIdField, token: tokenField });

/** Frontegg's IActivateAccount: the link, and the password when the account has none yet. */
export const activateBody = link.extend({
  password: newPassword.optional(),
  recaptchaToken: z.string().max(4096).optional(),
  lastTermsCheck: z.string().max(100).optional(),
});

/** Accepting an invitation: nothing more, or the link that sets the invitee's first password. */
export const acceptAnswer = z.object({
  userId: z.string().optional(),
  setPasswordToken: z.string().optional(),
});

const emailBody = z.object({ email: emailField });

/** Frontegg's IForgotPasswordV2. */
const identifierBody = z.object({
  identifier: z.string().trim().min(1).max(320),
  identifierType: z.enum(['email', 'phoneNumber', 'username']),
});

/** Sign-up with another identifier in place of the email: the sign-up body's other fields, all optional. */
const signUpBy = <S extends z.ZodRawShape>(route: ApiPath, identifier: S) =>
  contract({
    route,
    body: signUpBody.omit({ email: true }).extend(identifier).partial(),
    response: signUpAnswer,
  });

export const signupContracts = {
  signUpUser: contract({ route: paths.auth.signUpUser, body: signUpBody, response: signUpAnswer }),
  /** Sign-up by phone number: this server signs up by email only (getSignUpStrategies): a 400. */
  signUpUserWithPhoneNumber: signUpBy(paths.auth.signUpUserWithPhoneNumber, {
    phoneNumber: z.string().min(1).max(40),
  }),
  /** Sign-up by username: not offered either (getSignUpStrategies): a 400. */
  signUpUserWithUsername: signUpBy(paths.auth.signUpUserWithUsername, {
    username: z.string().min(1).max(100),
  }),
  getActivateAccountStrategy: contract({
    route: paths.auth.getActivateAccountStrategy,
    query: link,
    response: z.object({ shouldSetPassword: z.boolean() }),
  }),
  /** Takes an activation link's token or an invitation link's token (as Frontegg's client sends both). */
  activateAccount: contract({ route: paths.auth.activateAccount, body: activateBody, response: signedIn }),
  activateAccountWithOTC: contract({
    route: paths.auth.activateAccountWithOTC,
    body: activateBody.extend({ code: codeField }),
    response: signedIn,
  }),
  resendActivationEmail: contract({
    route: paths.auth.resendActivationEmail,
    body: emailBody,
    response: empty,
  }),
  acceptInvitation: contract({ route: paths.auth.acceptInvitation, body: link, response: acceptAnswer }),
  acceptInvitationWithOTC: contract({
    route: paths.auth.acceptInvitationWithOTC,
    body: link.extend({ code: codeField }),
    response: acceptAnswer,
  }),
  /** A tenant invite link's token: answers the tenant's name (a JSON string, as Frontegg's type says). */
  verifyInviteToken: contract({
    route: paths.auth.verifyInviteToken,
    body: z.object({ token: tokenField }),
    response: z.string(),
  }),
  resendInvitationEmail: contract({
    route: paths.auth.resendInvitationEmail,
    body: emailBody,
    response: empty,
  }),
  forgotPassword: contract({ route: paths.auth.forgotPassword, body: emailBody, response: empty }),
  resetPasswordViaEmail: contract({
    route: paths.auth.resetPasswordViaEmail,
    body: identifierBody,
    response: empty,
  }),
  /** Recovery by SMS is not offered (getPasswordRecoveryStrategies): a 400. */
  resetPasswordViaSms: contract({
    route: paths.auth.resetPasswordViaSms,
    body: identifierBody,
    response: z.object({ sessionId: z.string() }),
  }),
  verifyPasswordViaSms: contract({
    route: paths.auth.verifyPasswordViaSms,
    body: z.object({ otcToken: z.string().min(1).max(200), sessionId: z.string().min(1).max(200) }),
    response: link,
  }),
  validateResetPasswordToken: contract({
    route: paths.auth.validateResetPasswordToken,
    body: link,
    response: empty,
  }),
  resetPassword: contract({
    route: paths.auth.resetPassword,
    body: link.extend({ password: newPassword }),
    response: empty,
  }),
  changePassword: contract({
    route: paths.teams.changePassword,
    body: z.object({ password: z.string().min(1).max(1024), newPassword }),
    response: empty,
  }),
  /** The password rules of the account of the user named (Frontegg's IGetUserPasswordConfig), else the vendor's. */
  loadPasswordConfig: contract({
    route: paths.auth.loadPasswordConfig,
    query: z.object({ userId: z.string().max(100).optional() }),
    response: passwordConfigPolicy,
  }),
} as const;
