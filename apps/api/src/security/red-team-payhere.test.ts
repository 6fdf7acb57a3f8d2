import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/listening-app.ts';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { postForm, payWithSandboxCard } from '../test-support/payhere-sandbox.ts';
import { sendNotify, startCheckout } from '../test-support/payments.ts';
import { PayhereApi } from '../modules/payments/payhere/payhere-api.ts';
import { enqueuePayhereCharges } from '../modules/payments/payhere/payhere-charges.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Red-team findings on card payments, performed as described: one genuine signed notify replayed
 * with new unsigned fields to buy months for nothing, and the sandbox sent to call any address.
 */
describe('red team: PayHere', () => {
  let buyer: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'attacker@example.com' });
  });

  const expiry = async () =>
    new Date(
      (await t.app.inject({ method: 'POST', url: '/api/users/load/attacker@example.com', headers: buyer.headers })).json()
        .subscription_expiry_date,
    ).getTime();

  it('one genuine notify replayed with new payment ids and an installment message_type buys no month', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const paidUntil = await expiry();

    // The attacker holds the signed fields (merchant, order, amount, currency, status 2) and
    // replays them with the unsigned ones changed, now and again near the end of the period.
    for (const when of [0, paidUntil - Date.now() - DAY]) {
      t.clock.reset();
      t.clock.advance(when);
      for (let i = 0; i < 5; i++) {
        const res = await sendNotify(t.app, {
          order_id: orderId,
          payhere_amount: '14.99',
          payment_id: `9${when}${i}`,
          message_type: 'RECURRING_INSTALLMENT_SUCCESS',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().result).not.toBe('renewed');
      }
      await t.app.jobs.drain();
      expect(await expiry()).toBe(paidUntil);
    }
  });

  it('replayed notifies with padded fields leave nothing behind: no new rows, no extra fields kept', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const rows = async () =>
      queryRows<{ payload: Record<string, unknown> }>(t.app.ctx.db, sql`select payload from payment_events where order_id = ${orderId}`);
    const before = (await rows()).length;
    for (let i = 0; i < 20; i++) {
      const res = await sendNotify(t.app, {
        order_id: orderId,
        payhere_amount: '14.99',
        payment_id: `pad-${i}`,
        extra: { custom_2: 'x'.repeat(100_000) },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await rows()).length).toBe(before);
    expect(JSON.stringify(await rows())).not.toContain('xxxx');
    // However many claims, one read of PayHere's record is pending for the order.
    const [jobs] = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from jobs where kind = 'payhere-charges' and done_at is null and failed_at is null`,
    );
    expect(jobs!.n).toBe(1);
  });

  it("the sandbox's ledger and controls are not a stranger's: another machine with a customer's token is refused", async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const [charge] = await queryRows<{ payment_id: string }>(
      t.app.ctx.db,
      sql`select payment_id from sandbox_payhere_payments where order_id = ${orderId}`,
    );
    for (const [method, url] of [
      ['GET', '/sandbox/payhere/subscriptions'],
      ['POST', `/sandbox/payhere/control/payments/${charge!.payment_id}/chargeback`],
    ] as const) {
      const res = await t.app.inject({ method, url, remoteAddress: '203.0.113.50', headers: buyer.headers });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/load/attacker@example.com', headers: buyer.headers })).json().package.id,
    ).toBe('pkgBasic');
    // Ids that are not PayHere's whole numbers name nothing (and never reach the database as such).
    for (const id of ['abc', '1e400', '99999999999999999999', '1.5']) {
      const res = await fetch(`${t.baseUrl}/sandbox/payhere/control/payments/${id}/chargeback`, {
        method: 'POST',
        headers: { accept: 'application/json' },
      });
      expect(res.status, id).toBe(404);
    }
  });

  it("a refund recorded at PayHere takes back what the order granted, at the next read of PayHere's record", async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const api = new PayhereApi(t.app.ctx.config.payhere);
    const [payment] = await api.paymentsOfOrder(orderId);
    await api.refundPayment(payment!.payment_id, 'Refunded in the merchant portal');
    await enqueuePayhereCharges(t.app.ctx.db, { id: orderId, chargesReadAt: null });
    await t.app.jobs.drain();
    expect(await expiry()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  describe('the sandbox calls back only this server', () => {
    let stolen: string[];
    let thief: Server;
    let thiefUrl: string;
    beforeAll(async () => {
      stolen = [];
      const port = await freePort();
      thief = createServer((req, res) => {
        stolen.push(`${req.method} ${req.url}`);
        res.end('ok');
      });
      await new Promise<void>((resolve) => thief.listen(port, '127.0.0.1', resolve));
      thiefUrl = `http://127.0.0.1:${port}`;
    });
    afterAll(() => new Promise<void>((resolve) => thief.close(() => resolve())));

    it('refuses a notify_url of another host with an error page and posts nothing there', async () => {
      // The checkout hash does not cover notify_url: the attacker edits it before posting the form.
      const { action, orderUUID: _uuid, ...form } = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
      const page = await postForm(action!, { ...(form as Record<string, string>), notify_url: `${thiefUrl}/steal` });
      expect(page.status).toBe(400);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('notify_url must be');
      for (const field of ['return_url', 'cancel_url']) {
        const redirected = await postForm(action!, { ...(form as Record<string, string>), [field]: `${thiefUrl}/phish` });
        expect(redirected.status, field).toBe(400);
      }
      expect(stolen).toEqual([]);
    });
  });
});
