// Contract script of the IP restrictions (SECURITY-005..013): every call, and the refusals the preview must
// share with the server. The config is never left active: the server side's caller has no address.
import { ipRestrictionsContracts as ip } from '../../../shared/api/contracts/ipRestrictions';
import type { Script } from '../contract';

export const ipRestrictionsScript: Script = {
  family: 'ipRestrictions',
  steps: [
    { name: 'the list, its defaults', call: ip.getIPRestrictions },
    {
      name: "'My IP': an active allow entry",
      call: ip.createIPRestriction,
      body: { ip: '203.0.113.10', strategy: 'ALLOW', isActive: true, description: 'My IP' },
      save: 'mine',
    },
    {
      name: 'an address that is none is refused',
      call: ip.createIPRestriction,
      body: { ip: '203.0.113.300' },
      expect: 400,
    },
    {
      name: 'bulk: an IPv6 range to block, an IPv4-mapped address to allow',
      call: ip.bulkCreateIPRestriction,
      body: { ips: [{ ip: '2001:db8::/32', strategy: 'block' }, { ip: '::ffff:192.0.2.1' }] },
    },
    {
      name: 'bulk with one bad range is refused whole',
      call: ip.bulkCreateIPRestriction,
      body: { ips: [{ ip: '10.0.0.0/8' }, { ip: '10.0.0.0/33' }] },
      expect: 400,
    },
    {
      name: 'the block list',
      call: ip.getIPRestrictions,
      query: { _filter: 'block', _limit: '5', _offset: '0' },
    },
    { name: 'a limit of 0 is refused', call: ip.getIPRestrictions, query: { _limit: '0' }, expect: 400 },
    { name: 'the config', call: ip.getIPRestrictionsConfig },
    {
      name: 'save the config',
      call: ip.updateIPRestrictionConfig,
      body: { isActive: false, strategy: 'BLOCK' },
    },
    {
      name: 'a strategy outside ALLOW/BLOCK is refused',
      call: ip.updateIPRestrictionConfig,
      body: { isActive: false, strategy: 'SOMETIMES' },
      expect: 400,
    },
    { name: 'does my address pass', call: ip.testCurrentIp },
    { name: 'is my address on the allow list', call: ip.testCurrentIpInAllowList },
    { name: 'delete', call: ip.deleteIPRestriction, params: (saved) => ({ id: saved.mine.id }) },
    {
      name: 'delete an unknown entry',
      call: ip.deleteIPRestriction,
      params: { id: 'no-such-entry' },
      expect: 404,
    },
  ],
};
