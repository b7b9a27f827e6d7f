// Contract script of metadata: every call, and the refusals the preview must share with the server.
import { metadataContracts as md } from '../../../shared/api/contracts/metadata';
import type { Script } from '../contract';

export const metadataScript: Script = {
  family: 'metadata',
  steps: [
    { name: 'portal metadata', call: md.getMetadata, query: { entityName: 'adminBox' } },
    { name: 'audits metadata', call: md.getMetadata, query: { entityName: 'audits' } },
    { name: 'an entity nobody keeps has no rows', call: md.getMetadata, query: { entityName: 'saml' } },
    { name: 'admin box metadata', call: md.getAdminBoxMetadata },
    {
      name: 'commit a theme',
      call: md.updateAdminBoxMetadata,
      body: { actions: [{ type: 'theme', payload: {} }] },
    },
    {
      name: 'a commit without actions is refused',
      call: md.updateAdminBoxMetadata,
      body: { actions: [] },
      expect: 400,
    },
    { name: "the caller's address", call: md.getCurrentUserIpMetadata },
  ],
};
