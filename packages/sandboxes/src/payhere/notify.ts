import type { FastifyBaseLogger } from 'fastify';
import { notifyMd5sig, payhereAmount, type PayhereMerchant } from './signature.ts';
import { payhereDate, type PayhereSandboxStore, type SandboxSubscription } from './store.ts';

export type MessageType =
  'AUTHORIZATION_SUCCESS' | 'RECURRING_INSTALLMENT_SUCCESS' | 'RECURRING_INSTALLMENT_FAILED' | 'RECURRING_STOPPED' | 'RECURRING_COMPLETE';

export interface NotifyEvent {
  orderId: string;
  amount: string;
  currency: string;
  statusCode: '2' | '0' | '-1' | '-2' | '-3';
  statusMessage: string;
  paymentId?: number;
  /** For a subscription's notifies: its id, the message type and the schedule fields PayHere adds. */
  recurring?: { subscription: SandboxSubscription; messageType: MessageType; installmentsPaid: number; nextChargeDate: Date };
}

/** The notify form as PayHere posts it, signed with md5sig over merchant, order, amount, currency and status. */
export function notifyFields(merchant: PayhereMerchant, e: NotifyEvent): Record<string, string> {
  const amount = payhereAmount(e.amount);
  const fields: Record<string, string> = {
    merchant_id: merchant.merchantId,
    order_id: e.orderId,
    payment_id: e.paymentId === undefined ? '' : String(e.paymentId),
    payhere_amount: amount,
    payhere_currency: e.currency,
    status_code: e.statusCode,
    status_message: e.statusMessage,
    method: 'TEST',
    card_holder_name: 'Sandbox Card',
    card_no: '************4242',
    custom_1: '',
    custom_2: '',
    md5sig: notifyMd5sig(merchant, { orderId: e.orderId, amount, currency: e.currency, statusCode: e.statusCode }),
  };
  if (e.recurring) {
    const { subscription, messageType, installmentsPaid, nextChargeDate } = e.recurring;
    Object.assign(fields, {
      recurring: '1',
      subscription_id: String(subscription.id),
      message_type: messageType,
      item_recurrence: subscription.recurrence,
      item_duration: subscription.duration,
      // 0 active, 1 completed, -1 cancelled, -2 failed.
      item_rec_status: { ACTIVE: '0', COMPLETED: '1', CANCELLED: '-1', FAILED: '-2' }[subscription.status] ?? '0',
      item_rec_date_next: payhereDate(nextChargeDate).slice(0, 10),
      item_rec_install_paid: String(installmentsPaid),
    });
  }
  return fields;
}

/** Posts a notify server-to-server, as PayHere does; a failure there is the merchant's problem, only logged. */
export async function deliverNotify(
  log: FastifyBaseLogger,
  notifyUrl: string,
  fields: Record<string, string>,
  deliver: typeof fetch = fetch,
): Promise<number | undefined> {
  try {
    const res = await deliver(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    log.info({ orderId: fields.order_id, messageType: fields.message_type, status: res.status }, 'sandbox PayHere notify delivered');
    return res.status;
  } catch (err) {
    log.warn({ orderId: fields.order_id, err: (err as Error).message }, 'sandbox PayHere notify failed');
    return undefined;
  }
}

/** A subscription's notify as PayHere sends it after a change (a stop, a failed or a new charge), posted to its notify URL. */
export async function notifySubscription(
  ctx: { log: FastifyBaseLogger; merchant: PayhereMerchant; store: PayhereSandboxStore; deliver?: typeof fetch },
  subscription: SandboxSubscription,
  event: { statusCode: NotifyEvent['statusCode']; statusMessage: string; messageType: MessageType; paymentId?: number },
): Promise<void> {
  const installmentsPaid = (await ctx.store.paymentsOfSubscription(subscription.id)).length;
  const fields = notifyFields(ctx.merchant, {
    orderId: subscription.orderId,
    amount: subscription.amount,
    currency: subscription.currency,
    statusCode: event.statusCode,
    statusMessage: event.statusMessage,
    ...(event.paymentId === undefined ? {} : { paymentId: event.paymentId }),
    recurring: {
      subscription,
      messageType: event.messageType,
      installmentsPaid,
      nextChargeDate: await ctx.store.nextChargeDate(subscription),
    },
  });
  await deliverNotify(ctx.log, subscription.notifyUrl, fields, ctx.deliver);
}
