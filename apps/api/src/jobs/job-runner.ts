import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@traffic/db';
import { safeErrorMessage } from '../lib/safe-error.ts';
import { claimJobs, completeJob, failJob, releaseJob, renewLeases, type ClaimedJob } from './job-queue.ts';

/**
 * A job as its handler sees it. `signal` aborts when the job must stop: its deadline passed, its
 * lease could not be kept, or the process is stopping. A handler passes it to every call out
 * (9Hits, the gateways, mail) and checks it between steps, so that it stops before another worker
 * may take the job; `deadline` is when the signal aborts at the latest, for handlers that split
 * their work into steps and leave the rest for the next run.
 */
export interface RunningJob extends ClaimedJob {
  signal: AbortSignal;
  deadline: Date;
}

export type JobHandler = (payload: Record<string, unknown>, job: RunningJob) => Promise<void>;

export interface JobRunnerOptions {
  /** The fallback poll; on PostgreSQL a NOTIFY (`wake()`) usually starts work first. Default 1 s. */
  pollMs?: number;
  /** Jobs run at once by this process (JOB_CONCURRENCY). Default 4. */
  concurrency?: number;
  /** How long a claim holds a job; a running job renews it every quarter of this. Default 60 s. */
  leaseMs?: number;
  /** How long one run of a handler may take before its signal aborts (it then counts as failed). Default 5 min. */
  timeoutMs?: number;
  /** On `stop()`, how long running handlers get to finish before their jobs are given back. Default 10 s. */
  stopDeadlineMs?: number;
  /** Told of each job run: its kind, whether it finished or failed (to be retried), and its seconds. */
  onJob?: (kind: string, outcome: 'done' | 'failed', seconds: number) => void;
}

/** Why a running job's signal aborted. */
export class JobStopped extends Error {
  constructor(readonly reason: 'deadline' | 'lease' | 'stopping') {
    super(
      reason === 'deadline' ? 'the job ran past its deadline' : reason === 'lease' ? 'the job lost its lease' : 'the server is stopping',
    );
    this.name = 'JobStopped';
  }
}

interface Run {
  job: ClaimedJob;
  controller: AbortController;
  /** Local (performance.now) time by which the lease ends unless renewed: measured from when the claim or renewal was sent. */
  leaseEndsAt: number;
  /** Set once nothing more may be written for this claim (lease lost, or given back on stop). */
  abandoned: boolean;
  settled: Promise<void>;
  timer: NodeJS.Timeout;
}

