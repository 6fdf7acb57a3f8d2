import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, LIVE_TEST_ENV, type TestApp } from '../test-support/test-app.ts';
import { loginAdmin, registerCustomer, type Session } from '../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../test-support/payments.ts';
import { payWithSandboxCard, sandboxControl, sandboxSubscriptionOf } from '../test-support/payhere-sandbox.ts';
import { useListeningTestApp, useTestApp } from '../test-support/use-test-app.ts';

/** Defence in depth, each performed as the review did (the third security pass, item 10). */
const OUTSIDER = '203.0.113.9';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('red team: /api/health tells anyone the job queue', () => {
  let open: TestApp;
  let tokened: TestApp;
  const TOKEN = 'a-long-scrape-token-0123';
  beforeAll(async () => {
    open = await createTestApp();
    tokened = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await tokened.close();
  });
  const health = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { host: 'localhost:3000', ...headers } });

  it('answers an outsider its status only; the queue depth and dead jobs follow the metrics rule', async () => {
    // Nothing listens for these apps' 9Hits stand-in, so the status may be 'degraded': only its shape matters.
    const statusOnly = { status: expect.stringMatching(/^(ok|degraded)$/) };
    const outsider = await health(open, OUTSIDER);
    expect(outsider.statusCode).toBe(200);
    expect(outsider.json()).toEqual(statusOnly);
    expect((await health(open, '127.0.0.1')).json()).toMatchObject({ jobs: { dead: 0 }, redis: 'off', database: 'ok' });

    expect((await health(tokened, OUTSIDER)).json()).toEqual(statusOnly);
    expect((await health(tokened, OUTSIDER, { authorization: 'Bearer wrong-token-wrong-token' })).json()).toEqual(statusOnly);
    expect((await health(tokened, OUTSIDER, { authorization: `Bearer ${TOKEN}` })).json()).toMatchObject({ jobs: { dead: 0 } });
  });

  it('live mode does not start without METRICS_TOKEN', () => {
    const { METRICS_TOKEN: _token, ...withoutToken } = LIVE_TEST_ENV;
    let problems: string[] = [];
    try {
      loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'traffic-redteam-')), ...withoutToken });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^METRICS_TOKEN: required when PAYMENTS_MODE=live/)]);
  });
});

describe('red team: receipts, sign-in e-mails', () => {
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
  });

  it('one customer cannot draw receipt PDFs without limit, from however many addresses', async () => {
    const form = await startCheckout(t.app, customer, 'hits', '1000Hits');
    expect((await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount! })).json()).toEqual({ result: 'granted' });
    const url = `/api/billing/receipts/o-${form.order_id}`;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(
        (await t.app.inject({ method: 'GET', url, headers: customer.headers, remoteAddress: `198.51.100.${i + 1}` })).statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Another customer is not held back by it.
    const other = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
  });

  it('mails the owner when their usual browser signs in from another network', async () => {
    const signIn = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        headers: { 'user-agent': CHROME_LINUX },
        payload: { username: customer.user.username, password: customer.password },
      });
    const alerts = async () =>
      (await t.app.ctx.db.select().from(schema.emails).where(eq(schema.emails.subject, 'New sign-in to your account'))).length;
    expect((await signIn('192.0.2.10')).statusCode).toBe(200);
    const before = await alerts();
    // The same line (another address in its /24): nothing new.
    expect((await signIn('192.0.2.77')).statusCode).toBe(200);
    expect(await alerts()).toBe(before);
    // The same browser name (copied from the owner's) from somewhere else: the owner hears of it.
    expect((await signIn(OUTSIDER)).statusCode).toBe(200);
    expect(await alerts()).toBe(before + 1);
  });
});

describe('red team: a card refund names the payment PayHere reports, never a notify’s', () => {
  let admin: Session;
  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    admin = await loginAdmin(t.app);
  });

  it('a notify naming someone else’s charge does not make the refund take that charge back', async () => {
    // The victim's monthly renewal is a PayHere payment our database has not recorded yet.
    const victim = await registerCustomer(t.app);
    const victimOrder = await payWithSandboxCard(t.app, victim, 'package', 'pkgBasic');
    const charged = await sandboxControl(t.app, `subscriptions/${await sandboxSubscriptionOf(t.app, victimOrder)}/charge`);
    const victimCharge = String(charged.paymentId);

    // The attacker's order is paid by a notify whose unsigned payment_id names the victim's charge.
    const attacker = await registerCustomer(t.app);
    const form = await startCheckout(t.app, attacker, 'hits', '1000Hits');
    const paid = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount!, payment_id: victimCharge });
    expect(paid.json()).toEqual({ result: 'granted' });

    // Asked to refund the attacker's payment, the server asks PayHere what that order was charged.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/o-${form.order_id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Asked within the window' },
    });
    expect(res.statusCode).toBe(502);
    const { sandboxPayherePayments: ledger } = schema;
    const stillPaid = await t.app.ctx.db
      .select()
      .from(ledger)
      .where(eq(ledger.paymentId, Number(victimCharge)));
    expect(stillPaid[0]).toMatchObject({ status: 'RECEIVED' });
  });
});
