// SSO self-service in the preview (SSO-001..008): an in-memory store of the sample state's SSO configurations,
// answering the `/team/resources/sso` wire with the server's shapes and refusals. No DNS and no outbound fetch
// here: a domain validates unless it ends in `.invalid` (then record-not-found), and a metadata URL answers
// the sample IdP's metadata unless it names this machine or a private address (refused, as the server does).
import type { z } from 'zod';
import {
  SIGN_REQUEST_UNSUPPORTED,
  ssoConfigurationsContracts as scc,
  type ssoConfiguration,
  type ssoGroup,
} from '../contracts/ssoConfigurations';
import { paths } from '../paths';
import { fail, iso, newId, on, parseWith, randomHex, type PreviewRequest, type PreviewRoute } from './common';
import type { SampleState } from './sampleData';
import { scopedTenant } from './views';

type Configuration = z.infer<typeof ssoConfiguration> & { tenantId: string; secret: string };
type Group = z.infer<typeof ssoGroup>;

const a = paths.auth;
const ORIGIN = 'https://auth.preview.example';
const SP = {
  acsUrl: `${ORIGIN}/identity/resources/auth/v1/user/saml/callback`,
  spEntityId: `${ORIGIN}/identity/resources/auth/v1/user/saml/metadata`,
  oidcRedirectUri: `${ORIGIN}/identity/resources/auth/v1/user/oidc/callback`,
};

/** A SAML IdP's metadata (a self-signed certificate made for the preview): the page's and the scripts' sample. */
export const sampleIdpCertificate =
  'MIIDHzCCAgegAwIBAgIUefc/EDPT/fzx1pfZlqKXONF4fD4wDQYJKoZIhvcNAQELBQAwHjEcMBoGA1UEAwwTcHJldmlldy1pZHAu' +
  'ZXhhbXBsZTAgFw0yNjExMjUwNTAxMDlaGA8yMTI2MTEwMTA1MDEwOVowHjEcMBoGA1UEAwwTcHJldmlldy1pZHAuZXhhbXBsZTCC' +
  'ASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAKsPhs/4bsUF+AssbTlJXL0b+GpJp8DMUvuVbumelGbjnrT1x9kZnOwFY6w9' +
  '0ufe6t9YLiN4hPLtwy7fZL4bw3+huznPyyw+0PTWP6mGwtUVLtakvkk5Z2BvgzprPHqKtdPOglLNs2tb9VhXnvNinppmOnjYEWx0' +
  'hma/4RoaSL9x0uPXzwzHt5xSgmZ6qMxXzQK0MkPNQJFpacwjxaR3y9Pl6TvjrO4Ub1JH8F+BFh4yaYLcbEs4LAo7KccYeVRVjFZ8' +
  'kFfGMxbnod44estcgwLMMOUkyg8G9PooanTCWCbri+dK89cwuT7XgFChF/dIOphNowGyJ/qIz8Vw10VyKOUCAwEAAaNTMFEwHQYD' +
  'VR0OBBYEFAwuPYSYvf214DjtXltQTAKt4BDgMB8GA1UdIwQYMBaAFAwuPYSYvf214DjtXltQTAKt4BDgMA8GA1UdEwEB/wQFMAMB' +
  'Af8wDQYJKoZIhvcNAQELBQADggEBAFGyXaQUsEDIsPuxDmeFKmWAK2J9CJ+Ky6e0LIrBWujdd5ImXQVnAiNdSTBwIy+Lg9Ss/5dU' +
  'UIQ88rKj83VkrCnGZT/97B6D8kyaqK+EVYOcxgbsQmJEKbQ1gc2DuR5vI9SVIARZ7N1+3vbZwPEl0JjlX7XXgoalQQzHzAu54FQE' +
  'ZDusF7KpN5h7deLM0H2MvO7DkCLq+dSH7IqgPeR0+icYtFOf7yPfZ1QtO1NXu5maZ3n0fLDkpMkdknz969+oLVCDjWwHIueDN0zZ' +
  'HyseaNxYXiOrejDqqnHqvzdg3L2Xq9shB79+j7f6pjq0TYOxa1xISWR6aSoZkZ6rFLWbr/E=';
