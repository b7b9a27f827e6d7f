// SSO self-service (SSO-001..008, SCREEN-066): a tenant's SSO configurations on the `/team/resources/sso` wire:
// the new model (configurations, domains and their DNS validation, default roles, group mappings), SAML by
// metadata file or URL, and the old single-configuration SAML calls. Reads need the read samlConfiguration
// permission, writes the write one; everything is scoped to the caller's tenant (server/sso/configurations.ts).
import type { Context } from 'hono';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { ssoConfigurationsContracts as scc } from '../../shared/api/contracts/ssoConfigurations';
import { paths } from '../../shared/api/paths';
import { readBody, type AppEnv } from '../context';
import { findDomain } from '../sso/domains';
import {
  checkDomain,
  createConfiguration,
  createDomain,
  deleteConfiguration,
  ensureFirstSaml,
  fetchMetadata,
  findConfiguration,
  findGroup,
  firstSaml,
  firstSamlDomain,
  groupsOf,
  importMetadata,
  listRows,
  oidcActive,
  removeDomain,
  removeGroup,
  samlView,
  saveGroup,
  setDefaultRoles,
  updateConfiguration,
  updateSaml,
  viewOf,
  viewsOf,
  type SsoActor,
} from '../sso/configurations';
import { addressesOf } from '../sso/store';
import { defineFamily, endpoint, type Endpoint } from './endpoints';

const READ = 'fe.secure.read.samlConfiguration';
const WRITE = 'fe.secure.write.samlConfiguration';
const a = paths.auth;

type Answer<K extends keyof typeof scc> = AnswerOf<(typeof scc)[K]>;

const read = (name: keyof typeof scc, note = "the caller's tenant's configurations") =>
  endpoint(a[name], READ, note);
const write = (name: keyof typeof scc, note = "the caller's tenant's configurations") =>
  endpoint(a[name], WRITE, note);

/** Routes of SSO self-service, with who may call each. */
export const ssoConfigurationsEndpointsByName = {
  getSSOConfigurations: read('getSSOConfigurations'),
  createSSOConfiguration: write('createSSOConfiguration', 'default roles the caller holds only'),
  updateSSOConfiguration: write('updateSSOConfiguration', 'default roles the caller holds only'),
  deleteSSOConfiguration: write('deleteSSOConfiguration'),
  createSSOConfigurationByMetadata: write('createSSOConfigurationByMetadata'),
  updateSSOConfigurationByMetadata: write('updateSSOConfigurationByMetadata'),
  createSSOConfigurationByMetadataUrl: write(
    'createSSOConfigurationByMetadataUrl',
    'a guarded outbound fetch',
  ),
  updateSSOConfigurationByMetadataUrl: write(
    'updateSSOConfigurationByMetadataUrl',
    'a guarded outbound fetch',
  ),
  createSSODomain: write('createSSODomain'),
  deleteSSODomain: write('deleteSSODomain'),
  validateSSODomain: write('validateSSODomain', 'a domain another tenant validated: 409'),
  validateSSODomainV2: write('validateSSODomainV2', 'a domain another tenant validated: 409'),
  getSSODefaultRoles: read('getSSODefaultRoles'),
  setSSODefaultRoles: write('setSSODefaultRoles', 'roles the caller holds only'),
  getSSOGroups: read('getSSOGroups'),
  createSSOGroup: write('createSSOGroup', 'roles the caller holds, groups of the tenant'),
  updateSSOGroup: write('updateSSOGroup', 'roles the caller holds, groups of the tenant'),
  deleteSSOGroup: write('deleteSSOGroup'),
  getSamlConfiguration: read('getSamlConfiguration', "the tenant's first SAML configuration"),
  updateSamlConfiguration: write('updateSamlConfiguration', "the tenant's first SAML configuration"),
  getSamlVendorConfiguration: read('getSamlVendorConfiguration', "this server's SP addresses"),
  updateSamlVendorMetadata: write('updateSamlVendorMetadata', "the tenant's first SAML configuration"),
  validateSamlDomain: write('validateSamlDomain', "the tenant's first SAML configuration"),
  getSamlRoles: read('getSamlRoles', "the tenant's first SAML configuration"),
  updateSamlRoles: write('updateSamlRoles', 'roles the caller holds only'),
  getSamlRolesGroups: read('getSamlRolesGroups', "the tenant's first SAML configuration"),
  createSamlGroup: write('createSamlGroup', 'roles the caller holds only'),
  updateSamlGroup: write('updateSamlGroup', 'roles the caller holds only'),
  deleteSamlGroup: write('deleteSamlGroup', "the tenant's first SAML configuration"),
  getOidcConfiguration: read('getOidcConfiguration', "the caller's tenant's OIDC configurations"),
} as const satisfies Record<keyof typeof scc, Endpoint>;

