import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { enqueueReconcile } from './reconcile-capacity.ts';

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
      const due = await queryRows<{ user_id: number; type: string }>(
        ctx.db,
        sql`select distinct e.user_id, e.type from (
              select user_id, type from subscriptions where expires_at > ${from} and expires_at <= ${now}
              union all
              select user_id, type from activated_addons where expires_at > ${from} and expires_at <= ${now}
            ) e
            where exists (select 1 from websites w where w.user_id = e.user_id and w.type = e.type and w.status = 'ACTIVE')`,
      );
      for (const d of due) await enqueueReconcile(ctx.db, d.user_id, d.type);
    },
  };
}
