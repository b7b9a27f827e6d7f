import { expect } from '@open-wc/testing';
import { resolveOptions } from '../../shared/options/options';
import { postLoginTarget } from './login.machine';
import { screenForPath } from './routing';

const routes = resolveOptions({ routes: { signUpSuccessUrl: '/welcome' } }).routes;

describe('login box routing', () => {
  it('[ROUTE-019] the login route shows the login screen', () => {
    expect(screenForPath('/account/login', routes)).to.equal('login');
    expect(screenForPath('/account/login/', routes)).to.equal('login');
  });

  it('[ROUTE-020] the page is skipped at the authenticated URL and at the sign-up success URL', () => {
    expect(screenForPath('/', routes)).to.equal('skip');
    expect(screenForPath('/welcome', routes)).to.equal('skip');
    expect(screenForPath('/welcome/', routes)).to.equal('skip');
    expect(screenForPath('/account/login', resolveOptions({}).routes)).to.equal('login');
  });

  it('each auth route shows its screen', () => {
    expect(screenForPath('/account/sign-up', routes)).to.equal('signUp');
    expect(screenForPath('/account/activate', routes)).to.equal('activate');
    expect(screenForPath('/account/invitation/accept', routes)).to.equal('acceptInvitation');
    expect(screenForPath('/account/forget-password', routes)).to.equal('forgotPassword');
    expect(screenForPath('/account/reset-password', routes)).to.equal('resetPassword');
    expect(screenForPath('/account/logout', routes)).to.equal('logout');
    expect(screenForPath('/anything/else', routes)).to.equal('login');
  });

  it('after login: the saved path, unless it is an auth page, else the authenticated URL', () => {
    expect(postLoginTarget('/reports', routes)).to.equal('/reports');
    expect(postLoginTarget(null, routes)).to.equal('/');
    for (const discarded of [
      '/account/login',
      '/account/logout',
      '/account/social/success',
      '/account/activate',
    ]) {
      expect(postLoginTarget(discarded, routes)).to.equal('/');
    }
  });
});
