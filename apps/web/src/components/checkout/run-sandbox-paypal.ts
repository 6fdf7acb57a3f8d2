import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { approveSandboxPaypalOrder } from './api/approve-sandbox-paypal-order.ts';
import { capturePaypalOrder } from './api/capture-paypal-order.ts';
import type { OrderRequest } from './api/create-card-order.ts';
import { createPaypalOrder } from './api/create-paypal-order.ts';

export type SandboxPaypalStep = 'creating' | 'approving' | 'capturing';

/**
 * What PayPal's button and window do in live mode, against the embedded sandbox: our server
 * creates the order, the buyer approves it, our server captures it. Every attempt starts a fresh
 * order, so a declined or abandoned one never blocks the next try.
 */
export async function runSandboxPaypal(order: OrderRequest, onStep: (step: SandboxPaypalStep) => void): Promise<CaptureResult> {
  onStep('creating');
  const { id } = await createPaypalOrder(order);
  onStep('approving');
  await approveSandboxPaypalOrder(id);
  onStep('capturing');
  return capturePaypalOrder(id);
}
