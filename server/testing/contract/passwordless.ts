// Contract script of pre-login and passwordless sign-in. The demo vendor signs in with a password: the
// passwordless calls are covered by their refusals (method not enabled, unknown type, no code matches).
import { passwordlessContracts as c } from '../../../shared/api/contracts/passwordless';
import type { Script } from '../contract';

export const passwordlessScript: Script = {
  family: 'passwordless',
  steps: [
    {
      name: 'pre-login of a domain without SSO',
      call: c.preLoginV2,
      body: { email: 'someone@nowhere.example' },
    },
    { name: 'pre-login (v1)', call: c.preLogin, body: { email: 'someone@nowhere.example' } },
    { name: 'pre-login needs an email', call: c.preLoginV2, body: { email: 'nope' }, expect: 400 },
    {
      name: 'a magic link is refused when it is not the vendor’s strategy',
      call: c.passwordlessPreLogin,
      params: { mappedType: 'magiclink' },
      body: { email: 'someone@example.com' },
      expect: 400,
    },
    {
      name: 'an unknown passwordless type is not found',
      call: c.passwordlessPreLogin,
      params: { mappedType: 'carrierpigeon' },
      body: { email: 'someone@example.com' },
      expect: 404,
    },
    {
      name: 'a post-login without token or code is refused',
      call: c.passwordlessPostLogin,
      params: { type: 'code' },
      body: {},
      expect: 400,
    },
    {
      name: 'a code that was never sent does not sign in',
      call: c.passwordlessPostLogin,
      params: { type: 'code' },
      body: { email: 'someone@example.com', code: '123456' },
      expect: 401,
    },
  ],
};
