import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../core/context.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { SITE_GET_MAX_LIMIT, type NinehitsClient } from '../delivery/index.ts';
import { addCampaignTotals, closeOpenDays, collectionPending, recordPoints } from './delivery-history.repository.ts';

export const DELIVERY_COLLECT_JOB = 'delivery-collect';

/** The UTC day of an instant, `YYYY-MM-DD`: history days are UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

interface CollectPayload {
  /** The siteGet page to read (from 1). */
  page: number;
  /** When this run started (its jobs' dedupe keys). */
  startedAt: string;
  /** The first run ever only takes a baseline of the totals. */
  firstRun: boolean;
}

/**
 * Every `collectEveryMs`: starts a run of the delivery collection unless one is still going. A run
 * is a chain of jobs, one siteGet page (500 campaigns) each, spaced by the calls-per-minute budget,
 * so 9Hits sees a bounded rate and no request of a customer ever waits on it.
 */
export function deliveryCollectionTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'delivery-collection',
    everyMs: ctx.config.delivery.collectEveryMs,
    async run(since, now) {
      if (await collectionPending(ctx.db, DELIVERY_COLLECT_JOB)) return;
      const payload: CollectPayload = { page: 1, startedAt: now.toISOString(), firstRun: since === null };
      await enqueueJob(ctx.db, DELIVERY_COLLECT_JOB, { ...payload }, { dedupeKey: `${DELIVERY_COLLECT_JOB}:${payload.startedAt}:1` });
      ctx.jobs.kick();
    },
  };
}

/**
 * A job reads pages for at most this long, then queues the rest: other jobs (a website's sync, a
 * mail) wait at most this long behind a collection.
 */
const SLICE_MS = 5_000;

/** The most of its rate the collection gives up to a busy process: it always reads a quarter of it. */
const MOST_YIELDED = 0.75;

/**
 * The wait between two pages: the calls-per-minute gap, stretched by how busy this process's event
 * loop was since the last page (its utilization, 0 to 1: answering customers, mostly), up to 4×.
 * The collection runs hourly and reads 300,000 campaigns in minutes, so it has time to spare; the
 * customers whose requests share the process and the database do not (decision 0051).
 */
export function pageGapMs(gapMs: number, busy: number): number {
  const yielded = Number.isFinite(busy) ? Math.min(Math.max(busy, 0), MOST_YIELDED) : 0;
  return Math.ceil(gapMs / (1 - yielded));
}

/**
 * A slice of a run: reads pages of 500 campaigns with their confirmed totals, adds each website's
 * difference since the last reading to today's hits (delivery-history.repository.ts), one page every
 * `60 s / callsPerMinute` at most, longer while the process is busy (pageGapMs); after `SLICE_MS`
 * it queues the next page as a new job. A short
 * page ends the run, which then closes the earlier days of websites no page listed and reads the
 * account's points balance for the spend rate. A failed call
 * fails the job, which the queue retries with back-off from the slice's first page; readings are
 * differences, so a page read twice adds nothing.
 */
export function collectDeliveryJob(ctx: AppContext, client: NinehitsClient): JobHandler {
  return async (raw) => {
    const payload = raw as unknown as CollectPayload;
    const gapMs = Math.ceil(60_000 / ctx.config.delivery.callsPerMinute);
    const sliceEnd = Date.now() + SLICE_MS;
    let loop = performance.eventLoopUtilization();
    for (let page = Number(payload.page) || 1; ; page++) {
      const asked = Date.now();
      // Only the totals are kept from the page (ninehits-client.ts siteTotals).
      const { read, totals } = await client.siteTotals({ page, limit: SITE_GET_MAX_LIMIT });
      const now = ctx.now();
      await ctx.db.transaction((tx) => addCampaignTotals(tx, totals, utcDay(now), now, payload.firstRun === true));
      if (read < SITE_GET_MAX_LIMIT) {
        // A website this run did not read has no campaign listed any more: its open day is over.
        const closed = await ctx.db.transaction((tx) => closeOpenDays(tx, utcDay(now), new Date(payload.startedAt)));
        const profile = await client.profileGet();
        await recordPoints(ctx.db, utcDay(now), profile.points, now);
        ctx.log.info({ pages: page, startedAt: payload.startedAt, closedDays: closed }, 'delivery collection finished');
        return;
      }
      const busy = performance.eventLoopUtilization(loop).utilization;
      loop = performance.eventLoopUtilization();
      const nextAt = asked + pageGapMs(gapMs, busy);
      if (nextAt >= sliceEnd) {
        const next: CollectPayload = { ...payload, page: page + 1 };
        await enqueueJob(
          ctx.db,
          DELIVERY_COLLECT_JOB,
          { ...next },
          { runAt: new Date(nextAt), dedupeKey: `${DELIVERY_COLLECT_JOB}:${payload.startedAt}:${page + 1}` },
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(nextAt - Date.now(), 0)));
    }
  };
}
