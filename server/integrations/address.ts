// The address rules of every delivery (issue 21 §4): checked when a webhook or a Slack channel is saved and again
// before every send; at send time the guarded fetch's socket lookup checks the addresses it connects to once more
// (a DNS answer that changed between the check and the connection — DNS rebinding — is caught there).
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../config';
import { apiError } from '../context';
import { log } from '../log';
import { lookupWith, refusedAddress, type FetchRefusalReason } from '../net/guardedFetch';

/** Why an address is refused: the guarded fetch's reason code and a sentence. */
export interface Refusal {
  reason: FetchRefusalReason;
  message: string;
}
const refuse = (reason: FetchRefusalReason, message: string): Refusal => ({ reason, message });

type AddressConfig = Pick<ServerConfig, 'production' | 'allowPrivateNetworkFetch'> &
  Partial<Pick<ServerConfig, 'dnsServers'>> & {
    /** The send-time lookup's limit (default DNS_TIMEOUT_MS; tests shorten it). */
    dnsTimeoutMs?: number;
  };

/** The time a DNS name's lookup may take before the address is refused. */
export const DNS_TIMEOUT_MS = 5_000;
/** The one reason given for a DNS name refused (resolving to a private address, to none, or not in time). */
export const UNREACHABLE_HOST = 'the host does not resolve to an address that may be reached';

/**
 * Why a delivery address is refused (undefined: it may be sent to). http(s) only, no credentials, https only
 * in production; the host's every address public unless ALLOW_PRIVATE_NETWORK_FETCH (then neither the scheme
 * nor the address rules apply: development, tests, a self-hoster's own network). DNS names are resolved with
 * DNS_SERVERS when set, else the system's resolver, within DNS_TIMEOUT_MS; any refusal of a DNS name answers
 * UNREACHABLE_HOST (the detail is logged), a literal address says what kind of address it is.
 */
export async function deliveryUrlRefusal(config: AddressConfig, raw: string): Promise<Refusal | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('bad-url', 'not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse('scheme', `${url.protocol} URLs are not sent to`);
  if (url.username || url.password) return refuse('bad-url', 'URLs with credentials are not sent to');
  if (config.allowPrivateNetworkFetch) return undefined;
  if (url.protocol === 'http:' && config.production) return refuse('scheme', 'only https URLs are sent to');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host);
    return refused ? refuse('private-address', `${host} is a ${refused} address`) : undefined;
  }
  // A DNS name: one reason for every refusal (the caller learns nothing of the network's names and addresses);
  // the detail is logged. The lookup is bounded (the socket-level check of the guarded fetch is the other).
  const refuseName = (detail: string): Refusal => {
    log.info({ host, detail }, 'a delivery address was refused');
    return refuse('dns', UNREACHABLE_HOST);
  };
  let addresses: { address: string }[];
  try {
    addresses = await withinTime(
      config.dnsServers?.length
        ? lookupWith(config.dnsServers, host)
        : lookup(host, { all: true, verbatim: true }),
      config.dnsTimeoutMs ?? DNS_TIMEOUT_MS,
    );
  } catch (error) {
    return refuseName(error === DNS_TIMED_OUT ? 'no answer in time' : 'could not be resolved');
  }
  if (!addresses.length) return refuseName('no address');
  for (const { address } of addresses) {
    const refused = refusedAddress(address);
    if (refused) return refuseName(`resolves to a ${refused} address (${address})`);
  }
  return undefined;
}

const DNS_TIMED_OUT = new Error('DNS lookup timed out');

async function withinTime<T>(lookup: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      lookup,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(DNS_TIMED_OUT), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `deliveryUrlRefusal` as the routes use it: a 400 `The delivery address is refused: <reason>`. */
export async function assertDeliveryUrl(config: AddressConfig, url: string): Promise<void> {
  const refusal = await deliveryUrlRefusal(config, url);
  if (refusal) throw apiError(400, `The delivery address is refused: ${refusal.message}`);
}
