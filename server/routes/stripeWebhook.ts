// Stripe's signed events (issue 19, BILLING-003): Stripe runs the periods of its subscriptions and tells us
// here. The raw body is read once and its signature verified with the SDK (the webhook secret, the timestamp
// tolerance) before anything of it is read; a bad signature is refused (400) with an audit row. Each event is
// then applied by the billing service, once per event id: a redelivery changes nothing. Only while Stripe is
// the provider (the `webhook` regime answers 404 otherwise).
import { billingContracts as bc } from '../../shared/api/contracts/billing';
import type { AnswerOf } from '../../shared/api/contracts/contract';
import { paths } from '../../shared/api/paths';
import { WebhookSignatureError, type ProviderEvent } from '../billing/provider';
import { applyProviderEvent, provider } from '../billing/service';
import { apiError } from '../context';
import { defineFamily, webhookEndpoint } from './endpoints';

/** Stripe's webhook: no token; the `stripe-signature` header over the exact body is the credential. */
export const stripeWebhookEndpointsByName = {
  receiveStripeWebhook: webhookEndpoint(
    paths.stripe.receiveStripeWebhook,
    'signed with STRIPE_WEBHOOK_SECRET',
  ),
} as const;

export const stripeWebhookRoutes = defineFamily(stripeWebhookEndpointsByName, (on, e, services) => {
  const { config } = services;

  on(e.receiveStripeWebhook, async (c) => {
    // The exact bytes Stripe signed (never a re-serialised JSON); the app's body limit caps them.
    const raw = await c.req.text();
    if (raw.length > config.bodyLimit) throw apiError(413, 'Error request is too large');
    let events: ProviderEvent[];
    try {
      events = await provider(services).parseWebhook(raw, c.req.header('stripe-signature'));
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      await c.var.audit({
        action: 'Billing webhook refused: bad signature',
        severity: 'Medium',
        json: { reason: error.reason },
      });
      throw apiError(400, 'Invalid webhook signature');
    }
    for (const event of events) await applyProviderEvent(services, event);
    return c.json({ received: true } satisfies AnswerOf<typeof bc.receiveStripeWebhook>);
  });
});
