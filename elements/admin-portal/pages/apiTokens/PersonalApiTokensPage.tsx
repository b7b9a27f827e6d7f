import { ApiTokensView } from './ApiTokensView';

/** The user's own API tokens (SCREEN-045, navigation entry `personalApiTokens`): they act as the user. */
export default function PersonalApiTokensPage() {
  return <ApiTokensView kind="personal" />;
}
