// The one outbound fetch for customer-given URLs (SAML metadata now, webhooks later). A customer can name any
// address, so the server must not become their way into our network (SSRF): https only in production, every
// address a host resolves to checked (loopback, private, link-local, unique-local, CGNAT, multicast, unspecified
// and the cloud metadata addresses refused), the connection made to the very address that was checked (the
// check sits in the socket's `lookup`: no second resolution an attacker's DNS could answer differently),
// redirects followed by hand and checked again, and a time and a size limit. ALLOW_PRIVATE_NETWORK_FETCH=1 lifts
// the address and scheme rules (tests, self-hosters whose IdP is on their own network), never the limits.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../config';

/** Why a fetch was refused or failed (stable codes: callers and logs read them). */
export type FetchRefusalReason =
  | 'bad-url'
  | 'scheme'
  | 'private-address'
  | 'dns'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'network';

export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly reason: FetchRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface GuardedFetchOptions {
  /** The whole exchange, every redirect and the body included (default 5 s). */
  timeoutMs?: number;
  /** The body's size limit: the stream is cut off beyond it (default 1 MB). */
  maxBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** The Accept header. */
  accept?: string;
  /**
   * DNS servers to resolve with (`config.dnsServers`, DNS_SERVERS) instead of the system's resolver; empty or
   * absent: the system's (node:dns lookup, /etc/hosts included).
   */
  dnsServers?: string[];
}

export interface GuardedResponse {
  status: number;
  /** The address the body came from (after redirects). */
  url: string;
  contentType: string;
  body: Buffer;
}

type FetchConfig = Pick<ServerConfig, 'production' | 'allowPrivateNetworkFetch'>;

/** What may be reached: the refusal of an address (undefined: allowed), and whether plain http is. */
export interface FetchRules {
  refuse: (address: string) => string | undefined;
  http: boolean;
}

/** The rules of the configuration: see the header. */
export const fetchRules = (config: FetchConfig): FetchRules => ({
  refuse: config.allowPrivateNetworkFetch ? () => undefined : refusedAddress,
  http: config.allowPrivateNetworkFetch || !config.production,
});

const CLOUD_METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Why an address may not be reached (undefined: a public unicast address). */
export function refusedAddress(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast; nothing public lives there.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0))
    return 'ipv4-compatible';
  const normal = ip.toNormalizedString();
  if (CLOUD_METADATA.has(normal) || CLOUD_METADATA.has(ip.toString())) return 'cloud-metadata';
  const range = ip.range();
  // Only plain unicast: every special range (NAT64, 6to4, Teredo, reserved, broadcast…) is refused too.
  return range === 'unicast' ? undefined : range;
}

/**
 * The socket's lookup: resolves the host and refuses it when any of its addresses is not allowed, so the
 * address connected to is one that was checked.
 */
