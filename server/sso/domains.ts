// SSO domains (SSO-004): a configuration claims an email domain by a DNS TXT record the tenant publishes there.
// The server's resolver (DNS_SERVERS, `ip` or `ip:port`, else the system's) reads the domain's TXT records; the
// domain is validated when one of them (its chunks joined) is the row's value. One tenant per validated domain:
// validating a domain another configuration already validated is a 409, and the partial unique index
// `sso_domains_validated_domain` is the last guard against two validations racing.
import { randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { domainValidationFailure } from '../../shared/api/contracts/ssoConfigurations';
import type { ServerConfig } from '../config';
import { apiError, type Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import { ssoDomains } from '../db/schema';
import { newTxtRecord } from './store';

export type DomainValidationFailure = z.infer<typeof domainValidationFailure>;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

export const DOMAIN_NOT_FOUND = 'SSO domain not found';
export const DOMAIN_ON_CONFIGURATION = 'This domain is already on this SSO configuration';
export const DOMAIN_CLAIMED = 'This domain is already validated by another account';
export const DOMAIN_ON_OTHER_CONFIGURATION = 'This domain is already validated on another SSO configuration';

const DNS_TIMEOUT_MS = 3_000;

/** Reads a domain's TXT records: whether one equals `expected`, and why not. */
export async function checkTxtRecord(
  config: Pick<ServerConfig, 'dnsServers'>,
  domain: string,
  expected: string,
): Promise<{ validated: boolean; reason?: DomainValidationFailure }> {
  // UDP: a lost datagram is asked again (3 tries of 1 s) within the whole answer's 3 s.
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS / 3, tries: 3 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
      DNS_TIMEOUT_MS,
    );
  });
  try {
    const records = await Promise.race([resolver.resolveTxt(domain), timeout]);
    // A long record arrives in 255-octet chunks: the record is their concatenation (RFC 7208 §3.3 does the same).
    if (records.some((chunks) => chunks.join('') === expected)) return { validated: true };
    return { validated: false, reason: records.length ? 'record-mismatch' : 'record-not-found' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { validated: false, reason: 'record-not-found' };
    return { validated: false, reason: 'dns-error' };
  } finally {
    clearTimeout(timer);
    resolver.cancel();
  }
}

/** A domain row of the tenant's configuration (else 404). */
export async function findDomain(
  db: Services['db'],
  tenantId: string,
  configurationId: string,
  domainId: string,
): Promise<SsoDomainRow> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.id, domainId),
        eq(ssoDomains.configurationId, configurationId),
        eq(ssoDomains.tenantId, tenantId),
      ),
    );
  if (!row) throw apiError(404, DOMAIN_NOT_FOUND);
  return row;
}

/**
 * Adds a pending domain to a configuration (a domain validated elsewhere may be added, never validated);
 * the same domain twice on one configuration is a 409.
 */
export async function addDomain(
  db: Services['db'],
  tenantId: string,
  configurationId: string,
  domain: string,
): Promise<SsoDomainRow> {
  try {
    const [row] = await db
      .insert(ssoDomains)
      .values({
        id: randomUUID(),
        configurationId,
        tenantId,
        domain,
        validated: false,
        txtRecord: newTxtRecord(),
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError(409, DOMAIN_ON_CONFIGURATION);
    throw error;
  }
}

/** The 409 when another configuration (of this or another tenant) holds the domain validated. */
async function assertUnclaimed(db: Services['db'], row: SsoDomainRow) {
  const [holder] = await db
    .select({ tenantId: ssoDomains.tenantId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, row.domain), eq(ssoDomains.validated, true), ne(ssoDomains.id, row.id)));
  if (holder)
    throw apiError(409, holder.tenantId === row.tenantId ? DOMAIN_ON_OTHER_CONFIGURATION : DOMAIN_CLAIMED);
}

/**
 * Validates a domain row (SSO-004): 409 when claimed elsewhere, else the DNS check. The answer is this check's
 * result; the row follows it, except that a resolver failure (dns-error) leaves a validated row validated (an
 * outage of our resolver must not stop a tenant's sign-ins), while a missing or changed record un-validates it.
 */
export async function validateDomain(
  services: Pick<Services, 'db' | 'config'>,
  row: SsoDomainRow,
): Promise<{ row: SsoDomainRow; reason?: DomainValidationFailure }> {
  const { db, config } = services;
  await assertUnclaimed(db, row);
  const check = await checkTxtRecord(config, row.domain, row.txtRecord);
  if (check.reason === 'dns-error') return { row: { ...row, validated: false }, reason: check.reason };
  try {
    const [updated] = await db
      .update(ssoDomains)
      .set({ validated: check.validated, validatedAt: check.validated ? new Date() : null })
      .where(eq(ssoDomains.id, row.id))
      .returning();
    return { row: updated!, reason: check.reason };
  } catch (error) {
    // Another configuration validated the same domain between the check and this write.
    if (isUniqueViolation(error)) throw apiError(409, DOMAIN_CLAIMED);
    throw error;
  }
}
