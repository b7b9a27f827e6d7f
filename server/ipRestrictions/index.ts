// IP restrictions of a tenant (SECURITY-005..013): its allow and block entries, its config, and the check every
// sign-in, refresh and authenticated call of its users passes through. Matching (IPv4, IPv6, CIDR ranges,
// IPv4-mapped IPv6 addresses) is shared/api/ipAddress.ts (ipaddr.js).
import { and, asc, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { RestrictionType } from '../../shared/api/contracts/ipRestrictions';
import { canonicalEntry, ipMatches } from '../../shared/api/ipAddress';
import { writeAudit } from '../audit';
import { apiError, type Services } from '../context';
import type { Db } from '../db';
import { hashToken } from '../auth/refresh';
import { ipRestrictionConfigs, ipRestrictions, refreshTokens, users } from '../db/schema';

export type IpRestrictionRow = typeof ipRestrictions.$inferSelect;

export interface IpRestrictionsConfig {
  isActive: boolean;
  strategy: RestrictionType;
}

/** A tenant that never saved a config: inactive, an allow list (Frontegg's default). */
export const DEFAULT_CONFIG: IpRestrictionsConfig = { isActive: false, strategy: 'ALLOW' };

/** The message (and, through the catalog, the stable code ER-1011) of a refused address. */
export const IP_REFUSED = "Access from this IP address is not allowed by your account's IP restrictions";

const asStrategy = (value: string): RestrictionType => (value === 'BLOCK' ? 'BLOCK' : 'ALLOW');

/** An entry as the wire answers it (Frontegg's IpRestriction). */
export const entryView = (row: IpRestrictionRow) => ({
  id: row.id,
  ip: row.ip,
  strategy: asStrategy(row.strategy),
  isActive: row.isActive,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function readConfig(db: Db, tenantId: string): Promise<IpRestrictionsConfig> {
  const [row] = await db
    .select({ isActive: ipRestrictionConfigs.isActive, strategy: ipRestrictionConfigs.strategy })
    .from(ipRestrictionConfigs)
    .where(eq(ipRestrictionConfigs.tenantId, tenantId));
  return row ? { isActive: row.isActive, strategy: asStrategy(row.strategy) } : { ...DEFAULT_CONFIG };
}

/** Saves the config (`strategy` kept when not given); answers the old and the new value. */
export async function saveConfig(
  db: Db,
  tenantId: string,
  change: { isActive: boolean; strategy?: RestrictionType },
): Promise<{ old: IpRestrictionsConfig; config: IpRestrictionsConfig }> {
  const old = await readConfig(db, tenantId);
  const config = { isActive: change.isActive, strategy: change.strategy ?? old.strategy };
  await db
    .insert(ipRestrictionConfigs)
    .values({ tenantId, ...config })
    .onConflictDoUpdate({ target: ipRestrictionConfigs.tenantId, set: { ...config, updatedAt: new Date() } });
  return { old, config };
}

/** A page of one list's entries, oldest first: `page` is a page index (Frontegg's `_offset`). */
export async function listEntries(
  db: Db,
  tenantId: string,
  { strategy, page, limit }: { strategy: RestrictionType; page: number; limit: number },
) {
  const where = and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.strategy, strategy));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ipRestrictions)
      .where(where)
      .orderBy(asc(ipRestrictions.createdAt), asc(ipRestrictions.id))
      .limit(limit)
      .offset(page * limit),
    db.select({ n: count() }).from(ipRestrictions).where(where),
  ]);
  const totalItems = Number(total?.n ?? 0);
  return { items: rows.map(entryView), _metadata: { totalItems, totalPages: Math.ceil(totalItems / limit) } };
}

export interface EntryInput {
  ip: string;
  strategy?: RestrictionType;
  isActive?: boolean;
  description?: string;
}

/** What adding an entry did: a new row, or an update of the same address in the same list (old value kept). */
export interface EntryChange {
  row: IpRestrictionRow;
  old: IpRestrictionRow | null;
}

/**
 * Adds entries (active, ALLOW unless told) in one transaction: all or none. The same address (canonical text)
 * in the same list is updated instead (its isActive and description).
 */
