import { expect, waitUntil } from '@open-wc/testing';
import { $, axeViolations, mount, resetPage } from '../../shared/element/testing';
import './index';

const goTo = (hash: string) => {
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
};
afterEach(() => {
  resetPage();
  goTo('');
});

const routes: [string, string, RegExp][] = [
  ['#/account/sign-up', 'signUp', /Create your account/],
  ['#/account/forget-password', 'forgotPassword', /Reset your password/],
  ['#/account/reset-password?userId=u1&token=t1', 'resetPassword', /Choose a new password/],
  ['#/account/activate', 'activate', /Send a new link/],
  ['#/account/invitation/accept', 'acceptInvitation', /This invitation link is incomplete/],
];

describe('login-box screens', () => {
  for (const [hash, screen, text] of routes) {
    for (const mode of ['light', 'dark']) {
      it(`${screen} renders at its route and passes axe-core (${mode} theme)`, async () => {
        goTo(hash);
        const el = await mount(
          'fe-login-box',
          { preview: '', 'url-strategy': 'hash', 'theme-mode': mode },
          (root) => text.test(root.textContent ?? ''),
        );
        expect($(el, `[data-screen="${screen}"]`)).to.exist;
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }
  }

  it('sign-up validates before calling the server', async () => {
    goTo('#/account/sign-up');
    const el = await mount(
      'fe-login-box',
      { preview: '', 'url-strategy': 'hash' },
      (root) => root.querySelector('form') !== null,
    );
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => (el.shadowRoot?.textContent ?? '').includes('This field is required'));
    expect(el.shadowRoot!.querySelectorAll('[aria-invalid="true"]').length).to.equal(3);
  });
});
