import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { inviteLinks, tenants } from '../db/schema';

/**
 * The tenant a shareable invite link (TEAM-020) lets someone sign up into: the link must exist, be unexpired,
 * and belong to a live tenant of this vendor. Nothing is spent: the link serves many people until it expires.
 */
export async function findLiveInviteLink(
  db: Db,
  vendorId: string,
  token: string,
): Promise<{ tenantId: string; tenantName: string } | null> {
  const [row] = await db
    .select({ tenantId: inviteLinks.tenantId, tenantName: tenants.name })
    .from(inviteLinks)
    .innerJoin(tenants, eq(tenants.id, inviteLinks.tenantId))
    .where(
      and(
        eq(inviteLinks.token, token),
        gt(inviteLinks.expiresAt, new Date()),
        eq(tenants.vendorId, vendorId),
        isNull(tenants.deletedAt),
      ),
    );
  return row ?? null;
}
