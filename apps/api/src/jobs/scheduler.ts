import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '@traffic/db';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** `since` is when the task last ran anywhere (null the first time). */
  run(since: Date | null, now: Date): Promise<void>;
}

/**
 * Periodic work that is safe with several servers: each run claims the task's row in
 * scheduler_locks, so one process runs it per interval, and a crashed run's lease expires.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly tasks: PeriodicTask[],
    private readonly now: () => Date,
    private readonly tickMs = 15_000,
  ) {}

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Runs every task that is due now (tests call it directly). */
  async tick(now = this.now()): Promise<void> {
    for (const task of this.tasks) {
      try {
        const claim = await this.claim(task, now);
        if (claim.claimed) await task.run(claim.since, now);
      } catch (error) {
        this.log.error({ err: error, task: task.name }, 'periodic task failed');
      }
    }
  }

  private async claim(task: PeriodicTask, now: Date): Promise<{ claimed: boolean; since: Date | null }> {
    await this.db.execute(sql`insert into scheduler_locks (name) values (${task.name}) on conflict do nothing`);
    const rows = await queryRows<{ since: string | null }>(
      this.db,
      sql`with prev as (select name, last_run_at from scheduler_locks where name = ${task.name} for update)
          update scheduler_locks s set last_run_at = ${now}, locked_until = ${new Date(now.getTime() + task.everyMs)}
          from prev
          where s.name = prev.name and (s.locked_until is null or s.locked_until <= ${now})
          returning prev.last_run_at as since`,
    );
    const row = rows[0];
    return row ? { claimed: true, since: row.since ? new Date(row.since) : null } : { claimed: false, since: null };
  }
}
