import { expect } from '@open-wc/testing';
import { CHECKOUT_SUBSCRIPTION_NOT_FOUND } from '../../shared/api/contracts/billing';
import type { Subscription, SubscriptionChange } from '../../shared/api/billing';
import {
  CHECKOUT_ACTIONS,
  checkoutReducer,
  confirmCheckout,
  decideConfirm,
  initialCheckoutState,
  SUBSCRIPTION_NOT_FOUND,
  type CheckoutAction,
  type CheckoutState,
  type ConfirmDeps,
} from './checkout.machine';

/** The choice BILLING-031's shortcut takes: the subscription's own plan, paid with the saved card. */
const samePlanSavedCard = { planId: 'plan-pro', currentPlanId: 'plan-pro', payingWithSaved: true };

/** Runs a confirm with deps that record each step (and the reducer's actions) in order. */
async function run(
  input: Parameters<typeof confirmCheckout>[0],
  overrides: Partial<ConfirmDeps> = {},
): Promise<{ steps: string[]; state: CheckoutState; result: string | null }> {
  const steps: string[] = [];
  let state: CheckoutState = initialCheckoutState;
  const deps: ConfirmDeps = {
    activateLocally: () => void steps.push('activateLocally'),
    paymentMethodId: async () => (steps.push('paymentMethodId'), 'pm-1'),
    updateSubscription: async (id: string, change: SubscriptionChange) => {
      steps.push(`update ${id} ${JSON.stringify(change)}`);
      return {} as Subscription;
    },
    reloadAfterCheckout: async () => void steps.push('reloadAfterCheckout'),
    ...overrides,
  };
  const dispatch = (action: CheckoutAction) => {
    steps.push(`dispatch ${action.type}`);
    state = checkoutReducer(state, action);
  };
  const result = await confirmCheckout(input, deps, dispatch, (e) => (e as Error).message);
  return { steps, state, result };
}

describe('the checkout slice', () => {
  it('[BILLING-019] holds fetching, loading, error and confirmed', () => {
    expect(initialCheckoutState).to.deep.equal({
      fetching: false,
      loading: false,
      error: null,
      confirmed: false,
    });
  });

  it('[ENUM-027] its actions are load, reset, submit and error, each handled by the reducer', () => {
    expect([...CHECKOUT_ACTIONS]).to.deep.equal(['load', 'reset', 'submit', 'error']);
    const busy: CheckoutState = { fetching: false, loading: true, error: 'x', confirmed: true };
    const load = checkoutReducer(busy, { type: 'load' });
    expect(load).to.deep.equal({ fetching: true, loading: true, error: null, confirmed: false });
    expect(checkoutReducer(busy, { type: 'reset' })).to.deep.equal(initialCheckoutState);
    expect(checkoutReducer(initialCheckoutState, { type: 'submit' }).loading).to.equal(true);
    expect(checkoutReducer(busy, { type: 'error', error: 'nope' })).to.deep.equal({
      fetching: false,
      loading: false,
      error: 'nope',
      confirmed: true,
    });
  });

  it('[BILLING-034] submit sets loading (and clears an earlier error)', () => {
    const failed = checkoutReducer(initialCheckoutState, { type: 'error', error: 'declined' });
    expect(checkoutReducer(failed, { type: 'submit' })).to.deep.equal({
      ...initialCheckoutState,
      loading: true,
    });
  });

  it('[BILLING-033] a confirm error is stored in the checkout state', async () => {
    const { state, steps, result } = await run(
      { subscription: { id: 's1', status: 'ACTIVE' }, summaryPaymentMethodId: '', ...samePlanSavedCard },
      {
        updateSubscription: async () => {
          throw new Error('Your card was declined.');
        },
      },
    );
    expect(result).to.equal(null);
    expect(state).to.deep.equal({ ...initialCheckoutState, error: 'Your card was declined.' });
    expect(steps).to.not.include('reloadAfterCheckout');
  });
});

