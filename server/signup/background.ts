// Work done after the answer (mail, token writes for known emails): its latency and failures never show in
// the answer, so known and unknown emails answer alike even when SMTP is slow or down.
import { log } from '../log';

const pending = new WeakMap<object, Set<Promise<void>>>();

/** Runs `work` without awaiting it; `owner` (the database) groups the work so tests can wait for it. */
export function inBackground(owner: object, label: string, work: () => Promise<unknown>): void {
  let set = pending.get(owner);
  if (!set) pending.set(owner, (set = new Set()));
  const task: Promise<void> = work().then(
    () => undefined,
    (error: unknown) => log.error({ err: error, task: label }, 'background task failed'),
  );
  set.add(task);
  void task.finally(() => set.delete(task));
}

/** Resolves when every background task of `owner` started so far (and any they start) has finished. */
export async function settled(owner: object): Promise<void> {
  const set = pending.get(owner);
  while (set && set.size > 0) await Promise.all([...set]);
}
