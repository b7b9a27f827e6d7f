// A tenant's SSO configurations (SSO-001..008 server side): the store behind the `/team/resources/sso` wire.
// Every read and write names the caller's tenant (another tenant's id is a 404, as an unknown one). The config
// jsonb keeps the shapes sign-in parses (`samlIdpConfig`, `oidcClientConfig`); a secret never leaves the server.
// The old single-configuration SAML calls act on the tenant's first SAML configuration, created on first save.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  samlConfiguration,
  ssoConfiguration,
  ssoConfigurationBody,
  ssoGroup,
  updateSamlConfigurationBody,
} from '../../shared/api/contracts/ssoConfigurations';
import { SIGN_REQUEST_UNSUPPORTED } from '../../shared/api/contracts/ssoConfigurations';
import { assertGrantableRoles } from '../apiTokens';
import type { RequestAudit } from '../audit/request';
import type { AccessClaims } from '../auth/keys';
import { apiError, type Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import { groupRoles, groups as groupsTable, ssoConfigurations, ssoDomains, ssoGroups } from '../db/schema';
import { assertHoldsAll, roleKeys } from '../middleware/authorize';
import { FetchRefused, guardedFetch } from '../net/guardedFetch';
import { addDomain, validateDomain, type SsoDomainRow } from './domains';
import { parseIdpMetadata } from './metadata';
import { oidcClientConfig } from './oidc';
import { samlIdpConfig } from './saml';
import { addressesOf } from './store';

export type SsoConfigurationRow = typeof ssoConfigurations.$inferSelect;
type SsoGroupRow = typeof ssoGroups.$inferSelect;
type ConfigurationView = z.infer<typeof ssoConfiguration>;
type ConfigurationFields = z.infer<typeof ssoConfigurationBody>;
type GroupView = z.infer<typeof ssoGroup>;

export const CONFIGURATION_NOT_FOUND = 'SSO configuration not found';
export const GROUP_NOT_FOUND = 'SSO group mapping not found';
export const GROUP_EXISTS = 'A mapping of this IdP group already exists';
export const UNKNOWN_GROUP = 'groupIds: Unknown group';
export const TYPE_FIXED = 'type: The type of an SSO configuration cannot be changed';
export const INCOMPLETE_SAML =
  'SAML sign-in needs the IdP sign-in URL and its certificate before it is enabled';
export const INCOMPLETE_OIDC =
  'OIDC sign-in needs the issuer, the client id and the secret before it is enabled';
export const METADATA_FETCH_FAILED = (reason: string) => `url: The metadata could not be fetched (${reason})`;

/** Who acts, and how their changes are audited. */
export interface SsoActor {
  services: Pick<Services, 'db' | 'config' | 'vendorId'>;
  auth: AccessClaims;
  audit: (event: RequestAudit) => Promise<void>;
}

const complete = (row: Pick<SsoConfigurationRow, 'kind' | 'config'>): boolean =>
  (row.kind === 'oidc' ? oidcClientConfig : samlIdpConfig).safeParse(row.config).success;

const str = (config: unknown, key: string): string => {
  const value = (config as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : '';
};

const iso = (d: Date) => d.toISOString();

const groupView = (g: SsoGroupRow): GroupView => ({
  id: g.id,
  group: g.group,
  roleIds: g.roleIds as string[],
  groupIds: g.groupIds as string[],
});

/** The answer's shape of a configuration (SSO-002), with what the customer enters in their IdP. */
export function configurationView(
  publicUrl: string,
  row: SsoConfigurationRow,
  domains: SsoDomainRow[],
  groups: SsoGroupRow[],
): ConfigurationView {
  const { oidcRedirectUri, sp } = addressesOf(publicUrl);
  const saml = row.kind === 'saml';
  const ordered = [...domains].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    id: row.id,
    enabled: row.enabled,
    type: row.kind,
    generatedVerification: ordered[0]?.txtRecord ?? '',
    ssoEndpoint: saml ? str(row.config, 'entryPoint') : '',
    publicCertificate: saml ? str(row.config, 'idpCert') : '',
    signRequest: row.signRequest,
    acsUrl: sp.acsUrl,
    spEntityId: sp.entityId,
    oidcClientId: saml ? '' : str(row.config, 'clientId'),
    oidcSecret: '',
    domains: ordered.map((d) => ({
      id: d.id,
      domain: d.domain,
      validated: d.validated,
      txtRecord: d.txtRecord,
    })),
    roleIds: row.defaultRoleIds as string[],
    groups: groups.map(groupView),
    skipEmailDomainValidation: false,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    idpEntityId: saml ? str(row.config, 'idpIssuer') : '',
    oidcIssuer: saml ? '' : str(row.config, 'issuer'),
    oidcSecretSet: !saml && str(row.config, 'clientSecret') !== '',
    oidcRedirectUri,
    spMetadataUrl: sp.entityId,
    groupsClaim: row.groupsClaim,
    metadataUrl: row.metadataUrl,
  };
}

// --- reads ---------------------------------------------------------------------------------------------------

/** The tenant's configurations, oldest first. */
export function listRows(db: Services['db'], tenantId: string, kind?: 'saml' | 'oidc') {
  return db
    .select()
    .from(ssoConfigurations)
    .where(and(eq(ssoConfigurations.tenantId, tenantId), kind ? eq(ssoConfigurations.kind, kind) : undefined))
    .orderBy(asc(ssoConfigurations.createdAt), asc(ssoConfigurations.id));
}

/** A configuration of the tenant (else 404: another tenant's id is not told apart from an unknown one). */
export async function findConfiguration(db: Services['db'], tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(ssoConfigurations)
    .where(and(eq(ssoConfigurations.id, id), eq(ssoConfigurations.tenantId, tenantId)));
  if (!row) throw apiError(404, CONFIGURATION_NOT_FOUND);
  return row;
}

async function domainsAndGroups(db: Services['db'], ids: string[]) {
  if (!ids.length) return { domains: [], groups: [] };
  const [domains, groups] = await Promise.all([
    db.select().from(ssoDomains).where(inArray(ssoDomains.configurationId, ids)),
    db
      .select()
      .from(ssoGroups)
      .where(inArray(ssoGroups.configurationId, ids))
      .orderBy(asc(ssoGroups.createdAt), asc(ssoGroups.id)),
  ]);
  return { domains, groups };
}

export async function viewsOf(services: SsoActor['services'], rows: SsoConfigurationRow[]) {
  const { domains, groups } = await domainsAndGroups(
    services.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    configurationView(
      services.config.publicUrl,
      row,
      domains.filter((d) => d.configurationId === row.id),
      groups.filter((g) => g.configurationId === row.id),
    ),
  );
}

export async function viewOf(services: SsoActor['services'], row: SsoConfigurationRow) {
  return (await viewsOf(services, [row]))[0]!;
}

export async function groupsOf(db: Services['db'], configurationId: string) {
  return (
    await db
      .select()
      .from(ssoGroups)
      .where(eq(ssoGroups.configurationId, configurationId))
      .orderBy(asc(ssoGroups.createdAt), asc(ssoGroups.id))
  ).map(groupView);
}

// --- writes --------------------------------------------------------------------------------------------------

/** The config jsonb after a write by fields; '' clears a field, except the write-only secret ('' keeps it). */
function mergeConfig(kind: string, current: unknown, fields: ConfigurationFields): Record<string, unknown> {
  const config: Record<string, unknown> = { ...((current as Record<string, unknown>) ?? {}) };
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) return;
    if (value === '') delete config[key];
    else config[key] = value;
  };
  if (kind === 'saml') {
    set('entryPoint', fields.ssoEndpoint);
    set('idpCert', fields.publicCertificate);
    set('idpIssuer', fields.idpEntityId);
  } else {
    set('issuer', fields.oidcIssuer);
    set('clientId', fields.oidcClientId);
    if (fields.oidcSecret) config.clientSecret = fields.oidcSecret;
  }
  return config;
}

