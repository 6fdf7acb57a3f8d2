import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { createListeningTestApp } from '../src/test-support/listening-app.ts';
import type { TestApp } from '../src/test-support/test-app.ts';
import { registerCustomer, type Session } from '../src/test-support/accounts.ts';
import { payWithSandboxCard, sandboxSubscriptionOf } from '../src/test-support/payhere-sandbox.ts';
import { createWebsite } from '../src/test-support/websites.ts';

/**
 * Closing an account on PostgreSQL while the things it stops are in flight, against the embedded
 * gateways and 9Hits over real HTTP (docs/decisions/0035-closing-an-account.md): a PayHere and a
 * PayPal renewal charged at the same moment, and website syncs running beside it. Afterwards
 * nothing is applied after the closing, both gateways refuse to charge again, and 9Hits holds no
 * campaign of the account's.
 */
describe('closing an account against renewals and syncs (PostgreSQL)', () => {
  let t: TestApp & { baseUrl: string };
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.reset();
  });

  const drain = async () => {
    for (let i = 0; i < 6; i += 1) await t.app.jobs.drain();
  };
  const payhereCharge = (subscription: number) =>
    fetch(`${t.baseUrl}/sandbox/payhere/control/subscriptions/${subscription}/charge`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
  const paypalCharge = (id: string) =>
    t.app.inject({ method: 'POST', url: `/sandbox/paypal/control/subscriptions/${id}/charge`, remoteAddress: '127.0.0.1' });

  async function paypalSubscription(buyer: Session, pkg: string): Promise<{ id: string; orderUUID: string }> {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/payments/paypal/subscriptions', headers: buyer.headers, payload: { id: pkg } })
    ).json() as { id: string; orderUUID: string };
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/paypal/subscriptions/${created.id}/approve` })).statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/payments/paypal/subscriptions/${created.id}/confirm`,
      headers: buyer.headers,
    });
    expect(confirmed.json().status).toBe('COMPLETED');
    return created;
  }

  async function campaignsOf(websiteIds: number[]): Promise<number> {
    if (websiteIds.length === 0) return 0;
    const titles = websiteIds.map((id) => `traffic-site-${id}-campaign`);
    const [row] = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from sandbox_ninehits_campaigns where body->>'title' in (${sql.join(
        titles.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    return row!.n;
  }

  for (const round of [1, 2, 3]) {
    it(`round ${round}: renewals charged and websites syncing while the account closes: nothing applied after it, no campaign left`, async () => {
      const buyer = await registerCustomer(t.app, { email: `closer${round}@example.com`, username: `closer${round}` });
      const password = buyer.password;
      const cardOrder = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
      const paypal = await paypalSubscription(buyer, 'pkgSEOStarter');
      await drain();
      const normalSites = await Promise.all(
        [1, 2].map(
          async (i) => (await createWebsite(t.app, buyer, { url: `https://closer${round}-${i}.example.com/` })).json() as { id: number },
        ),
      );
      // One website synced before (a campaign exists at 9Hits), the other's first sync races the closing.
      await t.app.jobs.drain();
      const third = (await createWebsite(t.app, buyer, { url: `https://closer${round}-3.example.com/` })).json() as { id: number };
      const sites = [...normalSites, third].map((s) => s.id);
      expect(await campaignsOf(sites)).toBe(2);
      const cardSubscription = await sandboxSubscriptionOf(t.app, cardOrder);

      const close = t.app.inject({ method: 'POST', url: '/api/account/close', headers: buyer.headers, payload: { password } });
      const pause = t.app.inject({ method: 'POST', url: `/api/website/${normalSites[0]!.id}/pause`, headers: buyer.headers });
      const [closed, charged1, charged2] = await Promise.all([
        close,
        payhereCharge(cardSubscription),
        paypalCharge(paypal.id),
        pause,
        drain(),
      ]);
      expect(closed.statusCode).toBe(200);
      // Each charge either beat the cancel at the gateway or was refused by it.
      expect([200, 409]).toContain(charged1.status);
      expect([200, 409, 422]).toContain(charged2.statusCode);
      await drain();

      const [user] = await queryRows<{ closed_at: Date | string; status: string }>(
        t.app.ctx.db,
        sql`select closed_at, status from users where id = ${buyer.user.id}`,
      );
      expect(user!.status).toBe('CLOSED');
      const closedAt = new Date(user!.closed_at);

      // Both renewals stopped at the gateways: no further charge is possible.
      const orders = await queryRows<{ id: string; provider: string; gateway_subscription_status: string | null }>(
        t.app.ctx.db,
        sql`select id, provider, gateway_subscription_status from orders where user_id = ${buyer.user.id} and kind = 'package' and paid_at is not null`,
      );
      expect(orders.map((o) => [o.provider, o.gateway_subscription_status]).sort()).toEqual([
        ['payhere', 'cancelled'],
        ['paypal', 'cancelled'],
      ]);
      expect((await payhereCharge(cardSubscription)).status).toBe(409);
      expect((await paypalCharge(paypal.id)).statusCode).toBe(422);
      const [payhere] = await queryRows<{ status: string }>(
        t.app.ctx.db,
        sql`select status from sandbox_payhere_subscriptions where id = ${cardSubscription}`,
      );
      const [paypalRow] = await queryRows<{ status: string }>(
        t.app.ctx.db,
        sql`select status from sandbox_paypal_subscriptions where id = ${paypal.id}`,
      );
      expect(payhere!.status).toBe('CANCELLED');
      expect(paypalRow!.status).toBe('CANCELLED');

      // Nothing charged after the closing was applied: no renewal recorded after it, and no
      // subscription or add-on runs past it.
      const late = await queryRows<{ kind: string }>(
        t.app.ctx.db,
        sql`select e.kind from payment_events e join orders o on o.id = e.order_id
            where o.user_id = ${buyer.user.id} and e.kind = 'renewal' and e.created_at > ${closedAt.toISOString()}`,
      );
      expect(late).toEqual([]);
      const running = await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select ((select count(*) from subscriptions where user_id = ${buyer.user.id} and expires_at > ${closedAt.toISOString()})
                  + (select count(*) from activated_addons where user_id = ${buyer.user.id} and expires_at > ${closedAt.toISOString()}))::int as n`,
      );
      expect(running[0]!.n).toBe(0);

      // No campaign of theirs at 9Hits, and none of their jobs left failing.
      expect(await campaignsOf(sites)).toBe(0);
      const failed = await queryRows<{ kind: string; last_error: string }>(
        t.app.ctx.db,
        sql`select kind, last_error from jobs where failed_at is not null`,
      );
      expect(failed).toEqual([]);
    });
  }
});
