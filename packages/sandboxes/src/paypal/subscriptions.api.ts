import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaypalSandbox } from './context.ts';
import {
  findCatalogItem,
  findSubscriptionBySale,
  insertCatalogItem,
  insertOrGetSubscription,
  type StoredTransaction,
} from './subscriptions-store.ts';
import { invalid, isObject, notFound, optionalText, unprocessable } from './errors.ts';
import { paypalStyleId, type Money } from './orders-store.ts';
import { deliverSandboxEvent } from './webhooks.ts';
import { paypalSubscriptions } from './subscriptions.ts';

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
 * The buyer's approval and what happens at PayPal later are in subscriptions.control.ts, the page
 * listing them in subscriptions.pages.ts.
 */
export function paypalSubscriptionsApi(app: FastifyInstance, p: PaypalSandbox): void {
  const { db, base, opts, authorized, requestId, options } = p;
  const { load, move, present, subscriptionEvent } = paypalSubscriptions(p);
  const idParam = (request: FastifyRequest) => (request.params as { id: string }).id;
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
    const { body: product, created } = await insertCatalogItem(db, { id, kind: 'product', body }, requestId(request));
    return reply
      .code(created ? 201 : 200)
      .send({ ...product, links: [{ href: `${base}/v1/catalogs/products/${String(product.id)}`, rel: 'self', method: 'GET' }] });
  });

  app.post('/v1/billing/plans', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.product_id !== 'string' || !(await findCatalogItem(db, 'product', b.product_id)))
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
    const { body: plan, created } = await insertCatalogItem(db, { id, kind: 'plan', body }, requestId(request));
    return reply
      .code(created ? 201 : 200)
      .send({ ...plan, links: [{ href: `${base}/v1/billing/plans/${String(plan.id)}`, rel: 'self', method: 'GET' }] });
  });

  app.get('/v1/billing/plans/:id', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const plan = await findCatalogItem(db, 'plan', idParam(request));
    return plan ?? notFound(reply);
  });

  app.post('/v1/billing/subscriptions', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    if (typeof b.plan_id !== 'string' || b.plan_id === '') return invalid(reply, '/plan_id', 'MISSING_REQUIRED_PARAMETER');
    const plan = await findCatalogItem(db, 'plan', b.plan_id);
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
      db,
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
    const subscription = /^[A-Z0-9]{1,40}$/.test(saleId) ? await findSubscriptionBySale(db, saleId) : undefined;
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
    await deliverSandboxEvent(options, {
      type: 'PAYMENT.SALE.REFUNDED',
      resourceType: 'refund',
      resourceVersion: '1.0',
      summary: `A ${gross.value} ${gross.currency_code} sale payment was refunded`,
      resource: { ...refund, billing_agreement_id: moved.id },
    });
    return reply.code(201).send(refund);
  });
}
