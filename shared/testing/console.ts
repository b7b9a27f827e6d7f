// Test helper: tests do not log. Replaces console.warn or console.error until restored and keeps the calls.
export function captureConsole(method: 'error' | 'warn' = 'error') {
  const calls: unknown[][] = [];
  const original = console[method];
  console[method] = (...args: unknown[]) => void calls.push(args);
  return { calls, restore: () => void (console[method] = original) };
}
