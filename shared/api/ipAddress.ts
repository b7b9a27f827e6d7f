// IP addresses and CIDR ranges of the IP restrictions (SECURITY-005): what an entry may hold and whether a
// client address falls in it. ipaddr.js does the parsing; the contracts, the preview and the server share it.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An IPv4 address in four decimal parts (not `127.1` or `0x7f.0.0.1`) or an IPv6 address (no zone). */
const isAddress = (text: string): boolean =>
  ipaddr.IPv4.isValidFourPartDecimal(text) || (ipaddr.IPv6.isValid(text) && !text.includes('%'));

/** An IPv4 or IPv6 address, or a CIDR range of either (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(text: string): boolean {
  const [base = '', bits, extra] = text.split('/');
  if (extra !== undefined || !isAddress(base)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return ipaddr.IPv4.isValidCIDRFourPartDecimal(text) || ipaddr.IPv6.isValidCIDR(text);
}

/** An address as its kind: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is the IPv4 address it carries. */
function parseAddress(text: string): Address | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare);
}

/** An entry (address or CIDR) as a range: an address alone is a range of one (/32 or /128). */
function parseRange(entry: string): [Address, number] | null {
  const text = entry.trim();
  if (!isIpOrCidr(text)) return null;
  const [base, bits] = text.includes('/') ? ipaddr.parseCIDR(text) : [ipaddr.parse(text), -1];
  // A mapped IPv6 range within ::ffff:0:0/96 names IPv4 addresses: compare it as IPv4.
  if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (base as ipaddr.IPv6).toIPv4Address();
    return [v4, bits < 0 ? 32 : Math.max(0, bits - 96)];
  }
  return [base, bits < 0 ? (base.kind() === 'ipv4' ? 32 : 128) : bits];
}

/**
 * Does the client `address` fall in `entry` (an address or a CIDR range)? IPv4 and IPv6 never match each
 * other, except an IPv4-mapped IPv6 address, which is its IPv4 address. Unparsable input matches nothing.
 */
export function ipMatches(entry: string, address: string): boolean {
  const range = parseRange(entry);
  const client = parseAddress(address);
  if (!range || !client || range[0].kind() !== client.kind()) return false;
  return client.match(range);
}

/** The address in its canonical text (`2001:db8::1`, `1.2.3.4`; a mapped address as IPv4); else as given. */
export function canonicalAddress(address: string): string {
  return parseAddress(address)?.toString() ?? address;
}

/**
 * An entry in its canonical text: the address part normalised (`2001:DB8:0::1` → `2001:db8::1`), an
 * IPv4-mapped entry as the IPv4 one it names (`::ffff:1.2.3.0/120` → `1.2.3.0/24`), the bits as given.
 * Anything unparsable is answered trimmed.
 */
export function canonicalEntry(entry: string): string {
  const text = entry.trim();
  const range = isIpOrCidr(text) ? parseRange(text) : null;
  if (!range) return text;
  const [address, bits] = range;
  const full = address.kind() === 'ipv4' ? 32 : 128;
  return text.includes('/') || bits !== full ? `${address.toString()}/${bits}` : address.toString();
}
