import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { buildIpRestriction } from '../../../../shared/api/preview/sampleData';
import { $, axeViolations, setValue, shadowText, waitUntil } from '../../../../shared/element/testing';
import '../../index';
import {
  button,
  clickButton,
  fill,
  freshTransport,
  openDialog,
  openPage,
  present,
  resetPortal,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';

const WRITER = ['fe.secure.read.securityPolicy', 'fe.secure.write.securityPolicy'];
const READER = ['fe.secure.read.securityPolicy'];

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
});
afterEach(resetPortal);

const root = (el: HTMLElement) => el.shadowRoot!;
const tabKeys = (el: HTMLElement) =>
  [...root(el).querySelectorAll('[role="tab"]')].map((tab) => tab.getAttribute('data-tab'));

async function openTab(el: HTMLElement, key: string, ready: string) {
  $<HTMLButtonElement>(el, `[role="tab"][data-tab="${key}"]`)!.click();
  await waitUntil(() => $(el, ready), `the ${key} tab did not load`);
}

const input = (el: HTMLElement, name: string) => $<HTMLInputElement>(el, `input[data-input="${name}"]`)!;
const toggle = (el: HTMLElement, name: string) => $<HTMLInputElement>(el, `input[data-toggle="${name}"]`)!;

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const ipRows = (el: HTMLElement) =>
  [...root(el).querySelectorAll('tr[data-row]')].map(
    (row) => row.querySelector('[data-ip]')?.textContent ?? '',
  );

async function openSecurity(permissions = WRITER, attributes: Record<string, string> = {}) {
  const el = await openPage('security', permissions, attributes);
  await waitUntil(() => $(el, 'form[data-form="sessions"]'), 'the sessions tab did not load');
  return el;
}

async function openIpTab(el: HTMLElement) {
  await openTab(el, 'ipRestrictions', 'form[data-form="ip-config"]');
  await waitUntil(() => ipRows(el).length > 0, 'the IP list did not load');
}

