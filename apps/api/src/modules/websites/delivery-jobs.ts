import type { Executor } from '@traffic/db';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { AppContext } from '../../core/context.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { campaignTitle, toCampaign, NinehitsError, type NinehitsClient } from '../delivery/index.ts';
import { forgetCampaign, paidPeriodEnd } from './delivery.repository.ts';
import { findWebsite, recordSync, storeKey } from './websites.repository.ts';

export const NINEHITS_SYNC_JOB = 'ninehits-sync';
export const NINEHITS_DELETE_JOB = 'ninehits-delete';

/**
 * Queues the job that brings a website's 9Hits campaign in line with the database (call inside the
 * transaction of the change). One pending sync per website: a second change before it runs is
 * carried by the same job, which reads the website as it is then.
 */
export function enqueueWebsiteSync(db: Executor, websiteId: number): Promise<void> {
  return enqueueJob(db, websiteSyncJob.kind, { websiteId }, { dedupeKey: `${websiteSyncJob.keyPrefix}${websiteId}` });
}

/**
 * The sync job of a website (payload `{ websiteId }`): its kind, and its dedupe key's prefix. The key
 * is the prefix followed by the website's id, so one sync per website is pending at a time; the
 * repository's statements write it in SQL as `prefix || id`.
 */
export const websiteSyncJob = { kind: NINEHITS_SYNC_JOB, keyPrefix: `${NINEHITS_SYNC_JOB}:` } as const;

/** The jobs a website's deletion writes and closes (websites.repository.ts deleteWebsiteWithJob). */
export const websiteDeletionJobs = { removal: NINEHITS_DELETE_JOB, sync: websiteSyncJob } as const;

/** A stored key is a campaign id; anything else (never written by us) is treated as no key. */
const campaignId = (key: unknown): number | undefined => (typeof key === 'string' && /^\d{1,15}$/.test(key) ? Number(key) : undefined);

/**
 * Brings the website's 9Hits campaign in line with the database and reads back the panel's
 * moderation state. The first time, a campaign an earlier attempt created without our learning its
 * id (a lost siteAdd answer) is found by its exact title before anything is added; then every field
 * is sent, so nothing the customer turned off lingers. If the website changed while we were talking
 * to 9Hits, the job fails and runs again, so the latest state always wins. A website deleted
 * meanwhile has its fresh campaign removed.
 */
export function syncWebsiteJob(ctx: AppContext, client: NinehitsClient): JobHandler {
  return async (payload) => {
    const websiteId = Number(payload.websiteId);
    const website = await findWebsite(ctx.db, websiteId);
    if (!website) return;
    const campaign = toCampaign(website, await paidPeriodEnd(ctx.db, website.userId, website.type, ctx.now()));
    let id = campaignId(website.ninehitsKey);

    if (id === undefined) {
      const [found, ...duplicates] = await client.campaignsTitled(campaign.title);
      id = found?.id ?? (await client.siteAdd(campaign));
      if (!(await storeKey(ctx.db, websiteId, String(id)))) {
        await client.siteDel([id, ...duplicates.map((c) => c.id)]);
        return;
      }
      // Only campaigns titled exactly as this website's can be its own earlier attempts.
      if (duplicates.length) await client.siteDel(duplicates.map((c) => c.id));
      if (found) await client.siteUpdate(id, campaign);
    } else {
      await updateOrForget(ctx, client, websiteId, id, campaign);
    }

    const read = await client.campaignById(id);
    if (!(await recordSync(ctx.db, websiteId, website.updatedAt, String(id), { state: read?.systemState ?? null, at: ctx.now() })))
      throw new Error('website changed during sync; syncing again');
  };
}

/** siteUpdate, except that a campaign deleted in the panel is forgotten so that the retry creates it again. */
async function updateOrForget(
  ctx: AppContext,
  client: NinehitsClient,
  websiteId: number,
  id: number,
  campaign: ReturnType<typeof toCampaign>,
): Promise<void> {
  try {
    await client.siteUpdate(id, campaign);
  } catch (error) {
    if (!(error instanceof NinehitsError) || error.transient || (await client.campaignById(id))) throw error;
    await forgetCampaign(ctx.db, websiteId, String(id));
    throw new Error(`campaign #${id} no longer exists at 9Hits; creating it again`, { cause: error });
  }
}

/**
 * Removes a deleted website's campaign: the one whose id we stored, and any titled exactly as this
 * website's (created by an attempt whose answer was lost). Never a near match, such as a campaign
 * whose URL contains the title. Titles close the id on both sides (campaign.ts), so the search
 * answers this website's campaigns only, one page however large the account.
 */
export function deleteCampaignJob(client: NinehitsClient): JobHandler {
  return async (payload) => {
    const ids = new Set<number>();
    const stored = campaignId(payload.key);
    if (stored !== undefined) ids.add(stored);
    for (const c of await client.campaignsTitled(campaignTitle(Number(payload.websiteId)))) ids.add(c.id);
    if (ids.size) await client.siteDel([...ids]);
  };
}
