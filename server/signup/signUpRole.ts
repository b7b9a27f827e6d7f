import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { roles, vendors } from '../db/schema';
import { log } from '../log';
import { defaultRoleIds } from '../roles/visibility';

/**
 * The roles the creator of a new account gets at sign-up: the vendor's sign-up role (`vendors.sign_up_role_key`,
 * Admin unless the vendor set another), so that whoever creates an account can administer it. A key that names
 * no vendor role falls back to the vendor's `isDefault` roles (what any new member gets), never to none.
 */
export async function signUpRoleIds(db: Db, vendorId: string): Promise<string[]> {
  const [vendor] = await db
    .select({ key: vendors.signUpRoleKey })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (vendor) {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.vendorId, vendorId), eq(roles.key, vendor.key), isNull(roles.tenantId)));
    if (role) return [role.id];
    log.warn(
      { vendorId, signUpRoleKey: vendor.key },
      'the sign-up role names no vendor role: default roles given',
    );
  }
  return defaultRoleIds(db, vendorId, null);
}
