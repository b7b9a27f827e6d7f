// Email-domain restrictions (SECURITY-014/015): a tenant's allow/block entries and config, the vendor's
// setting for sign-ups that create a new account, and `checkEmailDomain`, which every path that adds a user to
// an account calls (invitation, invite link, SSO and social account creation, email change, sign-up).
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { z } from 'zod';
import {
  domainProblem,
  normalizeDomain,
  type DomainRestrictionType,
} from '../../shared/api/contracts/domainRestrictions';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { emailDomainRestrictionConfigs, emailDomainRestrictions, policies } from '../db/schema';

// ---------------------------------------------------------------------------------------------------------
// Public email providers

/**
 * The free-mail providers `blockPublicDomains` refuses: `email-providers/all.json` (about 8,700 domains), not
 * `common.json` (about 350 ranked in the top 100,000 sites). A block list must catch the long tail too
 * (googlemail.com, regional providers) — a public domain let through defeats the setting, while a tenant that
 * needs one of them lets it in with an entry of its allow list.
 */
let publicDomains: ReadonlySet<string> | undefined;
export function isPublicEmailDomain(domain: string): boolean {
  publicDomains ??= new Set(createRequire(import.meta.url)('email-providers/all.json') as string[]);
  return publicDomains.has(domain);
}

// ---------------------------------------------------------------------------------------------------------
// The rules

export interface DomainConfig {
  active: boolean;
  listType: DomainRestrictionType;
  blockPublicDomains: boolean;
}

/** What applies until a tenant saves a config (and to sign-ups until the vendor sets one). */
export const DEFAULT_DOMAIN_CONFIG: DomainConfig = {
  active: false,
  listType: 'BLOCK',
  blockPublicDomains: false,
};

/** The refusals (stable codes in server/errors.ts). */
export const domainNotAllowed = (domain: string) =>
  `Email addresses at ${domain} are not allowed by the email-domain restrictions`;
export const publicDomainRefused = (domain: string) =>
  `${domain} is a public email provider: use a work email address`;

/** The domain of an email address (lower-case), or null when it has none. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = normalizeDomain(email.slice(at + 1));
  return domain || null;
}

/** An entry covers its domain and every subdomain of it. */
const covers = (entry: string, domain: string) => domain === entry || domain.endsWith(`.${entry}`);

/**
 * Why an email domain is refused under `config` and the entries of its list, or null when it passes. An active
 * ALLOW list lets in only covered domains (an empty one, nobody); an active BLOCK list refuses covered ones;
 * `blockPublicDomains` refuses free-mail providers, active list or not, unless an active allow list names them.
 */
export function domainRefusal(
  domain: string,
  config: DomainConfig,
  listed: readonly string[],
): string | null {
  const hit = listed.some((entry) => covers(entry, domain));
  if (config.active && config.listType === 'ALLOW' && !hit) return domainNotAllowed(domain);
  if (config.active && config.listType === 'BLOCK' && hit) return domainNotAllowed(domain);
  const allowed = config.active && config.listType === 'ALLOW' && hit;
  if (config.blockPublicDomains && !allowed && isPublicEmailDomain(domain))
    return publicDomainRefused(domain);
  return null;
}

/**
 * Whether `email` may be added to an account: the tenant's restrictions (`account` a tenant id) or, for a
 * sign-up that creates a new account, the vendor's (`{ vendorId }`). Answers the refusal (a message with a
 * stable code) or null. Every path that adds a user to an account, or changes a member's email, calls it.
 */
export async function checkEmailDomain(
  db: Db,
  account: string | { vendorId: string },
  email: string,
): Promise<string | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  if (typeof account !== 'string') {
    const vendor = await readSignUpDomains(db, account.vendorId);
    return domainRefusal(domain, vendor, vendor.domains);
  }
  const config = await readDomainConfig(db, account);
  if (!config.active && !config.blockPublicDomains) return null;
  const rows = await db
    .select({ domain: emailDomainRestrictions.domain })
    .from(emailDomainRestrictions)
    .where(
      and(eq(emailDomainRestrictions.tenantId, account), eq(emailDomainRestrictions.type, config.listType)),
    );
  return domainRefusal(
    domain,
    config,
    rows.map((r) => r.domain),
  );
}

// ---------------------------------------------------------------------------------------------------------
// A tenant's entries and config

export type DomainRestrictionRow = { id: string; domain: string; type: DomainRestrictionType };

const entryColumns = {
  id: emailDomainRestrictions.id,
  domain: emailDomainRestrictions.domain,
  type: emailDomainRestrictions.type,
};
const asEntry = (r: { id: string; domain: string; type: string }): DomainRestrictionRow => ({
  ...r,
  type: r.type as DomainRestrictionType,
});

/** One page of a tenant's entries (both lists), oldest first; `pageIndex` counts pages of `limit`. */
export async function listDomainRestrictions(db: Db, tenantId: string, pageIndex: number, limit: number) {
  const where = eq(emailDomainRestrictions.tenantId, tenantId);
  const [total] = await db.select({ n: count() }).from(emailDomainRestrictions).where(where);
  const rows = await db
    .select(entryColumns)
    .from(emailDomainRestrictions)
    .where(where)
    .orderBy(asc(emailDomainRestrictions.createdAt), asc(emailDomainRestrictions.id))
    .limit(limit)
    .offset(pageIndex * limit);
  const totalItems = total?.n ?? 0;
  return {
    items: rows.map(asEntry),
    _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) },
  };
}

