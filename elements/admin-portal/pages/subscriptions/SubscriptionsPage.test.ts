import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { resetBilling } from '../../../../shared/billing/state';
import { $, axeViolations, mount, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';
import {
  BASE,
  button,
  clickButton,
  fill,
  freshTransport,
  openDialog,
  present,
  resetPortal,
  signIn,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';

/** The subscriptions entry is hidden by default (ROUTE-034): the host shows it by permission. */
const NAVIGATION = JSON.stringify({
  subscriptions: { visibility: 'byPermissions' },
  usage: { visibility: 'byPermissions' },
});
const WRITER = ['fe.subscriptions.*', 'fe.usage.read'];
const READER = ['fe.subscriptions.read.billing'];

let transport: RecordingTransport;
let downloads: string[] = [];
const originalClick = HTMLAnchorElement.prototype.click;

before(async () => {
  await startPortalForTests();
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
    else originalClick.call(this);
  };
});
after(() => {
  HTMLAnchorElement.prototype.click = originalClick;
});
beforeEach(() => {
  transport = freshTransport();
  downloads = [];
  resetBilling();
});
afterEach(resetPortal);

export async function openBillingPage(
  page: 'subscriptions' | 'usage',
  permissions: string[],
  navigation = NAVIGATION,
): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation, 'log-level': 'none' },
    (root) => root.querySelector(`nav [data-entry="${page}"]`) !== null,
  );
  $<HTMLButtonElement>(el, `nav [data-entry="${page}"]`)!.click();
  await waitUntil(() => $(el, `[data-page="${page}"]`), `the ${page} page did not open`);
  return el;
}

async function open(permissions = WRITER, navigation = NAVIGATION) {
  const el = await openBillingPage('subscriptions', permissions, navigation);
  await waitUntil(
    () =>
      $(el, '[data-region="current-plan"] [data-plan-name]') &&
      $(el, '[data-region="payment-method"] [data-card]'),
    'the billing did not load',
  );
  await waitUntil(() => $(el, '[data-plan="enterprise"]'), 'the plans did not load');
  return el;
}

const region = (el: HTMLElement, name: string) => $(el, `[data-region="${name}"]`)!;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const tab = (el: HTMLElement, name: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => text(t) === name)!;

