// Issue 16's SSO journey against `npm start` on an empty data dir: the admin connects the tenant's own identity
// providers from the portal's SSO page — a SAML IdP by uploading its metadata file, an OIDC provider by issuer,
// client id and secret —, adds the users' email domain, publishes its TXT record in the test's DNS server
// (dns2 on 127.0.0.1: the server resolves through it, DNS_SERVERS), validates it, sets a default role and a
// group mapping; then a user of that domain signs in through the login box (pre-login by email → IdP → back) and
// lands with the default role, the mapped role and the mapped group (read as the admin through users v3).
// Screenshots /tmp/shots/e2e-sso-*.png.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { paths } from '../shared/api/paths';
import { ssoPaths } from '../shared/api/sso';
import { startDns, type LocalDns } from '../server/testing/dns';
import { startOidcProvider, type LocalOidcProvider } from '../server/testing/idp/oidc';
import { startSamlIdp, type LocalSamlIdp } from '../server/testing/idp/saml';
import { DEMO_PASSWORD, launchBrowser, startServerProcess } from './harness';
import {
  accessTokenFor,
  axeViolations,
  freshContext,
  journeySteps,
  landsSignedIn,
  loginBox,
  portalShows,
  signIn,
} from './journeys';

const ADMIN = 'admin@acme.test';
const SHOTS = '/tmp/shots';

type Fresh = Awaited<ReturnType<typeof freshContext>>;

