import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodType } from 'zod';
import type { AccessClaims, TokenService } from './auth/keys';
import type { PaymentProvider } from './billing/provider';
import type { BillingClock } from './billing/service';
import type { RefreshTokenService } from './auth/refresh';
import type { RequestAudit } from './audit/request';
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { directoryConfigurations } from './db/schema';
import { errorCodeFor } from './errors';
import type { Mailer } from './mail/mailer';
import { socketAddress } from './middleware/client-address';
import type { SmsSender } from './sms/sms';

/** Everything a route needs, built once at start-up (and per test). */
export interface Services {
  config: ServerConfig;
  db: Db;
  vendorId: string;
  tokens: TokenService;
  refresh: RefreshTokenService;
  mailer: Mailer;
  sms: SmsSender;
  /** Billing (issue 19): the payment provider (null: BILLING_PROVIDER=none) and the billing clock. */
  billing: { provider: PaymentProvider | null; clock: BillingClock };
}

/**
 * `cspNonce`: the nonce of this request's Content-Security-Policy (middleware/security-headers), for page scripts.
 * `audit`: writes an audit row of this request (audit/request.ts).
 */
export type AppEnv = {
  Variables: {
    auth: AccessClaims;
    cspNonce: string;
    audit: (event: RequestAudit) => Promise<void>;
    /** The client's address (middleware/client-address.ts). */
    clientAddress: string;
    /** The directory connection whose bearer token a SCIM call presented (the `scim` regime, server/scim/auth.ts). */
    scimConnection: typeof directoryConfigurations.$inferSelect;
  };
};

/** An error answer in the shape of the spec, `{ errors: [...] }`, with the stable code of its first message. */
export function apiError(
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500,
  ...errors: string[]
): HTTPException {
  const errorCode = errorCodeFor(status, errors);
  return new HTTPException(status, { res: Response.json({ errors, errorCode }, { status }) });
}

/** The JSON body, validated: a bad body is a 400 naming each problem (never a stack trace). */
export async function readBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw apiError(400, 'The request body is not valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw apiError(400, ...parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * Who is calling: the client's address (middleware/client-address.ts: the socket's peer, or the client a trusted
 * proxy names in X-Forwarded-For) and the user agent.
 */
export function caller(c: Context): { ipAddress: string; userAgent: string } {
  const address = (c.var as { clientAddress?: string }).clientAddress;
  return { ipAddress: address ?? socketAddress(c), userAgent: c.req.header('user-agent') ?? '' };
}
