import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import type { BackgroundSettings } from '../../config-background.ts';
import { deleteFinishedJobs, enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import {
  addAuditPartitions,
  deleteOldGatewayNotices,
  deleteOldLoginFailures,
  deleteOldMail,
  deleteOldNotifications,
  deleteOldResetCodes,
  deleteOldSessions,
  deleteOldSupportRequests,
  deleteOldUnpaidOrders,
  rollUpDeliveryDays,
} from './retention.repository.ts';
import { deleteExpiredDataExports } from '../your-data/index.ts';

export const CLEAN_UP_JOB = 'clean-up';
/** Rows per statement: each batch is a short transaction of its own. */
export const CLEAN_UP_BATCH = 5000;
/** Months after the current one whose audit log partition exists ahead of time (migration 0020). */
export const AUDIT_MONTHS_AHEAD = 3;
/** Websites per step of the delivery roll-up (each a few hundred daily rows). */
const ROLL_UP_WEBSITES = 1000;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Retention = BackgroundSettings['retention'];

/** One table's rule: what it deletes, in batches, for rows older than its setting. */
interface Rule {
  table: string;
  /** Deletes one batch of rows that are past their retention at `now`; answers how many. */
  batch(db: Executor, now: Date, limit: number): Promise<number>;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Every table that grows with use and its rule (docs/deploy.md, "Retention"). */
export function retentionRules(r: Retention): Rule[] {
  return [
    { table: 'jobs', batch: (db, now, n) => deleteFinishedJobs(db, ago(now, r.finishedJobsDays * DAY_MS), n) },
    { table: 'sessions', batch: (db, now, n) => deleteOldSessions(db, ago(now, r.sessionsDays * DAY_MS), n) },
    { table: 'password_resets', batch: (db, now, n) => deleteOldResetCodes(db, ago(now, r.resetCodesHours * HOUR_MS), n) },
    { table: 'login_failures', batch: (db, now, n) => deleteOldLoginFailures(db, ago(now, r.loginFailuresHours * HOUR_MS), n) },
    { table: 'payment_events', batch: (db, now, n) => deleteOldGatewayNotices(db, ago(now, r.paymentEventsDays * DAY_MS), n) },
    { table: 'orders', batch: (db, now, n) => deleteOldUnpaidOrders(db, ago(now, r.unpaidOrdersDays * DAY_MS), n) },
    { table: 'emails', batch: (db, now, n) => deleteOldMail(db, ago(now, r.mailDays * DAY_MS), n) },
    { table: 'notifications', batch: (db, now, n) => deleteOldNotifications(db, ago(now, r.notificationsDays * DAY_MS), n) },
    { table: 'support_requests', batch: (db, now, n) => deleteOldSupportRequests(db, ago(now, r.supportRequestsDays * DAY_MS), n) },
    // Copies of an account's data: deleted once their download time is over.
    { table: 'data_exports', batch: (db, now, n) => deleteExpiredDataExports(db, now, n) },
  ];
}

/** The first day (UTC) of the oldest month the daily delivery history keeps: `months` whole months before this one. */
export function firstDailyMonth(now: Date, months: number): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 10);
}

export interface CleanUpReport {
  /** Audit log month partitions created ahead of time. */
  auditPartitions: number;
  /** Rows deleted per table, and daily delivery rows rolled up into months. */
  deleted: Record<string, number>;
  rolledUp: number;
  /** False when it stopped early (signal or deadline); the next run goes on where the data is. */
  finished: boolean;
}

/**
 * First makes sure the audit log's partitions exist for this month and the next three, then applies
 * every rule until nothing is left to delete, batch after batch, then rolls whole months of delivery
 * history into monthly totals. Stops between two batches once `shouldStop()` says so.
 */
export async function cleanUp(
  db: Executor,
  retention: Retention,
  now: Date,
  shouldStop: () => boolean = () => false,
  limit = CLEAN_UP_BATCH,
): Promise<CleanUpReport> {
  const report: CleanUpReport = { auditPartitions: 0, deleted: {}, rolledUp: 0, finished: false };
  report.auditPartitions = await addAuditPartitions(db, now, AUDIT_MONTHS_AHEAD);
  for (const rule of retentionRules(retention)) {
    report.deleted[rule.table] = 0;
    for (;;) {
      if (shouldStop()) return report;
      const n = await rule.batch(db, now, limit);
      report.deleted[rule.table]! += n;
      if (n < limit) break;
    }
  }
  const firstKept = firstDailyMonth(now, retention.deliveryHistoryMonths);
  for (let after = 0; ;) {
    if (shouldStop()) return report;
    const { lastId, moved } = await rollUpDeliveryDays(db, firstKept, after, ROLL_UP_WEBSITES);
    report.rolledUp += moved;
    if (lastId === undefined) break;
    after = lastId;
  }
  report.finished = true;
  return report;
}

/** The job: one clean-up, stopped 10 s before its deadline or at once when its signal aborts (the next hour goes on). */
export function cleanUpJob(ctx: AppContext): JobHandler {
  return async (_payload, job) => {
    const stopAt = job.deadline.getTime() - 10_000;
    const report = await cleanUp(ctx.db, ctx.config.retention, ctx.now(), () => job.signal.aborted || Date.now() >= stopAt);
    job.signal.throwIfAborted();
    const deleted = Object.values(report.deleted).reduce((a, b) => a + b, 0);
    if (deleted || report.rolledUp || report.auditPartitions || !report.finished)
      ctx.log.info({ ...report }, report.finished ? 'retention clean-up done' : 'retention clean-up paused until the next run');
  };
}

/** Every hour, one clean-up job for the whole deployment (however many servers run the scheduler). */
export function cleanUpTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'retention-clean-up',
    everyMs: HOUR_MS,
    async run() {
      await enqueueJob(ctx.db, CLEAN_UP_JOB, {}, { dedupeKey: CLEAN_UP_JOB, maxAttempts: 3 });
      ctx.jobs.kick();
    },
  };
}
