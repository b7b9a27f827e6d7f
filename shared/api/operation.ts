import { errorMessage } from './errors';

/** Where an operation keeps its state: a loader and the error shown for it (React state setters, atoms…). */
export interface OperationState {
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
}

export type OperationResult<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Runs one operation of a page: loader on and error cleared before, the error message stored on failure
 * (API-018), the loader cleared in every case (API-019). Never throws: the caller reads `ok`. `generic` is
 * the text of an error without a message of its own (API-016).
 */
export async function runOperation<T>(
  { setLoading, setError }: OperationState,
  fn: () => Promise<T> | T,
  generic?: string,
): Promise<OperationResult<T>> {
  setLoading(true);
  setError(null);
  try {
    const data = await fn();
    return { ok: true, data };
  } catch (err) {
    const error = errorMessage(err, generic);
    setError(error);
    return { ok: false, error };
  } finally {
    setLoading(false);
  }
}
