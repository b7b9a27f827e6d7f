import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import type { SsoConfiguration } from '../../../../shared/api/ssoConfigurations';
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
  chooseFile,
  chooseRadio,
  fillTextArea,
  holdRequests,
  idpMetadata,
  inputOf,
  openPortalPage,
  openTab,
  previewCall,
  region,
  TEST_CERTIFICATE_BODY,
  toggleCheckbox,
  typeInto,
} from './ssoTestKit';

const ADMIN = ['fe.*'];
const READER = ['fe.secure.read.samlConfiguration', 'fe.secure.read.roles', 'fe.secure.read.groups'];
const CONFIGS = '/team/resources/sso/v1/configurations';

let transport: RecordingTransport;

before(startPortalForTests);
beforeEach(async () => {
  transport = freshTransport();
  // Each test builds what it needs: the preview's sample configurations are removed first.
  for (const config of await previewCall<SsoConfiguration[]>(transport, 'GET', CONFIGS))
    await previewCall(transport, 'DELETE', `${CONFIGS}/${config.id}`);
  transport.sent.length = 0;
});
afterEach(resetPortal);

async function open(permissions = ADMIN) {
  const el = await openPortalPage('sso', permissions);
  await waitUntil(() => $(el, '[data-empty], [data-sso-list], [data-load-error]'), 'no list');
  return el;
}

async function openAddDialog(el: HTMLElement) {
  clickButton(el.shadowRoot!, 'Add configuration');
  return waitForDialog(el, 'Add SSO configuration');
}

const metadataFile = (text = idpMetadata(), name = 'idp-metadata.xml') =>
  new File([text], name, { type: 'text/xml' });

/** A saved configuration made through the preview (test set-up), then the page opened on it. */
async function withSaved(kind: 'saml' | 'oidc') {
  const config =
    kind === 'saml'
      ? await previewCall<SsoConfiguration>(transport, 'POST', `${CONFIGS}/metadata`, {
          metadata: idpMetadata(),
        })
      : await previewCall<SsoConfiguration>(transport, 'POST', CONFIGS, {
          type: 'oidc',
          oidcIssuer: 'https://op.example.test',
          oidcClientId: 'portal-client',
          oidcSecret: 'a-secret',
        });
  await previewCall(transport, 'POST', `${CONFIGS}/${config.id}/domains`, { domain: 'acme.example' });
  // Off to start with: the tests turn it on.
  await previewCall(transport, 'PATCH', `${CONFIGS}/${config.id}`, { enabled: false });
  transport.sent.length = 0;
  const el = await open();
  await waitUntil(
    () => region(el, `${kind.toUpperCase()} configuration 1`),
    'the configuration is not listed',
  );
  return { el, config, section: region(el, `${kind.toUpperCase()} configuration 1`)! };
}