describe('security page', () => {
  it('[SCREEN-062] [SCREEN-063] [SCREEN-064] [SCREEN-065] has the four tabs; a hidden tab appearance removes one', async () => {
    const el = await openSecurity();
    expect(tabKeys(el)).to.deep.equal([
      'sessionManagement',
      'generalSettings',
      'ipRestrictions',
      'domainRestrictions',
    ]);
    el.setAttribute('portal', '{"tabs":{"security.ipRestrictions":"hidden"}}');
    await waitUntil(() => !tabKeys(el).includes('ipRestrictions'), 'the hidden tab stayed');
    expect(tabKeys(el)).to.deep.equal(['sessionManagement', 'generalSettings', 'domainRestrictions']);
  });

  it('[SECURITY-001] [SESSIONS-002] [SESSIONS-003] [SCREEN-061] sessionManagement shows idle timeout, force re-login and concurrent sessions and saves them', async () => {
    const el = await openSecurity();
    for (const field of ['idleSessionTimeout', 'forceReLogin', 'maximumConcurrentSessions'])
      expect(present($(el, `section[data-field="${field}"]`)), field).to.equal(true);
    // The sample: idle 3600 s = 1 hour, session 7776000 s = 90 days, 10 sessions.
    expect(input(el, 'idleSessionTimeout').value).to.equal('1');
    expect($<HTMLSelectElement>(el, 'select[data-unit="idleSessionTimeout"]')!.value).to.equal('hours');
    expect(input(el, 'forceReLogin').value).to.equal('90');
    expect($<HTMLSelectElement>(el, 'select[data-unit="forceReLogin"]')!.value).to.equal('days');
    expect(input(el, 'maximumConcurrentSessions').value).to.equal('10');

    setValue(input(el, 'idleSessionTimeout'), '30');
    choose($<HTMLSelectElement>(el, 'select[data-unit="idleSessionTimeout"]')!, 'minutes');
    setValue(input(el, 'maximumConcurrentSessions'), '3');
    clickButton($(el, 'form[data-form="sessions"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('Session settings saved.'), 'no toast');
    const [call] = transport.callsOf(paths.auth.createOrUpdateSessionConfigrations);
    expect(call!.body).to.deep.equal({
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 },
      sessionTimeoutConfiguration: { isActive: true, timeout: 7_776_000 },
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 3 },
    });
    expect(transport.preview.state.sessionConfiguration.sessionIdleTimeoutConfiguration.timeout).to.equal(
      1800,
    );
  });

  it('[SECURITY-001] an out-of-range value is named under its field and nothing is sent', async () => {
    const el = await openSecurity();
    setValue(input(el, 'maximumConcurrentSessions'), '0');
    clickButton($(el, 'form[data-form="sessions"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('Enter a whole number from 1 to 1000'), 'no field error');
    expect(transport.callsOf(paths.auth.createOrUpdateSessionConfigrations)).to.have.length(0);
  });

  it('unsaved changes survive a tab switch', async () => {
    const el = await openSecurity();
    setValue(input(el, 'maximumConcurrentSessions'), '7');
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    setValue(input(el, 'maxAttempts'), '4');
    await openTab(el, 'sessionManagement', 'form[data-form="sessions"]');
    expect(input(el, 'maximumConcurrentSessions').value).to.equal('7');
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    expect(input(el, 'maxAttempts').value).to.equal('4');
  });

  it('[SECURITY-002] generalSettings shows mfa, userLockout and passwordHistory and saves only what changed', async () => {
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    for (const field of ['mfa', 'userLockout', 'passwordHistory'])
      expect(present($(el, `section[data-field="${field}"]`)), field).to.equal(true);
    const enforce = $<HTMLSelectElement>(el, 'select[data-input="enforceMFAType"]')!;
    expect([...enforce.options].map((o) => o.value)).to.deep.equal(['DontForce', 'Force', 'ForceExceptSAML']);
    expect(enforce.value).to.equal('DontForce');
    expect(input(el, 'mfaDeviceExpiration').value).to.equal('14');
    choose(enforce, 'ForceExceptSAML');
    toggle(el, 'userLockout').click();
    setValue(input(el, 'maxAttempts'), '3');
    clickButton($(el, 'form[data-form="general"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('Security settings saved.'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.saveMfaPolicy).map((c) => c.body)).to.deep.equal([
      { enforceMFAType: 'ForceExceptSAML', allowRememberMyDevice: true, mfaDeviceExpiration: 14 * 86_400 },
    ]);
    expect(transport.callsOf(paths.securityPolicy.saveLockoutPolicy).map((c) => c.body)).to.deep.equal([
      { enabled: true, maxAttempts: 3 },
    ]);
    expect(transport.callsOf(paths.securityPolicy.savePasswordHistoryPolicy)).to.have.length(0);
    expect(transport.preview.state.lockoutPolicy).to.include({ enabled: true, maxAttempts: 3 });
  });

  it("[SECURITY-002] a refused save shows the server's error", async () => {
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    transport.fail(paths.securityPolicy.savePasswordHistoryPolicy, 400, 'historySize: Too big');
    toggle(el, 'passwordHistory').click();
    clickButton($(el, 'form[data-form="general"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('historySize: Too big'), 'the error is not shown');
    // The edit stays for the user to correct.
    expect(toggle(el, 'passwordHistory').checked).to.equal(true);
  });

  it('a viewOnly field appearance shows the values without controls', async () => {
    const el = await openSecurity(WRITER, { portal: '{"fields":{"security.mfa":"viewOnly"}}' });
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    expect($<HTMLSelectElement>(el, 'select[data-input="enforceMFAType"]')!.disabled).to.equal(true);
    expect(toggle(el, 'userLockout').disabled).to.equal(false);
  });

  it('[SECURITY-020] [SCREEN-063] generalSettings shows the password rules, password expiration and captcha and saves each changed one', async () => {
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    for (const field of ['passwordRules', 'passwordExpiration', 'captcha'])
      expect(present($(el, `section[data-field="${field}"]`)), field).to.equal(true);
    // The preview's rules are the server's defaults.
    expect(input(el, 'minLength').value).to.equal('8');
    expect(toggle(el, 'requireUppercase').checked).to.equal(false);
    expect(toggle(el, 'passwordExpiration').checked).to.equal(false);
    expect(input(el, 'rotationPeriod').disabled).to.equal(true);
    expect(toggle(el, 'captcha').checked).to.equal(false);
    expect(shadowText(el)).to.contain('A passphrase of 20 characters or more');
    expect(shadowText(el)).not.to.contain('Set by your vendor');

    setValue(input(el, 'minLength'), '12');
    toggle(el, 'requireUppercase').click();
    toggle(el, 'checkThreeRepeatedChars').click();
    toggle(el, 'passwordExpiration').click();
    setValue(input(el, 'rotationPeriod'), '30');
    setValue(input(el, 'notificationPeriod'), '5');
    toggle(el, 'captcha').click();
    clickButton($(el, 'form[data-form="general"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('Security settings saved.'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.savePasswordConfigPolicy).map((c) => c.body)).to.deep.equal(
      [
        {
          minLength: 12,
          requireLowercase: false,
          requireUppercase: true,
          requireNumbers: false,
          requireSpecialChars: false,
          checkThreeRepeatedChars: true,
        },
      ],
    );
    expect(
      transport.callsOf(paths.securityPolicy.savePasswordRotationPolicy).map((c) => c.body),
    ).to.deep.equal([{ isActive: true, rotationPeriod: 30, notificationPeriod: 5 }]);
    expect(transport.callsOf(paths.securityPolicy.saveCaptchaPolicy).map((c) => c.body)).to.deep.equal([
      { enabled: true },
    ]);
    // Nothing else changed: nothing else is sent.
    expect(transport.callsOf(paths.securityPolicy.saveMfaPolicy)).to.have.length(0);
    expect(transport.preview.state.passwordRules).to.include({ minLength: 12, requireUppercase: true });
    expect(input(el, 'minLength').value).to.equal('12');
  });

  it('[SECURITY-020] a minimum length out of range is named under its field and nothing is sent', async () => {
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    setValue(input(el, 'minLength'), '4');
    toggle(el, 'passwordExpiration').click();
    setValue(input(el, 'rotationPeriod'), '0');
    clickButton($(el, 'form[data-form="general"]')!, 'Save');
    await waitUntil(() => shadowText(el).includes('Enter a whole number from 8 to 64'), 'no field error');
    expect(shadowText(el)).to.contain('Enter a whole number of days from 1 to 3650');
    expect(transport.callsOf(paths.securityPolicy.savePasswordConfigPolicy)).to.have.length(0);
    expect(transport.callsOf(paths.securityPolicy.savePasswordRotationPolicy)).to.have.length(0);
  });

  it('[SECURITY-020] a password policy the vendor keeps shows read-only with "Set by your vendor"', async () => {
    const vendor = transport.preview.state.securityPolicy;
    vendor.allowOverridePasswordComplexity = false;
    vendor.allowOverrideEnforcePasswordHistory = false;
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    const note = (field: string) => $(el, `section[data-field="${field}"] [data-note="vendor"]`)?.textContent;
    expect(note('passwordRules')).to.equal('Set by your vendor');
    expect(note('passwordHistory')).to.equal('Set by your vendor');
    expect(note('passwordExpiration')).to.equal(undefined);
    expect(input(el, 'minLength').disabled).to.equal(true);
    expect(toggle(el, 'requireNumbers').disabled).to.equal(true);
    expect(toggle(el, 'passwordHistory').disabled).to.equal(true);
    expect(toggle(el, 'passwordExpiration').disabled).to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("[SECURITY-020] a refused password-rules save shows the server's error", async () => {
    const el = await openSecurity();
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    transport.fail(
      paths.securityPolicy.savePasswordConfigPolicy,
      403,
      'Your vendor does not let accounts change this policy',
    );
    toggle(el, 'requireNumbers').click();
    clickButton($(el, 'form[data-form="general"]')!, 'Save');
    await waitUntil(
      () => shadowText(el).includes('Your vendor does not let accounts change this policy'),
      'the error is not shown',
    );
    expect(toggle(el, 'requireNumbers').checked).to.equal(true);
  });

  it('[SECURITY-003] [SECURITY-007] [SECURITY-008] [SECURITY-009] ipRestrictions lists the allow list four at a time first', async () => {
    for (let i = 1; i <= 4; i += 1)
      transport.preview.state.ipRestrictions.push(
        buildIpRestriction({ id: `ip-extra-${i}`, ip: `198.51.100.${i}`, description: `Branch ${i}` }),
      );
    const el = await openSecurity();
    await openIpTab(el);
    expect(present($(el, '[data-field="ipAddressRestrictions"]'))).to.equal(true);
    const [first] = transport.callsOf(paths.securityPolicy.getIPRestrictions);
    expect(Object.fromEntries(first!.query)).to.deep.equal({ _offset: '0', _limit: '4', _filter: 'ALLOW' });
    expect(ipRows(el)).to.deep.equal(['203.0.113.10', '198.51.100.0/24', '198.51.100.1', '198.51.100.2']);
    expect($(el, '[data-filter="ALLOW"]')!.getAttribute('aria-pressed')).to.equal('true');
    clickButton(root(el), 'Next');
    await waitUntil(() => ipRows(el).join() === '198.51.100.3,198.51.100.4', 'page 2 did not load');
    $<HTMLButtonElement>(el, '[data-filter="BLOCK"]')!.click();
    await waitUntil(() => ipRows(el).join() === '192.0.2.66', 'the block list did not load');
    const last = transport.callsOf(paths.securityPolicy.getIPRestrictions).at(-1)!;
    expect(Object.fromEntries(last.query)).to.deep.equal({ _offset: '0', _limit: '4', _filter: 'BLOCK' });
    // userIpValid: the caller's address was checked.
    expect(transport.callsOf(paths.securityPolicy.testCurrentIp).length).to.be.greaterThan(0);
  });

  it('[SECURITY-012] [SECURITY-013] "Add my IP" adds an active allow entry "My IP" and turns the restrictions on', async () => {
    transport.preview.state.ipRestrictions = transport.preview.state.ipRestrictions.filter(
      (r) => r.id !== 'ip-office',
    );
    const el = await openSecurity();
    await openIpTab(el);
    await waitUntil(() => !button(root(el), 'Add my IP')?.disabled, 'the caller address did not load');
    clickButton(root(el), 'Add my IP');
    await waitUntil(() => shadowText(el).includes('was added to the allow list'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.createIPRestriction).map((c) => c.body)).to.deep.equal([
      { ip: '203.0.113.10', description: 'My IP', isActive: true, strategy: 'ALLOW' },
    ]);
    expect(
      transport.callsOf(paths.securityPolicy.updateIPRestrictionConfig).map((c) => c.body),
    ).to.deep.equal([{ isActive: true, strategy: 'ALLOW' }]);
    expect(transport.preview.state.ipRestrictionsConfig.isActive).to.equal(true);
    await waitUntil(() => ipRows(el).includes('203.0.113.10'), 'the entry is not listed');
    expect(toggle(el, 'ipRestrictionsActive').checked).to.equal(true);
  });

  it('[SECURITY-005] adds an IPv6 range with a description, and refuses what is not an address', async () => {
    const el = await openSecurity();
    await openIpTab(el);
    clickButton(root(el), 'Add IP');
    const dialog = await waitForDialog(el, 'Add to the allow list');
    fill(dialog, 'IP address or CIDR range', '10.0.0.300');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('Enter an IPv4 or IPv6 address or a CIDR range'));
    expect(transport.callsOf(paths.securityPolicy.createIPRestriction)).to.have.length(0);
    fill(dialog, 'IP address or CIDR range', '2001:db8::/32');
    fill(dialog, 'Description', 'Lab <b>v6</b>');
    clickButton(dialog, 'Create');
    await waitUntil(() => shadowText(el).includes('2001:db8::/32 added.'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.createIPRestriction).map((c) => c.body)).to.deep.equal([
      { ip: '2001:db8::/32', description: 'Lab <b>v6</b>', isActive: true, strategy: 'ALLOW' },
    ]);
    expect(present(openDialog(el))).to.equal(false);
    // The description is text, not markup.
    await waitUntil(() => ipRows(el).includes('2001:db8::/32'), 'the entry is not listed');
    expect(shadowText(el)).to.contain('Lab <b>v6</b>');
    expect(present(root(el).querySelector('td b'))).to.equal(false);
  });

  it('[SECURITY-005] bulk add sends every line as one call and names a bad line', async () => {
    const el = await openSecurity();
    await openIpTab(el);
    $<HTMLButtonElement>(el, '[data-filter="BLOCK"]')!.click();
    await waitUntil(() => ipRows(el).join() === '192.0.2.66');
    clickButton(root(el), 'Add several');
    const dialog = await waitForDialog(el, 'Add several to the block list');
    const area = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
    const type = (value: string) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('192.0.2.1\nnot-an-ip');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('Line 2: not-an-ip'));
    type('192.0.2.1, Bot\n2001:db8::7');
    clickButton(dialog, 'Create');
    await waitUntil(() => shadowText(el).includes('2 addresses added.'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.bulkCreateIPRestriction).map((c) => c.body)).to.deep.equal([
      {
        ips: [
          { ip: '192.0.2.1', description: 'Bot', isActive: true, strategy: 'BLOCK' },
          { ip: '2001:db8::7', description: '', isActive: true, strategy: 'BLOCK' },
        ],
      },
    ]);
  });

  it('[SECURITY-006] [SECURITY-007] warns before turning on an allow rule that leaves the administrator out, and says when they are out', async () => {
    transport.preview.state.ipRestrictions = transport.preview.state.ipRestrictions.filter(
      (r) => r.id !== 'ip-office',
    );
    const el = await openSecurity();
    await openIpTab(el);
    expect(present($(el, '[data-ip-warning]'))).to.equal(false);
    toggle(el, 'ipRestrictionsActive').click();
    await waitUntil(() => !$<HTMLButtonElement>(el, '[data-action="save-ip-config"]')!.disabled);
    $<HTMLButtonElement>(el, '[data-action="save-ip-config"]')!.click();
    const warning = await waitForDialog(el, 'You would lock yourself out');
    expect(present(warning.querySelector('[data-lockout-warning]'))).to.equal(true);
    clickButton(warning, 'Cancel');
    await waitUntil(() => openDialog(el) === null);
    expect(transport.callsOf(paths.securityPolicy.updateIPRestrictionConfig)).to.have.length(0);
    $<HTMLButtonElement>(el, '[data-action="save-ip-config"]')!.click();
    clickButton(await waitForDialog(el, 'You would lock yourself out'), 'Save anyway');
    await waitUntil(() => shadowText(el).includes('IP restriction rule saved.'), 'no toast');
    expect(
      transport.callsOf(paths.securityPolicy.updateIPRestrictionConfig).map((c) => c.body),
    ).to.deep.equal([{ isActive: true, strategy: 'ALLOW' }]);
    await waitUntil(() => $(el, '[data-ip-warning]'), 'no warning that the caller is out');
  });

  it('[SECURITY-007] with the block rule on, adding a block entry that covers the administrator asks first', async () => {
    transport.preview.state.ipRestrictionsConfig = { isActive: true, strategy: 'BLOCK' };
    const el = await openSecurity();
    await openIpTab(el);
    await waitUntil(() => transport.callsOf(paths.securityPolicy.testCurrentIp).length > 0);
    expect(present($(el, '[data-ip-warning]'))).to.equal(false);
    $<HTMLButtonElement>(el, '[data-filter="BLOCK"]')!.click();
    await waitUntil(() => ipRows(el).join() === '192.0.2.66');
    await waitUntil(() => !button(root(el), 'Add my IP')?.disabled, 'the caller address did not load');
    clickButton(root(el), 'Add IP');
    const dialog = await waitForDialog(el, 'Add to the block list');
    fill(dialog, 'IP address or CIDR range', '203.0.113.0/24');
    clickButton(dialog, 'Create');
    await waitForDialog(el, 'You would lock yourself out');
    expect(transport.callsOf(paths.securityPolicy.createIPRestriction)).to.have.length(0);
  });

  it('[SECURITY-005] deletes an entry after confirmation', async () => {
    const el = await openSecurity();
    await openIpTab(el);
    clickButton(root(el), 'Delete 198.51.100.0/24');
    const confirm = await waitForDialog(el, 'Delete IP address');
    confirm.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => shadowText(el).includes('198.51.100.0/24 deleted.'), 'no toast');
    await waitUntil(() => !ipRows(el).includes('198.51.100.0/24'), 'the row stayed');
    expect(transport.preview.state.ipRestrictions.some((r) => r.id === 'ip-vpn')).to.equal(false);
  });

  it('[SECURITY-004] [SECURITY-014] [SECURITY-015] domainRestrictions lists the domains, saves the rule and adds and deletes a domain', async () => {
    const el = await openSecurity();
    await openTab(el, 'domainRestrictions', 'form[data-form="domain-config"]');
    expect(present($(el, '[data-field="restrictSignupByEmailDomain"]'))).to.equal(true);
    await waitUntil(() => shadowText(el).includes('acme.example'), 'the domains did not load');
    const [list] = transport.callsOf(paths.securityPolicy.getDomainRestrictions);
    expect(Object.fromEntries(list!.query)).to.deep.equal({ _offset: '0', _limit: '10' });

    toggle(el, 'domainRestrictionsActive').click();
    toggle(el, 'blockPublicDomains').click();
    await waitUntil(() => !$<HTMLButtonElement>(el, '[data-action="save-domain-config"]')!.disabled);
    $<HTMLButtonElement>(el, '[data-action="save-domain-config"]')!.click();
    await waitUntil(() => shadowText(el).includes('Email-domain rule saved.'), 'no toast');
    const [save] = transport.callsOf(paths.securityPolicy.updateDomainRestrictionConfig);
    expect(save!.body).to.deep.equal({ active: true, blockPublicDomains: true, type: 'ALLOW' });
    expect(transport.preview.state.domainRestrictionsConfig).to.deep.equal({
      active: true,
      blockPublicDomains: true,
      listType: 'ALLOW',
    });

    clickButton(root(el), 'Add domain');
    const dialog = await waitForDialog(el, 'Add an email domain');
    fill(dialog, 'Domain', 'user@bad');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.textContent?.includes('Enter a domain, for example example.com'));
    fill(dialog, 'Domain', 'Contractor.Example');
    clickButton(dialog, 'Create');
    await waitUntil(() => shadowText(el).includes('contractor.example added.'), 'no toast');
    expect(transport.callsOf(paths.securityPolicy.createDomainRestriction).map((c) => c.body)).to.deep.equal([
      { domain: 'contractor.example', type: 'ALLOW' },
    ]);

    clickButton(root(el), 'Delete partner.example');
    const confirm = await waitForDialog(el, 'Delete email domain');
    confirm.querySelector<HTMLButtonElement>('[data-confirm]')!.click();
    await waitUntil(() => shadowText(el).includes('partner.example deleted.'), 'no toast');
  });

  it('a reader sees the values without write controls', async () => {
    const el = await openSecurity(READER);
    expect(shadowText(el)).to.contain('You can view the security settings but not change them.');
    expect(input(el, 'maximumConcurrentSessions').disabled).to.equal(true);
    expect(button($(el, 'form[data-form="sessions"]')!, 'Save')).to.equal(null);
    await openIpTab(el);
    expect(button(root(el), 'Add IP')).to.equal(null);
    expect(button(root(el), 'Add my IP')).to.equal(null);
    expect(present(root(el).querySelector('tr[data-row] [data-action="delete"]'))).to.equal(false);
  });

  it('passes axe-core on each tab', async () => {
    const el = await openSecurity();
    expect(await axeViolations(el)).to.deep.equal([]);
    await openTab(el, 'generalSettings', 'form[data-form="general"]');
    expect(await axeViolations(el)).to.deep.equal([]);
    await openIpTab(el);
    expect(await axeViolations(el)).to.deep.equal([]);
    await openTab(el, 'domainRestrictions', 'form[data-form="domain-config"]');
    await waitUntil(() => shadowText(el).includes('acme.example'));
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'dark');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
