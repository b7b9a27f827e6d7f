// The tenants (accounts) of the server's vendor. A deleted tenant is kept for its audit trail but is gone for
// every call: nothing reads it, nobody joins it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { tenants } from '../db/schema';

export type TenantRow = typeof tenants.$inferSelect;

/** The vendor's tenants that are not deleted. */
export const liveTenants = (vendorId: string) =>
  and(eq(tenants.vendorId, vendorId), isNull(tenants.deletedAt));

/** A live tenant of the vendor, or undefined (unknown, another vendor's, deleted). */
export async function findTenant(db: Db, vendorId: string, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), liveTenants(vendorId)));
  return row;
}
