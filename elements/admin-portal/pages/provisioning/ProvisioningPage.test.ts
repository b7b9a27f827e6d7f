import { expect } from '@open-wc/testing';
import type { ScimConnection } from '../../../../shared/api/directory';
import { paths } from '../../../../shared/api/paths';
import { $, axeViolations, shadowText, waitUntil } from '../../../../shared/element/testing';
import '../../index';
import {
  button,
  clickButton,
  freshTransport,
  openDialog,
  present,
  resetPortal,
  rowOf,
  startPortalForTests,
  waitForDialog,
  type RecordingTransport,
} from '../roles/portalTestKit';
import {
  holdRequests,
  inputOf,
  openPortalPage,
  previewCall,
  toggleCheckbox,
  typeInto,
} from '../sso/ssoTestKit';

const ADMIN = ['fe.*'];
const READER = ['fe.secure.read.provisioningConfiguration'];
const CONNECTIONS = '/directory/resources/v1/configurations/scim2';

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(async () => {
  transport = freshTransport();
  // Each test makes its own connections: the preview's samples are removed first.
  for (const c of await previewCall<ScimConnection[]>(transport, 'GET', CONNECTIONS))
    await previewCall(transport, 'DELETE', `${CONNECTIONS}/${c.id}`, { deleteAll: false });
  transport.sent.length = 0;
});
afterEach(resetPortal);

/** A connection made through the preview before the page opens. */
const seed = (connectionName: string, source = 'okta', syncToUserManagement = true) =>
  previewCall<{ id: string; token: string }>(transport, 'POST', CONNECTIONS, {
    source,
    connectionName,
    syncToUserManagement,
  });

