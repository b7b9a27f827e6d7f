// SSO self-service (SSO-001..008, SCREEN-066): a tenant's SSO configurations on the `/team/resources/sso` wire,
// in Frontegg's shapes — the new model (ISSOConfiguration with ISSODomain and ISamlRolesGroup) and the old,
// one-configuration SAML calls (ISamlConfiguration) answered from the tenant's first SAML configuration.
import { z } from 'zod';
import { paths } from '../paths';
import { contract } from './contract';
import { empty, id, isoDate } from './common';

const a = paths.auth;

/** The kinds of configuration we run (the ssoType enum's saml and oidc). */
export const ssoConfigurationKind = z.enum(['saml', 'oidc']);

/** An email domain: lower-case letters, digits and hyphens in dot-separated labels, with a dot in it. */
export const ssoDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'Not a valid domain');

/** Why a domain's validation did not succeed (ours; absent when validated). */
export const domainValidationFailure = z.enum([
  /** No TXT record at the domain (NXDOMAIN or no TXT). */
  'record-not-found',
  /** TXT records exist but none is this domain's value. */
  'record-mismatch',
  /** The resolver could not answer (timeout, SERVFAIL). */
  'dns-error',
]);

/** Frontegg's ISSODomain. */
export const ssoDomain = z.object({
  id,
  domain: z.string(),
  validated: z.boolean(),
  /** The value of the TXT record to publish at the domain. */
  txtRecord: z.string(),
});

/** The answer of a domain validation (SSO-004): the domain, validated true or false, and why not. */
export const ssoDomainValidation = ssoDomain.extend({ reason: domainValidationFailure.optional() });

/** Frontegg's ISamlRolesGroup, plus our groups a member of the IdP group is put in. */
export const ssoGroup = z.object({
  id,
  /** The group's value in the IdP's groups claim or attribute (compared case-insensitively). */
  group: z.string(),
  roleIds: z.array(id),
  /** Ours: our groups (of this tenant). */
  groupIds: z.array(id),
});

/**
 * Frontegg's ISSOConfiguration (SSO-002). Secrets never travel back: `oidcSecret` is '' (a secret is set, it is
 * not shown), `oidcSecretSet` says whether one is. `acsUrl`, `spEntityId` and `oidcRedirectUri` are what the
 * customer enters in their IdP; `spMetadataUrl` is our SP metadata XML for download.
 */
export const ssoConfiguration = z.object({
  id,
  enabled: z.boolean(),
  /** saml | oidc */
  type: z.string(),
  /** Frontegg's old single-domain verification value: the first domain's TXT record ('' without domains). */
  generatedVerification: z.string(),
  /** SAML: the IdP's sign-in URL (HTTP-Redirect binding); OIDC: ''. */
  ssoEndpoint: z.string(),
  /** SAML: the IdP's signing certificate (PEM); OIDC: ''. */
  publicCertificate: z.string(),
  signRequest: z.boolean(),
  acsUrl: z.string(),
  spEntityId: z.string(),
  oidcClientId: z.string(),
  /** Always '' (write-only). */
  oidcSecret: z.string(),
  domains: z.array(ssoDomain),
  roleIds: z.array(id),
  groups: z.array(ssoGroup),
  /** Ours: we always validate domains (false). */
  skipEmailDomainValidation: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  // Ours:
  /** SAML: the IdP's entity id (the assertion's Issuer must equal it); '' when not set. */
  idpEntityId: z.string(),
  /** OIDC: the issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  oidcIssuer: z.string(),
  oidcSecretSet: z.boolean(),
  /** The OIDC redirect URI to register at the IdP. */
  oidcRedirectUri: z.string(),
  /** Our SAML SP metadata XML (GET, public). */
  spMetadataUrl: z.string(),
  /** The claim (OIDC) or SAML attribute whose values are matched against `groups`. */
  groupsClaim: z.string(),
  /** Where the SAML metadata was read from, when by URL. */
  metadataUrl: z.string().nullable(),
});

/**
 * Signed AuthnRequests need an SP signing key and certificate, which the server does not have yet: a body
 * asking for them (signRequest true) is refused with this message rather than stored and silently not done.
 */
