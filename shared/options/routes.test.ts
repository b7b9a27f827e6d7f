import { expect } from '@open-wc/testing';
import { resolveOptions } from './options';
import { defaultRoutes, routeKeys, type AuthRoutes } from './routes';

const seedDefaults: [string, keyof AuthRoutes, string][] = [
  ['[ROUTE-001]', 'authenticatedUrl', '/'],
  ['[ROUTE-002]', 'loginUrl', '/account/login'],
  ['[ROUTE-003]', 'stepUpUrl', '/account/step-up'],
  ['[ROUTE-004]', 'logoutUrl', '/account/logout'],
  ['[ROUTE-005]', 'activateUrl', '/account/activate'],
  ['[ROUTE-006]', 'impersonationUrl', '/account/impersonate'],
  ['[ROUTE-007]', 'acceptInvitationUrl', '/account/invitation/accept'],
  ['[ROUTE-008]', 'forgetPasswordUrl', '/account/forget-password'],
  ['[ROUTE-009]', 'resetPhoneNumberUrl', '/account/reset-phone-number'],
  ['[ROUTE-010]', 'resetPasswordUrl', '/account/reset-password'],
  ['[ROUTE-011]', 'socialLoginCallbackUrl', '/account/social/success'],
  ['[ROUTE-012]', 'signUpUrl', '/account/sign-up'],
  ['[ROUTE-013]', 'oidcRedirectUrl', '/account/oidc/callback'],
  ['[ROUTE-014]', 'samlCallbackUrl', '/account/saml/callback'],
  ['[ROUTE-015]', 'magicLinkCallbackUrl', '/account/login/magic-link'],
  ['[ROUTE-016]', 'hostedLoginRedirectUrl', '/oauth/callback'],
  ['[ROUTE-017]', 'openAppUrl', '/account/redirect'],
];

describe('auth routes', () => {
  for (const [id, key, value] of seedDefaults) {
    it(`${id} route key ${key} defaults to ${value}`, () => {
      expect(defaultRoutes[key]).to.equal(value);
      expect(resolveOptions({}).routes[key]).to.equal(value);
    });
  }

  it('[ROUTE-018] signUpSuccessUrl, customLoginUrl and customLoginAuthenticatedUrl exist without default', () => {
    expect(routeKeys).to.include.members([
      'signUpSuccessUrl',
      'customLoginUrl',
      'customLoginAuthenticatedUrl',
    ]);
    for (const key of ['signUpSuccessUrl', 'customLoginUrl', 'customLoginAuthenticatedUrl'] as const) {
      expect(resolveOptions({}).routes[key]).to.equal(undefined);
      expect(resolveOptions({ routes: { [key]: '/x' } }).routes[key]).to.equal('/x');
    }
  });

  it('the table holds exactly the seed routes', () => {
    expect(Object.keys(defaultRoutes).sort()).to.deep.equal(seedDefaults.map(([, key]) => key).sort());
  });
});
