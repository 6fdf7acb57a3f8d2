import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListeningTestApp, freePort } from '../test-support/listening-app.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { postForm, payWithSandboxCard } from '../test-support/payhere-sandbox.ts';
import { sendNotify, startCheckout } from '../test-support/payments.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Red-team findings on card payments, performed as described: one genuine signed notify replayed
 * with new unsigned fields to buy months for nothing, and the sandbox sent to call any address.
 */
describe('red team: PayHere', () => {
  let t: TestApp & { baseUrl: string };
  let buyer: Session;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    buyer = await registerCustomer(t.app, { email: 'attacker@example.com' });
  });
  afterAll(() => t.close());

  const expiry = async () =>
    new Date((await t.app.inject({ method: 'POST', url: '/api/users/load/attacker@example.com', headers: buyer.headers })).json().subscription_expiry_date).getTime();

  it('one genuine notify replayed with new payment ids and an installment message_type buys no month', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const paidUntil = await expiry();

    // The attacker holds the signed fields (merchant, order, amount, currency, status 2) and
    // replays them with the unsigned ones changed, now and again near the end of the period.
    for (const when of [0, paidUntil - Date.now() - DAY]) {
      t.clock.reset();
      t.clock.advance(when);
      for (let i = 0; i < 5; i++) {
        const res = await sendNotify(t.app, { order_id: orderId, payhere_amount: '14.99', payment_id: `9${when}${i}`, message_type: 'RECURRING_INSTALLMENT_SUCCESS' });
        expect(res.statusCode).toBe(200);
        expect(res.json().result).not.toBe('renewed');
      }
      await t.app.jobs.drain();
      expect(await expiry()).toBe(paidUntil);
    }
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
