// The address rules of every delivery (issue 21 §4): checked when a webhook or a Slack channel is saved and again
// before every send; at send time the guarded fetch's socket lookup checks the addresses it connects to once more
// (a DNS answer that changed between the check and the connection — DNS rebinding — is caught there).
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../config';
import { apiError } from '../context';
import { lookupWith, refusedAddress, type FetchRefusalReason } from '../net/guardedFetch';

/** Why an address is refused: the guarded fetch's reason code and a sentence. */
export interface Refusal {
  reason: FetchRefusalReason;
  message: string;
}
const refuse = (reason: FetchRefusalReason, message: string): Refusal => ({ reason, message });

type AddressConfig = Pick<ServerConfig, 'production' | 'allowPrivateNetworkFetch'> &
  Partial<Pick<ServerConfig, 'dnsServers'>>;

/**
 * Why a delivery address is refused (undefined: it may be sent to). http(s) only, no credentials, https only
 * in production; the host's every address public unless ALLOW_PRIVATE_NETWORK_FETCH (then neither the scheme
 * nor the address rules apply: development, tests, a self-hoster's own network). DNS names are resolved with
 * DNS_SERVERS when set, else the system's resolver.
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
  let addresses: { address: string }[];
  try {
    addresses = config.dnsServers?.length
      ? await lookupWith(config.dnsServers, host)
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return refuse('dns', `${host} could not be resolved`);
  }
  if (!addresses.length) return refuse('dns', `${host} has no address`);
  for (const { address } of addresses) {
    const refused = refusedAddress(address);
    if (refused) return refuse('private-address', `${host} resolves to a ${refused} address`);
  }
  return undefined;
}

/** `deliveryUrlRefusal` as the routes use it: a 400 `The delivery address is refused: <reason>`. */
export async function assertDeliveryUrl(config: AddressConfig, url: string): Promise<void> {
  const refusal = await deliveryUrlRefusal(config, url);
  if (refusal) throw apiError(400, `The delivery address is refused: ${refusal.message}`);
}
