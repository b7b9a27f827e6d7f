import { expect } from '@open-wc/testing';
import { paths } from '../../../../shared/api/paths';
import { previewFetch } from '../../../../shared/api/preview/index';
import { SAMPLE_USER_ID } from '../../../../shared/api/preview/sampleData';
import { userAtom } from '../../../../shared/auth/session.atoms';
import { $, axeViolations, setValue, shadowText } from '../../../../shared/element/testing';
import { store } from '../../../../shared/store';
import {
  button,
  callsOf,
  failCalls,
  field,
  mountPortal,
  openPage,
  resetPortal,
  root,
  signIn,
  startPreviewPortal,
  until,
} from '../../portalTestKit';
import { pictureToUpload } from './picture';
import { loadWithRetries, PROFILE_LOAD_RETRIES, PROFILE_RETRY_INTERVAL_MS } from './profileLoad';

before(startPreviewPortal);
afterEach(resetPortal);

const sampleUser = () => previewFetch.state.users.find((u) => u.id === SAMPLE_USER_ID)!;

/** The portal on the profile page, once the profile has loaded. */
async function openProfile(attributes: Record<string, string> = {}) {
  signIn();
  const el = await mountPortal(attributes);
  await openPage(el, 'profile');
  await until(() => $(el, 'form [data-field="email"]'), 'the profile did not load');
  return el;
}

// 1×1 PNG and an SVG that would run script if it were shown as a document.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'me.png', { type: 'image/png' });
const svgFile = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'me.svg', {
    type: 'image/svg+xml',
  });

