// Stripe.js, loaded only when the provider is Stripe: `@stripe/stripe-js/pure` (no script injected at import),
// imported dynamically so it is its own chunk. Only the publishable key reaches it.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';

const loads = new Map<string, Promise<Stripe>>();

/** Stripe for a publishable key (one per key); a failed load is forgotten so a later call tries again. */
export function loadStripeFor(publishableKey: string): Promise<Stripe> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        return stripe;
      });
    load.catch(() => loads.delete(publishableKey));
    loads.set(publishableKey, load);
  }
  return load;
}

/** Forgets the loaded instances (tests swap `window.Stripe`). */
export function forgetStripe(): void {
  loads.clear();
}

/**
 * A mount point for Stripe's Card Element. Stripe refuses one inside a shadow root ("Elements cannot be
 * mounted in a ShadowRoot. Please mount in the Light DOM.": its frames talk to the light DOM), so the
 * container is a light-DOM child of the outermost host, and reaches `slot` (rendered in the element's shadow
 * root) through one forwarding `<slot>` per shadow host in between. `release()` removes what was added.
 */
export function lightDomMountPoint(slot: HTMLSlotElement): { target: HTMLElement; release(): void } {
  const added: Element[] = [];
  const target = document.createElement('div');
  target.setAttribute('data-stripe-card', '');
  let root = slot.getRootNode();
  if (!(root instanceof ShadowRoot)) {
    slot.append(target);
    return { target, release: () => target.remove() };
  }
  while (root instanceof ShadowRoot) {
    const host = root.host;
    const above = host.getRootNode();
    const node = above instanceof ShadowRoot ? document.createElement('slot') : target;
    if (node instanceof HTMLSlotElement) node.name = slot.name;
    node.setAttribute('slot', slot.name);
    host.append(node);
    added.push(node);
    root = above;
  }
  return { target, release: () => added.forEach((node) => node.remove()) };
}

export type { Stripe, StripeCardElement };
