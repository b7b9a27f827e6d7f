import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ssoPaths } from '../shared/api/sso';
import { startOidcProvider, type LocalOidcProvider } from '../server/testing/idp/oidc';
import { startSamlIdp, type LocalSamlIdp } from '../server/testing/idp/saml';
import { launchBrowser, startServerProcess } from './harness';
import { axeViolations, freshContext, landsSignedIn, loginBox, portalShows } from './journeys';

/**
 * SSO (OIDC and SAML) and social login against `npm start`, with real local identity providers: oidc-provider
 * (the tenant's OIDC IdP and, with another client, "google") and a SAML IdP signing with a generated
 * certificate. They are made known to the server through its dev-only routes (POST /dev/sso-configurations,
 * POST /dev/social-providers), which exist only outside production.
 */
describe('SSO and social login journeys against `npm start`', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  let oidc: LocalOidcProvider;
  let social: LocalOidcProvider;
  let saml: LocalSamlIdp;

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.ok, `${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  before(async () => {
    server = await startServerProcess({ env: { ALLOW_PRIVATE_NETWORK_FETCH: '1' } });
    browser = await launchBrowser();
    mkdirSync('test-results', { recursive: true });
    oidc = await startOidcProvider({ redirectUris: [`${server.url}${ssoPaths.oidcCallback.path}`] });
    social = await startOidcProvider({
      clientId: 'google-client',
      redirectUris: [`${server.url}${ssoPaths.socialCallback.path.replace('{provider}', 'google')}`],
    });
    saml = await startSamlIdp();
    await api('/dev/social-providers', {
      provider: 'google',
      config: { issuer: social.issuer, clientId: social.clientId, clientSecret: social.clientSecret },
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await oidc?.close();
    await social?.close();
    await saml?.close();
  });

  const fresh = () => freshContext(browser);

  /** axe-core on the login box (its shadow root included), light and dark. */
  async function axeClean(page: Page) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      assert.deepEqual(await axeViolations(page), [], scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  const box = loginBox;

  // Social first: once an SSO configuration exists the login route starts with the email (pre-login).
  it('[ROUTE-011] social login: Continue with Google → the provider → the social callback route → signed in', async () => {
    const { context, page, errors } = await fresh();
    const email = `social.${Date.now()}@gmail.test`;
    social.signInAs({ sub: `g-${Date.now()}`, email, email_verified: true, name: 'Social E2E' });
    await page.goto(`${server.url}/account/login`);
    const google = box(page).locator('button', { hasText: 'Continue with Google' });
    await google.waitFor();
    await page.screenshot({ path: 'test-results/login-social-buttons.png' });
    await axeClean(page);
    await google.click();
    await page.waitForURL(/\/account\/social\/success\?code=/, { timeout: 15_000 });
    await landsSignedIn(page, server.url, 20_000);
    await portalShows(page, email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("[LOGIN-021] a failed social login shows 'Failed to authenticate' and a way back", async () => {
    const { context, page, errors } = await fresh();
    social.signInAs(null); // the provider refuses
    await page.goto(`${server.url}${ssoPaths.socialStart.path.replace('{provider}', 'google')}`);
    await page.waitForURL(/\/account\/social\/success\?error=/, { timeout: 15_000 });
    await box(page).locator('[role="alert"]', { hasText: 'Failed to authenticate' }).waitFor();
    await box(page).locator('a', { hasText: /back/i }).waitFor();
    await page.screenshot({ path: 'test-results/social-callback-failed.png' });
    await axeClean(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[LOGIN-007] [ROUTE-013] SSO through the local OIDC provider: email → SSO address after 2 s → IdP → OIDC callback → signed in', async () => {
    await api('/dev/sso-configurations', {
      kind: 'oidc',
      domains: ['oidc-e2e.test'],
      config: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
      defaultRoleKeys: ['Viewer'],
    });
    const { context, page, errors } = await fresh();
    const email = `person.${Date.now()}@oidc-e2e.test`;
    oidc.signInAs({ sub: `o-${Date.now()}`, email, email_verified: true, name: 'OIDC Person' });
    await page.goto(`${server.url}/account/login`);
    await box(page).locator('input[name="email"]').fill(email);
    await box(page).locator('button[type="submit"]').first().click();
    const callback = page.waitForURL(/\/account\/oidc\/callback\?code=/, { timeout: 20_000 });
    await callback;
    await page.screenshot({ path: 'test-results/sso-oidc-callback.png' });
    await landsSignedIn(page, server.url, 20_000);
    await portalShows(page, email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[ROUTE-014] SSO through the local SAML IdP: email → IdP posts a signed assertion → SAML callback → signed in', async () => {
    await api('/dev/sso-configurations', {
      kind: 'saml',
      domains: ['saml-e2e.test'],
      config: { entryPoint: saml.entryPoint, idpCert: saml.cert, idpIssuer: saml.entityId },
    });
    const { context, page, errors } = await fresh();
    const email = `person.${Date.now()}@saml-e2e.test`;
    saml.signInAs({ nameId: email, email, name: 'SAML Person' });
    await page.goto(`${server.url}/account/login`);
    await box(page).locator('input[name="email"]').fill(email);
    await box(page).locator('button[type="submit"]').first().click();
    await page.waitForURL(/\/account\/saml\/callback\?code=/, { timeout: 20_000 });
    await landsSignedIn(page, server.url, 20_000);
    await portalShows(page, email);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('[LOGIN-020] an SSO failure shows loginWithSSOFailed, then the authenticated URL after 1 second', async () => {
    const { context, page, errors } = await fresh();
    // A SAML IdP that signs no one in: the ACS is never reached; simulate its failure redirect directly.
    await page.goto(`${server.url}${ssoPaths.ssoStart.path}?configurationId=unknown`);
    await page.waitForURL(/\/account\/oidc\/callback\?error=/, { timeout: 15_000 });
    const alert = box(page).locator('[role="alert"]', { hasText: 'Single sign-on failed' });
    await alert.waitFor();
    const shownAt = Date.now();
    await page.screenshot({ path: 'test-results/sso-failed.png' });
    await page.waitForURL(`${server.url}/`, { timeout: 5_000 });
    const waited = Date.now() - shownAt;
    assert.ok(waited >= 600 && waited < 3_000, `redirected after ${waited} ms`);
    assert.deepEqual(errors, []);
    await context.close();

    // axe on the failure screen (light and dark) before it leaves: the redirect cancelled.
    const second = await fresh();
    await second.page.addInitScript(() => {
      document.addEventListener('fe-navigate', (e) => e.preventDefault(), true);
    });
    await second.page.goto(`${server.url}/account/saml/callback?error=login_failed`);
    await box(second.page).locator('[role="alert"]', { hasText: 'Single sign-on failed' }).waitFor();
    await new Promise((r) => setTimeout(r, 1_200));
    assert.equal(new URL(second.page.url()).pathname, '/account/saml/callback');
    await axeClean(second.page);
    await second.context.close();
  });
});
