import type { WritableAtom } from 'jotai';
import type { Store } from '../store';
import { errorMessage } from './errors';

export interface OperationAtoms {
  loadingAtom: WritableAtom<boolean, [boolean], unknown>;
  errorAtom: WritableAtom<string | null, [string | null], unknown>;
}

export type OperationResult<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Runs one operation: loader on and error cleared before, the error message stored on failure (API-018),
 * the loader cleared in every case (API-019). Never throws: the caller reads `ok`.
 */
export async function runOperation<T>(
  store: Pick<Store, 'set'>,
  { loadingAtom, errorAtom }: OperationAtoms,
  fn: () => Promise<T> | T,
): Promise<OperationResult<T>> {
  store.set(loadingAtom, true);
  store.set(errorAtom, null);
  try {
    const data = await fn();
    return { ok: true, data };
  } catch (err) {
    const error = errorMessage(err);
    store.set(errorAtom, error);
    return { ok: false, error };
  } finally {
    store.set(loadingAtom, false);
  }
}
