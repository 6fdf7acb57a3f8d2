import type { z } from 'zod';
import { type payhereNotifySchema } from '@traffic/shared';
import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import { findOrder, findOrderByProviderId, paymentEventExists, recordPaymentEvent, updateOrder } from '../orders.repository.ts';
import { grantOrder, revokeOrder } from '../grant-order.ts';
import { enqueuePayhereCharges } from './payhere-charges.ts';
import { enqueueSubscriptionSync } from './payhere-subscriptions.ts';
import { notifySignature, signaturesMatch } from './payhere-signature.ts';

export type PayhereNotify = z.output<typeof payhereNotifySchema>;

/** What is kept of a notify: the fields we read, never whatever else a sender adds (replays must not fill the disk). */
const KEPT_FIELDS = [
  'merchant_id',
  'order_id',
  'payment_id',
  'payhere_amount',
  'payhere_currency',
  'status_code',
  'status_message',
  'recurring',
  'subscription_id',
  'message_type',
] as const;
const keptOf = (n: PayhereNotify) => Object.fromEntries(KEPT_FIELDS.filter((k) => n[k] !== undefined).map((k) => [k, n[k]]));

/**
 * The status codes PayHere documents (docs/integrations.md section 1): 2 success, 0 pending, -1
 * cancelled, -2 failed, -3 charged back. Anything else is refused before it is read further: an empty
 * status_code makes md5sig equal the checkout form's own hash, which the buyer's browser holds.
 */
const DOCUMENTED_STATUS_CODES = new Set(['2', '0', '-1', '-2', '-3']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/**
 * POST /api/payments/payhere/notify. md5sig covers merchant, order, amount, currency and status
 * only, so only those decide: the first status 2 for an order grants it (once, however often it
 * is reported) and -3 revokes it. A later status 2 for the same order claims a monthly charge;
 * payment_id and message_type are unsigned and could be replayed with new values, so the claim
 * grants nothing by itself: it queues a read of the order's charges from PayHere's own API
 * (payhere-charges.ts), which applies each real charge once. Returns what was done, for the log.
 */
export async function handlePayhereNotify(ctx: AppContext, n: PayhereNotify): Promise<string> {
  const result = await decideNotify(ctx, n);
  ctx.jobs.kick();
  return result;
}

async function decideNotify(ctx: AppContext, n: PayhereNotify): Promise<string> {
  const { payhere } = ctx.config;
  const reject = (why: string): never => {
    ctx.log.warn({ orderId: n.order_id, paymentId: n.payment_id, why }, 'PayHere notify rejected');
    throw new AppError('BAD_REQUEST', 'Notification rejected.');
  };

  if (!DOCUMENTED_STATUS_CODES.has(n.status_code)) reject('undocumented status code');
  const expected = notifySignature({
    merchantId: payhere.merchantId,
    merchantSecret: payhere.merchantSecret,
    orderId: n.order_id,
    amount: n.payhere_amount,
    currency: n.payhere_currency,
    statusCode: n.status_code,
  });
  if (!signaturesMatch(expected, n.md5sig)) reject('bad signature');
  if (n.merchant_id !== payhere.merchantId) reject('foreign merchant');
  if (!UUID.test(n.order_id)) reject('unknown order');

  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, n.order_id, true);
    if (!order || order.provider !== 'payhere') return reject('unknown order');
    if (cents(n.payhere_amount) !== cents(order.amount) || n.payhere_currency !== order.currency)
      return reject('amount or currency mismatch');

    const status = Number(n.status_code);
    // A claimed monthly charge is not recorded: its payment_id is unsigned and anyone holding one
    // signed notify could replay it endlessly. PayHere's own record is read instead, at most once
    // per cool-down however many claims arrive (payhere-charges.ts).
    const externalId = `${n.order_id}:${n.payment_id}:${n.status_code}`;
    if (status === 2 && order.grantedAt) {
      // The first charge's own notify delivered again is a plain duplicate, not a claim.
      if (await paymentEventExists(tx, 'payhere', externalId)) return 'duplicate';
      if (order.kind !== 'package' || order.status === 'revoked') return 'already granted';
      await enqueuePayhereCharges(tx, order);
      if (n.message_type && n.message_type !== 'RECURRING_INSTALLMENT_SUCCESS') await enqueueSubscriptionSync(tx);
      return 'charge queued for confirmation';
    }
    const kind = status === 2 ? 'payment' : status === -3 ? 'chargeback' : status === 0 ? 'pending' : 'failed';
    const fresh = await recordPaymentEvent(tx, {
      provider: 'payhere',
      // At most one pending event per order, whatever payment_id (unsigned) each claims.
      externalId: kind === 'pending' ? `${n.order_id}:pending` : externalId,
      orderId: order.id,
      kind,
      amount: order.amount,
      currency: order.currency,
      payload: keptOf(n),
    });
    if (!fresh) return 'duplicate';
    // A subscription that stopped, completed or failed a charge: its state is read back from
    // PayHere, not taken from the unsigned message_type.
    if (order.grantedAt && order.kind === 'package' && status !== -3 && status !== 2) await enqueueSubscriptionSync(tx);

    switch (kind) {
      case 'payment':
        if (order.status === 'revoked') return 'ignored: order revoked';
        if (order.status !== 'paid') {
          // payment_id is not covered by md5sig: one that already names another order's payment is
          // refused here (a 400, nothing written) rather than by the unique index (a 500).
          const holder = await findOrderByProviderId(tx, 'payhere', n.payment_id);
          if (holder && holder.id !== order.id) return reject('payment id of another order');
          await updateOrder(tx, order.id, { status: 'paid', paidAt: ctx.now(), providerOrderId: n.payment_id });
        }
        return (await grantOrder(ctx, tx, order.id)) ? 'granted' : 'already granted';
      case 'chargeback':
        await revokeOrder(ctx, tx, order.id);
        return 'revoked';
      case 'pending':
        return 'pending';
      default:
        if (order.status === 'pending') await updateOrder(tx, order.id, { status: status === -1 ? 'cancelled' : 'failed' });
        return 'failed';
    }
  });
}
