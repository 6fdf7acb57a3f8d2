import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { recurringOrdersEndingBetween } from './orders.repository.ts';
import { enqueuePayhereCharges } from './payhere/payhere-charges.ts';
import { enqueuePaypalSubscriptionSync } from './paypal/paypal-subscriptions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every six hours: recurring subscriptions (card and PayPal) whose paid period ends within a day
 * (or ended up to three days ago) have their charges read from the gateway. Renewals then never
 * depend on a callback arriving, and a charge that came early is applied once its period is near
 * its end.
 */
export function renewalScanTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'renewal-scan',
    everyMs: 6 * 60 * 60 * 1000,
    async run(_since, now) {
      const due = await recurringOrdersEndingBetween(ctx.db, new Date(now.getTime() - 3 * DAY_MS), new Date(now.getTime() + DAY_MS));
      for (const order of due) {
        if (order.provider === 'paypal') await enqueuePaypalSubscriptionSync(ctx.db, order.id);
        else await enqueuePayhereCharges(ctx.db, { id: order.id, chargesReadAt: null });
      }
    },
  };
}
