// Contract script of the email-domain restrictions (SECURITY-014/015): every call, and the refusals the
// preview must share with the server.
import { domainRestrictionsContracts as dc } from '../../../shared/api/contracts/domainRestrictions';
import type { Script } from '../contract';

export const domainRestrictionsScript: Script = {
  family: 'domainRestrictions',
  steps: [
    { name: 'list (default page)', call: dc.getDomainRestrictions },
    { name: 'list a page', call: dc.getDomainRestrictions, query: { _offset: '0', _limit: '5' } },
    { name: 'a limit of 0 is refused', call: dc.getDomainRestrictions, query: { _limit: '0' }, expect: 400 },
    { name: 'config', call: dc.getDomainRestrictionsConfig },
    {
      name: 'add a domain (any case)',
      call: dc.createDomainRestriction,
      body: { domain: 'Contract-Example.COM', type: 'block' },
      save: 'entry',
    },
    {
      name: 'the same domain again answers the entry',
      call: dc.createDomainRestriction,
      body: { domain: 'contract-example.com', type: 'BLOCK' },
    },
    {
      name: 'an email is refused',
      call: dc.createDomainRestriction,
      body: { domain: 'someone@example.com', type: 'BLOCK' },
      expect: 400,
    },
    {
      name: 'a URL is refused',
      call: dc.createDomainRestriction,
      body: { domain: 'https://example.com/x', type: 'BLOCK' },
      expect: 400,
    },
    {
      name: 'a wildcard is refused',
      call: dc.createDomainRestriction,
      body: { domain: '*.example.com', type: 'BLOCK' },
      expect: 400,
    },
    {
      name: 'a list type outside ALLOW/BLOCK is refused',
      call: dc.createDomainRestriction,
      body: { domain: 'example.org', type: 'MAYBE' },
      expect: 400,
    },
    {
      name: 'save the config',
      call: dc.updateDomainRestrictionConfig,
      body: { active: true, blockPublicDomains: true, type: 'BLOCK' },
    },
    {
      name: 'a config without active is refused',
      call: dc.updateDomainRestrictionConfig,
      body: { blockPublicDomains: true },
      expect: 400,
    },
    {
      name: 'turn it off again',
      call: dc.updateDomainRestrictionConfig,
      body: { active: false, blockPublicDomains: false },
    },
    { name: 'delete the entry', call: dc.deleteDomainRestriction, params: (s) => ({ id: s.entry.id }) },
    {
      name: 'an unknown entry is not found',
      call: dc.deleteDomainRestriction,
      params: { id: 'no-such-entry' },
      expect: 404,
    },
  ],
};
