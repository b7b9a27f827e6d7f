// Test helper: a stand-in for Stripe.js. `@stripe/stripe-js` uses an existing `window.Stripe` instead of
// fetching its script (which cannot be fetched here). It records what it is given and, like Stripe.js,
// refuses a mount point inside a shadow root; the "frame" it mounts is a plain input.
import { previewFetch } from '../../api/preview';
import { forgetStripe } from './stripeLoader';

export interface StripeCalls {
  keys: string[];
  mounts: HTMLElement[];
  confirms: {
    secret: string;
    data: { payment_method: { card: unknown; billing_details: { name: string } } };
  }[];
  destroyed: number;
}

/**
 * How the stand-in answers confirmCardSetup: Stripe's error, or the setup intent completed with
 * `paymentMethod` (default: the external id of the preview's first card).
 */
export interface StripeAnswer {
  error?: { message: string };
  paymentMethod?: string;
}

/** What the stand-in does in the running test: `@stripe/stripe-js` keeps the first `window.Stripe` it found. */
let current: { calls: StripeCalls; answer: StripeAnswer } | null = null;

const element = {
  mount(target: HTMLElement) {
    if (target.getRootNode() instanceof ShadowRoot)
      throw new Error(
        'IntegrationError: Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.',
      );
    const frame = document.createElement('input');
    frame.setAttribute('aria-label', 'Stripe card');
    target.append(frame);
    current!.calls.mounts.push(target);
  },
  destroy: () => void current!.calls.destroyed++,
  on: () => undefined,
};

const FakeStripe = Object.assign(
  (key: string) => {
    current!.calls.keys.push(key);
    return {
      elements: () => ({ create: (type: string) => (type === 'card' ? element : null) }),
      confirmCardSetup: async (secret: string, data: StripeCalls['confirms'][number]['data']) => {
        current!.calls.confirms.push({ secret, data });
        if (current!.answer.error) return { error: current!.answer.error };
        // Stripe completes the setup intent; the server's reconciliation makes the card (preview: the list).
        const paymentMethod =
          current!.answer.paymentMethod ?? previewFetch.state.paymentMethods[0]!.externalId;
        return { setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: paymentMethod } };
      },
    };
  },
  { version: 'endive' },
);

export function installStripe(answer: StripeAnswer = {}): StripeCalls {
  const calls: StripeCalls = { keys: [], mounts: [], confirms: [], destroyed: 0 };
  current = { calls, answer };
  (window as unknown as { Stripe?: unknown }).Stripe = FakeStripe;
  forgetStripe();
  return calls;
}

/** Removes the stand-in (the loader keeps its instance until `forgetStripe`). */
export function removeStripe(): void {
  delete (window as unknown as { Stripe?: unknown }).Stripe;
  current = null;
}
