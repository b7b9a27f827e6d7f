import { expect } from '@open-wc/testing';
import type { WebhookConfiguration, WebhookLog, WebhookLogsPage } from '../../../../shared/api/connectivity';
import { paths } from '../../../../shared/api/paths';
import { $, axeViolations, mount, setValue, shadowText, waitUntil } from '../../../../shared/element/testing';
import { setOptionsAtom } from '../../../../shared/options/options.atoms';
import { store } from '../../../../shared/store';
import '../../index';
import {
  BASE,
  button,
  clickButton,
  freshTransport,
  openDialog,
  present,
  resetPortal,
  signIn,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';
import { fillTextArea, previewCall, toggleCheckbox, typeInto } from '../sso/ssoTestKit';

const c = paths.connectivity;
const ADMIN = ['fe.*'];
const READER = ['fe.connectivity.read.webhooks'];
const NAVIGATION = JSON.stringify({ webhooks: { visibility: 'byPermissions' } });
const SAMPLE = 'CRM sync';

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(() => {
  transport = freshTransport();
});
afterEach(resetPortal);

const root = (el: HTMLElement) => el.shadowRoot!;

/** Mounts the portal for a user with these keys and opens the Webhooks entry, as a user does. */
async function openWebhooks(permissions = ADMIN): Promise<HTMLElement> {
  store.set(setOptionsAtom, { baseUrl: BASE, logLevel: 'none' });
  signIn(permissions);
  const el = await mount(
    'fe-admin-portal',
    { 'base-url': BASE, navigation: NAVIGATION, 'log-level': 'none' },
    (r) => r.querySelector('nav [data-entry="webhooks"]') !== null,
  );
  $<HTMLButtonElement>(el, 'nav [data-entry="webhooks"]')!.click();
  await waitUntil(() => $(el, 'section[data-page="webhooks"]'), 'the Webhooks page did not open');
  return el;
}

/** The row of a table (by its accessible name) whose text includes `text`. */
function rowIn(el: HTMLElement, table: string, text: string): HTMLTableRowElement | null {
  const found = $<HTMLTableElement>(el, `table[aria-label="${table}"]`);
  return (
    [...(found?.querySelectorAll<HTMLTableRowElement>('tbody tr') ?? [])].find((r) =>
      r.textContent?.includes(text),
    ) ?? null
  );
}

const tab = (el: HTMLElement, name: string) =>
  [...root(el).querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((b) => b.textContent === name) ??
  null;

async function openTab(el: HTMLElement, name: string, part: string) {
  tab(el, name)!.click();
  await waitUntil(() => $(el, `[data-part="${part}"]`), `the ${name} tab did not open`);
}

const switchNamed = (el: HTMLElement, name: string) =>
  $<HTMLButtonElement>(el, `[role="switch"][aria-label="${name}"]`);

/** The alerts shown in the page (not the toasts' live region). */
const alerts = (el: HTMLElement) =>
  [...root(el).querySelectorAll<HTMLElement>('[part="alert"][role="alert"]')].map((a) => a.textContent ?? '');

async function waitForRows(el: HTMLElement, table: string, text: string) {
  await waitUntil(() => rowIn(el, table, text), `no row "${text}" in ${table}`);
  return rowIn(el, table, text)!;
}

/** Saves a webhook through the preview before the page opens. */
const seedWebhook = (displayName: string, url: string) =>
  previewCall<WebhookConfiguration>(transport, 'POST', '/webhook/custom', {
    displayName,
    url,
    eventKeys: ['frontegg.user.invitedToTenant'],
  });

describe('Webhooks page (connectivity)', function () {
  // Each test clicks through several preview answers and runs axe a few times: room for a loaded machine.
  this.timeout(60_000);

  it('[SCREEN-081] [CONNECT-001] the four channels as tabs; a webhook is added, its secret shown once, tested, its logs opened and a delivery retried; axe clean light and dark', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    const el = await openWebhooks();
    const heading = $(el, '#fe-page-title')!;
    expect(heading.tagName).to.equal('H3');
    expect(heading.textContent).to.equal('Webhooks');
    expect([...root(el).querySelectorAll('[role="tab"]')].map((t) => t.textContent)).to.deep.equal([
      'Webhooks',
      'Email',
      'SMS',
      'Slack',
    ]);
    const sample = await waitForRows(el, 'Webhooks', SAMPLE);
    const headers = [...$(el, 'table[aria-label="Webhooks"]')!.querySelectorAll('th')].map((th) =>
      th.textContent?.replace(/[▲▼]/g, '').trim(),
    );
    expect(headers).to.include.members(['Name', 'URL', 'Events', 'Status', 'Deliveries']);
    expect(sample.textContent).to.include('https://hooks.example.com/crm').and.include('2 events');
    expect(await axeViolations(el)).to.deep.equal([]);

    clickButton(root(el), 'Add webhook');
    let dialog = await waitForDialog(el, 'Add webhook');
    // Sign-in events go to webhooks too; the events come grouped by category.
    expect(dialog.querySelector('[role="group"][aria-label="Users"]')).to.not.equal(null);
    expect(dialog.querySelector('input[data-event="frontegg.user.authenticated"]')).to.not.equal(null);
    // The form checks before sending.
    clickButton(dialog, 'Save');
    await waitUntil(() => dialog.textContent?.includes('Choose at least one event'), 'no form errors');
    expect(dialog.textContent).to.include('Enter a name');
    expect(transport.callsOf(c.postWebhooksConfiguration)).to.have.length(0);
    typeInto(dialog, 'Name', '<b>Billing</b> hook');
    typeInto(dialog, 'URL', 'https://receiver.example.com/hooks');
    typeInto(dialog, 'Description', 'Our billing system');
    toggleCheckbox(dialog, 'User invited', 'Events');
    toggleCheckbox(dialog, 'Sign-up completed', 'Events');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(dialog, 'Save');

    dialog = await waitForDialog(el, 'Signing secret');
    const [post] = transport.callsOf(c.postWebhooksConfiguration);
    expect(post!.body).to.deep.equal({
      displayName: '<b>Billing</b> hook',
      url: 'https://receiver.example.com/hooks',
      description: 'Our billing system',
      eventKeys: ['frontegg.user.invitedToTenant', 'signup_completed'],
      isActive: true,
    });
    const secretInput = dialog.querySelector<HTMLInputElement>('input[data-value="secret"]')!;
    expect(secretInput.readOnly).to.equal(true);
    expect(secretInput.value).to.match(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(dialog.textContent).to.include('shown once').and.include('Standard Webhooks');
    clickButton(dialog, 'Copy');
    await waitUntil(() => written.length === 1, 'not copied');
    expect(written[0]).to.equal(secretInput.value);
    expect(await axeViolations(el)).to.deep.equal([]);
    const secret = secretInput.value;
    clickButton(dialog, 'Done');
    await waitUntil(() => !openDialog(el), 'the secret dialog stayed open');

    // The name is text, never markup; the secret is not on the page any more.
    const row = await waitForRows(el, 'Webhooks', '<b>Billing</b> hook');
    expect(row.querySelector('b')).to.equal(null);
    expect(shadowText(el)).to.not.include(secret);

    clickButton(root(el), 'Test <b>Billing</b> hook');
    await waitUntil(() => shadowText(el).includes('Test delivered (200)'), 'no success toast');
    const [test] = transport.callsOf(c.postWebhookTest);
    expect(test!.body).to.deep.include({ url: 'https://receiver.example.com/hooks' });
    expect((test!.body as { webhookId: string }).webhookId)
      .to.be.a('string')
      .and.not.equal('');

    clickButton(root(el), 'Logs for <b>Billing</b> hook');
    await waitUntil(() => $(el, 'section[aria-label="Logs of <b>Billing</b> hook"]'), 'no logs region');
    const logRow = await waitForRows(el, 'Delivery attempts', 'Test delivery');
    expect(logRow.textContent).to.include('200').and.include('Delivered').and.include('ms');
    for (const name of ['Time', 'Event', 'Attempt', 'Status', 'Result', 'Latency'])
      expect(
        [...$(el, 'table[aria-label="Delivery attempts"]')!.querySelectorAll('th')].some(
          (th) => th.textContent?.replace(/[▲▼]/g, '').trim() === name,
        ),
        name,
      ).to.equal(true);
    logRow.querySelector<HTMLButtonElement>('[data-details]')!.click();
    dialog = await waitForDialog(el, 'Delivery details');
    // The scrollable bodies take focus: each is named by its heading.
    for (const [part, heading] of [
      ['data-request-body', 'Request body'],
      ['data-response-body', 'Response'],
    ] as const) {
      const pre = dialog.querySelector(`[${part}]`)!;
      expect(pre.getAttribute('tabindex')).to.equal('0');
      const labelledBy = pre.getAttribute('aria-labelledby')!;
      expect(root(el).getElementById(labelledBy)?.textContent, part).to.equal(heading);
    }
    expect(dialog.querySelector('[data-request-body]')!.textContent).to.include('frontegg.test');
    expect(dialog.querySelector('[data-response-body]')!.textContent).to.equal('ok');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(dialog, 'Close');
    await waitUntil(() => !openDialog(el), 'the details stayed open');

    const before = transport.callsOf(c.getWebhookLog).length;
    rowIn(el, 'Delivery attempts', 'Test delivery')!
      .querySelector<HTMLButtonElement>('[data-retry]')!
      .click();
    await waitUntil(() => shadowText(el).includes('Retry queued'), 'no retry toast');
    expect(transport.callsOf(c.postWebhookRetry)[0]!.path).to.match(/^\/webhook\/logs\/[^/]+\/retries$/);
    await waitUntil(() => transport.callsOf(c.getWebhookLog).length > before, 'the logs did not reload');
    await waitUntil(
      () =>
        $(el, 'table[aria-label="Delivery attempts"]')?.querySelectorAll('tbody tr [data-attempt]').length ===
        2,
      'the retry is not listed',
    );
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme-mode', 'dark');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-081] an edit saves with PATCH; "Replace secret" sends a new secret and shows it once; a delete asks first', async () => {
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', SAMPLE);
    clickButton(root(el), `Edit ${SAMPLE}`);
    let dialog = await waitForDialog(el, 'Edit webhook');
    const active = dialog.querySelector<HTMLInputElement>('input[data-active]')!;
    expect(active.checked).to.equal(true);
    active.click();
    typeInto(dialog, 'Name', 'CRM sync (paused)');
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the edit dialog stayed open');
    const [patch] = transport.callsOf(c.patchWebhooksConfiguration);
    expect(patch!.path).to.equal('/webhook/webhook-crm');
    expect(patch!.body).to.deep.include({ displayName: 'CRM sync (paused)', isActive: false });
    expect(patch!.body).to.not.have.property('_id');
    const row = await waitForRows(el, 'Webhooks', 'CRM sync (paused)');
    expect(row.textContent).to.include('Inactive');

    clickButton(root(el), 'Edit CRM sync (paused)');
    dialog = await waitForDialog(el, 'Edit webhook');
    clickButton(dialog, 'Replace secret');
    dialog = await waitForDialog(el, 'Signing secret');
    const sent = transport.callsOf(c.patchWebhooksConfiguration)[1]!.body as { secret: string };
    expect(sent).to.have.keys(['secret']);
    expect(sent.secret).to.match(/^whsec_/);
    expect(dialog.querySelector<HTMLInputElement>('input[data-value="secret"]')!.value).to.equal(sent.secret);
    clickButton(dialog, 'Done');
    await waitUntil(() => !openDialog(el), 'the secret dialog stayed open');

    clickButton(root(el), 'Delete CRM sync (paused)');
    dialog = await waitForDialog(el, 'Delete CRM sync (paused)?');
    expect(dialog.getAttribute('role')).to.equal('alertdialog');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(dialog, 'Cancel');
    await waitUntil(() => !openDialog(el), 'the confirmation stayed open');
    expect(transport.callsOf(c.deleteWebhooksConfiguration)).to.have.length(0);
    clickButton(root(el), 'Delete CRM sync (paused)');
    dialog = await waitForDialog(el, 'Delete CRM sync (paused)?');
    clickButton(dialog, 'Delete');
    await waitUntil(() => shadowText(el).includes('No webhooks yet'), 'not deleted');
    expect(transport.callsOf(c.deleteWebhooksConfiguration)[0]!.path).to.equal('/webhook/webhook-crm');
  });

  it('[CONNECT-003] a test answered 201 is a success; a 500 is a failure shown in place', async () => {
    await seedWebhook('Failing hook', 'https://receiver.example.com/fail');
    // The preview answers 200 where the URL does not say `fail`: this receiver answers 201 instead.
    const fetch = transport.fetch.bind(transport);
    transport.fetch = async (input, init = {}) => {
      const response = await fetch(input, init);
      const href = input instanceof Request ? input.url : String(input);
      if (!href.endsWith('/webhook/test') || !response.ok) return response;
      const log = (await response.json()) as WebhookLog;
      return new Response(
        JSON.stringify({ ...log, statusCode: log.statusCode === '200' ? '201' : log.statusCode }),
        {
          status: response.status,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    };
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', 'Failing hook');
    clickButton(root(el), `Test ${SAMPLE}`);
    await waitUntil(() => shadowText(el).includes('Test delivered (201)'), 'a 201 is not a success');
    expect(alerts(el)).to.deep.equal([]);

    clickButton(root(el), 'Test Failing hook');
    await waitUntil(
      () => alerts(el).some((a) => a.includes('Test failed: the receiver answered 500')),
      'a 500 is not shown in place',
    );
    expect(shadowText(el)).to.not.include('Test delivered (500)');
    expect(await axeViolations(el)).to.deep.equal([]);

    // A refused test (the URL refused by the server, no answer at all) shows its reason.
    transport.fail(c.postWebhookTest, 400, 'The delivery address is refused: private-address');
    clickButton(root(el), `Test ${SAMPLE}`);
    await waitUntil(
      () =>
        alerts(el).some((a) => a.includes('Test failed: The delivery address is refused: private-address')),
      'the refusal is not shown',
    );
  });

  it('[CONNECT-004] a retry answered 202 shows "Retry queued" and reloads the log; a refused retry shows why', async () => {
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', SAMPLE);
    clickButton(root(el), `Logs for ${SAMPLE}`);
    await waitForRows(el, 'Delivery attempts', 'User invited');
    const rows = () => [
      ...$(el, 'table[aria-label="Delivery attempts"]')!.querySelectorAll('tbody tr[data-row]'),
    ];
    expect(rows()).to.have.length(3);
    // The sample's attempts: a timeout (no status: its reason), a 503, then the success.
    expect(rows().map((r) => r.querySelector('[data-result]')!.textContent)).to.deep.equal([
      'Delivered',
      'Retrying',
      'Retrying',
    ]);
    expect(rows()[2]!.textContent).to.include('timeout');

    const retried = await previewCall<WebhookLog>(transport, 'POST', '/webhook/logs/webhook-log-2/retries');
    expect(retried.kind).to.equal('retry');
    transport.sent.length = 0;
    rows()[1]!.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    await waitUntil(() => shadowText(el).includes('Retry queued'), 'no toast');
    expect(transport.callsOf(c.postWebhookRetry).map((r) => r.path)).to.deep.equal([
      '/webhook/logs/webhook-log-2/retries',
    ]);
    await waitUntil(() => rows().length === 5, 'the log did not reload');

    transport.fail(c.postWebhookRetry, 404, 'Webhook log not found');
    rows()[0]!.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    await waitUntil(() => alerts(el).some((a) => a.includes('Webhook log not found')), 'no refusal shown');
  });

  it('[CONNECT-004] [SCREEN-081] after the 202 the log is read again until the worker has sent the retry; that row waits meanwhile; each row names its buttons', async () => {
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', SAMPLE);
    clickButton(root(el), `Logs for ${SAMPLE}`);
    await waitForRows(el, 'Delivery attempts', 'User invited');
    const rows = () => [
      ...$(el, 'table[aria-label="Delivery attempts"]')!.querySelectorAll<HTMLTableRowElement>(
        'tbody tr[data-row]',
      ),
    ];
    await waitUntil(() => rows().length === 3, 'not the 3 sample attempts');

    // Each row's buttons have their own names: the visible word first, then the event, attempt and time.
    const retryNames = rows().map((r) => r.querySelector('[data-retry]')!.getAttribute('aria-label')!);
    const detailNames = rows().map((r) => r.querySelector('[data-details]')!.getAttribute('aria-label')!);
    expect(new Set([...retryNames, ...detailNames]).size).to.equal(6);
    for (const [i, name] of retryNames.entries()) {
      expect(name).to.match(/^Retry User invited attempt \d at .+/);
      expect(rows()[i]!.querySelector('[data-retry]')!.textContent).to.equal('Retry');
    }
    expect(retryNames[1]).to.include('attempt 2');
    for (const name of detailNames) expect(name).to.match(/^Details of User invited attempt \d at .+/);

    // As the server does: 202 at once with the retried attempt; the worker sends (and logs) it later.
    const listed = await previewCall<WebhookLogsPage>(
      transport,
      'GET',
      '/webhook/logs?id=webhook-crm&offset=0&limit=10',
    );
    const original = transport.fetch.bind(transport);
    let sent = false;
    transport.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const href = input instanceof Request ? input.url : String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      if (method === 'POST' && /\/webhook\/logs\/[^/]+\/retries$/.test(new URL(href).pathname)) {
        const id = new URL(href).pathname.split('/').at(-2);
        setTimeout(() => void original(input, init).then(() => (sent = true)), 2500);
        return Promise.resolve(
          new Response(JSON.stringify(listed.rows.find((r) => r.id === id)), {
            status: 202,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return original(input, init);
    };
    const reads = () => transport.callsOf(c.getWebhookLog).length;
    const before = reads();
    const button = () => rows()[1]!.querySelector<HTMLButtonElement>('[data-retry]')!;
    button().click();
    await waitUntil(() => shadowText(el).includes('Retry queued'), 'no toast');
    // That row's Retry waits; the others do not.
    expect(button().disabled).to.equal(true);
    expect(rows()[0]!.querySelector<HTMLButtonElement>('[data-retry]')!.disabled).to.equal(false);
    // Read again without a click on Refresh, more than once while the worker has not sent it.
    await waitUntil(() => reads() >= before + 2, 'the log was not read again');
    expect(rows()).to.have.length(3);
    await waitUntil(() => sent && rows().length === 4, 'the new attempt did not show by itself');
    const settled = reads();
    await waitUntil(
      () => rows().every((r) => !r.querySelector<HTMLButtonElement>('[data-retry]')!.disabled),
      'the row kept waiting',
    );
    // The new attempt shown, the reading stops.
    await new Promise((done) => setTimeout(done, 1500));
    expect(reads()).to.be.at.most(settled + 1);
  });

  it('[CONNECT-005] the logs are read 10 a page from offset 0; Next asks for offset 10', async () => {
    const hook = await seedWebhook('Busy hook', 'https://receiver.example.com/busy');
    for (let i = 0; i < 12; i++)
      await previewCall(transport, 'POST', '/webhook/test', { url: hook.url, webhookId: hook._id });
    transport.sent.length = 0;
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', 'Busy hook');
    clickButton(root(el), 'Logs for Busy hook');
    await waitUntil(() => transport.callsOf(c.getWebhookLog).length === 1, 'no logs call');
    const first = transport.callsOf(c.getWebhookLog)[0]!.query;
    expect([first.get('id'), first.get('offset'), first.get('limit')]).to.deep.equal([hook._id, '0', '10']);
    const table = () => $<HTMLTableElement>(el, 'table[aria-label="Delivery attempts"]')!;
    await waitUntil(() => table()?.querySelectorAll('tbody tr[data-row]').length === 10, 'not 10 rows');
    expect(shadowText(el)).to.include('12 attempts').and.include('Page 1 of 2');
    clickButton($(el, 'section[aria-label="Logs of Busy hook"]')!, 'Next');
    await waitUntil(() => transport.callsOf(c.getWebhookLog).length === 2, 'no second page call');
    expect(transport.callsOf(c.getWebhookLog)[1]!.query.get('offset')).to.equal('10');
    await waitUntil(() => table().querySelectorAll('tbody tr[data-row]').length === 2, 'not the last 2');
    clickButton(root(el), 'Refresh');
    await waitUntil(() => transport.callsOf(c.getWebhookLog).length === 3, 'no refresh');
    expect(transport.callsOf(c.getWebhookLog)[2]!.query.get('offset')).to.equal('10');
  });

  it('[SCREEN-078] [CONNECT-002] email: each event with its switch and recipients; recipients are checked, then saved with POST (Default) or PUT; a switch PATCHes; axe clean', async () => {
    const el = await openWebhooks();
    await openTab(el, 'Email', 'email');
    const locked = await waitForRows(el, 'Email notifications', 'User locked out');
    expect(locked.textContent).to.include('security@example.com');
    expect(switchNamed(el, 'Send User locked out by email')!.getAttribute('aria-checked')).to.equal('true');
    expect(switchNamed(el, 'Send User invited by email')!.getAttribute('aria-checked')).to.equal('false');
    // Sign-in events are never mailed.
    expect(rowIn(el, 'Email notifications', 'User signed in')).to.equal(null);
    expect(transport.callsOf(c.getChannelMaps)[0]!.query.get('channels')).to.equal('email');
    expect(await axeViolations(el)).to.deep.equal([]);

    clickButton(root(el), 'Edit recipients for User invited');
    let dialog = await waitForDialog(el, 'Recipients');
    fillTextArea(dialog, 'Recipients', 'ops@example.com, not-an-address');
    clickButton(dialog, 'Save');
    await waitUntil(() => dialog.textContent?.includes('Not an email address: not-an-address'), 'no check');
    expect(transport.callsOf(c.postEmailConfiguration)).to.have.length(0);
    // The server's refusal stays in the dialog.
    transport.fail(c.postEmailConfiguration, 400, 'subscriptions.0.recipients.0: Invalid email');
    fillTextArea(dialog, 'Recipients', 'ops@example.com\n<i>sec</i>@example.com');
    clickButton(dialog, 'Save');
    await waitUntil(() => dialog.textContent?.includes('Invalid email'), 'the refusal is not shown');
    transport.heal();
    fillTextArea(dialog, 'Recipients', 'ops@example.com\nsec@example.com, ops@example.com');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the dialog stayed open');
    const posts = transport.callsOf(c.postEmailConfiguration);
    expect(posts.at(-1)!.path).to.equal(
      '/integrations/resources/configurations/v1/emails/frontegg.user.invitedToTenant',
    );
    expect(posts.at(-1)!.body).to.deep.equal({
      enabled: true,
      subscriptions: [{ name: 'Default', enabled: true, recipients: ['ops@example.com', 'sec@example.com'] }],
    });
    await waitUntil(
      () =>
        rowIn(el, 'Email notifications', 'User invited')?.textContent?.includes(
          'ops@example.com, sec@example.com',
        ),
      'the recipients are not listed',
    );
    expect(switchNamed(el, 'Send User invited by email')!.getAttribute('aria-checked')).to.equal('true');

    clickButton(root(el), 'Edit recipients for User locked out');
    dialog = await waitForDialog(el, 'Recipients');
    expect(dialog.querySelector('textarea')!.value).to.equal('security@example.com');
    fillTextArea(dialog, 'Recipients', 'security@example.com, cso@example.com');
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the dialog stayed open');
    const [put] = transport.callsOf(c.putEmailSubscriptions);
    expect(put!.path).to.equal(
      '/integrations/resources/configurations/v1/emails/frontegg.user.lockedOut/subscriptions/email-sub-security',
    );
    expect(put!.body).to.deep.equal({
      name: 'Default',
      enabled: true,
      recipients: ['security@example.com', 'cso@example.com'],
    });

    switchNamed(el, 'Send User locked out by email')!.click();
    await waitUntil(() => transport.callsOf(c.patchEmailConfiguration).length === 1, 'no PATCH');
    expect(transport.callsOf(c.patchEmailConfiguration)[0]!.body).to.deep.equal({ enabled: false });
    await waitUntil(
      () => switchNamed(el, 'Send User locked out by email')!.getAttribute('aria-checked') === 'false',
      'the switch did not turn off',
    );
  });

  it('[SCREEN-078] email: saving the recipients of a subscription turned off keeps it off, and the list shows them as such', async () => {
    await previewCall(
      transport,
      'POST',
      '/integrations/resources/configurations/v1/emails/frontegg.user.invitedToTenant',
      {
        enabled: true,
        subscriptions: [{ name: 'Ops', enabled: false, recipients: ['ops@example.com'] }],
      },
    );
    const el = await openWebhooks();
    await openTab(el, 'Email', 'email');
    const row = await waitForRows(el, 'Email notifications', 'User invited');
    expect(row.querySelector('[data-paused-recipients]')!.textContent).to.equal(
      'Turned off: ops@example.com',
    );
    clickButton(root(el), 'Edit recipients for User invited');
    const dialog = await waitForDialog(el, 'Recipients');
    expect(dialog.querySelector('textarea')!.value).to.equal('ops@example.com');
    fillTextArea(dialog, 'Recipients', 'ops@example.com, sec@example.com');
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the dialog stayed open');
    const [put] = transport.callsOf(c.putEmailSubscriptions);
    expect(put!.body).to.deep.equal({
      name: 'Ops',
      enabled: false,
      recipients: ['ops@example.com', 'sec@example.com'],
    });
    await waitUntil(
      () =>
        rowIn(el, 'Email notifications', 'User invited')
          ?.querySelector('[data-paused-recipients]')
          ?.textContent?.includes('sec@example.com'),
      'the recipients turned off are not listed as such',
    );
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-080] SMS: numbers in international format; a switch of an event without configuration POSTs one', async () => {
    const el = await openWebhooks();
    await openTab(el, 'SMS', 'sms');
    await waitForRows(el, 'SMS notifications', 'User invited');
    expect(rowIn(el, 'SMS notifications', 'User signed in')).to.equal(null);
    expect(transport.callsOf(c.getChannelMaps)[0]!.query.get('channels')).to.equal('sms');
    expect(await axeViolations(el)).to.deep.equal([]);

    switchNamed(el, 'Send Sign-up completed by SMS')!.click();
    await waitUntil(() => transport.callsOf(c.postSMSConfiguration).length === 1, 'no POST');
    expect(transport.callsOf(c.postSMSConfiguration)[0]!.body).to.deep.equal({
      enabled: true,
      subscriptions: [],
    });
    expect(transport.callsOf(c.postSMSConfiguration)[0]!.path).to.equal(
      '/integrations/resources/configurations/v2/sms/signup_completed',
    );

    clickButton(root(el), 'Edit recipients for Sign-up completed');
    const dialog = await waitForDialog(el, 'Recipients');
    expect(dialog.textContent).to.include('international format');
    fillTextArea(dialog, 'Recipients', '0551234567');
    clickButton(dialog, 'Save');
    await waitUntil(
      () => dialog.textContent?.includes('Not a phone number in international format: 0551234567'),
      'no check',
    );
    fillTextArea(dialog, 'Recipients', '+972551234567\n+15551234567');
    clickButton(dialog, 'Save');
    await waitUntil(() => !openDialog(el), 'the dialog stayed open');
    expect(transport.callsOf(c.postSMSConfiguration).at(-1)!.body).to.deep.equal({
      enabled: true,
      subscriptions: [{ name: 'Default', enabled: true, recipients: ['+972551234567', '+15551234567'] }],
    });
    await waitUntil(
      () =>
        rowIn(el, 'SMS notifications', 'Sign-up completed')?.textContent?.includes(
          '+972551234567, +15551234567',
        ),
      'the numbers are not listed',
    );
  });

  it('[SCREEN-079] Slack: the "not configured" notice; per event a switch and a webhook URL; saved with POST, then PATCH', async () => {
    const el = await openWebhooks();
    await openTab(el, 'Slack', 'slack');
    await waitUntil(() => shadowText(el).includes('Slack app not configured'), 'no notice');
    expect(shadowText(el)).to.include(
      'Slack app not configured: post to channels through incoming-webhook URLs',
    );
    await waitUntil(() => switchNamed(el, 'Send User invited to Slack'), 'no events');
    // Sign-in events may go to Slack.
    expect(switchNamed(el, 'Send User signed in to Slack')).to.not.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);

    switchNamed(el, 'Send User invited to Slack')!.click();
    await waitUntil(
      () => switchNamed(el, 'Send User invited to Slack')!.getAttribute('aria-checked') === 'true',
    );
    clickButton(root(el), 'Save Slack settings');
    await waitUntil(
      () => alerts(el).some((a) => a.includes('Enter the Slack webhook URL for User invited')),
      'no missing URL error',
    );
    expect(transport.callsOf(c.postSlackConfiguration)).to.have.length(0);
    const url = $<HTMLInputElement>(el, 'input[aria-label="Slack webhook URL for User invited"]')!;
    setValue(url, 'https://hooks.slack.com/services/T000/B000/XXXX');
    clickButton(root(el), 'Save Slack settings');
    await waitUntil(() => shadowText(el).includes('Slack settings saved.'), 'not saved');
    const [post] = transport.callsOf(c.postSlackConfiguration);
    expect(post!.body).to.deep.equal({
      isActive: true,
      slackEvents: [
        {
          eventKey: 'frontegg.user.invitedToTenant',
          channelIds: ['https://hooks.slack.com/services/T000/B000/XXXX'],
        },
      ],
    });

    switchNamed(el, 'Send User locked out to Slack')!.click();
    await waitUntil(
      () => switchNamed(el, 'Send User locked out to Slack')!.getAttribute('aria-checked') === 'true',
    );
    setValue(
      $<HTMLInputElement>(el, 'input[aria-label="Slack webhook URL for User locked out"]')!,
      'https://hooks.slack.com/services/T000/B000/YYYY',
    );
    clickButton(root(el), 'Save Slack settings');
    await waitUntil(() => transport.callsOf(c.patchSlackConfiguration).length === 1, 'no PATCH');
    const patch = transport.callsOf(c.patchSlackConfiguration)[0]!;
    expect(patch.path).to.match(
      /^\/integrations\/resources\/configurations\/v1\/slack\/subscription\/[^/]+$/,
    );
    expect((patch.body as { slackEvents: unknown[] }).slackEvents).to.have.length(2);
    expect(patch.body).to.not.have.property('id');
    expect(patch.body).to.deep.include({ isActive: true });
  });

  it('[SCREEN-079] Slack: an event switched off keeps its URL in the form, with a warning that it is not saved; the subscription is saved on or off as its switch says', async () => {
    await previewCall(transport, 'POST', '/integrations/resources/configurations/v1/slack/subscriptions', {
      isActive: false,
      slackEvents: [
        { eventKey: 'frontegg.user.invitedToTenant', channelIds: ['https://hooks.slack.com/services/A'] },
        { eventKey: 'frontegg.user.lockedOut', channelIds: ['https://hooks.slack.com/services/B'] },
      ],
    });
    const el = await openWebhooks();
    await openTab(el, 'Slack', 'slack');
    await waitUntil(() => switchNamed(el, 'Send User invited to Slack'), 'no events');
    // Saved turned off: its switch says so, and so does a warning; the listed events show on.
    await waitUntil(
      () => switchNamed(el, 'Send events to Slack')?.getAttribute('aria-checked') === 'false',
      'not shown as turned off',
    );
    expect($(el, '[data-slack-inactive]')).to.not.equal(null);
    expect(switchNamed(el, 'Send User locked out to Slack')!.getAttribute('aria-checked')).to.equal('true');
    expect(await axeViolations(el)).to.deep.equal([]);

    // A save keeps it off.
    clickButton(root(el), 'Save Slack settings');
    await waitUntil(() => transport.callsOf(c.patchSlackConfiguration).length === 1, 'no PATCH');
    expect(transport.callsOf(c.patchSlackConfiguration)[0]!.body).to.deep.include({ isActive: false });
    await waitUntil(() => !switchNamed(el, 'Send events to Slack')!.disabled, 'the save did not end');

    // Switched on, and one event switched off: that event is not sent, its URL stays, a warning names it.
    switchNamed(el, 'Send events to Slack')!.click();
    await waitUntil(() => !$(el, '[data-slack-inactive]'), 'still shown as turned off');
    switchNamed(el, 'Send User locked out to Slack')!.click();
    await waitUntil(() => $(el, '[data-slack-unsaved]'), 'no warning for the unsaved URL');
    expect($(el, '[data-slack-unsaved]')!.textContent).to.include('User locked out');
    clickButton(root(el), 'Save Slack settings');
    await waitUntil(() => transport.callsOf(c.patchSlackConfiguration).length === 2, 'no second PATCH');
    expect(transport.callsOf(c.patchSlackConfiguration)[1]!.body).to.deep.equal({
      isActive: true,
      slackEvents: [
        { eventKey: 'frontegg.user.invitedToTenant', channelIds: ['https://hooks.slack.com/services/A'] },
      ],
    });
    await waitUntil(() => shadowText(el).includes('Slack settings saved.'), 'not saved');
    expect(
      $<HTMLInputElement>(el, 'input[aria-label="Slack webhook URL for User locked out"]')!.value,
    ).to.equal('https://hooks.slack.com/services/B');
    expect(switchNamed(el, 'Send User locked out to Slack')!.getAttribute('aria-checked')).to.equal('false');
    expect($(el, '[data-slack-unsaved]')).to.not.equal(null);
    expect($(el, '[data-slack-inactive]')).to.equal(null);
  });

  it('[CONNECT-006] a failing fetch of one tab shows in that tab with a retry; the other tabs work; a refused switch goes back', async () => {
    transport.fail(c.getEmailConfiguration, 500, 'Email settings are down');
    transport.fail(c.getSlackConfiguration, 500, 'Slack settings are down');
    const el = await openWebhooks();
    await waitForRows(el, 'Webhooks', SAMPLE);
    await openTab(el, 'Email', 'email');
    await waitUntil(() => $(el, '[data-part="email"] [data-load-error]'), 'no error in the Email tab');
    expect(alerts(el).join()).to.include('Email settings are down');
    expect(present(button(root(el), 'Try again'))).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);

    await openTab(el, 'SMS', 'sms');
    await waitForRows(el, 'SMS notifications', 'User invited');
    await openTab(el, 'Slack', 'slack');
    await waitUntil(() => $(el, '[data-part="slack"] [data-load-error]'), 'no error in the Slack tab');
    await openTab(el, 'Webhooks', 'webhooks');
    await waitForRows(el, 'Webhooks', SAMPLE);

    // The Email tab kept its error; once the server answers, its retry loads it.
    await openTab(el, 'Email', 'email');
    await waitUntil(() => $(el, '[data-part="email"] [data-load-error]'), 'no error');
    transport.heal();
    clickButton($(el, '[data-part="email"]')!, 'Try again');
    await waitForRows(el, 'Email notifications', 'User locked out');

    transport.fail(c.patchEmailConfiguration, 500, 'Could not change it');
    switchNamed(el, 'Send User locked out by email')!.click();
    await waitUntil(() => alerts(el).some((a) => a.includes('Could not change it')), 'no error shown');
    expect(switchNamed(el, 'Send User locked out by email')!.getAttribute('aria-checked')).to.equal('true');
  });

  it('[SCREEN-081] a reader sees the webhooks and their logs, without add, edit, test, retry or delete', async () => {
    const el = await openWebhooks(READER);
    await waitForRows(el, 'Webhooks', SAMPLE);
    expect(shadowText(el)).to.include('You can view the integrations but not change them.');
    for (const name of ['Add webhook', `Edit ${SAMPLE}`, `Test ${SAMPLE}`, `Delete ${SAMPLE}`])
      expect(present(button(root(el), name)), name).to.equal(false);
    clickButton(root(el), `Logs for ${SAMPLE}`);
    await waitForRows(el, 'Delivery attempts', 'User invited');
    expect($(el, '[data-retry]')).to.equal(null);
    await openTab(el, 'Email', 'email');
    await waitForRows(el, 'Email notifications', 'User locked out');
    expect(switchNamed(el, 'Send User locked out by email')!.disabled).to.equal(true);
    expect(present(button(root(el), 'Edit recipients for User locked out'))).to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