function pick(el: HTMLElement, file: File) {
  const input = $<HTMLInputElement>(el, '[data-picture-input]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('profile page', () => {
  it('[PROFILE-001] shows name, phone number, address and job title (from metadata), the email read-only', async () => {
    const el = await openProfile();
    const r = root(el);
    expect(field(r, 'Name')!.value).to.equal('Demo Admin');
    expect(field(r, 'Phone number')!.value).to.equal('+15550100');
    expect(field(r, 'Address')!.value).to.equal('100 Market Street, San Francisco, CA');
    expect(field(r, 'Job title')!.value).to.equal('IT Administrator');
    expect(field(r, 'Email')!.value).to.equal('demo@fe-elements.dev');
    expect(field(r, 'Email')!.readOnly).to.equal(true);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('[PROFILE-004] saving sends PUT users v2 me with address and job title in the metadata JSON', async () => {
    const el = await openProfile();
    const r = root(el);
    setValue(field(r, 'Name')!, 'Ada Lovelace');
    setValue(field(r, 'Job title')!, 'Analyst');
    setValue(field(r, 'Address')!, '12 St James Square, London');
    button(r, 'Save')!.click();
    await until(() => shadowText(el).includes('Your profile was saved.'));
    const [put] = callsOf(paths.teams.updateProfile);
    expect(put!.route).to.deep.equal({ method: 'PUT', path: '/identity/resources/users/v2/me' });
    const body = put!.opts.body as Record<string, unknown>;
    expect(body.name).to.equal('Ada Lovelace');
    // The saved phone number is kept as it is (it is not the user's to fix now).
    expect(body.phoneNumber).to.equal('+15550100');
    expect(JSON.parse(body.metadata as string)).to.deep.equal({
      jobTitle: 'Analyst',
      address: '12 St James Square, London',
    });
    expect(sampleUser().name).to.equal('Ada Lovelace');
    // The session's user shows the new name too.
    expect(store.get(userAtom)?.name).to.equal('Ada Lovelace');
  });

  it('a changed phone number must be international; a refused save sends nothing', async () => {
    const el = await openProfile();
    const r = root(el);
    setValue(field(r, 'Phone number')!, '12');
    button(r, 'Save')!.click();
    await until(() => shadowText(el).includes('Enter a phone number in international format'));
    expect(callsOf(paths.teams.updateProfile)).to.have.length(0);
  });

  it('[PROFILE-002] [SCREEN-041] an image file is read as a base64 data URL and uploaded as the form field image', async () => {
    const el = await openProfile();
    pick(el, pngFile());
    await until(() => shadowText(el).includes('Your picture was updated.'));
    const [upload] = callsOf(paths.teams.updateProfileImage);
    expect(upload!.route.path).to.equal('/team/resources/profile/me/image/v1');
    const image = (upload!.opts.body as FormData).get('image') as File;
    expect(image.type).to.equal('image/png');
    expect(sampleUser().profilePictureUrl).to.equal(`data:image/png;base64,${PNG_BASE64}`);
    expect($<HTMLImageElement>(el, 'img[data-picture]')!.src).to.equal(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('[PROFILE-002] an SVG (or anything but a base64 raster image) is refused with a message and nothing is sent', async () => {
    const el = await openProfile();
    pick(el, svgFile());
    await until(() => shadowText(el).includes('Choose a PNG, JPEG, GIF or WebP image'));
    pick(el, new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await until(() => !shadowText(el).includes('Uploading'));
    expect(callsOf(paths.teams.updateProfileImage)).to.have.length(0);
    expect(await pictureToUpload('https://example.com/me.png')).to.equal(null);
    expect(await pictureToUpload('data:image/svg+xml;base64,PHN2Zy8+')).to.equal(null);
    expect(await pictureToUpload(`data:image/png;base64,${PNG_BASE64}`)).to.be.instanceOf(Blob);
  });

  it('[PROFILE-003] a failing profile load is tried 3 more times, 2000 ms apart, then the error shows', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = loadWithRetries(
      async () => {
        calls++;
        throw new Error('down');
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    await failing.then(
      () => expect.fail('should fail'),
      (e: Error) => expect(e.message).to.equal('down'),
    );
    expect(calls).to.equal(1 + PROFILE_LOAD_RETRIES);
    expect(waits).to.deep.equal([2000, 2000, 2000]);
    expect(PROFILE_RETRY_INTERVAL_MS).to.equal(2000);
    let attempt = 0;
    const recovered = await loadWithRetries(
      async () => (++attempt < 3 ? Promise.reject(new Error('x')) : 'ok'),
      {
        sleep: async () => undefined,
      },
    );
    expect([recovered, attempt]).to.deep.equal(['ok', 3]);
  });

  it('[PROFILE-003] the page counts its profile loads: four calls over six seconds, then the error and "try again"', async function () {
    this.timeout(15000);
    failCalls(paths.teams.getProfile, 503, 'Profile service unavailable');
    signIn();
    const el = await mountPortal();
    await openPage(el, 'profile');
    await until(() => callsOf(paths.teams.getProfile).length === 2, 'no retry', 3000);
    expect(shadowText(el)).not.to.contain('Profile service unavailable');
    await until(() => shadowText(el).includes('Profile service unavailable'), 'no error shown', 8000);
    expect(callsOf(paths.teams.getProfile)).to.have.length(4);
  });

  it('field appearance: viewOnly shows the value read-only and leaves it out of the save, hidden shows nothing', async () => {
    const el = await openProfile({
      portal: JSON.stringify({ fields: { 'profile.phoneNumber': 'viewOnly', 'profile.jobTitle': 'hidden' } }),
    });
    const r = root(el);
    expect(field(r, 'Phone number')!.readOnly).to.equal(true);
    expect(field(r, 'Job title')).to.equal(null);
    setValue(field(r, 'Address')!, 'Somewhere else');
    button(r, 'Save')!.click();
    await until(() => callsOf(paths.teams.updateProfile).length === 1);
    const body = callsOf(paths.teams.updateProfile)[0]!.opts.body as Record<string, unknown>;
    expect(body).not.to.have.property('phoneNumber');
    // Hidden job title is kept in the metadata as it was.
    expect(JSON.parse(body.metadata as string)).to.deep.equal({
      jobTitle: 'IT Administrator',
      address: 'Somewhere else',
    });
  });

  it('changes the password with the current one; a wrong current password shows the server message', async () => {
    const el = await openProfile();
    const r = root(el);
    const form = $(el, 'form[data-form="password"]')!;
    button(form, 'Change password')!.click();
    await until(() => form.textContent?.includes('This field is required'));
    setValue(field(r, 'Current password')!, 'wrong');
    setValue(field(r, 'New password')!, 'short');
    setValue(field(r, 'Confirm the new password')!, 'short');
    button(form, 'Change password')!.click();
    await until(() => form.textContent?.includes('Use at least 8 characters'));
    setValue(field(r, 'New password')!, 'correct horse battery');
    setValue(field(r, 'Confirm the new password')!, 'correct horse battery');
    button(form, 'Change password')!.click();
    await until(() => form.textContent?.includes('The current password is incorrect'));
    setValue(field(r, 'Current password')!, 'old password');
    button(form, 'Change password')!.click();
    // A change is a toast; the form keeps only what the user must act on.
    await until(() => $(el, '[data-toast]')?.textContent?.includes('Your password was changed.'));
    const calls = callsOf(paths.teams.changePassword);
    expect(calls.map((c) => c.opts.body)).to.deep.equal([
      { password: 'wrong', newPassword: 'correct horse battery' },
      { password: 'old password', newPassword: 'correct horse battery' },
    ]);
    expect(field(r, 'New password')!.value).to.equal('');
  });

  it('passes axe-core in the dark theme, with messages shown', async () => {
    const el = await openProfile({ 'theme-mode': 'dark' });
    pick(el, svgFile());
    await until(() => shadowText(el).includes('Choose a PNG'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
