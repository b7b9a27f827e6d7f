/** THEME-007: the theme setter is awaited for up to 4000 ms. */
export const THEME_SETTER_TIMEOUT_MS = 4000;
/** THEME-007: polled every 50 ms. */
export const THEME_SETTER_POLL_MS = 50;
/** THEME-008: the exact message when the setter never appears. */
export const THEME_SETTER_ERROR_MESSAGE = 'Failed to load Renderer with themeSetter';

export interface WaitForThemeSetterOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Injectable so tests can advance a virtual clock instead of waiting 4 s. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves the theme setter as soon as `getSetter` returns one (checked at once, then after every poll);
 * rejects with 'Failed to load Renderer with themeSetter' once `timeoutMs` of polling has passed.
 */
export async function waitForThemeSetter<T>(
  getSetter: () => T | undefined,
  opts: WaitForThemeSetterOptions = {},
): Promise<T> {
  const { timeoutMs = THEME_SETTER_TIMEOUT_MS, intervalMs = THEME_SETTER_POLL_MS, sleep = realSleep } = opts;
  // A zero or negative interval would never reach the timeout.
  if (!(intervalMs > 0)) throw new RangeError(`intervalMs must be > 0, got ${intervalMs}`);
  if (!(timeoutMs >= 0)) throw new RangeError(`timeoutMs must be >= 0, got ${timeoutMs}`);
  // Counting polls (not reading Date.now) keeps the limit exact and lets a fake sleep drive the clock.
  const maxPolls = Math.ceil(timeoutMs / intervalMs);
  for (let poll = 0; ; poll += 1) {
    const setter = getSetter();
    if (setter !== undefined && setter !== null) return setter;
    if (poll >= maxPolls) throw new Error(THEME_SETTER_ERROR_MESSAGE);
    await sleep(intervalMs);
  }
}
