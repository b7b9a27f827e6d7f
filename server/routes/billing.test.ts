// Billing through the app on the local provider (issue 19, BILLING-*, ENUM-020..026): the demo data, the
// guards and their exact messages, the lifecycle driven by the dev billing clock (trial, trial end with and
// without a card, upgrade charged, declined charge changing nothing, downgrade refused and allowed, cancel at
// period end then canceled, renew), entitlements following the plan, cards entered in the local form, the
// invoice PDF read back with pdf.js, tenant isolation, BILLING_PROVIDER=none.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  LOCAL_TEST_CARDS,
  type WireInvoice,
  type WirePaymentMethod,
  type WirePlan,
  type WireSubscription,
} from '../../shared/api/contracts/billing';
import { billingContracts as bc } from '../../shared/api/contracts/billing';
import { paths } from '../../shared/api/paths';
import { applyProviderEvent, startTrial } from '../billing/service';
import {
  billingAccounts,
  billingSetupIntents,
  billingSubscriptions,
  invoices,
  tenantEntitlements,
} from '../db/schema';
import { settled } from '../signup/background';
import { pdfText } from '../testing/pdf';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
const p = paths;
const fill = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

let t: TestServer;
let f: ReturnType<typeof fixtures>;
let admin: string;
let acme: string;
let plans: WirePlan[];
const plan = (name: string) => plans.find((x) => x.name === name)!;

const get = async <T>(path: string, token = admin, status = 200) =>
  f.json<T>(await f.request('GET', path, token), status);
const send = (method: string, path: string, token: string, body?: unknown) =>
  f.request(method, path, token, body);

/** A new account with an Admin, on a trial of Pro (what sign-up starts). */
async function trialAccount(name: string) {
  const tenantId = await f.newTenant(name);
  const user = await f.createUser({ tenants: [{ id: tenantId, roles: ['Admin'] }] });
  const token = await user.tokenIn();
  await startTrial(t.services, tenantId, { name, email: user.email });
  const [sub] = await get<WireSubscription[]>(p.subscriptions.getSubscriptions.path, token);
  return { tenantId, token, sub: sub!, user };
}

/** Enters a card in the local form (a setup intent, then its confirmation). */
async function addCard(
  token: string,
  number: string = LOCAL_TEST_CARDS.visa,
  status = 201,
  replaces?: string,
) {
  const intent = await f.json<{ setupIntentSecret: string }>(
    await send('POST', p.stripe.createStripePaymentMethodSetupIntentSecret.path, token, {
      ...(replaces ? { paymentMethodId: replaces } : {}),
    }),
    201,
  );
  const res = await send('POST', p.local.confirmLocalSetupIntent.path, token, {
    setupIntentSecret: intent.setupIntentSecret,
    cardNumber: number,
    expMonth: 12,
    expYear: 2031,
    cvc: '123',
    name: 'Card Holder',
    email: 'holder@example.test',
  });
  return status === 201 ? f.json<WirePaymentMethod>(res, 201) : f.errorsOf(res, status);
}

const advance = async (days: number) =>
  f.json<{ subscriptions: WireSubscription[] }>(
    await t.app.request('/dev/billing/clock', t.json({ advanceDays: days })),
  );
