import type { AuthAnswer } from '../auth/session';
import { api, type ApiClient } from './client';
import type { AnswerOf, BodyOf, QueryOf } from './contracts/contract';
import type { signupContracts } from './contracts/signup';
import { paths } from './paths';

type C = typeof signupContracts;

/** The user and token of a mailed link (activation, invitation, password reset). */
export type MailedLink = BodyOf<C['acceptInvitation']>;

/** A sign-up's answer: activation first, or (a vendor without activation) signed in at once. */
export type SignUpAnswer = AnswerOf<C['signUpUser']> & AuthAnswer;

/** An activation's answer: signed in, and where the server sends the new user. */
export type ActivateAnswer = AuthAnswer & { redirectLocation?: string };

/** The calls of the sign-up, activation, invitation and password-reset screens, bound to a client. */
export function createSignupApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** POST auth v1 user/signUp. */
    signUp: (body: BodyOf<C['signUpUser']>) => client.request<SignUpAnswer>(paths.auth.signUpUser, { body }),
    /** GET the activation strategy of a link: whether the user sets a password first. */
    activateStrategy: (query: QueryOf<C['getActivateAccountStrategy']>) =>
      client.request<AnswerOf<C['getActivateAccountStrategy']>>(paths.auth.getActivateAccountStrategy, {
        query,
      }),
    /** POST activate: the link, with the new password when the strategy asks for one. */
    activate: (body: BodyOf<C['activateAccount']>) =>
      client.request<ActivateAnswer>(paths.auth.activateAccount, { body }),
    /** POST a new activation mail. */
    resendActivationEmail: (email: string) =>
      client.request<void>(paths.auth.resendActivationEmail, { body: { email } }),
    /** POST accept an invitation: a new invitee gets the token that sets a first password. */
    acceptInvitation: (body: MailedLink) =>
      client.request<AnswerOf<C['acceptInvitation']>>(paths.auth.acceptInvitation, { body }),
    /** POST the password-reset mail. */
    forgotPassword: (email: string) => client.request<void>(paths.auth.forgotPassword, { body: { email } }),
    /** POST check a reset link before the form shows. */
    validateResetPasswordToken: (body: MailedLink) =>
      client.request<void>(paths.auth.validateResetPasswordToken, { body }),
    /** POST the new password of a reset link. */
    resetPassword: (body: BodyOf<C['resetPassword']>) =>
      client.request<void>(paths.auth.resetPassword, { body }),
  };
}

export const signupApi = createSignupApi(api);
