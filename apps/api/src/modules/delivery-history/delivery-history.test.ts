import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { NinehitsClient } from '../delivery/ninehits-client.ts';
import { runningJob } from '../../test-support/running-job.ts';
import { collectDeliveryJob, DELIVERY_COLLECT_JOB, deliveryCollectionTask, pageGapMs, utcDay } from './collect-delivery.ts';
import { closeOpenDays, websiteDays } from './delivery-history.repository.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('delivery history: collected from 9Hits (embedded sandbox over HTTP), per website per day', () => {
  let owner: Session;
  let client: NinehitsClient;
  const t = useListeningTestApp({ NINEHITS_CALLS_PER_MINUTE: '1' });
  beforeAll(() => {
    client = new NinehitsClient(`${t.baseUrl}/sandbox/9hits/api`, 'sandbox-9hits-key');
  });
  beforeEach(async () => {
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'history@example.com' });
  });

  /**
   * Runs every pending job now, and again (up to three rounds) any that failed and was put back for
   * its back-off, as the queue would retry it: a website's first sync is the setup here, not the subject.
   */
  const runJobsNow = async () => {
    for (let round = 0; round < 3; round++) {
      await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
      await t.app.jobs.drain();
      const pending = await queryRows(t.app.ctx.db, sql`select 1 from jobs where done_at is null and failed_at is null`);
      if (!pending.length) return;
      console.warn(`delivery-history test: jobs retried after ${await jobErrors()}`);
    }
  };
  /** What the jobs that did not finish said, for a failing test's message. */
  const jobErrors = async () =>
    JSON.stringify(await queryRows(t.app.ctx.db, sql`select kind, attempts, last_error from jobs where done_at is null`));
  /** A website with its campaign at the sandbox (synced), the campaign's counter held still at `total`. */
  async function website(url = 'https://www.example.com/a'): Promise<{ id: number; key: string }> {
    const created = await createWebsite(t.app, owner, { url });
    expect(created.statusCode).toBe(201);
    await runJobsNow();
    const [row] = await queryRows<{ id: number; ninehits_key: string }>(
      t.app.ctx.db,
      sql`select id, ninehits_key from websites where url = ${url}`,
    );
    expect(row?.ninehits_key, `the website's campaign was not created at the sandbox: ${await jobErrors()}`).toMatch(/^\d+$/);
    return { id: Number(row!.id), key: row!.ninehits_key };
  }
  /** Holds a sandbox campaign's confirmed total at `total` (paused campaigns keep what they banked). */
  const setTotal = (key: string, total: number) =>
    t.app.ctx.db.execute(
      sql`update sandbox_ninehits_campaigns set user_state = 'paused', confirmed_hits = ${total}, accrued_at = now() where id = ${Number(key)}`,
    );
  const collect = (firstRun = false) =>
    collectDeliveryJob(t.app.ctx, client)({ page: 1, startedAt: t.app.ctx.now().toISOString(), firstRun }, runningJob());
  /** A website's days as the charts read them: the closed ones and the one its counter holds. */
  const days = (id: number) => websiteDays(t.app.ctx.db, id, '2000-01-01');
  /** Where they are kept: closed days in website_hits_daily, the open one on the counter. */
  const stored = async (id: number) => ({
    closed: await queryRows<{ day: string; hits: number }>(
      t.app.ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, hits from website_hits_daily where website_id = ${id} order by day`,
    ),
    open: (
      await queryRows<{ day: string | null; hits: number }>(
        t.app.ctx.db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, day_hits as hits from delivery_counters where website_id = ${id}`,
      )
    )[0],
  });
  const history = async (id: number, session: Session = owner, range = 7) =>
    t.app.inject({ method: 'GET', url: `/api/website/${id}/history?days=${range}`, headers: session.headers });

  it('stores the difference of totals per day: a first run is a baseline, a page read twice adds nothing', async () => {
    const site = await website();
    await setTotal(site.key, 100);
    await collect(true);
    expect(await days(site.id)).toEqual([]);

    await setTotal(site.key, 150);
    await collect();
    await collect();
    const today = utcDay(t.app.ctx.now());
    expect(await days(site.id)).toEqual([{ day: today, hits: 50 }]);

    // Today is still being counted: on the counter, not yet a row of its own.
    expect(await stored(site.id)).toEqual({ closed: [], open: { day: today, hits: 50 } });

    t.clock.advance(DAY_MS);
    await setTotal(site.key, 190);
    await collect();
    const tomorrow = utcDay(t.app.ctx.now());
    expect(await days(site.id)).toEqual([
      { day: today, hits: 50 },
      { day: tomorrow, hits: 40 },
    ]);
    // The first reading of a later day closed the earlier one into the history, as one row.
    expect(await stored(site.id)).toEqual({ closed: [{ day: today, hits: 50 }], open: { day: tomorrow, hits: 40 } });
    const totals = await queryRows<{ hits: string }>(t.app.ctx.db, sql`select hits::text from delivery_daily_totals order by day`);
    expect(totals.map((r) => Number(r.hits))).toEqual([50, 40]);
  });

  it("a run's end closes the day of a website no page listed any more; a day written before the counters held it is summed, not doubled", async () => {
    const listed = await website('https://www.example.com/listed');
    const gone = await website('https://www.example.com/gone');
    await setTotal(listed.key, 10);
    await setTotal(gone.key, 20);
    await collect();
    const today = utcDay(t.app.ctx.now());
    expect((await stored(gone.id)).open).toEqual({ day: today, hits: 20 });
    // A row of today as the version before migration 0035 wrote it, beside the counter's hits.
    await t.app.ctx.db.execute(sql`insert into website_hits_daily (website_id, day, hits) values (${listed.id}, ${today}::date, 5)`);
    expect(await days(listed.id)).toEqual([{ day: today, hits: 15 }]);

    // The campaign of `gone` is deleted at 9Hits: tomorrow's run does not list it.
    await t.app.ctx.db.execute(sql`delete from sandbox_ninehits_campaigns where id = ${Number(gone.key)}`);
    t.clock.advance(DAY_MS);
    await setTotal(listed.key, 12);
    await collect();
    const tomorrow = utcDay(t.app.ctx.now());
    expect(await stored(gone.id)).toEqual({ closed: [{ day: today, hits: 20 }], open: { day: null, hits: 0 } });
    expect(await stored(listed.id)).toEqual({ closed: [{ day: today, hits: 15 }], open: { day: tomorrow, hits: 2 } });
    expect(await days(listed.id)).toEqual([
      { day: today, hits: 15 },
      { day: tomorrow, hits: 2 },
    ]);
    // Nothing left open is read again as a new day.
    await collect();
    expect(await days(gone.id)).toEqual([{ day: today, hits: 20 }]);
  });

  it("a run that crosses midnight leaves the day of a website it read to that website's next reading", async () => {
    const site = await website();
    const runStartedAt = t.app.ctx.now();
    await setTotal(site.key, 10);
    await collect();
    const today = utcDay(t.app.ctx.now());
    t.clock.advance(DAY_MS);
    const close = (startedAt: Date) => t.app.ctx.db.transaction((tx) => closeOpenDays(tx, utcDay(t.app.ctx.now()), startedAt));
    // Read by this run before midnight: not closed at its end (its next reading does it).
    expect(await close(runStartedAt)).toBe(0);
    expect(await stored(site.id)).toEqual({ closed: [], open: { day: today, hits: 10 } });
    // Not read by the run that ends now: closed.
    expect(await close(t.app.ctx.now())).toBe(1);
    expect(await stored(site.id)).toEqual({ closed: [{ day: today, hits: 10 }], open: { day: null, hits: 0 } });
  });

  it('a reset counter or a re-created campaign counts from zero, never negative, never doubled', async () => {
    const site = await website();
    await setTotal(site.key, 100);
    await collect();
    // Never read before and not the first run: all it delivered since it was made is today's.
    expect((await days(site.id))[0]!.hits).toBe(100);

    await setTotal(site.key, 30); // the counter was reset at 9Hits
    await collect();
    expect((await days(site.id))[0]!.hits).toBe(130);

    // The campaign is re-created (a new id): its total starts from zero, the old one is not ours any more.
    const [fresh] = await queryRows<{ id: number }>(
      t.app.ctx.db,
      sql`insert into sandbox_ninehits_campaigns (body, user_state, confirmed_hits)
          select body, 'paused', 7 from sandbox_ninehits_campaigns where id = ${Number(site.key)} returning id`,
    );
    await t.app.ctx.db.execute(sql`update websites set ninehits_key = ${String(fresh!.id)} where id = ${site.id}`);
    await collect();
    expect((await days(site.id))[0]!.hits).toBe(137);
  });

  it('reads 500 campaigns a page and queues the next page after the calls-per-minute gap; a short page ends the run with the points', async () => {
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body, user_state, confirmed_hits)
          select jsonb_build_object('title', 'bulk-' || n, 'urls', jsonb_build_array('https://bulk.example.com/' || n)), 'paused', n
          from generate_series(1, 501) n`,
    );
    const task = deliveryCollectionTask(t.app.ctx);
    await task.run(null, t.app.ctx.now());
    await task.run(null, t.app.ctx.now()); // a run is pending: no second chain
    const queued = await queryRows<{ payload: { page: number } }>(
      t.app.ctx.db,
      sql`select payload from jobs where kind = ${DELIVERY_COLLECT_JOB} and done_at is null`,
    );
    expect(queued.map((j) => j.payload.page)).toEqual([1]);
    await t.app.jobs.drain();
    const next = await queryRows<{ payload: { page: number }; wait: number }>(
      t.app.ctx.db,
      sql`select payload, extract(epoch from run_at - now()) as wait from jobs where kind = ${DELIVERY_COLLECT_JOB} and done_at is null`,
    );
    expect(next.map((j) => j.payload.page)).toEqual([2]);
    // One call a minute: the next page waits its turn.
    expect(Number(next[0]!.wait)).toBeGreaterThan(50);
    await runJobsNow();
    const points = await queryRows<{ points: string }>(t.app.ctx.db, sql`select points::text from ninehits_points_daily`);
    expect(points).toHaveLength(1);
  });

  it('waits longer between pages while the process is busy, up to four times the gap, never less than the gap', () => {
    expect(pageGapMs(100, 0)).toBe(100);
    expect(pageGapMs(100, 0.5)).toBe(200);
    expect(pageGapMs(100, 0.75)).toBe(400);
    expect(pageGapMs(100, 1)).toBe(400);
    // No reading (nothing measured): no wait added.
    for (const odd of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(pageGapMs(100, odd), String(odd)).toBe(100);
  });

  it('reads several pages in one job when the budget allows, and ends the run on the short page', async () => {
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body, user_state, confirmed_hits)
          select jsonb_build_object('title', 'bulk-' || n, 'urls', jsonb_build_array('https://bulk.example.com/' || n)), 'paused', n
          from generate_series(1, 501) n`,
    );
    const fast = { ...t.app.ctx, config: { ...t.app.ctx.config, delivery: { collectEveryMs: 60_000, callsPerMinute: 6000 } } };
    await collectDeliveryJob(fast, client)({ page: 1, startedAt: new Date().toISOString(), firstRun: false }, runningJob());
    const pending = await queryRows(t.app.ctx.db, sql`select 1 from jobs where kind = ${DELIVERY_COLLECT_JOB} and done_at is null`);
    expect(pending).toHaveLength(0);
    const points = await queryRows(t.app.ctx.db, sql`select 1 from ninehits_points_daily`);
    expect(points).toHaveLength(1);
  });

  it('answers every day of the range from the day the website was added, oldest first, today last; only to the owner or an admin', async () => {
    const site = await website();
    await setTotal(site.key, 12);
    await collect();
    // Added today: its chart starts today, with no days of "0 delivered" before it existed.
    const added = await history(site.id);
    expect(added.json().days).toEqual([{ day: utcDay(t.app.ctx.now()), hits: 12 }]);
    await t.app.ctx.db.execute(sql`update websites set created_at = created_at - interval '3 days' where id = ${site.id}`);
    const answer = await history(site.id);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.days).toHaveLength(4);
    expect(body.days.at(-1)).toEqual({ day: utcDay(t.app.ctx.now()), hits: 12 });
    expect(body.days.slice(0, 3).every((d: { hits: number }) => d.hits === 0)).toBe(true);
    expect(body.dailyHitLimit).toBe(100);
    expect(body.updatedAt).not.toBeNull();

    const stranger = await customerWithPackage(t.app, 'pkgBasic', { email: 'stranger@example.com', username: 'stranger1' });
    expect((await history(site.id, stranger)).statusCode).toBe(403);
    expect((await history(site.id, await loginAdmin(t.app))).statusCode).toBe(200);
    expect((await history(site.id, owner, 8)).statusCode).toBe(400);

    const home = await t.app.inject({ method: 'GET', url: '/api/delivery/normal?days=30', headers: owner.headers });
    expect(home.statusCode).toBe(200);
    expect(home.json().days).toHaveLength(4);
    expect(home.json().websites).toEqual([{ id: site.id, url: 'https://www.example.com/a', dailyHitLimit: 100, hits: [0, 0, 0, 12] }]);
    const strangersHome = await t.app.inject({ method: 'GET', url: '/api/delivery/normal', headers: stranger.headers });
    expect(strangersHome.json().websites).toEqual([]);
  });

  it('a deleted website takes its days with it, but the day totals of the business stay', async () => {
    const site = await website();
    await setTotal(site.key, 40);
    await collect();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/website/${site.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await days(site.id)).toEqual([]);
    const admin = await loginAdmin(t.app);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/business', headers: admin.headers })).json();
    expect(stats.hitsDays.at(-1)).toEqual({ day: utcDay(t.app.ctx.now()), normal: 40, seo: 0 });
  });
});
