import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { unlockMe } from '../../shared/api/auth';
import { currentSearchParamsAtom } from '../../shared/options/location';

export type UnlockState = 'none' | 'unlocking' | 'unlocked' | 'failed';

/**
 * The unlock link mailed at a lockout opens the login route with `unlockToken`: the token is spent once
 * (unlockMe) and the login form says whether the account is unlocked.
 */
export function useUnlockLink(): UnlockState {
  const token = useAtomValue(currentSearchParamsAtom).get('unlockToken');
  const [state, setState] = useState<UnlockState>(token ? 'unlocking' : 'none');
  useEffect(() => {
    if (!token) return;
    let live = true;
    unlockMe(token).then(
      () => live && setState('unlocked'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}
