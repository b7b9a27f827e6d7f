// The Stripe adapter (issue 19): placeholder until its helper writes it.
import type { BillingConfig } from '../../config';
import type { PaymentProvider } from '../provider';

export function createStripeProvider(_config: BillingConfig['stripe']): PaymentProvider {
  throw new Error('The Stripe adapter is not written yet');
}