export async function addEntries(
  db: Db,
  tenantId: string,
  inputs: readonly EntryInput[],
): Promise<EntryChange[]> {
  return db.transaction(async (tx) => {
    const changes: EntryChange[] = [];
    for (const input of inputs) {
      const ip = canonicalEntry(input.ip);
      const strategy = input.strategy ?? 'ALLOW';
      const [old] = await tx
        .select()
        .from(ipRestrictions)
        .where(
          and(
            eq(ipRestrictions.tenantId, tenantId),
            eq(ipRestrictions.strategy, strategy),
            eq(ipRestrictions.ip, ip),
          ),
        );
      if (old) {
        const [row] = await tx
          .update(ipRestrictions)
          .set({
            ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            updatedAt: new Date(),
          })
          .where(eq(ipRestrictions.id, old.id))
          .returning();
        changes.push({ row: row!, old });
      } else {
        const [row] = await tx
          .insert(ipRestrictions)
          .values({
            id: randomUUID(),
            tenantId,
            ip,
            strategy,
            isActive: input.isActive ?? true,
            description: input.description ?? '',
          })
          .returning();
        changes.push({ row: row!, old: null });
      }
    }
    return changes;
  });
}

/** Deletes an entry of the tenant (404 when the tenant has no such entry); answers the deleted row. */
export async function deleteEntry(db: Db, tenantId: string, id: string): Promise<IpRestrictionRow> {
  const [row] = await db
    .delete(ipRestrictions)
    .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.id, id)))
    .returning();
  if (!row) throw apiError(404, 'IP restriction not found');
  return row;
}

type Rule = Pick<IpRestrictionRow, 'ip' | 'strategy' | 'isActive'>;

/** Is `address` on an active entry of the `strategy` list? */
const listed = (rules: readonly Rule[], strategy: RestrictionType, address: string) =>
  rules.some((r) => r.isActive && r.strategy === strategy && ipMatches(r.ip, address));

/**
 * Does `address` pass the rules? An inactive config passes everyone; an allow list passes only addresses on
 * its active entries; a block list passes all but those.
 */
export function passes(config: IpRestrictionsConfig, rules: readonly Rule[], address: string): boolean {
  if (!config.isActive) return true;
  return config.strategy === 'ALLOW' ? listed(rules, 'ALLOW', address) : !listed(rules, 'BLOCK', address);
}

async function rulesOf(db: Db, tenantId: string): Promise<Rule[]> {
  return db
    .select({ ip: ipRestrictions.ip, strategy: ipRestrictions.strategy, isActive: ipRestrictions.isActive })
    .from(ipRestrictions)
    .where(eq(ipRestrictions.tenantId, tenantId));
}

/** Does the address pass the tenant's rules as they stand (testCurrentIp)? */
export async function addressPasses(db: Db, tenantId: string, address: string): Promise<boolean> {
  const config = await readConfig(db, tenantId);
  if (!config.isActive) return true;
  return passes(config, await rulesOf(db, tenantId), address);
}

/** Is the address on an active entry of the tenant's allow list (testCurrentIpInAllowList)? */
export async function addressInAllowList(db: Db, tenantId: string, address: string): Promise<boolean> {
  return listed(await rulesOf(db, tenantId), 'ALLOW', address);
}

/**
 * The check of sign-in, refresh and every authenticated call: a 403 (ER-1011) when the tenant's active rules
 * refuse the client's address. One read when the tenant has no active config.
 */
export async function assertAddressAllowed(db: Db, tenantId: string, address: string): Promise<void> {
  if (!(await addressPasses(db, tenantId, address))) throw apiError(403, IP_REFUSED);
}

/**
 * The check of a sign-in (before MFA and before a session opens): a refused address is a 403 (ER-1011) and an
 * audit row of the tenant naming the user and the address.
 */
export async function assertSignInAllowed(
  { db, vendorId }: Pick<Services, 'db' | 'vendorId'>,
  tenantId: string,
  user: { id: string; email?: string },
  from: { ipAddress: string; userAgent: string },
): Promise<void> {
  if (await addressPasses(db, tenantId, from.ipAddress)) return;
  await writeAudit(db, {
    vendorId,
    tenantId,
    userId: user.id,
    email: user.email ?? null,
    action: 'Access refused by IP restriction',
    severity: 'High',
    ...from,
  });
  throw apiError(403, IP_REFUSED);
}

/**
 * The check of a refresh, before its token is spent (a refused client keeps a cookie that works again from an
 * allowed address): the rules of the tenant the refresh would land in (the user's active tenant).
 */
export async function assertRefreshAllowed(db: Db, refreshToken: string, address: string): Promise<void> {
  const [owner] = await db
    .select({ tenantId: users.activeTenantId })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (owner?.tenantId) await assertAddressAllowed(db, owner.tenantId, address);
}
