import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../../test-support/payments.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('return pages: finalizing packages and activating add-ons', () => {
  let buyer: Session;
  let other: Session;
  const t = useTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'buyer@example.com' });
    other = await registerCustomer(t.app, { email: 'other@example.com' });
  });

  const addPackage = (s: Session, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/addPackage', headers: s.headers, payload });
  const activate = (s: Session, kind: 'hits' | 'slots', payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/activated-additional-${kind}`, headers: s.headers, payload });

  it("finalizes the customer's own paid order and answers the updated user, idempotently", async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99' });
    const first = await addPackage(buyer, { pkg: 'pkgBasic', name: 'Basic', email: 'buyer@example.com', uuid: form.order_id });
    expect(first.statusCode).toBe(200);
    expect(first.json().package.id).toBe('pkgBasic');
    const second = await addPackage(buyer, { pkg: 'pkgBasic', name: 'Basic', email: 'buyer@example.com' });
    expect(second.json().subscription_expiry_date).toBe(first.json().subscription_expiry_date);
  });

  it('never grants an unpaid order', async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgPremium');
    const res = await addPackage(buyer, { pkg: 'pkgPremium', name: 'Premium', email: 'buyer@example.com', uuid: form.order_id });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT', message: 'The payment has not been confirmed yet.' });
    const none = await addPackage(buyer, { pkg: 'pkgStandard', name: 'Standard', email: 'buyer@example.com' });
    expect(none.statusCode).toBe(404);
    const loaded = await t.app.inject({ method: 'POST', url: '/api/users/load/buyer@example.com', headers: buyer.headers });
    expect(loaded.json().package).toBeNull();
  });

  it("never finalizes someone else's order, whatever the body says", async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99' });
    const res = await addPackage(other, { pkg: 'pkgBasic', name: 'Basic', email: 'buyer@example.com', uuid: form.order_id });
    expect(res.statusCode).toBe(404);
    const otherUser = await t.app.inject({ method: 'POST', url: '/api/users/load/other@example.com', headers: other.headers });
    expect(otherUser.json().package).toBeNull();
  });

  it('activates a paid add-on with the order id as token; available hits grow', async () => {
    const pkg = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: pkg.order_id!, payhere_amount: '14.99' });
    const form = await startCheckout(t.app, buyer, 'hits', '1000Hits');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '4.99', payment_id: 'h1' });

    const res = await activate(buyer, 'hits', {
      additional_id: '1000Hits',
      token: form.order_id,
      user_id: other.user.id,
      name: '1000 Extra Hits',
      email: 'other@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      additional_hit: { type: 'normal', count: 1000, name: '1000 Extra Hits' },
      expiry_date: expect.any(String),
    });
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/buyer@example.com', headers: buyer.headers })).json();
    expect(user.stats.normal.availableHits).toBe(2000);
    expect(user.activatedadditionalhits).toHaveLength(1);
    // Activating again does not add a second one.
    await activate(buyer, 'hits', { additional_id: '1000Hits', token: form.order_id });
    const again = (await t.app.inject({ method: 'POST', url: '/api/users/load/buyer@example.com', headers: buyer.headers })).json();
    expect(again.activatedadditionalhits).toHaveLength(1);
    const otherUser = (await t.app.inject({ method: 'POST', url: '/api/users/load/other@example.com', headers: other.headers })).json();
    expect(otherUser.activatedadditionalhits).toEqual([]);
  });

  it('refuses to activate an unpaid, foreign or mismatched add-on order', async () => {
    const form = await startCheckout(t.app, buyer, 'slots', '5Slots');
    expect((await activate(buyer, 'slots', { additional_id: '5Slots', token: form.order_id })).statusCode).toBe(402);
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '4.99' });
    expect((await activate(other, 'slots', { additional_id: '5Slots', token: form.order_id })).statusCode).toBe(404);
    expect((await activate(buyer, 'hits', { additional_id: '5Slots', token: form.order_id })).statusCode).toBe(404);
    expect((await activate(buyer, 'slots', { additional_id: '10Slots', token: form.order_id })).statusCode).toBe(404);
    expect((await activate(buyer, 'slots', { additional_id: '5Slots', token: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await activate(buyer, 'slots', { additional_id: '5Slots', token: form.order_id })).statusCode).toBe(200);
  });
});

describe('admin grants', () => {
  let admin: Session;
  let customer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
    customer = await registerCustomer(t.app, { email: 'granted@example.com' });
  });

  const load = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/users/load/granted@example.com', headers: customer.headers })).json();

  it('grants a package by email as a purchase of amount 0, activating the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: 'Granted@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'granted@example.com', status: 'ACTIVE', package: { id: 'pkgBasic' } });
    const [order] = await queryRows<{ provider: string; amount: string; status: string; granted_by: number }>(
      t.app.ctx.db,
      sql`select provider, amount, status, granted_by from orders where user_id = ${customer.user.id}`,
    );
    expect(order).toEqual({ provider: 'grant', amount: '0.00', status: 'paid', granted_by: admin.user.id });
  });

  it('grants add-ons by email and deletes activated ones', async () => {
    const hits = await t.app.inject({
      method: 'POST',
      url: '/api/activated-additional-hits/email',
      headers: admin.headers,
      payload: { additional_id: '1000Hits', email: 'granted@example.com', token: admin.token },
    });
    expect(hits.statusCode).toBe(200);
    const slots = await t.app.inject({
      method: 'POST',
      url: '/api/activated-additional-slots/email',
      headers: admin.headers,
      payload: { additional_id: '5Slots', email: 'granted@example.com' },
    });
    expect(slots.json().additional_slot).toEqual({ type: 'normal', count: 5, name: '5 Extra Slots' });
    let user = await load();
    expect(user.stats.normal).toMatchObject({ totalHits: 1000, totalSlots: 5 });
    expect(user.status).toBe('INACTIVE');

    // The original client's trailing-slash form works, and ids are checked against the kind.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/activated-additional-hits/${slots.json().id}/`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/activated-additional-slots/${slots.json().id}/`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    user = await load();
    expect(user.activatedadditionalslots).toEqual([]);
    expect(user.activatedadditionalhits).toHaveLength(1);
  });

  it('answers an unknown email or item with 404 and grants nothing', async () => {
    const noUser = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: 'ghost@example.com' },
    });
    expect(noUser.statusCode).toBe(404);
    const noItem = await t.app.inject({
      method: 'POST',
      url: '/api/activated-additional-hits/email',
      headers: admin.headers,
      payload: { additional_id: '1Hits', email: 'granted@example.com' },
    });
    expect(noItem.statusCode).toBe(404);
    expect((await load()).activatedadditionalhits).toEqual([]);
  });

  it('refuses grants and deletions to customers and visitors', async () => {
    const grantAsCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: customer.headers,
      payload: { pkg: 'pkgBasic', email: 'granted@example.com' },
    });
    expect(grantAsCustomer.statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', '/api/activated-additional-hits/email'],
      ['POST', '/api/activated-additional-slots/email'],
      ['DELETE', '/api/activated-additional-hits/1'],
      ['DELETE', '/api/activated-additional-slots/1'],
    ] as const) {
      const payload = method === 'POST' ? { additional_id: '1000Hits', email: 'granted@example.com' } : undefined;
      expect((await t.app.inject({ method, url, headers: customer.headers, ...(payload ? { payload } : {}) })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await load()).package).toBeNull();
  });
});

describe('the Package details list', () => {
  let admin: Session;
  const t = useTestApp({}, 'never');

  it('pages and searches users with activated add-ons, on the server', async () => {
    await t.reset();
    admin = await loginAdmin(t.app);
    for (const name of ['alice', 'bob', 'carol']) {
      await registerCustomer(t.app, { email: `${name}@example.com`, username: name });
      await t.app.inject({
        method: 'POST',
        url: '/api/activated-additional-hits/email',
        headers: admin.headers,
        payload: { additional_id: '1000Hits', email: `${name}@example.com` },
      });
    }
    await registerCustomer(t.app, { email: 'nobody@example.com', username: 'nobody' });
    await t.app.inject({
      method: 'POST',
      url: '/api/activated-additional-slots/email',
      headers: admin.headers,
      payload: { additional_id: '5Slots', email: 'carol@example.com' },
    });

    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/activated-addons?${query}`, headers: admin.headers })).json();
    const first = await page('page=0&size=2');
    expect(first.total).toBe(3);
    expect(first.rows.map((r: { username: string }) => r.username)).toEqual(['alice', 'bob']);
    const second = await page('page=1&size=2');
    expect(second.rows[0]).toMatchObject({ username: 'carol', email: 'carol@example.com' });
    expect(second.rows[0].activatedadditionalhits).toHaveLength(1);
    expect(second.rows[0].activatedadditionalslots[0]).toMatchObject({ name: '5 Extra Slots', count: 5 });
    expect((await page('search=CAR')).rows.map((r: { username: string }) => r.username)).toEqual(['carol']);
    expect((await page('search=%25')).total).toBe(0);
    expect((await page('page=9&size=2')).total).toBe(3);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/activated-addons?size=abc', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('drops a holder from the list when their last add-on goes (admin delete, charge-back), also deleted at once', async () => {
    await t.reset();
    admin = await loginAdmin(t.app);
    const holders = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/activated-addons?size=50', headers: admin.headers })).json();
    const dora = await registerCustomer(t.app, { email: 'dora@example.com', username: 'dora' });
    const grants = await Promise.all(
      ['1000Hits', '1000Hits', '5000Hits'].map((id) =>
        t.app.inject({
          method: 'POST',
          url: '/api/activated-additional-hits/email',
          headers: admin.headers,
          payload: { additional_id: id, email: 'dora@example.com' },
        }),
      ),
    );
    expect(grants.map((g) => g.statusCode)).toEqual([200, 200, 200]);
    const form = await startCheckout(t.app, dora, 'slots', '5Slots');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '4.99' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/activated-additional-slots',
          headers: dora.headers,
          payload: { additional_id: '5Slots', token: form.order_id },
        })
      ).statusCode,
    ).toBe(200);
    const listed = await holders();
    expect(listed.total).toBe(1);
    expect(listed.rows[0].activatedadditionalhits).toHaveLength(3);

    // The three hit add-ons deleted at once; then the slot add-on charged back.
    const ids = listed.rows[0].activatedadditionalhits.map((a: { id: number }) => a.id);
    const deletes = await Promise.all(
      ids.map((id: number) => t.app.inject({ method: 'DELETE', url: `/api/activated-additional-hits/${id}/`, headers: admin.headers })),
    );
    expect(
      deletes.map((d) => d.statusCode),
      deletes.map((d) => d.body).join(),
    ).toEqual([200, 200, 200]);
    expect((await holders()).rows[0].activatedadditionalhits).toEqual([]);
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '4.99', payment_id: '2', status_code: '-3' });
    expect(await holders()).toEqual({ total: 0, rows: [] });
    const [row] = await queryRows<{ addon_count: number }>(
      t.app.ctx.db,
      sql`select addon_count from users where email = 'dora@example.com'`,
    );
    expect(row!.addon_count).toBe(0);
  });
});
