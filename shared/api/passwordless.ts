import type { AuthAnswer } from '../auth/session';
import { api, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { passwordlessContracts, passwordlessType } from './contracts/passwordless';
import { paths } from './paths';
import type { z } from 'zod';

type C = typeof passwordlessContracts;

/** The passwordless types of the wire (`{mappedType}` / `{type}` of the paths table). */
export type PasswordlessType = z.infer<typeof passwordlessType>;

/** Answer of the pre-login lookup: an SSO address when the email's domain signs in through SSO. */
export type PreLoginAnswer = AnswerOf<C['preLoginV2']>;

/** Pre-login and passwordless calls (LOGIN-002..008), bound to a client. */
export function createPasswordlessApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** POST auth v2 user/sso/prelogin: lookup by email and tenant (LOGIN-006). */
    preLogin(email: string, tenantId?: string): Promise<PreLoginAnswer> {
      return client.request<PreLoginAnswer>(paths.auth.preLoginV2, {
        body: tenantId ? { email, tenantId } : { email },
      });
    },
    /** POST passwordless/{mappedType}/prelogin: sends the link or code. */
    passwordlessPreLogin(type: PasswordlessType, email: string): Promise<unknown> {
      return client.request(paths.auth.passwordlessPreLogin, {
        params: { mappedType: type },
        body: { email },
      });
    },
    /** POST passwordless/{type}/postlogin: the magic-link token, or the email and the typed code. */
    passwordlessPostLogin(
      type: PasswordlessType,
      body: BodyOf<C['passwordlessPostLogin']>,
    ): Promise<AuthAnswer> {
      return client.request<AuthAnswer>(paths.auth.passwordlessPostLogin, { params: { type }, body });
    },
  };
}

export const { preLogin, passwordlessPreLogin, passwordlessPostLogin } = createPasswordlessApi(api);
