import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { customerWithPackage, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { CLEAN_UP_JOB, cleanUp, cleanUpTask, firstDailyMonth } from './clean-up.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Every table that grows with use loses what is past its retention, in batches, and keeps the rest. */
describe('retention clean-up', () => {
  let customer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    customer = await customerWithPackage(t.app, 'pkgBasic');
  });

  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.app.ctx.db, query))[0]!.n;
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

  it('deletes, table by table, only the rows past their setting, a small batch at a time', async () => {
    const db = t.app.ctx.db;
    const userId = customer.user.id;
    for (const [age, done] of [
      [8, true],
      [6, true],
      [30, false],
    ] as const) {
      await db.execute(
        sql`insert into jobs (kind, payload, done_at, failed_at, created_at)
            values ('old', '{}', ${done ? ago(age) : null}::timestamptz, ${done ? null : ago(age)}::timestamptz, ${ago(age)}::timestamptz)`,
      );
    }
    for (const [created, expires, ended] of [
      [200, 91, null],
      [100, 95, 92],
      [100, 10, 5],
      [1, -29, null],
    ] as const) {
      await db.execute(
        sql`insert into sessions (id, user_id, created_at, expires_at, ended_at)
            values (gen_random_uuid(), ${userId}, ${ago(created)}::timestamptz, ${ago(expires)}::timestamptz, ${ended === null ? null : ago(ended)}::timestamptz)`,
      );
    }
    await db.execute(sql`insert into password_resets (user_id, code_hash, expires_at, created_at) values
      (${userId}, 'a', ${ago(2)}::timestamptz, ${ago(2)}::timestamptz), (${userId}, 'b', ${ago(0)}::timestamptz, now())`);
    await db.execute(sql`insert into login_failures (login_key, address, created_at) values
      ('name:x', '10.0.0.1', ${ago(2)}::timestamptz), ('name:x', '10.0.0.1', now())`);
    await db.execute(sql`insert into emails ("to", subject, text, status, created_at) values
      ('a@example.com', 's', 't', 'sent', ${ago(31)}::timestamptz), ('a@example.com', 's', 't', 'queued', ${ago(31)}::timestamptz),
      ('a@example.com', 's', 't', 'outbox', ${ago(29)}::timestamptz)`);
    await db.execute(sql`insert into notifications (user_id, title, body, created_at) values
      (${userId}, 'old', 'b', ${ago(400)}::timestamptz), (${userId}, 'new', 'b', ${ago(10)}::timestamptz)`);
    await db.execute(sql`insert into support_requests (email, username, message, created_at) values
      ('a@example.com', 'a', 'old', ${ago(400)}::timestamptz), ('a@example.com', 'a', 'new', now())`);
    const [paid] = await queryRows<{ id: string }>(db, sql`select id from orders where user_id = ${userId} and paid_at is not null`);
    const [unpaid] = await queryRows<{ id: string }>(
      db,
      sql`insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, created_at)
          values (${userId}, 'hits', '1000Hits', '1000 hits', 'normal', 5, 'payhere', 'failed', ${ago(91)}::timestamptz) returning id`,
    );
    await db.execute(
      sql`insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, created_at)
          values (${userId}, 'hits', '1000Hits', '1000 hits', 'normal', 5, 'paypal', 'pending', ${ago(80)}::timestamptz)`,
    );
    await db.execute(sql`insert into payment_events (provider, external_id, order_id, kind, payload, created_at) values
      ('payhere', 'n1', ${paid!.id}, 'failed', '{}', ${ago(91)}::timestamptz),
      ('paypal', 'WH-1', null, 'webhook:PAYMENT.CAPTURE.COMPLETED', '{}', ${ago(91)}::timestamptz),
      ('paypal', 'WH-2', null, 'webhook:PAYMENT.CAPTURE.COMPLETED', '{}', ${ago(10)}::timestamptz),
      ('paypal', 'sale:1', ${paid!.id}, 'renewal', '{}', ${ago(400)}::timestamptz),
      ('payhere', 'n2', ${unpaid!.id}, 'pending', '{}', ${ago(91)}::timestamptz)`);

    const before = {
      orders: await count(sql`select count(*)::int as n from orders`),
      events: await count(sql`select count(*)::int as n from payment_events`),
    };
    const report = await cleanUp(db, t.app.ctx.config.retention, new Date(), () => false, 1);
    expect(report.finished).toBe(true);
    expect(report.deleted).toMatchObject({
      jobs: 1,
      sessions: 2,
      password_resets: 1,
      login_failures: 1,
      payment_events: 3,
      orders: 1,
      emails: 1,
      notifications: 1,
      support_requests: 1,
    });
    expect(await count(sql`select count(*)::int as n from jobs where done_at is not null`)).toBe(1);
    // A job that gave up stays until an admin retries or dismisses it, however old.
    expect(await count(sql`select count(*)::int as n from jobs where failed_at is not null`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${userId}`)).toBe(3);
    expect(await queryRows(db, sql`select subject, status from emails order by id`)).toEqual([
      { subject: 's', status: 'queued' },
      { subject: 's', status: 'outbox' },
    ]);
    expect(await queryRows(db, sql`select title from notifications where user_id = ${userId}`)).toEqual([{ title: 'new' }]);
    expect(await queryRows(db, sql`select message from support_requests`)).toEqual([{ message: 'new' }]);
    // The paid order and the ledger's renewal stay; the abandoned checkout goes with its notice.
    expect(await count(sql`select count(*)::int as n from orders`)).toBe(before.orders - 1);
    expect(
      await queryRows(
        db,
        sql`select external_id from payment_events where external_id in ('n1', 'WH-1', 'WH-2', 'sale:1', 'n2') order by external_id`,
      ),
    ).toEqual([{ external_id: 'WH-2' }, { external_id: 'sale:1' }]);
    expect(await count(sql`select count(*)::int as n from payment_events`)).toBe(before.events - 3);

    const again = await cleanUp(db, t.app.ctx.config.retention, new Date());
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
  });

  it('rolls whole months of delivery history older than the setting into monthly totals, which the long range reads', async () => {
    const site = (await createWebsite(t.app, customer, { url: 'https://months.example.com/' })).json<{ id: number }>().id;
    const now = new Date();
    // 500 days of history: n hits on the n-th day back.
    await t.app.ctx.db.execute(
      sql`insert into website_hits_daily (website_id, day, hits)
          select ${site}, current_date - n, n from generate_series(0, 499) n`,
    );
    // A website older than the 24 months read back (its charts start on the day it was added).
    await t.app.ctx.db.execute(sql`update websites set created_at = now() - interval '800 days' where id = ${site}`);
    const months = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/website/${site}/history/months?months=24`, headers: customer.headers })).json<{
        months: { month: string; hits: number }[];
      }>().months;
    const before = await months();
    expect(before).toHaveLength(24);
    expect(before.at(-1)!.month).toBe(now.toISOString().slice(0, 7));
    expect(before.reduce((sum, m) => sum + m.hits, 0)).toBe((499 * 500) / 2);

    const firstKept = firstDailyMonth(now, 13);
    const report = await cleanUp(t.app.ctx.db, t.app.ctx.config.retention, now);
    const oldDays = await count(sql`select count(*)::int as n from generate_series(0, 499) n where current_date - n < ${firstKept}::date`);
    expect(report.rolledUp).toBe(oldDays);
    expect(
      await count(sql`select count(*)::int as n from website_hits_daily where website_id = ${site} and day < ${firstKept}::date`),
    ).toBe(0);
    expect(await count(sql`select min(day) = ${firstKept}::date as n from website_hits_daily where website_id = ${site}`)).toBe(true);
    expect(await count(sql`select count(*)::int as n from website_hits_monthly where website_id = ${site}`)).toBeGreaterThan(2);
    // The same numbers, month by month, now partly from the monthly totals.
    expect(await months()).toEqual(before);
    expect((await cleanUp(t.app.ctx.db, t.app.ctx.config.retention, now)).rolledUp).toBe(0);
    expect(await months()).toEqual(before);

    // Home's long range reads the same months.
    const home = (await t.app.inject({ method: 'GET', url: '/api/delivery/normal/months?months=24', headers: customer.headers })).json<{
      months: string[];
      websites: { id: number; hits: number[] }[];
    }>();
    expect(home.months).toEqual(before.map((m) => m.month));
    expect(home.websites.find((w) => w.id === site)!.hits).toEqual(before.map((m) => m.hits));
    // Another customer sees none of it; a bad range is refused in words.
    const bad = await t.app.inject({ method: 'GET', url: `/api/website/${site}/history/months?months=7`, headers: customer.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/months must be 12 or 24/);
  });

  it('runs hourly as one job for the whole deployment, through the queue', async () => {
    await t.app.ctx.db.execute(
      sql`insert into login_failures (login_key, address, created_at) values ('name:y', '10.0.0.2', ${ago(3)}::timestamptz)`,
    );
    const task = cleanUpTask(t.app.ctx);
    await task.run(null, new Date());
    await task.run(null, new Date());
    expect(await count(sql`select count(*)::int as n from jobs where kind = ${CLEAN_UP_JOB} and done_at is null`)).toBe(1);
    await t.app.jobs.drain();
    expect(await count(sql`select count(*)::int as n from login_failures where login_key = 'name:y'`)).toBe(0);
  });
});
