import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/lib/dates.ts';
import { freePort } from '../src/test-support/listening-app.ts';
import { Cleanup } from './support/cleanup.ts';
import { createDatabase, holdRowLock, query } from './support/databases.ts';
import { FakeNinehits } from './support/fake-ninehits.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import {
  createWebsite,
  customerWithPackage,
  loginAdmin,
  payhereNotify,
  registerCustomer,
  sendNotify,
  startCheckout,
  type HttpSession,
} from './support/api.ts';
import { request } from './support/http.ts';
import { waitFor } from './support/wait.ts';

/**
 * The server process is killed (SIGKILL: no shutdown hooks) in the middle of a purchase and
 * started again on the same address. When the gateway retries its callback the order is granted
 * exactly once, and the work that was queued or in flight when it died is completed.
 */
describe('server killed during a purchase, then started again', () => {
  const cleanup = new Cleanup();
  let db: { name: string; url: string };
  let port: number;
  let fake: FakeNinehits;
  let smtp: SmtpPeer;
  let server: ServerProcess;
  let first: HttpSession;
  let websiteId: number;
  const start = (name: string) =>
    startServer(cleanup, { name, port, env: { DATABASE_URL: db.url, NINEHITS_BASE_URL: fake.baseUrl, SMTP_URL: smtp.url } });
  beforeAll(async () => {
    db = await createDatabase(cleanup);
    port = await freePort();
    fake = await FakeNinehits.start(cleanup);
    // Reserved, not started: mail cannot leave until the last test starts it.
    smtp = await SmtpPeer.create(cleanup);
    server = await start('rel-crash-1');
  });
  afterAll(() => cleanup.run());

  const orderRow = async (id: string) =>
    (await query<{ status: string; granted_at: Date | null }>(db.url, 'select status, granted_at from orders where id = $1', [id]))[0]!;
  const paymentsOf = async (id: string) =>
    (await query<{ n: number }>(db.url, 'select count(*)::int as n from payment_events where order_id = $1', [id]))[0]!.n;
  const expectOneMonth = async (userId: number, orderId: string) => {
    const subs = await query<{ package_id: string; order_id: string; started_at: Date; expires_at: Date }>(
      db.url,
      'select package_id, order_id, started_at, expires_at from subscriptions where user_id = $1',
      [userId],
    );
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ package_id: 'pkgBasic', order_id: orderId });
    expect(subs[0]!.expires_at.getTime()).toBe(addMonths(subs[0]!.started_at, 1).getTime());
  };
  /** The gateway's callback, retried as PayHere does until it gets an answer. */
  const gatewayNotifies = async (form: Record<string, string>) => {
    const fields = payhereNotify({ order_id: form.order_id!, amount: form.amount! }, `pay-${form.order_id}`);
    const results: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await sendNotify(server.baseUrl, fields);
      expect(res.status).toBe(200);
      results.push(res.json<{ result: string }>().result);
    }
    return results;
  };

  it('killed after the order was created, with a 9Hits call and a mail in flight: the retried callback grants once', async () => {
    const admin = await loginAdmin(server.baseUrl);
    first = await customerWithPackage(server.baseUrl, admin, 'pkgBasic');
    expect(
      (await request(server.baseUrl, 'POST', '/api/support', { headers: first.headers, json: { email: first.user.email, msg: 'Hello' } }))
        .status,
    ).toBe(200);
    // 9Hits creates the campaign and never answers: the sync job is in flight when the server dies.
    fake.fail('hold', { path: 'siteAdd', times: 1 });
    const site = await createWebsite(server.baseUrl, first);
    expect(site.status).toBe(201);
    websiteId = site.json<{ id: number }>().id;
    await Promise.race([
      fake.waitForHeld(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the sync job never called 9Hits')), 30_000)),
    ]);

    const buyer = await registerCustomer(server.baseUrl);
    const form = await startCheckout(server.baseUrl, buyer, 'package', 'pkgBasic');
    await server.kill();
    expect(await orderRow(form.order_id!)).toMatchObject({ status: 'pending', granted_at: null });

    server = await start('rel-crash-2');
    expect(await gatewayNotifies(form)).toEqual(['granted', 'duplicate']);
    const finalized = await request(server.baseUrl, 'POST', '/api/users/addPackage', {
      headers: buyer.headers,
      json: { pkg: 'pkgBasic', uuid: form.order_id },
    });
    expect(finalized.status).toBe(200);
    expect(finalized.json()).toMatchObject({ status: 'ACTIVE', package: { id: 'pkgBasic' } });
    expect(await paymentsOf(form.order_id!)).toBe(1);
    await expectOneMonth(buyer.user.id, form.order_id!);
  });

  it('killed between the callback and the grant: nothing half-done; the retried callback grants once', async () => {
    const buyer = await registerCustomer(server.baseUrl);
    const form = await startCheckout(server.baseUrl, buyer, 'package', 'pkgBasic');
    // Hold the buyer's row: the callback's transaction records the payment, then waits at the grant.
    const lock = await holdRowLock(db.url, 'users', buyer.user.id);
    let inFlight: Promise<unknown> | undefined;
    try {
      inFlight = sendNotify(
        server.baseUrl,
        payhereNotify({ order_id: form.order_id!, amount: form.amount! }, `pay-${form.order_id}`),
        120_000,
      ).catch((e: Error) => e);
      await waitFor(
        'the callback to wait at the grant',
        async () =>
          (
            await query<{ n: number }>(
              db.url,
              `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2 and wait_event_type = 'Lock'`,
              [db.name, server.name],
            )
          )[0]!.n > 0,
      );
      await server.kill();
    } finally {
      await lock.release();
    }
    expect(await inFlight).toBeInstanceOf(Error);
    // The dead process's connections go away and their open transaction with them.
    const deadName = server.name;
    await waitFor(
      "the killed server's sessions to end",
      async () =>
        (
          await query<{ n: number }>(
            db.url,
            'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2',
            [db.name, deadName],
          )
        )[0]!.n === 0,
    );
    expect(await orderRow(form.order_id!)).toMatchObject({ status: 'pending', granted_at: null });
    expect(await paymentsOf(form.order_id!)).toBe(0);

    server = await start('rel-crash-3');
    expect(await gatewayNotifies(form)).toEqual(['granted', 'duplicate']);
    const user = await request(server.baseUrl, 'POST', `/api/users/load/${buyer.user.email}`, { headers: buyer.headers });
    expect(user.json()).toMatchObject({ status: 'ACTIVE', package: { id: 'pkgBasic' } });
    expect(await paymentsOf(form.order_id!)).toBe(1);
    await expectOneMonth(buyer.user.id, form.order_id!);
  });

  it('the jobs queued or in flight at the crashes complete once: the campaign exists once, the mail arrives once', async () => {
    await smtp.start();
    // The job that died with the first server waits out its lease (60 s) before it runs again.
    await waitFor(
      'the job queue to drain',
      async () =>
        (await query<{ n: number }>(db.url, 'select count(*)::int as n from jobs where done_at is null and failed_at is null'))[0]!.n === 0,
      { timeoutMs: 150_000, intervalMs: 1000 },
    );
    const campaigns = fake.byTitle(`traffic-site-${websiteId}-campaign`);
    expect(campaigns).toHaveLength(1);
    expect(fake.added).toHaveLength(1);
    const [site] = await query<{ ninehits_key: string; sync_state: string }>(
      db.url,
      'select ninehits_key, sync_state from websites where id = $1',
      [websiteId],
    );
    expect(site).toEqual({ ninehits_key: String(campaigns[0]!.id), sync_state: 'synced' });
    expect(smtp.count(`Support request from ${first.user.username}`)).toBe(1);
  });
});
