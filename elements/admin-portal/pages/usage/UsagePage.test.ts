import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { resetBilling } from '../../../../shared/billing/state';
import { $, axeViolations, mount, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';
import {
  BASE,
  clickButton,
  freshTransport,
  resetPortal,
  signIn,
  startPortalForTests,
  type RecordingTransport,
} from '../roles/portalTestKit';

/** Subscriptions is hidden by default (ROUTE-034); usage shows by the flag `fe-usage-page` (SCREEN-040). */
const NAVIGATION = JSON.stringify({ subscriptions: { visibility: 'byPermissions' } });
const ADMIN = ['fe.subscriptions.*', 'fe.usage.read'];

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
  resetBilling();
});
afterEach(resetPortal);

const navKeys = (el: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll('nav [data-entry]')].map((b) => b.getAttribute('data-entry'));
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function mountPortal(permissions: string[]) {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  return mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation: NAVIGATION, 'log-level': 'none' },
    (root) => root.querySelector('nav [data-entry]') !== null,
  );
}

async function openUsage(permissions = ADMIN) {
  const el = await mountPortal(permissions);
  await waitUntil(() => $(el, 'nav [data-entry="usage"]'), 'no usage entry');
  $<HTMLButtonElement>(el, 'nav [data-entry="usage"]')!.click();
  await waitUntil(() => $(el, '[data-page="usage"] [data-seats]'), 'the usage did not load');
  return el;
}

describe('Usage page', () => {
  it('[SCREEN-040] with the flag fe-usage-page the entry shows: seats of the plan, active users, the plan; axe clean', async () => {
    const el = await openUsage();
    expect($(el, '#fe-page-title')!.textContent).to.equal('Usage');
    expect(text($(el, 'nav [data-entry="usage"]'))).to.equal('Usage');
    const state = transport.preview.state;
    const members = state.users.filter((u) => u.tenantIds.includes('tenant-acme'));
    const since = Date.now() - 30 * 86_400_000;
    const active = members.filter((u) => u.lastLogin && Date.parse(u.lastLogin) >= since).length;
    expect(text($(el, '[data-seats]'))).to.equal(`${members.length} of 10 seats used`);
    const meter = $<HTMLMeterElement>(el, 'meter')!;
    expect(meter.max).to.equal(10);
    expect(meter.value).to.equal(members.length);
    expect(text($(el, '[data-active-users]'))).to.equal(`Active users in the last 30 days: ${active}`);
    expect(text($(el, '[data-usage="plan"] [data-plan-name]'))).to.equal('Pro');
    expect(transport.callsOf(paths.summaries.getSubscriptionUsage)).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-040] an unlimited plan: "N seats used (unlimited)"; without the flag the entry is hidden', async () => {
    transport.preview.state.billingSummary.currentPlanId = 'plan-enterprise';
    const el = await openUsage();
    const members = transport.preview.state.users.filter((u) => u.tenantIds.includes('tenant-acme')).length;
    expect(text($(el, '[data-seats]'))).to.equal(`${members} seats used (unlimited)`);
    expect($(el, 'meter')).to.equal(null);
    expect(text($(el, '[data-usage="plan"] [data-plan-name]'))).to.equal('Enterprise');
  });

  it('[SCREEN-040] the entry stays hidden without the flag', async () => {
    transport.preview.state.sampleFlags = [];
    const el = await mountPortal(ADMIN);
    await waitUntil(() => navKeys(el).includes('subscriptions'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(navKeys(el)).not.to.include('usage');
  });

  it('[SCREEN-040] "Change plan" goes to the Subscriptions page', async () => {
    const el = await openUsage();
    clickButton(el.shadowRoot!, 'Change plan');
    await waitUntil(() => $(el, '[data-page="subscriptions"]'), 'the subscriptions page did not open');
    expect($(el, 'nav [data-entry="subscriptions"]')!.getAttribute('aria-current')).to.equal('page');
  });

  it('a failed usage load says so, with a retry', async () => {
    transport.fail(paths.summaries.getSubscriptionUsage, 500, 'Usage is down');
    const el = await mountPortal(ADMIN);
    await waitUntil(() => $(el, 'nav [data-entry="usage"]'), 'no usage entry');
    $<HTMLButtonElement>(el, 'nav [data-entry="usage"]')!.click();
    await waitUntil(() => $(el, '[data-page="usage"] [data-load-error]'), 'no error');
    expect(text($(el, '[data-load-error]'))).to.contain('Usage is down');
    transport.heal();
    clickButton(el.shadowRoot!, 'Try again');
    await waitUntil(() => $(el, '[data-seats]'), 'the retry did not load');
  });
});
