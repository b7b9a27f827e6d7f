import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { SAMPLE_USER_ID } from '../../../../shared/api/preview/sampleData';
import { $, axeViolations, setValue, shadowText } from '../../../../shared/element/testing';
import {
  button,
  callsOf,
  failCalls,
  field,
  mountPortal,
  openPage,
  resetPortal,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';

before(startPreviewPortal);
afterEach(resetPortal);

const P = paths.userPhoneNumbers;
const section = (el: HTMLElement) => $(el, '[data-phone-numbers]')!;
const dialog = (el: HTMLElement) => $<HTMLDialogElement>(el, 'dialog[open]');
const rows = (el: HTMLElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-phone]')];
const rowIds = (el: HTMLElement) => rows(el).map((r) => r.getAttribute('data-phone'));
const body = (call: { opts: { body?: unknown } }) => call.opts.body as Record<string, string>;

/** A second number of the sample user, not verified yet. */
function addUnverified(id = 'phone-new', phoneNumber = '+442079460958') {
  previewFetch.state.userPhoneNumbers.push({
    id,
    userId: SAMPLE_USER_ID,
    phoneNumber,
    verified: false,
    createdAt: '2025-05-01T10:00:00.000Z',
  });
}

/** The portal on the privacy page with the phone numbers loaded (the list or its failure). */
async function openPhones(attributes: Record<string, string> = {}) {
  signIn([]);
  const el = await mountPortal(attributes);
  await openPage(el, 'privacy');
  await until(() => $(el, '[data-phones]') || $(el, '[data-phone-numbers] [role="alert"]'));
  return el;
}

/** Types into the open dialog's field and submits it. */
async function submitDialog(el: HTMLElement, label: string, value: string, submit: string) {
  const d = dialog(el)!;
  setValue(field(d, label)!, value);
  button(d, submit)!.click();
}

describe('privacy page: phone numbers', () => {
  it('[PHONE-005] [PHONE-006] lists the numbers (GET limit 10, offset 0) by id and number, verified or not', async () => {
    addUnverified();
    const el = await openPhones();
    const [list] = callsOf(P.getUserPhoneNumbers);
    expect(callsOf(P.getUserPhoneNumbers)).to.have.length(1);
    expect(list!.opts.query).to.deep.equal({ limit: 10, offset: 0 });
    expect(rowIds(el)).to.deep.equal(['phone-demo', 'phone-new']);
    const [demo, added] = rows(el);
    expect(demo!.textContent).to.contain('+1 202 555 0143');
    expect(demo!.querySelector('[data-phone-status]')!.textContent).to.equal('Verified');
    expect(added!.textContent).to.contain('+44 20 7946 0958');
    expect(added!.querySelector('[data-phone-status]')!.textContent).to.equal('Not verified');
    // Only the unverified number offers "Verify"; both can be deleted.
    expect($(el, '[data-verify-phone="phone-demo"]')).to.equal(null);
    expect($(el, '[data-verify-phone="phone-new"]')!.getAttribute('aria-label')).to.equal(
      'Verify +44 20 7946 0958',
    );
    expect($(el, '[data-delete-phone="phone-demo"]')!.getAttribute('aria-label')).to.equal(
      'Delete +1 202 555 0143',
    );
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[SCREEN-044] [PHONE-007] [PHONE-009] [PHONE-010] adds a number: validated, POST add, preverify texts a code, verify with it', async () => {
    const el = await openPhones();
    $<HTMLButtonElement>(el, '[data-add-phone]')!.click();
    await until(() => dialog(el));
    expect(dialog(el)!.textContent).to.contain('Add a phone number');

    // Required, then libphonenumber: nothing is sent until the number is valid.
    button(dialog(el)!, 'Send code')!.click();
    await until(() => dialog(el)?.textContent?.includes('This field is required'));
    await submitDialog(el, 'Phone number', '+44 12', 'Send code');
    await until(() => dialog(el)?.textContent?.includes('Enter a phone number in international format'));
    expect(callsOf(P.createPhoneNumber)).to.have.length(0);

    await submitDialog(el, 'Phone number', '+44 20 7946 0958', 'Send code');
    await until(() => $(el, 'dialog[open] [data-form="phone-code"]'));
    expect(callsOf(P.createPhoneNumber).map(body)).to.deep.equal([{ phoneNumber: '+442079460958' }]);
    expect(callsOf(P.preVerifyPhoneNumber).map(body)).to.deep.equal([{ phoneNumber: '+442079460958' }]);
    expect(dialog(el)!.textContent).to.contain('We texted a 6-digit code to +44 20 7946 0958');
    // Behind the dialog the new number is listed, not verified yet.
    const added = previewFetch.state.userPhoneNumbers.find((p) => p.phoneNumber === '+442079460958')!;
    await until(() => $(el, `[data-phone="${added.id}"][data-verified="false"]`));

    // A wrong code: the error shows in the dialog, which stays usable.
    await submitDialog(el, 'Code from the text message', '000000', 'Verify');
    await until(() => dialog(el)?.querySelector('[role="alert"]'));
    expect(dialog(el)!.textContent).to.contain('The code is invalid or has expired');

    // Resend: preverify again, its new otcToken is the one verified.
    dialog(el)!.querySelector<HTMLButtonElement>('[data-resend-code]')!.click();
    await until(() => dialog(el)?.textContent?.includes('A new code was sent.'));
    expect(callsOf(P.preVerifyPhoneNumber)).to.have.length(2);
    await submitDialog(el, 'Code from the text message', '482913', 'Verify');
    await until(() => !dialog(el));
    const verify = callsOf(P.verifyPhoneNumber).map(body);
    expect(verify).to.have.length(2);
    expect(verify[1]!.code).to.equal('482913');
    expect(verify[1]!.otcToken).not.to.equal(verify[0]!.otcToken);
    expect(verify[1]!.otcToken).to.match(/^phone-verify:phone-[0-9a-f]+:/);
    await until(() => shadowText(el).includes('+44 20 7946 0958 is verified.'));
    await until(() => $(el, `[data-phone="${added.id}"][data-verified="true"]`));
    expect(added.verified).to.equal(true);
  });

  it('[PHONE-009] [PHONE-010] verifies a listed, unverified number with the texted code', async () => {
    addUnverified();
    const el = await openPhones();
    $<HTMLButtonElement>(el, '[data-verify-phone="phone-new"]')!.click();
    await until(() => dialog(el));
    expect(callsOf(P.preVerifyPhoneNumber).map(body)).to.deep.equal([{ phoneNumber: '+442079460958' }]);
    expect(callsOf(P.createPhoneNumber)).to.have.length(0);
    // A code that is not 6 digits is refused before anything is sent.
    await submitDialog(el, 'Code from the text message', '12ab', 'Verify');
    await until(() => dialog(el)?.textContent?.includes('Enter the 6-digit code from the text message'));
    expect(callsOf(P.verifyPhoneNumber)).to.have.length(0);
    await submitDialog(el, 'Code from the text message', '123456', 'Verify');
    await until(() => $(el, '[data-phone="phone-new"][data-verified="true"]'));
    expect(body(callsOf(P.verifyPhoneNumber)[0]!).otcToken).to.match(/^phone-verify:phone-new:/);
  });

  it('[PHONE-008] deletes an unverified number after confirming (DELETE {id}), no code asked', async () => {
    addUnverified();
    const el = await openPhones();
    $<HTMLButtonElement>(el, '[data-delete-phone="phone-new"]')!.click();
    await until(() => dialog(el));
    expect(dialog(el)!.textContent).to.contain('+44 20 7946 0958 will no longer receive codes.');
    expect(callsOf(P.deletePhoneNumber)).to.have.length(0);
    button(dialog(el)!, 'Delete')!.click();
    await until(() => shadowText(el).includes('The phone number was deleted.'));
    expect(callsOf(P.deletePhoneNumber).map((c) => c.opts.params)).to.deep.equal([{ phoneId: 'phone-new' }]);
    expect(callsOf(P.verifyDeletePhoneNumber)).to.have.length(0);
    await until(() => rowIds(el).join() === 'phone-demo');
    expect(dialog(el)).to.equal(null);
  });

  it('[PHONE-008] [PHONE-011] deletes a verified number: confirm, DELETE {id}, then the texted code to {id}/delete/verify', async () => {
    const el = await openPhones();
    $<HTMLButtonElement>(el, '[data-delete-phone="phone-demo"]')!.click();
    await until(() => dialog(el));
    expect(dialog(el)!.textContent).to.contain('To confirm, we will text a code to it.');
    button(dialog(el)!, 'Delete')!.click();
    await until(() => $(el, 'dialog[open] [data-form="phone-code"][data-purpose="delete"]'));
    expect(callsOf(P.deletePhoneNumber)).to.have.length(1);
    // Still listed until the code comes back.
    expect(rowIds(el)).to.deep.equal(['phone-demo']);
    expect(dialog(el)!.textContent).to.contain('Confirm deleting +1 202 555 0143');
    expect(await axeViolations(el)).to.deep.equal([]);

    await submitDialog(el, 'Code from the text message', '000000', 'Delete');
    await until(() => dialog(el)?.textContent?.includes('The code is invalid or has expired'));
    expect(previewFetch.state.userPhoneNumbers).to.have.length(1);

    await submitDialog(el, 'Code from the text message', '654321', 'Delete');
    await until(() => shadowText(el).includes('The phone number was deleted.'));
    const calls = callsOf(P.verifyDeletePhoneNumber);
    expect(calls.map((c) => c.opts.params)).to.deep.equal([
      { phoneId: 'phone-demo' },
      { phoneId: 'phone-demo' },
    ]);
    expect(body(calls[1]!).code).to.equal('654321');
    expect(body(calls[1]!).otcToken).to.match(/^phone-delete:phone-demo:/);
    await until(() => shadowText(el).includes('No phone number is registered for sign-in.'));
    expect(previewFetch.state.userPhoneNumbers).to.have.length(0);
  });

  it('a failed list shows the error in an Alert with "Try again", no add button until it loads', async () => {
    failCalls(P.getUserPhoneNumbers, 500, 'List broke');
    const el = await openPhones();
    expect(section(el).textContent).to.contain('List broke');
    expect(button(section(el), 'Try again')).not.to.equal(null);
    expect($(el, '[data-add-phone]')).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a failed add or delete shows the server message; the section stays usable', async () => {
    failCalls(P.createPhoneNumber, 403, 'Adding numbers is not allowed');
    failCalls(P.deletePhoneNumber, 500, 'Delete broke');
    const el = await openPhones();
    $<HTMLButtonElement>(el, '[data-add-phone]')!.click();
    await until(() => dialog(el));
    await submitDialog(el, 'Phone number', '+44 20 7946 0958', 'Send code');
    await until(() => dialog(el)?.textContent?.includes('Adding numbers is not allowed'));
    expect(callsOf(P.preVerifyPhoneNumber)).to.have.length(0);
    button(dialog(el)!, 'Cancel')!.click();
    await until(() => !dialog(el));

    $<HTMLButtonElement>(el, '[data-delete-phone="phone-demo"]')!.click();
    await until(() => dialog(el));
    button(dialog(el)!, 'Delete')!.click();
    await until(() => section(el).textContent?.includes('Delete broke'));
    expect(dialog(el)).to.equal(null);
    expect(rowIds(el)).to.deep.equal(['phone-demo']);
    expect($<HTMLButtonElement>(el, '[data-add-phone]')!.disabled).to.equal(false);
    expect($<HTMLButtonElement>(el, '[data-delete-phone="phone-demo"]')!.disabled).to.equal(false);
  });

  it('without the mfa field editable (viewOnly) the numbers are listed without add, verify or delete', async () => {
    addUnverified();
    const el = await openPhones({ portal: '{"fields":{"privacy.mfa":"viewOnly"}}' });
    expect(rowIds(el)).to.deep.equal(['phone-demo', 'phone-new']);
    expect($(el, '[data-add-phone]')).to.equal(null);
    expect($(el, '[data-verify-phone]')).to.equal(null);
    expect($(el, '[data-delete-phone]')).to.equal(null);
  });

  it('passes axe-core with the add dialog open (with a validation message), light and dark', async () => {
    const el = await openPhones();
    for (const mode of ['light', 'dark']) {
      el.setAttribute('theme-mode', mode);
      $<HTMLButtonElement>(el, '[data-add-phone]')!.click();
      await until(() => dialog(el));
      button(dialog(el)!, 'Send code')!.click();
      await until(() => dialog(el)?.textContent?.includes('This field is required'));
      expect(await axeViolations(el), mode).to.deep.equal([]);
      button(dialog(el)!, 'Cancel')!.click();
      await until(() => !dialog(el));
      expect(await axeViolations(el), mode).to.deep.equal([]);
    }
  });
});