export const ssoConfigurationsRoutes = defineFamily(ssoConfigurationsEndpointsByName, (on, e, services) => {
  const { db, config } = services;
  const actor = (c: Context<AppEnv>): SsoActor => ({ services, auth: c.get('auth'), audit: c.var.audit });
  const tenantOf = (c: Context<AppEnv>) => c.get('auth').tenantId;
  const configuration = (c: Context<AppEnv>) =>
    findConfiguration(db, tenantOf(c), c.req.param('ssoConfigId') ?? '');

  // --- the new model ---

  on(e.getSSOConfigurations, async (c) =>
    c.json(
      (await viewsOf(services, await listRows(db, tenantOf(c)))) satisfies Answer<'getSSOConfigurations'>,
    ),
  );

  on(e.createSSOConfiguration, async (c) => {
    const body = await readBody(c, scc.createSSOConfiguration.body);
    const row = await createConfiguration(actor(c), body);
    return c.json((await viewOf(services, row)) satisfies Answer<'createSSOConfiguration'>, 201);
  });

  on(e.updateSSOConfiguration, async (c) => {
    const row = await configuration(c);
    const body = await readBody(c, scc.updateSSOConfiguration.body);
    const updated = await updateConfiguration(actor(c), row, body);
    return c.json((await viewOf(services, updated)) satisfies Answer<'updateSSOConfiguration'>);
  });

  on(e.deleteSSOConfiguration, async (c) => {
    await deleteConfiguration(actor(c), await configuration(c));
    return c.json({} satisfies Answer<'deleteSSOConfiguration'>);
  });

  on(e.createSSOConfigurationByMetadata, async (c) => {
    const { metadata } = await readBody(c, scc.createSSOConfigurationByMetadata.body);
    const row = await importMetadata(actor(c), null, metadata, null);
    return c.json((await viewOf(services, row)) satisfies Answer<'createSSOConfigurationByMetadata'>, 201);
  });

  on(e.updateSSOConfigurationByMetadata, async (c) => {
    const row = await configuration(c);
    const { metadata } = await readBody(c, scc.updateSSOConfigurationByMetadata.body);
    const updated = await importMetadata(actor(c), row, metadata, null);
    return c.json((await viewOf(services, updated)) satisfies Answer<'updateSSOConfigurationByMetadata'>);
  });

  on(e.createSSOConfigurationByMetadataUrl, async (c) => {
    const { url } = await readBody(c, scc.createSSOConfigurationByMetadataUrl.body);
    const row = await importMetadata(actor(c), null, await fetchMetadata(config, url), url);
    return c.json((await viewOf(services, row)) satisfies Answer<'createSSOConfigurationByMetadataUrl'>, 201);
  });

  on(e.updateSSOConfigurationByMetadataUrl, async (c) => {
    const row = await configuration(c);
    const { url } = await readBody(c, scc.updateSSOConfigurationByMetadataUrl.body);
    const updated = await importMetadata(actor(c), row, await fetchMetadata(config, url), url);
    return c.json((await viewOf(services, updated)) satisfies Answer<'updateSSOConfigurationByMetadataUrl'>);
  });

  on(e.createSSODomain, async (c) => {
    const row = await configuration(c);
    const { domain } = await readBody(c, scc.createSSODomain.body);
    const added = await createDomain(actor(c), row, domain);
    const answer = {
      id: added.id,
      domain: added.domain,
      validated: added.validated,
      txtRecord: added.txtRecord,
    };
    return c.json(answer satisfies Answer<'createSSODomain'>, 201);
  });

  on(e.deleteSSODomain, async (c) => {
    const row = await configuration(c);
    await removeDomain(actor(c), await findDomain(db, row.tenantId, row.id, c.req.param('domainId') ?? ''));
    return c.json({} satisfies Answer<'deleteSSODomain'>);
  });

  const validate = async (c: Context<AppEnv>) => {
    const row = await configuration(c);
    const domain = await findDomain(db, row.tenantId, row.id, c.req.param('domainId') ?? '');
    const result = await checkDomain(actor(c), domain);
    return {
      id: result.row.id,
      domain: result.row.domain,
      validated: result.row.validated,
      txtRecord: result.row.txtRecord,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  };
  on(e.validateSSODomain, async (c) => c.json((await validate(c)) satisfies Answer<'validateSSODomain'>));
  on(e.validateSSODomainV2, async (c) => c.json((await validate(c)) satisfies Answer<'validateSSODomainV2'>));

  on(e.getSSODefaultRoles, async (c) =>
    c.json({
      roleIds: (await configuration(c)).defaultRoleIds as string[],
    } satisfies Answer<'getSSODefaultRoles'>),
  );

  on(e.setSSODefaultRoles, async (c) => {
    const row = await configuration(c);
    const { roleIds } = await readBody(c, scc.setSSODefaultRoles.body);
    return c.json({
      roleIds: await setDefaultRoles(actor(c), row, roleIds),
    } satisfies Answer<'setSSODefaultRoles'>);
  });

  on(e.getSSOGroups, async (c) =>
    c.json((await groupsOf(db, (await configuration(c)).id)) satisfies Answer<'getSSOGroups'>),
  );

  on(e.createSSOGroup, async (c) => {
    const row = await configuration(c);
    const body = await readBody(c, scc.createSSOGroup.body);
    return c.json((await saveGroup(actor(c), row, null, body)) satisfies Answer<'createSSOGroup'>, 201);
  });

  on(e.updateSSOGroup, async (c) => {
    const row = await configuration(c);
    const group = await findGroup(db, row.id, c.req.param('id') ?? '');
    const body = await readBody(c, scc.updateSSOGroup.body);
    return c.json((await saveGroup(actor(c), row, group, body)) satisfies Answer<'updateSSOGroup'>);
  });

  on(e.deleteSSOGroup, async (c) => {
    const row = await configuration(c);
    await removeGroup(actor(c), row, await findGroup(db, row.id, c.req.param('groupId') ?? ''));
    return c.json({} satisfies Answer<'deleteSSOGroup'>);
  });

  // --- the old model: the tenant's first SAML configuration ---

  on(e.getSamlConfiguration, async (c) =>
    c.json(
      (await samlView(services, await firstSaml(db, tenantOf(c)))) satisfies Answer<'getSamlConfiguration'>,
    ),
  );

  on(e.updateSamlConfiguration, async (c) => {
    const body = await readBody(c, scc.updateSamlConfiguration.body);
    const row = await updateSaml(actor(c), body);
    return c.json((await samlView(services, row)) satisfies Answer<'updateSamlConfiguration'>);
  });

  on(e.getSamlVendorConfiguration, (c) => {
    const { sp } = addressesOf(config.publicUrl);
    return c.json({
      acsUrl: sp.acsUrl,
      spEntityId: sp.entityId,
    } satisfies Answer<'getSamlVendorConfiguration'>);
  });

  on(e.updateSamlVendorMetadata, async (c) => {
    const { metadata } = await readBody(c, scc.updateSamlVendorMetadata.body);
    const row = await importMetadata(actor(c), await firstSaml(db, tenantOf(c)), metadata, null);
    return c.json((await samlView(services, row)) satisfies Answer<'updateSamlVendorMetadata'>);
  });

  on(e.validateSamlDomain, async (c) => {
    const { row, domain } = await firstSamlDomain(actor(c));
    await checkDomain(actor(c), domain);
    return c.json((await samlView(services, row)) satisfies Answer<'validateSamlDomain'>);
  });

  on(e.getSamlRoles, async (c) =>
    c.json(
      (((await firstSaml(db, tenantOf(c)))?.defaultRoleIds as string[] | undefined) ??
        []) satisfies Answer<'getSamlRoles'>,
    ),
  );

  on(e.updateSamlRoles, async (c) => {
    const { roleIds } = await readBody(c, scc.updateSamlRoles.body);
    await setDefaultRoles(actor(c), await ensureFirstSaml(actor(c)), roleIds);
    return c.json({} satisfies Answer<'updateSamlRoles'>);
  });

  on(e.getSamlRolesGroups, async (c) => {
    const row = await firstSaml(db, tenantOf(c));
    const groups = row ? await groupsOf(db, row.id) : [];
    return c.json(
      groups.map(({ id, group, roleIds }) => ({ id, group, roleIds })) satisfies Answer<'getSamlRolesGroups'>,
    );
  });

  on(e.createSamlGroup, async (c) => {
    const body = await readBody(c, scc.createSamlGroup.body);
    await saveGroup(actor(c), await ensureFirstSaml(actor(c)), null, body);
    return c.json({} satisfies Answer<'createSamlGroup'>, 201);
  });

  const firstSamlGroup = async (c: Context<AppEnv>) => {
    const row = await firstSaml(db, tenantOf(c));
    // No SAML configuration: no group of it either.
    const group = await findGroup(db, row?.id ?? '', c.req.param('id') ?? '');
    return { row: row!, group };
  };

  on(e.updateSamlGroup, async (c) => {
    const { row, group } = await firstSamlGroup(c);
    const body = await readBody(c, scc.updateSamlGroup.body);
    await saveGroup(actor(c), row, group, body);
    return c.json({} satisfies Answer<'updateSamlGroup'>);
  });

  on(e.deleteSamlGroup, async (c) => {
    const { row, group } = await firstSamlGroup(c);
    await removeGroup(actor(c), row, group);
    return c.json({} satisfies Answer<'deleteSamlGroup'>);
  });

  on(e.getOidcConfiguration, async (c) =>
    c.json({
      active: await oidcActive(db, tenantOf(c)),
      redirectUri: addressesOf(config.publicUrl).oidcRedirectUri,
    } satisfies Answer<'getOidcConfiguration'>),
  );
});
