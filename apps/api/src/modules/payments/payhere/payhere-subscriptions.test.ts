import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { freePort } from '../../../test-support/listening-app.ts';
import { loginAdmin, registerCustomer, type Session } from '../../../test-support/accounts.ts';
import {
  hiddenFields,
  payWithSandboxCard,
  postForm,
  sandboxControl,
  sandboxSubscriptionOf,
} from '../../../test-support/payhere-sandbox.ts';
import { sendNotify, startCheckout } from '../../../test-support/payments.ts';
import { runningJob } from '../../../test-support/running-job.ts';
import { PayhereApi } from './payhere-api.ts';
import { payhereCancelJob } from './payhere-subscriptions.ts';
import { useListeningTestApp } from '../../../test-support/use-test-app.ts';

/**
 * PayHere stops charging when it should: a package change, a deactivation, a charge-back. Checked
 * against the embedded PayHere's own ledger, through its Subscription Manager API.
 */
describe('PayHere subscriptions are cancelled when they must stop billing', () => {
  let buyer: Session;
  let api: PayhereApi;
  const t = useListeningTestApp();
  beforeAll(() => {
    api = new PayhereApi(t.app.ctx.config.payhere);
  });
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'subscriber@example.com' });
  });

  const atPayhere = async (orderId: string) => (await api.subscriptions()).find((s) => s.order_id === orderId)?.status;
  const ours = async (orderId: string) =>
    (
      await queryRows<{ gateway_subscription_id: string | null; gateway_subscription_status: string | null }>(
        t.app.ctx.db,
        sql`select gateway_subscription_id, gateway_subscription_status from orders where id = ${orderId}`,
      )
    )[0]!;

  it('records the subscription PayHere runs for a card package, by our order id', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await t.app.jobs.drain();
    expect(await ours(orderId)).toEqual({
      gateway_subscription_id: String(await sandboxSubscriptionOf(t.app, orderId)),
      gateway_subscription_status: 'active',
    });
  });

  it('a move to another package cancels the old subscription; the new one bills alone', async () => {
    const basic = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const standard = await payWithSandboxCard(t.app, buyer, 'package', 'pkgStandard');
    expect((await ours(basic)).gateway_subscription_status).toBe('cancelling');
    await t.app.jobs.drain();
    expect(await atPayhere(basic)).toBe('CANCELLED');
    expect(await atPayhere(standard)).toBe('ACTIVE');
    expect(await ours(basic)).toMatchObject({ gateway_subscription_status: 'cancelled' });
    expect(await ours(standard)).toMatchObject({ gateway_subscription_status: 'active' });
  });

  it('buying the same package again by card leaves one subscription billing', async () => {
    const first = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const second = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await t.app.jobs.drain();
    expect([await atPayhere(first), await atPayhere(second)]).toEqual(['CANCELLED', 'ACTIVE']);
  });

  it('an admin grant of another package cancels the card subscription; a grant of the same one keeps it', async () => {
    const basic = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const admin = await loginAdmin(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: buyer.user.email },
    });
    await t.app.jobs.drain();
    expect(await atPayhere(basic)).toBe('ACTIVE');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgPremium', email: buyer.user.email },
    });
    await t.app.jobs.drain();
    expect(await atPayhere(basic)).toBe('CANCELLED');
  });

  it('deactivating the customer cancels every card subscription of theirs', async () => {
    const normal = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const seo = await payWithSandboxCard(t.app, buyer, 'package', 'pkgSEOStarter');
    const admin = await loginAdmin(t.app);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${buyer.user.email}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    expect([await atPayhere(normal), await atPayhere(seo)]).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('a card order a customer started before being deactivated is charged once, never monthly', async () => {
    const { action, orderUUID: _uuid, ...form } = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${buyer.user.email}`, headers: admin.headers });
    const page = await postForm(action!, form as Record<string, string>);
    expect((await postForm(`${t.app.ctx.config.payhere.baseUrl}/pay/confirm`, hiddenFields(await page.text()))).status).toBe(303);
    await t.app.jobs.drain();
    expect(await atPayhere(form.order_id!)).toBe('CANCELLED');
  });

  it('a charge-back cancels the subscription as well as revoking the package', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const [charge] = await queryRows<{ payment_id: string }>(
      t.app.ctx.db,
      sql`select payment_id from sandbox_payhere_payments where order_id = ${orderId}`,
    );
    await sandboxControl(t.app, `payments/${charge!.payment_id}/chargeback`);
    await t.app.jobs.drain();
    expect(await atPayhere(orderId)).toBe('CANCELLED');
    expect((await ours(orderId)).gateway_subscription_status).toBe('cancelled');
  });

  it('keeps asking until PayHere confirms the cancellation', async () => {
    const basic = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await payWithSandboxCard(t.app, buyer, 'package', 'pkgStandard');
    // PayHere unreachable: the job fails, so the queue runs it again later.
    const unreachable = new PayhereApi(
      { ...t.app.ctx.config.payhere, baseUrl: `http://127.0.0.1:${await freePort()}` },
      { timeoutMs: 2000 },
    );
    await expect(payhereCancelJob(t.app.ctx, unreachable)({ orderId: basic }, runningJob({ kind: 'payhere-cancel' }))).rejects.toThrow(
      /unreachable/,
    );
    expect(await atPayhere(basic)).toBe('ACTIVE');
    expect((await ours(basic)).gateway_subscription_status).toBe('cancelling');
    await t.app.jobs.drain();
    expect(await atPayhere(basic)).toBe('CANCELLED');
  });

  it("learns of a subscription stopped at PayHere from PayHere, not from the notify's word", async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await t.app.jobs.drain();
    // A forged "stopped" (message_type is unsigned): PayHere still says ACTIVE, so it stays active.
    await sendNotify(t.app, { order_id: orderId, payhere_amount: '14.99', payment_id: 'x-1', message_type: 'RECURRING_STOPPED' });
    await t.app.jobs.drain();
    expect((await ours(orderId)).gateway_subscription_status).toBe('active');
    // The customer stops it at PayHere: PayHere's own notify leads to its record being read.
    await api.cancelSubscription(String(await sandboxSubscriptionOf(t.app, orderId)));
    await t.app.jobs.drain();
    expect((await ours(orderId)).gateway_subscription_status).toBe('cancelled');
  });
});
