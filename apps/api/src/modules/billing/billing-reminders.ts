import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { emailDate, GATEWAY_NAMES, queueBillingEmail } from './billing-emails.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before a paid period ends its reminder goes. */
export const REMINDER_LEAD_DAYS = 3;

interface DueRow {
  id: number;
  user_id: number;
  expires_at: Date | string;
  package_name: string;
  provider: string | null;
  amount: string | null;
  currency: string | null;
  renewing: boolean;
}

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
      const due = await queryRows<DueRow>(
        ctx.db,
        sql`select s.id, s.user_id, s.expires_at, p.name as package_name, o.provider, o.amount::text as amount, o.currency,
                   (o.provider = 'payhere' or (o.provider = 'paypal' and o.gateway_subscription_id is not null))
                     and coalesce(o.gateway_subscription_status, 'active') = 'active' as renewing
            from subscriptions s
            join packages p on p.id = s.package_id
            left join orders o on o.id = s.order_id
            where s.expires_at > ${now.toISOString()}::timestamptz and s.expires_at <= ${until.toISOString()}::timestamptz
              and s.paid_until is null and s.reminded_for is distinct from s.expires_at
            order by s.expires_at limit 1000`,
      );
      for (const row of due) {
        const on = emailDate(new Date(row.expires_at));
        await ctx.db.transaction(async (tx) => {
          const marked = await queryRows<{ id: number }>(
            tx,
            sql`update subscriptions set reminded_for = expires_at
                where id = ${row.id} and reminded_for is distinct from expires_at returning id`,
          );
          if (marked.length === 0) return;
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
    },
  };
}
