// The security center's facts (SECCENTER-001): what a tenant really has configured and what its users really do,
// read in three statements — the four policies (server/account/policies.ts, the values sign-in enforces), one
// count over the tenant's members, one row of the tenant with its restrictions and SSO. Recommendations,
// insights and the score are pure functions of these facts (score.ts, recommendations.ts, insights.ts).
import { and, eq, sql } from 'drizzle-orm';
import { readPolicy, type MfaPolicy } from '../account/policies';
import type { Services } from '../context';
import {
  emailDomainRestrictionConfigs,
  emailDomainRestrictions,
  ipRestrictionConfigs,
  ipRestrictions,
  ssoConfigurations,
  tenants,
  users,
  userTenants,
} from '../db/schema';
import { activeMembership, mfaEnrolled } from '../team/users';

export type Strategy = 'ALLOW' | 'BLOCK';

/** A restriction list: enforced or not, an allow or a block list, and the entries of that list. */
export interface RestrictionFacts {
  enabled: boolean;
  strategy: Strategy;
  count: number;
}

export interface SecurityFacts {
  mfa: {
    enforce: MfaPolicy['enforceMFAType'];
    /** Members not disabled and not pending an invitation. */
    activeUsers: number;
    /** Of those, users with a verified MFA device or security key. */
    enrolledUsers: number;
  };
  /** Every member of the tenant. */
  totalUsers: number;
  /** Members flagged at sign-in with a breached password (until they set a new one). */
  breachedUsers: number;
  lockout: { enabled: boolean; maxAttempts: number };
  passwordHistory: { enabled: boolean; count: number };
  sessions: {
    /** Force relogin: the session's absolute lifetime (sessionTimeoutConfiguration), in seconds. */
    forceRelogin: { enabled: boolean; seconds: number };
    concurrency: { enabled: boolean; maxSessions: number };
    idleTimeout: { enabled: boolean; seconds: number };
  };
  ip: RestrictionFacts;
  domain: RestrictionFacts;
  /** At least one enabled SSO configuration of the tenant. */
  sso: boolean;
}

/** The tenant's name, logo and time zone (the report's header), read with the facts. */
export interface TenantHeader {
  name: string;
  logo: string;
  timeZone: string;
}

const int = (v: unknown) => Number(v ?? 0);
const strategyOf = (v: unknown): Strategy => (v === 'BLOCK' ? 'BLOCK' : 'ALLOW');

/** The facts of `tenantId` (a tenant of the vendor). */
export async function readFacts(
  services: Pick<Services, 'db' | 'vendorId' | 'config'>,
  tenantId: string,
): Promise<{ facts: SecurityFacts; tenant: TenantHeader }> {
  const { db, vendorId } = services;
  const [lockout, history, mfa, session] = [
    await readPolicy(services, tenantId, 'lockout'),
    await readPolicy(services, tenantId, 'passwordHistory'),
    await readPolicy(services, tenantId, 'mfa'),
    await readPolicy(services, tenantId, 'session'),
  ];

  const active = activeMembership;
  const [people] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${active})::int`,
      enrolled: sql<number>`count(*) filter (where ${active} and ${mfaEnrolled})::int`,
      breached: sql<number>`count(*) filter (where ${users.isBreachedPassword})::int`,
    })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.tenantId, tenantId), eq(users.vendorId, vendorId)));

  const [row] = await db
    .select({
      name: tenants.name,
      timezone: tenants.timezone,
      logo: tenants.logo,
      ipActive: sql<
        boolean | null
      >`(select ${ipRestrictionConfigs.isActive} from ${ipRestrictionConfigs} where ${ipRestrictionConfigs.tenantId} = ${tenants.id})`,
      ipStrategy: sql<
        string | null
      >`(select ${ipRestrictionConfigs.strategy} from ${ipRestrictionConfigs} where ${ipRestrictionConfigs.tenantId} = ${tenants.id})`,
      ipAllow: sql<number>`(select count(*)::int from ${ipRestrictions} where ${ipRestrictions.tenantId} = ${tenants.id} and ${ipRestrictions.isActive} and ${ipRestrictions.strategy} = 'ALLOW')`,
      ipBlock: sql<number>`(select count(*)::int from ${ipRestrictions} where ${ipRestrictions.tenantId} = ${tenants.id} and ${ipRestrictions.isActive} and ${ipRestrictions.strategy} = 'BLOCK')`,
      domainActive: sql<
        boolean | null
      >`(select ${emailDomainRestrictionConfigs.active} from ${emailDomainRestrictionConfigs} where ${emailDomainRestrictionConfigs.tenantId} = ${tenants.id})`,
      domainType: sql<
        string | null
      >`(select ${emailDomainRestrictionConfigs.listType} from ${emailDomainRestrictionConfigs} where ${emailDomainRestrictionConfigs.tenantId} = ${tenants.id})`,
      domainAllow: sql<number>`(select count(*)::int from ${emailDomainRestrictions} where ${emailDomainRestrictions.tenantId} = ${tenants.id} and ${emailDomainRestrictions.type} = 'ALLOW')`,
      domainBlock: sql<number>`(select count(*)::int from ${emailDomainRestrictions} where ${emailDomainRestrictions.tenantId} = ${tenants.id} and ${emailDomainRestrictions.type} = 'BLOCK')`,
      sso: sql<boolean>`exists (select 1 from ${ssoConfigurations} where ${ssoConfigurations.tenantId} = ${tenants.id} and ${ssoConfigurations.enabled})`,
    })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.vendorId, vendorId)));

  // No config row: the restriction is off (IP: an allow list by default; domains: a block list).
  const ipStrategy = strategyOf(row?.ipStrategy ?? 'ALLOW');
  const domainStrategy = strategyOf(row?.domainType ?? 'BLOCK');
  const facts: SecurityFacts = {
    mfa: {
      enforce: mfa.enforceMFAType,
      activeUsers: int(people?.active),
      enrolledUsers: int(people?.enrolled),
    },
    totalUsers: int(people?.total),
    breachedUsers: int(people?.breached),
    lockout: { enabled: lockout.enabled, maxAttempts: lockout.maxAttempts },
    passwordHistory: { enabled: history.enabled, count: history.historySize },
    sessions: {
      forceRelogin: {
        enabled: session.sessionTimeoutConfiguration.isActive,
        seconds: session.sessionTimeoutConfiguration.timeout,
      },
      concurrency: {
        enabled: session.sessionConcurrentConfiguration.isActive,
        maxSessions: session.sessionConcurrentConfiguration.maxSessions,
      },
      idleTimeout: {
        enabled: session.sessionIdleTimeoutConfiguration.isActive,
        seconds: session.sessionIdleTimeoutConfiguration.timeout,
      },
    },
    ip: {
      enabled: row?.ipActive === true,
      strategy: ipStrategy,
      count: int(ipStrategy === 'ALLOW' ? row?.ipAllow : row?.ipBlock),
    },
    domain: {
      enabled: row?.domainActive === true,
      strategy: domainStrategy,
      count: int(domainStrategy === 'ALLOW' ? row?.domainAllow : row?.domainBlock),
    },
    sso: row?.sso === true,
  };
  return {
    facts,
    tenant: { name: row?.name ?? '', logo: row?.logo ?? '', timeZone: row?.timezone || 'UTC' },
  };
}