const assertCompleteWhenEnabled = (row: Pick<SsoConfigurationRow, 'kind' | 'config' | 'enabled'>) => {
  if (row.enabled && !complete(row))
    throw apiError(400, row.kind === 'oidc' ? INCOMPLETE_OIDC : INCOMPLETE_SAML);
};

/** Signed AuthnRequests: refused rather than stored and silently not done (see SIGN_REQUEST_UNSUPPORTED). */
const refuseSignRequest = (signRequest: boolean | undefined) => {
  if (signRequest === true) throw apiError(400, SIGN_REQUEST_UNSUPPORTED);
};

/** The names of the fields a write changed (for the audit row: never their values, a secret among them). */
const changedFields = (fields: Record<string, unknown>) =>
  Object.keys(fields).filter((k) => fields[k] !== undefined);

/**
 * Creates a configuration by fields (SSO-002). Enabled when asked, else when complete: a configuration made
 * from fields still missing is saved disabled, and enabling an incomplete one is a 400.
 */
export async function createConfiguration(actor: SsoActor, fields: ConfigurationFields) {
  const { db, vendorId } = actor.services;
  refuseSignRequest(fields.signRequest);
  const kind = fields.type ?? 'saml';
  const config = mergeConfig(kind, {}, fields);
  const roleIds = await assertGrantableRoles(db, vendorId, actor.auth, fields.roleIds ?? []);
  const draft = { kind, config, enabled: fields.enabled ?? complete({ kind, config }) };
  assertCompleteWhenEnabled(draft);
  const [row] = await db
    .insert(ssoConfigurations)
    .values({
      id: randomUUID(),
      tenantId: actor.auth.tenantId,
      ...draft,
      signRequest: fields.signRequest ?? false,
      groupsClaim: fields.groupsClaim ?? 'groups',
      defaultRoleIds: roleIds,
    })
    .returning();
  await actor.audit({
    action: 'SSO configuration created',
    severity: 'High',
    json: { ssoConfigId: row!.id, type: kind, enabled: row!.enabled, fields: changedFields(fields) },
  });
  return row!;
}