describe('SSO self-service against `npm start`: SAML by metadata file and OIDC, domain validated by DNS, roles and groups mapped', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let browser: Browser;
  let dns: LocalDns;
  let saml: LocalSamlIdp;
  let oidc: LocalOidcProvider;
  let admin: Fresh;
  const files = mkdtempSync(join(tmpdir(), 'fe-sso-e2e-'));
  const metadataFile = join(files, 'idp-metadata.xml');
  const stamp = Date.now().toString(36);
  const samlDomain = `saml-${stamp}.test`;
  const oidcDomain = `oidc-${stamp}.test`;

  const { fresh: freshIn, step } = journeySteps('sso');
  const fresh = () => freshIn(browser);
  const a = () => admin.page;
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${SHOTS}/e2e-sso-${name}.png`, fullPage: true });
  const portal = (selector: string) => a().locator(`fe-admin-portal ${selector}`);

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mkdirSync('test-results', { recursive: true });
    dns = await startDns();
    saml = await startSamlIdp();
    // The IdP's metadata as its administrator would download it.
    writeFileSync(metadataFile, await (await fetch(saml.entityId)).text());
    server = await startServerProcess({
      env: { DNS_SERVERS: dns.address, ALLOW_PRIVATE_NETWORK_FETCH: '1', AUTH_RATE_LIMIT_PER_MINUTE: '600' },
    });
    oidc = await startOidcProvider({ redirectUris: [`${server.url}${ssoPaths.oidcCallback.path}`] });
    browser = await launchBrowser();
    admin = await fresh();
    await signIn(a(), server.url, ADMIN, DEMO_PASSWORD);
    await portalShows(a(), ADMIN);
  });
  after(async () => {
    await admin?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await oidc?.close();
    await saml?.close();
    await dns?.close();
    rmSync(files, { recursive: true, force: true });
  });

  /** The SSO page of the portal, shown. */
  async function openSsoPage() {
    await portal('nav button[data-entry="sso"]').click();
    await a().getByRole('heading', { name: 'Single sign-on' }).first().waitFor();
  }

  /** The configuration region of that kind (the newest of it). */
  const configuration = (kind: 'SAML' | 'OIDC'): Locator =>
    a()
      .getByRole('region', { name: new RegExp(`^${kind} configuration \\d+$`) })
      .last();

  /** Adds `domain`, publishes its TXT record in the test DNS server, validates it; the row says Validated. */
  async function validateDomain(region: Locator, domain: string, name: string) {
    await region.getByRole('tab', { name: 'Domains' }).click();
    const row = region.getByRole('row').filter({ hasText: domain });
    // A domain given in the add dialog is there already; otherwise it is added here.
    if (!(await row.count())) {
      await region.getByLabel('Domain', { exact: true }).fill(domain);
      await region.getByRole('button', { name: 'Add domain' }).click();
    }
    const record = (await row.locator('[data-txt-record]').textContent())?.trim() ?? '';
    assert.match(record, /\S{16,}/, 'a TXT record to publish');
    assert.ok(await row.getByText('Not validated').first().isVisible());
    dns.setTxt(domain, ['v=spf1 -all', record]);
    const validate = row.getByRole('button', { name: `Validate ${domain}` });
    await validate.click();
    // As a user would: when the DNS server did not answer in time (a loaded machine), validate once more.
    const validated = row.getByText('Validated', { exact: true });
    const dnsDown = row.getByText('The DNS server did not answer', { exact: false });
    await validated
      .or(dnsDown)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    if (await dnsDown.isVisible()) await validate.click();
    await validated.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
      throw new Error(`${domain} not validated: ${await row.textContent()} (${error.message})`);
    });
    await shot(a(), `${name}-domain-validated`);
  }

  /** Default role and one group mapping (IdP group → role + group) through the Roles and groups tab. */
  async function mapRolesAndGroups(
    region: Locator,
    opts: { defaultRole: string; idpGroup: string; role: string; group: string; name: string },
  ) {
    await region.getByRole('tab', { name: 'Roles and groups' }).click();
    const defaults = region.getByRole('group', { name: 'Default roles' });
    await defaults.getByRole('checkbox', { name: opts.defaultRole, exact: true }).check();
    await region.getByRole('button', { name: 'Save default roles' }).click();
    await a().getByText('The default roles were saved.').first().waitFor();
    const mappings = region.locator('[data-group-mappings]');
    await mappings.getByLabel('IdP group').fill(opts.idpGroup);
    await mappings
      .getByRole('group', { name: 'Roles', exact: true })
      .getByRole('checkbox', { name: opts.role, exact: true })
      .check();
    await mappings
      .getByRole('group', { name: 'Groups', exact: true })
      .getByRole('checkbox', { name: opts.group, exact: true })
      .check();
    await mappings.getByRole('button', { name: 'Add mapping' }).click();
    await region.getByRole('row').filter({ hasText: opts.idpGroup }).waitFor();
    await shot(a(), `${opts.name}-roles-and-groups`);
    assert.deepEqual(await axeViolations(a(), 'fe-admin-portal'), [], `axe: ${opts.name} roles and groups`);
  }

  /** The login box's email-first sign-in of `email`, through the IdP, back signed in at `/`. */
  async function ssoSignIn(email: string, callback: RegExp, name: string) {
    const user = await fresh();
    await user.page.goto(`${server.url}/account/login`);
    await loginBox(user.page).locator('input[name="email"]').fill(email);
    await loginBox(user.page).locator('button[type="submit"]').first().click();
    await user.page.waitForURL(callback, { timeout: 20_000 });
    await landsSignedIn(user.page, server.url, 20_000);
    await portalShows(user.page, email);
    await shot(user.page, `${name}-user-signed-in`);
    assert.deepEqual(user.errors, []);
    await user.context.close();
  }

  /** The user's role names and group names in the admin's account, read as the admin (users v3). */
  async function grantsOf(email: string): Promise<{ roles: string[]; groups: string[] }> {
    const token = await accessTokenFor(server.url, ADMIN, DEMO_PASSWORD);
    const get = async <T>(path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()) as T;
    };
    const page = await get<{ items: { id: string; email: string }[] }>(
      `${paths.users.getUsersV3.path}?_email=${encodeURIComponent(email)}`,
    );
    const id = page.items.find((u) => u.email === email)?.id;
    assert.ok(id, `${email} is a user of the account`);
    const [roles] = await get<{ roles: { name: string }[] }[]>(`${paths.users.getUsersRoles.path}?ids=${id}`);
    const [groups] = await get<{ groups: { name: string }[] }[]>(
      `${paths.users.getUsersGroups.path}?ids=${id}`,
    );
    return {
      roles: (roles?.roles ?? []).map((r) => r.name).sort(),
      groups: (groups?.groups ?? []).map((g) => g.name).sort(),
    };
  }

  step(
    'saml',
    '[SCREEN-066] [SSO-006] [SSO-004] [SSO-008] SAML by metadata file: domain validated through DNS, default role and group mapping; a user of the domain signs in through the IdP with the mapped role and group',
    async () => {
      await openSsoPage();
      await a().getByRole('button', { name: 'Add configuration' }).waitFor();
      await shot(a(), 'empty');
      assert.deepEqual(await axeViolations(a(), 'fe-admin-portal'), [], 'axe: the empty SSO page');

      await a().getByRole('button', { name: 'Add configuration' }).click();
      const dialog = a().getByRole('dialog', { name: 'Add SSO configuration' });
      await dialog.getByRole('radio', { name: 'SAML' }).check();
      await dialog.getByRole('radio', { name: 'Metadata file' }).check();
      await dialog.locator('input[type="file"]').setInputFiles(metadataFile);
      await shot(a(), 'add-saml-dialog');
      assert.deepEqual(await axeViolations(a(), 'fe-admin-portal'), [], 'axe: the add dialog');
      // The first domain in the dialog: the configuration is saved at once (SSO-007 keeps one without a domain local).
      await dialog.getByLabel('Domain (optional)').fill(samlDomain);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });

      const region = configuration('SAML');
      await region.waitFor();
      // The connection: what the customer enters in their IdP, and the IdP side read from the metadata.
      await region.getByRole('tab', { name: 'Connection' }).click();
      const acs = await region.getByLabel('ACS URL').first().inputValue();
      assert.equal(acs, `${server.url}${ssoPaths.samlAcs.path}`);
      assert.equal(await region.getByLabel('Sign-in URL').first().inputValue(), saml.entryPoint);
      assert.equal(await region.getByLabel('IdP entity ID').first().inputValue(), saml.entityId);
      await shot(a(), 'saml-connection');

      await validateDomain(region, samlDomain, 'saml');
      await mapRolesAndGroups(region, {
        defaultRole: 'Viewer',
        idpGroup: 'SAML-Finance',
        role: 'Support',
        group: 'Support desk',
        name: 'saml',
      });

      const email = `person.${stamp}@${samlDomain}`;
      saml.signInAs({ nameId: email, email, name: 'SAML Journey', groups: ['saml-finance', 'unmapped'] });
      await ssoSignIn(email, /\/account\/saml\/callback\?code=/, 'saml');
      assert.deepEqual(await grantsOf(email), { roles: ['Support', 'Viewer'], groups: ['Support desk'] });
    },
  );

  step(
    'oidc',
    '[SCREEN-066] [SSO-002] [SSO-004] [SSO-008] OIDC by issuer, client id and secret: domain validated, default role and group mapping; a user signs in through oidc-provider with the mapped role and group',
    async () => {
      await a().getByRole('button', { name: 'Add configuration' }).click();
      const dialog = a().getByRole('dialog', { name: 'Add SSO configuration' });
      await dialog.getByRole('radio', { name: 'OIDC' }).check();
      await dialog.getByLabel('Issuer').fill(oidc.issuer);
      await dialog.getByLabel('Client ID').fill(oidc.clientId);
      await dialog.getByLabel('Client secret').fill(oidc.clientSecret);
      await shot(a(), 'add-oidc-dialog');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });

      const region = configuration('OIDC');
      await region.waitFor();
      await region.getByRole('tab', { name: 'Connection' }).click();
      assert.equal(
        await region.getByLabel('Redirect URI').first().inputValue(),
        `${server.url}${ssoPaths.oidcCallback.path}`,
      );
      await shot(a(), 'oidc-connection');

      await validateDomain(region, oidcDomain, 'oidc');
      await mapRolesAndGroups(region, {
        defaultRole: 'Viewer',
        idpGroup: 'oidc-devs',
        role: 'Editor',
        group: 'Engineering',
        name: 'oidc',
      });

      const email = `person.${stamp}@${oidcDomain}`;
      oidc.signInAs({
        sub: `journey-${stamp}`,
        email,
        email_verified: true,
        name: 'OIDC Journey',
        groups: ['OIDC-Devs'],
      });
      await ssoSignIn(email, /\/account\/oidc\/callback\?code=/, 'oidc');
      assert.deepEqual(await grantsOf(email), { roles: ['Editor', 'Viewer'], groups: ['Engineering'] });
      await shot(a(), 'configurations');
    },
  );
});
