import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import { claimGatewayRead, type OrderRow } from '../orders.repository.ts';

/** How soon after one capture or confirmation of an order that asked PayPal the next may ask again. */
export const PAYPAL_COOL_DOWN_MS = 5_000;

/**
 * Claims the order's next call to PayPal (a capture, or a subscription's read-back), or refuses with
 * 429 and Retry-After while the last one is under five seconds old: however often and however
 * concurrently a buyer (or a script with their session) asks, PayPal hears about one order at most
 * once per cool-down. The claim is a row update (orders.repository.ts), so it holds across processes.
 */
export async function claimPaypalCall(ctx: AppContext, order: Pick<OrderRow, 'id' | 'chargesReadAt'>): Promise<void> {
  const now = ctx.now();
  if (await claimGatewayRead(ctx.db, order.id, now, PAYPAL_COOL_DOWN_MS)) return;
  const last = order.chargesReadAt?.getTime() ?? now.getTime();
  const seconds = Math.max(1, Math.ceil((last + PAYPAL_COOL_DOWN_MS - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `Too many requests. Try again in ${seconds} seconds.`, undefined, { 'retry-after': String(seconds) });
}
