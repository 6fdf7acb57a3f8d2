import { and, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { formatAmount } from './payhere-signature.ts';
import type { PaypalClient } from './paypal-client.ts';
import type { OrderRow } from './orders.repository.ts';

const { paypalPlans } = schema;

/**
 * The PayPal plan that bills this package order's price monthly. Plans follow the catalogue: the
 * first buyer at a new price makes its plan (and the package's product), and subscribers keep the
 * plan they approved, so a price change reaches them only when they change. The PayPal-Request-Id
 * is derived from the package and price, so two buyers racing (or a retry) get the same plan.
 */
export async function planForOrder(ctx: AppContext, paypal: PaypalClient, order: OrderRow): Promise<string> {
  const price = formatAmount(order.amount);
  const where = and(eq(paypalPlans.packageId, order.itemId), eq(paypalPlans.price, price), eq(paypalPlans.currency, order.currency));
  const [known] = await ctx.db.select({ planId: paypalPlans.planId }).from(paypalPlans).where(where);
  if (known) return known.planId;

  const productId = await paypal.createProduct(`Website traffic: ${order.itemName}`, `product:${order.itemId}`);
  const planId = await paypal.createPlan(
    { productId, name: `${order.itemName} (${price} ${order.currency} a month)`, price, currency: order.currency },
    `plan:${order.itemId}:${price}:${order.currency}`,
  );
  await ctx.db
    .insert(paypalPlans)
    .values({ packageId: order.itemId, price, currency: order.currency, productId, planId })
    .onConflictDoNothing();
  const [stored] = await ctx.db.select({ planId: paypalPlans.planId }).from(paypalPlans).where(where);
  return stored!.planId;
}
