import type { ReactNode } from 'react';
import type { AccountData } from '../../../../shared/api/useAccountData';
import { useT } from '../../../../shared/i18n/useT';
import { Alert, SkeletonBlock } from '../../../../shared/ui';
import { LoadError } from '../../kit/notices';

/**
 * A list of the account's own things (passkeys, phone numbers): its intro and a failed action, then the list
 * as it loads: a skeleton, the load error with a retry, the empty text, or `children` once there are `items`.
 */
export function AccountList(props: {
  intro: string;
  failure: string | null;
  state: AccountData<unknown>;
  onRetry: () => void;
  items: readonly unknown[];
  empty: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const { state } = props;
  return (
    <>
      <p css={{ margin: 0, color: 'var(--fe-color-text-secondary)' }}>{props.intro}</p>
      {props.failure && <Alert severity="error">{props.failure}</Alert>}
      {state.status === 'loading' && <SkeletonBlock label={t('common.loading')} lines={2} />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={props.onRetry} />}
      {state.status === 'ready' &&
        (props.items.length === 0 ? <p css={{ margin: 0 }}>{props.empty}</p> : props.children)}
    </>
  );
}
