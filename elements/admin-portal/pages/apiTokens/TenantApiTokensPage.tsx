import { ApiTokensView } from './ApiTokensView';

/** The account's API tokens (SCREEN-046, navigation entry `apiTokens`): they act with their roles. */
export default function TenantApiTokensPage() {
  return <ApiTokensView kind="tenant" />;
}
