import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@traffic/db';
import { safeErrorMessage } from '../lib/safe-error.ts';
import { claimJobs, completeJob, failJob, type ClaimedJob } from './job-queue.ts';

export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export interface JobRunnerOptions {
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** Told of each job run: its kind, whether it finished or failed (to be retried), and its seconds. */
  onJob?: (kind: string, outcome: 'done' | 'failed', seconds: number) => void;
}

/**
 * Drains the jobs table: polls every `pollMs`, and at once after `kick()` (called when a request
 * has just enqueued work). Handlers must be idempotent: a job whose worker died runs again.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions = {},
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass soon, without waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      } else this.schedule();
    });
  }

  /** Processes every due job until none is left (tests and shutdown use it). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.processBatch();
      total += done;
      if (done === 0) return total;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      while (!this.stopped && (await this.processBatch()) > 0) {
        // keep going while there is due work
      }
    } catch (error) {
      this.log.error({ err: error }, 'job runner pass failed');
    }
  }

  private async processBatch(): Promise<number> {
    const claimed = await claimJobs(this.db, this.options.batchSize ?? 10, this.options.leaseMs ?? 60_000);
    for (const job of claimed) {
      const handler = this.handlers.get(job.kind);
      const started = performance.now();
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload, job);
        await completeJob(this.db, job.id);
        this.options.onJob?.(job.kind, 'done', (performance.now() - started) / 1000);
      } catch (error) {
        this.options.onJob?.(job.kind, 'failed', (performance.now() - started) / 1000);
        // Kept in the log and in jobs.last_error: never a failed query's bound parameters.
        const message = safeErrorMessage(error);
        this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed; will retry');
        await failJob(this.db, job, message);
      }
    }
    return claimed.length;
  }
}
