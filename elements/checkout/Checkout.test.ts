import { expect } from '@open-wc/testing';
import { api, createApiClient, type RequestOptions } from '../../shared/api/client';
import type { ApiPath } from '../../shared/api/paths';
import { $, axeViolations, mount, resetPage, shadowText, waitUntil } from '../../shared/element/testing';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import { decideConfirm, normalizeStatus, planPrice } from './checkout.machine';
import './index';

afterEach(resetPage);

const ready = (root: ShadowRoot) => root.querySelector('[data-plan]') !== null;

describe('<fe-checkout>', () => {
  it('shows the plan to confirm with its price, in preview', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect($(el, '[data-plan]')!.getAttribute('data-plan')).to.equal('plan-enterprise');
    expect(shadowText(el)).to.match(/Enterprise/);
    expect(shadowText(el)).to.match(/\$199\.00 \/ month/);
  });

  it('confirms the plan and fires fe-checkout-success', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    const success = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('fe-checkout-success', (e) => resolve(e as CustomEvent), { once: true }),
    );
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Confirm plan')!.click();
    expect((await success).detail.planId).to.equal('plan-enterprise');
    await waitUntil(() => shadowText(el).includes('Your plan is now Enterprise.'));
  });

  it('without a known plan it says so', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'nope' }, (r) =>
      /No plan is selected/.test(r.textContent ?? ''),
    );
    expect($(el, 'button')).to.equal(null);
  });

  it('passes an axe-core accessibility check', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('confirm rules: no subscription fails, trialing with a card activates locally, else update', () => {
    expect(decideConfirm(null, 'p', 'pm')).to.deep.equal({ kind: 'error', error: 'Subscription not found' });
    expect(decideConfirm({ id: 's', status: 'TRIALING' }, 'p', 'pm')).to.deep.equal({
      kind: 'activateLocally',
    });
    expect(decideConfirm({ id: 's', status: 'ACTIVE' }, 'p', 'pm')).to.deep.equal({
      kind: 'update',
      subscriptionId: 's',
      body: { paymentMethodId: 'pm', planId: 'p' },
    });
    expect(normalizeStatus('whatever')).to.equal('EXPIRED');
    expect(planPrice({ id: 'x', name: 'X', price: { amount: 49 } }, 'en')).to.equal('$49.00');
  });
});

describe('<fe-checkout> when its data cannot load', () => {
  const respondBase = `${location.origin}/test-api/respond`;
  /** The reference server's answer to a request that broke. */
  const broken = {
    status: '500',
    type: 'application/json',
    body: JSON.stringify({ errors: ['Internal server error'], errorCode: 'ER-6005' }),
  };
  const original = api.request;
  let failing = true;
  let loads = 0;
  beforeEach(() => {
    failing = true;
    loads = 0;
    // Real HTTP answers through a real client, in the page's locale; the preview answers once healed.
    const server = createApiClient({
      getOptions: () => ({
        ...store.get(optionsAtom),
        preview: false,
        baseUrl: respondBase,
        logLevel: 'none',
      }),
      getToken: () => null,
      source: 'login-box',
    });
    api.request = ((route: ApiPath, opts?: RequestOptions) => {
      loads++;
      return failing ? server.request({ method: 'GET', path: '' }, { query: broken }) : original(route, opts);
    }) as typeof api.request;
  });
  afterEach(() => {
    api.request = original;
  });

  const failed = (root: ShadowRoot) => root.querySelector('[data-error-state]') !== null;

  it('shows a titled error in English with the catalog text of the code, and Retry loads again', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, failed);
    const alert = $(el, '[role="alert"]')!;
    expect($(el, '[part="alert-title"]')!.textContent).to.equal('The checkout could not load');
    expect(alert.textContent).to.contain('Something went wrong on the server. Try again later.');
    expect(shadowText(el)).not.to.contain('Internal server error');
    const before = loads;
    failing = false;
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitUntil(() => ready(el.shadowRoot!), 'retry did not load the checkout', { timeout: 5000 });
    expect(loads).to.be.greaterThan(before);
    expect($(el, '[data-error-state]')).to.equal(null);
  });

  it('says it in Hebrew under locale he', async () => {
    const el = await mount(
      'fe-checkout',
      { preview: '', 'plan-id': 'plan-enterprise', locale: 'he' },
      failed,
    );
    expect($(el, '[part="alert-title"]')!.textContent).to.equal('לא ניתן היה לטעון את אישור התוכנית');
    expect($(el, '[role="alert"]')!.textContent).to.contain('משהו השתבש בשרת. כדאי לנסות שוב מאוחר יותר.');
    expect(el.shadowRoot!.querySelector('button')!.textContent).to.equal('לנסות שוב');
  });

  it('the failure view passes an axe-core accessibility check', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, failed);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
