import { paymentsApi } from '@traffic/shared/contract/payments';
import { call, sandboxApi, segment } from '../../../lib/api-client.ts';

/** POST /api/payments/paypal/subscriptions: our pending order and PayPal's subscription for the package's monthly plan. */
export function createPaypalSubscription(packageId: string) {
  return call(paymentsApi.paypal.createSubscription, { body: { id: packageId } });
}

/** POST /api/payments/paypal/subscriptions/:id/confirm: PayPal's record of the first charge, read by our server. */
export function confirmPaypalSubscription(subscriptionId: string) {
  return call(paymentsApi.paypal.confirmSubscription, { params: { id: subscriptionId } });
}

/** POST /sandbox/paypal/subscriptions/:id/approve: the buyer's approval, which PayPal's own window gives in live mode. */
export function approveSandboxPaypalSubscription(subscriptionId: string): Promise<{ id: string; status: string }> {
  return sandboxApi.post(`/paypal/subscriptions/${segment(subscriptionId)}/approve`);
}
