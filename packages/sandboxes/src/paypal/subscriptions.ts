import type { FastifyRequest } from 'fastify';
import type { PaypalSandbox } from './context.ts';
import {
  findSandboxSubscription,
  replaceSubscription,
  type SandboxSubscription,
  type StoredSubscription,
  type StoredTransaction,
} from './subscriptions-store.ts';
import { paypalStyleId, type Money } from './orders-store.ts';
import { deliverSandboxEvent, type Delivery } from './webhooks.ts';

/**
 * A PayPal subscription's life, shared by the Subscriptions API (subscriptions.api.ts) and what
 * happens at PayPal later (subscriptions.control.ts): how it is read, moved on, shown and told to
 * our webhook.
 */
export function paypalSubscriptions(p: PaypalSandbox) {
  const { db, base, options } = p;
  const load = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    return /^I-[A-Z0-9]{1,40}$/.test(id) ? findSandboxSubscription(db, id) : undefined;
  };

  /** Applies `change` if the subscription is in one of `from` and nobody changed it since it was read. */
  async function move(
    read: SandboxSubscription,
    from: SandboxSubscription['status'][],
    change: (s: SandboxSubscription) => { status: SandboxSubscription['status']; body: StoredSubscription } | undefined,
  ): Promise<SandboxSubscription | undefined> {
    for (let current: SandboxSubscription | undefined = read, attempt = 0; current && attempt < 5; attempt += 1) {
      if (!from.includes(current.status)) return undefined;
      const next = change(current);
      if (!next) return undefined;
      const body = { ...next.body, update_time: new Date().toISOString() };
      if (await replaceSubscription(db, current, { status: next.status, body })) return { ...current, status: next.status, body };
      current = await findSandboxSubscription(db, read.id);
    }
    return undefined;
  }

  function present(s: SandboxSubscription): Record<string, unknown> {
    const b = s.body;
    const self = `${base}/v1/billing/subscriptions/${s.id}`;
    const links =
      s.status === 'APPROVAL_PENDING'
        ? [
            { href: `${base}/subscriptions/${s.id}/approve`, rel: 'approve', method: 'GET' },
            { href: self, rel: 'self', method: 'GET' },
          ]
        : [
            { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
            { href: self, rel: 'self', method: 'GET' },
          ];
    return {
      id: s.id,
      plan_id: b.plan_id,
      status: s.status,
      status_update_time: b.status_update_time,
      ...(b.status_change_note ? { status_change_note: b.status_change_note } : {}),
      ...(b.custom_id !== undefined ? { custom_id: b.custom_id } : {}),
      quantity: '1',
      ...(b.start_time ? { start_time: b.start_time } : {}),
      ...(b.email_address ? { subscriber: { email_address: b.email_address } } : {}),
      ...(s.status === 'APPROVAL_PENDING'
        ? {}
        : {
            billing_info: {
              outstanding_balance: { currency_code: b.amount.currency_code, value: '0.0' },
              cycle_executions: [
                { tenure_type: 'REGULAR', sequence: 1, cycles_completed: b.cycles_completed, cycles_remaining: 0, total_cycles: 0 },
              ],
              ...(b.last_payment ? { last_payment: b.last_payment } : {}),
              ...(b.next_billing_time ? { next_billing_time: b.next_billing_time } : {}),
              failed_payments_count: b.failed_payments_count,
              ...(b.last_failed_payment ? { last_failed_payment: b.last_failed_payment } : {}),
            },
          }),
      create_time: b.create_time,
      update_time: b.update_time,
      links,
    };
  }

  function subscriptionEvent(type: string, summary: string, s: SandboxSubscription): Promise<Delivery> {
    return deliverSandboxEvent(options, { type, resourceType: 'subscription', resourceVersion: '2.0', summary, resource: present(s) });
  }

  /** PAYMENT.SALE.COMPLETED for the subscription's newest charge, shaped as PayPal's v1 sale. */
  function saleEvent(s: SandboxSubscription): Promise<Delivery> {
    const sale = s.body.transactions.at(-1)!;
    const gross = sale.amount_with_breakdown.gross_amount;
    return deliverSandboxEvent(options, {
      type: 'PAYMENT.SALE.COMPLETED',
      resourceType: 'sale',
      resourceVersion: '1.0',
      summary: `Payment completed for ${gross.value} ${gross.currency_code}`,
      resource: {
        id: sale.id,
        state: 'completed',
        amount: { total: gross.value, currency: gross.currency_code, details: { subtotal: gross.value } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        transaction_fee: { value: sale.amount_with_breakdown.fee_amount.value, currency: gross.currency_code },
        billing_agreement_id: s.id,
        ...(s.body.custom_id !== undefined ? { custom: s.body.custom_id } : {}),
        create_time: sale.time,
        update_time: sale.time,
        links: [
          { href: `${base}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' },
          { href: `${base}/v1/payments/sale/${sale.id}/refund`, rel: 'refund', method: 'POST' },
        ],
      },
    });
  }
  return { load, move, present, subscriptionEvent, saleEvent };
}

export /** A completed charge of `amount` at `time`, with PayPal's fee (2.9% + 0.30) taken from it. */
function transaction(amount: Money, time: string): StoredTransaction {
  const gross = Number(amount.value);
  const fee = Math.round((gross * 0.029 + 0.3) * 100) / 100;
  const money = (value: number) => ({ currency_code: amount.currency_code, value: value.toFixed(2) });
  return {
    id: paypalStyleId(),
    status: 'COMPLETED',
    time,
    amount_with_breakdown: { gross_amount: money(gross), fee_amount: money(fee), net_amount: money(gross - fee) },
  };
}

/** One monthly charge: a completed transaction, the next billing a month on, failures cleared. */
export function charged(body: StoredSubscription, now: Date): StoredSubscription {
  const time = now.toISOString();
  const next = new Date(body.next_billing_time ?? time);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return {
    ...body,
    cycles_completed: body.cycles_completed + 1,
    failed_payments_count: 0,
    last_payment: { amount: body.amount, time },
    next_billing_time: next.toISOString(),
    transactions: [...body.transactions, transaction(body.amount, time)],
  };
}
