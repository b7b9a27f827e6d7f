// Contract script of SSO self-service (SSO-001..008): configurations by fields, by metadata file and URL
// (a loopback URL refused on both sides), domains and their validation (a `.invalid` domain: not validated),
// default roles, group mappings, and the old single-configuration SAML calls, with the refusals both share.
import { ssoConfigurationsContracts as scc } from '../../../shared/api/contracts/ssoConfigurations';
import { sampleIdpCertificate, sampleIdpMetadata } from '../../../shared/api/preview/ssoConfigurations';
import type { Script } from '../contract';

const config = (saved: Record<string, { id: string }>, name = 'saml') => ({ ssoConfigId: saved[name]!.id });

export const ssoConfigurationsScript: Script = {
  family: 'ssoConfigurations',
  steps: [
    { name: 'the old SAML configuration before any', call: scc.getSamlConfiguration },
    { name: 'the configurations', call: scc.getSSOConfigurations },
    {
      name: 'a SAML configuration by fields, incomplete (saved disabled)',
      call: scc.createSSOConfiguration,
      body: { type: 'saml', ssoEndpoint: 'https://idp.example.com/sso' },
      save: 'saml',
    },
    {
      name: 'enabling an incomplete configuration is refused',
      call: scc.updateSSOConfiguration,
      params: (saved) => config(saved),
      body: { enabled: true },
      expect: 400,
    },
    {
      name: 'a javascript: sign-in URL is refused',
      call: scc.updateSSOConfiguration,
      params: (saved) => config(saved),
      body: { ssoEndpoint: 'javascript:alert(1)' },
      expect: 400,
    },
    {
      name: 'completed and enabled',
      call: scc.updateSSOConfiguration,
      params: (saved) => config(saved),
      body: {
        enabled: true,
        publicCertificate: sampleIdpCertificate,
        idpEntityId: 'https://idp.example.com',
      },
    },
    {
      name: 'an OIDC configuration',
      call: scc.createSSOConfiguration,
      body: { type: 'oidc', oidcIssuer: 'https://login.example.com', oidcClientId: 'c1', oidcSecret: 's1' },
      save: 'oidc',
    },
    { name: 'the OIDC state', call: scc.getOidcConfiguration },
    {
      name: 'a configuration by metadata file',
      call: scc.createSSOConfigurationByMetadata,
      body: { metadata: sampleIdpMetadata },
      save: 'byFile',
    },
    {
      name: 'metadata that is not XML is refused',
      call: scc.createSSOConfigurationByMetadata,
      body: { metadata: 'not xml' },
      expect: 400,
    },
    {
      name: 'the configuration replaced by metadata',
      call: scc.updateSSOConfigurationByMetadata,
      params: (saved) => config(saved, 'byFile'),
      body: { metadata: sampleIdpMetadata },
    },
    {
      name: 'a loopback metadata URL is refused',
      call: scc.createSSOConfigurationByMetadataUrl,
      body: { url: 'http://127.0.0.1:9/metadata' },
      expect: 400,
    },
    {
      name: 'a loopback metadata URL is refused on update too',
      call: scc.updateSSOConfigurationByMetadataUrl,
      params: (saved) => config(saved, 'byFile'),
      body: { url: 'http://127.0.0.1:9/metadata' },
      expect: 400,
    },
    {
      name: 'a domain',
      call: scc.createSSODomain,
      params: (saved) => config(saved),
      body: { domain: 'sso-contract.invalid' },
      save: 'domain',
    },
    {
      name: 'the same domain twice',
      call: scc.createSSODomain,
      params: (saved) => config(saved),
      body: { domain: 'sso-contract.invalid' },
      expect: 409,
    },
    {
      name: 'not a domain',
      call: scc.createSSODomain,
      params: (saved) => config(saved),
      body: { domain: 'not a domain' },
      expect: 400,
    },
    {
      name: 'its validation (no record: not validated)',
      call: scc.validateSSODomain,
      params: (saved) => ({ ...config(saved), domainId: saved.domain.id }),
    },
    {
      name: 'its validation (v2)',
      call: scc.validateSSODomainV2,
      params: (saved) => ({ ...config(saved), domainId: saved.domain.id }),
    },
    {
      name: 'delete the domain',
      call: scc.deleteSSODomain,
      params: (saved) => ({ ...config(saved), domainId: saved.domain.id }),
    },
    { name: 'the default roles', call: scc.getSSODefaultRoles, params: (saved) => config(saved) },
    {
      name: 'no default roles',
      call: scc.setSSODefaultRoles,
      params: (saved) => config(saved),
      body: { roleIds: [] },
    },
    {
      name: 'an unknown default role',
      call: scc.setSSODefaultRoles,
      params: (saved) => config(saved),
      body: { roleIds: ['no-such-role'] },
      expect: 400,
    },
    {
      name: 'a group mapping',
      call: scc.createSSOGroup,
      params: (saved) => config(saved),
      body: { group: 'engineering' },
      save: 'group',
    },
    {
      name: 'the same IdP group twice',
      call: scc.createSSOGroup,
      params: (saved) => config(saved),
      body: { group: 'ENGINEERING' },
      expect: 409,
    },
    { name: 'the group mappings', call: scc.getSSOGroups, params: (saved) => config(saved) },
    {
      name: 'the mapping renamed',
      call: scc.updateSSOGroup,
      params: (saved) => ({ ...config(saved), id: saved.group.id }),
      body: { group: 'eng' },
    },
    {
      name: 'delete the mapping',
      call: scc.deleteSSOGroup,
      params: (saved) => ({ ...config(saved), groupId: saved.group.id }),
    },
    {
      name: 'an unknown configuration',
      call: scc.getSSOGroups,
      params: { ssoConfigId: 'no-such-configuration' },
      expect: 404,
    },
    { name: 'the configurations again', call: scc.getSSOConfigurations },
    {
      name: 'delete the OIDC configuration',
      call: scc.deleteSSOConfiguration,
      params: (saved) => config(saved, 'oidc'),
    },
    {
      name: 'delete the metadata configuration',
      call: scc.deleteSSOConfiguration,
      params: (saved) => config(saved, 'byFile'),
    },

    // The old model: the first SAML configuration (the one made above).
    { name: 'the old SAML configuration', call: scc.getSamlConfiguration },
    {
      name: 'the old save with a domain',
      call: scc.updateSamlConfiguration,
      body: { enabled: true, domain: 'old-contract.invalid' },
    },
    { name: 'the SP addresses', call: scc.getSamlVendorConfiguration },
    { name: 'the old domain validation', call: scc.validateSamlDomain },
    { name: 'the old metadata', call: scc.updateSamlVendorMetadata, body: { metadata: sampleIdpMetadata } },
    { name: 'the old default roles', call: scc.getSamlRoles },
    { name: 'the old default roles set', call: scc.updateSamlRoles, body: { roleIds: [] } },
    { name: 'an old group mapping', call: scc.createSamlGroup, body: { group: 'admins' } },
    { name: 'the old group mappings', call: scc.getSamlRolesGroups, save: 'oldGroups' },
    {
      name: 'the old mapping renamed',
      call: scc.updateSamlGroup,
      params: (saved) => ({ id: saved.oldGroups[0].id }),
      body: { group: 'Admins' },
    },
    {
      name: 'delete the old mapping',
      call: scc.deleteSamlGroup,
      params: (saved) => ({ id: saved.oldGroups[0].id }),
    },
    {
      name: 'an unknown old mapping',
      call: scc.deleteSamlGroup,
      params: { id: 'no-such-group' },
      expect: 404,
    },
    {
      name: 'delete the SAML configuration',
      call: scc.deleteSSOConfiguration,
      params: (saved) => config(saved),
    },
  ],
};
