import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { PayhereSandboxStore, presentPayment, presentSubscription, type SandboxSubscription } from './store.ts';
import { notifySubscription } from './notify.ts';

const TOKEN_TTL_S = 599;

/**
 * PayHere's merchant API as the embedded sandbox speaks it, answering from its own ledger of
 * charges: OAuth client credentials (Basic app_id:app_secret), then Bearer calls answering
 * `{status, msg, data}` (1 = success, -1 with HTTP 422 = refused). Payment retrieval by order,
 * the Subscription Manager (list, payments, cancel, retry) and refunds.
 */
export async function payhereMerchantApi(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { appId, appSecret } = options.payhere;
  const store = new PayhereSandboxStore(options.db);
  const sign = (expires: number) => createHmac('sha256', appSecret).update(`payhere-sandbox-token|${appId}|${expires}`).digest('base64url');
  const public_ = PUBLIC_ROUTE;

  /** PayHere's ids are whole numbers; anything else names nothing. */
  const idOf = (value: unknown) => {
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  const ok = (reply: FastifyReply, msg: string, data: unknown) => reply.send({ status: 1, msg, data });
  const refuse = (reply: FastifyReply, msg: string) => reply.code(422).send({ status: -1, msg, data: null });

  /** Bearer tokens are stateless: an expiry and its HMAC, so every server process accepts them. */
  const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const token = /^Bearer (\d+)\.([\w-]+)$/.exec(request.headers.authorization ?? '');
    const expires = Number(token?.[1]);
    const valid =
      !!token &&
      expires * 1000 > Date.now() &&
      Buffer.from(token[2]!).length === Buffer.from(sign(expires)).length &&
      timingSafeEqual(Buffer.from(token[2]!), Buffer.from(sign(expires)));
    if (!valid) void reply.code(401).send({ error: 'invalid_token', error_description: `Invalid access token: ${token?.[0] ?? 'none'}` });
    return valid;
  };

  app.post('/merchant/v1/oauth/token', public_, async (request, reply) => {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (id !== appId || secret !== appSecret)
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Bad client credentials' });
    if ((request.body as { grant_type?: string } | undefined)?.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    }
    const expires = Math.floor(Date.now() / 1000) + TOKEN_TTL_S;
    return reply.send({ access_token: `${expires}.${sign(expires)}`, token_type: 'bearer', expires_in: TOKEN_TTL_S, scope: 'SANDBOX' });
  });

  app.get('/merchant/v1/payment/search', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const orderId = (request.query as { order_id?: string }).order_id;
    if (!orderId) return refuse(reply, 'order_id is required');
    const found = await store.paymentsOfOrder(orderId);
    if (found.length === 0) return refuse(reply, `No payments found for order_id:${orderId}`);
    return ok(reply, `Payments with order_id:${orderId}`, found.map(presentPayment));
  });

  app.get('/merchant/v1/subscription', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const all = await store.subscriptions();
    return ok(reply, `Found ${all.length} subscriptions`, all.map(presentSubscription));
  });

  app.get('/merchant/v1/subscription/:id/payments', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const id = idOf((request.params as { id: string }).id);
    const subscription = id === undefined ? undefined : await store.subscription(id);
    if (!subscription) return refuse(reply, 'Invalid subscription id');
    const found = await store.paymentsOfSubscription(subscription.id);
    return ok(reply, `Found ${found.length} payments`, found.map(presentPayment));
  });

  app.post('/merchant/v1/subscription/cancel', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const id = idOf((request.body as { subscription_id?: unknown } | undefined)?.subscription_id);
    const subscription = id === undefined ? undefined : await store.subscription(id);
    if (!subscription) return refuse(reply, 'Invalid subscription id');
    if (!(await store.setSubscriptionStatus(subscription.id, ['ACTIVE', 'FAILED'], 'CANCELLED')))
      return refuse(reply, 'Subscription is already cancelled.');
    // PayHere tells the merchant's notify URL that the subscription stopped.
    await notifySubscription(
      { log: request.log, merchant: options.payhere, store, deliver: options.deliver },
      { ...subscription, status: 'CANCELLED' },
      {
        statusCode: '-1',
        statusMessage: 'Subscription cancelled.',
        messageType: 'RECURRING_STOPPED',
      },
    );
    return ok(reply, 'Successfully cancelled the subscription', null);
  });

  app.post('/merchant/v1/subscription/retry', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const id = idOf((request.body as { subscription_id?: unknown } | undefined)?.subscription_id);
    const subscription = id === undefined ? undefined : await store.subscription(id);
    if (!subscription) return refuse(reply, 'Invalid subscription id');
    if (!(await store.setSubscriptionStatus(subscription.id, ['FAILED'], 'ACTIVE')))
      return refuse(reply, 'Subscription is not eligible for retrying');
    await chargeInstallment(options, store, { ...subscription, status: 'ACTIVE' }, request.log);
    return ok(reply, 'Recurring payment charged successfully', null);
  });

  app.post('/merchant/v1/payment/refund', public_, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const body = (request.body ?? {}) as { payment_id?: unknown; paymentId?: unknown; description?: unknown };
    const paymentId = idOf(body.payment_id ?? body.paymentId);
    const payment = paymentId === undefined ? undefined : await store.payment(paymentId);
    if (!payment) return refuse(reply, 'Invalid payment id');
    if (typeof body.description !== 'string' || !body.description.trim()) return refuse(reply, 'description is required');
    if (!(await store.setPaymentStatus(payment.paymentId, 'RECEIVED', 'REFUNDED')))
      return refuse(reply, 'Payment is not eligible for a refund');
    return ok(reply, 'Successfully refunded', payment.paymentId);
  });
}

/** One monthly charge of a subscription: recorded in the ledger, then notified as PayHere does. */
export async function chargeInstallment(
  options: SandboxOptions,
  store: PayhereSandboxStore,
  subscription: SandboxSubscription,
  log: FastifyBaseLogger,
): Promise<number> {
  const payment = await store.charge({
    orderId: subscription.orderId,
    subscriptionId: subscription.id,
    description: subscription.description,
    amount: subscription.amount,
    currency: subscription.currency,
    at: options.now(),
  });
  await notifySubscription({ log, merchant: options.payhere, store, deliver: options.deliver }, subscription, {
    statusCode: '2',
    statusMessage: 'Successfully completed the payment.',
    messageType: 'RECURRING_INSTALLMENT_SUCCESS',
    paymentId: payment.paymentId,
  });
  return payment.paymentId;
}
