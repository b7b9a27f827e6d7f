import { expect } from '@open-wc/testing';
import { providerLabel, readSsoCallback, SSO_FAILURE_REDIRECT_MS } from './flows/sso.machine';

describe('SSO and social callback routes', () => {
  it('[LOGIN-020] an SSO failure waits 1 second before the redirect to the authenticated URL', () => {
    expect(SSO_FAILURE_REDIRECT_MS).to.equal(1000);
  });

  it('[ROUTE-013] [ROUTE-014] a callback with a login code exchanges it; an error or no code is a failure', () => {
    expect(readSsoCallback(new URLSearchParams('code=abc'))).to.deep.equal({
      kind: 'code',
      code: 'abc',
      provider: null,
    });
    expect(readSsoCallback(new URLSearchParams('error=login_failed'))).to.deep.equal({ kind: 'failed' });
    expect(readSsoCallback(new URLSearchParams('code=abc&error=x'))).to.deep.equal({ kind: 'failed' });
    expect(readSsoCallback(new URLSearchParams(''))).to.deep.equal({ kind: 'failed' });
  });

  it('[ROUTE-011] the social callback names its provider; buttons show provider names', () => {
    expect(readSsoCallback(new URLSearchParams('code=c&provider=google'))).to.deep.equal({
      kind: 'code',
      code: 'c',
      provider: 'google',
    });
    expect(providerLabel('github')).to.equal('GitHub');
    expect(providerLabel('acme')).to.equal('Acme');
  });
});
