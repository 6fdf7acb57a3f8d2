import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { emailDate, GATEWAY_NAMES, queueBillingEmail } from '../payments/index.ts';
import { dueReminders, markReminded } from './billing.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before a paid period ends its reminder goes. */
export const REMINDER_LEAD_DAYS = 3;

/**
 * Every six hours: each package whose paid period ends within three days gets one reminder for
 * that period: "renews on DATE" when its gateway will charge it, "ends on DATE" when it does not
 * renew (a grant, a one-time payment, a cancelled renewal). A past-due package is not reminded
 * (its renewal-failed e-mail said what matters). The reminder and the mark that it went are
 * written in one transaction, so each period is reminded once however the scans overlap.
 */
export function billingReminderTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'billing-reminders',
    everyMs: 6 * 60 * 60 * 1000,
    async run(_since, now) {
      const until = new Date(now.getTime() + REMINDER_LEAD_DAYS * DAY_MS);
      const due = await dueReminders(ctx.db, now, until);
      for (const row of due) {
        const on = emailDate(new Date(row.expires_at));
        await ctx.db.transaction(async (tx) => {
          if (!(await markReminded(tx, row.id))) return;
          await queueBillingEmail(
            ctx,
            tx,
            row.user_id,
            row.renewing
              ? {
                  kind: 'renewal-reminder',
                  item: row.package_name,
                  amount: `${Number(row.amount).toFixed(2)} ${row.currency}`,
                  gateway: GATEWAY_NAMES[row.provider!] ?? row.provider!,
                  on,
                }
              : { kind: 'expiring', item: row.package_name, on },
          );
        });
      }
      if (due.length) ctx.jobs.kick();
    },
  };
}
