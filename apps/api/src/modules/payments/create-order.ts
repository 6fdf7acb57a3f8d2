import { CURRENCY, type CheckoutForm, type OrderKind } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { MSG } from '@traffic/shared/messages';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findAddon, findPackage } from '../catalogue/index.ts';
import { findUserByEmail } from '../accounts/index.ts';
import { insertOrder, lockUser, type OrderRow } from './orders.repository.ts';
import { assertMayStartCheckout } from './order-limit.ts';
import { checkoutHash, formatAmount } from './payhere/payhere-signature.ts';

/** The catalogue item an order is for, with the price taken from the catalogue (never the browser). */
export async function priceItem(ctx: AppContext, kind: OrderKind, id: string): Promise<{ name: string; type: string; amount: string }> {
  if (kind === 'package') {
    const pkg = await findPackage(ctx.db, id);
    if (!pkg) throw new AppError('NOT_FOUND', `No package ${id}.`);
    return { name: pkg.name, type: pkg.type, amount: formatAmount(pkg.price) };
  }
  const addon = await findAddon(ctx.db, id, { kind });
  if (!addon) throw new AppError('NOT_FOUND', `No ${kind === 'hits' ? 'extra hits' : 'extra slots'} package ${id}.`);
  return { name: addon.name, type: addon.type, amount: formatAmount(addon.price) };
}

/**
 * A deactivated account cannot pay for service it cannot use: a purchase does not lift the hold, only
 * an administrator's Activate does (docs/product.md section 10, "Accounts"). The account's state is
 * what conflicts with the order, so 409, and the message says what to do instead.
 */
function assertMayBuy(actor: AuthUser): void {
  if (actor.status === 'DEACTIVATED') throw new AppError('CONFLICT', MSG.purchasesClosedDeactivated);
}

/**
 * A pending order priced from the catalogue, within the customer's open-orders limit (order-limit.ts).
 * The limit is checked and the order written in one transaction holding the customer's row lock, so
 * parallel checkouts take turns and cannot get past it together; the PayPal order is asked for only
 * after this returns.
 */
export async function createPendingOrder(
  ctx: AppContext,
  actor: AuthUser,
  kind: OrderKind,
  id: string,
  provider: 'payhere' | 'paypal',
): Promise<OrderRow> {
  assertMayBuy(actor);
  const item = await priceItem(ctx, kind, id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await lockUser(tx, actor.id);
    await assertMayStartCheckout(tx, actor.id, now);
    return insertOrder(tx, {
      userId: actor.id,
      kind,
      itemId: id,
      itemName: item.name,
      packageType: item.type,
      amount: item.amount,
      currency: CURRENCY,
      provider,
      // The app's clock, as the limit's window reads it.
      createdAt: now,
    });
  });
}

/**
 * POST /api/orders: a pending card order and the checkout form's fields, signed on the server.
 * Packages are billed monthly by the gateway (recurrence), add-ons once.
 */
export async function createCardCheckout(ctx: AppContext, actor: AuthUser, kind: OrderKind, id: string): Promise<CheckoutForm> {
  const order = await createPendingOrder(ctx, actor, kind, id, 'payhere');
  const user = await findUserByEmail(ctx.db, actor.email);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const { payhere, appUrl } = ctx.config;
  const amount = formatAmount(order.amount);
  return {
    action: `${payhere.baseUrl}/pay/checkout`,
    merchant_id: payhere.merchantId,
    return_url: `${appUrl}${kind === 'package' ? '/purchase' : '/purchaseaddon'}`,
    cancel_url: `${appUrl}/cancel`,
    notify_url: `${appUrl}/api/payments/payhere/notify`,
    order_id: order.id,
    items: order.itemName,
    currency: order.currency,
    amount,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phoneNumber,
    address: user.address,
    city: user.city,
    country: user.country,
    hash: checkoutHash({
      merchantId: payhere.merchantId,
      merchantSecret: payhere.merchantSecret,
      orderId: order.id,
      amount,
      currency: order.currency,
    }),
    custom_1: kind,
    custom_2: id,
    ...(kind === 'package' ? { recurrence: '1 Month', duration: 'Forever' } : {}),
    orderUUID: order.id,
  };
}