async function open(permissions = ADMIN, wait: 'rows' | 'empty' = 'rows') {
  const el = await openPortalPage('provisioning', permissions);
  await waitUntil(
    () =>
      (wait === 'rows' ? $(el, 'tr[data-row]') : shadowText(el).includes('No SCIM connection yet')) ||
      $(el, '[data-load-error]'),
    'the connections did not load',
  );
  return el;
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('Provisioning page', () => {
  it('[SCREEN-067] [SCIM-002] [SCIM-001] [SCIM-006] the connections are listed with GET; each count is read from Users/count; axe clean', async () => {
    const okta = await seed('Okta production');
    await seed('Entra staff', 'azure-ad', false);
    transport.sent.length = 0;
    const el = await open();
    expect($(el, '#fe-page-title')!.textContent).to.equal('Provisioning');
    const headers = [...el.shadowRoot!.querySelectorAll('th')].map((th) => th.textContent?.trim());
    expect(headers).to.include.members(['Name', 'Source', 'Users', 'Created', 'Last sync']);
    expect(rowOf(el, 'Okta production')!.textContent).to.include('Okta');
    expect(rowOf(el, 'Entra staff')!.textContent).to.include('Microsoft Entra ID');
    expect(rowOf(el, 'Entra staff')!.querySelector('[data-last-sync]')!.textContent).to.equal('Never');
    expect(transport.callsOf(paths.directory.getConfigs)).to.have.length(1);
    await waitUntil(
      () => transport.callsOf(paths.directory.countConfigurationUsers).length === 2,
      'no counts read',
    );
    expect(transport.callsOf(paths.directory.countConfigurationUsers).map((c) => c.path)).to.include(
      `/directory/resources/scim/temp/${okta.id}/Users/count`,
    );
    const count = await previewCall<{ count: number }>(
      transport,
      'GET',
      `/directory/resources/scim/temp/${okta.id}/Users/count`,
    );
    await waitUntil(
      () => rowOf(el, 'Okta production')?.querySelector(`[data-users-count="${count.count}"]`),
      'the count is not shown',
    );
    const sync = rowOf(el, 'Entra staff')!.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(sync.getAttribute('aria-label')).to.equal('Sync to user management');
    expect(sync.getAttribute('aria-checked')).to.equal('false');
    expect(await axeViolations(el)).to.deep.equal([]);

    clickButton(el.shadowRoot!, 'Refresh counts');
    await waitUntil(
      () => transport.callsOf(paths.directory.countConfigurationUsers).length === 4,
      'not refreshed',
    );
  });

  it('[SCREEN-067] [SCIM-003] a connection is created with POST; its token and the SCIM base URL are shown once with copy buttons; axe clean', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    try {
      const el = await open(ADMIN, 'empty');
      clickButton(el.shadowRoot!, 'Add connection');
      const dialog = await waitForDialog(el, 'Add SCIM connection');
      const source = inputOf(dialog, 'Source') as unknown as HTMLSelectElement;
      expect([...source.options].map((o) => o.textContent)).to.deep.equal([
        'Okta',
        'Microsoft Entra ID',
        'Frontegg',
        'Other',
      ]);
      choose(source, 'azure-ad');
      typeInto(dialog, 'Connection name', 'Entra staff');
      toggleCheckbox(dialog, 'Sync to user management');
      expect(await axeViolations(el)).to.deep.equal([]);
      clickButton(dialog, 'Create');
      await waitForDialog(el, 'Connection created');
      const [call] = transport.callsOf(paths.directory.createConfiguration);
      expect(call!.body).to.deep.equal({
        source: 'azure-ad',
        connectionName: 'Entra staff',
        syncToUserManagement: false,
      });
      const created = openDialog(el)!;
      expect(created.textContent).to.include('This token is shown once');
      const token = inputOf(created, 'Token')!;
      const url = inputOf(created, 'SCIM base URL')!;
      expect(token.readOnly && url.readOnly).to.equal(true);
      expect(token.value.length).to.be.at.least(32);
      expect(url.value).to.match(/\/directory\/resources\/scim\/v2/);
      expect(await axeViolations(el)).to.deep.equal([]);
      clickButton(created, 'Copy URL');
      await waitUntil(() => written.length === 1, 'nothing copied');
      clickButton(created, 'Copy token');
      await waitUntil(() => written.length === 2, 'the token was not copied');
      expect(written).to.deep.equal([url.value, token.value]);
      const secret = token.value;
      clickButton(created, 'Done');
      await waitUntil(() => !openDialog(el), 'the dialog stayed');
      await waitUntil(() => rowOf(el, 'Entra staff'), 'not listed');
      // Shown once: nowhere on the page any more.
      expect(shadowText(el)).to.not.include(secret);
      expect(
        [...el.shadowRoot!.querySelectorAll('input')].some((input) => input.value === secret),
        'the token stays in an input',
      ).to.equal(false);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });

  it("[SCIM-003] a refused creation keeps the dialog open with the server's error and what was typed", async () => {
    const el = await open(ADMIN, 'empty');
    transport.fail(paths.directory.createConfiguration, 400, 'Connection name is too long');
    clickButton(el.shadowRoot!, 'Add connection');
    const dialog = await waitForDialog(el, 'Add SCIM connection');
    typeInto(dialog, 'Connection name', 'Okta production');
    clickButton(dialog, 'Create');
    await waitUntil(
      () => dialog.querySelector('[role="alert"]')?.textContent?.includes('too long'),
      'no error',
    );
    expect(openDialog(el)).to.equal(dialog);
    expect(inputOf(dialog, 'Connection name')!.value).to.equal('Okta production');
  });

  it('[SCIM-004] the sync switch sends PATCH {id}; it is busy while the call runs; a refusal puts it back', async () => {
    const okta = await seed('Okta production');
    transport.sent.length = 0;
    const el = await open();
    const sync = () => rowOf(el, 'Okta production')!.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(sync().getAttribute('aria-checked')).to.equal('true');
    const held = holdRequests(transport, (method) => method === 'PATCH');
    sync().click();
    await waitUntil(() => sync().getAttribute('aria-busy') === 'true', 'not busy');
    expect(sync().disabled).to.equal(true);
    held.release();
    await waitUntil(() => sync().getAttribute('aria-busy') === null, 'stayed busy');
    expect(sync().getAttribute('aria-checked')).to.equal('false');
    const [call] = transport.callsOf(paths.directory.updateConfiguration);
    expect(call!.path).to.equal(`${CONNECTIONS}/${okta.id}`);
    expect(call!.body).to.deep.equal({ syncToUserManagement: false });

    transport.fail(paths.directory.updateConfiguration, 500, 'The directory store is down');
    sync().click();
    await waitUntil(() => $(el, '[data-notice="error"]'), 'no notice');
    expect($(el, '[data-notice="error"]')!.textContent).to.include('The directory store is down');
    expect(sync().getAttribute('aria-checked')).to.equal('false');
  });

  it('[SCIM-005] a connection is deleted with DELETE {id}, the users it provisioned too when asked', async () => {
    const okta = await seed('Okta production');
    await seed('Entra staff', 'azure-ad');
    transport.sent.length = 0;
    const el = await open();
    clickButton(el.shadowRoot!, 'Delete Okta production');
    let confirm = await waitForDialog(el, 'Delete SCIM connection');
    toggleCheckbox(confirm, 'Also remove the users and groups it provisioned');
    expect(await axeViolations(el)).to.deep.equal([]);
    clickButton(confirm, 'Delete');
    await waitUntil(() => !rowOf(el, 'Okta production'), 'the row stayed');
    const [call] = transport.callsOf(paths.directory.deleteConfiguration);
    expect(call!.path).to.equal(`${CONNECTIONS}/${okta.id}`);
    expect(call!.body).to.deep.equal({ deleteAll: true });

    clickButton(el.shadowRoot!, 'Delete Entra staff');
    confirm = await waitForDialog(el, 'Delete SCIM connection');
    expect(confirm.querySelector<HTMLInputElement>('[data-delete-all]')!.checked, 'unchecked again').to.equal(
      false,
    );
    clickButton(confirm, 'Delete');
    await waitUntil(() => !rowOf(el, 'Entra staff'), 'the row stayed');
    expect(transport.callsOf(paths.directory.deleteConfiguration)[1]!.body).to.deep.equal({
      deleteAll: false,
    });
  });

  it('[SCREEN-067] without the write permission there is no create, delete or sync control', async () => {
    await seed('Okta production');
    const el = await open(READER);
    expect(present(button(el.shadowRoot!, 'Add connection'))).to.equal(false);
    expect(present(button(el.shadowRoot!, 'Delete Okta production'))).to.equal(false);
    expect(
      rowOf(el, 'Okta production')!.querySelector<HTMLButtonElement>('[role="switch"]')!.disabled,
    ).to.equal(true);
    expect(shadowText(el)).to.include('You can view the SCIM connections but not change them.');
  });

  it('[SCREEN-067] a failed load shows the reason and a retry; server strings are text', async () => {
    await seed('<img src=x data-injected onerror="window.__pwned=1">');
    transport.fail(paths.directory.getConfigs, 500, 'The directory store is down');
    const el = await open();
    await waitUntil(() => $(el, '[data-load-error]'), 'no load error');
    expect($(el, '[data-load-error]')!.textContent).to.include('The directory store is down');
    transport.heal();
    clickButton($(el, '[data-load-error]')!, 'Try again');
    await waitUntil(() => rowOf(el, '<img src=x'), 'the retry did not load');
    expect(present($(el, 'img[data-injected]'))).to.equal(false);
  });
});
