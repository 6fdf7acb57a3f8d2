import type { AppContext } from '../../../core/context.ts';
import { formatAmount } from '../payhere/payhere-signature.ts';
import type { PaypalClient } from './paypal-client.ts';
import { findPaypalPlan, insertPaypalPlan, type OrderRow } from '../orders.repository.ts';

/**
 * The PayPal plan that bills this package order's price monthly. Plans follow the catalogue: the
 * first buyer at a new price makes its plan (and the package's product), and subscribers keep the
 * plan they approved, so a price change reaches them only when they change. The PayPal-Request-Id
 * is derived from the package and price, so two buyers racing (or a retry) get the same plan.
 */
export async function planForOrder(ctx: AppContext, paypal: PaypalClient, order: OrderRow): Promise<string> {
  const price = formatAmount(order.amount);
  const known = await findPaypalPlan(ctx.db, order.itemId, price, order.currency);
  if (known) return known;

  const productId = await paypal.createProduct(`Website traffic: ${order.itemName}`, `product:${order.itemId}`);
  const planId = await paypal.createPlan(
    { productId, name: `${order.itemName} (${price} ${order.currency} a month)`, price, currency: order.currency },
    `plan:${order.itemId}:${price}:${order.currency}`,
  );
  return insertPaypalPlan(ctx.db, { packageId: order.itemId, price, currency: order.currency, productId, planId });
}
