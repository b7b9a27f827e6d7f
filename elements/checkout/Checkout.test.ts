import { expect, waitUntil } from '@open-wc/testing';
import { $, axeViolations, mount, resetPage, shadowText } from '../../shared/element/testing';
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
