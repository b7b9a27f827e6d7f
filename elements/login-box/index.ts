import { createElementClass, defineElement } from '../../shared/element/defineElement';
import type { FeElementJsx } from '../../shared/element/jsx';
import { LoginBox } from './LoginBox';

/**
 * Every sign-in screen: login, sign-up, activation, invitation, password reset, logout.
 *
 * @summary The sign-in box.
 * @customElement fe-login-box
 * @attr base-url - The identity server's origin (required unless `preview`).
 * @attr preview - Replays sample data after 500 ms instead of calling a server.
 * @attr theme - A JSON theme object (palette, typography, shape).
 * @attr theme-mode - `light` (default) or `dark`.
 * @attr locale - The language of the texts, e.g. `en` or `he`.
 * @attr localizations - JSON overrides of any text, per locale.
 * @attr url-strategy - `path` (default) or `hash`.
 * @attr routes - JSON overrides of the auth routes.
 * @attr app - The name of the app this element belongs to (default `default`).
 * @event fe-authenticated - A user signed in; `detail.user` is the user.
 * @event fe-navigate - Cancelable: the element is about to change the URL; `detail.url`.
 * @csspart root - The element's root container.
 * @csspart card - The box around the screen (one width on every screen).
 * @csspart backdrop - Around the card: an account's custom login box colours it (`?tenantId=` in the URL).
 * @csspart logo - The account's logo in the card, with a custom login box.
 * @cssproperty --fe-color-primary - The main colour.
 */
export class FeLoginBoxElement extends createElementClass('fe-login-box', LoginBox) {}

defineElement('fe-login-box', FeLoginBoxElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-login-box': FeLoginBoxElement;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'fe-login-box': FeElementJsx;
    }
  }
}
