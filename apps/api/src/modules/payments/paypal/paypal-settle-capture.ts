import type { Executor } from '@traffic/db';
import type { AppContext } from '../../../core/context.ts';
import { findOrder, recordPaymentEvent, updateOrder, type OrderRow } from '../orders.repository.ts';
import { grantOrder } from '../grant-order.ts';
import type { PaypalCapture } from './paypal-client.ts';

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The custom_id our orders carry at PayPal: `<kind>-<itemId>` (package-pkgBasic, hits-1000Hits). */
export function paypalCustomId(order: Pick<OrderRow, 'kind' | 'itemId'>): string {
  return `${order.kind}-${order.itemId}`;
}

/** Why a capture does not pay for this order, or undefined when amount, currency and custom_id all match. */
export function captureMismatch(order: OrderRow, capture: PaypalCapture): string | undefined {
  if (cents(capture.amount.value) !== cents(order.amount)) return `amount ${capture.amount.value} != ${order.amount}`;
  if (capture.amount.currency_code !== order.currency) return `currency ${capture.amount.currency_code} != ${order.currency}`;
  if (capture.customId !== paypalCustomId(order)) return `custom_id ${String(capture.customId)} != ${paypalCustomId(order)}`;
  if (capture.invoiceId !== undefined && capture.invoiceId !== order.id) return `invoice_id ${capture.invoiceId} != ${order.id}`;
  return undefined;
}

export type SettleResult = 'granted' | 'already granted' | 'ignored: order revoked' | 'mismatch';

/**
 * Applies a COMPLETED capture to its order, inside the caller's transaction: records the capture
 * (provider 'paypal', external id = capture id), marks the order paid and grants it. The order row
 * is locked and grantOrder sets granted_at once, so captures and webhooks racing each other grant once.
 */
export async function settlePaypalCapture(
  ctx: AppContext,
  tx: Executor,
  orderId: string,
  capture: PaypalCapture,
  payload: unknown,
): Promise<SettleResult> {
  const order = await findOrder(tx, orderId, true);
  if (!order) return 'mismatch';
  const why = capture.status === 'COMPLETED' ? captureMismatch(order, capture) : `capture status ${capture.status}`;
  if (why) {
    ctx.log.warn({ orderId, captureId: capture.id, why }, 'PayPal capture does not match the order');
    return 'mismatch';
  }
  await recordPaymentEvent(tx, {
    provider: 'paypal',
    externalId: capture.id,
    orderId: order.id,
    kind: 'payment',
    amount: order.amount,
    currency: order.currency,
    payload: payload ?? {},
  });
  if (order.status === 'revoked') return 'ignored: order revoked';
  if (order.status !== 'paid') await updateOrder(tx, order.id, { status: 'paid', paidAt: ctx.now() });
  return (await grantOrder(ctx, tx, order.id)) ? 'granted' : 'already granted';
}
