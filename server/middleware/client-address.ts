// The client's address: the socket's peer, or, when that peer is a trusted reverse proxy (TRUSTED_PROXIES),
// the address it names in X-Forwarded-For (proxy-addr walks the header from the right, stopping at the first
// untrusted hop). A client-set X-Forwarded-For from an untrusted peer is ignored. `caller()` reads the result,
// so the audit rows, the rate limits and the IP restrictions all see one address.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import proxyaddr from 'proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { AppEnv } from '../context';

/** The socket's peer address of a request (empty when the request came without a socket, as in some tests). */
export function socketAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? '';
}

/** Puts the client's address on the request (`c.var.clientAddress`), trusting the `trustedProxies` only. */
export function clientAddress(trustedProxies: readonly string[]) {
  const trust = proxyaddr.compile([...trustedProxies]);
  return createMiddleware<AppEnv>(async (c, next) => {
    const peer = socketAddress(c);
    const forwarded = c.req.header('x-forwarded-for');
    let address = peer;
    if (peer && forwarded && trustedProxies.length) {
      // proxy-addr reads a node request: the peer and the header are all it needs.
      const req = { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwarded } };
      address = proxyaddr(req as unknown as IncomingMessage, trust);
    }
    c.set('clientAddress', address);
    await next();
  });
}
