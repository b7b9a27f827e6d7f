import { useCallback, useSyncExternalStore } from 'react';

/** How the portal sits in the host page: in its flow (default), or as a modal dialog the host opens. */
export type PortalLayout = 'inline' | 'modal';

export const portalLayout = (value: string | null): PortalLayout => (value === 'modal' ? 'modal' : 'inline');

/** An attribute of the host element, followed as the host changes it (MutationObserver). */
export function useHostAttribute(host: Element | undefined, name: string): string | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!host) return () => {};
      const observer = new MutationObserver(notify);
      observer.observe(host, { attributes: true, attributeFilter: [name] });
      return () => observer.disconnect();
    },
    [host, name],
  );
  return useSyncExternalStore(subscribe, () => host?.getAttribute(name) ?? null);
}

/** Detail of `fe-portal-close`: how the modal portal was closed. */
export interface FePortalCloseDetail {
  reason: 'closeButton' | 'escape';
}

declare global {
  interface HTMLElementEventMap {
    'fe-portal-close': CustomEvent<FePortalCloseDetail>;
    'fe-tenant-switched': CustomEvent<FeTenantSwitchedDetail>;
  }
}

/** Detail of `fe-tenant-switched`. */
export interface FeTenantSwitchedDetail {
  tenantId: string;
  previousTenantId: string | null;
}

/** The user closed the modal portal: the host's `open` attribute goes, and the host hears of it. */
export function closePortal(host: HTMLElement | undefined, reason: FePortalCloseDetail['reason']): void {
  if (!host) return;
  host.removeAttribute('open');
  host.dispatchEvent(
    new CustomEvent<FePortalCloseDetail>('fe-portal-close', {
      bubbles: true,
      composed: true,
      detail: { reason },
    }),
  );
}
