// SSO self-service through the app (SSO-001..004, SSO-006..008; SSO-005 is the page's loading flag): a
// configuration by fields, by metadata file and by metadata URL (a real local HTTP server, through the guarded
// fetch), domains validated against a real DNS server (dns2 on 127.0.0.1), one tenant per validated domain,
// default roles and group mappings, the old single-configuration SAML calls, tenant isolation, permissions and
// the audit rows.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import samlify from 'samlify';
import {
  SIGN_REQUEST_UNSUPPORTED,
  ssoConfigurationsContracts as scc,
} from '../../shared/api/contracts/ssoConfigurations';
import { paths } from '../../shared/api/paths';
import { ssoPaths } from '../../shared/api/sso';
import { randomUUID } from 'node:crypto';
import {
  groupRoles,
  groups,
  permissions,
  rolePermissions,
  roles,
  ssoConfigurations,
  ssoDomains,
  ssoGroups,
} from '../db/schema';
import { oidcClientConfig } from '../sso/oidc';
import { samlIdpConfig } from '../sso/saml';
import { startDns, type LocalDns } from '../testing/dns';
import { makeCertificate } from '../testing/idp/saml';
import { fixtures, testServer, type TestServer } from '../testing';

type Json = Record<string, unknown>;
const a = paths.auth;
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

/** An IdP's metadata as samlify writes it (a real IdP's shape): entity id, redirect SSO service, signing cert. */
async function idpMetadata(entityID = 'https://idp.example.test/metadata') {
  const { cert } = await makeCertificate();
  const idp = samlify.IdentityProvider({
    entityID,
    signingCert: cert,
    singleSignOnService: [
      {
        Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
        Location: 'https://idp.example.test/post',
      },
      {
        Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
        Location: 'https://idp.example.test/sso',
      },
    ],
  });
  const body = cert.replace(/-----[^-]+-----|\s/g, '');
  return { xml: idp.getMetadata(), entityID, certBody: body };
}

const certBodyOf = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');

