import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuditSeverity } from '../audit';
import type { AuditAction } from '../audit/actions';
import { apiError, type AppEnv, type Services } from '../context';
import { users } from '../db/schema';

/** The user an MFA call is about (the mfaToken's or the bearer's), among this vendor's users; else 401. */
export async function mfaUser({ db, vendorId }: Pick<Services, 'db' | 'vendorId'>, id: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.vendorId, vendorId)));
  if (!user) throw apiError(401, 'Unauthorized');
  return user;
}

/** The audit row of an MFA step, naming the user it is about (the caller is not signed in at login time). */
export const auditMfa = (
  c: Context<AppEnv>,
  user: { id: string; email: string; activeTenantId: string | null },
  action: AuditAction,
  json: Record<string, unknown> = {},
  severity: AuditSeverity = 'Info',
) =>
  c.var.audit({ tenantId: user.activeTenantId, userId: user.id, email: user.email, action, json, severity });
