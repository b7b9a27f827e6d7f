// The payment provider of the configuration (BILLING_PROVIDER): local (the default), Stripe, or none (the
// billing calls then answer 'Internal feature failure' / 'Payment provider not configured').
import type { ServerConfig } from '../../config';
import type { Db } from '../../db';
import type { PaymentProvider } from '../provider';
import { createLocalProvider } from './local';
import { createStripeProvider } from './stripe';

export function createPaymentProvider(config: ServerConfig, _db: Db): PaymentProvider | null {
  switch (config.billing.provider) {
    case 'local':
      return createLocalProvider();
    case 'stripe':
      return createStripeProvider(config.billing.stripe);
    case 'none':
      return null;
  }
}
