// The calls of the portal's SSO page (SSO-002..008, SCREEN-066): a tenant's SSO configurations in the new model
// (`/team/resources/sso/v1/configurations`), their domains, default roles and group mappings.
import { adminPortalApi, type ApiClient } from './client';
import type { AnswerOf, BodyOf } from './contracts/contract';
import type { ssoConfigurationsContracts as c } from './contracts/ssoConfigurations';
import { paths } from './paths';

/** An SSO configuration as listed (SSO-002): id, enabled, domains, roleIds, groups and what the IdP needs. */
export type SsoConfiguration = AnswerOf<typeof c.getSSOConfigurations>[number];
export type SsoDomain = SsoConfiguration['domains'][number];
/** A domain after a validation (SSO-004): validated true or false, and why not. */
export type SsoDomainValidation = AnswerOf<typeof c.validateSSODomain>;
export type SsoGroup = SsoConfiguration['groups'][number];
export type SsoConfigurationInput = BodyOf<typeof c.createSSOConfiguration>;
export type SsoGroupInput = BodyOf<typeof c.createSSOGroup>;

/** The largest SAML metadata file the page reads and sends (the contract's limit, SSO-006). */
export const MAX_METADATA_BYTES = 512_000;

const a = paths.auth;

/** The calls of the SSO page, bound to a client. */
export function createSsoConfigurationsApi(client: Pick<ApiClient, 'request'>) {
  const config = (ssoConfigId: string) => ({ ssoConfigId });
  return {
    /** GET configurations: the tenant's configurations with their domains and mappings. */
    getConfigurations: () => client.request<SsoConfiguration[]>(a.getSSOConfigurations),
    /** POST configurations: SAML by fields or OIDC by issuer, client id and secret. */
    createConfiguration: (input: SsoConfigurationInput) =>
      client.request<SsoConfiguration>(a.createSSOConfiguration, { body: input }),
    /** POST configurations/metadata: SAML from the IdP's metadata XML (SSO-006, a file's text). */
    createByMetadata: (metadata: string) =>
      client.request<SsoConfiguration>(a.createSSOConfigurationByMetadata, { body: { metadata } }),
    /** POST configurations/metadata-url: SAML from metadata the server fetches (SSO-006). */
    createByMetadataUrl: (url: string) =>
      client.request<SsoConfiguration>(a.createSSOConfigurationByMetadataUrl, { body: { url } }),
    /** PATCH configurations/{id}: enabled (SSO-005), the IdP's fields, the groups claim, default roles. */
    updateConfiguration: (ssoConfigId: string, input: SsoConfigurationInput) =>
      client.request<SsoConfiguration>(a.updateSSOConfiguration, {
        params: config(ssoConfigId),
        body: input,
      }),
    /** PUT configurations/{id}/metadata: replaces the IdP side from a metadata file. */
    updateByMetadata: (ssoConfigId: string, metadata: string) =>
      client.request<SsoConfiguration>(a.updateSSOConfigurationByMetadata, {
        params: config(ssoConfigId),
        body: { metadata },
      }),
    /** PUT configurations/{id}/metadata-url: replaces the IdP side from a metadata URL. */
    updateByMetadataUrl: (ssoConfigId: string, url: string) =>
      client.request<SsoConfiguration>(a.updateSSOConfigurationByMetadataUrl, {
        params: config(ssoConfigId),
        body: { url },
      }),
    /** DELETE configurations/{id}. */
    deleteConfiguration: (ssoConfigId: string) =>
      client.request<void>(a.deleteSSOConfiguration, { params: config(ssoConfigId) }),
    /** POST configurations/{id}/domains: the answer carries the TXT record to publish. */
    createDomain: (ssoConfigId: string, domain: string) =>
      client.request<SsoDomain>(a.createSSODomain, { params: config(ssoConfigId), body: { domain } }),
    /** DELETE configurations/{id}/domains/{domainId}. */
    deleteDomain: (ssoConfigId: string, domainId: string) =>
      client.request<void>(a.deleteSSODomain, { params: { ssoConfigId, domainId } }),
    /** PUT configurations/{id}/domains/{domainId}/validate (SSO-004): validated true or false. */
    validateDomain: (ssoConfigId: string, domainId: string) =>
      client.request<SsoDomainValidation>(a.validateSSODomain, { params: { ssoConfigId, domainId } }),
    /** PUT configurations/{id}/roles: the default roles of users signing in through it (SSO-008). */
    setDefaultRoles: (ssoConfigId: string, roleIds: string[]) =>
      client.request<{ roleIds: string[] }>(a.setSSODefaultRoles, {
        params: config(ssoConfigId),
        body: { roleIds },
      }),
    /** POST configurations/{id}/groups: an IdP group mapped to roles and groups (SSO-008). */
    createGroup: (ssoConfigId: string, input: SsoGroupInput) =>
      client.request<SsoGroup>(a.createSSOGroup, { params: config(ssoConfigId), body: input }),
    /** PATCH configurations/{id}/groups/{id}. */
    updateGroup: (ssoConfigId: string, id: string, input: SsoGroupInput) =>
      client.request<SsoGroup>(a.updateSSOGroup, { params: { ssoConfigId, id }, body: input }),
    /** DELETE configurations/{id}/groups/{groupId}. */
    deleteGroup: (ssoConfigId: string, groupId: string) =>
      client.request<void>(a.deleteSSOGroup, { params: { ssoConfigId, groupId } }),
  };
}

export type SsoConfigurationsApi = ReturnType<typeof createSsoConfigurationsApi>;

export const ssoConfigurationsApi: SsoConfigurationsApi = createSsoConfigurationsApi(adminPortalApi);