/** Updates a configuration by fields (PATCH: absent fields are kept). */
export async function updateConfiguration(
  actor: SsoActor,
  row: SsoConfigurationRow,
  fields: ConfigurationFields,
) {
  const { db, vendorId } = actor.services;
  if (fields.type && fields.type !== row.kind) throw apiError(400, TYPE_FIXED);
  refuseSignRequest(fields.signRequest);
  const roleIds =
    fields.roleIds === undefined
      ? row.defaultRoleIds
      : await assertGrantableRoles(db, vendorId, actor.auth, fields.roleIds);
  const next = {
    config: mergeConfig(row.kind, row.config, fields),
    enabled: fields.enabled ?? row.enabled,
    signRequest: fields.signRequest ?? row.signRequest,
    groupsClaim: fields.groupsClaim ?? row.groupsClaim,
    defaultRoleIds: roleIds,
  };
  assertCompleteWhenEnabled({ kind: row.kind, ...next });
  const [updated] = await db
    .update(ssoConfigurations)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(ssoConfigurations.id, row.id))
    .returning();
  await actor.audit({
    action: 'SSO configuration updated',
    severity: 'High',
    json: { ssoConfigId: row.id, type: row.kind, enabled: updated!.enabled, fields: changedFields(fields) },
  });
  return updated!;
}

export async function deleteConfiguration(actor: SsoActor, row: SsoConfigurationRow) {
  // Domains and group mappings go with it (owned rows, cascading).
  await actor.services.db.delete(ssoConfigurations).where(eq(ssoConfigurations.id, row.id));
  await actor.audit({
    action: 'SSO configuration deleted',
    severity: 'High',
    json: { ssoConfigId: row.id, type: row.kind },
  });
}

/** The metadata XML a URL answers (SSO-006), through the guarded fetch: a refusal is a 400 naming its reason. */
export async function fetchMetadata(config: Services['config'], url: string): Promise<string> {
  try {
    const res = await guardedFetch(config, url, {
      accept: 'application/samlmetadata+xml, application/xml, text/xml',
    });
    if (res.status < 200 || res.status > 299)
      throw apiError(400, METADATA_FETCH_FAILED(`HTTP ${res.status}`));
    return res.body.toString('utf8');
  } catch (error) {
    if (error instanceof FetchRefused) throw apiError(400, METADATA_FETCH_FAILED(error.reason));
    throw error;
  }
}

