import { expect } from '@open-wc/testing';
import { axeViolations, goTo, mount, resetPage } from '../../shared/element/testing';
import { providerLabel, readSsoCallback, SSO_FAILURE_REDIRECT_MS } from './flows/sso.machine';
import './index';

afterEach(() => {
  resetPage();
  goTo('');
});

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
    const failed = { kind: 'failed', domainRefused: false };
    expect(readSsoCallback(new URLSearchParams('error=login_failed'))).to.deep.equal(failed);
    expect(readSsoCallback(new URLSearchParams('code=abc&error=x'))).to.deep.equal(failed);
    expect(readSsoCallback(new URLSearchParams(''))).to.deep.equal(failed);
    expect(readSsoCallback(new URLSearchParams('error=email_domain_not_allowed'))).to.deep.equal({
      kind: 'failed',
      domainRefused: true,
    });
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

  it('[SECURITY-014] a callback refused by the email-domain restrictions says so and stays for it to be read', async () => {
    goTo('#/account/oidc/callback?error=email_domain_not_allowed');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      (root.textContent ?? '').includes('domain is not allowed'),
    );
    const at = location.hash;
    await new Promise((resolve) => setTimeout(resolve, SSO_FAILURE_REDIRECT_MS + 300));
    expect(location.hash).to.equal(at);
    expect(el.shadowRoot!.textContent).to.include('Ask its administrator');
    expect(el.shadowRoot!.textContent).not.to.include('Single sign-on failed');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[LOGIN-020] any other callback failure shows loginWithSSOFailed', async () => {
    goTo('#/account/oidc/callback?error=login_failed');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, (root) =>
      (root.textContent ?? '').includes('Single sign-on failed'),
    );
    expect(el.shadowRoot!.textContent).not.to.include('domain is not allowed');
  });
});
