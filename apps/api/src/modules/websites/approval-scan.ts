import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { NinehitsError, type NinehitsClient } from '../delivery/index.ts';
import { storeNinehitsState, unapprovedCampaigns } from './delivery.repository.ts';

/** Campaigns asked about per run: a bounded number of 9Hits calls per minute, however many wait. */
const PER_RUN = 50;

/**
 * Every minute: asks 9Hits about the campaigns it had not approved when last read (new ones, until
 * the panel's moderation approves or rejects them), least recently checked first, so that the
 * websites' rows tell the customer and the admin the truth without anyone clicking Check hits.
 * Stops at the first call that fails: 9Hits is down, the next run tries again.
 */
export function approvalScanTask(ctx: AppContext, client: NinehitsClient): PeriodicTask {
  return {
    name: 'ninehits-approval-scan',
    everyMs: 60_000,
    async run() {
      for (const site of await unapprovedCampaigns(ctx.db, PER_RUN)) {
        try {
          const campaign = await client.campaignById(Number(site.key));
          // A campaign missing at 9Hits keeps its last state (the next sync of the website recreates it).
          await storeNinehitsState(ctx.db, site.id, campaign ? (campaign.systemState ?? null) : site.state, ctx.now());
        } catch (error) {
          if (error instanceof NinehitsError) {
            ctx.log.warn({ err: error }, '9Hits approval scan stopped');
            return;
          }
          throw error;
        }
      }
    },
  };
}
