import { createMiddleware } from 'hono/factory';
import { writeAudit, type AuditEvent } from '../audit';
import { caller, type AppEnv, type Services } from '../context';

/** An audit row of a request: what happened; who and from where are filled in from the request. */
export type RequestAudit = Omit<AuditEvent, 'vendorId' | 'ipAddress' | 'userAgent'>;

/**
 * Puts `c.var.audit` on every request: it writes a row with the vendor, the caller's address and user agent
 * and, once a bearer check has run, the signed-in caller (tenant, user, email); the event may name others.
 */
export const auditContext = ({ db, vendorId }: Pick<Services, 'db' | 'vendorId'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('audit', (event) => {
      const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
      const who = auth ? { tenantId: auth.tenantId, userId: auth.sub, email: auth.email } : {};
      return writeAudit(db, { vendorId, ...who, ...caller(c), ...event });
    });
    await next();
  });
