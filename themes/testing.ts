// Typed handles on the mocha globals web-test-runner installs; the repo has no @types/mocha, and module
// exports (unlike a global .d.ts) cannot clash with it if it is added later.
type Body = (this: unknown) => void | Promise<void>;
interface MochaGlobals {
  describe: (title: string, body: () => void) => void;
  it: (title: string, body: Body) => void;
}

const globals = globalThis as unknown as MochaGlobals;
export const describe: MochaGlobals['describe'] = (title, body) => globals.describe(title, body);
export const it: MochaGlobals['it'] = (title, body) => globals.it(title, body);
