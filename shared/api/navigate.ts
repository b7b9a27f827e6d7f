/** Detail of the `fe-navigate` event: cancel it to let an SPA router take over the navigation. */
export interface FeNavigateDetail {
  url: string;
}

declare global {
  interface DocumentEventMap {
    'fe-navigate': CustomEvent<FeNavigateDetail>;
  }
}

/**
 * Sends the browser to `url`: dispatches a cancelable, bubbling, composed `fe-navigate` event on `document`
 * and calls `assign(url)` unless a listener cancelled it.
 */
export function navigateTo(
  url: string,
  assign: (url: string) => void = (u) => window.location.assign(u),
): void {
  const event = new CustomEvent<FeNavigateDetail>('fe-navigate', {
    detail: { url },
    bubbles: true,
    composed: true,
    cancelable: true,
  });
  if (document.dispatchEvent(event)) assign(url);
}
