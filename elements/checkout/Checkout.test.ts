import { expect } from '@open-wc/testing';
import { adminPortalApi, api, createApiClient, type RequestOptions } from '../../shared/api/client';
import { LOCAL_TEST_CARDS } from '../../shared/api/contracts/billing';
import type { ApiPath } from '../../shared/api/paths';
import { previewFetch } from '../../shared/api/preview';
import { SAMPLE_TENANT_ID } from '../../shared/api/preview/sampleData';
import { accessTokenAtom, userAtom } from '../../shared/auth/session.atoms';
import { installStripe, removeStripe } from '../../shared/billing/card/stripeFake';
import { billingInformationAtom, resetBilling } from '../../shared/billing/state';
import {
  $,
  axeViolations,
  mount,
  resetPage,
  setValue,
  shadowText,
  waitUntil,
} from '../../shared/element/testing';
import { entitlementsLoadAtom, loadedFlagsAtom } from '../../shared/flags/flags.atoms';
import { optionsAtom } from '../../shared/options/options.atoms';
import { store } from '../../shared/store';
import './index';

const ready = (root: ShadowRoot) => root.querySelector('[data-plan]') !== null;
const nextYear = String(new Date().getFullYear() + 1);

function signIn() {
  store.set(accessTokenAtom, 'token');
  store.set(userAtom, {
    id: 'u1',
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    tenantId: SAMPLE_TENANT_ID,
    tenantIds: [SAMPLE_TENANT_ID],
    roles: [{ id: 'r1', key: 'Admin', name: 'Admin' }],
    permissions: [{ key: 'fe.subscriptions.*' }],
  });
}

const button = (el: Element, text: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === text) ?? null;
const radio = (el: Element, text: string) =>
  [...el.shadowRoot!.querySelectorAll('label')]
    .find((l) => l.textContent === text)
    ?.querySelector<HTMLInputElement>('input[type="radio"]') ?? null;
const field = (el: Element, label: string) => {
  const found = [...el.shadowRoot!.querySelectorAll('label')].find((l) => l.textContent === label);
  return found ? (el.shadowRoot!.getElementById(found.htmlFor) as HTMLInputElement) : null;
};
const alertText = (el: Element) => $(el, '[role="alert"]')?.textContent ?? null;

function typeCard(el: Element, number: string) {
  setValue(field(el, 'Card number')!, number);
  setValue(field(el, 'Expiry month')!, '12');
  setValue(field(el, 'Expiry year')!, nextYear);
  setValue(field(el, 'CVC')!, '123');
  setValue(field(el, 'Name on card')!, 'Ada Lovelace');
}

/** The billing requests the element makes (the real client and the preview transport answer them). */
function recordRequests() {
  const made: string[] = [];
  const original = adminPortalApi.request;
  adminPortalApi.request = ((route: ApiPath, opts?: RequestOptions) => {
    made.push(`${route.method} ${route.path}`);
    return original(route, opts);
  }) as typeof adminPortalApi.request;
  return { made, restore: () => void (adminPortalApi.request = original) };
}

const subscription = () => previewFetch.state.subscriptions[0]!;

beforeEach(() => {
  previewFetch.reset();
  resetBilling();
  signIn();
});
afterEach(() => {
  resetPage();
  removeStripe();
});

