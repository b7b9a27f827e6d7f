import { createElementClass, defineElement } from '../../shared/element/defineElement';
import type { FeElementJsx } from '../../shared/element/jsx';
import { SecurityCenter } from './SecurityCenter';

/**
 * The account's security dashboard: a score, recommendations, insights and the users to follow up.
 *
 * @summary The security center.
 * @customElement fe-security-center
 * @attr base-url - The identity server's origin (required unless `preview`).
 * @attr preview - Replays sample data after 500 ms instead of calling a server.
 * @attr theme-mode - `light` (default) or `dark`.
 * @attr locale - The language of the texts.
 * @event fe-navigate - Cancelable: a recommendation opens the portal page that fixes it (`detail.url`, e.g.
 *   `/admin-box/security`).
 * @csspart root - The element's root container.
 * @csspart card - The box around the dashboard.
 */
export class FeSecurityCenterElement extends createElementClass('fe-security-center', SecurityCenter) {}

defineElement('fe-security-center', FeSecurityCenterElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-security-center': FeSecurityCenterElement;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'fe-security-center': FeElementJsx;
    }
  }
}
