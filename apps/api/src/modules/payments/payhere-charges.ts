import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { grantOrder, renewOrder, revokeOrder } from './grant-order.ts';
import {
  appliedPayherePaymentIds,
  cardOrdersEndingBetween,
  findOrder,
  recordPaymentEvent,
  updateOrder,
  type OrderRow,
} from './orders.repository.ts';
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

const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const paymentKey = (paymentId: string) => `payment:${paymentId}`;

/** The order's own charges as PayHere reports them, oldest first: the first is the one that bought it. */
function chargesOf(order: OrderRow, payments: PayherePayment[]): PayherePayment[] {
  return payments
    .filter((p) => p.order_id === order.id && cents(p.amount) === cents(order.amount) && p.currency === order.currency)
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || Number(a.payment_id) - Number(b.payment_id));
}

/**
 * Applies what PayHere's own record says an order was charged: the first charge paid for the order
 * (and grants it if its notify never arrived); each later charge, once, is one monthly renewal,
 * applied only when the paid period is near its end. Returns what happened, for tests and logs.
 */
export async function applyPayhereCharges(ctx: AppContext, api: PayhereApi, orderId: string): Promise<string[]> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.provider !== 'payhere') return [];
  // Outside any transaction: a database transaction is never held open across a gateway call.
  const charges = chargesOf(order, await api.paymentsOfOrder(order.id));
  await updateOrder(ctx.db, order.id, { chargesReadAt: new Date() });
  if (charges.length === 0) return [];

  return ctx.db.transaction(async (tx) => {
    const locked = await findOrder(tx, order.id, true);
    if (!locked || locked.status === 'revoked') return ['order revoked'];
    const done: string[] = [];
    const [first, ...later] = charges;
    // The charge that bought the order was refunded or charged back at PayHere: what it granted goes.
    if (locked.grantedAt && (first!.status === 'REFUNDED' || first!.status === 'CHARGEBACKED')) {
      await revokeOrder(ctx, tx, locked.id);
      return ['revoked'];
    }
    if (!locked.grantedAt) {
      if (first!.status !== 'RECEIVED') return done;
      await updateOrder(tx, locked.id, { status: 'paid', paidAt: ctx.now() });
      await grantOrder(ctx, tx, locked.id);
      done.push('granted');
    }
    const record = async (p: PayherePayment, kind: string) =>
      recordPaymentEvent(tx, {
        provider: 'payhere',
        externalId: paymentKey(p.payment_id),
        orderId: locked.id,
        kind,
        amount: locked.amount,
        currency: locked.currency,
        payload: p,
      });

    const applied = await appliedPayherePaymentIds(tx, locked.id);
    if (!applied.has(first!.payment_id)) await record(first!, 'payment');
    // Only a monthly package has later charges; anything else charged again is for support to refund.
    const granted = (await findOrder(tx, locked.id))!;
    for (const charge of locked.kind === 'package' ? later : []) {
      if (applied.has(charge.payment_id)) continue;
      if (charge.status !== 'RECEIVED') {
        await record(charge, 'renewal-void');
        continue;
      }
      const outcome = await renewOrder(ctx, tx, granted);
      // Too early: left unrecorded, so the scan near the period's end applies it then.
      if (outcome === 'early') {
        done.push('early');
        break;
      }
      await record(charge, outcome === 'renewed' ? 'renewal' : 'renewal-unapplied');
      done.push(outcome);
    }
    return done;
  });
}

export function payhereChargesJob(ctx: AppContext, api: PayhereApi): JobHandler {
  return async (payload) => {
    const done = await applyPayhereCharges(ctx, api, String(payload.orderId));
    if (done.length) ctx.log.info({ orderId: payload.orderId, done }, 'PayHere charges applied');
  };
}

/**
 * Every six hours: card subscriptions whose paid period ends within a day (or ended up to three
 * days ago) have their charges read from PayHere. Renewals then never depend on a notify arriving,
 * and a charge that came early is applied once its period is near its end.
 */
export function payhereRenewalScanTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'payhere-renewal-scan',
    everyMs: 6 * 60 * 60 * 1000,
    async run(_since, now) {
      const due = await cardOrdersEndingBetween(ctx.db, new Date(now.getTime() - 3 * DAY_MS), new Date(now.getTime() + DAY_MS));
      for (const order of due) await enqueuePayhereCharges(ctx.db, { id: order.id, chargesReadAt: null });
    },
  };
}
