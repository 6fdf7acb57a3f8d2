import type { Executor } from '@traffic/db';
import type { AppContext } from '../../../core/context.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import type { JobHandler } from '../../../jobs/job-runner.ts';
import { findOrder, updateOrder, type OrderRow } from '../orders.repository.ts';
import { applyRecurringCharges, type GatewayCharge } from '../recurring-charges.ts';
import type { PayhereApi, PayherePayment } from './payhere-api.ts';

export const PAYHERE_CHARGES_JOB = 'payhere-charges';

/** How soon after a read of PayHere's record a notify may ask for another. */
const COOL_DOWN_MS = 30_000;

/**
 * Asks for the order's payments to be read from PayHere's API and applied. A notify only ever
 * triggers this: its payment_id and message_type are not covered by md5sig, so they decide
 * nothing. One pending job per order however many notifies arrive, and none sooner than 30 s
 * after the last read (`orders.charges_read_at`), so a flood of replayed notifies costs PayHere's
 * API one call per order per 30 s.
 */
export async function enqueuePayhereCharges(db: Executor, order: Pick<OrderRow, 'id' | 'chargesReadAt'>): Promise<void> {
  const earliest = order.chargesReadAt ? order.chargesReadAt.getTime() + COOL_DOWN_MS : 0;
  await enqueueJob(
    db,
    PAYHERE_CHARGES_JOB,
    { orderId: order.id },
    { dedupeKey: `${PAYHERE_CHARGES_JOB}:${order.id}`, ...(earliest > Date.now() ? { runAt: new Date(earliest) } : {}) },
  );
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The order's own charges as PayHere reports them, oldest first: the first is the one that bought it. */
export function chargesOf(order: Pick<OrderRow, 'id' | 'amount' | 'currency'>, payments: PayherePayment[]): PayherePayment[] {
  return payments
    .filter((p) => p.order_id === order.id && cents(p.amount) === cents(order.amount) && p.currency === order.currency)
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || Number(a.payment_id) - Number(b.payment_id));
}

/**
 * Applies what PayHere's own record says an order was charged (recurring-charges.ts): the first
 * charge paid for the order (and grants it if its notify never arrived); each later charge, once,
 * is one monthly renewal. Returns what happened, for tests and logs.
 */
export async function applyPayhereCharges(ctx: AppContext, api: PayhereApi, orderId: string): Promise<string[]> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.provider !== 'payhere') return [];
  // Outside any transaction: a database transaction is never held open across a gateway call.
  const charges = chargesOf(order, await api.paymentsOfOrder(order.id));
  await updateOrder(ctx.db, order.id, { chargesReadAt: new Date() });
  return applyRecurringCharges(
    ctx,
    'payhere',
    'payment:',
    order.id,
    charges.map((p) => ({ id: p.payment_id, state: STATES[p.status] ?? 'other', payload: p })),
  );
}

const STATES: Record<string, GatewayCharge['state']> = { RECEIVED: 'paid', REFUNDED: 'refunded', CHARGEBACKED: 'chargeback' };

export function payhereChargesJob(ctx: AppContext, api: PayhereApi): JobHandler {
  return async (payload) => {
    const done = await applyPayhereCharges(ctx, api, String(payload.orderId));
    if (done.length) ctx.log.info({ orderId: payload.orderId, done }, 'PayHere charges applied');
  };
}
