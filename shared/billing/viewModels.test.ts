import { expect } from '@open-wc/testing';
import type { Invoice, PaymentMethod, Plan } from '../api/billing';
import {
  AT_PERIOD_END,
  paymentMethodTypes,
  subscriptionStatuses,
  wireSubscriptionStatuses,
} from '../api/contracts/billingMessages';
import {
  brandName,
  cardOf,
  formatMoney,
  fromMinorUnits,
  normalizeStatus,
  planPrice,
  toInvoiceView,
  toPlanView,
} from './viewModels';

const plan = (price: Partial<Plan['price']>): Plan =>
  ({
    id: 'plan-pro',
    externalId: 'price_pro',
    name: 'Pro',
    description: 'For growing teams',
    slug: 'pro',
    price,
    features: ['sso'],
    seatLimit: 10,
    trialDays: 14,
    rank: 1,
    isDefault: false,
  }) as Plan;

const invoice = (fields: Partial<Invoice>): Invoice =>
  ({
    id: 'inv-1',
    externalId: 'in_1',
    subscriptionId: 'sub-1',
    paymentDate: '2026-10-05T10:00:00.000Z',
    totalAmount: 4900,
    currency: 'usd',
    paid: true,
    receiptNumber: '1001-0001',
    description: '',
    periodStart: '2026-10-05T10:00:00.000Z',
    periodEnd: '2026-11-04T10:00:00.000Z',
    ...fields,
  }) as Invoice;

describe('billing view models', () => {
  it('[ENUM-020] [ENUM-021] [BILLING-005] every wire status maps to the billing state’s; trialEnded and unknown → EXPIRED', () => {
    expect([...subscriptionStatuses]).to.deep.equal([
      'ACTIVE',
      'CANCELED',
      'INCOMPLETE',
      'EXPIRED',
      'TRIALING',
    ]);
    expect([...wireSubscriptionStatuses]).to.deep.equal([
      'active',
      'canceled',
      'incomplete',
      'expired',
      'trialing',
      'trialEnded',
    ]);
    expect(wireSubscriptionStatuses.map(normalizeStatus)).to.deep.equal([
      'ACTIVE',
      'CANCELED',
      'INCOMPLETE',
      'EXPIRED',
      'TRIALING',
      'EXPIRED',
    ]);
    expect(subscriptionStatuses.map(normalizeStatus)).to.deep.equal([...subscriptionStatuses]);
    expect(normalizeStatus('past_due')).to.equal('EXPIRED');
    expect(normalizeStatus('')).to.equal('EXPIRED');
    expect(normalizeStatus(undefined)).to.equal('EXPIRED');
  });

  it('[BILLING-007] [BILLING-008] [BILLING-009] a plan: price a number, currency default usd, interval month', () => {
    const view = toPlanView(plan({ amount: 49, currency: 'eur' }));
    expect(view).to.include({ price: 49, currency: 'eur', recurringInterval: 'month', name: 'Pro' });
    expect(toPlanView(plan({ amount: '19.5' as unknown as number, currency: '' }))).to.include({
      price: 19.5,
      currency: 'usd',
      recurringInterval: 'month',
    });
    expect(toPlanView(plan({})).price).to.equal(0);
    expect(planPrice(plan({ amount: 49, currency: 'usd' }), 'en')).to.equal('$49.00');
  });

  it('[BILLING-011] [BILLING-012] [BILLING-013] [BILLING-014] an invoice: a date, minor units / 100 with two decimals, usd, paid default false', () => {
    const view = toInvoiceView(invoice({}));
    expect(view.paymentDate).to.be.instanceOf(Date);
    expect(view.paymentDate.toISOString()).to.equal('2026-10-05T10:00:00.000Z');
    expect(view.totalAmount).to.equal(49);
    expect(toInvoiceView(invoice({ totalAmount: 12345 })).totalAmount).to.equal(123.45);
    expect(toInvoiceView(invoice({ totalAmount: 1 })).totalAmount).to.equal(0.01);
    expect(fromMinorUnits(999)).to.equal(9.99);
    const bare = toInvoiceView(invoice({ currency: '', paid: undefined as unknown as boolean }));
    expect(bare.currency).to.equal('usd');
    expect(bare.paid).to.equal(false);
  });

  it('formats money through Intl in the locale, two decimals; an unknown code still reads', () => {
    expect(formatMoney(49, 'usd', 'en')).to.equal('$49.00');
    expect(formatMoney(0, undefined, 'en')).to.equal('$0.00');
    expect(formatMoney(199, 'eur', 'de')).to.match(/199,00\s€/);
    expect(formatMoney(49, 'usd', 'he')).to.contain('49.00');
    expect(formatMoney(5, 'not-a-code', 'en')).to.equal('5.00 NOT-A-CODE');
  });

  it('[ENUM-022] [ENUM-023] the one cancellation policy; a card or an unknown method', () => {
    expect(AT_PERIOD_END).to.equal('atPeriodEnd');
    expect([...paymentMethodTypes]).to.deep.equal(['unknown', 'card']);
    const unknown = { id: 'pm', externalId: 'x', type: 'unknown', isDefault: true } as PaymentMethod;
    expect(cardOf(unknown)).to.equal(null);
    expect(cardOf(null)).to.equal(null);
    const card = { ...unknown, type: 'card', last4: '4242', brand: 'visa' } as PaymentMethod;
    expect(cardOf(card)).to.equal(card);
    expect(brandName('visa')).to.equal('Visa');
    expect(brandName('newbrand')).to.equal('Newbrand');
  });
});