const vendorConfig = async (body: Json) =>
  f.json(
    await t.app.request('/dev/billing/vendor-configuration', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
const entitled = async (token: string) => {
  const answer = await get<{ features: Record<string, { expireTime: number | null }> }>(
    p.entitlements.loadEntitlementsV2.path,
    token,
  );
  return Object.entries(answer.features)
    .filter(([, v]) => v.expireTime !== null)
    .map(([k]) => k)
    .sort();
};

describe('billing on the local provider', () => {
  before(async () => {
    t = await testServer();
    f = fixtures(t);
    admin = (await f.signIn()).token;
    acme = await f.tenantId('Acme');
    plans = await get<WirePlan[]>(p.plans.getSubscriptionPlans.path);
  });
  after(() => t.close());

  it('[BILLING-052] [BILLING-006] the plans: Free, Pro and Enterprise with prices in major units', async () => {
    assert.deepEqual(
      plans.map((x) => [x.name, x.price.amount, x.price.currency, x.isDefault, x.seatLimit]),
      [
        ['Free', 0, 'usd', true, 3],
        ['Pro', 49, 'usd', false, 10],
        ['Enterprise', 199, 'usd', false, null],
      ],
    );
    bc.getSubscriptionPlans.response.parse(plans);
    const one = await get<WirePlan>(fill(p.plans.getSubscriptionPlan.path, { planId: plan('Pro').id }));
    assert.deepEqual(one.features, ['sso', 'audit-export']);
    await f.errorsOf(
      await f.request('GET', fill(p.plans.getSubscriptionPlan.path, { planId: 'nope' }), admin),
      404,
    );
  });

  it("[BILLING-046] [BILLING-016] [BILLING-057] [ENUM-021] Acme's demo billing: active Pro, a Visa 4242, three paid invoices of $49.00", async () => {
    const subs = await get<WireSubscription[]>(p.managedSubscriptions.getManagedSubscriptions.path);
    assert.equal(subs.length, 1);
    const sub = bc.getManagedSubscription.response.parse(
      await get(fill(p.managedSubscriptions.getManagedSubscription.path, { subscriptionId: subs[0]!.id })),
    );
    assert.equal(sub.status, 'active');
    assert.equal(sub.plan.slug, 'pro');
    assert.equal(sub.cancellation, null);
    const cards = await get<WirePaymentMethod[]>(p.paymentMethods.getPaymentMethods.path);
    assert.equal(cards.length, 1);
    const card = cards[0]!;
    assert.ok(card.type === 'card');
    assert.deepEqual(
      [card.brand, card.last4, card.expMonth, card.expYear, card.isDefault],
      ['visa', '4242', 12, 2030, true],
    );
    assert.equal(card.billingDetails.address?.city, 'San Francisco');
    const list = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path);
    assert.deepEqual(
      list.map((i) => [i.receiptNumber, i.totalAmount, i.paid]),
      [
        ['1001-0003', 4900, true],
        ['1001-0002', 4900, true],
        ['1001-0001', 4900, true],
      ],
    );
    const summary = bc.getSubscriptionSummaries.response.parse(
      await get(fill(p.summaries.getSubscriptionSummaries.path, { tenantId: acme })),
    );
    assert.deepEqual(
      [
        summary.subscriptionId,
        summary.currentPlanId,
        summary.paymentMethodId,
        summary.defaultPlanId,
        summary.providerType,
      ],
      [sub.id, plan('Pro').id, card.id, plan('Free').id, 'Stripe'],
    );
  });

  it('[BILLING-036] [ENUM-024] tenant isolation: another tenant param is "Not authorized", its ids are not found', async () => {
    const other = await trialAccount('Isolated');
    for (const path of [
      fill(p.summaries.getSubscriptionSummaries.path, { tenantId: other.tenantId }),
      fill(p.tenantConfiguration.getTenantConfiguration.path, { tenantId: other.tenantId }),
      fill(p.stripe.getStripeCustomer.path, { tenantId: other.tenantId }),
    ])
      assert.deepEqual(await f.errorsOf(await f.request('GET', path, admin), 403), ['Not authorized']);
    const theirSub = fill(p.subscriptions.getSubscription.path, { subscriptionId: other.sub.id });
    assert.deepEqual(await f.errorsOf(await f.request('GET', theirSub, admin), 404), [
      'Subscription not found.',
    ]);
    assert.deepEqual(
      await f.errorsOf(
        await send(
          'PUT',
          fill(p.subscriptions.cancelSubscription.path, { subscriptionId: other.sub.id }),
          admin,
          {},
        ),
        404,
      ),
      ['Subscription not found.'],
    );
    const [acmeInvoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path);
    const [acmeCard] = await get<WirePaymentMethod[]>(p.paymentMethods.getPaymentMethods.path);
    assert.deepEqual(
      await f.errorsOf(
        await f.request(
          'GET',
          fill(p.invoices.getSubscriptionInvoicePdf.path, { invoiceId: acmeInvoice!.id }),
          other.token,
        ),
        404,
      ),
      ['Invoice not found'],
    );
    assert.deepEqual(
      await f.errorsOf(
        await send(
          'PATCH',
          fill(p.paymentMethods.updatePaymentMethodBillingDetails.path, { paymentMethodId: acmeCard!.id }),
          other.token,
          { email: 'x@example.test' },
        ),
        404,
      ),
      ['Payment method not found'],
    );
    // A card of Acme may not be replaced from another account either.
    assert.deepEqual(
      await f.errorsOf(
        await send('POST', p.stripe.createStripePaymentMethodSetupIntentSecret.path, other.token, {
          paymentMethodId: acmeCard!.id,
        }),
        404,
      ),
      ['Payment method not found'],
    );
  });

  it('[BILLING-004] [ENUM-021] [ENUM-020] a new account (sign-up) starts a 14-day trial of Pro, no card, no invoice; entitled to Pro', async () => {
    const email = `trial-${Date.now()}@example.test`;
    const res = await t.app.request(
      p.auth.signUpUser.path,
      t.json({ email, name: 'Tri Al', password: 'trial-password-1', companyName: 'Trial Co' }),
    );
    assert.equal(res.status, 200, await res.clone().text());
    await settled(t.services.db);
    const tenantId = await f.tenantId('Trial Co');
    const [sub] = await t.services.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.tenantId, tenantId));
    assert.ok(sub);
    assert.equal(sub.status, 'trialing');
    assert.equal(sub.planId, plan('Pro').id);
    assert.equal(sub.paymentMethodId, null);
    const days = (sub.trialEnd!.getTime() - sub.startDate.getTime()) / 86_400_000;
    assert.equal(days, 14);
    assert.equal(
      (await t.services.db.select().from(invoices).where(eq(invoices.tenantId, tenantId))).length,
      0,
    );
    const grants = await t.services.db
      .select()
      .from(tenantEntitlements)
      .where(eq(tenantEntitlements.tenantId, tenantId));
    assert.deepEqual(
      grants.map((g) => g.planId),
      [plan('Pro').id],
    );
  });

  it('[BILLING-024] [BILLING-025] [BILLING-028] [ENUM-022] the cancel and renew guards, with their messages', async () => {
    const trial = await trialAccount('Guards');
    const cancel = (id: string, token: string) =>
      send('PUT', fill(p.subscriptions.cancelSubscription.path, { subscriptionId: id }), token, {});
    const renew = (id: string, token: string) =>
      send(
        'PUT',
        fill(p.managedSubscriptions.renewManagedSubscription.path, { subscriptionId: id }),
        token,
        {},
      );
    assert.deepEqual(await f.errorsOf(await cancel('no-such', trial.token), 404), [
      'Subscription not found.',
    ]);
    assert.deepEqual(await f.errorsOf(await renew('no-such', trial.token), 404), ['Subscription not found.']);
    // A trial is not active: not cancellable.
    assert.deepEqual(await f.errorsOf(await cancel(trial.sub.id, trial.token), 400), [
      'Only an active subscription without a cancellation can be cancelled',
    ]);
    assert.deepEqual(await f.errorsOf(await renew(trial.sub.id, trial.token), 400), [
      'Only a subscription cancelled at period end can be renewed',
    ]);
    // Externally managed billing (BILLING-026).
    await t.services.db
      .update(billingSubscriptions)
      .set({ externallyManaged: true })
      .where(eq(billingSubscriptions.id, trial.sub.id));
    assert.deepEqual(await f.errorsOf(await cancel(trial.sub.id, trial.token), 400), [
      'Billing is externally managed.',
    ]);
    assert.deepEqual(await f.errorsOf(await renew(trial.sub.id, trial.token), 400), [
      'Billing is externally managed.',
    ]);
    await t.services.db
      .update(billingSubscriptions)
      .set({ externallyManaged: false })
      .where(eq(billingSubscriptions.id, trial.sub.id));
    // The vendor forbids cancellations (BILLING-018).
    await vendorConfig({ allowPlanCancellation: false });
    const [acmeSub] = await get<WireSubscription[]>(p.subscriptions.getSubscriptions.path);
    try {
      assert.deepEqual(await f.errorsOf(await cancel(acmeSub!.id, admin), 403), [
        'Cancelling the subscription is not allowed',
      ]);
    } finally {
      await vendorConfig({ allowPlanCancellation: true });
    }
    const publicConfig = await get<Json[]>(p.vendorPublicConfigurations.getVendorPublicConfigurations.path);
    assert.deepEqual(publicConfig, [{ allowPlanDowngrade: true, allowPlanCancellation: true }]);
  });

  it('[BILLING-015] [BILLING-061] [ENUM-023] cards in the local form: Luhn, expiry, the declining card, the brand, the secret once', async () => {
    const acct = await trialAccount('Cards');
    const intent = await f.json<{ id: string; setupIntentSecret: string; paymentMethodId: string }>(
      await send('POST', p.stripe.createStripePaymentMethodSetupIntentSecret.path, acct.token, {}),
      201,
    );
    const [stored] = await t.services.db
      .select()
      .from(billingSetupIntents)
      .where(eq(billingSetupIntents.id, intent.id));
    assert.ok(stored && stored.secretHash !== intent.setupIntentSecret && stored.secretHash.length === 64);
    const confirm = (body: Json, token = acct.token) =>
      send('POST', p.local.confirmLocalSetupIntent.path, token, {
        setupIntentSecret: intent.setupIntentSecret,
        expMonth: 12,
        expYear: 2031,
        cvc: '123',
        cardNumber: LOCAL_TEST_CARDS.visa,
        ...body,
      });
    assert.deepEqual(await f.errorsOf(await confirm({ cardNumber: '4242424242424241' }), 400), [
      'cardNumber: Invalid card number',
    ]);
    assert.deepEqual(await f.errorsOf(await confirm({ expYear: 2020 }), 400), ['Your card has expired.']);
    assert.deepEqual(await f.errorsOf(await confirm({ cvc: '12' }), 400), [
      "cvc: Your card's security code is invalid.",
    ]);
    assert.deepEqual(await f.errorsOf(await confirm({ cardNumber: LOCAL_TEST_CARDS.declined }), 400), [
      'Your card was declined.',
    ]);
    assert.equal(
      (await f.auditsFor('Payment method declined')).filter((a) => a.tenantId === acct.tenantId).length,
      1,
    );
    assert.deepEqual(await get(p.paymentMethods.getPaymentMethods.path, acct.token), []);
    // Another tenant's secret is no good.
    assert.deepEqual(await f.errorsOf(await confirm({}, admin), 400), [
      'The card form has expired. Enter the card again',
    ]);
    const saved = await f.json<WirePaymentMethod>(await confirm({ cardNumber: '5555 5555 5555 4444' }), 201);
    assert.ok(saved.type === 'card');
    assert.deepEqual([saved.brand, saved.last4, saved.isDefault], ['mastercard', '4444', true]);
    // Used once.
    assert.deepEqual(await f.errorsOf(await confirm({}), 400), [
      'The card form has expired. Enter the card again',
    ]);
    const [sub] = await get<WireSubscription[]>(p.subscriptions.getSubscriptions.path, acct.token);
    assert.equal(sub!.paymentMethodId, saved.id);
    // Replacing it: the new one is the default, the old one detached.
    const amex = (await addCard(acct.token, '378282246310005', 201, saved.id)) as WirePaymentMethod;
    const cards = await get<WirePaymentMethod[]>(p.paymentMethods.getPaymentMethods.path, acct.token);
    assert.deepEqual(
      cards.map((c) => c.id),
      [amex.id],
    );
    assert.ok(amex.type === 'card' && amex.brand === 'amex');
    // Billing details (BILLING-056): Frontegg's nested address form too.
    const updated = await f.json<WirePaymentMethod>(
      await send(
        'PATCH',
        fill(p.paymentMethods.updatePaymentMethodBillingDetails.path, { paymentMethodId: amex.id }),
        acct.token,
        {
          email: 'billing@cards.test',
          address: { address: { city: 'Lyon', country: 'FR' } },
        },
      ),
    );
    assert.ok(updated.type === 'card');
    assert.equal(updated.billingDetails.email, 'billing@cards.test');
    assert.deepEqual(updated.billingDetails.address, { city: 'Lyon', country: 'FR' });
    assert.equal((await f.auditsFor('Billing details updated')).length >= 1, true);
  });

  it('[BILLING-050] [BILLING-031] a trial moved to a paid plan with a card is charged now: active, an invoice, entitled', async () => {
    const acct = await trialAccount('Upgrader');
    const update = (body: Json) =>
      send(
        'PUT',
        fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id }),
        acct.token,
        body,
      );
    assert.deepEqual(await f.errorsOf(await update({ planId: plan('Enterprise').id }), 400), [
      'Add a card to move to a paid plan',
    ]);
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const sub = await f.json<WireSubscription>(
      await update({ planId: plan('Enterprise').id, paymentMethodId: card.id }),
    );
    assert.equal(sub.status, 'active');
    assert.equal(sub.plan.slug, 'enterprise');
    const [invoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token);
    assert.equal(invoice!.totalAmount, 19900);
    assert.equal(invoice!.paid, true);
    assert.match(invoice!.receiptNumber, /^1001-\d{4}$/);
    assert.equal(invoice!.periodStart, sub.currentPeriodStart);
    assert.deepEqual(await entitled(acct.token), ['audit-export', 'scim-provisioning', 'sso']);
    assert.equal(
      (await f.auditsFor('Subscription plan changed')).filter((a) => a.tenantId === acct.tenantId).length,
      1,
    );
  });

  it('[BILLING-050] a declined charge changes nothing (plan, status, invoices) and is audited', async () => {
    const acct = await trialAccount('Declined');
    const card = (await addCard(acct.token, LOCAL_TEST_CARDS.chargeDeclined)) as WirePaymentMethod;
    const res = await send(
      'PUT',
      fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id }),
      acct.token,
      {
        planId: plan('Enterprise').id,
        paymentMethodId: card.id,
      },
    );
    assert.deepEqual(await f.errorsOf(res, 400), ['Your card was declined.']);
    const after = await get<WireSubscription>(
      fill(p.subscriptions.getSubscription.path, { subscriptionId: acct.sub.id }),
      acct.token,
    );
    assert.deepEqual(
      [after.status, after.planId, after.currentPeriodEnd],
      ['trialing', plan('Pro').id, acct.sub.currentPeriodEnd],
    );
    assert.deepEqual(await get(p.invoices.getSubscriptionInvoices.path, acct.token), []);
    assert.deepEqual(await entitled(acct.token), ['audit-export', 'sso']);
    assert.equal(
      (await f.auditsFor('Subscription plan change declined')).filter((a) => a.tenantId === acct.tenantId)
        .length,
      1,
    );
  });

  it('[BILLING-018] a downgrade is refused when the vendor does not allow it, applied now without a charge when it does', async () => {
    const acct = await trialAccount('Downgrader');
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const update = (planId: string) =>
      send(
        'PUT',
        fill(p.managedSubscriptions.updateManagedSubscription.path, { subscriptionId: acct.sub.id }),
        acct.token,
        {
          planId,
          paymentMethodId: card.id,
        },
      );
    await f.json(await update(plan('Enterprise').id));
    const invoicesBefore = (await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token))
      .length;
    await vendorConfig({ allowPlanDowngrade: false });
    try {
      assert.deepEqual(await f.errorsOf(await update(plan('Pro').id), 403), [
        'Moving to a cheaper plan is not allowed',
      ]);
    } finally {
      await vendorConfig({ allowPlanDowngrade: true });
    }
    const down = await f.json<WireSubscription>(await update(plan('Pro').id));
    assert.deepEqual([down.status, down.plan.slug], ['active', 'pro']);
    assert.equal(
      (await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token)).length,
      invoicesBefore,
    );
    assert.deepEqual(await entitled(acct.token), ['audit-export', 'sso']);
  });

  it('[ENUM-026] [ENUM-021] the dev clock: a trial ending without a card moves to Free (change_to_default), with a card is charged', async () => {
    const without = await trialAccount('No card');
    const withCard = await trialAccount('With card');
    await addCard(withCard.token);
    const { subscriptions } = await advance(15);
    const touched = new Map(subscriptions.map((s) => [s.tenantId, s]));
    const free = touched.get(without.tenantId)!;
    assert.deepEqual([free.status, free.plan.slug], ['active', 'free']);
    assert.deepEqual(await entitled(without.token), []);
    const paid = touched.get(withCard.tenantId)!;
    assert.deepEqual([paid.status, paid.plan.slug], ['active', 'pro']);
    const [invoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, withCard.token);
    assert.deepEqual([invoice!.totalAmount, invoice!.paid], [4900, true]);
    assert.equal(invoice!.periodStart, withCard.sub.currentPeriodEnd);
  });

  it('[BILLING-024] [BILLING-027] [BILLING-028] [BILLING-029] cancel at period end, renew, cancel again: at the period end canceled and the account on Free', async () => {
    const acct = await trialAccount('Canceller');
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const sub = await f.json<WireSubscription>(
      await send(
        'PUT',
        fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id }),
        acct.token,
        {
          planId: plan('Pro').id,
          paymentMethodId: card.id,
        },
      ),
    );
    assert.equal(sub.status, 'active');
    const cancelPath = fill(p.subscriptions.cancelSubscription.path, { subscriptionId: sub.id });
    const renewPath = fill(p.subscriptions.renewSubscription.path, { subscriptionId: sub.id });
    const cancelled = await f.json<WireSubscription>(await send('PUT', cancelPath, acct.token, {}));
    assert.deepEqual(cancelled.cancellation, { policy: 'atPeriodEnd' });
    assert.deepEqual(await f.errorsOf(await send('PUT', cancelPath, acct.token, {}), 400), [
      'Only an active subscription without a cancellation can be cancelled',
    ]);
    const renewed = await f.json<WireSubscription>(await send('PUT', renewPath, acct.token, {}));
    assert.equal(renewed.cancellation, null);
    await f.json(await send('PUT', cancelPath, acct.token, {}));
    // A renewal of another account's period in between (Acme): charged at its end.
    const { subscriptions } = await advance(32);
    const mine = subscriptions.filter((s) => s.tenantId === acct.tenantId);
    const ended = mine.find((s) => s.id === sub.id)!;
    assert.equal(ended.status, 'canceled');
    const next = mine.find((s) => s.id !== sub.id)!;
    assert.deepEqual([next.status, next.plan.slug], ['active', 'free']);
    assert.deepEqual(await entitled(acct.token), []);
    const list = await get<WireSubscription[]>(p.subscriptions.getSubscriptions.path, acct.token);
    assert.deepEqual(
      list.map((s) => s.status),
      ['active', 'canceled'],
    );
    const summary = await get<Json>(
      fill(p.summaries.getSubscriptionSummaries.path, { tenantId: acct.tenantId }),
      acct.token,
    );
    assert.equal(summary.subscriptionId, next.id);
    assert.equal(
      (await f.auditsFor('Subscription ended')).filter((a) => a.tenantId === acct.tenantId).length,
      1,
    );
    // Acme's Pro renewed by then: a fourth paid invoice.
    const acmeInvoices = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path);
    assert.ok(acmeInvoices.length >= 4);
    assert.ok(acmeInvoices[0]!.paid);
  });

  it('[ENUM-026] a trial ending without a card under retain_trial is trialEnded, without the plan features', async () => {
    const acct = await trialAccount('Retainer');
    await t.services.db
      .update(billingSubscriptions)
      .set({ trialEndAction: 'retain_trial' })
      .where(eq(billingSubscriptions.id, acct.sub.id));
    const { subscriptions } = await advance(15);
    const mine = subscriptions.find((s) => s.id === acct.sub.id)!;
    assert.deepEqual([mine.status, mine.plan.slug], ['trialEnded', 'pro']);
    assert.deepEqual(await entitled(acct.token), []);
    // A card then moves it to the paid plan at once (charged).
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const paid = await f.json<WireSubscription>(
      await send(
        'PUT',
        fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id }),
        acct.token,
        {
          planId: plan('Pro').id,
          paymentMethodId: card.id,
        },
      ),
    );
    assert.equal(paid.status, 'active');
    assert.deepEqual(await entitled(acct.token), ['audit-export', 'sso']);
  });

  it('a provider event is applied once per event id (a redelivered webhook changes nothing)', async () => {
    const acct = await trialAccount('Evented');
    const [account] = await t.services.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, acct.tenantId));
    const event = {
      eventId: `evt_${acct.tenantId}`,
      kind: 'invoice.paid' as const,
      customerId: account!.customerId!,
      invoice: {
        externalId: `in_${acct.tenantId}`,
        subscriptionExternalId: acct.sub.externalId,
        totalAmount: 4900,
        currency: 'usd',
        paid: true,
        paymentDate: new Date(),
        periodStart: new Date(),
        periodEnd: new Date(Date.now() + 30 * 86_400_000),
      },
    };
    assert.equal(await applyProviderEvent(t.services, event), true);
    assert.equal(await applyProviderEvent(t.services, event), false);
    const list = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token);
    assert.deepEqual(
      list.map((i) => [i.externalId, i.totalAmount, i.paid]),
      [[`in_${acct.tenantId}`, 4900, true]],
    );
  });

  it('a declined renewal leaves the subscription incomplete with an unpaid invoice', async () => {
    const acct = await trialAccount('Renewal declined');
    await addCard(acct.token, LOCAL_TEST_CARDS.chargeDeclined);
    const { subscriptions } = await advance(15);
    const mine = subscriptions.find((s) => s.tenantId === acct.tenantId)!;
    assert.equal(mine.status, 'incomplete');
    const [invoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token);
    assert.deepEqual([invoice!.paid, invoice!.totalAmount], [false, 4900]);
    assert.equal(
      (await f.auditsFor('Subscription renewal declined')).filter((a) => a.tenantId === acct.tenantId).length,
      1,
    );
    // Unpaid: only the default plan's features (none) until it is paid; a working card gives Pro's back.
    assert.deepEqual(await entitled(acct.token), []);
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const paid = await f.json<WireSubscription>(
      await send(
        'PUT',
        fill(p.subscriptions.updateSubscription.path, { subscriptionId: mine.id }),
        acct.token,
        { planId: plan('Pro').id, paymentMethodId: card.id },
      ),
    );
    assert.equal(paid.status, 'active');
    assert.deepEqual(await entitled(acct.token), ['audit-export', 'sso']);
  });

  it('[BILLING-047] [BILLING-051] [BILLING-055] [BILLING-056] [BILLING-063] the wire: one managed subscription, the billing set alike, cards by list and id, billing details, the vendor configuration', async () => {
    const acct = await trialAccount('Wire calls');
    // BILLING-047: the managed subscription {id} is the one the list names.
    const [listed] = await get<WireSubscription[]>(
      p.managedSubscriptions.getManagedSubscriptions.path,
      acct.token,
    );
    const one = await get<WireSubscription>(
      fill(p.managedSubscriptions.getManagedSubscription.path, { subscriptionId: listed!.id }),
      acct.token,
    );
    assert.deepEqual(one, listed);
    // BILLING-051: the billing subscriptions answer the same, and creation is refused while one runs.
    assert.deepEqual(
      await get<WireSubscription>(
        fill(p.subscriptions.getSubscription.path, { subscriptionId: listed!.id }),
        acct.token,
      ),
      one,
    );
    assert.deepEqual(
      await f.errorsOf(
        await send('POST', p.stripe.createSubscription.path, acct.token, { stripePlanId: plan('Pro').id }),
        409,
      ),
      ['The account already has a subscription'],
    );
    // BILLING-055: cards by list and by id.
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const cards = await get<WirePaymentMethod[]>(p.paymentMethods.getPaymentMethods.path, acct.token);
    assert.deepEqual(
      cards.map((c) => c.id),
      [card.id],
    );
    const byId = await get<WirePaymentMethod>(
      fill(p.paymentMethods.getPaymentMethod.path, { paymentMethodId: card.id }),
      acct.token,
    );
    assert.deepEqual(byId, cards[0]);
    // BILLING-056: email and an address object (also as Frontegg's client nests it: address.address).
    const detailsPath = fill(p.paymentMethods.updatePaymentMethodBillingDetails.path, {
      paymentMethodId: card.id,
    });
    const updated = await f.json<WirePaymentMethod>(
      await send('PATCH', detailsPath, acct.token, {
        email: 'ap@wire.test',
        address: { address: { addressLine1: '1 Wire Way', city: 'Lyon', country: 'FR' } },
      }),
    );
    assert.ok(updated.type === 'card');
    assert.equal(updated.billingDetails.email, 'ap@wire.test');
    assert.deepEqual(
      [updated.billingDetails.address?.addressLine1, updated.billingDetails.address?.city],
      ['1 Wire Way', 'Lyon'],
    );
    assert.deepEqual(await f.errorsOf(await send('PATCH', detailsPath, acct.token, { email: 'nope' }), 400), [
      'email: Invalid email address',
    ]);
    // BILLING-063: the vendor's public billing configuration, read with GET.
    assert.deepEqual(await get(p.vendorPublicConfigurations.getVendorPublicConfigurations.path, acct.token), [
      { allowPlanDowngrade: true, allowPlanCancellation: true },
    ]);
  });

  it('[BILLING-050] two plan changes sent at once charge once: one invoice, the plan of one of them', async () => {
    const acct = await trialAccount('Double click');
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    const path = fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id });
    const answers = await Promise.all(
      [0, 1].map(() =>
        send('PUT', path, acct.token, { planId: plan('Enterprise').id, paymentMethodId: card.id }),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
    );
    const invoices = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token);
    assert.deepEqual(
      invoices.map((i) => i.totalAmount),
      [19900],
      'one charge: the second change found the plan already moved',
    );
  });

  it('[BILLING-054] [BILLING-053] the invoice PDF names the vendor, the account, the receipt, the amount and paid; a safe file name', async () => {
    const [invoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path);
    const one = await get<WireInvoice>(
      fill(p.invoices.getSubscriptionInvoice.path, { invoiceId: invoice!.id }),
    );
    assert.equal(one.receiptNumber, invoice!.receiptNumber);
    const path = fill(p.invoices.getSubscriptionInvoicePdf.path, { invoiceId: invoice!.id });
    const res = await f.request('GET', path, admin);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(
      res.headers.get('content-disposition'),
      `attachment; filename="invoice-${invoice!.receiptNumber}.pdf"`,
    );
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const expected of ['fe-elements demo', 'Acme', invoice!.receiptNumber, '$49.00', 'Pro plan', 'PAID'])
      assert.ok(text.includes(expected), `${expected} in ${text}`);
    const named = await f.request(
      'GET',
      `${path}?outputFileName=${encodeURIComponent('../my "invoice"')}`,
      admin,
    );
    assert.equal(named.headers.get('content-disposition'), 'attachment; filename="my__invoice_.pdf"');
  });

  it('receipt numbers stay unique and sequential when charges run at once', async () => {
    const accounts = await Promise.all(['Race A', 'Race B', 'Race C'].map((n) => trialAccount(n)));
    const cards = await Promise.all(accounts.map((a) => addCard(a.token) as Promise<WirePaymentMethod>));
    await Promise.all(
      accounts.map(async (a, i) =>
        f.json(
          await send(
            'PUT',
            fill(p.subscriptions.updateSubscription.path, { subscriptionId: a.sub.id }),
            a.token,
            {
              planId: plan('Enterprise').id,
              paymentMethodId: cards[i]!.id,
            },
          ),
        ),
      ),
    );
    const all = await t.services.db.select().from(invoices);
    const numbers = all.map((i) => i.receiptNumber).sort();
    assert.equal(new Set(numbers).size, numbers.length);
    const sequence = numbers.map((n) => Number(n.split('-')[1]));
    assert.deepEqual(
      sequence,
      sequence.map((_, i) => i + 1),
    );
  });

  it('a name the PDF font cannot draw is replaced, not a failure', async () => {
    const acct = await trialAccount('שלום 🚀 Co');
    const card = (await addCard(acct.token)) as WirePaymentMethod;
    await f.json(
      await send(
        'PUT',
        fill(p.subscriptions.updateSubscription.path, { subscriptionId: acct.sub.id }),
        acct.token,
        {
          planId: plan('Pro').id,
          paymentMethodId: card.id,
        },
      ),
    );
    const [invoice] = await get<WireInvoice[]>(p.invoices.getSubscriptionInvoices.path, acct.token);
    const res = await f.request(
      'GET',
      fill(p.invoices.getSubscriptionInvoicePdf.path, { invoiceId: invoice!.id }),
      acct.token,
    );
    assert.equal(res.status, 200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    assert.ok(text.includes('Co'), text);
    assert.ok(text.includes('$49.00'));
  });

  it('[BILLING-062] [BILLING-060] [BILLING-064] [ENUM-024] providers, public configuration and public info: no secret', async () => {
    assert.deepEqual(await get(p.paymentProviders.getPaymentProviders.path), [
      { providerType: 'Stripe', name: 'Local test cards', status: '1', mode: 'local' },
    ]);
    const config = await get<Json>(p.stripe.getStripePaymentProviderConfiguration.path);
    assert.deepEqual([config.publishableKey, config.mode], ['', 'local']);
    const res = await t.app.request(p.vendor.getVendorPublicInfo.path);
    assert.deepEqual(await f.json(res), {
      name: 'fe-elements demo',
      logo: '',
      icon: '',
      whiteLabelMode: false,
    });
  });

  it('[BILLING-058] [BILLING-059] [ENUM-025] tenant configuration and customers: own tenant only, 409 when it exists', async () => {
    const conf = await get<Json>(fill(p.tenantConfiguration.getTenantConfiguration.path, { tenantId: acme }));
    assert.deepEqual(
      [conf.tenantId, conf.externallyManaged, conf.paymentProviderType],
      [acme, 'false', 'Stripe'],
    );
    await f.errorsOf(
      await send('POST', p.tenantConfiguration.createTenantConfiguration.path, admin, {
        tenantId: acme,
        providerType: 'Stripe',
      }),
      409,
    );
    const other = await f.newTenant('Configless');
    await f.errorsOf(
      await send('POST', p.tenantConfiguration.createTenantConfiguration.path, admin, {
        tenantId: other,
        providerType: 'Stripe',
      }),
      403,
    );
    const u = await f.createUser({ tenants: [{ id: other, roles: ['Admin'] }] });
    const token = await u.tokenIn();
    await f.json(
      await send('POST', p.tenantConfiguration.createTenantConfiguration.path, token, {
        tenantId: other,
        providerType: 'Stripe',
      }),
      201,
    );
    const customer = await f.json<{ stripeCustomerId: string }>(
      await send('POST', p.stripe.createStripeCustomer.path, token, {
        name: 'Configless',
        email: 'c@example.test',
      }),
      201,
    );
    assert.match(customer.stripeCustomerId, /^lcus_/);
    assert.deepEqual(await get(fill(p.stripe.getStripeCustomer.path, { tenantId: other }), token), customer);
    // No subscription yet: one can be created on a plan (charged with the default card).
    await f.errorsOf(
      await send('POST', p.stripe.createSubscription.path, token, { stripePlanId: plan('Pro').id }),
      400,
    );
    await addCard(token);
    const created = await f.json<{ subscriptionId: string }>(
      await send('POST', p.stripe.createSubscription.path, token, { stripePlanId: plan('Pro').id }),
      201,
    );
    assert.ok(created.subscriptionId);
    assert.deepEqual(
      await f.errorsOf(
        await send('POST', p.stripe.createSubscription.path, token, { stripePlanId: plan('Pro').id }),
        409,
      ),
      ['The account already has a subscription'],
    );
    assert.deepEqual(await entitled(token), ['audit-export', 'sso']);
  });

  it('[SCREEN-040] usage: seats used against the plan, active users in 30 days', async () => {
    const usage = await get<{
      planName: string;
      seats: { used: number; limit: number | null };
      activeUsers: { count: number; days: number };
    }>(p.summaries.getSubscriptionUsage.path);
    assert.equal(usage.planName, 'Pro');
    assert.equal(usage.seats.limit, 10);
    assert.ok(usage.seats.used >= 1);
    assert.equal(usage.activeUsers.days, 30);
  });

  it('permissions: a member without billing permissions is refused', async () => {
    const reader = await f.member(['ReadOnly']);
    const res = await f.request(
      'PUT',
      fill(p.subscriptions.cancelSubscription.path, { subscriptionId: 'x' }),
      reader.token,
      {},
    );
    assert.equal(res.status, 403);
  });
});

