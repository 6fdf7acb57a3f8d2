import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { escapeHtml, sandboxPage } from '../page.ts';
import { expectedCheckoutHash, sameHash } from './signature.ts';
import { PayhereSandboxStore } from './store.ts';
import { deliverNotify, notifyFields } from './notify.ts';

const checkoutSchema = z
  .object({
    merchant_id: z.string().default(''),
    return_url: z.string().default(''),
    cancel_url: z.string().default(''),
    notify_url: z.string().default(''),
    order_id: z.string().default(''),
    items: z.string().default(''),
    currency: z.string().default(''),
    amount: z.string().default(''),
    first_name: z.string().default(''),
    last_name: z.string().default(''),
    email: z.string().default(''),
    hash: z.string().default(''),
    custom_1: z.string().default(''),
    custom_2: z.string().default(''),
    recurrence: z.string().optional(),
    duration: z.string().optional(),
  })
  .loose();

/** Whether `value` is an address on this server (the sandbox only ever calls back or redirects to it). */
const onOrigin = (value: string, origin: string) => {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === origin;
  } catch {
    return false;
  }
};

/**
 * The embedded PayHere checkout: checks the form's hash like PayHere does, shows the order with
 * Pay and Cancel; Pay records the charge (and, for a monthly package, the subscription) in the
 * sandbox's own ledger, sends the signed notify server-to-server, then sends the browser to
 * return_url; Cancel sends it to cancel_url. It calls back only this server's own notify URL
 * and redirects only to this server: any other address gets an error page, never a request.
 */
export async function payhereCheckoutPages(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { merchantId, merchantSecret } = options.payhere;
  const { appUrl } = options;
  const origin = new URL(appUrl).origin;
  const ownNotifyUrl = `${appUrl}/api/payments/payhere/notify`;
  const store = new PayhereSandboxStore(options.db);
  // The Pay button carries the checkout fields back; this seal stops them being edited in between.
  const seal = (fields: Record<string, string>) => createHmac('sha256', merchantSecret).update(JSON.stringify(fields)).digest('hex');

  const error = (message: string) =>
    sandboxPage('Payment error', `<div class="card"><h1>Payment error</h1><p class="error">${escapeHtml(message)}</p></div>`);

  app.post('/pay/checkout', PUBLIC_ROUTE, async (request, reply) => {
    const parsed = checkoutSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).type('text/html').send(error('The checkout form is incomplete.'));
    const c = parsed.data;
    if (c.merchant_id !== merchantId) return reply.code(400).type('text/html').send(error('Unknown merchant.'));
    if (c.notify_url !== ownNotifyUrl)
      return reply
        .code(400)
        .type('text/html')
        .send(error(`notify_url must be this merchant's notify address (${ownNotifyUrl}).`));
    if (![c.return_url, c.cancel_url].every((u) => onOrigin(u, origin)))
      return reply
        .code(400)
        .type('text/html')
        .send(error(`return_url and cancel_url must be addresses on ${origin}.`));
    const expected = expectedCheckoutHash(options.payhere, { orderId: c.order_id, amount: c.amount, currency: c.currency });
    if (!c.hash || !sameHash(expected, c.hash)) {
      return reply.code(400).type('text/html').send(error('Invalid hash value. The payment request was not signed by this merchant.'));
    }

    const fields = {
      order_id: c.order_id,
      items: c.items,
      amount: c.amount,
      currency: c.currency,
      return_url: c.return_url,
      recurrence: c.recurrence ?? '',
      duration: c.duration ?? '',
    };
    const hidden = Object.entries({ ...fields, seal: seal(fields) })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');
    const body = `<div class="card"><h1>Pay with card</h1><dl>
      <dt>Merchant</dt><dd>${escapeHtml(c.merchant_id)}</dd><dt>Items</dt><dd>${escapeHtml(c.items)}</dd>
      <dt>Amount</dt><dd>${escapeHtml(c.amount)} ${escapeHtml(c.currency)}</dd>
      ${c.recurrence ? `<dt>Billing</dt><dd>Every ${escapeHtml(c.recurrence.replace(/^1 /, ''))}, ${escapeHtml(c.duration ?? '')}</dd>` : ''}
      <dt>Customer</dt><dd>${escapeHtml(`${c.first_name} ${c.last_name}`)} · ${escapeHtml(c.email)}</dd><dt>Order</dt><dd>${escapeHtml(c.order_id)}</dd></dl>
      <div class="actions"><form method="post" action="confirm">${hidden}<button class="pay" type="submit">Pay</button></form>
      <a class="button cancel" href="${escapeHtml(c.cancel_url)}">Cancel</a></div></div>`;
    return reply.type('text/html; charset=utf-8').send(sandboxPage('PayHere sandbox checkout', body));
  });

  app.post('/pay/confirm', PUBLIC_ROUTE, async (request, reply) => {
    const f = z
      .object({
        order_id: z.string(),
        items: z.string(),
        amount: z.string(),
        currency: z.string(),
        return_url: z.string(),
        recurrence: z.string(),
        duration: z.string(),
        seal: z.string(),
      })
      .safeParse(request.body ?? {});
    if (!f.success) return reply.code(400).type('text/html').send(error('The payment form is incomplete.'));
    const { seal: given, ...fields } = f.data;
    const expected = Buffer.from(seal(fields));
    if (expected.length !== Buffer.from(given).length || !timingSafeEqual(expected, Buffer.from(given))) {
      return reply.code(400).type('text/html').send(error('The payment form was altered.'));
    }

    const at = options.now();
    const subscription = fields.recurrence
      ? await store.subscribe({
          orderId: fields.order_id,
          description: fields.items,
          amount: fields.amount,
          currency: fields.currency,
          recurrence: fields.recurrence,
          duration: fields.duration || 'Forever',
          notifyUrl: ownNotifyUrl,
          at,
        })
      : undefined;
    const payment = await store.charge({
      orderId: fields.order_id,
      subscriptionId: subscription?.id ?? null,
      description: fields.items,
      amount: fields.amount,
      currency: fields.currency,
      at,
    });
    // Like PayHere: the notify goes server-to-server before the browser returns.
    await deliverNotify(
      request.log,
      ownNotifyUrl,
      notifyFields(options.payhere, {
        orderId: fields.order_id,
        amount: fields.amount,
        currency: fields.currency,
        statusCode: '2',
        statusMessage: 'Successfully completed the payment.',
        paymentId: payment.paymentId,
        ...(subscription
          ? {
              recurring: {
                subscription,
                messageType: 'AUTHORIZATION_SUCCESS',
                installmentsPaid: 1,
                nextChargeDate: await store.nextChargeDate(subscription),
              },
            }
          : {}),
      }),
      options.deliver,
    );
    const back = new URL(fields.return_url);
    back.searchParams.set('order_id', fields.order_id);
    return reply.redirect(back.toString(), 303);
  });
}
