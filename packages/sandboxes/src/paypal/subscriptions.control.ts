import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_DECLINED_BUYER, type PaypalSandbox } from './context.ts';
import { findSandboxSubscription, type StoredTransaction } from './subscriptions-store.ts';
import { notFound, unprocessable } from './errors.ts';
import { charged, paypalSubscriptions, transaction } from './subscriptions.ts';

/**
 * What happens to a PayPal subscription outside the merchant API. The buyer's side, what our
 * approval dialog calls: `POST /subscriptions/:id/approve` (the first month is charged:
 * BILLING.SUBSCRIPTION.ACTIVATED and PAYMENT.SALE.COMPLETED; a `declined@…` buyer is refused with
 * INSTRUMENT_DECLINED). What happens at PayPal later, on demand (this machine or an admin;
 * subscriptions.pages.ts has a button for each): `POST /control/subscriptions/:id/charge` (the
 * next month: PAYMENT.SALE.COMPLETED) and `/fail` (BILLING.SUBSCRIPTION.PAYMENT.FAILED; the third
 * failure in a row suspends it: BILLING.SUBSCRIPTION.SUSPENDED).
 */
export function paypalSubscriptionControls(app: FastifyInstance, p: PaypalSandbox): void {
  const { db, opts, options } = p;
  const { load, move, subscriptionEvent, saleEvent } = paypalSubscriptions(p);

  app.post('/subscriptions/:id/approve', opts, async (request, reply) => {
    const subscription = await load(request);
    if (!subscription) return notFound(reply);
    if (subscription.status !== 'APPROVAL_PENDING') return { id: subscription.id, status: subscription.status };
    if (SANDBOX_DECLINED_BUYER.test(subscription.body.email_address ?? '')) {
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
    if (!moved) return { id: subscription.id, status: (await findSandboxSubscription(db, subscription.id))!.status };
    await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', 'Subscription activated', moved);
    await saleEvent(moved);
    return { id: moved.id, status: moved.status };
  });

  const control = (request: FastifyRequest) => options.thisMachineOrAdmin(request, "The PayPal sandbox's subscriptions");
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
}
