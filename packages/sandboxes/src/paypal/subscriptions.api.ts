import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertThisMachineOrAdmin } from '../../http/local-request.ts';
import {
  findCatalogItem,
  findSandboxSubscription,
  findSubscriptionBySale,
  insertCatalogItem,
  insertOrGetSubscription,
  listSandboxSubscriptions,
  replaceSubscription,
  type SandboxSubscription,
  type StoredSubscription,
  type StoredTransaction,
} from './paypal-sandbox-billing-store.ts';
import { invalid, isObject, notFound, optionalText, unprocessable } from './paypal-sandbox-errors.ts';
import { paypalStyleId, type Money } from './paypal-sandbox-store.ts';
import { deliverSandboxEvent, type Delivery } from './paypal-sandbox-webhooks.ts';
import { escapeHtml, sandboxPage } from './sandbox-page.ts';

/**
 * The embedded PayPal's Subscriptions API (docs/integrations.md, "PayPal automatic renewal"), in
 * the shapes of api-m.paypal.com:
 *
 *   POST /v1/catalogs/products                       Bearer → 201 product
 *   POST /v1/billing/plans                           Bearer; one monthly REGULAR cycle, fixed_price → 201 plan
 *   GET  /v1/billing/plans/:id                       Bearer
 *   POST /v1/billing/subscriptions                   Bearer; an ACTIVE plan → 201 APPROVAL_PENDING with an approve link
 *   GET  /v1/billing/subscriptions/:id               Bearer; status and billing_info
 *   GET  /v1/billing/subscriptions/:id/transactions  Bearer; start_time and end_time required
 *   POST /v1/billing/subscriptions/:id/cancel        Bearer; {reason} → 204, BILLING.SUBSCRIPTION.CANCELLED
 *   POST /v1/payments/sale/:id/refund                Bearer → 201 refund, PAYMENT.SALE.REFUNDED
 *
 * The buyer's side, what our approval dialog calls: `POST /subscriptions/:id/approve` (the first
 * month is charged: BILLING.SUBSCRIPTION.ACTIVATED and PAYMENT.SALE.COMPLETED; a `declined@…`
 * buyer is refused with INSTRUMENT_DECLINED). What happens at PayPal later, on demand (this
 * machine or an admin; `GET /sandbox/paypal/subscriptions` is the page with a button for each, or
 * their list as JSON to a script):
 * `POST /control/subscriptions/:id/charge` (the next month: PAYMENT.SALE.COMPLETED) and
 * `/fail` (BILLING.SUBSCRIPTION.PAYMENT.FAILED; the third failure in a row suspends it:
 * BILLING.SUBSCRIPTION.SUSPENDED).
 */
