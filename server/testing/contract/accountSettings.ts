// Contract script of account settings: every call, and the refusals the preview must share with the server.
import { accountSettingsContracts as as } from '../../../shared/api/contracts/accountSettings';
import type { Script } from '../contract';

export const accountSettingsScript: Script = {
  family: 'accountSettings',
  steps: [
    { name: 'the settings', call: as.getSettings, save: 'settings' },
    { name: 'change the address', call: as.updateSettings, body: { address: '1 Contract Street' } },
    {
      name: 'a date format outside the list is refused',
      call: as.updateSettings,
      body: { dateFormat: 'YY' },
      expect: 400,
    },
    { name: 'public settings', call: as.getPublicSettings },
    {
      name: 'public custom login',
      call: as.getPublicCustomLogin,
      query: (s) => ({ tenantId: s.settings.tenantId }),
    },
  ],
};
