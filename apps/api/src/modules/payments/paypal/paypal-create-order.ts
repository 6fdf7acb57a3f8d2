import type { OrderKind, PaypalOrderResult } from '@traffic/shared';
import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import type { AuthUser } from '../../../core/auth-user.ts';
import { createPendingOrder } from '../create-order.ts';
import { updateOrder } from '../orders.repository.ts';
import { formatAmount } from '../payhere/payhere-signature.ts';
import { PaypalError, type PaypalClient } from './paypal-client.ts';
import { paypalCustomId } from './paypal-settle-capture.ts';

/**
 * POST /api/payments/paypal/orders: a pending add-on order priced from the catalogue, then the
 * PayPal order for exactly that amount (a package is a subscription: paypal-subscriptions.ts). The browser names what it buys and nothing else. Answers PayPal's
 * order id (what the button's createOrder returns) and ours (the add-on calls take it as `token`).
 */
export async function createPaypalOrder(
  ctx: AppContext,
  paypal: PaypalClient,
  actor: AuthUser,
  kind: Exclude<OrderKind, 'package'>,
  id: string,
): Promise<PaypalOrderResult> {
  const order = await createPendingOrder(ctx, actor, kind, id, 'paypal');
  let created: { id: string };
  try {
    created = await paypal.createOrder({
      referenceId: actor.email,
      customId: paypalCustomId(order),
      invoiceId: order.id,
      amount: { currency_code: order.currency, value: formatAmount(order.amount) },
    });
  } catch (error) {
    await updateOrder(ctx.db, order.id, { status: 'failed' });
    if (!(error instanceof PaypalError)) throw error;
    ctx.log.error(
      { orderId: order.id, status: error.status, reason: error.reason, debugId: error.debugId },
      'PayPal order creation failed',
    );
    throw new AppError('UPSTREAM', 'PayPal is not available right now. Please try again later.');
  }
  await updateOrder(ctx.db, order.id, { providerOrderId: created.id });
  return { id: created.id, orderUUID: order.id };
}
