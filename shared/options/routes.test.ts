import { expect } from '@open-wc/testing';
import { defaultRoutes, routeKeys } from './routes';

describe('routes', () => {
  it('[ROUTE-002] loginUrl defaults to /account/login', () => {
    expect(defaultRoutes.loginUrl).to.equal('/account/login');
  });
  it('[ROUTE-018] signUpSuccessUrl, customLoginUrl and customLoginAuthenticatedUrl exist without default', () => {
    expect(routeKeys).to.include.members(['signUpSuccessUrl', 'customLoginUrl', 'customLoginAuthenticatedUrl']);
    expect(defaultRoutes).not.to.have.property('signUpSuccessUrl');
  });
});
