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
 * @attr portal - JSON: base route of the deep links and field/tab appearance, e.g.
 *   `{"route":"/admin-box","fields":{"profile.phoneNumber":"viewOnly"},"tabs":{"account.customLogin":"hidden"}}`.
 * @attr layout - `inline` (default: in the host's flow) or `modal` (a dialog shown while `open` is set).
 * @attr open - With `layout="modal"`: the portal dialog is open (also the `open` property).
 * @attr theme - A JSON theme object (palette, typography, shape).
 * @attr theme-mode - `light` (default) or `dark`.
 * @attr locale - The language of the texts.
 * @attr lazy - Do not load the portal as the last step of the page's load sequence.
 * @attr app - The name of the app this element belongs to (default `default`).
 * @event fe-navigate - Cancelable: the element is about to change the URL; `detail.url`.
 * @event fe-portal-close - The user closed the modal portal (the `open` attribute is gone); `detail.reason`.
 * @event fe-tenant-switched - The user switched account; `detail.tenantId`, `detail.previousTenantId`.
 * @csspart root - The element's root container.
 * @csspart navigation - The side navigation.
 * @csspart page - The current page.
 * @csspart header - The portal's title row (tenant switcher, close button).
 * @csspart portal-dialog - The modal layout's dialog.
 */
export class FeAdminPortalElement extends createElementClass('fe-admin-portal', AdminPortal) {
  /** With `layout="modal"`: whether the portal dialog is open (reflects the `open` attribute). */
  get open(): boolean {
    return this.hasAttribute('open');
  }
  set open(value: boolean) {
    this.toggleAttribute('open', Boolean(value));
  }

  /** `inline` (default) or `modal` (reflects the `layout` attribute). */
  get layout(): 'inline' | 'modal' {
    return this.getAttribute('layout') === 'modal' ? 'modal' : 'inline';
  }
  set layout(value: 'inline' | 'modal') {
    this.setAttribute('layout', value === 'modal' ? 'modal' : 'inline');
  }
}

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
      'fe-admin-portal': FeElementJsx<{ layout?: 'inline' | 'modal'; open?: boolean }>;
    }
  }
}
