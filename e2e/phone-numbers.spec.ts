import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import { freshContext, signIn, textedCode, textsTo } from './journeys';

const ADMIN = 'admin@acme.test';
const PHONE = '+442079460958';

describe('phone numbers on the privacy page against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;

  before(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('[PHONE-007] [PHONE-009] [PHONE-010] [PHONE-008] [PHONE-011] adds a number, verifies it with the texted code, deletes it with another', async () => {
    const { context, page, errors } = await freshContext(browser, { width: 1100, height: 900 });
    await signIn(page, server.url, ADMIN, DEMO_PASSWORD);

    await page.locator('fe-admin-portal nav button[data-entry="privacy"]').click();
    const phones = page.locator('fe-admin-portal [data-phone-numbers]');
    // A completed action is a toast in the portal's live region.
    const toasts = page.locator('fe-admin-portal [data-toast]');
    await phones.locator('[data-add-phone]').waitFor();
    assert.match(await phones.innerText(), /No phone number is registered/);

    // Add: the number, then the code texted to it.
    await phones.locator('[data-add-phone]').click();
    const dialog = page.locator('fe-admin-portal dialog[open]');
    await dialog.locator('input[name="phoneNumber"]').fill('+44 20 7946 0958');
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('input[name="code"]').waitFor();
    await dialog.locator('input[name="code"]').fill(await textedCode(server.url, PHONE));
    await page.screenshot({ path: 'test-results/phone-numbers-code.png' });
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    const row = phones.locator('[data-phone][data-verified="true"]', { hasText: '+44 20 7946 0958' });
    await row.waitFor();
    await toasts.getByText('+44 20 7946 0958 is verified.').waitFor();
    await phones.screenshot({ path: 'test-results/phone-numbers.png' });

    // Delete: confirm, then the code texted to the (verified) number.
    const before = (await textsTo(server.url, PHONE)).length;
    await row.locator('[data-delete-phone]').click();
    await dialog.locator('[data-confirm]').click();
    await dialog.locator('[data-form="phone-code"][data-purpose="delete"]').waitFor();
    await dialog.locator('input[name="code"]').fill(await textedCode(server.url, PHONE, before));
    await dialog.locator('button[type="submit"]').click();
    await toasts.getByText('The phone number was deleted.').waitFor();
    await phones.getByText('No phone number is registered').waitFor();
    assert.equal(await phones.locator('[data-phone]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
