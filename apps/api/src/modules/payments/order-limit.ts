import type { Executor } from '@traffic/db';
import { AppError } from '../../core/app-error.ts';
import { unfinishedCheckoutsSince } from './orders.repository.ts';

/**
 * Open orders per customer (decision 0015): at most 10 checkouts started in the last hour that
 * were not paid. A customer retrying a declined card or changing their mind a few times never gets
 * near it; a script starting hundreds (each PayPal one also an order at PayPal) is stopped at 10
 * an hour. Paid orders do not count, so buying many things in a row is never refused.
 */
export const ORDER_LIMIT = { maxUnfinished: 10, windowMs: 60 * 60 * 1000 } as const;

/** Call with the customer's row locked, in the transaction that then writes the order. */
export async function assertMayStartCheckout(tx: Executor, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ORDER_LIMIT.windowMs);
  const { count, oldest } = await unfinishedCheckoutsSince(tx, userId, since);
  if (count < ORDER_LIMIT.maxUnfinished) return;
  const seconds = Math.max(1, Math.ceil(((oldest ?? now).getTime() + ORDER_LIMIT.windowMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const message = `You have too many unfinished checkouts. Finish one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  throw new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
}