describe('SSO page', () => {
  it('[SCREEN-066] [SSO-002] an empty page offers "Add configuration"; the dialog asks for the protocol; axe clean', async () => {
    const el = await open();
    expect($(el, '#fe-page-title')!.textContent).to.equal('Single sign-on');
    expect(shadowText(el)).to.include('No SSO configuration yet');
    expect(transport.callsOf(paths.auth.getSSOConfigurations)).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
    const dialog = await openAddDialog(el);
    const legends = [...dialog.querySelectorAll('fieldset[role="radiogroup"] legend')].map(
      (l) => l.textContent,
    );
    expect(legends).to.deep.equal(['Protocol', 'Set up with']);
    chooseRadio(dialog, 'OIDC');
    await waitUntil(() => inputOf(dialog, 'Issuer'), 'no OIDC fields');
    expect(present(inputOf(dialog, 'Client ID'))).to.equal(true);
    expect(present(inputOf(dialog, 'Client secret'))).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SSO-006] SAML metadata must come as a file or a URL: without either nothing is sent and the dialog says so', async () => {
    const el = await open();
    const dialog = await openAddDialog(el);
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.querySelector('[role="alert"]'), 'no error');
    expect(dialog.querySelector('[role="alert"]')!.textContent).to.equal(
      'Choose a metadata file or enter a metadata URL.',
    );
    chooseRadio(dialog, 'Metadata URL');
    await waitUntil(() => inputOf(dialog, 'Metadata URL'), 'no URL field');
    clickButton(dialog, 'Create');
    await waitUntil(() => dialog.querySelector('[role="alert"]'), 'no error');
    typeInto(dialog, 'Metadata URL', 'ftp://idp.example.test/metadata');
    clickButton(dialog, 'Create');
    await waitUntil(
      () =>
        dialog.querySelector('[role="alert"]')?.textContent === 'Enter a web address starting with https://',
      'no URL error',
    );
    // A file that is not SAML metadata is refused in the browser too.
    chooseRadio(dialog, 'Metadata file');
    await waitUntil(() => inputOf(dialog, 'Metadata file'), 'no file field');
    chooseFile(dialog, 'Metadata file', metadataFile('<html><body>not metadata</body></html>', 'page.html'));
    clickButton(dialog, 'Create');
    await waitUntil(
      () =>
        dialog.querySelector('[role="alert"]')?.textContent === 'The metadata file is not SAML metadata XML.',
      'no metadata error',
    );
    chooseFile(dialog, 'Metadata file', metadataFile('x'.repeat(512_001)));
    clickButton(dialog, 'Create');
    await waitUntil(
      () =>
        dialog.querySelector('[role="alert"]')?.textContent === 'The metadata file is larger than 512 kB.',
      'no size error',
    );
    expect(openDialog(el)).to.equal(dialog);
    expect(transport.sent.filter((r) => r.method !== 'GET')).to.deep.equal([]);
  });

  it('[SSO-007] a SAML configuration without a domain stays in the page, unsent; its first domain sends it, then the domain', async () => {
    const el = await open();
    const dialog = await openAddDialog(el);
    chooseFile(dialog, 'Metadata file', metadataFile());
    clickButton(dialog, 'Create');
    await waitUntil(() => !openDialog(el), 'the dialog stayed');
    const section = region(el, 'SAML configuration 1')!;
    expect(present(section)).to.equal(true);
    expect(section.textContent).to.include('Not saved yet');
    expect(section.textContent).to.include('idp-metadata.xml');
    expect(
      transport.sent.filter((r) => r.method !== 'GET'),
      'nothing sent',
    ).to.deep.equal([]);
    // A draft cannot be enabled (nothing to enable yet).
    expect(section.querySelector<HTMLButtonElement>('[role="switch"]')!.disabled).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);

    openTab(section, 'Domains');
    await waitUntil(() => inputOf(section, 'Domain'), 'no domain field');
    typeInto(section, 'Domain', 'Acme.Example');
    clickButton(section, 'Add domain');
    await waitUntil(
      () => section.querySelector('tr[data-row] [data-txt-record]'),
      'the domain is not listed',
    );
    const writes = transport.sent.filter((r) => r.method !== 'GET');
    expect(
      writes.map(
        (r) =>
          `${r.method} ${r.path.replace(/configurations\/[^/]+\/domains/, 'configurations/{id}/domains')}`,
      ),
    ).to.deep.equal([`POST ${CONFIGS}/metadata`, `POST ${CONFIGS}/{id}/domains`]);
    expect(writes[0]!.body).to.deep.equal({ metadata: idpMetadata() });
    expect(writes[1]!.body).to.deep.equal({ domain: 'acme.example' });
    // The same region, now saved, still on its Domains tab.
    expect(region(el, 'SAML configuration 1')).to.equal(section);
    expect(section.textContent).to.not.include('Not saved yet');
    expect(section.querySelector('[role="tab"][aria-selected="true"]')!.textContent).to.equal('Domains');
    expect(rowOf(el, 'acme.example')!.textContent).to.include('Not validated');
  });

  it('[SSO-007] a SAML configuration given a domain in the dialog is sent at once', async () => {
    const el = await open();
    const dialog = await openAddDialog(el);
    chooseRadio(dialog, 'Enter details');
    await waitUntil(() => inputOf(dialog, 'Sign-in URL'), 'no fields');
    typeInto(dialog, 'Sign-in URL', 'https://idp.example.test/sso');
    fillTextArea(dialog, 'Certificate', TEST_CERTIFICATE_BODY);
    typeInto(dialog, 'IdP entity ID', 'https://idp.example.test/metadata');
    typeInto(dialog, 'Domain (optional)', 'acme.example');
    clickButton(dialog, 'Create');
    await waitUntil(() => !openDialog(el), 'the dialog stayed');
    const [create] = transport.callsOf(paths.auth.createSSOConfiguration);
    expect(create!.body).to.deep.equal({
      type: 'saml',
      ssoEndpoint: 'https://idp.example.test/sso',
      publicCertificate: TEST_CERTIFICATE_BODY,
      idpEntityId: 'https://idp.example.test/metadata',
    });
    expect(transport.callsOf(paths.auth.createSSODomain)).to.have.length(1);
    await waitUntil(() => region(el, 'SAML configuration 1'), 'not listed');
    expect(region(el, 'SAML configuration 1')!.textContent).to.not.include('Not saved yet');
  });

  it('[SCREEN-066] an OIDC configuration is sent with issuer, client id and secret; its tab shows the redirect URI', async () => {
    const el = await open();
    const dialog = await openAddDialog(el);
    chooseRadio(dialog, 'OIDC');
    await waitUntil(() => inputOf(dialog, 'Issuer'), 'no OIDC fields');
    typeInto(dialog, 'Issuer', 'https://op.example.test');
    clickButton(dialog, 'Create');
    await waitUntil(
      () =>
        dialog.querySelector('[role="alert"]')?.textContent ===
        'Enter the issuer, the client ID and the client secret.',
      'no error',
    );
    typeInto(dialog, 'Client ID', 'portal-client');
    typeInto(dialog, 'Client secret', 's3cret-value');
    clickButton(dialog, 'Create');
    await waitUntil(() => !openDialog(el), 'the dialog stayed');
    const [create] = transport.callsOf(paths.auth.createSSOConfiguration);
    expect(create!.body).to.deep.equal({
      type: 'oidc',
      oidcIssuer: 'https://op.example.test',
      oidcClientId: 'portal-client',
      oidcSecret: 's3cret-value',
    });
    await waitUntil(() => region(el, 'OIDC configuration 1'), 'not listed');
    const section = region(el, 'OIDC configuration 1')!;
    const redirect = inputOf(section, 'Redirect URI')!;
    expect(redirect.readOnly).to.equal(true);
    expect(redirect.value).to.not.equal('');
    // The secret never comes back: the field is empty.
    expect(inputOf(section, 'Client secret')!.value).to.equal('');
    expect(shadowText(el)).to.not.include('s3cret-value');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it("[SCREEN-066] a refused creation keeps the dialog open with the server's error and what was typed", async () => {
    const el = await open();
    transport.fail(paths.auth.createSSOConfiguration, 400, 'The issuer could not be reached');
    const dialog = await openAddDialog(el);
    chooseRadio(dialog, 'OIDC');
    await waitUntil(() => inputOf(dialog, 'Issuer'), 'no OIDC fields');
    typeInto(dialog, 'Issuer', 'https://op.example.test');
    typeInto(dialog, 'Client ID', 'portal-client');
    typeInto(dialog, 'Client secret', 'a-secret');
    clickButton(dialog, 'Create');
    await waitUntil(
      () => dialog.querySelector('[role="alert"]')?.textContent?.includes('The issuer could not be reached'),
      'no error in the dialog',
    );
    expect(openDialog(el)).to.equal(dialog);
    expect(inputOf(dialog, 'Issuer')!.value).to.equal('https://op.example.test');
    expect(inputOf(dialog, 'Client ID')!.value).to.equal('portal-client');
    expect(inputOf(dialog, 'Client secret')!.value).to.equal('a-secret');
    expect(present(region(el, 'OIDC configuration 1'))).to.equal(false);
  });

  it('[SSO-005] enabling shows a loading state: the switch is busy and disabled while the call runs', async () => {
    const { el, config, section } = await withSaved('saml');
    const toggle = section.querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(toggle.getAttribute('aria-checked')).to.equal('false');
    const held = holdRequests(transport, (method, path) => method === 'PATCH' && path.endsWith(config.id));
    toggle.click();
    await waitUntil(() => toggle.getAttribute('aria-busy') === 'true', 'the switch is not busy');
    expect(toggle.disabled).to.equal(true);
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    held.release();
    await waitUntil(() => toggle.getAttribute('aria-busy') === null, 'the switch stayed busy');
    expect(toggle.disabled).to.equal(false);
    const [call] = transport.callsOf(paths.auth.updateSSOConfiguration);
    expect(call!.body).to.deep.equal({ enabled: true });
    expect(toggle.getAttribute('aria-checked')).to.equal(
      String((await previewCall<SsoConfiguration[]>(transport, 'GET', CONFIGS))[0]!.enabled),
    );
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SSO-005] a refused enable puts the switch back and says why; the page stays usable', async () => {
    const { section } = await withSaved('saml');
    transport.fail(paths.auth.updateSSOConfiguration, 400, 'Validate a domain before enabling');
    const toggle = section.querySelector<HTMLButtonElement>('[role="switch"]')!;
    toggle.click();
    await waitUntil(() => section.querySelector('[data-section-error]'), 'no error');
    expect(section.querySelector('[data-section-error]')!.textContent).to.include(
      'Validate a domain before enabling',
    );
    expect(toggle.getAttribute('aria-checked')).to.equal('false');
    expect(toggle.disabled).to.equal(false);
  });

  it('[SSO-004] a domain is validated: the status follows the answer, with the reason when not validated', async () => {
    const { el, section } = await withSaved('saml');
    openTab(section, 'Domains');
    await waitUntil(() => rowOf(el, 'acme.example'), 'the domain is not listed');
    expect(rowOf(el, 'acme.example')!.querySelector('[data-txt-record]')!.textContent).to.not.equal('');
    expect(shadowText(el)).to.include('A configuration without a validated domain signs nobody in.');
    clickButton(section, 'Validate acme.example');
    await waitUntil(() => transport.callsOf(paths.auth.validateSSODomain).length === 1, 'not sent');
    const answer = await previewCall<SsoConfiguration[]>(transport, 'GET', CONFIGS);
    const validated = answer[0]!.domains[0]!.validated;
    await waitUntil(
      () =>
        rowOf(el, 'acme.example')?.querySelector(
          `[data-status="${validated ? 'validated' : 'not-validated'}"]`,
        ),
      'the status did not follow the answer',
    );
    if (!validated) {
      await waitUntil(() => rowOf(el, 'acme.example')?.querySelector('[data-reason]'), 'no reason');
      expect(rowOf(el, 'acme.example')!.querySelector('[data-reason]')!.textContent).to.not.equal('');
    }
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SSO-004] a refused validation shows the reason and keeps the domain; a bad domain is not sent', async () => {
    const { el, section } = await withSaved('saml');
    openTab(section, 'Domains');
    await waitUntil(() => rowOf(el, 'acme.example'), 'the domain is not listed');
    typeInto(section, 'Domain', 'not a domain');
    clickButton(section, 'Add domain');
    await waitUntil(() => section.textContent?.includes('Not a valid domain'), 'no field error');
    expect(transport.callsOf(paths.auth.createSSODomain)).to.have.length(0);
    expect(inputOf(section, 'Domain')!.value).to.equal('not a domain');
    transport.fail(paths.auth.validateSSODomain, 503, 'The DNS server did not answer');
    clickButton(section, 'Validate acme.example');
    await waitUntil(() => section.querySelector('[data-section-error]'), 'no error');
    expect(section.querySelector('[data-section-error]')!.textContent).to.include(
      'The DNS server did not answer',
    );
    expect(present(rowOf(el, 'acme.example'))).to.equal(true);
  });

  it('[SSO-008] default roles and a group mapping are saved; a mapping is edited and deleted; the groups claim is saved', async () => {
    const { el, config, section } = await withSaved('saml');
    openTab(section, 'Roles and groups');
    await waitUntil(() => section.querySelector('[data-checklist="default-roles"] input'), 'no roles');
    expect(await axeViolations(el)).to.deep.equal([]);
    toggleCheckbox(section, 'Viewer', 'Default roles');
    clickButton(section, 'Save default roles');
    await waitUntil(() => transport.callsOf(paths.auth.setSSODefaultRoles).length === 1, 'not sent');
    // The tab's controls wait while a save runs.
    await waitUntil(() => button(section, 'Save default roles')?.disabled === false, 'the save did not end');
    const roleIds = transport.callsOf(paths.auth.setSSODefaultRoles)[0]!.body as { roleIds: string[] };
    expect(roleIds.roleIds).to.have.length(1);

    typeInto(section, 'IdP group', 'engineering');
    toggleCheckbox(section, 'Editor', 'Roles');
    const groupBox = section.querySelector<HTMLInputElement>('[data-checklist="mapping-groups"] input');
    groupBox?.click();
    clickButton(section, 'Add mapping');
    await waitUntil(() => rowOf(el, 'engineering'), 'the mapping is not listed');
    const [created] = transport.callsOf(paths.auth.createSSOGroup);
    const body = created!.body as { group: string; roleIds: string[]; groupIds: string[] };
    expect(body.group).to.equal('engineering');
    expect(body.roleIds).to.have.length(1);
    expect(body.groupIds).to.have.length(groupBox ? 1 : 0);
    expect(rowOf(el, 'engineering')!.querySelector('[data-mapped-roles]')!.textContent).to.equal('Editor');
    expect(inputOf(section, 'IdP group')!.value).to.equal('');

    await waitUntil(() => button(section, 'Add mapping')?.disabled === false, 'the save did not end');
    clickButton(section, 'Edit engineering');
    await waitUntil(() => inputOf(section, 'IdP group')!.value === 'engineering', 'not in the form');
    typeInto(section, 'IdP group', 'platform');
    clickButton(section, 'Save mapping');
    await waitUntil(() => rowOf(el, 'platform'), 'the edit is not listed');
    const [updated] = transport.callsOf(paths.auth.updateSSOGroup);
    expect(updated!.path).to.match(new RegExp(`^${CONFIGS}/${config.id}/groups/[^/]+$`));
    expect((updated!.body as { group: string }).group).to.equal('platform');

    await waitUntil(() => button(section, 'Add mapping')?.disabled === false, 'the save did not end');
    clickButton(section, 'Delete platform');
    await waitUntil(() => !rowOf(el, 'platform'), 'the mapping stayed');
    expect(transport.callsOf(paths.auth.deleteSSOGroup)).to.have.length(1);
    await waitUntil(() => button(section, 'Save')?.disabled === false, 'the delete did not end');

    expect(inputOf(section, 'Groups claim')!.value).to.equal(config.groupsClaim || 'groups');
    typeInto(section, 'Groups claim', 'memberOf');
    clickButton(section, 'Save');
    await waitUntil(() => transport.callsOf(paths.auth.updateSSOConfiguration).length === 1, 'not sent');
    expect(transport.callsOf(paths.auth.updateSSOConfiguration)[0]!.body).to.deep.equal({
      groupsClaim: 'memberOf',
    });
  });

  it('[SCREEN-066] the Connection tab shows what the IdP needs, with copy buttons and the SP metadata download', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
    });
    try {
      const { el, config, section } = await withSaved('saml');
      expect(inputOf(section, 'ACS URL')!.value).to.equal(config.acsUrl);
      expect(inputOf(section, 'SP entity ID')!.value).to.equal(config.spEntityId);
      const link = [...section.querySelectorAll('a')].find((a) => a.textContent === 'Download SP metadata')!;
      expect(link.getAttribute('href')).to.satisfy((href: string) => href.endsWith(config.spMetadataUrl));
      clickButton(section, 'Copy ACS URL');
      await waitUntil(() => written.length === 1, 'nothing copied');
      expect(written).to.deep.equal([config.acsUrl]);
      expect(inputOf(section, 'Sign-in URL')!.value).to.equal(config.ssoEndpoint);
      typeInto(section, 'Sign-in URL', 'https://idp.example.test/sso2');
      clickButton(section, 'Save connection');
      await waitUntil(() => transport.callsOf(paths.auth.updateSSOConfiguration).length === 1, 'not sent');
      expect(transport.callsOf(paths.auth.updateSSOConfiguration)[0]!.body).to.include({
        ssoEndpoint: 'https://idp.example.test/sso2',
      });
      expect(await axeViolations(el)).to.deep.equal([]);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });

  it('[SSO-006] replacing the metadata needs a file or a URL; a file is sent as its text', async () => {
    const { section, config } = await withSaved('saml');
    clickButton(section, 'Replace metadata');
    await waitUntil(() => section.querySelector('[data-section-error]'), 'no error');
    expect(section.querySelector('[data-section-error]')!.textContent).to.include(
      'Choose a metadata file or enter a metadata URL.',
    );
    expect(transport.callsOf(paths.auth.updateSSOConfigurationByMetadata)).to.have.length(0);
    const replacement = idpMetadata('https://idp2.example.test/metadata');
    chooseFile(section, 'Metadata file', metadataFile(replacement));
    clickButton(section, 'Replace metadata');
    await waitUntil(
      () => transport.callsOf(paths.auth.updateSSOConfigurationByMetadata).length === 1,
      'not sent',
    );
    const [call] = transport.callsOf(paths.auth.updateSSOConfigurationByMetadata);
    expect(call!.path).to.equal(`${CONFIGS}/${config.id}/metadata`);
    expect(call!.body).to.deep.equal({ metadata: replacement });
  });

  it('[SCREEN-066] a configuration is deleted after the confirmation', async () => {
    const { el, config, section } = await withSaved('oidc');
    clickButton(section, 'Delete configuration');
    const confirm = await waitForDialog(el, 'Delete SSO configuration');
    expect(confirm.textContent).to.include('Delete OIDC configuration 1?');
    expect(transport.callsOf(paths.auth.deleteSSOConfiguration)).to.have.length(0);
    clickButton(confirm, 'Delete');
    await waitUntil(() => !region(el, 'OIDC configuration 1'), 'the region stayed');
    expect(transport.callsOf(paths.auth.deleteSSOConfiguration)[0]!.path).to.equal(`${CONFIGS}/${config.id}`);
  });

  it('[SCREEN-066] without fe.secure.write.samlConfiguration there is no write control', async () => {
    await previewCall(transport, 'POST', `${CONFIGS}/metadata`, { metadata: idpMetadata() });
    const el = await open(READER);
    await waitUntil(() => region(el, 'SAML configuration 1'), 'not listed');
    expect(present(button(el.shadowRoot!, 'Add configuration'))).to.equal(false);
    expect(present(button(el.shadowRoot!, 'Save connection'))).to.equal(false);
    expect(present(button(el.shadowRoot!, 'Delete configuration'))).to.equal(false);
    expect(
      region(el, 'SAML configuration 1')!.querySelector<HTMLButtonElement>('[role="switch"]')!.disabled,
    ).to.equal(true);
    expect(shadowText(el)).to.include('You can view the SSO configurations but not change them.');
  });

  it('[SCREEN-066] a failed load shows the reason and a retry', async () => {
    transport.fail(paths.auth.getSSOConfigurations, 500, 'The SSO store is down');
    const el = await open();
    await waitUntil(() => $(el, '[data-load-error]'), 'no load error');
    expect($(el, '[data-load-error]')!.textContent).to.include('The SSO store is down');
    transport.heal();
    clickButton($(el, '[data-load-error]')!, 'Try again');
    await waitUntil(() => $(el, '[data-empty]'), 'the retry did not load');
  });

  it('[SCREEN-066] server strings are rendered as text', async () => {
    const { el, section } = await withSaved('saml');
    openTab(section, 'Roles and groups');
    await waitUntil(() => inputOf(section, 'IdP group'), 'no mapping form');
    typeInto(section, 'IdP group', '<img src=x data-injected onerror="window.__pwned=1">');
    clickButton(section, 'Add mapping');
    await waitUntil(() => rowOf(el, '<img src=x'), 'the mapping is not listed');
    expect(present($(el, 'img[data-injected]'))).to.equal(false);
  });
});
