import { expect } from '@open-wc/testing';
import {
  THEME_SETTER_ERROR_MESSAGE,
  THEME_SETTER_POLL_MS,
  THEME_SETTER_TIMEOUT_MS,
  waitForThemeSetter,
} from './themeSetter';

type Setter = (theme: object) => void;

/** A fake sleep that advances a virtual clock and records each wait. */
function virtualClock() {
  const clock = { now: 0, sleeps: [] as number[], checks: 0 };
  const sleep = async (ms: number): Promise<void> => {
    clock.sleeps.push(ms);
    clock.now += ms;
  };
  return { clock, sleep };
}

/** A setter that exists from virtual time `readyAt` on. */
function setterReadyAt(clock: { now: number; checks: number }, readyAt: number, setter: Setter) {
  return (): Setter | undefined => {
    clock.checks += 1;
    return clock.now >= readyAt ? setter : undefined;
  };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('waitForThemeSetter', () => {
  it('[THEME-007] defaults: 4000 ms, polled every 50 ms', () => {
    expect(THEME_SETTER_TIMEOUT_MS).to.equal(4000);
    expect(THEME_SETTER_POLL_MS).to.equal(50);
  });

  it('[THEME-007] resolves at once when the setter already exists, without waiting', async () => {
    const { clock, sleep } = virtualClock();
    const setter: Setter = () => {};
    expect(await waitForThemeSetter(setterReadyAt(clock, 0, setter), { sleep })).to.equal(setter);
    expect(clock.sleeps).to.deep.equal([]);
  });

  it('[THEME-007] polls every 50 ms and resolves as soon as the setter appears', async () => {
    const { clock, sleep } = virtualClock();
    const setter: Setter = () => {};
    const result = await waitForThemeSetter(setterReadyAt(clock, 120, setter), { sleep });
    expect(result).to.equal(setter);
    expect(clock.sleeps).to.deep.equal([50, 50, 50]);
    expect(clock.now).to.equal(150);
    expect(clock.checks).to.equal(4);
  });

  it('[THEME-007] waits up to 4000 ms: 80 polls of 50 ms, and a setter at 4000 ms still counts', async () => {
    const { clock, sleep } = virtualClock();
    const setter: Setter = () => {};
    expect(await waitForThemeSetter(setterReadyAt(clock, 4000, setter), { sleep })).to.equal(setter);
    expect(clock.sleeps).to.have.length(80);
    expect(clock.sleeps.every((ms) => ms === 50)).to.equal(true);
    expect(clock.now).to.equal(4000);
  });

  it("[THEME-008] not ready within 4000 ms rejects with 'Failed to load Renderer with themeSetter'", async () => {
    const { clock, sleep } = virtualClock();
    const error = await rejection(
      waitForThemeSetter(
        setterReadyAt(clock, 4050, () => {}),
        { sleep },
      ),
    );
    expect(error).to.be.instanceOf(Error);
    expect(error.message).to.equal('Failed to load Renderer with themeSetter');
    expect(THEME_SETTER_ERROR_MESSAGE).to.equal(error.message);
    expect(clock.sleeps).to.have.length(80);
    expect(clock.now).to.equal(4000);
    // one check at start plus one after each of the 80 polls
    expect(clock.checks).to.equal(81);
  });

  it('honours custom timeout and interval', async () => {
    const { clock, sleep } = virtualClock();
    await rejection(waitForThemeSetter(() => undefined, { sleep, timeoutMs: 1000, intervalMs: 100 }));
    expect(clock.sleeps).to.deep.equal(Array(10).fill(100));
  });

  it('uses real timers by default', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 30);
    const started = performance.now();
    const value = await waitForThemeSetter(() => (ready ? 'setter' : undefined), {
      timeoutMs: 1000,
      intervalMs: 10,
    });
    expect(value).to.equal('setter');
    expect(performance.now() - started).to.be.at.least(25);
    const error = await rejection(waitForThemeSetter(() => undefined, { timeoutMs: 40, intervalMs: 10 }));
    expect(error.message).to.equal(THEME_SETTER_ERROR_MESSAGE);
  });

  it('rejects a non-positive interval instead of spinning forever', async () => {
    const error = await rejection(waitForThemeSetter(() => undefined, { intervalMs: 0 }));
    expect(error).to.be.instanceOf(RangeError);
  });
});
