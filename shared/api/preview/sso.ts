// SSO sign-in in the preview: whether SSO is offered, and no login code to redeem.
import { ssoContracts as c } from '../contracts/sso';
import { paths } from '../paths';
import { fail, on, parseWith, type PreviewRequest, type PreviewRoute } from './common';

/** The post-login of a callback route: the preview issues no login codes. */
const postLogin = (req: PreviewRequest) => {
  parseWith(c.oidcPostLogin.body, req.body);
  throw fail(401, 'Failed to authenticate');
};

export const ssoHandlers: PreviewRoute[] = [
  // The preview offers no SSO sign-in (pre-login finds no SSO domain).
  on(paths.auth.getSSOPublicConfiguration, () => ({ isActive: false })),
  on(paths.auth.oidcPostLogin, postLogin),
  on(paths.auth.oidcPostLoginV2, postLogin),
  on(paths.auth.postLogin, postLogin),
];
