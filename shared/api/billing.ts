import { api } from './client';
import { paths } from './paths';

/** Billing shapes the checkout reads (001 §3; the billing calls have no contract yet). */
export interface Plan {
  id: string;
  name: string;
  description?: string;
  slug?: string;
  price: { amount: number; currency?: string };
}
export interface Subscription {
  id: string;
  status: string;
  planId?: string;
  plan?: string;
}
export interface PaymentMethod {
  id: string;
  type?: string;
  brand?: string;
  last4?: string;
}
/** A change of a managed subscription: the new plan and the method that pays for it. */
export interface SubscriptionChange {
  paymentMethodId?: string;
  planId: string;
}

/** The checkout's billing calls. */
export const billingApi = {
  plans: () => api.request<Plan[]>(paths.plans.getSubscriptionPlans),
  subscriptions: () => api.request<Subscription[]>(paths.managedSubscriptions.getManagedSubscriptions),
  paymentMethods: () => api.request<PaymentMethod[]>(paths.paymentMethods.getPaymentMethods),
  updateSubscription: (subscriptionId: string, body: SubscriptionChange) =>
    api.request<void>(paths.managedSubscriptions.updateManagedSubscription, {
      params: { subscriptionId },
      body,
    }),
};
