import { randomBytes, randomUUID } from 'node:crypto';
import { ssoPaths } from '../../shared/api/sso';
import type { Services } from '../context';
import { ssoConfigurations, ssoDomains } from '../db/schema';

/** The value of a domain's DNS TXT record (SSO-004): published at the domain to prove the tenant holds it. */
export const newTxtRecord = () => `fe-verification=${randomBytes(16).toString('hex')}`;

/**
 * This server's addresses an IdP is told: the OIDC redirect URI and the SAML service provider's (its entity id
 * is also where its metadata XML is served).
 */
export const addressesOf = (publicUrl: string) => ({
  oidcRedirectUri: `${publicUrl}${ssoPaths.oidcCallback.path}`,
  sp: {
    entityId: `${publicUrl}${ssoPaths.samlMetadata.path}`,
    acsUrl: `${publicUrl}${ssoPaths.samlAcs.path}`,
  },
});

export interface NewSsoConfiguration {
  tenantId: string;
  kind: 'oidc' | 'saml';
  config: Record<string, unknown>;
  enabled?: boolean;
  defaultRoleIds?: string[];
  /** Lower-case email domains, added validated (a development route's or a test's IdP). */
  validatedDomains?: string[];
}

/** Inserts an SSO configuration and its domains; answers its id. */
export async function insertSsoConfiguration(db: Services['db'], sso: NewSsoConfiguration): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(ssoConfigurations).values({
      id,
      tenantId: sso.tenantId,
      kind: sso.kind,
      config: sso.config,
      enabled: sso.enabled ?? true,
      defaultRoleIds: sso.defaultRoleIds ?? [],
    });
    const domains = [...new Set((sso.validatedDomains ?? []).map((d) => d.toLowerCase()))];
    if (domains.length)
      await tx.insert(ssoDomains).values(
        domains.map((domain) => ({
          id: randomUUID(),
          configurationId: id,
          tenantId: sso.tenantId,
          domain,
          validated: true,
          validatedAt: new Date(),
          txtRecord: newTxtRecord(),
        })),
      );
  });
  return id;
}
