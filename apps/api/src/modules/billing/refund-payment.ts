import { REFUND_WINDOW_DAYS, type AdminPaymentRow, type AdminPayments } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { audit, type AuditSource } from '../audit/index.ts';
import {
  revokeOrder,
  revokeRenewal,
  recordPaymentEvent,
  type PayhereApi,
  chargesOf,
  type PaypalClient,
  queueBillingEmail,
} from '../payments/index.ts';
import {
  dropRefundClaim,
  findPayment,
  paymentsPage,
  settleRefundClaim,
  type PaymentFilters,
  type PaymentRow,
} from './payments-admin.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GATEWAY: Record<string, 'card' | 'paypal'> = { payhere: 'card', paypal: 'paypal' };
const PROVIDER: Record<string, 'payhere' | 'paypal'> = { card: 'payhere', paypal: 'paypal' };

export interface Gateways {
  payhere: PayhereApi;
  paypal: PaypalClient;
}

/** Why Refund is not offered for this payment, or null when it is. */
function refundBlocked(row: PaymentRow, now: Date): string | null {
  if (row.status !== 'paid') return `This payment was ${row.status}.`;
  const charged = new Date(row.date);
  if (now.getTime() - charged.getTime() > REFUND_WINDOW_DAYS * DAY_MS) {
    const day = charged.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    return `Payments can be refunded within ${REFUND_WINDOW_DAYS} days of the charge; this one was charged on ${day}.`;
  }
  if (!row.charge_key) return 'The gateway’s record of this charge is not known yet; refund it in the gateway’s portal.';
  return null;
}

function present(row: PaymentRow, now: Date): AdminPaymentRow {
  return {
    id: row.id,
    kind: row.kind,
    date: new Date(row.date).toISOString(),
    userId: Number(row.user_id),
    email: row.email,
    item: row.item,
    amount: Number(row.amount).toFixed(2),
    currency: row.currency,
    gateway: GATEWAY[row.provider]!,
    status: row.status,
    orderId: row.order_id,
    refundBlocked: refundBlocked(row, now),
  };
}

/** GET /api/admin/payments: every payment and renewal, newest first, filtered and paged. */
export async function listPayments(
  ctx: AppContext,
  q: {
    page: number;
    size: number;
    gateway?: 'card' | 'paypal';
    status?: string;
    from?: string;
    to?: string;
    search: string;
    userId?: number | undefined;
  },
): Promise<AdminPayments> {
  const filters: PaymentFilters = {
    ...(q.gateway ? { provider: PROVIDER[q.gateway] } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.search ? { search: q.search } : {}),
    ...(q.userId ? { userId: q.userId } : {}),
  };
  const { total, rows } = await paymentsPage(ctx.db, filters, q.page * q.size, q.size);
  const now = ctx.now();
  return { total, rows: rows.map((row) => present(row, now)) };
}

/**
 * The PayHere payment a refund names, as PayHere's own payment search for the order reports it:
 * the order's first charge for its first payment, the renewal's own charge for a renewal. Never a
 * payment id taken from a notify (not covered by md5sig: a replayed notify could name someone
 * else's charge). Throws when PayHere reports no such charge of this order.
 */
async function payhereChargeToRefund(api: PayhereApi, row: PaymentRow): Promise<string> {
  const charges = chargesOf({ id: row.order_id, amount: row.amount, currency: row.currency }, await api.paymentsOfOrder(row.order_id));
  const wanted = row.kind === 'payment' ? charges[0] : charges.find((c) => `payment:${c.payment_id}` === row.charge_key);
  if (!wanted) throw new Error(`PayHere reports no such charge of order ${row.order_id}`);
  return wanted.payment_id;
}

/** The gateway's refund of one charge; answers the gateway's refund id. */
async function refundAtGateway(gateways: Gateways, row: PaymentRow, reason: string): Promise<string> {
  const key = row.charge_key!;
  const requestId = `refund:${key}`;
  if (row.provider === 'payhere') {
    const paymentId = await payhereChargeToRefund(gateways.payhere, row);
    await gateways.payhere.refundPayment(paymentId, reason);
    return paymentId;
  }
  if (key.startsWith('sale:')) return gateways.paypal.refundSale(key.slice('sale:'.length), requestId);
  return gateways.paypal.refundCapture(key, reason, requestId);
}

/**
 * POST /api/admin/payments/:id/refund: refunds one payment, within 30 days of its charge, through
 * its gateway's refund API, then takes back what it paid for: the order's first payment revokes
 * the order (the package or add-on goes), a renewal takes back its month; either way the renewal
 * stops and the customer's websites are reconciled (those above the new capacity are paused, not
 * deleted) and the customer is e-mailed. A claim recorded before the gateway is called makes a
 * second click, or a second admin, a 409 rather than a second refund. The audit record is written
 * in the transaction that records the refund in our database (none when the gateway refuses).
 */
export async function refundPayment(
  ctx: AppContext,
  gateways: Gateways,
  admin: AuthUser,
  id: string,
  reason: string,
  source: AuditSource,
): Promise<AdminPaymentRow> {
  const paymentId = id.toLowerCase();
  const row = await findPayment(ctx.db, paymentId);
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found.');
  const blocked = refundBlocked(row, ctx.now());
  if (blocked) throw new AppError('CONFLICT', blocked);

  const claimKey = `refund:${row.charge_key}`;
  const claimed = await recordPaymentEvent(ctx.db, {
    provider: row.provider,
    externalId: claimKey,
    orderId: row.order_id,
    kind: 'refund-pending',
    amount: row.amount,
    currency: row.currency,
    payload: { paymentId, reason, by: admin.id },
  });
  if (!claimed) throw new AppError('CONFLICT', 'This payment is already being refunded.');

  let refundId: string;
  try {
    refundId = await refundAtGateway(gateways, row, reason);
  } catch (error) {
    await dropRefundClaim(ctx.db, row.provider, claimKey);
    ctx.log.error({ paymentId, err: error instanceof Error ? error.message : String(error) }, 'gateway refused the refund');
    throw new AppError(
      'UPSTREAM',
      `${row.provider === 'paypal' ? 'PayPal' : 'PayHere'} did not refund the payment. Please try again later.`,
    );
  }

  await ctx.db.transaction(async (tx) => {
    await settleRefundClaim(tx, row.provider, claimKey, { paymentId, reason, by: admin.id, refundId, chargeKind: row.kind });
    if (row.kind === 'payment') {
      await revokeOrder(ctx, tx, row.order_id, 'refund');
    } else {
      await revokeRenewal(ctx, tx, row.order_id, 'refund');
    }
    await queueBillingEmail(ctx, tx, Number(row.user_id), {
      kind: 'refund',
      item: row.item,
      amount: `${Number(row.amount).toFixed(2)} ${row.currency}`,
      reason,
    });
    const money = { amount: Number(row.amount).toFixed(2), currency: row.currency };
    await audit(tx, source, ctx.now(), {
      action: 'payment_refunded',
      target: { type: 'payment', id: paymentId, label: row.email },
      subjectUserId: Number(row.user_id),
      before: { status: row.status, ...money },
      after: { status: 'refunded', ...money, item: row.item, charge: row.kind, order: row.order_id, reason, refundId },
    });
  });
  ctx.jobs.kick();
  ctx.log.info({ paymentId, refundId, by: admin.id }, 'payment refunded');
  return present((await findPayment(ctx.db, paymentId))!, ctx.now());
}
