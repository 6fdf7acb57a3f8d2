import type { AppContext } from '../../http/context.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { campaignTitle, toCampaign } from '../delivery/campaign.ts';
import type { NinehitsClient } from '../delivery/ninehits-client.ts';
import { findWebsite, markSynced, storeKey } from './websites.repository.ts';

export const NINEHITS_SYNC_JOB = 'ninehits-sync';
export const NINEHITS_DELETE_JOB = 'ninehits-delete';

/**
 * Brings the website's 9Hits campaign in line with the database: creates it the first time (and
 * finds it by its title if an earlier attempt created it but could not store the id), then updates
 * it. If the website changed while we were talking to 9Hits, the job fails and runs again, so the
 * latest state always wins. A website deleted meanwhile has its fresh campaign removed.
 */
export function syncWebsiteJob(ctx: AppContext, client: NinehitsClient): JobHandler {
  return async (payload) => {
    const websiteId = Number(payload.websiteId);
    const website = await findWebsite(ctx.db, websiteId);
    if (!website) return;
    const campaign = toCampaign({ ...website, countryCodes: website.countryCodes });

    if (!website.ninehitsKey) {
      const [existing] = await client.siteGet(`title:${campaignTitle(websiteId)}`);
      const key = existing?.id !== undefined ? String(existing.id) : await client.siteAdd(campaign);
      if (!(await storeKey(ctx.db, websiteId, key))) {
        await client.siteDel([key]);
        return;
      }
      if (existing) await client.siteUpdate(key, campaign);
      if (!(await markSynced(ctx.db, websiteId, website.updatedAt, key))) throw new Error('website changed during sync; syncing again');
      return;
    }
    await client.siteUpdate(website.ninehitsKey, campaign);
    if (!(await markSynced(ctx.db, websiteId, website.updatedAt))) throw new Error('website changed during sync; syncing again');
  };
}

/** Removes a deleted website's campaign; one created without our knowing its id is found by title. */
export function deleteCampaignJob(client: NinehitsClient): JobHandler {
  return async (payload) => {
    const keys = new Set<string>();
    if (typeof payload.key === 'string' && payload.key) keys.add(payload.key);
    for (const c of await client.siteGet(`title:${campaignTitle(Number(payload.websiteId))}`)) {
      if (c.id !== undefined) keys.add(String(c.id));
    }
    if (keys.size) await client.siteDel([...keys]);
  };
}