describe('Subscriptions page', () => {
  it('[SCREEN-070] [SCREEN-071] [BILLING-001] the current plan: Pro, $49.00 / month, Active, renews on the period end; axe clean', async () => {
    const el = await open();
    expect($(el, '#fe-page-title')!.textContent).to.equal('Subscriptions');
    expect([...el.shadowRoot!.querySelectorAll('[role="tab"]')].map(text)).to.deep.equal([
      'Overview',
      'Invoices',
    ]);
    const current = region(el, 'current-plan');
    expect(current.getAttribute('aria-labelledby')).to.be.a('string');
    expect(text(current.querySelector('h3'))).to.equal('Current plan');
    expect(text(current.querySelector('[data-plan-name]'))).to.equal('Pro');
    expect(text(current.querySelector('[data-plan-price]'))).to.equal('$49.00 / month');
    expect(text(current.querySelector('[data-status]'))).to.equal('Active');
    const end = transport.preview.state.subscriptions[0]!.currentPeriodEnd;
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(end));
    expect(text(current.querySelector('[data-period]'))).to.equal(`Renews on ${date}`);
    expect(present(button(current, 'Cancel subscription'))).to.equal(true);
    expect(present(button(current, 'Renew subscription'))).to.equal(false);
    expect(transport.callsOf(paths.summaries.getSubscriptionSummaries)[0]!.path).to.contain('tenant-acme');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-071] the plans: one article per plan with price, description and features; the current plan says so', async () => {
    const el = await open();
    const plans = region(el, 'plans');
    const articles = [...plans.querySelectorAll('article')];
    expect(articles.map((a) => text(a.querySelector('h4')))).to.deep.equal(['Free', 'Pro', 'Enterprise']);
    const pro = plans.querySelector('[data-plan="pro"]')!;
    expect(text(pro.querySelector('[data-current-plan]'))).to.equal('Current plan');
    expect(present(button(pro, 'Choose Pro'))).to.equal(false);
    const enterprise = plans.querySelector('[data-plan="enterprise"]')!;
    expect(text(enterprise.querySelector('[data-price]'))).to.equal('$199.00 / month');
    expect([...enterprise.querySelectorAll('[data-feature]')].map(text)).to.deep.equal([
      'Single sign-on',
      'Audit log export',
      'SCIM provisioning',
    ]);
    expect(text(enterprise)).to.contain('Unlimited seats');
    expect(text(plans.querySelector('[data-plan="free"]'))).to.contain('$0.00 / month');
    expect(present(button(enterprise, 'Choose Enterprise'))).to.equal(true);
  });

  it('[SCREEN-071] "Choose Enterprise" opens the dialog "Change plan" with <fe-checkout plan-id>; its success reloads the page (the dialog stays on the confirmation until closed)', async () => {
    const el = await open();
    clickButton(region(el, 'plans'), 'Choose Enterprise');
    const dialog = await waitForDialog(el, 'Change plan');
    await waitUntil(() => dialog.querySelector('fe-checkout'), 'no checkout in the dialog');
    const checkout = dialog.querySelector('fe-checkout')!;
    expect(checkout.getAttribute('plan-id')).to.equal('plan-enterprise');
    expect(customElements.get('fe-checkout')).to.not.equal(undefined);
    const before = transport.callsOf(paths.summaries.getSubscriptionSummaries).length;
    checkout.dispatchEvent(
      new CustomEvent('fe-checkout-success', {
        bubbles: true,
        composed: true,
        detail: { planId: 'plan-enterprise', subscriptionId: 'sub-acme' },
      }),
    );
    await waitUntil(
      () => transport.callsOf(paths.summaries.getSubscriptionSummaries).length > before,
      'the billing was not reloaded',
    );
    await waitUntil(() => transport.callsOf(paths.invoices.getSubscriptionInvoices).length >= 2);
    expect(openDialog(el)).to.not.equal(null);
    clickButton(openDialog(el)!, 'Close');
    await waitUntil(() => !openDialog(el), 'the dialog did not close');
  });

  it('[BILLING-024] [BILLING-027] cancel asks first ("Keep subscription" keeps it), then cancels at period end and offers renew', async () => {
    const el = await open();
    clickButton(region(el, 'current-plan'), 'Cancel subscription');
    let dialog = await waitForDialog(el, 'Cancel subscription?');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(dialog, 'Keep subscription');
    await waitUntil(() => !openDialog(el));
    expect(transport.callsOf(paths.managedSubscriptions.cancelManagedSubscription)).to.have.length(0);

    clickButton(region(el, 'current-plan'), 'Cancel subscription');
    dialog = await waitForDialog(el, 'Cancel subscription?');
    dialog.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => !openDialog(el), 'the confirmation did not close');
    await waitUntil(() => button(region(el, 'current-plan'), 'Renew subscription'), 'no renew button');
    const [cancel] = transport.callsOf(paths.managedSubscriptions.cancelManagedSubscription);
    expect(cancel!.body).to.deep.equal({});
    expect(text(region(el, 'current-plan').querySelector('[data-period]'))).to.match(/^Ends on /);
    expect(present(button(region(el, 'current-plan'), 'Cancel subscription'))).to.equal(false);

    // [BILLING-028] [BILLING-029] renew, and the subscription is reloaded.
    const reloads = transport.callsOf(paths.managedSubscriptions.getManagedSubscription).length;
    clickButton(region(el, 'current-plan'), 'Renew subscription');
    await waitUntil(() => button(region(el, 'current-plan'), 'Cancel subscription'), 'renew did not land');
    expect(transport.callsOf(paths.managedSubscriptions.renewManagedSubscription)[0]!.body).to.deep.equal({});
    expect(transport.callsOf(paths.managedSubscriptions.getManagedSubscription).length).to.equal(reloads + 1);
    expect(text(region(el, 'current-plan').querySelector('[data-period]'))).to.match(/^Renews on /);
  });

  it('[BILLING-018] the vendor does not allow cancelling: no cancel button', async () => {
    transport.preview.state.vendorBillingConfig.allowPlanCancellation = false;
    const el = await open();
    await waitUntil(
      () => transport.callsOf(paths.vendorPublicConfigurations.getVendorPublicConfigurations).length,
    );
    await waitUntil(() => !button(region(el, 'current-plan'), 'Cancel subscription'), 'cancel still offered');
  });

  it('[SCREEN-071] a trialing subscription says when the trial ends; no cancel (BILLING-024)', async () => {
    const sub = transport.preview.state.subscriptions[0]!;
    sub.status = 'trialing';
    sub.trialEnd = sub.currentPeriodEnd;
    const el = await open();
    const current = region(el, 'current-plan');
    await waitUntil(() => text(current.querySelector('[data-status]')) === 'Trialing');
    expect(text(current.querySelector('[data-period]'))).to.match(/^Trial ends on /);
    expect(present(button(current, 'Cancel subscription'))).to.equal(false);
  });

  it('a reader sees the billing with every write control disabled', async () => {
    // The entry needs fe.subscriptions.* (ROUTE-034): a host shows it to readers too.
    const el = await open(READER, JSON.stringify({ subscriptions: { visibility: 'always' } }));
    expect(text(el.shadowRoot!.querySelector('[data-page="subscriptions"]'))).to.contain(
      'You can view the billing of the account but not change it.',
    );
    expect(button(region(el, 'current-plan'), 'Cancel subscription')!.disabled).to.equal(true);
    expect(button(region(el, 'plans'), 'Choose Enterprise')!.disabled).to.equal(true);
    expect(button(region(el, 'payment-method'), 'Edit billing details')!.disabled).to.equal(true);
    expect(button(region(el, 'payment-method'), 'Replace card')!.disabled).to.equal(true);
  });

  it('[SCREEN-072] the card: "Visa ending in 4242", "Expires 12/2030", the billing details; edit them', async () => {
    const el = await open();
    const pm = region(el, 'payment-method');
    expect(text(pm.querySelector('[data-card]'))).to.equal('Visa ending in 4242');
    expect(text(pm.querySelector('[data-card-expiry]'))).to.equal('Expires 12/2030');
    expect(text(pm.querySelector('[data-billing-details]'))).to.contain('Acme Inc.');
    expect(text(pm.querySelector('[data-billing-details]'))).to.contain('billing@acme.example');
    expect(text(pm.querySelector('[data-billing-details]'))).to.contain('100 Market Street');
    clickButton(pm, 'Edit billing details');
    const dialog = await waitForDialog(el, 'Billing details');
    expect(await axeViolations(el)).to.deep.equal([]);
    fill(dialog, 'Email', 'finance@acme.example');
    fill(dialog, 'City', 'Oakland');
    fill(dialog, 'Address line 2', '<b>Floor 2</b>');
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the dialog did not close');
    const [patch] = transport.callsOf(paths.paymentMethods.updatePaymentMethodBillingDetails);
    expect(patch!.body).to.deep.include({ name: 'Acme Inc.', email: 'finance@acme.example' });
    expect((patch!.body as { address: Record<string, string> }).address).to.include({
      addressLine1: '100 Market Street',
      addressLine2: '<b>Floor 2</b>',
      city: 'Oakland',
    });
    await waitUntil(() => text(region(el, 'payment-method')).includes('finance@acme.example'));
    // Rendered as text, never as markup.
    expect(text(region(el, 'payment-method'))).to.contain('<b>Floor 2</b>');
    expect(region(el, 'payment-method').querySelector('b')).to.equal(null);
  });

  it('[BILLING-043] a refused billing-details save keeps the dialog open with the message', async () => {
    const el = await open();
    transport.fail(
      paths.paymentMethods.updatePaymentMethodBillingDetails,
      400,
      'email: Invalid email address',
    );
    clickButton(region(el, 'payment-method'), 'Edit billing details');
    const dialog = await waitForDialog(el, 'Billing details');
    clickButton(dialog, 'Save');
    await waitUntil(() => dialog.querySelector('[role="alert"]'), 'no error');
    expect(text(dialog.querySelector('[role="alert"]'))).to.contain('email: Invalid email address');
    expect(openDialog(el)).to.equal(dialog);
  });

  it('[BILLING-042] [BILLING-044] "Replace card" saves a new card through the card entry, then the card is reloaded', async () => {
    const el = await open();
    clickButton(region(el, 'payment-method'), 'Replace card');
    const dialog = await waitForDialog(el, 'Replace card');
    await waitUntil(() => fieldIn(dialog, 'Card number'), 'no card form');
    expect(await axeViolations(el)).to.deep.equal([]);
    fill(dialog, 'Card number', '5555 5555 5555 4444');
    fill(dialog, 'Expiry month', '11');
    fill(dialog, 'Expiry year', '2032');
    fill(dialog, 'CVC', '123');
    fill(dialog, 'Name on card', 'Acme Finance');
    const before = transport.callsOf(paths.paymentMethods.getPaymentMethods).length;
    clickButton(dialog, 'Save card');
    await waitUntil(() => !openDialog(el), 'the dialog did not close');
    expect(transport.callsOf(paths.local.confirmLocalSetupIntent)).to.have.length(1);
    expect(transport.callsOf(paths.paymentMethods.getPaymentMethods).length).to.be.greaterThan(before);
    await waitUntil(
      () => text(region(el, 'payment-method').querySelector('[data-card]')) === 'Mastercard ending in 4444',
    );
    expect(text(region(el, 'payment-method').querySelector('[data-card-expiry]'))).to.equal(
      'Expires 11/2032',
    );
  });

  it('[BILLING-043] a declined card shows the error in the dialog and keeps the card on file', async () => {
    const el = await open();
    clickButton(region(el, 'payment-method'), 'Replace card');
    const dialog = await waitForDialog(el, 'Replace card');
    await waitUntil(() => fieldIn(dialog, 'Card number'), 'no card form');
    fill(dialog, 'Card number', '4000 0000 0000 0002');
    fill(dialog, 'Expiry month', '11');
    fill(dialog, 'Expiry year', '2032');
    fill(dialog, 'CVC', '123');
    clickButton(dialog, 'Save card');
    await waitUntil(() => text(dialog).includes('Your card was declined.'), 'no decline shown');
    expect(openDialog(el)).to.equal(dialog);
    expect(transport.preview.state.paymentMethods[0]!.last4).to.equal('4242');
  });

  it('[SCREEN-073] [BILLING-002] the invoices tab: date, receipt, $49.00, Paid; "Download PDF" saves invoice-<receipt>.pdf; axe clean', async () => {
    const el = await open();
    tab(el, 'Invoices').click();
    await waitUntil(() => el.shadowRoot!.querySelectorAll('tr[data-row]').length === 3, 'no invoices');
    const headers = [...el.shadowRoot!.querySelectorAll('th')].map(text);
    expect(headers.slice(0, 4)).to.deep.equal(['Date', 'Receipt', 'Amount', 'Status']);
    const rows = [...el.shadowRoot!.querySelectorAll('tr[data-row]')];
    expect(rows.map((r) => text(r.querySelector('[data-amount]')))).to.deep.equal([
      '$49.00',
      '$49.00',
      '$49.00',
    ]);
    expect(rows.map((r) => text(r.querySelector('[data-paid]')))).to.deep.equal(['Paid', 'Paid', 'Paid']);
    expect(rows.map((r) => text(r.querySelector('[data-receipt]')))).to.deep.equal([
      '1001-0003',
      '1001-0002',
      '1001-0001',
    ]);
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(rows[0]!, 'Download PDF');
    await waitUntil(() => downloads.length === 1, 'nothing downloaded');
    expect(downloads).to.deep.equal(['invoice-1001-0003.pdf']);
    const [pdf] = transport.callsOf(paths.invoices.getSubscriptionInvoicePdf);
    expect(pdf!.query.get('outputFileName')).to.equal('invoice-1001-0003.pdf');
  });

  it('[BILLING-045] a download error shows in its own alert, apart from the list; the list stays', async () => {
    const el = await open();
    tab(el, 'Invoices').click();
    await waitUntil(() => el.shadowRoot!.querySelectorAll('tr[data-row]').length === 3, 'no invoices');
    transport.fail(paths.invoices.getSubscriptionInvoicePdf, 404, 'Invoice not found');
    clickButton(el.shadowRoot!.querySelector('tr[data-row]')!, 'Download PDF');
    await waitUntil(() => $(el, '[data-download-error]'), 'no download error');
    expect(text($(el, '[data-download-error]'))).to.contain('Invoice not found');
    expect($(el, '[data-load-error]')).to.equal(null);
    expect(el.shadowRoot!.querySelectorAll('tr[data-row]')).to.have.length(3);
  });

  it('[BILLING-037] no payment provider: the information load says "Internal feature failure"', async () => {
    transport.preview.state.billingProvider.status = '0';
    const el = await openBillingPage('subscriptions', WRITER);
    await waitUntil(() => $(el, '[data-information-error]'), 'no error');
    expect(text($(el, '[data-information-error]'))).to.equal('Internal feature failure');
    expect(text(region(el, 'payment-method'))).to.contain('Payment provider not configured');
  });
});

/** The input labelled `label` in `root` (the card entry's fields). */
function fieldIn(root: ParentNode, label: string): HTMLInputElement | null {
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  return labelEl?.htmlFor ? root.querySelector<HTMLInputElement>(`[id="${labelEl.htmlFor}"]`) : null;
}
