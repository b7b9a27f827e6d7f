// Contract script of SSO sign-in: whether SSO is offered, and the post-logins' refusals (a login code comes
// only from an identity provider's round trip).
import { ssoContracts as c } from '../../../shared/api/contracts/sso';
import type { Script } from '../contract';

export const ssoScript: Script = {
  family: 'sso',
  steps: [
    { name: 'is SSO offered', call: c.getSSOPublicConfiguration },
    { name: 'an OIDC post-login without a code is refused', call: c.oidcPostLogin, body: {}, expect: 400 },
    {
      name: 'an unknown OIDC login code',
      call: c.oidcPostLogin,
      body: { code: 'no-such-code' },
      expect: 401,
    },
    {
      name: 'an unknown OIDC login code (v2)',
      call: c.oidcPostLoginV2,
      body: { code: 'no-such-code' },
      expect: 401,
    },
    { name: 'an unknown SAML login code', call: c.postLogin, body: { code: 'no-such-code' }, expect: 401 },
  ],
};
