import type { AppContext } from '../../core/context.ts';
import { enqueueJob, jobPending } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { readOneTimeTask, saveOneTimeTask } from '../../jobs/one-time-tasks.repository.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import {
  campaignTitle,
  legacyTitleSite,
  NinehitsError,
  SITE_GET_MAX_LIMIT,
  type CampaignRead,
  type NinehitsClient,
} from '../delivery/index.ts';
import { campaignKeysOf } from './delivery.repository.ts';

export const CAMPAIGN_TITLES_JOB = 'ninehits-titles';
/** Its row in one_time_tasks. */
export const CAMPAIGN_TITLES_TASK = 'ninehits-campaign-titles';

/** Where the rename got to: pages before `page` of this `pass` are done. */
export interface TitlesProgress {
  pass: number;
  page: number;
  /** Titles changed and strays removed in this pass: a pass that changes nothing ends the task. */
  changedThisPass: number;
  renamed: number;
  removed: number;
}

const START: TitlesProgress = { pass: 1, page: 1, changedThisPass: 0, renamed: 0, removed: 0 };

/** A job works for at most this long, then queues the rest (as the delivery collection does). */
const SLICE_MS = 20_000;
/** Passes over the account at most: one whose changes do not stick must not make the task run for ever. */
const MAX_PASSES = 3;

/**
 * Starts the one-time rename of campaigns titled in the first form (`traffic-site-{id}`) at start-up
 * and then every ten minutes, until it has finished: unless a slice of it is queued already, it
 * queues one, which resumes from the progress recorded in one_time_tasks. A slice that gave up
 * (9Hits down for hours) is taken up again by the next run of this task.
 */
export function campaignTitlesTask(ctx: AppContext): PeriodicTask {
  return {
    name: CAMPAIGN_TITLES_TASK,
    everyMs: 10 * 60_000,
    async run() {
      if ((await readOneTimeTask(ctx.db, CAMPAIGN_TITLES_TASK)).finishedAt) return;
      if (await jobPending(ctx.db, CAMPAIGN_TITLES_JOB)) return;
      await enqueueJob(ctx.db, CAMPAIGN_TITLES_JOB, { slice: 0 }, { dedupeKey: `${CAMPAIGN_TITLES_JOB}:0` });
      ctx.jobs.kick();
    },
  };
}

/**
 * A slice of the rename: reads the account's campaigns page by page (500, oldest first) from where
 * the last slice stopped, and for each titled in the first form decides by the website it names:
 * - the website exists and its stored campaign is this one, or it has none yet (a lost siteAdd
 *   answer its next sync adopts by title): `siteUpdate` gives it the new title;
 * - the website is gone (its delete job may have given up on the old title search), or its stored
 *   campaign is another one (this is a stray duplicate): `siteDel`, as those jobs would have.
 * Every call is spaced by `NINEHITS_CALLS_PER_MINUTE`. Progress is recorded after every page, so a
 * restart or a failed slice costs at most one page again, and a page read twice changes nothing
 * the second time. A page where something was deleted is read again (later campaigns move up into
 * it); deletions made elsewhere can still move a campaign past the scan, so a pass that changed
 * anything is followed by another, and the task finishes after a whole pass that changed nothing
 * (or after its third pass, with a warning in the log).
 */