/**
 * Drains the jobs table with up to `concurrency` handlers at once: claims due jobs on every poll,
 * at once after `wake()` (a NOTIFY from another process, this process's own enqueue heard after its
 * commit, or `kick()` after a request enqueued work), and when a slot frees while due jobs may be
 * waiting for one. Wakes of one turn of the event loop make one claim. A running job's lease is renewed while it runs; if it cannot be, the
 * handler is aborted before the lease ends, so no two workers ever run one job. Handlers must be
 * idempotent: a job whose process died runs again once its lease ends.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly runs = new Map<number, Run>();
  private pollTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  /** A claim is to run on the next turn of the event loop (wake() was called). */
  private wakeScheduled = false;
  /**
   * Due jobs may be waiting for a slot: the last claim filled every free slot, or work was announced
   * while none was free. A job that ends then claims again; otherwise its slot waits for the next
   * wake or poll. (Claiming after every job made two of every three claims in the mixed workload
   * find nothing: docs/performance.md, run 10.)
   */
  private backlog = false;
  private stopped = true;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions = {},
  ) {}

  private get concurrency(): number {
    return this.options.concurrency ?? 4;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? 60_000;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.stopped = false;
    this.schedulePoll();
    this.wake();
  }

  /**
   * Stops claiming, aborts every running handler, waits up to `deadlineMs` for them to finish, and
   * gives back the jobs of those still running, so that another process takes them at once rather
   * than after their lease. A job that finished meanwhile is recorded as usual; one whose handler
   * gave up because of the stop is given back too, without counting the attempt.
   */
  stop(deadlineMs = this.options.stopDeadlineMs ?? 10_000): Promise<void> {
    // A second call while stopping (SIGTERM's, then the server's close) waits for the first.
    this.stopping ??= this.stopWithin(deadlineMs).finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  private async stopWithin(deadlineMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    await this.claiming;
    for (const run of this.runs.values()) run.controller.abort(new JobStopped('stopping'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.runs.values()].map((r) => r.settled)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs))),
    ]);
    clearTimeout(timer);
    const left = [...this.runs.values()];
    for (const run of left) run.abandoned = true;
    await Promise.all(left.map((run) => releaseJob(this.db, run.job).catch(() => undefined)));
    if (left.length) this.log.warn({ jobs: left.map((r) => r.job.id) }, 'jobs still running at the stop deadline were given back');
    for (const run of left) this.forget(run);
  }

  /**
   * Looks for due work without waiting for the next poll: on the next turn of the event loop, so
   * that the wakes of one turn (a commit heard, then the request's kick) make one claim.
   */
  wake(): void {
    if (this.stopped || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.claimNow();
    });
  }

  private claimNow(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.fill().finally(() => {
      this.claiming = undefined;
      if (this.again) {
        this.again = false;
        this.claimNow();
      }
    });
  }

  /** After a request has enqueued work (same as `wake()`). */
  kick(): void {
    this.wake();
  }

  /** Runs every due job until none is left, `concurrency` at a time (tests use it; the runner need not be started). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await claimJobs(this.db, this.concurrency, this.leaseMs);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((job) => this.run(job).settled));
    }
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.wake();
      this.schedulePoll();
    }, this.options.pollMs ?? 1000);
    this.pollTimer.unref();
  }

  /** Claims as many due jobs as there are free slots, until the slots are full or nothing is due. */
  private async fill(): Promise<void> {
    try {
      while (!this.stopped) {
        const free = this.concurrency - this.runs.size;
        if (free <= 0) {
          this.backlog = true;
          return;
        }
        const claimed = await claimJobs(this.db, free, this.leaseMs);
        for (const job of claimed) void this.run(job).settled.then(() => this.slotFreed());
        if (claimed.length < free) {
          this.backlog = false;
          return;
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'job runner could not claim jobs');
    }
  }

  private run(job: ClaimedJob): Run {
    const claimedAt = performance.now();
    const timeoutMs = this.options.timeoutMs ?? 5 * 60_000;
    const controller = new AbortController();
    const run: Run = {
      job,
      controller,
      leaseEndsAt: claimedAt + this.leaseMs,
      abandoned: false,
      settled: Promise.resolve(),
      timer: setTimeout(() => this.overrun(run), timeoutMs),
    };
    this.runs.set(job.id, run);
    this.ensureRenewing();
    run.timer.unref();
    run.settled = this.execute(run, new Date(Date.now() + timeoutMs)).finally(() => this.forget(run));
    return run;
  }

  private async execute(run: Run, deadline: Date): Promise<void> {
    const { job, controller } = run;
    const handler = this.handlers.get(job.kind);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let failure: unknown;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // Every call out the handler makes (9Hits, the gateways, mail) stops with this signal: its clients
      // are bound to it (lib/call-signal.ts).
      await handler(job.payload, { ...job, signal: controller.signal, deadline });
      // A handler may have returned without noticing its deadline: what it did still counts.
    } catch (error) {
      failure = error;
    }
    if (run.abandoned) return;
    const stopping = controller.signal.reason instanceof JobStopped && controller.signal.reason.reason === 'stopping';
    try {
      if (failure === undefined) {
        if (!(await completeJob(this.db, job)))
          this.log.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was taken over');
        this.options.onJob?.(job.kind, 'done', seconds());
      } else if (stopping) {
        await releaseJob(this.db, job);
      } else {
        this.options.onJob?.(job.kind, 'failed', seconds());
        // The reason the signal gave, when the handler stopped because of it.
        const cause = controller.signal.aborted && controller.signal.reason instanceof JobStopped ? controller.signal.reason : failure;
        // Kept in the log and in jobs.last_error: never a failed query's bound parameters.
        const message = safeErrorMessage(cause);
        this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed; will retry');
        await failJob(this.db, job, message);
      }
    } catch (error) {
      // The database is unreachable: the lease runs out and the job is taken again then.
      this.log.error({ err: error, jobId: job.id }, 'job outcome could not be recorded');
    }
  }

  /**
   * The deadline passed: the handler is told to stop. One that has not stopped a quarter of a lease
   * later is given up on: the attempt is recorded as failed (retried after its backoff) and its slot
   * frees; nothing it does afterwards is recorded.
   */
  private overrun(run: Run): void {
    run.controller.abort(new JobStopped('deadline'));
    run.timer = setTimeout(() => {
      if (run.abandoned || this.runs.get(run.job.id) !== run) return;
      run.abandoned = true;
      this.log.error({ jobId: run.job.id, kind: run.job.kind }, 'job handler did not stop at its deadline; given up');
      this.options.onJob?.(run.job.kind, 'failed', (this.options.timeoutMs ?? 5 * 60_000) / 1000);
      void failJob(this.db, run.job, 'the job ran past its deadline and did not stop').catch(() => undefined);
      this.forget(run);
      this.wake();
    }, this.leaseMs / 4);
    run.timer.unref();
  }

  /** A job ended: claim again only when due jobs may be waiting for its slot. */
  private slotFreed(): void {
    if (this.backlog) this.wake();
  }

  private forget(run: Run): void {
    clearTimeout(run.timer);
    if (this.runs.get(run.job.id) === run) this.runs.delete(run.job.id);
    if (this.runs.size === 0) {
      clearInterval(this.renewTimer);
      this.renewTimer = undefined;
    }
  }

  private ensureRenewing(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.renewTimer.unref();
  }

  /**
   * Extends every running job's lease. A job another worker holds now is aborted at once; a job
   * whose lease could not be extended (the database does not answer) is aborted a quarter of a lease
   * before it would run out, while it is still ours.
   */
  private async renew(): Promise<void> {
    const live = [...this.runs.values()].filter((r) => !r.abandoned);
    if (!live.length) return;
    const sentAt = performance.now();
    try {
      const renewed = await renewLeases(
        this.db,
        live.map((r) => ({ id: r.job.id, token: r.job.token })),
        this.leaseMs,
      );
      for (const run of live) {
        if (renewed.has(run.job.id)) run.leaseEndsAt = sentAt + this.leaseMs;
        else if (this.runs.get(run.job.id) === run) this.loseLease(run);
      }
    } catch (error) {
      this.log.warn({ err: safeErrorMessage(error) }, 'job leases could not be renewed');
      for (const run of live) if (performance.now() >= run.leaseEndsAt - this.leaseMs / 4) this.loseLease(run);
    }
  }

  private loseLease(run: Run): void {
    if (run.abandoned) return;
    run.abandoned = true;
    run.controller.abort(new JobStopped('lease'));
    this.log.warn({ jobId: run.job.id, kind: run.job.kind }, 'job stopped: its lease could not be kept');
    // Its slot frees now: whatever the handler still does, nothing is recorded for this claim.
    this.forget(run);
    this.wake();
  }
}
