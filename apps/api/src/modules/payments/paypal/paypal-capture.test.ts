import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { MSG } from '@traffic/shared';
import { registerCustomer, type Session } from '../../../test-support/accounts.ts';
import { firstCapture } from './paypal-client.ts';
import {
  activationCount,
  approvePaypal,
  approvedOrder,
  capturePaypal,
  countingClient,
  createPaypalOrder,
  loadUser,
  orderRow,
  startListeningTestApp,
} from './paypal-test-server.ts';
import { PAYPAL_DECLINED_MESSAGE } from './paypal-capture-order.ts';
import { PAYPAL_COOL_DOWN_MS } from './paypal-cool-down.ts';
import { useTestAppFrom } from '../../../test-support/use-test-app.ts';

describe('the PayPal button: create, approve, capture', () => {
  let customer: Session;
  const t = useTestAppFrom(startListeningTestApp);
  beforeEach(async () => {
    customer = await registerCustomer(t.app, { email: 'buyer@example.com' });
  });

  it('creates a one-time PayPal order for an add-on, priced from the catalogue, with the buyer email and product id', async () => {
    const res = await createPaypalOrder(t.app, customer, 'hits', '1000Hits');
    expect(res.statusCode).toBe(201);
    const { id, orderUUID } = res.json();
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null, amount: '4.99', provider_order_id: id });

    const atPaypal = await countingClient(t.app).client.getOrder(id);
    expect(atPaypal).toMatchObject({ status: 'CREATED' });
    expect(atPaypal.purchase_units?.[0]).toMatchObject({
      reference_id: 'buyer@example.com',
      custom_id: 'hits-1000Hits',
      invoice_id: orderUUID,
      amount: { currency_code: 'USD', value: '4.99' },
    });

    const addon = await createPaypalOrder(t.app, customer, 'slots', '5Slots');
    expect(addon.statusCode).toBe(201);
    expect((await countingClient(t.app).client.getOrder(addon.json().id)).purchase_units?.[0]?.custom_id).toBe('slots-5Slots');
  });

  it('refuses a package: PayPal sells packages as monthly subscriptions', async () => {
    const res = await createPaypalOrder(t.app, customer, 'package', 'pkgBasic');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/a package is a monthly PayPal subscription/);
    expect((await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from orders`))[0]!.n).toBe(0);
  });

  it('grants the add-on after approval and capture: the user object shows it', async () => {
    const { id, orderUUID } = await approvedOrder(t.app, customer);
    const res = await capturePaypal(t.app, customer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'COMPLETED', message: MSG.paypalSuccess, orderUUID });

    const user = await loadUser(t.app, customer);
    expect(user.activatedadditionalhits).toHaveLength(1);
    expect(user.activatedadditionalhits[0]).toMatchObject({ additional_hit: { count: 1000 } });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'paid', granted_at: expect.anything() });
  });

  it('takes the price from the catalogue whatever the browser sends', async () => {
    const res = await createPaypalOrder(t.app, customer, 'slots', '5Slots', { amount: '0.01', value: '0.01', currency: 'LKR' });
    expect(res.statusCode).toBe(201);
    const atPaypal = await countingClient(t.app).client.getOrder(res.json().id);
    expect(atPaypal.purchase_units?.[0]?.amount).toEqual({ currency_code: 'USD', value: '4.99' });
  });

  it('refuses visitors, unknown items and bad bodies, and creates nothing', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/paypal/orders', payload: { kind: 'hits', id: '1000Hits' } })).statusCode,
    ).toBe(401);
    expect((await createPaypalOrder(t.app, customer, 'hits', '999999Hits')).statusCode).toBe(404);
    expect((await createPaypalOrder(t.app, customer, 'gift', '1000Hits')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/orders/ABC/capture' })).statusCode).toBe(401);
    expect((await capturePaypal(t.app, customer, 'NOT%20AN%20ID')).statusCode).toBe(400);
    expect((await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from orders`))[0]!.n).toBe(0);
  });

  it('grants nothing for a capture the buyer has not approved', async () => {
    const { id, orderUUID } = (await createPaypalOrder(t.app, customer, 'hits', '1000Hits')).json();
    const res = await capturePaypal(t.app, customer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT' });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
    expect(await activationCount(t.app, customer.user.id)).toBe(0);
  });

  it('grants once when the order is captured twice, one after the other or at once', async () => {
    const { id } = await approvedOrder(t.app, customer, 'hits', '1000Hits');
    const first = await capturePaypal(t.app, customer, id);
    const second = await capturePaypal(t.app, customer, id);
    expect([first.json().status, second.json().status]).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await activationCount(t.app, customer.user.id)).toBe(1);

    const slots = await approvedOrder(t.app, customer, 'slots', '5Slots');
    const racing = await Promise.all(Array.from({ length: 4 }, () => capturePaypal(t.app, customer, slots.id)));
    // One asks PayPal; the others see the order paid already, or are told to wait out its cool-down.
    expect(racing.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(racing.every((r) => (r.statusCode === 200 ? r.json().status === 'COMPLETED' : r.statusCode === 429))).toBe(true);
    t.clock.advance(PAYPAL_COOL_DOWN_MS);
    expect((await capturePaypal(t.app, customer, slots.id)).json()).toMatchObject({ status: 'COMPLETED' });
    // A second grant of the same order would have activated the slots twice.
    expect(await activationCount(t.app, customer.user.id)).toBe(2);
  });

  it('treats an order captured elsewhere (ORDER_ALREADY_CAPTURED) by reading it back', async () => {
    const { id, orderUUID } = await approvedOrder(t.app, customer, 'hits', '1000Hits');
    // PayPal took the money, but our first capture answer was lost on the way back.
    expect(firstCapture(await countingClient(t.app).client.captureOrder(id))?.status).toBe('COMPLETED');
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending' });

    const res = await capturePaypal(t.app, customer, id);
    expect(res.json()).toMatchObject({ status: 'COMPLETED' });
    expect(await activationCount(t.app, customer.user.id)).toBe(1);
  });

  it('does not let another customer capture my order', async () => {
    const { id, orderUUID } = await approvedOrder(t.app, customer);
    const stranger = await registerCustomer(t.app);
    const res = await capturePaypal(t.app, stranger, id);
    expect(res.statusCode).toBe(404);
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
    expect(await activationCount(t.app, stranger.user.id)).toBe(0);
    expect((await countingClient(t.app).client.getOrder(id)).status).toBe('APPROVED');
  });

  it('answers 402 for a declined card so the button restarts, and grants nothing', async () => {
    const declined = await registerCustomer(t.app, { email: 'declined@example.com' });
    const { id, orderUUID } = await approvedOrder(t.app, declined);
    const res = await capturePaypal(t.app, declined, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT', message: PAYPAL_DECLINED_MESSAGE });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
    // The restarted button asks the buyer to approve again.
    expect((await approvePaypal(t.app, id)).json()).toEqual({ id, status: 'APPROVED' });
  });

  it('answers PENDING for a capture under review and grants nothing yet', async () => {
    const pending = await registerCustomer(t.app, { email: 'pending@example.com' });
    const { id, orderUUID } = await approvedOrder(t.app, pending);
    const res = await capturePaypal(t.app, pending, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PENDING', orderUUID });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
    expect(await activationCount(t.app, pending.user.id)).toBe(0);
    // Asking again at once waits out the order's cool-down; then it reads the order back: still pending.
    const tooSoon = await capturePaypal(t.app, pending, id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('5');
    t.clock.advance(PAYPAL_COOL_DOWN_MS);
    expect((await capturePaypal(t.app, pending, id)).json()).toMatchObject({ status: 'PENDING' });
  });
});
