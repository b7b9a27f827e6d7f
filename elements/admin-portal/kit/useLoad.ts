import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors';
import { useT } from '../../../shared/i18n/useT';

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string };

/**
 * Loads what a page part shows, once when it mounts (a page remounts for another user or tenant) and again on
 * `reload`; a late answer of an unmounted part is dropped (`live()` tells the fetcher). `setData` shows a
 * saved value without loading again.
 */
export function useLoad<T>(fetcher: (live: () => boolean) => Promise<T>) {
  const { t } = useT();
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetcher(() => live).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'failed', error: errorMessage(error, t('common.genericError')) }),
    );
    return () => {
      live = false;
    };
    // The fetcher is a fresh closure each render and `t` changes with the locale: the retry count decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, reload, setData };
}
