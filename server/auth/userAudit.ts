import type { Context } from 'hono';
import { writeAudit, type AuditEvent } from '../audit';
import { caller, type Services } from '../context';

/** What an audit row about a user says besides who and from where. */
export type UserAuditEvent = Omit<
  AuditEvent,
  'vendorId' | 'tenantId' | 'userId' | 'email' | 'ipAddress' | 'userAgent'
>;

/**
 * An audit row about a user (signing in, so not yet the bearer of the request): in the user's active tenant,
 * with the caller's address and user agent.
 */
export const auditUser = (
  { db, vendorId }: Pick<Services, 'db' | 'vendorId'>,
  c: Context,
  user: { id: string; email: string; activeTenantId: string | null },
  event: UserAuditEvent,
) =>
  writeAudit(db, {
    vendorId,
    tenantId: user.activeTenantId,
    userId: user.id,
    email: user.email,
    ...event,
    ...caller(c),
  });
