import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { userAtom } from '../auth/session.atoms';
import { useT } from '../i18n/useT';
import { optionsAtom } from '../options/options.atoms';
import { errorMessage } from './errors';

export type AccountData<T> =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: string };

/**
 * Loads data that belongs to the signed-in account: once there is a user (again when the user changes), or
 * at once in preview. A late answer for a previous user is dropped.
 */
export function useAccountData<T>(fetcher: () => Promise<T>): { state: AccountData<T>; reload: () => void } {
  const { t } = useT();
  const userId = useAtomValue(userAtom)?.id;
  const { preview } = useAtomValue(optionsAtom);
  const loadKey = preview ? 'preview' : userId;
  const [state, setState] = useState<AccountData<T>>({ status: loadKey ? 'loading' : 'signedOut' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!loadKey) return setState({ status: 'signedOut' });
    let live = true;
    setState({ status: 'loading' });
    fetcher().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // The fetcher is a fresh closure each render; the key and the retry count decide when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey, attempt]);

  return { state, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}