describe('SSO configurations', () => {
  let t: TestServer;
  let f: ReturnType<typeof fixtures>;
  let dns: LocalDns;
  let metadataServer: Server;
  let metadataOrigin: string;
  let metadataXml: string;
  let acme: string;
  let admin: string;

  const call = async (method: string, path: string, body?: unknown, token = admin, status = 200) =>
    f.json<Json>(await f.request(method, path, token, body), status);
  const create = async (body: Json, token = admin) =>
    scc.createSSOConfiguration.response.parse(
      await call('POST', a.createSSOConfiguration.path, body, token, 201),
    );
  const onConfig = (route: { path: string }, ssoConfigId: string, more: Record<string, string> = {}) =>
    fill(route.path, { ssoConfigId, ...more });

  before(async () => {
    dns = await startDns();
    metadataXml = (await idpMetadata()).xml;
    metadataServer = createServer((req, res) => {
      if (req.url === '/metadata')
        return res.writeHead(200, { 'content-type': 'application/xml' }).end(metadataXml);
      if (req.url === '/elsewhere') return res.writeHead(302, { location: '/metadata' }).end();
      res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
    metadataOrigin = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
    t = await testServer({ dnsServers: [dns.address], allowPrivateNetworkFetch: true });
    f = fixtures(t);
    acme = await f.tenantId('Acme');
    admin = (await f.signIn()).token;
  });
  after(async () => {
    await t.close();
    await dns.close();
    await new Promise<void>((resolve) => metadataServer.close(() => resolve()));
  });

  it('[SSO-002] a SAML configuration by fields: saved disabled while incomplete, enabling it then is a 400', async () => {
    const draft = await create({ type: 'saml', ssoEndpoint: 'https://idp.acme.test/sso' });
    assert.equal(draft.enabled, false);
    assert.equal(draft.type, 'saml');
    assert.equal(draft.ssoEndpoint, 'https://idp.acme.test/sso');
    assert.deepEqual(draft.domains, []);
    assert.deepEqual(draft.roleIds, []);
    assert.deepEqual(draft.groups, []);
    // What the customer enters in their IdP.
    const { publicUrl } = t.services.config;
    assert.equal(draft.acsUrl, `${publicUrl}${ssoPaths.samlAcs.path}`);
    assert.equal(draft.spEntityId, `${publicUrl}${ssoPaths.samlMetadata.path}`);
    assert.equal(draft.spMetadataUrl, draft.spEntityId);
    assert.equal(draft.oidcRedirectUri, `${publicUrl}${ssoPaths.oidcCallback.path}`);
    // The SP metadata address serves our metadata XML.
    const spMetadata = await t.app.request(new URL(draft.spMetadataUrl).pathname);
    assert.equal(spMetadata.status, 200);
    assert.match(await spMetadata.text(), /SPSSODescriptor/);

    const errors = await f.errorsOf(
      await f.request('PATCH', onConfig(a.updateSSOConfiguration, draft.id), admin, { enabled: true }),
      400,
    );
    assert.match(errors[0]!, /needs the IdP sign-in URL and its certificate/);

    const { certBody } = await idpMetadata();
    const enabled = scc.updateSSOConfiguration.response.parse(
      await call('PATCH', onConfig(a.updateSSOConfiguration, draft.id), {
        enabled: true,
        publicCertificate: certBody,
        idpEntityId: 'https://idp.acme.test/entity',
        signRequest: false,
        groupsClaim: 'memberOf',
      }),
    );
    assert.equal(enabled.enabled, true);
    assert.equal(enabled.publicCertificate, certBody);
    assert.equal(enabled.idpEntityId, 'https://idp.acme.test/entity');
    assert.equal(enabled.groupsClaim, 'memberOf');
    // The stored config is what sign-in parses.
    const [row] = await f.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, draft.id));
    const parsed = samlIdpConfig.parse(row!.config);
    assert.equal(parsed.entryPoint, 'https://idp.acme.test/sso');
    assert.equal(parsed.idpIssuer, 'https://idp.acme.test/entity');

    // Bad input: a clear 400, nothing changed.
    const bad = await f.errorsOf(
      await f.request('PATCH', onConfig(a.updateSSOConfiguration, draft.id), admin, {
        ssoEndpoint: 'javascript:1',
      }),
      400,
    );
    assert.match(bad[0]!, /^ssoEndpoint: /);
    const typeChange = await f.errorsOf(
      await f.request('PATCH', onConfig(a.updateSSOConfiguration, draft.id), admin, { type: 'oidc' }),
      400,
    );
    assert.equal(typeChange[0], 'type: The type of an SSO configuration cannot be changed');
    const audits = await f.auditsFor('SSO configuration updated');
    assert.ok(audits.some((r) => (r.json as Json).ssoConfigId === draft.id));
  });

  it('[SSO-002] an OIDC configuration: the secret is stored, never answered, and kept when not resent', async () => {
    const oidc = await create({
      type: 'oidc',
      oidcIssuer: 'https://login.acme.test',
      oidcClientId: 'client-1',
      oidcSecret: 's3cret-value',
    });
    assert.equal(oidc.enabled, true, 'complete: enabled');
    assert.equal(oidc.oidcSecret, '');
    assert.equal(oidc.oidcSecretSet, true);
    assert.equal(oidc.oidcIssuer, 'https://login.acme.test');
    assert.equal(oidc.oidcClientId, 'client-1');
    const updated = scc.updateSSOConfiguration.response.parse(
      await call('PATCH', onConfig(a.updateSSOConfiguration, oidc.id), {
        oidcClientId: 'client-2',
        oidcSecret: '',
      }),
    );
    assert.equal(updated.oidcClientId, 'client-2');
    const [row] = await f.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, oidc.id));
    assert.equal(oidcClientConfig.parse(row!.config).clientSecret, 's3cret-value');
    const list = scc.getSSOConfigurations.response.parse(await call('GET', a.getSSOConfigurations.path));
    assert.ok(list.some((c) => c.id === oidc.id));
    assert.ok(!JSON.stringify(list).includes('s3cret-value'), 'no secret in any answer');
    const active = scc.getOidcConfiguration.response.parse(await call('GET', a.getOidcConfiguration.path));
    assert.equal(active.active, true);
    assert.equal(active.redirectUri, oidc.oidcRedirectUri);
    // An OIDC configuration without its secret cannot be enabled.
    const errors = await f.errorsOf(
      await f.request('POST', a.createSSOConfiguration.path, admin, {
        type: 'oidc',
        oidcIssuer: 'https://login.acme.test',
        enabled: true,
      }),
      400,
    );
    assert.match(errors[0]!, /OIDC sign-in needs the issuer/);
  });

  it('[SSO-006] a SAML configuration by metadata file: entity id, redirect sign-in URL and certificate read', async () => {
    const { xml, entityID, certBody } = await idpMetadata('https://idp.file.test/entity');
    const created = scc.createSSOConfigurationByMetadata.response.parse(
      await call('POST', a.createSSOConfigurationByMetadata.path, { metadata: xml }, admin, 201),
    );
    assert.equal(created.type, 'saml');
    assert.equal(created.enabled, true);
    assert.equal(created.idpEntityId, entityID);
    assert.equal(
      created.ssoEndpoint,
      'https://idp.example.test/sso',
      'the HTTP-Redirect service, not the POST one',
    );
    assert.equal(certBodyOf(created.publicCertificate), certBody);
    assert.equal(created.metadataUrl, null);
    const [row] = await f.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, created.id));
    assert.ok(samlIdpConfig.safeParse(row!.config).success);

    // Replaced by another IdP's metadata: the IdP's fields change, the configuration stays.
    const other = await idpMetadata('https://idp.other.test/entity');
    const updated = scc.updateSSOConfigurationByMetadata.response.parse(
      await call('PUT', onConfig(a.updateSSOConfigurationByMetadata, created.id), { metadata: other.xml }),
    );
    assert.equal(updated.id, created.id);
    assert.equal(updated.idpEntityId, 'https://idp.other.test/entity');
    assert.equal(certBodyOf(updated.publicCertificate), other.certBody);
    const audits = await f.auditsFor('SSO metadata imported');
    assert.ok(audits.filter((r) => (r.json as Json).ssoConfigId === created.id).length === 2);
  });

  it('[SSO-006] unusable metadata is refused with a clear 400: not XML, a DTD, no IdP, no redirect service, no certificate', async () => {
    const { xml } = await idpMetadata();
    const cases: [string, string][] = [
      ['not xml at all', 'metadata: Not a SAML metadata XML document'],
      ['<html><body>login</body></html>', 'metadata: Not a SAML metadata XML document'],
      [
        '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>' +
          xml.replace(/^<\?xml[^>]*>/, ''),
        'metadata: Metadata with a DTD is refused',
      ],
      [
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor/></md:EntityDescriptor>',
        'metadata: No IDPSSODescriptor in the metadata',
      ],
      [
        xml.replace(/HTTP-Redirect/g, 'HTTP-Artifact'),
        'metadata: No HTTP-Redirect SingleSignOnService in the metadata',
      ],
      [
        xml.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, ''),
        'metadata: No signing certificate in the metadata',
      ],
    ];
    const before = (await f.db.select().from(ssoConfigurations)).length;
    for (const [metadata, message] of cases) {
      const errors = await f.errorsOf(
        await f.request('POST', a.createSSOConfigurationByMetadata.path, admin, { metadata }),
        400,
      );
      assert.equal(errors[0], message, metadata.slice(0, 60));
    }
    assert.equal((await f.db.select().from(ssoConfigurations)).length, before, 'nothing saved');
  });

  it('[SSO-006] a SAML configuration by metadata URL, through the guarded fetch (redirect followed), URL kept', async () => {
    const url = `${metadataOrigin}/elsewhere`;
    const created = scc.createSSOConfigurationByMetadataUrl.response.parse(
      await call('POST', a.createSSOConfigurationByMetadataUrl.path, { url }, admin, 201),
    );
    assert.equal(created.metadataUrl, url);
    assert.equal(created.idpEntityId, 'https://idp.example.test/metadata');
    // The IdP rotates its certificate: an update by URL reads it again.
    const rotated = await idpMetadata('https://idp.example.test/metadata');
    metadataXml = rotated.xml;
    const updated = scc.updateSSOConfigurationByMetadataUrl.response.parse(
      await call('PUT', onConfig(a.updateSSOConfigurationByMetadataUrl, created.id), {
        url: `${metadataOrigin}/metadata`,
      }),
    );
    assert.equal(certBodyOf(updated.publicCertificate), rotated.certBody);
    assert.equal(updated.metadataUrl, `${metadataOrigin}/metadata`);
    // An address answering 404: a 400 that says so.
    const errors = await f.errorsOf(
      await f.request('POST', a.createSSOConfigurationByMetadataUrl.path, admin, {
        url: `${metadataOrigin}/none`,
      }),
      400,
    );
    assert.equal(errors[0], 'url: The metadata could not be fetched (HTTP 404)');
  });

  it('[SSO-006] without ALLOW_PRIVATE_NETWORK_FETCH a loopback metadata URL is refused before any request', async () => {
    const guarded = await testServer();
    try {
      const g = fixtures(guarded);
      const token = (await g.signIn()).token;
      let hits = 0;
      const counting = createServer((_req, res) => (hits++, res.end(metadataXml)));
      await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(counting.address() as AddressInfo).port}/metadata`;
      const errors = await g.errorsOf(
        await g.request('POST', a.createSSOConfigurationByMetadataUrl.path, token, { url }),
        400,
      );
      assert.equal(errors[0], 'url: The metadata could not be fetched (private-address)');
      const meta = await g.errorsOf(
        await g.request('POST', a.createSSOConfigurationByMetadataUrl.path, token, {
          url: 'http://169.254.169.254/latest/meta-data/',
        }),
        400,
      );
      assert.equal(meta[0], 'url: The metadata could not be fetched (private-address)');
      assert.equal(hits, 0);
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    } finally {
      await guarded.close();
    }
  });

  it('[SSO-004] a domain: a TXT record to publish, validated true only when the record is there', async () => {
    const sso = await create({ type: 'saml' });
    const added = scc.createSSODomain.response.parse(
      await call('POST', onConfig(a.createSSODomain, sso.id), { domain: 'Corp.Example.com' }, admin, 201),
    );
    assert.equal(added.domain, 'corp.example.com');
    assert.equal(added.validated, false);
    assert.match(added.txtRecord, /^fe-verification=[0-9a-f]{32}$/);
    const validate = async () =>
      scc.validateSSODomain.response.parse(
        await call('PUT', onConfig(a.validateSSODomain, sso.id, { domainId: added.id })),
      );

    // Not published yet.
    assert.deepEqual(await validate(), { ...added, validated: false, reason: 'record-not-found' });
    // Another value only.
    dns.setTxt('corp.example.com', ['v=spf1 -all', 'fe-verification=somebody-else']);
    assert.equal((await validate()).reason, 'record-mismatch');
    // The resolver cannot answer.
    dns.fail('corp.example.com');
    assert.equal((await validate()).reason, 'dns-error');
    // Published, in two chunks (a long TXT record arrives split): validated.
    const half = added.txtRecord.length / 2;
    dns.setTxt('corp.example.com', [
      'v=spf1 -all',
      [added.txtRecord.slice(0, half), added.txtRecord.slice(half)],
    ]);
    const ok = await validate();
    assert.equal(ok.validated, true);
    assert.equal(ok.reason, undefined);
    const list = scc.getSSOConfigurations.response.parse(await call('GET', a.getSSOConfigurations.path));
    assert.equal(list.find((c) => c.id === sso.id)!.domains[0]!.validated, true);
    assert.equal(list.find((c) => c.id === sso.id)!.generatedVerification, added.txtRecord);
    // The v2 path answers the same.
    const v2 = scc.validateSSODomainV2.response.parse(
      await call('PUT', onConfig(a.validateSSODomainV2, sso.id, { domainId: added.id })),
    );
    assert.equal(v2.validated, true);

    assert.ok((await f.auditsFor('SSO domain added')).some((r) => (r.json as Json).domainId === added.id));
    assert.ok(
      (await f.auditsFor('SSO domain validated')).some((r) => (r.json as Json).domainId === added.id),
    );
    const failed = (await f.auditsFor('SSO domain validation failed')).filter(
      (r) => (r.json as Json).domainId === added.id,
    );
    assert.deepEqual(failed.map((r) => (r.json as Json).reason).sort(), [
      'dns-error',
      'record-mismatch',
      'record-not-found',
    ]);

    // The same domain twice on one configuration: 409; a bad domain: 400.
    const twice = await f.errorsOf(
      await f.request('POST', onConfig(a.createSSODomain, sso.id), admin, { domain: 'corp.example.com' }),
      409,
    );
    assert.equal(twice[0], 'This domain is already on this SSO configuration');
    const bad = await f.errorsOf(
      await f.request('POST', onConfig(a.createSSODomain, sso.id), admin, { domain: 'not a domain' }),
      400,
    );
    assert.match(bad[0]!, /^domain: Not a valid domain/);

    // Deleting the domain.
    await call('DELETE', onConfig(a.deleteSSODomain, sso.id, { domainId: added.id }));
    assert.equal((await f.db.select().from(ssoDomains).where(eq(ssoDomains.id, added.id))).length, 0);
    assert.ok((await f.auditsFor('SSO domain deleted')).some((r) => (r.json as Json).domainId === added.id));
  });

  it('[SSO-004] a domain validated by one tenant may be added by another but never validated there (409)', async () => {
    const mine = await create({ type: 'saml' });
    const domain = 'claimed.example.com';
    const row = scc.createSSODomain.response.parse(
      await call('POST', onConfig(a.createSSODomain, mine.id), { domain }, admin, 201),
    );
    dns.setTxt(domain, [row.txtRecord]);
    assert.equal(
      scc.validateSSODomain.response.parse(
        await call('PUT', onConfig(a.validateSSODomain, mine.id, { domainId: row.id })),
      ).validated,
      true,
    );

    const globex = await f.newTenant('Globex SSO');
    const intruder = await f.createUser({ tenants: [{ id: globex, roles: ['Admin'] }] });
    const token = await intruder.tokenIn();
    const theirs = await create({ type: 'saml' }, token);
    const pending = scc.createSSODomain.response.parse(
      await call('POST', onConfig(a.createSSODomain, theirs.id), { domain }, token, 201),
    );
    assert.equal(pending.validated, false);
    // Even with their own record published next to ours.
    dns.setTxt(domain, [row.txtRecord, pending.txtRecord]);
    const errors = await f.errorsOf(
      await f.request('PUT', onConfig(a.validateSSODomain, theirs.id, { domainId: pending.id }), token),
      409,
    );
    assert.equal(errors[0], 'This domain is already validated by another account');
    const [stored] = await f.db.select().from(ssoDomains).where(eq(ssoDomains.id, pending.id));
    assert.equal(stored!.validated, false);
    // A second configuration of the same tenant cannot validate it either.
    const second = await create({ type: 'saml' });
    const again = scc.createSSODomain.response.parse(
      await call('POST', onConfig(a.createSSODomain, second.id), { domain }, admin, 201),
    );
    dns.setTxt(domain, [row.txtRecord, again.txtRecord]);
    const own = await f.errorsOf(
      await f.request('PUT', onConfig(a.validateSSODomain, second.id, { domainId: again.id }), admin),
      409,
    );
    assert.equal(own[0], 'This domain is already validated on another SSO configuration');
  });

  it('[SSO-008] default roles and group mappings: set, listed, refused for unknown roles and others’ groups, 409 on a duplicate', async () => {
    const sso = await create({ type: 'saml' });
    const viewer = (await f.builtInRole('Viewer')).id;
    const editor = (await f.builtInRole('Editor')).id;
    const defaults = scc.setSSODefaultRoles.response.parse(
      await call('PUT', onConfig(a.setSSODefaultRoles, sso.id), { roleIds: [viewer, viewer] }),
    );
    assert.deepEqual(defaults.roleIds, [viewer]);
    assert.deepEqual(
      scc.getSSODefaultRoles.response.parse(await call('GET', onConfig(a.getSSODefaultRoles, sso.id)))
        .roleIds,
      [viewer],
    );
    const unknown = await f.errorsOf(
      await f.request('PUT', onConfig(a.setSSODefaultRoles, sso.id), admin, { roleIds: ['no-such-role'] }),
      400,
    );
    assert.equal(unknown[0], 'roleIds: Unknown role');

    const [ourGroup] = await f.db
      .insert(groups)
      .values({ id: randomUUID(), tenantId: acme, name: 'Engineers' })
      .returning();
    const mapping = scc.createSSOGroup.response.parse(
      await call(
        'POST',
        onConfig(a.createSSOGroup, sso.id),
        { group: 'eng', roleIds: [editor], groupIds: [ourGroup!.id] },
        admin,
        201,
      ),
    );
    assert.equal(mapping.group, 'eng');
    assert.deepEqual(mapping.roleIds, [editor]);
    assert.deepEqual(mapping.groupIds, [ourGroup!.id]);
    const duplicate = await f.errorsOf(
      await f.request('POST', onConfig(a.createSSOGroup, sso.id), admin, { group: 'ENG', roleIds: [] }),
      409,
    );
    assert.equal(duplicate[0], 'A mapping of this IdP group already exists');

    const globex = await f.newTenant('Globex Groups');
    const [theirGroup] = await f.db
      .insert(groups)
      .values({ id: randomUUID(), tenantId: globex, name: 'Theirs' })
      .returning();
    const foreign = await f.errorsOf(
      await f.request('POST', onConfig(a.createSSOGroup, sso.id), admin, {
        group: 'x',
        groupIds: [theirGroup!.id],
      }),
      400,
    );
    assert.equal(foreign[0], 'groupIds: Unknown group');

    const renamed = scc.updateSSOGroup.response.parse(
      await call('PATCH', onConfig(a.updateSSOGroup, sso.id, { id: mapping.id }), {
        group: 'engineering',
        roleIds: [viewer],
      }),
    );
    assert.equal(renamed.group, 'engineering');
    assert.deepEqual(renamed.groupIds, [], 'groupIds default to [] (the body states the whole mapping)');
    const listed = scc.getSSOGroups.response.parse(await call('GET', onConfig(a.getSSOGroups, sso.id)));
    assert.deepEqual(listed, [renamed]);
    const view = scc.getSSOConfigurations.response
      .parse(await call('GET', a.getSSOConfigurations.path))
      .find((c) => c.id === sso.id)!;
    assert.deepEqual(view.roleIds, [viewer]);
    assert.deepEqual(view.groups, [renamed]);

    await call('DELETE', onConfig(a.deleteSSOGroup, sso.id, { groupId: mapping.id }));
    assert.deepEqual(
      scc.getSSOGroups.response.parse(await call('GET', onConfig(a.getSSOGroups, sso.id))),
      [],
    );
    for (const action of [
      'SSO default roles updated',
      'SSO group mapping created',
      'SSO group mapping updated',
      'SSO group mapping deleted',
    ])
      assert.ok(
        (await f.auditsFor(action)).some((r) => (r.json as Json).ssoConfigId === sso.id),
        `audited: ${action}`,
      );

    // Deleting the configuration takes its domains and mappings with it.
    await call('POST', onConfig(a.createSSOGroup, sso.id), { group: 'ops' }, admin, 201);
    await call('DELETE', onConfig(a.deleteSSOConfiguration, sso.id));
    assert.equal(
      (await f.db.select().from(ssoGroups).where(eq(ssoGroups.configurationId, sso.id))).length,
      0,
    );
    await f.errorsOf(await f.request('GET', onConfig(a.getSSOGroups, sso.id), admin), 404);
    assert.ok(
      (await f.auditsFor('SSO configuration deleted')).some((r) => (r.json as Json).ssoConfigId === sso.id),
    );
  });

  it('[SSO-001] [SSO-003] the old SAML calls: the first SAML configuration; a changed domain clears endpoint, certificate and signRequest', async () => {
    // A tenant of its own: "the first SAML configuration" must not be another test's.
    const tenant = await f.newTenant('Old Model');
    const owner = await f.createUser({ tenants: [{ id: tenant, roles: ['Admin'] }] });
    const token = await owner.tokenIn();
    const get = async () =>
      scc.getSamlConfiguration.response.parse(
        await call('GET', a.getSamlConfiguration.path, undefined, token),
      );
    assert.deepEqual(await get(), { enabled: false });

    const saved = scc.updateSamlConfiguration.response.parse(
      await call('POST', a.updateSamlConfiguration.path, { enabled: true, domain: 'old.example.com' }, token),
    );
    assert.equal(saved.enabled, true);
    assert.equal(saved.domain, 'old.example.com');
    assert.equal(saved.validated, false);
    assert.match(saved.generatedVerification!, /^fe-verification=/);
    assert.equal(saved.isSamlActive, false);
    const vendor = scc.getSamlVendorConfiguration.response.parse(
      await call('GET', a.getSamlVendorConfiguration.path, undefined, token),
    );
    assert.equal(saved.acsUrl, vendor.acsUrl);
    assert.equal(saved.spEntityId, vendor.spEntityId);

    const { certBody } = await idpMetadata();
    const idpFields = {
      enabled: true,
      domain: 'old.example.com',
      ssoEndpoint: 'https://idp.old.test/sso',
      publicCertificate: certBody,
    };
    // This server has no SP signing key: asking for signed AuthnRequests is refused, not stored and ignored.
    const refused = await f.request('POST', a.updateSamlConfiguration.path, token, {
      ...idpFields,
      signRequest: true,
    });
    assert.deepEqual(await f.errorsOf(refused, 400), [SIGN_REQUEST_UNSUPPORTED]);
    const withIdp = scc.updateSamlConfiguration.response.parse(
      await call('POST', a.updateSamlConfiguration.path, idpFields, token),
    );
    assert.equal(withIdp.ssoEndpoint, 'https://idp.old.test/sso');
    assert.equal(withIdp.publicCertificate, certBody);
    assert.equal(withIdp.signRequest, false);
    assert.equal(withIdp.generatedVerification, saved.generatedVerification, 'same domain: same record');

    dns.setTxt('old.example.com', [withIdp.generatedVerification!]);
    const validated = scc.validateSamlDomain.response.parse(
      await call('PUT', a.validateSamlDomain.path, undefined, token),
    );
    assert.equal(validated.validated, true);
    assert.equal(validated.isSamlActive, true);

    // SSO-003: the domain changes: the IdP's fields are cleared, the new domain is pending with a new record.
    const moved = scc.updateSamlConfiguration.response.parse(
      await call(
        'POST',
        a.updateSamlConfiguration.path,
        {
          enabled: true,
          domain: 'new.example.com',
          ssoEndpoint: 'https://idp.old.test/sso',
          publicCertificate: certBody,
          signRequest: true,
        },
        token,
      ),
    );
    assert.equal(moved.domain, 'new.example.com');
    assert.equal(moved.ssoEndpoint, '');
    assert.equal(moved.publicCertificate, '');
    assert.equal(moved.signRequest, false);
    assert.equal(moved.validated, false);
    assert.notEqual(moved.generatedVerification, saved.generatedVerification);
    const configs = scc.getSSOConfigurations.response.parse(
      await call('GET', a.getSSOConfigurations.path, undefined, token),
    );
    assert.equal(configs.length, 1, 'one configuration: the old calls act on it');
    assert.deepEqual(
      configs[0]!.domains.map((d) => d.domain),
      ['new.example.com'],
    );

    // Metadata, default roles and groups through the old calls land on the same configuration.
    const { xml } = await idpMetadata('https://idp.vendor.test/entity');
    const withMetadata = scc.updateSamlVendorMetadata.response.parse(
      await call('PUT', a.updateSamlVendorMetadata.path, { metadata: xml }, token),
    );
    assert.equal(withMetadata.ssoEndpoint, 'https://idp.example.test/sso');
    const viewer = (await f.builtInRole('Viewer')).id;
    await call('POST', a.updateSamlRoles.path, { roleIds: [viewer] }, token);
    assert.deepEqual(
      scc.getSamlRoles.response.parse(await call('GET', a.getSamlRoles.path, undefined, token)),
      [viewer],
    );
    await call('POST', a.createSamlGroup.path, { group: 'admins', roleIds: [viewer] }, token, 201);
    const groups = scc.getSamlRolesGroups.response.parse(
      await call('GET', a.getSamlRolesGroups.path, undefined, token),
    );
    assert.equal(groups.length, 1);
    assert.deepEqual(groups[0], { id: groups[0]!.id, group: 'admins', roleIds: [viewer] });
    await call(
      'PATCH',
      fill(a.updateSamlGroup.path, { id: groups[0]!.id }),
      { group: 'Admins', roleIds: [] },
      token,
    );
    assert.equal(
      scc.getSamlRolesGroups.response.parse(
        await call('GET', a.getSamlRolesGroups.path, undefined, token),
      )[0]!.group,
      'Admins',
    );
    await call('DELETE', fill(a.deleteSamlGroup.path, { id: groups[0]!.id }), undefined, token);
    assert.deepEqual(
      scc.getSamlRolesGroups.response.parse(await call('GET', a.getSamlRolesGroups.path, undefined, token)),
      [],
    );
    const again = scc.getSSOConfigurations.response.parse(
      await call('GET', a.getSSOConfigurations.path, undefined, token),
    );
    assert.equal(again.length, 1);
    assert.deepEqual(again[0]!.roleIds, [viewer]);
    const oidc = scc.getOidcConfiguration.response.parse(
      await call('GET', a.getOidcConfiguration.path, undefined, token),
    );
    assert.equal(oidc.active, false);
  });

  it('tenant isolation: another tenant’s configuration, domain and mapping ids are 404s, its rows unchanged', async () => {
    const sso = await create({ type: 'saml' });
    const domain = scc.createSSODomain.response.parse(
      await call('POST', onConfig(a.createSSODomain, sso.id), { domain: 'isolated.example.com' }, admin, 201),
    );
    const group = scc.createSSOGroup.response.parse(
      await call('POST', onConfig(a.createSSOGroup, sso.id), { group: 'iso' }, admin, 201),
    );
    const other = await f.newTenant('Globex Isolation');
    const outsider = await f.createUser({ tenants: [{ id: other, roles: ['Admin'] }] });
    const token = await outsider.tokenIn();
    const attempts: [string, string, unknown?][] = [
      ['GET', onConfig(a.getSSODefaultRoles, sso.id)],
      ['GET', onConfig(a.getSSOGroups, sso.id)],
      ['PATCH', onConfig(a.updateSSOConfiguration, sso.id), { enabled: false }],
      ['DELETE', onConfig(a.deleteSSOConfiguration, sso.id)],
      ['PUT', onConfig(a.updateSSOConfigurationByMetadata, sso.id), { metadata: metadataXml }],
      ['POST', onConfig(a.createSSODomain, sso.id), { domain: 'x.example.com' }],
      ['DELETE', onConfig(a.deleteSSODomain, sso.id, { domainId: domain.id })],
      ['PUT', onConfig(a.validateSSODomain, sso.id, { domainId: domain.id })],
      ['PUT', onConfig(a.setSSODefaultRoles, sso.id), { roleIds: [] }],
      ['POST', onConfig(a.createSSOGroup, sso.id), { group: 'y' }],
      ['PATCH', onConfig(a.updateSSOGroup, sso.id, { id: group.id }), { group: 'z' }],
      ['DELETE', onConfig(a.deleteSSOGroup, sso.id, { groupId: group.id })],
      ['PATCH', fill(a.updateSamlGroup.path, { id: group.id }), { group: 'z' }],
      ['DELETE', fill(a.deleteSamlGroup.path, { id: group.id })],
    ];
    for (const [method, path, body] of attempts)
      await f.errorsOf(await f.request(method, path, token, body), 404);
    const theirs = scc.getSSOConfigurations.response.parse(
      await call('GET', a.getSSOConfigurations.path, undefined, token),
    );
    assert.deepEqual(theirs, []);
    const [row] = await f.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, sso.id));
    assert.equal(row!.tenantId, acme);
    assert.equal(
      (await f.db.select().from(ssoDomains).where(eq(ssoDomains.configurationId, sso.id))).length,
      1,
    );
    assert.equal((await f.db.select().from(ssoGroups).where(eq(ssoGroups.id, group.id)))[0]!.group, 'iso');
  });

  it('permissions: a Viewer reads and writes nothing, ReadOnly reads only, no role escalation through mappings', async () => {
    const sso = await create({ type: 'saml' });
    const viewer = await f.member(['Viewer']);
    const readOnly = await f.member(['ReadOnly']);
    await f.errorsOf(await f.request('GET', a.getSSOConfigurations.path, viewer.token), 403);
    await f.errorsOf(await f.request('GET', a.getSamlConfiguration.path, viewer.token), 403);
    await f.errorsOf(
      await f.request('POST', a.createSSOConfiguration.path, viewer.token, { type: 'saml' }),
      403,
    );
    await call('GET', a.getSSOConfigurations.path, undefined, readOnly.token);
    await f.errorsOf(
      await f.request('PATCH', onConfig(a.updateSSOConfiguration, sso.id), readOnly.token, {
        enabled: false,
      }),
      403,
    );
    await f.errorsOf(
      await f.request('POST', onConfig(a.createSSODomain, sso.id), readOnly.token, {
        domain: 'ro.example.com',
      }),
      403,
    );
    // A caller with the write permission but not every permission of Admin cannot map Admin.
    const [ssoWriter] = await f.db
      .insert(roles)
      .values({
        id: randomUUID(),
        vendorId: t.services.vendorId,
        tenantId: acme,
        key: 'sso-writer',
        name: 'SSO writer',
      })
      .returning();
    for (const key of ['fe.secure.read.samlConfiguration', 'fe.secure.write.samlConfiguration']) {
      const [permission] = await f.db.select().from(permissions).where(eq(permissions.key, key));
      await f.db.insert(rolePermissions).values({ roleId: ssoWriter!.id, permissionId: permission!.id });
    }
    const writer = await f.member([ssoWriter!.id]);
    const adminRole = (await f.builtInRole('Admin')).id;
    await f.errorsOf(
      await f.request('PUT', onConfig(a.setSSODefaultRoles, sso.id), writer.token, { roleIds: [adminRole] }),
      403,
    );
    await f.errorsOf(
      await f.request('POST', onConfig(a.createSSOGroup, sso.id), writer.token, {
        group: 'g',
        roleIds: [adminRole],
      }),
      403,
    );
    // Nor put SSO users in a group that carries Admin (a member gets the group's roles).
    const [adminGroup] = await f.db
      .insert(groups)
      .values({ id: randomUUID(), tenantId: acme, name: 'Admins by group' })
      .returning();
    await f.db.insert(groupRoles).values({ groupId: adminGroup!.id, roleId: adminRole });
    const escalation = await f.errorsOf(
      await f.request('POST', onConfig(a.createSSOGroup, sso.id), writer.token, {
        group: 'g',
        groupIds: [adminGroup!.id],
      }),
      403,
    );
    assert.match(escalation[0]!, /^You cannot grant permissions you do not hold: /);
    await call('PUT', onConfig(a.setSSODefaultRoles, sso.id), { roleIds: [] }, writer.token);
  });
});
