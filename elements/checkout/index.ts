import { createElementClass, defineElement } from '../../shared/element/defineElement';
import type { FeElementJsx } from '../../shared/element/jsx';
import { Checkout } from './Checkout';

/**
 * The dialog that confirms a plan change (SCREEN-074): the current and the new plan with their prices, and the
 * saved card or a new one (our card form with the local provider, Stripe's Card Element with Stripe).
 *
 * @summary The checkout.
 * @customElement fe-checkout
 * @attr plan-id - The id or slug of the plan to confirm.
 * @attr base-url - The identity server's origin (required unless `preview`).
 * @attr preview - Replays sample data after 500 ms instead of calling a server.
 * @attr theme-mode - `light` (default) or `dark`.
 * @attr locale - The language of the texts.
 * @event fe-checkout-success - The plan change was confirmed; `detail: { planId, subscriptionId }` (bubbles, composed).
 * @csspart root - The element's root container.
 * @csspart card - The box around the checkout.
 */
export class FeCheckoutElement extends createElementClass('fe-checkout', Checkout, { planId: 'string' }) {}

defineElement('fe-checkout', FeCheckoutElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-checkout': FeCheckoutElement;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'fe-checkout': FeElementJsx<{ 'plan-id'?: string }>;
    }
  }
}
