// Every family's contracts (the server and the contract test read them all; elements import one family's
// types only).
import type { Contracts } from './contract';
import { rolesContracts } from './roles';

export const contracts = {
  roles: rolesContracts,
} satisfies Record<string, Contracts>;