export const SIGN_REQUEST_UNSUPPORTED =
  'Signed authentication requests are not supported: set signRequest to false';

/** A PEM certificate or its base64 body (at most 16 kB). */
const certificate = z.string().trim().min(1).max(16_384);
/** An http(s) URL: zod's url() alone takes `javascript:` and `data:` URLs, which must never become a redirect. */
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .regex(/^https?:\/\/[^\s/]/i, 'Must be an http or https URL');

/**
 * Frontegg's IUpdateSSOConfiguration (partial), plus ours: `oidcIssuer`, `idpEntityId`, `groupsClaim`. A SAML
 * configuration by fields needs ssoEndpoint and publicCertificate before it can be enabled; an OIDC one needs
 * oidcIssuer, oidcClientId and oidcSecret.
 */
export const ssoConfigurationBody = z.object({
  type: ssoConfigurationKind.optional(),
  enabled: z.boolean().optional(),
  ssoEndpoint: httpUrl.or(z.literal('')).optional(),
  publicCertificate: certificate.or(z.literal('')).optional(),
  signRequest: z.boolean().optional(),
  oidcClientId: z.string().trim().max(500).optional(),
  oidcSecret: z.string().max(2000).optional(),
  oidcIssuer: httpUrl.or(z.literal('')).optional(),
  idpEntityId: z.string().trim().max(1024).optional(),
  groupsClaim: z.string().trim().min(1).max(200).optional(),
  roleIds: z.array(id).max(50).optional(),
  skipEmailDomainValidation: z.boolean().optional(),
});

/** Frontegg's IUpdateSamlVendorMetadata: the IdP's SAML metadata XML (SSO-006, as a file's text). */
export const samlMetadataBody = z.object({ metadata: z.string().min(1).max(512_000) });
/** Frontegg's ICreateOrUpdateSSOConfigurationByMetadataUrl (SSO-006). */
export const samlMetadataUrlBody = z.object({
  url: httpUrl,
  configMetadata: z.record(z.string(), z.string()).optional(),
});

const configParam = z.object({ ssoConfigId: id });
const domainParams = z.object({ ssoConfigId: id, domainId: id });
const groupParams = z.object({ ssoConfigId: id, groupId: id });
const groupIdParams = z.object({ ssoConfigId: id, id });

const roleIdsBody = z.object({ roleIds: z.array(id).max(50) });
const groupBody = z.object({
  group: z.string().trim().min(1).max(500),
  roleIds: z.array(id).max(50).default([]),
  groupIds: z.array(id).max(50).default([]),
});

