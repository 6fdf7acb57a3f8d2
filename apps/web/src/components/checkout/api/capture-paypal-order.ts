import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { api, segment } from '../../../lib/api-client.ts';

/**
 * POST /api/payments/paypal/orders/:id/capture: COMPLETED (granted) or PENDING (PayPal's webhook
 * settles it). A 402 PAYMENT is a declined payment: the buyer may try again.
 */
export function capturePaypalOrder(paypalOrderId: string): Promise<CaptureResult> {
  return api.post<CaptureResult>(`/payments/paypal/orders/${segment(paypalOrderId)}/capture`);
}