describe('billing with BILLING_PROVIDER=none', () => {
  let none: TestServer;
  let g: ReturnType<typeof fixtures>;
  before(async () => {
    none = await testServer({
      billing: { provider: 'none', stripe: { secretKey: '', publishableKey: '', webhookSecret: '' } },
    });
    g = fixtures(none);
  });
  after(() => none.close());

  it("[BILLING-037] [BILLING-041] the provider's calls answer 'Internal feature failure', the public configuration 'Payment provider not configured'", async () => {
    const { token, claims } = await g.signIn();
    for (const path of [
      p.subscriptions.getSubscriptions.path,
      fill(p.summaries.getSubscriptionSummaries.path, { tenantId: String(claims.tenantId) }),
      p.paymentMethods.getPaymentMethods.path,
      p.invoices.getSubscriptionInvoices.path,
    ])
      assert.deepEqual(await g.errorsOf(await g.request('GET', path, token), 500), [
        'Internal feature failure',
      ]);
    assert.deepEqual(
      await g.errorsOf(
        await g.request('GET', p.stripe.getStripePaymentProviderConfiguration.path, token),
        404,
      ),
      ['Payment provider not configured'],
    );
    assert.deepEqual(
      await g.errorsOf(
        await g.request('POST', p.stripe.createStripePaymentMethodSetupIntentSecret.path, token, {}),
        404,
      ),
      ['Payment provider not configured'],
    );
    assert.deepEqual(
      await g.json(await g.request('GET', p.paymentProviders.getPaymentProviders.path, token)),
      [],
    );
  });
});
