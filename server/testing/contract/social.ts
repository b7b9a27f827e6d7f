// Contract script of social login: the provider lists, and the post-login's refusals (a login code comes
// only from a provider's round trip).
import { socialContracts as c } from '../../../shared/api/contracts/social';
import type { Script } from '../contract';

export const socialScript: Script = {
  family: 'social',
  steps: [
    { name: 'social providers', call: c.getSocialLoginProviders },
    { name: 'social providers (v2)', call: c.getSocialLoginProvidersV2 },
    {
      name: 'a post-login without a code is refused',
      call: c.loginViaSocialLogin,
      params: { provider: 'google' },
      body: {},
      expect: 400,
    },
    {
      name: 'an unknown login code does not sign in',
      call: c.loginViaSocialLogin,
      params: { provider: 'google' },
      body: { code: 'no-such-login-code' },
      expect: 401,
    },
  ],
};
