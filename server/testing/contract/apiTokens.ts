// Contract script of API tokens (TOKENS-001..007): personal and tenant tokens (create, list, delete), the
// expiry bodies (minutes, null, absent) and the machine-to-machine exchange, with the refusals both sides share.
import { apiTokensContracts as atc } from '../../../shared/api/contracts/apiTokens';
import type { Script } from '../contract';

export const apiTokensScript: Script = {
  family: 'apiTokens',
  steps: [
    { name: 'the tenant tokens', call: atc.getTenantApiTokensData },
    {
      name: 'a tenant token expiring in a day (1440 minutes)',
      call: atc.updateTenantApiTokensData,
      body: { description: 'CI', roleIds: [], expiresInMinutes: 1440 },
      save: 'tenantToken',
    },
    {
      name: 'a negative expiry is refused',
      call: atc.updateTenantApiTokensData,
      body: { description: 'bad', expiresInMinutes: -5 },
      expect: 400,
    },
    { name: 'the personal tokens', call: atc.getUserApiTokensData },
    {
      name: 'a personal token without expiry (null)',
      call: atc.updateUserApiTokensData,
      body: { description: 'Laptop', expiresInMinutes: null },
      save: 'userToken',
    },
    {
      name: 'a personal token, the expiry option not set',
      call: atc.updateUserApiTokensData,
      body: { description: 'Script' },
    },
    {
      name: 'the exchange of a tenant token',
      call: atc.exchangeApiToken,
      body: (saved) => ({ clientId: saved.tenantToken.clientId, secret: saved.tenantToken.secret }),
    },
    {
      name: 'the exchange of an unknown clientId is refused',
      call: atc.exchangeApiToken,
      body: { clientId: 'no-such-client', secret: 'nope' },
      expect: 401,
    },
    {
      name: 'delete the tenant token',
      call: atc.deleteTenantApiToken,
      params: (saved) => ({ tokenId: saved.tenantToken.clientId }),
    },
    {
      name: 'delete the personal token',
      call: atc.deleteUserApiToken,
      params: (saved) => ({ tokenId: saved.userToken.clientId }),
    },
    {
      name: 'delete an unknown token',
      call: atc.deleteTenantApiToken,
      params: { tokenId: 'no-such-token' },
      expect: 404,
    },
  ],
};
