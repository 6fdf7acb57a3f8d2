import type { Executor } from '@traffic/db';
import { insertNotification } from '../accounts/index.ts';
import type { AppContext } from '../../core/context.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { websitesToPause } from './capacity-rule.ts';
import { enqueueWebsiteSync } from './delivery-jobs.ts';
import { pauseCause, pausedMessage } from './pause-cause.ts';
import { capacityOf, lockUserRow, updateWebsiteRow, websitesOfUser } from './websites.repository.ts';

export const RECONCILE_CAPACITY_JOB = 'reconcile-capacity';

/** Money taken back: the notification names it rather than guessing the cause from the subscription. */
export type ReconcileCause = 'refund' | 'chargeback';

/**
 * Asks for a reconciliation of one user's websites of one type (after a grant, a renewal, an
 * expiry, a refund or a charge-back, whose `cause` the notification then states).
 */
export function enqueueReconcile(db: Executor, userId: number, type: string, cause?: ReconcileCause): Promise<void> {
  return enqueueJob(
    db,
    RECONCILE_CAPACITY_JOB,
    { userId, type, ...(cause ? { cause } : {}) },
    { dedupeKey: `${RECONCILE_CAPACITY_JOB}:${userId}:${type}` },
  );
}

const MONEY_BACK: Record<ReconcileCause, string> = { refund: 'was refunded', chargeback: 'was charged back' };

/** The notification's words when a refund or charge-back took the capacity away. */
function moneyBackMessage(cause: ReconcileCause, paused: number, type: string, subscriptionActive: boolean): string {
  if (!subscriptionActive)
    return `Your ${type} package's payment ${MONEY_BACK[cause]}, so your ${type} websites were paused. Purchase a package to resume them.`;
  return `${paused} of your ${type} websites ${paused === 1 ? 'was' : 'were'} paused because a payment ${MONEY_BACK[cause]} and your hits or slots are lower now.`;
}

/**
 * docs/product.md section 10: when a subscription expires, every website of the type is paused; when add-ons expire
 * so that the delivering websites exceed the capacity, the newest are paused until the rest fit.
 * Paused this way, they are marked as paused by the system (and at 9Hits), the user is notified,
 * and a renewal resumes them, oldest first, as far as the capacity allows.
 */
export function reconcileCapacityJob(ctx: AppContext): JobHandler {
  return async (payload) => {
    const userId = Number(payload.userId);
    const type = String(payload.type);
    const cause = payload.cause === 'refund' || payload.cause === 'chargeback' ? payload.cause : undefined;
    await ctx.db.transaction(async (tx) => {
      const owner = await lockUserRow(tx, userId);
      if (!owner) return;
      const capacity = await capacityOf(tx, userId, type, ctx.now());
      const sites = await websitesOfUser(tx, userId, type, 'oldest');
      const active = sites.filter((s) => s.status === 'ACTIVE');
      const pausing = websitesToPause(active, capacity);
      const changed: { id: number; status: 'ACTIVE' | 'PAUSED'; bySystem: boolean }[] = pausing.map((site) => ({
        id: site.id,
        status: 'PAUSED',
        bySystem: true,
      }));
      let hits = active.reduce((sum, s) => sum + s.dailyHitLimit, 0) - pausing.reduce((sum, s) => sum + s.dailyHitLimit, 0);
      let count = active.length - pausing.length;
      // Only an ACTIVE account switches websites on, the system included: a deactivated customer's
      // renewal resumes nothing until an admin's Activate (which asks for this reconciliation again).
      if (changed.length === 0 && capacity.subscriptionActive && owner.status === 'ACTIVE') {
        for (const site of sites.filter((s) => s.status === 'PAUSED' && s.pausedBySystem)) {
          if (hits + site.dailyHitLimit > capacity.totalHits || count + 1 > capacity.totalSlots) break;
          changed.push({ id: site.id, status: 'ACTIVE', bySystem: false });
          hits += site.dailyHitLimit;
          count += 1;
        }
      }

      for (const c of changed) await updateWebsiteRow(tx, c.id, { status: c.status, pausedBySystem: c.bySystem, syncState: 'pending' });
      // Every website of the type, changed or not: a renewal or an expiry moves the end of the paid
      // period, which each campaign carries as its untilDate.
      for (const site of sites) await enqueueWebsiteSync(tx, site.id);
      const paused = changed.filter((c) => c.status === 'PAUSED').length;
      const resumed = changed.length - paused;
      if (paused || resumed) {
        await insertNotification(
          tx,
          userId,
          paused ? 'Websites paused' : 'Websites resumed',
          paused && cause
            ? moneyBackMessage(cause, paused, type, capacity.subscriptionActive)
            : paused
              ? capacity.subscriptionActive
                ? pausedMessage(paused, type, await pauseCause(tx, userId, type, ctx.now()))
                : `Your ${type} subscription has expired, so your ${type} websites were paused. Purchase a package to resume them.`
              : `${resumed} of your ${type} websites were resumed.`,
          ctx.now(),
        );
      }
    });
  };
}
