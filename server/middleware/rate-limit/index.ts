import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { apiError, caller } from '../../context';
import type { Db } from '../../db';
import { rateLimits } from '../../db/schema';

/**
 * The client key of a request: the client's address (`caller()`: a client-set X-Forwarded-For counts only from
 * a trusted proxy), an IPv4-mapped IPv6 address as its IPv4 address, and an IPv6 address cut to its /64 (one
 * host owns a whole /64, so rotating within it must not give fresh budgets).
 */
export function clientKey(ipAddress: string): string {
  const text = ipAddress.trim();
  if (!ipaddr.isValid(text)) return text || 'unknown';
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  // The first four groups are the /64 (a zone id, as in `fe80::1%eth0`, is not part of it).
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** An email, phone or user id as a counter key: hashed, so the counters keep no list of what strangers typed. */
export const hashedKey = (value: string): string =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');

/** A path as routing sees it, whatever its case, doubled or trailing slashes. */
const normalizePath = (path: string) =>
  path
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1');

/**
 * Counts one hit of `key` in its fixed window of `windowMs` and answers the count so far and the seconds until
 * the window ends. One statement: a new window starts at 1, the same window counts up (atomic under concurrency).
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ count: number; retryAfter: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { count: row?.count ?? 0, retryAfter };
}

/** The answer of a spent budget: 429 in the errors shape, with the seconds until its window ends. */
export function tooManyRequests(retryAfter: number): HTTPException {
  const refused = apiError(429, 'Too many requests, try again later').getResponse();
  refused.headers.set('Retry-After', String(retryAfter));
  return new HTTPException(429, { res: refused });
}

/**
 * A fixed-window limit of `max` requests per `windowMs` for one bucket (a group of endpoints, so path
 * variants share it) and one client key. Counted in the database: every server process shares it.
 */
export function rateLimit(
  db: Db,
  {
    bucket,
    max,
    windowMs,
    exempt = [],
  }: { bucket: string; max: number; windowMs: number; exempt?: readonly string[] },
) {
  const exemptPaths = new Set(exempt.map(normalizePath));
  return createMiddleware(async (c, next) => {
    if (exemptPaths.has(normalizePath(c.req.path))) return next();
    const key = `${bucket}|${clientKey(caller(c).ipAddress)}`;
    const { count, retryAfter } = await countHit(db, key, windowMs);
    if (count > max) throw tooManyRequests(retryAfter);
    await next();
  });
}