describe('checkout confirm', () => {
  it("[BILLING-030] without a subscription fails with 'Subscription not found' (no full stop), calling nothing", async () => {
    expect(SUBSCRIPTION_NOT_FOUND).to.equal('Subscription not found');
    expect(SUBSCRIPTION_NOT_FOUND).to.equal(CHECKOUT_SUBSCRIPTION_NOT_FOUND);
    const { steps, state } = await run({
      subscription: null,
      summaryPaymentMethodId: 'pm',
      ...samePlanSavedCard,
    });
    expect(steps).to.deep.equal(['dispatch submit', 'dispatch error']);
    expect(state.error).to.equal('Subscription not found');
    expect(state.confirmed).to.equal(false);
  });

  it('[BILLING-031] TRIALING with a payment method in the summary, the same plan and the saved card: ACTIVE locally, no server step, confirmed', async () => {
    for (const status of ['TRIALING', 'trialing']) {
      const { steps, state, result } = await run({
        subscription: { id: 's1', status },
        summaryPaymentMethodId: 'pm-1',
        ...samePlanSavedCard,
      });
      expect(steps).to.deep.equal(['dispatch submit', 'activateLocally', 'dispatch setState']);
      expect(state).to.deep.equal({ ...initialCheckoutState, confirmed: true });
      expect(result).to.equal('s1');
    }
    const trialing = { id: 's1', status: 'TRIALING' };
    const update = { kind: 'update', subscriptionId: 's1' };
    // TRIALING without a card in the summary goes through the server.
    expect(decideConfirm(trialing, '', samePlanSavedCard)).to.deep.equal(update);
    // Another plan, a new card typed, or an unknown current plan: through the server too (BILLING-032).
    expect(
      decideConfirm(trialing, 'pm-1', { ...samePlanSavedCard, planId: 'plan-enterprise' }),
    ).to.deep.equal(update);
    expect(decideConfirm(trialing, 'pm-1', { ...samePlanSavedCard, payingWithSaved: false })).to.deep.equal(
      update,
    );
    expect(decideConfirm(trialing, 'pm-1', { ...samePlanSavedCard, currentPlanId: null })).to.deep.equal(
      update,
    );
  });

  it('[BILLING-032] TRIALING with a card in the summary but another plan: the update with the saved card and the new plan', async () => {
    const { steps, state, result } = await run({
      subscription: { id: 's1', status: 'TRIALING' },
      summaryPaymentMethodId: 'pm-1',
      planId: 'plan-enterprise',
      currentPlanId: 'plan-pro',
      payingWithSaved: true,
    });
    expect(steps).to.deep.equal([
      'dispatch submit',
      'paymentMethodId',
      'update s1 {"paymentMethodId":"pm-1","planId":"plan-enterprise"}',
      'reloadAfterCheckout',
      'dispatch setState',
    ]);
    expect(state).to.deep.equal({ ...initialCheckoutState, confirmed: true });
    expect(result).to.equal('s1');
  });

  it('[BILLING-032] TRIALING on the same plan with a new card typed: the new card is saved and sent', async () => {
    const { steps } = await run(
      {
        subscription: { id: 's1', status: 'TRIALING' },
        summaryPaymentMethodId: 'pm-old',
        ...samePlanSavedCard,
        payingWithSaved: false,
      },
      { paymentMethodId: async () => 'pm-new' },
    );
    expect(steps).to.deep.equal([
      'dispatch submit',
      'update s1 {"paymentMethodId":"pm-new","planId":"plan-pro"}',
      'reloadAfterCheckout',
      'dispatch setState',
    ]);
  });

  it('[BILLING-032] otherwise: the card, the update with paymentMethodId and planId, the reloads, then confirmed', async () => {
    const { steps, state } = await run({
      subscription: { id: 's1', status: 'ACTIVE' },
      summaryPaymentMethodId: 'pm-old',
      planId: 'plan-enterprise',
      currentPlanId: 'plan-pro',
      payingWithSaved: true,
    });
    expect(steps).to.deep.equal([
      'dispatch submit',
      'paymentMethodId',
      'update s1 {"paymentMethodId":"pm-1","planId":"plan-enterprise"}',
      'reloadAfterCheckout',
      'dispatch setState',
    ]);
    expect(state).to.deep.equal({ ...initialCheckoutState, confirmed: true });
  });

  it('a card that could not be saved stops before the update', async () => {
    const { steps, state } = await run(
      { subscription: { id: 's1', status: 'TRIALING' }, summaryPaymentMethodId: '', ...samePlanSavedCard },
      {
        paymentMethodId: async () => {
          throw new Error('Your card was declined.');
        },
      },
    );
    expect(steps.some((s) => s.startsWith('update'))).to.equal(false);
    expect(state.error).to.equal('Your card was declined.');
  });
});
