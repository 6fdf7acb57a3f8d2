import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { escapeHtml, sandboxPage } from '../page.ts';
import { PayhereSandboxStore, payhereDate } from './store.ts';
import { deliverNotify, notifyFields, notifySubscription } from './notify.ts';
import { chargeInstallment } from './merchant.api.ts';

/**
 * What happens at PayHere between checkouts, on demand (sandbox mode only): a subscription's
 * next monthly charge, a failed charge, a charge-back. `GET /sandbox/payhere/subscriptions` lists
 * the ledger with a button for each; the same routes answer JSON to tests and scripts. They show
 * and change every customer's charges, so they are the server's own machine's (or an admin's).
 */
export async function payhereControl(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const store = new PayhereSandboxStore(options.db);
  const public_ = PUBLIC_ROUTE;
  const wantsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html');
  const done = (reply: FastifyReply, accept: string | undefined, body: Record<string, unknown>) =>
    wantsHtml(accept) ? reply.redirect('/sandbox/payhere/subscriptions', 303) : reply.send(body);
  const missing = (reply: FastifyReply, what: string) => reply.code(404).send({ error: `${what} not found` });
  const guard = (request: FastifyRequest) => options.thisMachineOrAdmin(request, "The PayHere sandbox's ledger");
  /** PayHere's ids are whole numbers; anything else names nothing. */
  const idOf = (request: FastifyRequest) => {
    const id = Number((request.params as { id: string }).id);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };

  app.get('/subscriptions', public_, async (request, reply) => {
    await guard(request);
    const subscriptions = await store.subscriptions();
    const rows = await Promise.all(
      subscriptions.map(async (s) => {
        const charges = await store.paymentsOfSubscription(s.id);
        const action = (path: string, label: string) =>
          `<form method="post" action="/sandbox/payhere/control/${path}"><button class="pay" type="submit">${label}</button></form>`;
        const chargeList = charges
          .map(
            (c) =>
              `<li>#${c.paymentId} · ${escapeHtml(payhereDate(c.chargedAt))} · ${escapeHtml(c.status)}${c.status === 'RECEIVED' ? action(`payments/${c.paymentId}/chargeback`, 'Charge back') : ''}</li>`,
          )
          .join('');
        const live = s.status === 'ACTIVE';
        return `<article class="card"><h2>Subscription #${s.id} · ${escapeHtml(s.status)}</h2><dl><dt>Order</dt><dd>${escapeHtml(s.orderId)}</dd><dt>Item</dt><dd>${escapeHtml(s.description)}</dd><dt>Amount</dt><dd>${escapeHtml(s.amount)} ${escapeHtml(s.currency)} every ${escapeHtml(s.recurrence.replace(/^1 /, ''))}</dd></dl><ul>${chargeList}</ul>${live ? `<div class="actions">${action(`subscriptions/${s.id}/charge`, 'Charge next month')}${action(`subscriptions/${s.id}/fail`, 'Fail next charge')}</div>` : ''}</article>`;
      }),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage('PayHere sandbox subscriptions', `<h1>Subscriptions</h1>${rows.join('') || '<p>No subscriptions yet.</p>'}`));
  });

  app.post('/control/subscriptions/:id/charge', public_, async (request, reply) => {
    await guard(request);
    const id = idOf(request);
    const subscription = id === undefined ? undefined : await store.subscription(id);
    if (!subscription) return missing(reply, 'subscription');
    if (subscription.status !== 'ACTIVE') return reply.code(409).send({ error: `subscription is ${subscription.status}` });
    const paymentId = await chargeInstallment(options, store, subscription, request.log);
    return done(reply, request.headers.accept, { paymentId });
  });

  app.post('/control/subscriptions/:id/fail', public_, async (request, reply) => {
    await guard(request);
    const id = idOf(request);
    const subscription = id === undefined ? undefined : await store.subscription(id);
    if (!subscription) return missing(reply, 'subscription');
    if (!(await store.setSubscriptionStatus(subscription.id, ['ACTIVE'], 'FAILED')))
      return reply.code(409).send({ error: `subscription is ${subscription.status}` });
    await notifySubscription(
      { log: request.log, merchant: options.payhere, store, deliver: options.deliver },
      { ...subscription, status: 'FAILED' },
      {
        statusCode: '-2',
        statusMessage: 'The card was declined.',
        messageType: 'RECURRING_INSTALLMENT_FAILED',
      },
    );
    return done(reply, request.headers.accept, { failed: true });
  });

  app.post('/control/payments/:id/chargeback', public_, async (request, reply) => {
    await guard(request);
    const id = idOf(request);
    const payment = id === undefined ? undefined : await store.payment(id);
    if (!payment) return missing(reply, 'payment');
    if (!(await store.setPaymentStatus(payment.paymentId, 'RECEIVED', 'CHARGEBACKED')))
      return reply.code(409).send({ error: `payment is ${payment.status}` });
    await deliverNotify(
      request.log,
      `${options.appUrl}/api/payments/payhere/notify`,
      notifyFields(options.payhere, {
        orderId: payment.orderId,
        amount: payment.amount,
        currency: payment.currency,
        statusCode: '-3',
        statusMessage: 'Charged back.',
        paymentId: payment.paymentId,
      }),
      options.deliver,
    );
    return done(reply, request.headers.accept, { chargedBack: true });
  });
}
