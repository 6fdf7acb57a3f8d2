import { MSG, type CaptureResult } from '@traffic/shared';
import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import type { AuthUser } from '../../../core/auth-user.ts';
import { findOrderByProviderId, updateOrder } from '../orders.repository.ts';
import { PaypalError, firstCapture, type PaypalClient, type PaypalOrder } from './paypal-client.ts';
import { settlePaypalCapture } from './paypal-settle-capture.ts';
import { claimPaypalCall } from './paypal-cool-down.ts';

export const PAYPAL_PENDING_MESSAGE = 'PayPal is reviewing this payment. Your purchase will be applied as soon as PayPal confirms it.';
export const PAYPAL_DECLINED_MESSAGE = 'Your card was declined. Please choose another way to pay.';

/**
 * POST /api/payments/paypal/orders/:id/capture (docs/integrations.md section 2). Paid only when the
 * capture is COMPLETED and matches the stored order's amount, currency and custom_id; PENDING
 * waits for the webhook; an already captured order is read back and treated the same. Capturing
 * twice, even at once, grants once (settlePaypalCapture).
 */
export async function capturePaypalOrder(
  ctx: AppContext,
  paypal: PaypalClient,
  actor: AuthUser,
  paypalOrderId: string,
): Promise<CaptureResult> {
  const order = await findOrderByProviderId(ctx.db, 'paypal', paypalOrderId);
  // Someone else's order is reported exactly like a missing one.
  if (!order || order.userId !== actor.id) throw new AppError('NOT_FOUND', 'No such order.');
  const done: CaptureResult = { status: 'COMPLETED', message: MSG.paypalSuccess, orderUUID: order.id };
  if (order.status === 'paid') return done;
  if (order.status !== 'pending') throw new AppError('PAYMENT', 'This order can no longer be paid. Please start a new purchase.');
  await claimPaypalCall(ctx, order);

  let result: PaypalOrder;
  try {
    result = await paypal.captureOrder(paypalOrderId);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.issue === 'ORDER_ALREADY_CAPTURED') result = await readBack(ctx, paypal, paypalOrderId);
    else throw captureFailure(ctx, order.id, error);
  }

  const capture = firstCapture(result);
  if (!capture) throw new AppError('PAYMENT', 'PayPal has not taken this payment. Please try again.');
  if (capture.status === 'PENDING') return { status: 'PENDING', message: PAYPAL_PENDING_MESSAGE, orderUUID: order.id };
  if (capture.status !== 'COMPLETED') {
    await updateOrder(ctx.db, order.id, { status: 'failed' });
    throw new AppError('PAYMENT', 'PayPal did not complete this payment. Please choose another way to pay.');
  }
  const settled = await ctx.db.transaction((tx) => settlePaypalCapture(ctx, tx, order.id, capture, result));
  if (settled === 'mismatch') throw new AppError('PAYMENT', 'This payment could not be verified. Please contact support.');
  if (settled === 'ignored: order revoked') throw new AppError('PAYMENT', 'This order was refunded.');
  return done;
}

async function readBack(ctx: AppContext, paypal: PaypalClient, paypalOrderId: string): Promise<PaypalOrder> {
  try {
    return await paypal.getOrder(paypalOrderId);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    throw captureFailure(ctx, undefined, error);
  }
}

function captureFailure(ctx: AppContext, orderId: string | undefined, error: PaypalError): AppError {
  ctx.log.warn({ orderId, status: error.status, reason: error.reason, debugId: error.debugId }, 'PayPal capture failed');
  switch (error.issue) {
    // The button restarts so the buyer can choose another funding source.
    case 'INSTRUMENT_DECLINED':
      return new AppError('PAYMENT', PAYPAL_DECLINED_MESSAGE);
    case 'ORDER_NOT_APPROVED':
    case 'PAYER_ACTION_REQUIRED':
      return new AppError('PAYMENT', 'Please approve the payment in PayPal first.');
    default:
      return error.status === 0 || error.status >= 500
        ? new AppError('UPSTREAM', 'PayPal is not available right now. Please try again later.')
        : new AppError('PAYMENT', 'PayPal could not take this payment. Please try again.');
  }
}
