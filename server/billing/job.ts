// The billing period job (issue 19): with a provider that does not run periods itself (local), every
// subscription whose period or trial ended by the billing clock gets its next state (server/billing/service.ts
// `runBillingJob`: renewal charged, trial end, cancellation at period end). Runs at start and every few
// minutes (an unref'd timer); the dev clock route runs it once more after moving the clock. Runs never
// overlap: each waits for the one under way.
import type { WireSubscription } from '../../shared/api/contracts/billing';
import { log } from '../log';
import { runBillingJob, type BillingDeps } from './service';

export const BILLING_JOB_INTERVAL_MS = 10 * 60_000;

const chains = new WeakMap<object, Promise<unknown>>();

/** One run, after any run under way for the same services. */
export function runBillingJobOnce(deps: BillingDeps): Promise<WireSubscription[]> {
  const previous = chains.get(deps.billing) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runBillingJob(deps));
  chains.set(deps.billing, run);
  return run;
}

export function startBillingJob(
  deps: BillingDeps,
  { intervalMs = BILLING_JOB_INTERVAL_MS }: { intervalMs?: number } = {},
): { stop: () => Promise<void> } {
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    runBillingJobOnce(deps)
      .then((touched) => {
        if (touched.length) log.info({ subscriptions: touched.length }, 'billing periods advanced');
      })
      .catch((error: unknown) => log.error({ err: error }, 'billing job failed'));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await (chains.get(deps.billing) ?? Promise.resolve()).catch(() => undefined);
    },
  };
}
