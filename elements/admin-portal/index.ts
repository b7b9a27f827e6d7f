import { createElementClass, defineElement } from '../../shared/element/defineElement';
import type { FeElementJsx } from '../../shared/element/jsx';
import { AdminPortal } from './AdminPortal';

/**
 * The self-service portal: profile, privacy, account, users, roles, groups, security, audits and more,
 * each navigation entry shown by its visibility and the user's permissions. The portal code loads on demand.
 *
 * @summary The admin portal.
 * @customElement fe-admin-portal
 * @attr base-url - The identity server's origin (required unless `preview`).
 * @attr preview - Replays sample data after 500 ms instead of calling a server.
 * @attr navigation - JSON visibility per entry, e.g. `{"roles":{"visibility":"byPermissions"}}`.
 * @attr theme - A JSON theme object (palette, typography, shape).
 * @attr theme-mode - `light` (default) or `dark`.
 * @attr locale - The language of the texts.
 * @attr lazy - Do not load the portal as the last step of the page's load sequence.
 * @attr app - The name of the app this element belongs to (default `default`).
 * @event fe-navigate - Cancelable: the element is about to change the URL; `detail.url`.
 * @csspart root - The element's root container.
 * @csspart navigation - The side navigation.
 * @csspart page - The current page.
 */
export class FeAdminPortalElement extends createElementClass('fe-admin-portal', AdminPortal) {}

defineElement('fe-admin-portal', FeAdminPortalElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-portal': FeAdminPortalElement;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'fe-admin-portal': FeElementJsx;
    }
  }
}
