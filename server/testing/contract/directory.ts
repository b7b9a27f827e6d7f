// Contract script of directory connections (SCIM-001..006): create (the token shown once), list with the user
// count and SCIM base URL, rename, count the users, delete, and the refusals both sides share.
import { directoryContracts as dc } from '../../../shared/api/contracts/directory';
import type { Script } from '../contract';

export const directoryScript: Script = {
  family: 'directory',
  steps: [
    { name: 'the connections', call: dc.getConfigs },
    {
      name: 'an Okta connection',
      call: dc.createConfiguration,
      body: { source: 'okta', connectionName: 'Okta', syncToUserManagement: true },
      save: 'okta',
    },
    {
      name: 'an Entra ID connection, named by default',
      call: dc.createConfiguration,
      body: { source: 'azure-ad' },
    },
    {
      name: 'an unknown source is refused',
      call: dc.createConfiguration,
      body: { source: 'ldap' },
      expect: 400,
    },
    {
      name: 'an empty name is refused',
      call: dc.createConfiguration,
      body: { source: 'other', connectionName: '' },
      expect: 400,
    },
    { name: 'the connections, with counts', call: dc.getConfigs },
    {
      name: 'rename and stop syncing',
      call: dc.updateConfiguration,
      params: (saved) => ({ id: saved.okta.id }),
      body: { connectionName: 'Okta EU', syncToUserManagement: false },
    },
    {
      name: 'update an unknown connection',
      call: dc.updateConfiguration,
      params: { id: 'no-such-connection' },
      body: { connectionName: 'x' },
      expect: 404,
    },
    {
      name: 'count its users',
      call: dc.countConfigurationUsers,
      params: (saved) => ({ id: saved.okta.id }),
    },
    {
      name: 'count the users of an unknown connection',
      call: dc.countConfigurationUsers,
      params: { id: 'no-such-connection' },
      expect: 404,
    },
    {
      name: 'delete it, keeping its users',
      call: dc.deleteConfiguration,
      params: (saved) => ({ id: saved.okta.id }),
      body: { deleteAll: false },
    },
    {
      name: 'delete it again',
      call: dc.deleteConfiguration,
      params: (saved) => ({ id: saved.okta.id }),
      body: {},
      expect: 404,
    },
  ],
};
