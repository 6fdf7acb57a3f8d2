import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkoutHash, notifySignature, signaturesMatch } from '../payments/payhere-signature.ts';
import { escapeHtml, sandboxPage } from './sandbox-page.ts';

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


const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/**
 * The embedded PayHere (INTEGRATIONS.md section 1): checks the form's hash like PayHere does,
 * shows the order with Pay and Cancel; Pay sends the signed notify (status 2) to notify_url
 * server-to-server, then sends the browser to return_url; Cancel sends it to cancel_url.
 */
export async function payhereSandboxRoutes(app: FastifyInstance): Promise<void> {
  const { merchantId, merchantSecret } = app.ctx.config.payhere;
  // The Pay button carries the checkout fields back; this seal stops them being edited in between.
  const seal = (fields: Record<string, string>) => createHmac('sha256', merchantSecret).update(JSON.stringify(fields)).digest('hex');

  const error = (message: string) => sandboxPage('Payment error', `<div class="card"><h1>Payment error</h1><p class="error">${escapeHtml(message)}</p></div>`);

  app.post('/pay/checkout', { config: { auth: 'public' } }, async (request, reply) => {
    const parsed = checkoutSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).type('text/html').send(error('The checkout form is incomplete.'));
    const c = parsed.data;
    if (c.merchant_id !== merchantId) return reply.code(400).type('text/html').send(error('Unknown merchant.'));
    if (![c.return_url, c.cancel_url, c.notify_url].every(isHttpUrl)) return reply.code(400).type('text/html').send(error('Return, cancel and notify URLs are required.'));
    const expected = checkoutHash({ merchantId, merchantSecret, orderId: c.order_id, amount: c.amount, currency: c.currency });
    if (!c.hash || !signaturesMatch(expected, c.hash)) {
      return reply.code(400).type('text/html').send(error('Invalid hash value. The payment request was not signed by this merchant.'));
    }

    const fields = { order_id: c.order_id, amount: c.amount, currency: c.currency, notify_url: c.notify_url, return_url: c.return_url, recurrence: c.recurrence ?? '' };
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

  app.post('/pay/confirm', { config: { auth: 'public' } }, async (request, reply) => {
    const f = z
      .object({ order_id: z.string(), amount: z.string(), currency: z.string(), notify_url: z.string(), return_url: z.string(), recurrence: z.string(), seal: z.string() })
      .safeParse(request.body ?? {});
    if (!f.success) return reply.code(400).type('text/html').send(error('The payment form is incomplete.'));
    const { seal: given, ...fields } = f.data;
    const expected = Buffer.from(seal(fields));
    if (expected.length !== Buffer.from(given).length || !timingSafeEqual(expected, Buffer.from(given))) {
      return reply.code(400).type('text/html').send(error('The payment form was altered.'));
    }

    const paymentId = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));
    const notify: Record<string, string> = {
      merchant_id: merchantId,
      order_id: fields.order_id,
      payment_id: paymentId,
      payhere_amount: fields.amount,
      payhere_currency: fields.currency,
      status_code: '2',
      status_message: 'Successfully completed the payment.',
      method: 'TEST',
      custom_1: '',
      custom_2: '',
      md5sig: notifySignature({ merchantId, merchantSecret, orderId: fields.order_id, amount: fields.amount, currency: fields.currency, statusCode: '2' }),
      ...(fields.recurrence ? { recurring: '1', message_type: 'AUTHORIZATION_SUCCESS', item_recurrence: fields.recurrence, item_duration: 'Forever' } : {}),
    };
    // Like PayHere: the notify goes server-to-server before the browser returns; a failure there is the merchant's problem.
    try {
      const res = await fetch(fields.notify_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(notify).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      request.log.info({ orderId: fields.order_id, status: res.status }, 'sandbox PayHere notify delivered');
    } catch (err) {
      request.log.warn({ orderId: fields.order_id, err: (err as Error).message }, 'sandbox PayHere notify failed');
    }
    const back = new URL(fields.return_url);
    back.searchParams.set('order_id', fields.order_id);
    return reply.redirect(back.toString(), 303);
  });
}
