// Social login in the preview: no providers, and no login code to redeem.
import { socialContracts as c } from '../contracts/social';
import { paths } from '../paths';
import { fail, on, parseWith, type PreviewRoute } from './common';

export const socialHandlers: PreviewRoute[] = [
  on(paths.auth.getSocialLoginProviders, () => []),
  on(paths.auth.getSocialLoginProvidersV2, () => []),
  on(paths.auth.getSocialLoginProvidersV2ForAuthenticatedUser, () => []),
  on(paths.auth.loginViaSocialLogin, (req) => {
    parseWith(c.loginViaSocialLogin.body, req.body);
    throw fail(401, 'Failed to authenticate');
  }),
];
