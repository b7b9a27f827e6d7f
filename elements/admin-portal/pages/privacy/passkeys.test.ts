import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { $, axeViolations, shadowText } from '../../../../shared/element/testing';
import {
  button,
  callsOf,
  mountPortal,
  openPage,
  resetPortal,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';

before(startPreviewPortal);
afterEach(resetPortal);

async function openPasskeys() {
  signIn([]);
  const el = await mountPortal({});
  await openPage(el, 'privacy');
  await until(() => $(el, '[data-add-passkey]'));
  return el;
}

describe('privacy page: passkeys', () => {
  it('[MFA-003] lists passkeys by name with their date; each has its own delete button', async () => {
    previewFetch.reset();
    previewFetch.state.mfaDevices.webauthn.push(
      {
        id: 'pk-1',
        deviceType: 'multiDevice',
        name: 'Chrome on Linux',
        createdAt: '2025-03-01T10:00:00.000Z',
      },
      { id: 'pk-2', deviceType: 'singleDevice', name: '', createdAt: '2025-04-01T10:00:00.000Z' },
    );
    const el = await openPasskeys();
    await until(() => $(el, '[data-passkeys]'));
    const items = [...el.shadowRoot!.querySelectorAll('[data-passkey]')];
    expect(items.map((i) => i.getAttribute('data-passkey'))).to.deep.equal(['pk-1', 'pk-2']);
    expect(items[0]!.textContent).to.contain('Chrome on Linux');
    expect(items[1]!.textContent).to.contain('Passkey');
    expect($(el, '[data-delete-passkey="pk-1"]')!.getAttribute('aria-label')).to.equal(
      'Delete passkey Chrome on Linux',
    );
    expect(shadowText(el)).to.contain('Add a passkey');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('deletes a passkey after confirming (DELETE webauthn devices/{id}) and shows the shorter list', async () => {
    previewFetch.reset();
    previewFetch.state.mfaDevices.webauthn.push({
      id: 'pk-1',
      deviceType: 'multiDevice',
      name: 'Chrome on Linux',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    const el = await openPasskeys();
    await until(() => $(el, '[data-delete-passkey="pk-1"]'));
    $<HTMLButtonElement>(el, '[data-delete-passkey="pk-1"]')!.click();
    await until(() => $(el, 'dialog[open]'));
    expect($(el, 'dialog[open]')!.textContent).to.contain('Chrome on Linux will no longer sign you in.');
    expect(await axeViolations(el)).to.deep.equal([]);
    button($<HTMLDialogElement>(el, 'dialog[open]')!, 'Delete')!.click();
    await until(() => shadowText(el).includes('The passkey was deleted.'));
    expect(callsOf(paths.auth.deleteWebAuthnDevice)).to.have.length(1);
    await until(() => shadowText(el).includes('No passkey is registered.'));
    expect(previewFetch.state.mfaDevices.webauthn).to.have.length(0);
  });
});