export function campaignTitlesJob(ctx: AppContext, client: NinehitsClient): JobHandler {
  return async (payload, job) => {
    const gapMs = Math.ceil(60_000 / ctx.config.delivery.callsPerMinute);
    const sliceEnd = Date.now() + SLICE_MS;
    let nextCallAt = Date.now();
    const pacer: Pacer = {
      async call(send) {
        job.signal.throwIfAborted();
        const wait = nextCallAt - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        nextCallAt = Date.now() + gapMs;
        return send();
      },
      sliceOver: () => Math.max(nextCallAt, Date.now()) >= sliceEnd,
      removed: new Set(),
    };

    const state = await readOneTimeTask<TitlesProgress>(ctx.db, CAMPAIGN_TITLES_TASK);
    if (state.finishedAt) return;
    const progress: TitlesProgress = { ...START, ...state.progress };

    for (;;) {
      const campaigns = await pacer.call(() => client.siteGet({ page: progress.page, limit: SITE_GET_MAX_LIMIT }));
      const done = { renamed: 0, removed: 0 };
      const count = () => {
        progress.renamed += done.renamed;
        progress.removed += done.removed;
        progress.changedThisPass += done.renamed + done.removed;
      };
      let complete: boolean;
      try {
        complete = await fixTitles(ctx, client, campaigns, pacer, done);
      } catch (error) {
        // What a failed call interrupted is still recorded: a pass that changed something is not the last.
        count();
        await saveOneTimeTask(ctx.db, CAMPAIGN_TITLES_TASK, progress);
        throw error;
      }
      count();
      // A page is done once nothing on it needs changing; after deletions, later campaigns have
      // moved up into it, so it is read again.
      const pageDone = complete && done.removed === 0;
      if (pageDone) progress.page += 1;
      if (pageDone && campaigns.length < SITE_GET_MAX_LIMIT) {
        if (progress.changedThisPass === 0 || progress.pass >= MAX_PASSES) {
          await saveOneTimeTask(ctx.db, CAMPAIGN_TITLES_TASK, progress, ctx.now());
          if (progress.changedThisPass === 0) ctx.log.info({ ...progress }, '9Hits campaign titles: every campaign has its new title');
          else ctx.log.warn({ ...progress }, '9Hits campaign titles: still changing titles after the last pass; stopped');
          return;
        }
        Object.assign(progress, { pass: progress.pass + 1, page: 1, changedThisPass: 0 });
      }
      await saveOneTimeTask(ctx.db, CAMPAIGN_TITLES_TASK, progress);
      if (pacer.sliceOver()) break;
    }
    const slice = (Number(payload.slice) || 0) + 1;
    await enqueueJob(
      ctx.db,
      CAMPAIGN_TITLES_JOB,
      { slice },
      { runAt: new Date(Math.max(nextCallAt, Date.now())), dedupeKey: `${CAMPAIGN_TITLES_JOB}:${slice}` },
    );
  };
}

interface Pacer {
  /** Makes one 9Hits call, no sooner than the calls-per-minute budget allows. */
  call<T>(send: () => Promise<T>): Promise<T>;
  /** This slice's time is up: leave the rest to the next. */
  sliceOver(): boolean;
  /** Campaigns this slice deleted (one seen again means siteDel did not delete it). */
  removed: Set<number>;
}

/**
 * Renames or deletes the page's campaigns titled in the first form, counting each in `done` as it
 * goes; answers false if the slice ran out first.
 */
async function fixTitles(
  ctx: AppContext,
  client: NinehitsClient,
  campaigns: CampaignRead[],
  pacer: Pacer,
  done: { renamed: number; removed: number },
): Promise<boolean> {
  const legacy = campaigns.flatMap((c) => {
    const site = legacyTitleSite(c.title);
    return site === undefined ? [] : [{ id: c.id, site }];
  });
  if (!legacy.length) return true;
  const keys = await campaignKeysOf(
    ctx.db,
    legacy.map((c) => c.site),
  );
  const isStray = (c: { id: number; site: number }) => {
    const key = keys.get(c.site);
    return key === undefined || (key !== null && key !== String(c.id));
  };
  const strays = legacy.filter(isStray).map((c) => c.id);
  const again = strays.find((id) => pacer.removed.has(id));
  if (again !== undefined) throw new NinehitsError(`9Hits siteDel did not delete campaign #${again}`, true);
  if (strays.length) {
    await pacer.call(() => client.siteDel(strays));
    for (const id of strays) pacer.removed.add(id);
    done.removed += strays.length;
  }
  for (const c of legacy.filter((c) => !isStray(c))) {
    if (pacer.sliceOver()) return false;
    await pacer.call(() => client.siteUpdate(c.id, { title: campaignTitle(c.site) }));
    done.renamed += 1;
  }
  return true;
}
