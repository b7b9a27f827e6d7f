import { createMiddleware } from 'hono/factory';
import { isIP } from 'node:net';
import { apiError, caller } from '../../context';

/** Whether an address is this machine's (127.0.0.0/8, ::1, or an IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(ip) === 4) return ip.startsWith('127.');
  // The URL parser writes an IPv6 address in its shortest form: every spelling of ::1 becomes [::1].
  if (isIP(ip) !== 6) return false;
  try {
    return new URL(`http://[${ip}]/`).hostname === '[::1]';
  } catch {
    return false; // a zone id (fe80::1%eth0) is never loopback
  }
}

/** Whether a listen host keeps the server on this machine (a name other than localhost is not trusted). */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));

/**
 * The development routes (`/dev/*`: outboxes with every mailed link, test identity providers, strategy and flag
 * switches) answer only clients on this machine: the socket's peer address, never a header.
 */
export const devOnly = createMiddleware(async (c, next) => {
  if (!isLoopbackAddress(caller(c).ipAddress))
    throw apiError(403, 'Development routes answer only clients on this machine');
  await next();
});
