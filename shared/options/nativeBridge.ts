import type { Framework } from './options';

/** What a native shell (iOS, Android, Flutter web view) exposes to the page. */
export interface NativeBridge {
  postMessage(message: string): void;
}

export const NATIVE_BRIDGE_MISSING = 'FronteggNativeBridge is not available';
const nativeFrameworks: readonly Framework[] = ['ios', 'android', 'flutter'];

export const isNativeFramework = (framework: Framework) => nativeFrameworks.includes(framework);

/** The native bridge of the hosting app; its absence is an error (SHELL-022). */
export function requireNativeBridge(win: Window = window): NativeBridge {
  const bridge = (win as Window & { FronteggNativeBridge?: NativeBridge }).FronteggNativeBridge;
  if (!bridge || typeof bridge.postMessage !== 'function') throw new Error(NATIVE_BRIDGE_MISSING);
  return bridge;
}

/** Tells a native host about a session change; inside a native framework a missing bridge is logged. */
export function notifyNativeHost(framework: Framework, event: { type: 'authenticated' | 'logout' }): void {
  if (!isNativeFramework(framework)) return;
  try {
    requireNativeBridge().postMessage(JSON.stringify(event));
  } catch (error) {
    console.error('[fe-elements]', (error as Error).message);
  }
}