describe('<fe-checkout> (SCREEN-074)', () => {
  it('[SCREEN-074] shows the current and the new plan with prices per month, and the saved card or a new one', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect($(el, 'h2')!.textContent).to.equal('Checkout');
    expect($(el, '[data-current-plan]')!.textContent).to.equal('Pro · $49.00 / month');
    expect($(el, '[data-plan]')!.textContent).to.equal('Enterprise · $199.00 / month');
    expect(radio(el, 'Pay with Visa ending in 4242')!.checked).to.equal(true);
    expect(radio(el, 'Use a new card')!.checked).to.equal(false);
    expect(field(el, 'Card number')).to.equal(null);
    radio(el, 'Use a new card')!.click();
    await waitUntil(() => field(el, 'Card number'));
    for (const label of ['Expiry month', 'Expiry year', 'CVC', 'Name on card'])
      expect(field(el, label), label).to.not.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[BILLING-032] with the saved card: the update, then the reloads, then confirmed; fe-checkout-success bubbles out', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'enterprise' }, ready);
    const success = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('fe-checkout-success', (e) => resolve(e as CustomEvent), { once: true }),
    );
    const requests = recordRequests();
    try {
      button(el, 'Confirm plan')!.click();
      const event = await success;
      expect(event.detail).to.deep.equal({ planId: 'plan-enterprise', subscriptionId: 'sub-acme' });
      expect(event.composed).to.equal(true);
      await waitUntil(() => $(el, '[role="status"]')?.textContent === 'You are now on the Enterprise plan');
      expect(requests.made[0]).to.equal('PUT /subscriptions/resources/subscriptions/v1/{subscriptionId}');
      const reloads = requests.made.slice(1).join('\n');
      expect(reloads).to.contain('summaries').and.contain('payment-methods').and.contain('invoices');
      expect(subscription()).to.include({ planId: 'plan-enterprise', status: 'active' });
      expect(button(el, 'Confirm plan')).to.equal(null);
      expect(await axeViolations(el)).to.deep.equal([]);
    } finally {
      requests.restore();
    }
  });

  it('[BILLING-034] submit sets loading: the button says Confirming… and is disabled', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => button(el, 'Confirming…'));
    expect(button(el, 'Confirming…')!.disabled).to.equal(true);
    expect(button(el, 'Confirming…')!.getAttribute('aria-busy')).to.equal('true');
    await waitUntil(() => shadowText(el).includes('You are now on the Enterprise plan'));
  });

  it('[BILLING-031] TRIALING Pro with a card in the summary, choosing Pro with the saved card: ACTIVE locally, no request, confirmed', async () => {
    subscription().status = 'trialing';
    expect(subscription().planId).to.equal('plan-pro');
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-pro' }, ready);
    expect(store.get(billingInformationAtom).data!.summary.paymentMethodId).to.not.equal('');
    expect(radio(el, 'Pay with Visa ending in 4242')!.checked).to.equal(true);
    const requests = recordRequests();
    const before = api.request;
    let apiCalls = 0;
    api.request = ((...args: Parameters<typeof api.request>) => (
      apiCalls++,
      before(...args)
    )) as typeof api.request;
    try {
      button(el, 'Confirm plan')!.click();
      await waitUntil(() => shadowText(el).includes('You are now on the Pro plan'));
      expect(requests.made).to.deep.equal([]);
      expect(store.get(billingInformationAtom).data!.subscription!.status.toUpperCase()).to.equal('ACTIVE');
      expect(subscription().status).to.equal('trialing');
    } finally {
      requests.restore();
      api.request = before;
    }
    expect(apiCalls).to.be.at.most(1); // at most the entitlements reload (not a billing call)
  });

  it('[BILLING-032] TRIALING Pro with a card in the summary, choosing Enterprise: the update with the saved card, not the local shortcut', async () => {
    subscription().status = 'trialing';
    const savedCardId = previewFetch.state.paymentMethods[0]!.id;
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect(store.get(billingInformationAtom).data!.summary.paymentMethodId).to.not.equal('');
    const requests = recordRequests();
    try {
      button(el, 'Confirm plan')!.click();
      await waitUntil(() => shadowText(el).includes('You are now on the Enterprise plan'));
      expect(requests.made[0]).to.equal('PUT /subscriptions/resources/subscriptions/v1/{subscriptionId}');
      expect(requests.made.slice(1).join('\n')).to.contain('summaries');
      expect(subscription()).to.include({
        planId: 'plan-enterprise',
        status: 'active',
        paymentMethodId: savedCardId,
      });
    } finally {
      requests.restore();
    }
  });

  it('[BILLING-032] TRIALING Pro, choosing Pro with a new card typed: the new card is saved and sent with the update', async () => {
    subscription().status = 'trialing';
    const oldCardId = previewFetch.state.paymentMethods[0]!.id;
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-pro' }, ready);
    radio(el, 'Use a new card')!.click();
    await waitUntil(() => field(el, 'Card number'));
    typeCard(el, '5555555555554444');
    const requests = recordRequests();
    try {
      button(el, 'Confirm plan')!.click();
      await waitUntil(() => shadowText(el).includes('You are now on the Pro plan'));
      expect(requests.made).to.include('PUT /subscriptions/resources/subscriptions/v1/{subscriptionId}');
      const card = previewFetch.state.paymentMethods[0]!;
      expect(card).to.include({ last4: '4444' });
      expect(card.id).to.not.equal(oldCardId);
      expect(subscription()).to.include({ planId: 'plan-pro', status: 'active', paymentMethodId: card.id });
    } finally {
      requests.restore();
    }
  });

  it("[BILLING-030] without a subscription: 'Subscription not found'", async () => {
    previewFetch.state.subscriptions = [];
    previewFetch.state.billingSummary.subscriptionId = '';
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    const requests = recordRequests();
    try {
      button(el, 'Confirm plan')!.click();
      await waitUntil(() => alertText(el));
      expect(alertText(el)).to.equal('Subscription not found');
      expect(requests.made).to.deep.equal([]);
    } finally {
      requests.restore();
    }
  });

  it('[BILLING-033] a new card that is declined: the error in place, typed fields kept, nothing changed; then a good card', async () => {
    subscription().status = 'trialing';
    subscription().paymentMethodId = null;
    previewFetch.state.paymentMethods = [];
    previewFetch.state.billingSummary.paymentMethodId = '';
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect(radio(el, 'Use a new card')).to.equal(null); // no saved card: the card entry alone
    typeCard(el, LOCAL_TEST_CARDS.declined);
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => alertText(el));
    expect(alertText(el)).to.equal('Your card was declined.');
    expect(field(el, 'Card number')!.value).to.equal(LOCAL_TEST_CARDS.declined);
    expect(field(el, 'Name on card')!.value).to.equal('Ada Lovelace');
    expect(subscription()).to.include({ planId: 'plan-pro', status: 'trialing' });
    expect(previewFetch.state.paymentMethods).to.deep.equal([]);
    expect(await axeViolations(el)).to.deep.equal([]);

    setValue(field(el, 'Card number')!, LOCAL_TEST_CARDS.visa);
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => shadowText(el).includes('You are now on the Enterprise plan'));
    expect(alertText(el)).to.equal(null);
    expect(subscription()).to.include({ planId: 'plan-enterprise', status: 'active' });
    expect(previewFetch.state.paymentMethods[0]).to.include({ last4: '4242' });
  });

  it('a downgrade the vendor does not allow: "Moving to a cheaper plan is not allowed"', async () => {
    previewFetch.state.vendorBillingConfig.allowPlanDowngrade = false;
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-free' }, ready);
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => alertText(el));
    expect(alertText(el)).to.equal('Moving to a cheaper plan is not allowed');
    expect(subscription().planId).to.equal('plan-pro');
  });

  it("with the Stripe provider: Stripe's Card Element (stubbed loader), confirmed through confirmCardSetup", async () => {
    const calls = installStripe();
    previewFetch.state.billingProvider.mode = 'stripe';
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    radio(el, 'Use a new card')!.click();
    await waitUntil(() => calls.mounts.length === 1, 'the Card Element was not mounted');
    const target = calls.mounts[0]!;
    expect(target.matches('[data-stripe-card]')).to.equal(true);
    expect(target.parentElement).to.equal(el);
    expect(target.assignedSlot?.getRootNode()).to.equal(el.shadowRoot);
    expect(calls.keys).to.deep.equal([previewFetch.state.billingProvider.publishableKey]);
    expect(field(el, 'Card number')).to.equal(null);
    setValue(field(el, 'Name on card')!, 'Grace Hopper');
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => shadowText(el).includes('You are now on the Enterprise plan'));
    expect(calls.confirms).to.have.length(1);
    expect(calls.confirms[0]!.data.payment_method.billing_details).to.deep.equal({ name: 'Grace Hopper' });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('after success the entitlements load again, so entries gated by a plan feature change at once', async () => {
    const el = await mount(
      'fe-checkout',
      { preview: '', 'plan-id': 'plan-enterprise', entitlements: '{"enabled":true}' },
      ready,
    );
    // The page's load sequence has run: the entitlements flag on from now, nothing loaded yet.
    store.set(loadedFlagsAtom, { 'fe-entitlements': true });
    store.set(entitlementsLoadAtom, { status: 'idle' });
    button(el, 'Confirm plan')!.click();
    await waitUntil(() => store.get(entitlementsLoadAtom).status !== 'idle', 'entitlements not reloaded');
    expect(store.get(entitlementsLoadAtom).status).to.equal('loaded');
    store.set(loadedFlagsAtom, {});
    store.set(entitlementsLoadAtom, { status: 'idle' });
  });

  it('[BILLING-036] in preview without a user: the plan and "Not authorized" in place, nothing to confirm; a sign-in loads again', async () => {
    store.set(userAtom, null);
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'plan-enterprise' }, ready);
    expect(alertText(el)).to.equal('Not authorized');
    expect(button(el, 'Confirm plan')).to.equal(null);
    signIn();
    await waitUntil(() => button(el, 'Confirm plan'), 'the sign-in did not load the checkout again');
    expect(alertText(el)).to.equal(null);
  });

  it('without a known plan it says so', async () => {
    const el = await mount('fe-checkout', { preview: '', 'plan-id': 'nope' }, (r) =>
      /No plan is selected/.test(r.textContent ?? ''),
    );
    expect($(el, 'button')).to.equal(null);
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
  const original = adminPortalApi.request;
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
      source: 'admin-portal',
    });
    adminPortalApi.request = ((route: ApiPath, opts?: RequestOptions) => {
      loads++;
      return failing ? server.request({ method: 'GET', path: '' }, { query: broken }) : original(route, opts);
    }) as typeof adminPortalApi.request;
  });
  afterEach(() => {
    adminPortalApi.request = original;
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
    button(el, 'Try again')!.click();
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
