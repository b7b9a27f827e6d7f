/** Profile load retries (PROFILE-003): 3 more attempts, 2000 ms apart, before the error shows. */
export const PROFILE_LOAD_RETRIES = 3;
export const PROFILE_RETRY_INTERVAL_MS = 2000;

export interface RetryOptions {
  retries?: number;
  intervalMs?: number;
  /** How to wait; tests inject one that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** False once nobody waits for the answer (the page closed): no further attempt is made. */
  isLive?: () => boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `load` until it succeeds, at most `1 + retries` times, waiting `intervalMs` between attempts. */
export async function loadWithRetries<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    retries = PROFILE_LOAD_RETRIES,
    intervalMs = PROFILE_RETRY_INTERVAL_MS,
    sleep = defaultSleep,
    isLive = () => true,
  } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries || !isLive()) throw error;
      await sleep(intervalMs);
      if (!isLive()) throw error;
    }
  }
}
