import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { $, axeViolations, shadowText } from '../../../../shared/element/testing';
import {
  button,
  callsOf,
  failCalls,
  mountPortal,
  openPage,
  resetPortal,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';
import { describeUserAgent } from './userAgent';

before(startPreviewPortal);
afterEach(resetPortal);

const sessionRows = (el: HTMLElement) => [...(el.shadowRoot?.querySelectorAll('tr[data-session]') ?? [])];

/** The portal on the privacy page with the sessions and the MFA devices loaded. */
async function openPrivacy(attributes: Record<string, string> = {}) {
  signIn([]);
  const el = await mountPortal(attributes);
  await openPage(el, 'privacy');
  await until(() => sessionRows(el).length > 0 || $(el, '[data-page-content="privacy"] [role="alert"]'));
  return el;
}

const openDialog = (el: HTMLElement) => $<HTMLDialogElement>(el, 'dialog[open]');

describe('privacy page', () => {
  it('[ROUTE-038] [SCREEN-042] [SCREEN-061] shows the fields loginSessions and mfa: sessions with this device marked, MFA methods with their enrol and turn-off controls', async () => {
    const el = await openPrivacy();
    await until(() => $(el, '[data-mfa]'));
    const rows = sessionRows(el);
    expect(rows.map((r) => r.getAttribute('data-session'))).to.deep.equal(
      previewFetch.state.sessions.map((s) => s.id),
    );
    const currentRow = rows.find((r) => r.hasAttribute('data-current'))!;
    expect(currentRow.getAttribute('data-session')).to.equal('session-current');
    expect(currentRow.textContent).to.contain('This device');
    expect(currentRow.querySelector('[data-revoke]')).to.equal(null);
    expect(currentRow.textContent).to.contain('Chrome on Linux');
    expect(callsOf(paths.auth.getCurrentUserSession)).to.have.length(1);
    // MFA: the sample user has an authenticator app; nothing here enrols or removes a method.
    expect($(el, '[data-mfa]')!.getAttribute('data-mfa')).to.equal('on');
    expect($(el, '[data-mfa-methods]')!.textContent).to.contain('Authenticator app');
    expect($(el, '[data-mfa-manage]')!.textContent).to.contain('Turn off the authenticator app');
    expect(shadowText(el)).to.contain('No passkey is registered.');
    expect(callsOf(paths.auth.getWebAuthnDevices)).to.have.length(1);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-043] lists passkeys, the phone numbers of the account and the MFA phones', async () => {
    previewFetch.reset();
    previewFetch.state.mfaDevices.webauthn.push({
      id: 'passkey-1',
      deviceType: 'Platform',
      name: 'MacBook Touch ID',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    previewFetch.state.mfaDevices.phones.push({ id: 'phone-1', phoneNumber: '+44 20 7946 0958' });
    const el = await openPrivacy();
    await until(() => $(el, '[data-passkeys]'));
    expect($(el, '[data-passkeys]')!.textContent).to.contain('MacBook Touch ID');
    // The phone numbers section lists the user's numbers (the sample has one); the MFA phone is an MFA method.
    // That list loads on its own: wait for it.
    await until(() => $(el, '[data-phones]')?.textContent?.includes('+1 202 555 0143'));
    expect($(el, '[data-mfa-methods]')!.textContent).to.contain('Text message to +44 20 7946 0958');
  });

  it('signs out one other session after confirming (DELETE sessions/me/{id})', async () => {
    const el = await openPrivacy();
    const other = sessionRows(el).find((r) => !r.hasAttribute('data-current'))!;
    const id = other.getAttribute('data-session')!;
    $<HTMLButtonElement>(el, `[data-revoke="${id}"]`)!.click();
    await until(() => openDialog(el));
    expect(await axeViolations(el)).to.deep.equal([]);
    button(openDialog(el)!, 'Sign out')!.click();
    await until(() => shadowText(el).includes('The session was signed out.'));
    await until(() => !sessionRows(el).some((r) => r.getAttribute('data-session') === id));
    expect(callsOf(paths.auth.deleteSessionForUser).map((c) => c.opts.params)).to.deep.equal([{ id }]);
    expect(previewFetch.state.sessions.some((s) => s.id === id)).to.equal(false);
  });

  it('signs out all other sessions (DELETE sessions/me/all); this one stays', async () => {
    const el = await openPrivacy();
    $<HTMLButtonElement>(el, '[data-revoke-others]')!.click();
    await until(() => openDialog(el));
    button(openDialog(el)!, 'Sign out all other sessions')!.click();
    await until(() => shadowText(el).includes('No other device is signed in.'));
    expect(sessionRows(el).map((r) => r.getAttribute('data-session'))).to.deep.equal(['session-current']);
    expect(callsOf(paths.auth.deleteAllSessionsForUser)).to.have.length(1);
  });

  it('a failed sign-out shows the server message and keeps the page usable', async () => {
    failCalls(paths.auth.deleteAllSessionsForUser, 403, 'Forbidden by policy');
    const el = await openPrivacy();
    $<HTMLButtonElement>(el, '[data-revoke-others]')!.click();
    await until(() => openDialog(el));
    button(openDialog(el)!, 'Sign out all other sessions')!.click();
    await until(() => shadowText(el).includes('Forbidden by policy'));
    expect(sessionRows(el).length).to.be.greaterThan(1);
    expect($(el, '[data-revoke-others]')).not.to.equal(null);
  });

  it('field appearance: loginSessions viewOnly lists without sign-out buttons; mfa hidden drops the MFA sections', async () => {
    const el = await openPrivacy({
      portal: '{"fields":{"privacy.loginSessions":"viewOnly","privacy.mfa":"hidden"}}',
    });
    expect($(el, '[data-revoke]')).to.equal(null);
    expect($(el, '[data-revoke-others]')).to.equal(null);
    expect(shadowText(el)).not.to.contain('Multi-factor authentication');
    expect(callsOf(paths.auth.getMFADevices)).to.have.length(0);
  });

  it('passes axe-core in the dark theme', async () => {
    const el = await openPrivacy({ 'theme-mode': 'dark' });
    await until(() => $(el, '[data-mfa]'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('names the browser and system of a session', () => {
    const windowsFirefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect(describeUserAgent(windowsFirefox)).to.deep.equal({ browser: 'Firefox', os: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605 Version/17 Safari/604',
      ),
    ).to.deep.equal({ browser: 'Safari', os: 'iOS' });
    expect(describeUserAgent('curl/8')).to.deep.equal({ browser: null, os: null });
  });
});
