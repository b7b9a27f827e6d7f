import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from './audit/actions';
import type { Db } from './db';
import { audits } from './db/schema';

export type AuditSeverity = 'Info' | 'Medium' | 'High';

export interface AuditEvent {
  vendorId: string;
  tenantId?: string | null;
  userId?: string | null;
  email?: string | null;
  action: AuditAction;
  description?: string;
  ipAddress?: string;
  userAgent?: string;
  severity?: AuditSeverity;
  json?: Record<string, unknown>;
}

/**
 * The request's impersonation, set by the bearer check when the access token names an impersonator (`act`):
 * every audit row written while serving that request is marked with who really acted (IMPERSONATE-*).
 */
export const auditScope = new AsyncLocalStorage<{ impersonatedBy: string }>();

/** Writes one audit row; every security-relevant action calls it. */
export async function writeAudit(db: Db, event: AuditEvent): Promise<void> {
  const impersonatedBy = auditScope.getStore()?.impersonatedBy;
  await db.insert(audits).values({
    id: randomUUID(),
    vendorId: event.vendorId,
    tenantId: event.tenantId ?? null,
    userId: event.userId ?? null,
    email: event.email ?? null,
    action: event.action,
    description: event.description ?? '',
    ipAddress: event.ipAddress ?? '',
    userAgent: event.userAgent ?? '',
    severity: event.severity ?? 'Info',
    json: impersonatedBy ? { ...event.json, impersonatedBy } : (event.json ?? {}),
  });
}

/** The audit row of a refresh token presented again after use (its family and session were revoked). */
export function auditRefreshReuse(
  db: Db,
  vendorId: string,
  reuse: { userId: string; familyId: string },
  who: { ipAddress: string; userAgent: string },
  where = 'token refresh',
): Promise<void> {
  return writeAudit(db, {
    vendorId,
    userId: reuse.userId,
    action: 'Refresh token reuse detected',
    description: `The session was revoked (${where})`,
    severity: 'High',
    json: { familyId: reuse.familyId },
    ...who,
  });
}
