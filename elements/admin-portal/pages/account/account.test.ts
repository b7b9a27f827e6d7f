import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { previewHarness } from '../../../../shared/api/preview/testing';
import { $, axeViolations, setValue, shadowText } from '../../../../shared/element/testing';
import {
  button,
  callsOf,
  field,
  mountPortal,
  openPage,
  resetPortal,
  root,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';
import { resolveOptions } from '../../../../shared/options/options';
import { formatSample } from './formats';
import { loginAddressOf } from './loginAddress';

before(startPreviewPortal);
afterEach(resetPortal);

const READ = 'fe.secure.read.accountSettings';
const WRITE = 'fe.secure.write.accountSettings';

/** The portal on the account page with the settings loaded. */
async function openAccount(permissions = [READ, WRITE], attributes: Record<string, string> = {}) {
  signIn(permissions);
  const el = await mountPortal(attributes);
  await openPage(el, 'account');
  await until(
    () => $(el, '[data-field="companyName"]') || shadowText(el).includes('You do not have permission'),
    'the account settings did not load',
  );
  return el;
}

const tabKeys = (el: HTMLElement) =>
  [...(el.shadowRoot?.querySelectorAll('[role="tab"]') ?? [])].map((t) => t.getAttribute('data-tab'));

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

async function openCustomLogin(el: HTMLElement) {
  $<HTMLButtonElement>(el, '[role="tab"][data-tab="customLogin"]')!.click();
  await until(() => $(el, 'form[data-form="customLogin"]'));
}

describe('account page', () => {
  it('[TENANTS-005] [TENANTS-008] shows company name, address, website, time zone and currency; the sample is DD/MM/YYYY, HH:mm, USD', async () => {
    const el = await openAccount();
    const r = root(el);
    expect(field(r, 'Company name')!.value).to.equal('Acme');
    expect(field(r, 'Address')!.value).to.equal('100 Market Street, San Francisco, CA 94105');
    expect(field(r, 'Website')!.value).to.equal('https://acme.example');
    expect(field<HTMLSelectElement>(r, 'Time zone')!.value).to.equal('America/Los_Angeles');
    expect(field<HTMLSelectElement>(r, 'Currency')!.value).to.equal('USD');
    expect(field<HTMLSelectElement>(r, 'Date format')!.value).to.equal('DD/MM/YYYY');
    expect(field<HTMLSelectElement>(r, 'Time format')!.value).to.equal('HH:mm');
    const zones = [...field<HTMLSelectElement>(r, 'Time zone')!.options].map((o) => o.value);
    expect(zones).to.include.members(['UTC', ...Intl.supportedValuesOf('timeZone').slice(0, 20)]);
    const currencies = [...field<HTMLSelectElement>(r, 'Currency')!.options].map((o) => o.value);
    expect(currencies).to.include.members(['USD', 'EUR', 'ILS', 'JPY']);
    expect(field<HTMLSelectElement>(r, 'Date format')!.selectedOptions[0]!.textContent).to.equal(
      'DD/MM/YYYY (for example 31/12/2025)',
    );
    expect(formatSample('hh:mm:ss A', new Date(2025, 11, 31, 16, 5, 9))).to.equal('04:05:09 PM');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[TENANTS-004] a writer saves name, address, website, time zone, date and time format, currency and logo with PUT account settings', async () => {
    const el = await openAccount();
    const r = root(el);
    setValue(field(r, 'Company name')!, 'Acme Corporation');
    setValue(field(r, 'Logo URL')!, 'https://acme.example/logo.png');
    choose(field<HTMLSelectElement>(r, 'Time zone')!, 'Europe/London');
    choose(field<HTMLSelectElement>(r, 'Currency')!, 'EUR');
    choose(field<HTMLSelectElement>(r, 'Date format')!, 'YYYY-MM-DD');
    choose(field<HTMLSelectElement>(r, 'Time format')!, 'hh:mm A');
    button(r, 'Save')!.click();
    await until(() => shadowText(el).includes('The account settings were saved.'));
    const [put] = callsOf(paths.accountSettings.updateSettings);
    expect(put!.route).to.deep.equal({ method: 'PUT', path: '/tenants/resources/account-settings/v1' });
    expect(put!.opts.body).to.deep.equal({
      name: 'Acme Corporation',
      address: '100 Market Street, San Francisco, CA 94105',
      website: 'https://acme.example',
      timezone: 'Europe/London',
      currency: 'EUR',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'hh:mm A',
      logo: 'https://acme.example/logo.png',
    });
    const saved = previewFetch.state.accountSettings;
    expect([saved.tenantId, saved.name, saved.timezone, saved.currency]).to.deep.equal([
      'tenant-acme',
      'Acme Corporation',
      'Europe/London',
      'EUR',
    ]);
  });

  it('a bad website is refused with the shared message and nothing is sent', async () => {
    const el = await openAccount();
    setValue(field(root(el), 'Website')!, 'acme dot example');
    button(root(el), 'Save')!.click();
    await until(() => shadowText(el).includes('Enter a web address starting with https://'));
    expect(callsOf(paths.accountSettings.updateSettings)).to.have.length(0);
  });

  it('readers see the values read-only and no save; without the read permission the page says so', async () => {
    const el = await openAccount([READ]);
    const r = root(el);
    expect(shadowText(el)).to.contain('only an account administrator can change them');
    expect(field(r, 'Company name')!.readOnly).to.equal(true);
    expect(field(r, 'Time zone')!.readOnly).to.equal(true);
    expect(field(r, 'Time zone')!.value).to.equal('America/Los_Angeles');
    expect(button(r, 'Save')).to.equal(null);
    await openCustomLogin(el);
    expect(button(r, 'Save')).to.equal(null);
    expect(field(r, 'Title')!.readOnly).to.equal(true);
    resetPortal();
    const denied = await openAccount([]);
    expect(shadowText(denied)).to.contain('You do not have permission to see this page.');
    expect(callsOf(paths.accountSettings.getSettings)).to.have.length(0);
  });

  it('[TENANTS-006] [SCREEN-049] [SCREEN-050] the page has the tabs settings and customLogin; a hidden tab appearance removes a tab', async () => {
    const el = await openAccount();
    expect(tabKeys(el)).to.deep.equal(['settings', 'customLogin']);
    await openCustomLogin(el);
    expect($(el, '[role="tab"][data-tab="customLogin"]')!.getAttribute('aria-selected')).to.equal('true');
    el.setAttribute('portal', '{"tabs":{"account.customLogin":"hidden"}}');
    await until(() => tabKeys(el).join() === 'settings');
    expect(field(root(el), 'Company name')).not.to.equal(null);
  });

  it('[TENANTS-007] saving the custom login box with no change says "No changes to update" and sends nothing', async () => {
    const el = await openAccount();
    await openCustomLogin(el);
    const r = root(el);
    const form = $(el, 'form[data-form="customLogin"]')!;
    button(form, 'Save')!.click();
    await until(() => form.textContent?.includes('No changes to update'));
    expect(callsOf(paths.accountSettings.updateSettings)).to.have.length(0);
    setValue(field(r, 'Title')!, 'Welcome to Acme');
    setValue(field(r, 'Primary colour')!, '#0A7C4A');
    button(form, 'Save')!.click();
    await until(() => $(el, '[data-toast]')?.textContent?.includes('The custom login box was saved.'));
    expect(callsOf(paths.accountSettings.updateSettings).map((c) => c.opts.body)).to.deep.equal([
      { customLogin: { title: 'Welcome to Acme', primaryColor: '#0A7C4A' } },
    ]);
    expect(previewFetch.state.accountSettings.hasCustomLogin).to.equal(true);
    button(form, 'Save')!.click();
    await until(() => form.textContent?.includes('No changes to update'));
    expect(callsOf(paths.accountSettings.updateSettings)).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[TENANTS-007] the preview answers an unchanged custom login box with 400 No changes to update, as the server does', async () => {
    const { call } = previewHarness();
    const box = { customLogin: { title: 'Hello' } };
    expect((await call(paths.accountSettings.updateSettings, { body: box })).status).to.equal(200);
    const again = await call(paths.accountSettings.updateSettings, { body: box });
    expect([again.status, again.body]).to.deep.equal([400, { errors: ['No changes to update'] }]);
    // The same box with another change saves.
    const renamed = await call(paths.accountSettings.updateSettings, { body: { ...box, name: 'Acme 2' } });
    expect(renamed.status).to.equal(200);
  });

  it('a colour that is not hex is refused with a message', async () => {
    const el = await openAccount();
    await openCustomLogin(el);
    setValue(field(root(el), 'Background colour')!, 'red');
    button($(el, 'form[data-form="customLogin"]')!, 'Save')!.click();
    await until(() => shadowText(el).includes('Enter a colour such as #5B8DEF'));
    expect(callsOf(paths.accountSettings.updateSettings)).to.have.length(0);
  });

  it('the custom login tab names the sign-in address of the account’s users: the login route with its tenantId', async () => {
    const el = await openAccount();
    await openCustomLogin(el);
    const link = $<HTMLAnchorElement>(el, '[data-login-address] a')!;
    expect(link.href).to.equal(`${location.origin}/account/login?tenantId=tenant-acme`);
    const page = new URL('https://app.test/portal/');
    const hash = loginAddressOf('t 1', { routes: resolveOptions({}).routes, urlStrategy: 'hash' }, page);
    expect(hash).to.equal('https://app.test/portal/#/account/login?tenantId=t+1');
  });

  it('passes axe-core in the dark theme on both tabs', async () => {
    const el = await openAccount([READ, WRITE], { 'theme-mode': 'dark' });
    expect(await axeViolations(el)).to.deep.equal([]);
    await openCustomLogin(el);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