/**
 * Creates (row null) or updates a SAML configuration from its IdP's metadata (SSO-006): the IdP's fields are
 * replaced, the rest (domains, roles, groups, signRequest) kept. `metadataUrl` is kept when by URL.
 */
export async function importMetadata(
  actor: SsoActor,
  row: SsoConfigurationRow | null,
  metadata: string,
  metadataUrl: string | null,
): Promise<SsoConfigurationRow> {
  const { db } = actor.services;
  if (row && row.kind !== 'saml') throw apiError(400, TYPE_FIXED);
  const config = parseIdpMetadata(metadata);
  let saved: SsoConfigurationRow;
  if (row) {
    [saved] = (await db
      .update(ssoConfigurations)
      .set({ config, metadataUrl, updatedAt: new Date() })
      .where(eq(ssoConfigurations.id, row.id))
      .returning()) as [SsoConfigurationRow];
  } else {
    [saved] = (await db
      .insert(ssoConfigurations)
      .values({
        id: randomUUID(),
        tenantId: actor.auth.tenantId,
        kind: 'saml',
        config,
        enabled: true,
        metadataUrl,
      })
      .returning()) as [SsoConfigurationRow];
    await actor.audit({
      action: 'SSO configuration created',
      severity: 'High',
      json: { ssoConfigId: saved.id, type: 'saml', enabled: true, fields: ['metadata'] },
    });
  }
  await actor.audit({
    action: 'SSO metadata imported',
    severity: 'High',
    json: {
      ssoConfigId: saved.id,
      idpEntityId: config.idpIssuer,
      ssoEndpoint: config.entryPoint,
      metadataUrl,
    },
  });
  return saved;
}

// --- domains -------------------------------------------------------------------------------------------------

export async function createDomain(actor: SsoActor, row: SsoConfigurationRow, domain: string) {
  const added = await addDomain(actor.services.db, actor.auth.tenantId, row.id, domain);
  await actor.audit({
    action: 'SSO domain added',
    severity: 'Medium',
    json: { ssoConfigId: row.id, domainId: added.id, domain },
  });
  return added;
}

export async function removeDomain(actor: SsoActor, domain: SsoDomainRow) {
  await actor.services.db.delete(ssoDomains).where(eq(ssoDomains.id, domain.id));
  await actor.audit({
    action: 'SSO domain deleted',
    severity: 'Medium',
    json: { ssoConfigId: domain.configurationId, domainId: domain.id, domain: domain.domain },
  });
}

/** SSO-004: validates a domain and audits the outcome (a 409 for a domain claimed elsewhere is audited too). */
export async function checkDomain(actor: SsoActor, domain: SsoDomainRow) {
  const json = { ssoConfigId: domain.configurationId, domainId: domain.id, domain: domain.domain };
  try {
    const result = await validateDomain(actor.services, domain);
    await actor.audit(
      result.row.validated
        ? { action: 'SSO domain validated', severity: 'High', json }
        : {
            action: 'SSO domain validation failed',
            severity: 'Medium',
            json: { ...json, reason: result.reason },
          },
    );
    return result;
  } catch (error) {
    await actor.audit({
      action: 'SSO domain validation failed',
      severity: 'Medium',
      json: { ...json, reason: 'claimed-elsewhere' },
    });
    throw error;
  }
}

// --- default roles and group mappings (SSO-008) ----------------------------------------------------------------

export async function setDefaultRoles(actor: SsoActor, row: SsoConfigurationRow, roleIds: string[]) {
  const { db, vendorId } = actor.services;
  const ids = await assertGrantableRoles(db, vendorId, actor.auth, roleIds);
  await db
    .update(ssoConfigurations)
    .set({ defaultRoleIds: ids, updatedAt: new Date() })
    .where(eq(ssoConfigurations.id, row.id));
  await actor.audit({
    action: 'SSO default roles updated',
    severity: 'High',
    json: { ssoConfigId: row.id, roleIds: ids },
  });
  return ids;
}

