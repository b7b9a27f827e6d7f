import { useEffect, useState } from 'react';
import type { PublicAuthStrategies } from '../../shared/api/auth';
import { publicStrategiesAtom } from '../../shared/auth/strategies.atoms';
import { store } from '../../shared/store';

/** The vendor's public auth strategies: undefined while loading, null when they cannot be read. */
export function usePublicStrategies(): PublicAuthStrategies | null | undefined {
  const [strategies, setStrategies] = useState<PublicAuthStrategies | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void store.get(publicStrategiesAtom).then((s) => live && setStrategies(s));
    return () => {
      live = false;
    };
  }, []);
  return strategies;
}