export const sampleIdpMetadata = [
  '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.preview.example/metadata">',
  '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
  '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>',
  `<ds:X509Certificate>${sampleIdpCertificate}</ds:X509Certificate>`,
  '</ds:X509Data></ds:KeyInfo></md:KeyDescriptor>',
  '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.preview.example/sso"/>',
  '</md:IDPSSODescriptor>',
  '</md:EntityDescriptor>',
].join('');

/** The preview's SSO configurations, per sample state (a fresh state starts with none). */
const stores = new WeakMap<SampleState, Configuration[]>();
const storeOf = (state: SampleState): Configuration[] => {
  let store = stores.get(state);
  if (!store) stores.set(state, (store = []));
  return store;
};

const pem = (body: string) =>
  `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/** The fields of a metadata document, with the server's refusals (server/sso/metadata.ts), read by patterns. */
function readMetadata(xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw fail(400, 'metadata: Metadata with a DTD is refused');
  if (!/^\s*(<\?xml[^>]*>\s*)?<(\w+:)?(EntityDescriptor|EntitiesDescriptor)[\s>]/.test(xml))
    throw fail(400, 'metadata: Not a SAML metadata XML document');
  if (!/<(\w+:)?IDPSSODescriptor[\s>]/.test(xml))
    throw fail(400, 'metadata: No IDPSSODescriptor in the metadata');
  const sso =
    /<(?:\w+:)?SingleSignOnService[^>]*Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-Redirect"[^>]*>/.exec(
      xml,
    );
  const location = sso && /Location="(https?:\/\/[^"]+)"/.exec(sso[0])?.[1];
  if (!location) throw fail(400, 'metadata: No HTTP-Redirect SingleSignOnService in the metadata');
  const cert = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(xml)?.[1]?.replace(/\s+/g, '');
  if (!cert) throw fail(400, 'metadata: No signing certificate in the metadata');
  const entityId = /entityID="([^"]+)"/.exec(xml)?.[1] ?? location;
  return { ssoEndpoint: location, publicCertificate: pem(cert), idpEntityId: entityId };
}

const complete = (c: Configuration) =>
  c.type === 'oidc'
    ? Boolean(c.oidcIssuer && c.oidcClientId && c.oidcSecretSet)
    : Boolean(c.ssoEndpoint && c.publicCertificate);

const assertCompleteWhenEnabled = (c: Configuration) => {
  if (!c.enabled || complete(c)) return;
  throw fail(
    400,
    c.type === 'oidc'
      ? 'OIDC sign-in needs the issuer, the client id and the secret before it is enabled'
      : 'SAML sign-in needs the IdP sign-in URL and its certificate before it is enabled',
  );
};

/** The answer's shape: the store's row without its tenant and secret. */
const view = ({ tenantId: _t, secret: _s, ...c }: Configuration) => ({
  ...c,
  generatedVerification: c.domains[0]?.txtRecord ?? '',
  domains: c.domains.map((d) => ({ ...d })),
  groups: c.groups.map((g) => ({ ...g })),
});

const mine = (req: PreviewRequest) => storeOf(req.state).filter((c) => c.tenantId === scopedTenant(req));

function configuration(req: PreviewRequest, id = req.params.ssoConfigId): Configuration {
  const found = mine(req).find((c) => c.id === id);
  if (!found) throw fail(404, 'SSO configuration not found');
  return found;
}

/** Roles of the vendor or the tenant (as the server's check; the sample admin holds every permission). */
function roleIds(req: PreviewRequest, ids: string[]): string[] {
  const unique = [...new Set(ids)];
  const tenant = scopedTenant(req);
  for (const id of unique)
    if (!req.state.roles.some((r) => r.id === id && (r.tenantId === null || r.tenantId === tenant)))
      throw fail(400, 'roleIds: Unknown role');
  return unique;
}

function groupIds(req: PreviewRequest, ids: string[]): string[] {
  const unique = [...new Set(ids)];
  const tenant = scopedTenant(req);
  for (const id of unique)
    if (!req.state.groups.some((g) => g.id === id && g.tenantId === tenant))
      throw fail(400, 'groupIds: Unknown group');
  return unique;
}

function blank(req: PreviewRequest, type: 'saml' | 'oidc'): Configuration {
  const now = iso(req.now);
  return {
    id: newId('sso'),
    tenantId: scopedTenant(req),
    secret: '',
    enabled: false,
    type,
    generatedVerification: '',
    ssoEndpoint: '',
    publicCertificate: '',
    signRequest: false,
    ...SP,
    oidcClientId: '',
    oidcSecret: '',
    domains: [],
    roleIds: [],
    groups: [],
    skipEmailDomainValidation: false,
    createdAt: now,
    updatedAt: now,
    idpEntityId: '',
    oidcIssuer: '',
    oidcSecretSet: false,
    spMetadataUrl: SP.spEntityId,
    groupsClaim: 'groups',
    metadataUrl: null,
  };
}

type Fields = z.infer<typeof scc.createSSOConfiguration.body>;

function applyFields(req: PreviewRequest, c: Configuration, body: Fields, creating: boolean) {
  if (body.type && body.type !== c.type)
    throw fail(400, 'type: The type of an SSO configuration cannot be changed');
  const next = { ...c };
  if (c.type === 'saml') {
    if (body.ssoEndpoint !== undefined) next.ssoEndpoint = body.ssoEndpoint;
    if (body.publicCertificate !== undefined) next.publicCertificate = body.publicCertificate;
    if (body.idpEntityId !== undefined) next.idpEntityId = body.idpEntityId;
  } else {
    if (body.oidcIssuer !== undefined) next.oidcIssuer = body.oidcIssuer;
    if (body.oidcClientId !== undefined) next.oidcClientId = body.oidcClientId;
    if (body.oidcSecret) next.secret = body.oidcSecret;
    next.oidcSecretSet = next.secret !== '';
  }
  // As the server: no SP signing key, so signed AuthnRequests are refused.
  if (body.signRequest) throw fail(400, SIGN_REQUEST_UNSUPPORTED);
  if (body.groupsClaim !== undefined) next.groupsClaim = body.groupsClaim;
  if (body.roleIds !== undefined) next.roleIds = roleIds(req, body.roleIds);
  next.enabled = body.enabled ?? (creating ? complete(next) : c.enabled);
  assertCompleteWhenEnabled(next);
  next.updatedAt = iso(req.now);
  Object.assign(c, next);
  return c;
}

function importMetadata(req: PreviewRequest, c: Configuration | null, xml: string, url: string | null) {
  const fields = readMetadata(xml);
  const target = c ?? blank(req, 'saml');
  if (target.type !== 'saml') throw fail(400, 'type: The type of an SSO configuration cannot be changed');
  Object.assign(target, fields, { metadataUrl: url, updatedAt: iso(req.now) });
  if (!c) {
    target.enabled = true;
    storeOf(req.state).push(target);
  }
  return view(target);
}

/** The metadata a URL answers: the sample's, unless the URL names this machine or a private network. */
function fetchMetadata(url: string): string {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (
    /^(localhost|127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|0\.|::1?$|f[cd]|fe80)/i.test(host)
  )
    throw fail(400, 'url: The metadata could not be fetched (private-address)');
  return sampleIdpMetadata;
}

function addDomain(req: PreviewRequest, c: Configuration, domain: string) {
  if (c.domains.some((d) => d.domain === domain))
    throw fail(409, 'This domain is already on this SSO configuration');
  const row = {
    id: newId('domain'),
    domain,
    validated: false,
    txtRecord: `fe-verification=${randomHex(16)}`,
  };
  c.domains.push(row);
  return row;
}

function validate(req: PreviewRequest) {
  const c = configuration(req);
  const domain = c.domains.find((d) => d.id === req.params.domainId);
  if (!domain) throw fail(404, 'SSO domain not found');
  if (domain.domain.endsWith('.invalid')) {
    domain.validated = false;
    return { ...domain, reason: 'record-not-found' as const };
  }
  domain.validated = true;
  return { ...domain };
}

function saveGroup(
  req: PreviewRequest,
  c: Configuration,
  existing: Group | null,
  body: { group: string; roleIds: string[]; groupIds?: string[] },
) {
  if (c.groups.some((g) => g !== existing && g.group.toLowerCase() === body.group.toLowerCase()))
    throw fail(409, 'A mapping of this IdP group already exists');
  const fields = {
    group: body.group,
    roleIds: roleIds(req, body.roleIds),
    groupIds: body.groupIds === undefined ? (existing?.groupIds ?? []) : groupIds(req, body.groupIds),
  };
  if (existing) return Object.assign(existing, fields);
  const created = { id: newId('sso-group'), ...fields };
  c.groups.push(created);
  return created;
}

function findGroup(c: Configuration | undefined, id: string | undefined): Group {
  const found = c?.groups.find((g) => g.id === id);
  if (!found) throw fail(404, 'SSO group mapping not found');
  return found;
}

// The old model: the tenant's first SAML configuration.
const firstSaml = (req: PreviewRequest) => mine(req).find((c) => c.type === 'saml');
const ensureFirstSaml = (req: PreviewRequest) => {
  const found = firstSaml(req);
  if (found) return found;
  const created = blank(req, 'saml');
  storeOf(req.state).push(created);
  return created;
};
function samlView(c: Configuration | undefined) {
  if (!c) return { enabled: false };
  const domain = c.domains[0];
  return {
    enabled: c.enabled,
    ...(domain ? { domain: domain.domain, validated: domain.validated } : {}),
    generatedVerification: domain?.txtRecord ?? '',
    ssoEndpoint: c.ssoEndpoint,
    publicCertificate: c.publicCertificate,
    signRequest: c.signRequest,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    acsUrl: c.acsUrl,
    spEntityId: c.spEntityId,
    isSamlActive: c.enabled && complete(c) && Boolean(domain?.validated),
    oidcClientId: '',
    oidcSecret: '',
    type: 'saml',
  };
}

export const ssoConfigurationsHandlers: PreviewRoute[] = [
  on(a.getSSOConfigurations, (req) => mine(req).map(view)),
  on(a.createSSOConfiguration, (req) => {
    const body = parseWith(scc.createSSOConfiguration.body, req.body);
    const created = applyFields(req, blank(req, body.type ?? 'saml'), body, true);
    storeOf(req.state).push(created);
    return view(created);
  }),
  on(a.updateSSOConfiguration, (req) => {
    const c = configuration(req);
    return view(applyFields(req, c, parseWith(scc.updateSSOConfiguration.body, req.body), false));
  }),
  on(a.deleteSSOConfiguration, (req) => {
    const c = configuration(req);
    const store = storeOf(req.state);
    store.splice(store.indexOf(c), 1);
    return {};
  }),
  on(a.createSSOConfigurationByMetadata, (req) =>
    importMetadata(req, null, parseWith(scc.createSSOConfigurationByMetadata.body, req.body).metadata, null),
  ),
  on(a.updateSSOConfigurationByMetadata, (req) => {
    const c = configuration(req);
    return importMetadata(
      req,
      c,
      parseWith(scc.updateSSOConfigurationByMetadata.body, req.body).metadata,
      null,
    );
  }),
  on(a.createSSOConfigurationByMetadataUrl, (req) => {
    const { url } = parseWith(scc.createSSOConfigurationByMetadataUrl.body, req.body);
    return importMetadata(req, null, fetchMetadata(url), url);
  }),
  on(a.updateSSOConfigurationByMetadataUrl, (req) => {
    const c = configuration(req);
    const { url } = parseWith(scc.updateSSOConfigurationByMetadataUrl.body, req.body);
    return importMetadata(req, c, fetchMetadata(url), url);
  }),
  on(a.createSSODomain, (req) => {
    const c = configuration(req);
    return addDomain(req, c, parseWith(scc.createSSODomain.body, req.body).domain);
  }),
  on(a.deleteSSODomain, (req) => {
    const c = configuration(req);
    const index = c.domains.findIndex((d) => d.id === req.params.domainId);
    if (index < 0) throw fail(404, 'SSO domain not found');
    c.domains.splice(index, 1);
    return {};
  }),
  on(a.validateSSODomain, validate),
  on(a.validateSSODomainV2, validate),
  on(a.getSSODefaultRoles, (req) => ({ roleIds: configuration(req).roleIds })),
  on(a.setSSODefaultRoles, (req) => {
    const c = configuration(req);
    c.roleIds = roleIds(req, parseWith(scc.setSSODefaultRoles.body, req.body).roleIds);
    return { roleIds: c.roleIds };
  }),
  on(a.getSSOGroups, (req) => configuration(req).groups),
  on(a.createSSOGroup, (req) => {
    const c = configuration(req);
    return saveGroup(req, c, null, parseWith(scc.createSSOGroup.body, req.body));
  }),
  on(a.updateSSOGroup, (req) => {
    const c = configuration(req);
    const group = findGroup(c, req.params.id);
    return saveGroup(req, c, group, parseWith(scc.updateSSOGroup.body, req.body));
  }),
  on(a.deleteSSOGroup, (req) => {
    const c = configuration(req);
    const group = findGroup(c, req.params.groupId);
    c.groups.splice(c.groups.indexOf(group), 1);
    return {};
  }),

  on(a.getSamlConfiguration, (req) => samlView(firstSaml(req))),
  on(a.updateSamlConfiguration, (req) => {
    const body = parseWith(scc.updateSamlConfiguration.body, req.body);
    const c = ensureFirstSaml(req);
    if (body.domain !== undefined && body.domain !== c.domains[0]?.domain) {
      // SSO-003: a new domain is a new IdP connection.
      c.domains = [];
      addDomain(req, c, body.domain);
      Object.assign(c, { ssoEndpoint: '', publicCertificate: '', idpEntityId: '', signRequest: false });
    } else {
      if (body.signRequest) throw fail(400, SIGN_REQUEST_UNSUPPORTED);
      if (body.ssoEndpoint !== undefined) c.ssoEndpoint = body.ssoEndpoint;
      if (body.publicCertificate !== undefined) c.publicCertificate = body.publicCertificate;
    }
    c.enabled = body.enabled;
    c.updatedAt = iso(req.now);
    return samlView(c);
  }),
  on(a.getSamlVendorConfiguration, () => ({ acsUrl: SP.acsUrl, spEntityId: SP.spEntityId })),
  on(a.updateSamlVendorMetadata, (req) => {
    const { metadata } = parseWith(scc.updateSamlVendorMetadata.body, req.body);
    const c = firstSaml(req) ?? null;
    const answer = importMetadata(req, c, metadata, null);
    return samlView(mine(req).find((x) => x.id === answer.id));
  }),
  on(a.validateSamlDomain, (req) => {
    const c = firstSaml(req);
    const domain = c?.domains[0];
    if (!c || !domain) throw fail(404, 'SSO domain not found');
    domain.validated = !domain.domain.endsWith('.invalid');
    return samlView(c);
  }),
  on(a.getSamlRoles, (req) => firstSaml(req)?.roleIds ?? []),
  on(a.updateSamlRoles, (req) => {
    const ids = roleIds(req, parseWith(scc.updateSamlRoles.body, req.body).roleIds);
    ensureFirstSaml(req).roleIds = ids;
    return {};
  }),
  on(a.getSamlRolesGroups, (req) =>
    (firstSaml(req)?.groups ?? []).map(({ id, group, roleIds }) => ({ id, group, roleIds })),
  ),
  on(a.createSamlGroup, (req) => {
    saveGroup(req, ensureFirstSaml(req), null, parseWith(scc.createSamlGroup.body, req.body));
    return {};
  }),
  on(a.updateSamlGroup, (req) => {
    const c = firstSaml(req);
    const group = findGroup(c, req.params.id);
    saveGroup(req, c!, group, parseWith(scc.updateSamlGroup.body, req.body));
    return {};
  }),
  on(a.deleteSamlGroup, (req) => {
    const c = firstSaml(req);
    const group = findGroup(c, req.params.id);
    c!.groups.splice(c!.groups.indexOf(group), 1);
    return {};
  }),
  on(a.getOidcConfiguration, (req) => ({
    active: mine(req).some((c) => c.type === 'oidc' && c.enabled),
    redirectUri: SP.oidcRedirectUri,
  })),
];
