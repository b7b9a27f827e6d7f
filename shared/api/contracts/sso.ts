// SSO sign-in (LOGIN-007, ROUTE-013/014): the post-login of the login box's OIDC and SAML callback routes
// (the one-time login code for a session), and whether SSO is offered at all.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { loginAnswer } from './auth';

const a = paths.auth;

/** SSO types (ENUM-014); our configurations are oidc or saml. */
export const ssoType = z.enum(['saml', 'okta', 'azure', 'google', 'oidc']);

/** The one-time login code of a callback route. */
const codeBody = z.object({ code: z.string().min(1).max(200) });

export const ssoContracts = {
  oidcPostLogin: contract({ route: a.oidcPostLogin, body: codeBody, response: loginAnswer }),
  oidcPostLoginV2: contract({ route: a.oidcPostLoginV2, body: codeBody, response: loginAnswer }),
  /** The SAML post-login (Frontegg's `postLogin`). */
  postLogin: contract({ route: a.postLogin, body: codeBody, response: loginAnswer }),
  getSSOPublicConfiguration: contract({
    route: a.getSSOPublicConfiguration,
    response: z.object({ isActive: z.boolean() }),
  }),
} as const;

/**
 * The `error` of an SSO or social callback redirect when the account's email-domain restrictions refused the
 * address the provider gave (any other failure is `login_failed`).
 */
export const EMAIL_DOMAIN_REFUSED = 'email_domain_not_allowed';
