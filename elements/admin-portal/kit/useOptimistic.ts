import { useCallback, useRef } from 'react';
import { runOperation, type OperationResult, type OperationState } from '../../../shared/api/operation';

/** One optimistic change: shown at once, sent, and taken back when the server refuses it. */
export interface OptimisticChange<T> {
  /** Shows the change at once. */
  apply: () => void;
  /** Puts back what was shown before. */
  rollback: () => void;
  call: () => Promise<T>;
}

/** The result of the call, and whether the change was still the latest of its key when it ended. */
export type OptimisticResult<T> = OperationResult<T> & { latest: boolean };

/**
 * Optimistic changes (TEAM-003) on top of `runOperation` (API-018/019): each change is shown at once and sent;
 * on failure it is rolled back and the server's error goes to the operation state. Changes are keyed (a row's
 * id): an older answer or failure never undoes a newer change of the same key, and `pending(key)` tells a
 * reload not to overwrite a change still under way.
 */
export function useOptimistic() {
  const tokens = useRef(new Map<string, number>());

  const run = useCallback(
    async <T>(
      key: string,
      change: OptimisticChange<T>,
      state: OperationState,
      generic?: string,
    ): Promise<OptimisticResult<T>> => {
      const token = (tokens.current.get(key) ?? 0) + 1;
      tokens.current.set(key, token);
      change.apply();
      const result = await runOperation(state, change.call, generic);
      const latest = tokens.current.get(key) === token;
      if (latest) {
        tokens.current.delete(key);
        if (!result.ok) change.rollback();
      }
      return { ...result, latest };
    },
    [],
  );

  const pending = useCallback((key: string) => tokens.current.has(key), []);

  return { run, pending };
}
