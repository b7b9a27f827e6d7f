import type { ServerOptions } from 'node:http';
import type { ServerConfig } from './config';

/**
 * Node http server options (`serve({ serverOptions })`) that end slow requests: a head or a whole request not
 * received in time gets 408 and its socket closed.
 */
export function requestTimeouts({
  requestHeadTimeoutMs,
  requestTimeoutMs,
}: Pick<ServerConfig, 'requestHeadTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  return {
    headersTimeout: requestHeadTimeoutMs,
    requestTimeout: requestTimeoutMs,
    // Node checks the deadlines every 30 s by default, which would let a 10 s head wait up to 40 s.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(requestHeadTimeoutMs / 4))),
  };
}