/** Our groups of the tenant (else 400). */
/**
 * Our groups a mapping may put SSO users in: the tenant's, and only those whose roles the caller holds (putting
 * someone in a group hands them its roles — as adding a member on the groups page requires).
 */
async function assertTenantGroups(
  db: Services['db'],
  auth: AccessClaims,
  groupIds: string[],
): Promise<string[]> {
  const ids = [...new Set(groupIds)];
  if (!ids.length) return [];
  const found = await db
    .select({ id: groupsTable.id })
    .from(groupsTable)
    .where(and(inArray(groupsTable.id, ids), eq(groupsTable.tenantId, auth.tenantId)));
  if (found.length !== ids.length) throw apiError(400, UNKNOWN_GROUP);
  const carried = await db
    .selectDistinct({ roleId: groupRoles.roleId })
    .from(groupRoles)
    .where(inArray(groupRoles.groupId, ids));
  await assertHoldsAll(
    db,
    auth,
    await roleKeys(
      db,
      carried.map((r) => r.roleId),
    ),
  );
  return ids;
}

export interface GroupFields {
  group: string;
  roleIds: string[];
  groupIds?: string[];
}

export async function findGroup(db: Services['db'], configurationId: string, groupId: string) {
  const [row] = await db
    .select()
    .from(ssoGroups)
    .where(and(eq(ssoGroups.id, groupId), eq(ssoGroups.configurationId, configurationId)));
  if (!row) throw apiError(404, GROUP_NOT_FOUND);
  return row;
}