const checkingLookup =
  (rules: FetchRules, dnsServers: string[] = []): LookupFunction =>
  (hostname, options, callback) => {
    const resolve = (done: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void) =>
      dnsServers.length
        ? lookupWith(dnsServers, hostname).then(
            (found) => done(null, found),
            (error: NodeJS.ErrnoException) => done(error, []),
          )
        : dnsLookup(hostname, { ...options, all: true }, (error, found) => done(error, found));
    resolve((error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      for (const { address } of addresses) {
        const refused = rules.refuse(address);
        if (refused) {
          const refusal = new FetchRefused('private-address', `${hostname} resolves to a ${refused} address`);
          return callback(refusal as NodeJS.ErrnoException, '', 0);
        }
      }
      if (!addresses.length) return callback(new FetchRefused('dns', `${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

/**
 * Every address of a host from the given DNS servers (A and AAAA; IP literals answered as they are): what the
 * socket's lookup uses when `dnsServers` is set, and what a save-time check of a delivery address reads.
 */
export async function lookupWith(dnsServers: string[], hostname: string): Promise<LookupAddress[]> {
  if (ipaddr.isValid(hostname)) return [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers(dnsServers);
  const settle = (family: 4 | 6): Promise<{ found: LookupAddress[]; error?: NodeJS.ErrnoException }> =>
    (family === 4 ? resolver.resolve4(hostname) : resolver.resolve6(hostname)).then(
      (addresses) => ({ found: addresses.map((address) => ({ address, family })) }),
      (error: NodeJS.ErrnoException) => ({ found: [], error }),
    );
  const [v4, v6] = await Promise.all([settle(4), settle(6)]);
  const found = [...v4.found, ...v6.found];
  if (!found.length)
    throw v4.error ?? v6.error ?? Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
  return found;
}

function checkUrl(rules: FetchRules, raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('bad-url', 'Not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FetchRefused('scheme', `${url.protocol} URLs are not fetched`);
  if (url.protocol === 'http:' && !rules.http)
    throw new FetchRefused('scheme', 'Only https URLs are fetched');
  if (url.username || url.password)
    throw new FetchRefused('bad-url', 'URLs with credentials are not fetched');
  // An IP literal is connected to without a lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const refused = rules.refuse(host);
    if (refused) throw new FetchRefused('private-address', `${host} is a ${refused} address`);
  }
  return url;
}

/** One request (no redirects followed): the status, the headers and the body within the limits. */
function requestOnce(
  url: URL,
  rules: FetchRules,
  options: Required<GuardedFetchOptions>,
  signal: AbortSignal,
  send: Outgoing = {},
): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: send.method ?? 'GET',
      headers: { accept: options.accept, ...send.headers, 'user-agent': 'fe-elements-server' },
      lookup: checkingLookup(rules, options.dnsServers),
      signal,
      // No keep-alive pool: every connection goes through the lookup above.
      agent: false,
    });
    req.on('error', (error) => {
      if (error instanceof FetchRefused) return reject(error);
      if (signal.aborted) return reject(new FetchRefused('timeout', 'The server took too long to answer'));
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        return reject(new FetchRefused('dns', `${url.hostname} could not be resolved`));
      reject(new FetchRefused('network', `The request failed (${code ?? error.message})`));
    });
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        req.destroy();
        return reject(new FetchRefused('too-large', `The answer is larger than ${options.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          req.destroy();
          reject(new FetchRefused('too-large', `The answer is larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      const cutOff = () =>
        reject(
          signal.aborted
            ? new FetchRefused('timeout', 'The server took too long to answer')
            : new FetchRefused('network', 'The answer was cut off'),
        );
      res.on('error', cutOff);
      res.on('close', () => {
        if (!res.complete) cutOff();
      });
    });
    req.end(send.body);
  });
}

/** What a request sends besides GET (the fetch-function form below). */
interface Outgoing {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/**
 * GET a customer-given URL under the rules above. Answers the final status (any non-redirect status: the caller
 * decides), or throws `FetchRefused` with the reason.
 */
export function guardedFetch(
  config: FetchConfig,
  rawUrl: string,
  opts: GuardedFetchOptions = {},
): Promise<GuardedResponse> {
  return guardedFetchWith(fetchRules(config), rawUrl, opts);
}

/** `guardedFetch` under explicit rules. */
export async function guardedFetchWith(
  rules: FetchRules,
  rawUrl: string,
  opts: GuardedFetchOptions = {},
): Promise<GuardedResponse> {
  return withLimits(opts, async (options, signal) => {
    let url = checkUrl(rules, rawUrl);
    for (let hop = 0; ; hop++) {
      const { res, body } = await requestOnce(url, rules, options, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        if (hop >= options.maxRedirects)
          throw new FetchRefused('too-many-redirects', `More than ${options.maxRedirects} redirects`);
        url = checkUrl(rules, location, url);
        continue;
      }
      return { status, url: url.href, contentType: String(res.headers['content-type'] ?? ''), body };
    }
  });
}

/** Runs an exchange within the time limit; every failure becomes a `FetchRefused`. */
async function withLimits<T>(
  opts: GuardedFetchOptions,
  run: (options: Required<GuardedFetchOptions>, signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal | null,
): Promise<T> {
  const options: Required<GuardedFetchOptions> = {
    timeoutMs: opts.timeoutMs ?? 5_000,
    maxBytes: opts.maxBytes ?? 1_000_000,
    maxRedirects: opts.maxRedirects ?? 3,
    accept: opts.accept ?? '*/*',
    dnsServers: opts.dnsServers ?? [],
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const abort = () => controller.abort();
  outer?.addEventListener('abort', abort);
  try {
    return await run(options, controller.signal);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (controller.signal.aborted) throw new FetchRefused('timeout', 'The server took too long to answer');
    throw new FetchRefused('network', 'The request failed');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  }
}

/** The request options of a WHATWG fetch this module honours (openid-client's `customFetch` sends these). */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal | null;
}

/**
 * The guarded fetch as a fetch function, for libraries that take one (openid-client's discovery, token, userinfo
 * and JWKS requests to a customer-given issuer): the same address rules and limits, one request per call, no
 * redirect followed (such callers ask for `redirect: 'manual'` and treat one as an error).
 */
export function guardedFetchFunction(config: FetchConfig, opts: GuardedFetchOptions = {}) {
  const rules = fetchRules(config);
  return (input: string | URL, init: FetchInit = {}): Promise<Response> =>
    withLimits(
      opts,
      async (options, signal) => {
        const url = checkUrl(rules, String(input));
        const body =
          init.body == null
            ? undefined
            : typeof init.body === 'string' || init.body instanceof URLSearchParams
              ? String(init.body)
              : Buffer.from(init.body instanceof ArrayBuffer ? new Uint8Array(init.body) : init.body);
        const { res, body: answer } = await requestOnce(url, rules, options, signal, {
          method: init.method,
          headers: init.headers,
          body,
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = res.statusCode ?? 502;
        return new Response([101, 204, 205, 304].includes(status) ? null : new Uint8Array(answer), {
          status,
          headers,
        });
      },
      init.signal,
    );
}
