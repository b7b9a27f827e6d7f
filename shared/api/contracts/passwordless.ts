// Pre-login (the SSO lookup by email) and passwordless sign-in: magic link, email code, SMS code
// (LOGIN-002, 004–008, 021), and the auth strategies they follow.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty } from './common';
import { authStrategy, loginAnswer } from './auth';
import { ssoType } from './sso';

const a = paths.auth;

/**
 * The passwordless types of the wire (`{mappedType}` / `{type}` of the paths table): Frontegg's client puts
 * the passwordless auth strategy (ENUM-039) in the path in lower case.
 */
export const passwordlessType = z.enum(['magiclink', 'code', 'smscode']);
/** The auth strategy of each passwordless type. */
export const passwordlessStrategy = {
  magiclink: 'MagicLink',
  code: 'Code',
  smscode: 'SmsCode',
} as const satisfies Record<z.infer<typeof passwordlessType>, z.infer<typeof authStrategy>>;

const email = z.string().trim().toLowerCase().email().max(320);
const tenantId = z.string().max(100).optional();
const recaptchaToken = z.string().max(4096).optional();
const invitationToken = z.string().max(4096).optional();

/** Pre-login's answer: the SSO address when the email's domain signs in through SSO; else nothing. */
export const preLoginAnswer = z.union([
  z.object({ address: z.string(), idpType: ssoType }),
  z.object({ address: z.undefined().optional(), idpType: z.undefined().optional() }),
]);

const preLoginBody = z.object({ email, tenantId, username: z.string().max(320).optional() });

export const passwordlessContracts = {
  preLogin: contract({ route: a.preLogin, body: preLoginBody, response: preLoginAnswer }),
  preLoginV2: contract({ route: a.preLoginV2, body: preLoginBody, response: preLoginAnswer }),
  /** Sends the link or code; known and unknown emails get the same (empty) answer. */
  passwordlessPreLogin: contract({
    route: a.passwordlessPreLogin,
    params: z.object({ mappedType: passwordlessType }),
    body: z.object({ email, tenantId, recaptchaToken, invitationToken }),
    response: empty,
  }),
  /** The magic-link token, or the email and the typed code. */
  passwordlessPostLogin: contract({
    route: a.passwordlessPostLogin,
    params: z.object({ type: passwordlessType }),
    body: z.union([
      z.object({
        token: z.string().min(1).max(200),
        email: email.optional(),
        recaptchaToken,
        invitationToken,
      }),
      z.object({ code: z.string().min(1).max(20), email, recaptchaToken, invitationToken }),
    ]),
    response: loginAnswer,
  }),
} as const;
