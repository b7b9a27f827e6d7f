import { expect } from '@open-wc/testing';
import { WRONG_PASSWORD } from '../../shared/api/preview/auth';
import { previewFetch } from '../../shared/api/preview/index';
import { clearSession } from '../../shared/auth/session';
import { $, goTo, mount, resetPage, setValue, waitUntil } from '../../shared/element/testing';
import './index';

const text = (el: Element) => el.shadowRoot?.textContent ?? '';
const hasForm = (root: ShadowRoot) => root.querySelector('form') !== null;
const mountLogin = () => {
  goTo('#/account/login');
  return mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, hasForm);
};
/** The email step, then the password step (where the captcha is). */
async function toPasswordStep(el: Element) {
  setValue($<HTMLInputElement>(el, 'input[name="email"]')!, 'ada@acme.example');
  if (!$(el, 'input[name="password"]')) $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
  await waitUntil(() => $(el, 'input[name="password"]'), 'no password step', { timeout: 10_000 });
}
const submitPassword = (el: Element, password: string) => {
  setValue($<HTMLInputElement>(el, 'input[name="password"]')!, password);
  $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
};
const widgetOf = (el: Element) => $<HTMLElement & { getState(): string }>(el, 'altcha-widget');

/** Ticks the widget's checkbox and waits until the proof of work is done. */
async function solve(el: Element) {
  await waitUntil(() => widgetOf(el)?.querySelector('input[type="checkbox"]'), 'no widget checkbox', {
    timeout: 10_000,
  });
  widgetOf(el)!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
  await waitUntil(() => widgetOf(el)?.getState() === 'verified', 'the captcha was not solved', {
    timeout: 15_000,
  });
}

before(() => localStorage.setItem('fe-passkeys-prompt-dismissed', '1'));
after(() => localStorage.removeItem('fe-passkeys-prompt-dismissed'));

afterEach(() => {
  clearSession();
  resetPage();
  previewFetch.reset();
  goTo('');
});

describe('login box: captcha (ALTCHA)', () => {
  it('[SECURITY-020] with the policy off, no widget is shown and ALTCHA is not loaded', async () => {
    const el = await mountLogin();
    await toPasswordStep(el);
    // The public policy answers after the preview's delay.
    await new Promise((r) => setTimeout(r, 800));
    expect(widgetOf(el)).to.equal(null);
  });

  it('[SECURITY-020] with the policy on, the password step shows the widget, refuses a submit until it is solved, then sends the solution', async () => {
    previewFetch.state.captchaPolicy.enabled = true;
    const el = await mountLogin();
    await toPasswordStep(el);
    await waitUntil(() => widgetOf(el), 'no captcha widget', { timeout: 10_000 });
    // The widget renders inside the box's shadow root, with its stylesheet there.
    const main = await waitUntil(() => widgetOf(el)?.querySelector('.altcha-main'), 'widget not rendered', {
      timeout: 10_000,
    }).then(() => widgetOf(el)!.querySelector<HTMLElement>('.altcha-main')!);
    expect(getComputedStyle(main).display).to.equal('flex');
    expect(widgetOf(el)!.textContent).to.contain("I'm not a robot");

    // Not solved: a clear message, and nothing is sent.
    submitPassword(el, 'a-good-password-1');
    await waitUntil(() => text(el).includes('Solve the captcha to continue'), 'no captcha message');
    await new Promise((r) => setTimeout(r, 700));
    expect(previewFetch.state.session.signedIn).to.equal(false);

    // Solved: the solution goes in `recaptchaToken` (the preview refuses a sign-in without one) and signs in.
    await solve(el);
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => previewFetch.state.session.signedIn, 'not signed in with the solution', {
      timeout: 10_000,
    });
    // The post-login steps end the sign-in (before the next test mounts a box). Other test files running at
    // the same time share localStorage: the passkeys offer may show first, and is declined.
    const notNow = () =>
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => b.textContent?.trim() === 'Not now',
      );
    await waitUntil(() => location.hash === '#/' || notNow(), 'no redirect after the sign-in');
    notNow()?.click();
    await waitUntil(() => location.hash === '#/', 'no redirect after the sign-in');
  });

  it('[SECURITY-020] after a refused sign-in the widget starts a new challenge (a solution works once)', async () => {
    previewFetch.state.captchaPolicy.enabled = true;
    const el = await mountLogin();
    await toPasswordStep(el);
    await solve(el);
    const first = widgetOf(el);
    // A wrong password is refused: the widget is replaced by a fresh, unsolved one.
    submitPassword(el, WRONG_PASSWORD);
    await waitUntil(() => widgetOf(el) && widgetOf(el) !== first, 'the widget was not reset', {
      timeout: 10_000,
    });
    expect(widgetOf(el)!.getState()).to.not.equal('verified');
  });

  it('[SECURITY-020] sign-up asks for the captcha too when the policy is on', async () => {
    previewFetch.state.captchaPolicy.enabled = true;
    goTo('#/account/sign-up');
    const el = await mount('fe-login-box', { preview: '', 'url-strategy': 'hash' }, hasForm);
    setValue($<HTMLInputElement>(el, 'input[name="name"]')!, 'New Person');
    setValue($<HTMLInputElement>(el, 'input[name="email"]')!, 'new@example.test');
    setValue($<HTMLInputElement>(el, 'input[name="password"]')!, 'a-good-password-1');
    await waitUntil(() => widgetOf(el), 'no captcha widget', { timeout: 10_000 });
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => text(el).includes('Solve the captcha to continue'), 'no captcha message');
    await solve(el);
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => /Check your inbox|new@example\.test/.test(text(el)), 'not signed up', {
      timeout: 10_000,
    });
  });
});
