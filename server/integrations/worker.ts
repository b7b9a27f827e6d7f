// The delivery worker (issue 21): claims due deliveries (server/integrations/queue.ts) and sends them, at most
// `concurrency` at once, each within the guarded fetch's limits (10 s, 64 kB): a slow or hostile receiver holds
// one slot for at most 10 s and never the claiming of the others. Polls every second (an unref'd timer) and when
// nudged (an event was queued in this process, a retry was asked for); claims never overlap in one process, and
// a slot freed claims again at once. `stop` ends polling, aborts the sends under way (not recorded: their locks
// expire and they are sent again — at-least-once) and waits for them, before the database closes. It also prunes
// old delivered and failed deliveries and webhook logs (DELIVERY_RETENTION_DAYS) at start and hourly.
import type { Services } from '../context';
import { log } from '../log';
import { claimDue, onQueued, pruneDeliveries, type Delivery } from './queue';
import { attemptDelivery } from './send';

export const POLL_MS = 1_000;
export const DEFAULT_LOCK_SECONDS = 60;
/** How often old deliveries and webhook logs are pruned (and once at start): queue.ts `pruneDeliveries`. */
export const PRUNE_INTERVAL_MS = 60 * 60_000;

export interface DeliveryWorker {
  stop(): Promise<void>;
  nudge(): void;
}

export function startDeliveryWorker(
  services: Services,
  {
    pollMs = POLL_MS,
    concurrency = 8,
    batch = 20,
    now = () => new Date(),
    pruneMs = PRUNE_INTERVAL_MS,
  }: { pollMs?: number; concurrency?: number; batch?: number; now?: () => Date; pruneMs?: number } = {},
): DeliveryWorker {
  const lockMs = (services.config.connectivity.lockSeconds ?? DEFAULT_LOCK_SECONDS) * 1000;
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  let stopped = false;
  let claiming: Promise<void> | null = null;
  let again = false;

  const send = (delivery: Delivery) => {
    const run = attemptDelivery(services, delivery, { signal: abort.signal, now })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopped)
          log.error({ err: error, deliveryId: delivery.id }, 'integration delivery failed to run');
      })
      .finally(() => {
        inFlight.delete(run);
        tick();
      });
    inFlight.add(run);
  };

  const claim = async () => {
    do {
      again = false;
      const free = Math.min(batch, concurrency - inFlight.size);
      if (free <= 0 || stopped) return;
      const claimed = await claimDue(services.db, free, lockMs, now());
      if (stopped) return; // claimed rows stay locked until it expires: sent again later
      for (const delivery of claimed) send(delivery);
      if (claimed.length === free) again = true;
    } while (again && !stopped);
  };

  function tick() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'claiming deliveries failed');
      })
      .finally(() => {
        claiming = null;
        if (again) tick();
      });
  }

  // Retention: delivered and failed deliveries and webhook logs older than 30 days, at start and hourly.
  let pruning: Promise<void> | undefined;
  const prune = () => {
    if (pruning || stopped) return;
    pruning = pruneDeliveries(services.db, { now: now(), signal: abort.signal })
      .then((deleted) => {
        if (deleted) log.info({ deleted }, 'old deliveries and webhook logs deleted');
      })
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'pruning deliveries failed');
      })
      .finally(() => {
        pruning = undefined;
      });
  };

  const timer = setInterval(tick, pollMs);
  timer.unref();
  const pruneTimer = setInterval(prune, pruneMs);
  pruneTimer.unref();
  const unsubscribe = onQueued(tick);
  tick();
  prune();
  return {
    nudge: tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      unsubscribe();
      abort.abort();
      await claiming;
      await pruning;
      await Promise.allSettled([...inFlight]);
    },
  };
}
