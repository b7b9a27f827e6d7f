import { and, eq, isNull } from 'drizzle-orm';
import type { Services } from '../context';
import { ssoConfigurations, ssoDomains, tenants } from '../db/schema';

/** The enabled SSO configuration whose validated domain is the email's (in the tenant, when one is named). */
export async function ssoForEmail(services: Services, email: string, tenantId?: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const rows = await services.db
    .select({ sso: ssoConfigurations })
    .from(ssoDomains)
    .innerJoin(ssoConfigurations, eq(ssoConfigurations.id, ssoDomains.configurationId))
    .innerJoin(tenants, eq(tenants.id, ssoConfigurations.tenantId))
    .where(
      and(
        eq(ssoDomains.domain, domain),
        eq(ssoDomains.validated, true),
        eq(tenants.vendorId, services.vendorId),
        isNull(tenants.deletedAt),
        eq(ssoConfigurations.enabled, true),
        tenantId ? eq(ssoConfigurations.tenantId, tenantId) : undefined,
      ),
    )
    .limit(1);
  return rows[0]?.sso ?? null;
}

/** Where the SSO helper starts a sign-in with a configuration (the address pre-login answers, LOGIN-007). */
export const ssoStartAddress = (publicUrl: string, configurationId: string) =>
  `${publicUrl}/identity/resources/auth/v1/user/sso/start?configurationId=${encodeURIComponent(configurationId)}`;
