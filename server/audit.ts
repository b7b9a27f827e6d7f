import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from './audit/actions';
import type { Db } from './db';
import { audits } from './db/schema';
import { eventOfAction } from './integrations/events';
import { enqueueEvent } from './integrations/queue';

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

/**
 * Writes one audit row; every security-relevant action calls it. A row of a catalog action with a tenant is an
 * event of that tenant (issue 21): it is queued for the tenant's webhooks and channels (enqueueEvent never
 * throws: a failure to queue is logged, the audit row and the request stand).
 */
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
  const row = {
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
  };
  await db.insert(audits).values(row);
  if (row.tenantId && eventOfAction.has(row.action))
    await enqueueEvent(db, { ...row, tenantId: row.tenantId });
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
