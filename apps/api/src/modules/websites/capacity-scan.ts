import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { enqueueReconcile } from './reconcile-capacity.ts';
import { usersWithExpiriesBetween } from './websites.repository.ts';

/**
 * Every minute: users whose subscription or add-ons ended since the last scan, and who still have
 * ACTIVE websites of that type, get a reconciliation job. The first scan looks at every ended one.
 */
export function capacityScanTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'capacity-scan',
    everyMs: 60_000,
    async run(since, now) {
      const from = since ?? new Date(0);
      const due = await usersWithExpiriesBetween(ctx.db, from, now);
      for (const d of due) await enqueueReconcile(ctx.db, d.user_id, d.type);
    },
  };
}
