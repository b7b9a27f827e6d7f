// Matching of IP restriction entries (the check every sign-in, refresh and authenticated call runs): IPv4,
// IPv6, CIDR ranges and IPv4-mapped IPv6 addresses, and the allow/block semantics of a config.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalEntry, ipMatches, isIpOrCidr } from '../../shared/api/ipAddress';
import { passes } from './index';

const allow = (...ips: string[]) => ips.map((ip) => ({ ip, strategy: 'ALLOW', isActive: true }));
const block = (...ips: string[]) => ips.map((ip) => ({ ip, strategy: 'BLOCK', isActive: true }));
const ALLOW_LIST = { isActive: true, strategy: 'ALLOW' as const };
const BLOCK_LIST = { isActive: true, strategy: 'BLOCK' as const };

describe('IP restriction matching', () => {
  it('[SECURITY-005] an entry is an IPv4 or IPv6 address or CIDR range, nothing else', () => {
    for (const ok of [
      '203.0.113.10',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::1',
      '2001:db8::/32',
      '::/0',
      '::ffff:1.2.3.4',
    ])
      assert.ok(isIpOrCidr(ok), ok);
    for (const bad of [
      '',
      '127.1',
      '0x7f.0.0.1',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/8/8',
      '1.2.3.256',
      '2001:db8::/129',
      'fe80::1%eth0',
      'example.com',
      '10.0.0.0/-1',
    ])
      assert.ok(!isIpOrCidr(bad), bad);
  });

  it('IPv4: an address matches itself, a CIDR range its addresses', () => {
    assert.ok(ipMatches('203.0.113.10', '203.0.113.10'));
    assert.ok(!ipMatches('203.0.113.10', '203.0.113.11'));
    assert.ok(ipMatches('203.0.113.0/24', '203.0.113.200'));
    assert.ok(!ipMatches('203.0.113.0/24', '203.0.114.1'));
    assert.ok(ipMatches('10.0.0.0/8', '10.255.1.2'));
    assert.ok(ipMatches('0.0.0.0/0', '198.51.100.7'));
    // Host bits set in the range do not matter: 10.1.2.3/8 is 10.0.0.0/8.
    assert.ok(ipMatches('10.1.2.3/8', '10.9.9.9'));
  });

  it('IPv6: compressed and full spellings alike, CIDR ranges, never an IPv4 address', () => {
    assert.ok(ipMatches('2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001'));
    assert.ok(ipMatches('2001:DB8::1', '2001:db8::1'));
    assert.ok(ipMatches('2001:db8::/32', '2001:db8:ffff::1'));
    assert.ok(!ipMatches('2001:db8::/32', '2001:db9::1'));
    assert.ok(ipMatches('::/0', '2001:db8::1'));
    assert.ok(!ipMatches('::/0', '198.51.100.7'), 'an IPv6 range does not match an IPv4 client');
    assert.ok(!ipMatches('0.0.0.0/0', '2001:db8::1'), 'an IPv4 range does not match an IPv6 client');
    assert.ok(ipMatches('[2001:db8::1]', '2001:db8::1') === false, 'an entry is never bracketed');
    assert.ok(ipMatches('2001:db8::1', '[2001:db8::1]'), 'a bracketed client address is read');
  });

  it('IPv4-mapped IPv6: ::ffff:1.2.3.4 is 1.2.3.4, as a client and as an entry', () => {
    assert.ok(ipMatches('1.2.3.4', '::ffff:1.2.3.4'));
    assert.ok(ipMatches('1.2.3.0/24', '::ffff:1.2.3.99'));
    assert.ok(!ipMatches('1.2.3.0/24', '::ffff:1.2.4.1'));
    assert.ok(ipMatches('::ffff:1.2.3.4', '1.2.3.4'));
    assert.ok(ipMatches('::ffff:1.2.3.0/120', '1.2.3.9'));
    assert.ok(!ipMatches('::ffff:1.2.3.0/120', '1.2.4.9'));
    assert.equal(canonicalEntry('::ffff:1.2.3.4'), '1.2.3.4');
    assert.equal(canonicalEntry('::ffff:1.2.3.0/120'), '1.2.3.0/24');
    assert.equal(canonicalEntry(' 2001:DB8:0::1 '), '2001:db8::1');
    assert.equal(canonicalEntry('2001:db8::/32'), '2001:db8::/32');
  });

  it('unparsable input matches nothing', () => {
    assert.ok(!ipMatches('203.0.113.10', ''));
    assert.ok(!ipMatches('203.0.113.10', 'unknown'));
    assert.ok(!ipMatches('not-an-ip', 'not-an-ip'));
  });

  it('an allow list passes only its active entries; a block list all but its active entries', () => {
    const rules = [...allow('203.0.113.0/24', '2001:db8::/32'), ...block('198.51.100.7')];
    assert.ok(passes(ALLOW_LIST, rules, '203.0.113.5'));
    assert.ok(passes(ALLOW_LIST, rules, '::ffff:203.0.113.5'));
    assert.ok(passes(ALLOW_LIST, rules, '2001:db8:1::9'));
    assert.ok(!passes(ALLOW_LIST, rules, '192.0.2.1'));
    assert.ok(!passes(ALLOW_LIST, rules, '198.51.100.7'), 'a block entry does not allow');
    assert.ok(!passes(BLOCK_LIST, rules, '198.51.100.7'));
    assert.ok(!passes(BLOCK_LIST, rules, '::ffff:198.51.100.7'));
    assert.ok(passes(BLOCK_LIST, rules, '203.0.113.5'), 'an allow entry does not block');
    assert.ok(passes(BLOCK_LIST, rules, '192.0.2.1'));
    const inactive = [{ ip: '192.0.2.1', strategy: 'ALLOW', isActive: false }];
    assert.ok(!passes(ALLOW_LIST, inactive, '192.0.2.1'), 'an inactive entry allows nothing');
    assert.ok(passes(BLOCK_LIST, [{ ...inactive[0]!, strategy: 'BLOCK' }], '192.0.2.1'), 'nor blocks');
    assert.ok(
      passes({ isActive: false, strategy: 'ALLOW' }, [], '192.0.2.1'),
      'an inactive config passes all',
    );
    assert.ok(!passes(ALLOW_LIST, [], '192.0.2.1'), 'an empty active allow list passes nobody');
  });
});
