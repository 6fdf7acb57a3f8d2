import type { DismissJobResult, FailedJobsPage, RetryJobResult } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { dismissFailedJob, listFailedJobs, retryFailedJob, type FailedJobRow } from '../../jobs/job-queue.ts';
import { audit, type AuditSource } from '../audit/index.ts';
import { lockFailedJob } from './admin.repository.ts';

/** What each kind of job was for, in words an operator reads, from its payload. */
const DESCRIBE: Record<string, (p: Record<string, unknown>) => string> = {
  'ninehits-sync': (p) => `Update website #${String(p.websiteId)} at 9Hits`,
  'ninehits-delete': (p) => `Delete the 9Hits campaign of website #${String(p.websiteId)}${p.key ? ` (campaign ${String(p.key)})` : ''}`,
  'send-email': (p) => `Send mail #${String(p.emailId)}`,
  'reconcile-capacity': (p) => `Pause or resume websites of user #${String(p.userId)} (${String(p.type)})`,
  'payhere-charges': (p) => `Read PayHere's charges for order ${String(p.orderId)}`,
  'payhere-cancel': (p) => `Cancel the PayHere subscription of order ${String(p.orderId)}`,
  'payhere-subscription-sync': () => "Read PayHere's subscription list",
};

function present(row: FailedJobRow): FailedJobsPage['rows'][number] {
  return {
    id: row.id,
    kind: row.kind,
    description: DESCRIBE[row.kind]?.(row.payload) ?? row.kind,
    attempts: row.attempts,
    last_error: row.last_error,
    failed_at: row.failed_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** GET admin/jobs/failed (admin): background jobs that gave up, newest first, with their last error. */
export async function failedJobs(ctx: AppContext, page: number, size: number): Promise<FailedJobsPage> {
  const { total, rows } = await listFailedJobs(ctx.db, page * size, size);
  return { total, rows: rows.map(present) };
}

/**
 * POST admin/jobs/{id}/retry (admin): runs a failed job again from its first attempt. The audit
 * record commits with the retry and says what came of it ('already queued' when the same work was
 * queued again meanwhile and this job is closed instead).
 */
export async function retryJob(ctx: AppContext, id: number, source: AuditSource): Promise<RetryJobResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, id);
    const outcome = job && (await retryFailedJob(tx, id));
    if (!job || !outcome) return undefined;
    await audit(tx, source, ctx.now(), {
      action: 'job_retried',
      target: { type: 'job', id: job.id, label: job.kind },
      before: { status: 'failed', attempts: job.attempts },
      after: { status: outcome, attempts: outcome === 'queued' ? 0 : job.attempts },
    });
    return outcome;
  });
  if (!result) throw new AppError('NOT_FOUND', `No failed job #${id}.`);
  ctx.log.info({ jobId: id, result }, 'failed job retried by an admin');
  ctx.jobs.kick();
  return { result };
}

/**
 * POST admin/jobs/{id}/dismiss (admin): removes a failed job for good, when its work is no longer
 * wanted (a website deleted since, a mail no longer worth sending). The audit record commits with
 * the removal and keeps what the job was for and why it failed.
 */
export async function dismissJob(ctx: AppContext, id: number, source: AuditSource): Promise<DismissJobResult> {
  const dismissed = await ctx.db.transaction(async (tx) => {
    const row = await dismissFailedJob(tx, id);
    if (!row) return undefined;
    const job = present(row);
    await audit(tx, source, ctx.now(), {
      action: 'job_dismissed',
      target: { type: 'job', id: job.id, label: job.kind },
      before: { status: 'failed', description: job.description, attempts: job.attempts, last_error: job.last_error?.slice(0, 500) ?? null },
      after: { status: 'dismissed' },
    });
    return job;
  });
  if (!dismissed) throw new AppError('NOT_FOUND', `No failed job #${id}.`);
  ctx.log.info({ jobId: id, kind: dismissed.kind }, 'failed job dismissed by an admin');
  return { result: 'dismissed' };
}
