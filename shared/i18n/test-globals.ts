// Mocha's globals, typed here because the project has no @types/mocha (tests in this folder import them).
type TestFn = () => void | Promise<void>;
interface MochaGlobals {
  describe(title: string, fn: () => void): void;
  it(title: string, fn: TestFn): void;
  beforeEach(fn: TestFn): void;
  afterEach(fn: TestFn): void;
}

const mocha = globalThis as unknown as MochaGlobals;
export const describe: MochaGlobals['describe'] = (title, fn) => mocha.describe(title, fn);
export const it: MochaGlobals['it'] = (title, fn) => mocha.it(title, fn);
export const beforeEach: MochaGlobals['beforeEach'] = (fn) => mocha.beforeEach(fn);
export const afterEach: MochaGlobals['afterEach'] = (fn) => mocha.afterEach(fn);

/** Replaces console.error for one test (tests do not log) and returns what it received. */
export function captureConsoleError(): { calls: unknown[][]; restore: () => void } {
  const original = console.error;
  const calls: unknown[][] = [];
  console.error = (...args: unknown[]) => void calls.push(args);
  return { calls, restore: () => void (console.error = original) };
}
