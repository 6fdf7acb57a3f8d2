import type { FastifyInstance } from 'fastify';
import type { PaypalSandbox } from './context.ts';
import { listSandboxSubscriptions } from './subscriptions-store.ts';
import { escapeHtml, sandboxPage } from '../page.ts';

/**
 * `GET /sandbox/paypal/subscriptions` (this machine or an admin): every subscription with a button
 * for each control of subscriptions.control.ts, or their list as JSON to a script.
 */
export function paypalSubscriptionPages(app: FastifyInstance, p: PaypalSandbox): void {
  const { db, opts, options } = p;
  app.get('/subscriptions', opts, async (request, reply) => {
    await options.thisMachineOrAdmin(request, "The PayPal sandbox's subscriptions");
    const list = await listSandboxSubscriptions(db);
    if (!(request.headers.accept ?? '').includes('text/html')) {
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
}
