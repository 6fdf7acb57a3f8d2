import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { approveSandboxPaypalOrder } from './api/approve-sandbox-paypal-order.ts';
import { capturePaypalOrder } from './api/capture-paypal-order.ts';
import type { OrderRequest } from './api/create-card-order.ts';
import { createPaypalOrder } from './api/create-paypal-order.ts';
import { approveSandboxPaypalSubscription, confirmPaypalSubscription, createPaypalSubscription } from './api/paypal-subscription.ts';

export type SandboxPaypalStep = 'creating' | 'approving' | 'capturing';

/**
 * What PayPal's button and window do in live mode, against the embedded sandbox: our server
 * creates the order (a package: a monthly subscription), the buyer approves it, our server
 * captures it (a subscription: reads its first charge back). Every attempt starts afresh, so a
 * declined or abandoned one never blocks the next try.
 */
export async function runSandboxPaypal(order: OrderRequest, onStep: (step: SandboxPaypalStep) => void): Promise<CaptureResult> {
  onStep('creating');
  if (order.kind === 'package') {
    const { id } = await createPaypalSubscription(order.id);
    onStep('approving');
    await approveSandboxPaypalSubscription(id);
    onStep('capturing');
    return confirmPaypalSubscription(id);
  }
  const { id } = await createPaypalOrder({ kind: order.kind, id: order.id });
  onStep('approving');
  await approveSandboxPaypalOrder(id);
  onStep('capturing');
  return capturePaypalOrder(id);
}