/** Adds an entry; the same domain already on the same list answers that entry (`created` false). */
export async function addDomainRestriction(
  db: Db,
  tenantId: string,
  domain: string,
  type: DomainRestrictionType,
): Promise<{ entry: DomainRestrictionRow; created: boolean }> {
  const find = async () => {
    const [row] = await db
      .select(entryColumns)
      .from(emailDomainRestrictions)
      .where(
        and(
          eq(emailDomainRestrictions.tenantId, tenantId),
          eq(emailDomainRestrictions.type, type),
          eq(emailDomainRestrictions.domain, domain),
        ),
      );
    return row && asEntry(row);
  };
  const existing = await find();
  if (existing) return { entry: existing, created: false };
  const entry = { id: randomUUID(), domain, type };
  try {
    await db.insert(emailDomainRestrictions).values({ ...entry, tenantId });
  } catch (error) {
    // Two adds of one domain at once: the loser answers the winner's entry.
    const winner = isUniqueViolation(error) ? await find() : undefined;
    if (!winner) throw error;
    return { entry: winner, created: false };
  }
  return { entry, created: true };
}

/** Deletes a tenant's entry; answers it, or null when the tenant has no such entry. */
export async function deleteDomainRestriction(
  db: Db,
  tenantId: string,
  id: string,
): Promise<DomainRestrictionRow | null> {
  const [row] = await db
    .delete(emailDomainRestrictions)
    .where(and(eq(emailDomainRestrictions.tenantId, tenantId), eq(emailDomainRestrictions.id, id)))
    .returning(entryColumns);
  return row ? asEntry(row) : null;
}

/** A tenant's config (the default until it saves one). */
export async function readDomainConfig(db: Db, tenantId: string): Promise<DomainConfig> {
  const [row] = await db
    .select()
    .from(emailDomainRestrictionConfigs)
    .where(eq(emailDomainRestrictionConfigs.tenantId, tenantId));
  if (!row) return { ...DEFAULT_DOMAIN_CONFIG };
  return {
    active: row.active,
    listType: row.listType as DomainRestrictionType,
    blockPublicDomains: row.blockPublicDomains,
  };
}

/** Saves a tenant's config: the fields given over the current ones. Answers the values before and after. */
export async function saveDomainConfig(
  db: Db,
  tenantId: string,
  patch: { active: boolean; blockPublicDomains?: boolean; type?: DomainRestrictionType },
): Promise<{ before: DomainConfig; after: DomainConfig }> {
  const before = await readDomainConfig(db, tenantId);
  const after: DomainConfig = {
    active: patch.active,
    listType: patch.type ?? before.listType,
    blockPublicDomains: patch.blockPublicDomains ?? before.blockPublicDomains,
  };
  await db
    .insert(emailDomainRestrictionConfigs)
    .values({ tenantId, ...after, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: emailDomainRestrictionConfigs.tenantId,
      set: { ...after, updatedAt: new Date() },
    });
  return { before, after };
}

// ---------------------------------------------------------------------------------------------------------
// The vendor's setting for sign-ups that create a new account

/**
 * The vendor's email-domain rules for a sign-up (password or social) that creates a new account: a config and
 * the domains of its list, stored as the vendor's row of `policies` (kind `signUpEmailDomains`, no tenant).
 * Set with DEV_ROUTES=1 by `PUT /dev/sign-up-email-domains` (this server has no vendor console).
 */
export const SIGN_UP_DOMAINS_KIND = 'signUpEmailDomains';

export const signUpDomainsSchema = z.object({
  active: z.boolean(),
  listType: z.enum(['ALLOW', 'BLOCK']),
  blockPublicDomains: z.boolean(),
  domains: z
    .array(
      z
        .string()
        .max(300)
        .transform(normalizeDomain)
        .superRefine((value, ctx) => {
          const problem = domainProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .max(1000),
});
export type SignUpDomains = z.infer<typeof signUpDomainsSchema>;

export async function readSignUpDomains(db: Db, vendorId: string): Promise<SignUpDomains> {
  const [row] = await db
    .select({ value: policies.value })
    .from(policies)
    .where(
      and(
        eq(policies.vendorId, vendorId),
        isNull(policies.tenantId),
        eq(policies.kind, SIGN_UP_DOMAINS_KIND),
      ),
    );
  const parsed = signUpDomainsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_DOMAIN_CONFIG, domains: [] };
}

/** Saves the vendor's sign-up rules. Answers the values before and after. */
export async function saveSignUpDomains(
  db: Db,
  vendorId: string,
  value: SignUpDomains,
): Promise<{ before: SignUpDomains; after: SignUpDomains }> {
  const before = await readSignUpDomains(db, vendorId);
  const after = { ...value, domains: [...new Set(value.domains)] };
  await db.execute(sql`
    insert into ${policies} (id, vendor_id, tenant_id, kind, value, updated_at)
    values (${randomUUID()}, ${vendorId}, null, ${SIGN_UP_DOMAINS_KIND}, ${JSON.stringify(after)}::jsonb, now())
    on conflict (vendor_id, (coalesce(tenant_id, '')), kind)
    do update set value = excluded.value, updated_at = excluded.updated_at`);
  return { before, after };
}
