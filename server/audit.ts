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
 * Who really acts in the request, set by the bearer check: the impersonator when the access token names one
 * (`act`: IMPERSONATE-*), the administrator's own account when the token is a delegated one for a sub-account
 * (`actingTenantId`: docs/decisions/0026-sub-accounts.md). Every audit row written while serving the request
 * carries them in its `json`.
 */
export const auditScope = new AsyncLocalStorage<{ impersonatedBy?: string; actingTenantId?: string }>();

/** Writes one audit row; every security-relevant action calls it. */
export async function writeAudit(db: Db, event: AuditEvent): Promise<void> {
  const scope = auditScope.getStore() ?? {};
  const json = {
    ...event.json,
    ...(scope.impersonatedBy ? { impersonatedBy: scope.impersonatedBy } : {}),
    // A row the handler already names the acting account on keeps its own.
    ...(scope.actingTenantId && event.json?.actingTenantId === undefined
      ? { actingTenantId: scope.actingTenantId }
      : {}),
  };
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
    json,
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