export async function paypalSandboxBillingRoutes(
  app: FastifyInstance,
  h: { base: string; opts: object; authorized: (request: FastifyRequest, reply: FastifyReply) => boolean; declinedBuyer: RegExp },
): Promise<void> {
  const { ctx } = app;
  const { base, opts, authorized } = h;
  const requestId = (request: FastifyRequest) => {
    const value = request.headers['paypal-request-id'];
    return typeof value === 'string' && value.length > 0 && value.length <= 108 ? value : undefined;
  };
  const idParam = (request: FastifyRequest) => (request.params as { id: string }).id;
  const load = async (request: FastifyRequest) => {
    const id = idParam(request);
    return /^I-[A-Z0-9]{1,40}$/.test(id) ? findSandboxSubscription(ctx.db, id) : undefined;
  };
  const isoNow = () => new Date().toISOString();

  app.post('/v1/catalogs/products', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.name !== 'string' || b.name.length < 1 || b.name.length > 127) return invalid(reply, '/name', 'INVALID_STRING_LENGTH');
    if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(String(b.type))) return invalid(reply, '/type', 'INVALID_PARAMETER_VALUE');
    if (!optionalText(b.category, 256)) return invalid(reply, '/category', 'INVALID_PARAMETER_VALUE');
    const id = `PROD-${paypalStyleId()}`;
    const now = isoNow();
    const body = { id, name: b.name, type: b.type, ...(b.category ? { category: b.category } : {}), create_time: now, update_time: now };
    const { body: product, created } = await insertCatalogItem(ctx.db, { id, kind: 'product', body }, requestId(request));
    return reply
      .code(created ? 201 : 200)
      .send({ ...product, links: [{ href: `${base}/v1/catalogs/products/${String(product.id)}`, rel: 'self', method: 'GET' }] });
  });

  app.post('/v1/billing/plans', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.product_id !== 'string' || !(await findCatalogItem(ctx.db, 'product', b.product_id)))
      return invalid(reply, '/product_id', 'INVALID_RESOURCE_ID');
    if (typeof b.name !== 'string' || b.name.length < 1 || b.name.length > 127) return invalid(reply, '/name', 'INVALID_STRING_LENGTH');
    const cycles = b.billing_cycles;
    if (!Array.isArray(cycles) || cycles.length < 1 || cycles.length > 12)
      return invalid(reply, '/billing_cycles', 'INVALID_ARRAY_MAX_ITEMS');
    const regular = cycles.find((c) => isObject(c) && c.tenure_type === 'REGULAR') as Record<string, unknown> | undefined;
    if (!regular) return invalid(reply, '/billing_cycles', 'MISSING_REQUIRED_PARAMETER');
    for (const [i, c] of cycles.entries()) {
      if (!isObject(c) || !['REGULAR', 'TRIAL'].includes(String(c.tenure_type)))
        return invalid(reply, `/billing_cycles/${i}/tenure_type`, 'INVALID_PARAMETER_VALUE');
      const f = c.frequency;
      if (!isObject(f) || !['DAY', 'WEEK', 'MONTH', 'YEAR'].includes(String(f.interval_unit)))
        return invalid(reply, `/billing_cycles/${i}/frequency/interval_unit`, 'INVALID_PARAMETER_VALUE');
      if (f.interval_count !== undefined && !(Number.isInteger(f.interval_count) && (f.interval_count as number) >= 1))
        return invalid(reply, `/billing_cycles/${i}/frequency/interval_count`, 'INVALID_PARAMETER_VALUE');
      if (!Number.isInteger(c.sequence)) return invalid(reply, `/billing_cycles/${i}/sequence`, 'MISSING_REQUIRED_PARAMETER');
      if (c.total_cycles !== undefined && !(Number.isInteger(c.total_cycles) && (c.total_cycles as number) >= 0))
        return invalid(reply, `/billing_cycles/${i}/total_cycles`, 'INVALID_PARAMETER_VALUE');
    }
    const price =
      isObject(regular.pricing_scheme) && isObject(regular.pricing_scheme.fixed_price) ? regular.pricing_scheme.fixed_price : undefined;
    if (!price || typeof price.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(price.value))
      return invalid(reply, '/billing_cycles/0/pricing_scheme/fixed_price/value', 'INVALID_PARAMETER_SYNTAX');
    if (typeof price.currency_code !== 'string' || !/^[A-Z]{3}$/.test(price.currency_code))
      return invalid(reply, '/billing_cycles/0/pricing_scheme/fixed_price/currency_code', 'INVALID_CURRENCY_CODE');
    const id = `P-${paypalStyleId()}${paypalStyleId().slice(0, 7)}`;
    const now = isoNow();
    const preferences = isObject(b.payment_preferences) ? b.payment_preferences : {};
    const body = {
      id,
      product_id: b.product_id,
      name: b.name,
      status: b.status === 'INACTIVE' || b.status === 'CREATED' ? b.status : 'ACTIVE',
      billing_cycles: cycles,
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 0, ...preferences },
      create_time: now,
      update_time: now,
    };
    const { body: plan, created } = await insertCatalogItem(ctx.db, { id, kind: 'plan', body }, requestId(request));
    return reply
      .code(created ? 201 : 200)
      .send({ ...plan, links: [{ href: `${base}/v1/billing/plans/${String(plan.id)}`, rel: 'self', method: 'GET' }] });
  });

  app.get('/v1/billing/plans/:id', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const plan = await findCatalogItem(ctx.db, 'plan', idParam(request));
    return plan ?? notFound(reply);
  });

  app.post('/v1/billing/subscriptions', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.plan_id !== 'string' || b.plan_id === '') return invalid(reply, '/plan_id', 'MISSING_REQUIRED_PARAMETER');
    const plan = await findCatalogItem(ctx.db, 'plan', b.plan_id);
    if (!plan) return notFound(reply);
    if (plan.status !== 'ACTIVE')
      return unprocessable(reply, 'PLAN_STATUS_INVALID', 'Invalid plan status. Subscription creation is not allowed.');
    if (!optionalText(b.custom_id, 127)) return invalid(reply, '/custom_id', 'INVALID_STRING_LENGTH');
    const subscriber = isObject(b.subscriber) ? b.subscriber : {};
    if (!optionalText(subscriber.email_address, 254)) return invalid(reply, '/subscriber/email_address', 'INVALID_STRING_LENGTH');
    const cycle = (plan.billing_cycles as Record<string, unknown>[]).find((c) => c.tenure_type === 'REGULAR')!;
    const amount = (cycle.pricing_scheme as { fixed_price: Money }).fixed_price;
    const now = isoNow();
    const { subscription, created } = await insertOrGetSubscription(
      ctx.db,
      {
        id: `I-${paypalStyleId().slice(0, 12)}`,
        status: 'APPROVAL_PENDING',
        body: {
          plan_id: b.plan_id,
          ...(typeof b.custom_id === 'string' ? { custom_id: b.custom_id } : {}),
          ...(typeof subscriber.email_address === 'string' ? { email_address: subscriber.email_address } : {}),
          amount,
          failure_threshold: Number((plan.payment_preferences as { payment_failure_threshold?: number }).payment_failure_threshold ?? 0),
          create_time: now,
          update_time: now,
          status_update_time: now,
          cycles_completed: 0,
          failed_payments_count: 0,
          transactions: [],
        },
      },
      requestId(request),
    );
    return reply.code(created ? 201 : 200).send(present(subscription));
  });

  app.get('/v1/billing/subscriptions/:id', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const subscription = await load(request);
    return subscription ? present(subscription) : notFound(reply);
  });

  app.get('/v1/billing/subscriptions/:id/transactions', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const q = request.query as Record<string, unknown>;
    const from = Date.parse(String(q.start_time ?? ''));
    const until = Date.parse(String(q.end_time ?? ''));
    if (q.start_time === undefined) return invalid(reply, 'start_time', 'MISSING_REQUIRED_PARAMETER');
    if (q.end_time === undefined) return invalid(reply, 'end_time', 'MISSING_REQUIRED_PARAMETER');
    if (Number.isNaN(from)) return invalid(reply, 'start_time', 'INVALID_PARAMETER_SYNTAX');
    if (Number.isNaN(until) || until < from) return invalid(reply, 'end_time', 'INVALID_PARAMETER_SYNTAX');
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    const transactions = subscription.body.transactions.filter((t) => {
      const at = Date.parse(t.time);
      return at >= from && at <= until;
    });
    return {
      transactions: transactions.map((t) => ({ ...t, payer_email: subscription.body.email_address })),
      total_items: transactions.length,
      total_pages: 1,
      links: [{ href: `${base}/v1/billing/subscriptions/${subscription.id}/transactions`, rel: 'SELF', method: 'GET' }],
    };
  });

  app.post('/v1/billing/subscriptions/:id/cancel', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.reason !== 'string' || b.reason.length < 1 || b.reason.length > 128)
      return invalid(reply, '/reason', 'MISSING_REQUIRED_PARAMETER');
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    const moved = await move(subscription, ['ACTIVE', 'SUSPENDED'], (s) => ({
      status: 'CANCELLED',
      body: { ...s.body, status_change_note: b.reason as string, next_billing_time: undefined },
    }));
    if (!moved)
      return unprocessable(
        reply,
        'SUBSCRIPTION_STATUS_INVALID',
        'Invalid subscription status for cancel action; subscription status should be active or suspended.',
      );
    await subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', 'A billing subscription was cancelled.', moved);
    return reply.code(204).send();
  });

  app.post('/v1/payments/sale/:id/refund', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const saleId = idParam(request);
    const subscription = /^[A-Z0-9]{1,40}$/.test(saleId) ? await findSubscriptionBySale(ctx.db, saleId) : undefined;
    if (!subscription) return notFound(reply);
    let refunded: StoredTransaction | undefined;
    const moved = await move(subscription, [subscription.status], (s) => {
      const sale = s.body.transactions.find((t) => t.id === saleId)!;
      if (sale.status !== 'COMPLETED') return undefined;
      refunded = { ...sale, status: 'REFUNDED' };
      return { status: s.status, body: { ...s.body, transactions: s.body.transactions.map((t) => (t.id === saleId ? refunded! : t)) } };
    });
    if (!moved || !refunded) return unprocessable(reply, 'TRANSACTION_REFUSED', 'The sale is not completed or was already refunded.');
    const gross = refunded.amount_with_breakdown.gross_amount;
    const refund = {
      id: paypalStyleId(),
      state: 'completed',
      amount: { total: gross.value, currency: gross.currency_code },
      sale_id: saleId,
      create_time: isoNow(),
      update_time: isoNow(),
      links: [
        { href: `${base}/v1/payments/refund/${saleId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/payments/sale/${saleId}`, rel: 'sale', method: 'GET' },
      ],
    };
    await deliverSandboxEvent(ctx, {
      type: 'PAYMENT.SALE.REFUNDED',
      resourceType: 'refund',
      resourceVersion: '1.0',
      summary: `A ${gross.value} ${gross.currency_code} sale payment was refunded`,
      resource: { ...refund, billing_agreement_id: moved.id },
    });
    return reply.code(201).send(refund);
  });

  app.post('/subscriptions/:id/approve', opts, async (request, reply) => {
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    if (subscription.status !== 'APPROVAL_PENDING') return { id: subscription.id, status: subscription.status };
    if (h.declinedBuyer.test(subscription.body.email_address ?? '')) {
      return unprocessable(
        reply,
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const moved = await move(subscription, ['APPROVAL_PENDING'], (s) => {
      const now = new Date();
      return { status: 'ACTIVE', body: charged({ ...s.body, start_time: now.toISOString() }, now) };
    });
    if (!moved) return { id: subscription.id, status: (await findSandboxSubscription(ctx.db, subscription.id))!.status };
    await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', 'Subscription activated', moved);
    await saleEvent(moved);
    return { id: moved.id, status: moved.status };
  });

  const control = (request: FastifyRequest) => assertThisMachineOrAdmin(app, request, "The PayPal sandbox's subscriptions");
  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
  const controlDone = (request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) =>
    wantsHtml(request) ? reply.redirect('/sandbox/paypal/subscriptions', 303) : reply.send(body);

  app.post('/control/subscriptions/:id/charge', opts, async (request, reply) => {
    await control(request);
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    const moved = await move(subscription, ['ACTIVE'], (s) => ({ status: 'ACTIVE', body: charged(s.body, new Date()) }));
    if (!moved) return unprocessable(reply, 'SUBSCRIPTION_STATUS_INVALID', 'Only an active subscription is charged.');
    const delivery = await saleEvent(moved);
    return controlDone(request, reply, {
      charged: moved.body.transactions.at(-1)!.id,
      delivery_status: delivery.delivery_status,
      webhook: delivery.webhook,
    });
  });

  app.post('/control/subscriptions/:id/fail', opts, async (request, reply) => {
    await control(request);
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    const moved = await move(subscription, ['ACTIVE'], (s) => {
      const now = new Date().toISOString();
      const count = s.body.failed_payments_count + 1;
      const suspend = s.body.failure_threshold > 0 && count >= s.body.failure_threshold;
      const declined: StoredTransaction = { ...transaction(s.body.amount, now), status: 'DECLINED' };
      return {
        status: suspend ? 'SUSPENDED' : 'ACTIVE',
        body: {
          ...s.body,
          failed_payments_count: count,
          last_failed_payment: { amount: s.body.amount, time: now, reason_code: 'PAYMENT_DENIED' },
          transactions: [...s.body.transactions, declined],
          update_time: now,
          ...(suspend ? { status_update_time: now } : {}),
        },
      };
    });
    if (!moved) return unprocessable(reply, 'SUBSCRIPTION_STATUS_INVALID', 'Only an active subscription is charged.');
    const delivery =
      moved.status === 'SUSPENDED'
        ? await subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', 'A billing subscription was suspended.', moved)
        : await subscriptionEvent('BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'Subscription payment failed', moved);
    return controlDone(request, reply, { status: moved.status, delivery_status: delivery.delivery_status });
  });

  app.get('/subscriptions', opts, async (request, reply) => {
    await control(request);
    const list = await listSandboxSubscriptions(ctx.db);
    if (!wantsHtml(request)) {
      const subscriptions = list.map((s) => ({
        id: s.id,
        status: s.status,
        custom_id: s.body.custom_id,
        email_address: s.body.email_address,
        next_billing_time: s.body.next_billing_time,
      }));
      return { subscriptions };
    }
    const action = (path: string, label: string) =>
      `<form method="post" action="/sandbox/paypal/control/${path}"><button class="pay" type="submit">${label}</button></form>`;
    const cards = list.map((s) => {
      const charges = s.body.transactions
        .map((t) => `<li>${escapeHtml(t.id)} · ${escapeHtml(t.time)} · ${escapeHtml(t.status)}</li>`)
        .join('');
      const live = s.status === 'ACTIVE';
      return `<article class="card"><h2>${escapeHtml(s.id)} · ${escapeHtml(s.status)}</h2><dl><dt>custom_id</dt><dd>${escapeHtml(s.body.custom_id ?? '')}</dd><dt>Buyer</dt><dd>${escapeHtml(s.body.email_address ?? '')}</dd><dt>Amount</dt><dd>${escapeHtml(s.body.amount.value)} ${escapeHtml(s.body.amount.currency_code)} a month</dd><dt>Next billing</dt><dd>${escapeHtml(s.body.next_billing_time ?? '—')}</dd></dl><ul>${charges}</ul>${live ? `<div class="actions">${action(`subscriptions/${s.id}/charge`, 'Charge next month')}${action(`subscriptions/${s.id}/fail`, 'Fail next charge')}</div>` : ''}</article>`;
    });
    return reply
      .type('text/html; charset=utf-8')
      .send(
        sandboxPage('PayPal sandbox subscriptions', `<h1>PayPal subscriptions</h1>${cards.join('') || '<p>No subscriptions yet.</p>'}`),
      );
  });

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
      if (await replaceSubscription(ctx.db, current, { status: next.status, body })) return { ...current, status: next.status, body };
      current = await findSandboxSubscription(ctx.db, read.id);
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
    return deliverSandboxEvent(ctx, { type, resourceType: 'subscription', resourceVersion: '2.0', summary, resource: present(s) });
  }

  /** PAYMENT.SALE.COMPLETED for the subscription's newest charge, shaped as PayPal's v1 sale. */
  function saleEvent(s: SandboxSubscription): Promise<Delivery> {
    const sale = s.body.transactions.at(-1)!;
    const gross = sale.amount_with_breakdown.gross_amount;
    return deliverSandboxEvent(ctx, {
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
}

/** A completed charge of `amount` at `time`, with PayPal's fee (2.9% + 0.30) taken from it. */
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
function charged(body: StoredSubscription, now: Date): StoredSubscription {
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