/** Frontegg's ISamlConfiguration (SSO-001): the old single-configuration model. */
export const samlConfiguration = z.object({
  enabled: z.boolean(),
  domain: z.string().optional(),
  validated: z.boolean().optional(),
  generatedVerification: z.string().optional(),
  ssoEndpoint: z.string().optional(),
  publicCertificate: z.string().optional(),
  signRequest: z.boolean().optional(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
  acsUrl: z.string().optional(),
  spEntityId: z.string().optional(),
  isSamlActive: z.boolean().optional(),
  oidcClientId: z.string().optional(),
  oidcSecret: z.string().optional(),
  type: z.string().optional(),
});

/**
 * Frontegg's IUpdateSamlConfiguration. SSO-003: saving a changed domain clears ssoEndpoint, publicCertificate
 * and signRequest (a new domain is a new IdP connection).
 */
export const updateSamlConfigurationBody = samlConfiguration
  .omit({ validated: true, generatedVerification: true, createdAt: true, updatedAt: true })
  .extend({
    domain: ssoDomainName.optional(),
    ssoEndpoint: httpUrl.or(z.literal('')).optional(),
    publicCertificate: certificate.or(z.literal('')).optional(),
  });

const samlGroupBody = groupBody.omit({ groupIds: true });

export const ssoConfigurationsContracts = {
  // The new model.
  getSSOConfigurations: contract({ route: a.getSSOConfigurations, response: z.array(ssoConfiguration) }),
  createSSOConfiguration: contract({
    route: a.createSSOConfiguration,
    body: ssoConfigurationBody,
    response: ssoConfiguration,
    status: 201,
  }),
  updateSSOConfiguration: contract({
    route: a.updateSSOConfiguration,
    params: configParam,
    body: ssoConfigurationBody,
    response: ssoConfiguration,
  }),
  deleteSSOConfiguration: contract({ route: a.deleteSSOConfiguration, params: configParam, response: empty }),
  createSSOConfigurationByMetadata: contract({
    route: a.createSSOConfigurationByMetadata,
    body: samlMetadataBody,
    response: ssoConfiguration,
    status: 201,
  }),
  updateSSOConfigurationByMetadata: contract({
    route: a.updateSSOConfigurationByMetadata,
    params: configParam,
    body: samlMetadataBody,
    response: ssoConfiguration,
  }),
  createSSOConfigurationByMetadataUrl: contract({
    route: a.createSSOConfigurationByMetadataUrl,
    body: samlMetadataUrlBody,
    response: ssoConfiguration,
    status: 201,
  }),
  updateSSOConfigurationByMetadataUrl: contract({
    route: a.updateSSOConfigurationByMetadataUrl,
    params: configParam,
    body: samlMetadataUrlBody,
    response: ssoConfiguration,
  }),
  createSSODomain: contract({
    route: a.createSSODomain,
    params: configParam,
    body: z.object({ domain: ssoDomainName }),
    response: ssoDomain,
    status: 201,
  }),
  deleteSSODomain: contract({ route: a.deleteSSODomain, params: domainParams, response: empty }),
  validateSSODomain: contract({
    route: a.validateSSODomain,
    params: domainParams,
    response: ssoDomainValidation,
  }),
  validateSSODomainV2: contract({
    route: a.validateSSODomainV2,
    params: domainParams,
    response: ssoDomainValidation,
  }),
  getSSODefaultRoles: contract({ route: a.getSSODefaultRoles, params: configParam, response: roleIdsBody }),
  setSSODefaultRoles: contract({
    route: a.setSSODefaultRoles,
    params: configParam,
    body: roleIdsBody,
    response: roleIdsBody,
  }),
  getSSOGroups: contract({ route: a.getSSOGroups, params: configParam, response: z.array(ssoGroup) }),
  createSSOGroup: contract({
    route: a.createSSOGroup,
    params: configParam,
    body: groupBody,
    response: ssoGroup,
    status: 201,
  }),
  updateSSOGroup: contract({
    route: a.updateSSOGroup,
    params: groupIdParams,
    body: groupBody,
    response: ssoGroup,
  }),
  deleteSSOGroup: contract({ route: a.deleteSSOGroup, params: groupParams, response: empty }),

  // The old SAML model: the tenant's first SAML configuration.
  getSamlConfiguration: contract({ route: a.getSamlConfiguration, response: samlConfiguration }),
  updateSamlConfiguration: contract({
    route: a.updateSamlConfiguration,
    body: updateSamlConfigurationBody,
    response: samlConfiguration,
  }),
  getSamlVendorConfiguration: contract({
    route: a.getSamlVendorConfiguration,
    response: z.object({ acsUrl: z.string(), spEntityId: z.string() }),
  }),
  updateSamlVendorMetadata: contract({
    route: a.updateSamlVendorMetadata,
    body: samlMetadataBody,
    response: samlConfiguration,
  }),
  validateSamlDomain: contract({ route: a.validateSamlDomain, response: samlConfiguration }),
  getSamlRoles: contract({ route: a.getSamlRoles, response: z.array(id) }),
  updateSamlRoles: contract({ route: a.updateSamlRoles, body: roleIdsBody, response: empty }),
  getSamlRolesGroups: contract({
    route: a.getSamlRolesGroups,
    response: z.array(ssoGroup.omit({ groupIds: true })),
  }),
  createSamlGroup: contract({ route: a.createSamlGroup, body: samlGroupBody, response: empty, status: 201 }),
  updateSamlGroup: contract({
    route: a.updateSamlGroup,
    params: z.object({ id }),
    body: samlGroupBody,
    response: empty,
  }),
  deleteSamlGroup: contract({ route: a.deleteSamlGroup, params: z.object({ id }), response: empty }),
  getOidcConfiguration: contract({
    route: a.getOidcConfiguration,
    response: z.object({ active: z.boolean(), redirectUri: z.string().optional() }),
  }),
} as const;