/** Creates (existing null) or replaces a group mapping; the same IdP group twice (any case) is a 409. */
export async function saveGroup(
  actor: SsoActor,
  row: SsoConfigurationRow,
  existing: SsoGroupRow | null,
  fields: GroupFields,
): Promise<GroupView> {
  const { db, vendorId } = actor.services;
  const roleIds = await assertGrantableRoles(db, vendorId, actor.auth, fields.roleIds);
  const groupIds =
    fields.groupIds === undefined
      ? ((existing?.groupIds as string[] | undefined) ?? [])
      : await assertTenantGroups(db, actor.auth, fields.groupIds);
  let saved: SsoGroupRow;
  try {
    [saved] = (
      existing
        ? await db
            .update(ssoGroups)
            .set({ group: fields.group, roleIds, groupIds })
            .where(eq(ssoGroups.id, existing.id))
            .returning()
        : await db
            .insert(ssoGroups)
            .values({ id: randomUUID(), configurationId: row.id, group: fields.group, roleIds, groupIds })
            .returning()
    ) as [SsoGroupRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError(409, GROUP_EXISTS);
    throw error;
  }
  await actor.audit({
    action: existing ? 'SSO group mapping updated' : 'SSO group mapping created',
    severity: 'High',
    json: { ssoConfigId: row.id, groupMappingId: saved.id, group: saved.group, roleIds, groupIds },
  });
  return groupView(saved);
}

export async function removeGroup(actor: SsoActor, row: SsoConfigurationRow, group: SsoGroupRow) {
  await actor.services.db.delete(ssoGroups).where(eq(ssoGroups.id, group.id));
  await actor.audit({
    action: 'SSO group mapping deleted',
    severity: 'High',
    json: { ssoConfigId: row.id, groupMappingId: group.id, group: group.group },
  });
}

// --- the old single-configuration SAML model (SSO-001, SSO-003) -------------------------------------------------

type SamlConfigurationView = z.infer<typeof samlConfiguration>;
type UpdateSamlBody = z.infer<typeof updateSamlConfigurationBody>;

/** The tenant's first SAML configuration, or null. */
export async function firstSaml(db: Services['db'], tenantId: string): Promise<SsoConfigurationRow | null> {
  return (await listRows(db, tenantId, 'saml'))[0] ?? null;
}

/** The first SAML configuration, made (empty, disabled) when there is none: "created on first save". */
export async function ensureFirstSaml(actor: SsoActor): Promise<SsoConfigurationRow> {
  const found = await firstSaml(actor.services.db, actor.auth.tenantId);
  return found ?? createConfiguration(actor, { type: 'saml', enabled: false });
}

/** SSO-001: the old model's answer. */
export async function samlView(
  services: SsoActor['services'],
  row: SsoConfigurationRow | null,
): Promise<SamlConfigurationView> {
  if (!row) return { enabled: false };
  const view = await viewOf(services, row);
  const domain = view.domains[0];
  return {
    enabled: view.enabled,
    ...(domain ? { domain: domain.domain, validated: domain.validated } : {}),
    generatedVerification: view.generatedVerification,
    ssoEndpoint: view.ssoEndpoint,
    publicCertificate: view.publicCertificate,
    signRequest: view.signRequest,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    acsUrl: view.acsUrl,
    spEntityId: view.spEntityId,
    isSamlActive: view.enabled && complete(row) && Boolean(domain?.validated),
    oidcClientId: '',
    oidcSecret: '',
    type: 'saml',
  };
}

/**
 * SSO-003: the old save. `domain` is the configuration's single domain: a changed domain replaces the domain
 * row (a new TXT record, not validated) and clears the IdP's sign-in URL, certificate, entity id and
 * signRequest (a new domain is a new IdP connection), whatever else the body says. The old flow saves the
 * domain with SSO switched on before the IdP's fields exist, so `enabled` is taken as sent here: sign-in still
 * needs a validated domain and a complete configuration (`isSamlActive`).
 */
export async function updateSaml(actor: SsoActor, body: UpdateSamlBody): Promise<SsoConfigurationRow> {
  const { db } = actor.services;
  const row = await ensureFirstSaml(actor);
  const [current] = await db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.configurationId, row.id))
    .orderBy(asc(ssoDomains.createdAt));
  const domainChanged = body.domain !== undefined && body.domain !== current?.domain;
  // A changed domain clears signRequest whatever the body says (SSO-003); otherwise it must not ask for it.
  if (!domainChanged) refuseSignRequest(body.signRequest);
  const config = { ...((row.config as Record<string, unknown>) ?? {}) };
  let signRequest = body.signRequest ?? row.signRequest;
  if (domainChanged) {
    delete config.entryPoint;
    delete config.idpCert;
    delete config.idpIssuer;
    signRequest = false;
  } else {
    Object.assign(config, mergeConfig('saml', config, { ...body, type: 'saml' }));
  }
  const [updated] = await db
    .update(ssoConfigurations)
    .set({ config, signRequest, enabled: body.enabled, updatedAt: new Date() })
    .where(eq(ssoConfigurations.id, row.id))
    .returning();
  if (domainChanged) {
    await db.delete(ssoDomains).where(eq(ssoDomains.configurationId, row.id));
    if (current)
      await actor.audit({
        action: 'SSO domain deleted',
        severity: 'Medium',
        json: { ssoConfigId: row.id, domainId: current.id, domain: current.domain },
      });
    await createDomain(actor, row, body.domain!);
  }
  await actor.audit({
    action: 'SSO configuration updated',
    severity: 'High',
    json: {
      ssoConfigId: row.id,
      type: 'saml',
      enabled: body.enabled,
      fields: changedFields({ ...body, enabled: undefined }),
      ...(domainChanged
        ? { domainChanged: true, cleared: ['ssoEndpoint', 'publicCertificate', 'signRequest'] }
        : {}),
    },
  });
  return updated!;
}

/** The old model's single domain of the first SAML configuration (else 404). */
export async function firstSamlDomain(
  actor: SsoActor,
): Promise<{ row: SsoConfigurationRow; domain: SsoDomainRow }> {
  const { db } = actor.services;
  const row = await firstSaml(db, actor.auth.tenantId);
  const [domain] = row
    ? await db
        .select()
        .from(ssoDomains)
        .where(eq(ssoDomains.configurationId, row.id))
        .orderBy(asc(ssoDomains.createdAt))
    : [];
  if (!row || !domain) throw apiError(404, 'SSO domain not found');
  return { row, domain };
}

/** Whether the tenant has an enabled OIDC configuration. */
export async function oidcActive(db: Services['db'], tenantId: string): Promise<boolean> {
  return (await listRows(db, tenantId, 'oidc')).some((r) => r.enabled);
}
