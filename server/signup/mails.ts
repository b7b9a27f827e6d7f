import { mailOf } from '../mail/message';

const hello = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/** The link's one-time code (activateAccountWithOTC, acceptInvitationWithOTC), when the mail carries one. */
const codeLine = (code?: string) => (code ? [`Your one-time code: ${code}`] : []);

export const activationMail = (to: string, name: string, url: string, code?: string) =>
  mailOf(
    to,
    'Activate your account',
    [
      hello(name),
      'Thanks for signing up. Open the link below to activate your account; it works for 24 hours.',
      ...codeLine(code),
    ],
    { url, label: 'Activate your account' },
  );

export const signUpNoticeMail = (to: string, name: string, loginUrl: string, resetUrl: string) =>
  mailOf(to, 'Someone tried to sign up with your email', [
    hello(name),
    'Someone tried to sign up with your email address, which already has an account.',
    `If it was you, sign in (${loginUrl}) or reset your password (${resetUrl}). If not, you can ignore this message.`,
  ]);

export const invitationMail = (to: string, name: string, tenantName: string, url: string, code?: string) =>
  mailOf(
    to,
    `You have been invited to ${tenantName}`,
    [
      hello(name),
      `You have been invited to join ${tenantName}. Open the link below to accept the invitation.`,
      ...codeLine(code),
    ],
    { url, label: 'Accept the invitation' },
  );

export const resetPasswordMail = (to: string, name: string, url: string) =>
  mailOf(
    to,
    'Reset your password',
    [
      hello(name),
      'Open the link below to choose a new password; it works for one hour.',
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ],
    { url, label: 'Reset your password' },
  );

export const lockedOutMail = (to: string, name: string, unlockUrl: string, minutes: number) =>
  mailOf(
    to,
    'Your account was locked',
    [
      hello(name),
      `Sign-in to your account was blocked for ${minutes} minutes after too many wrong passwords.`,
      'If it was you, open the link below to unlock it now (it works for one hour). If it was not you, reset your password.',
    ],
    { url: unlockUrl, label: 'Unlock my account' },
  );
