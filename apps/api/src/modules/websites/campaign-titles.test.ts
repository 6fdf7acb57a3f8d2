import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { SANDBOX_CREDENTIALS } from '../../config.ts';
import { customerWithPackage, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { campaignTitle } from '../delivery/campaign.ts';
import { CAMPAIGN_TITLES_JOB, CAMPAIGN_TITLES_TASK, campaignTitlesTask } from './campaign-titles.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

/**
 * The one-time rename of campaigns titled in the first form (`traffic-site-{id}`), against the
 * embedded 9Hits over loopback: more than a page of them, a failed call on the way, websites with
 * and without a stored campaign, strays and other people's campaigns.
 */
describe('the one-time rename of 9Hits campaign titles', () => {
  let owner: Session;
  const t = useListeningTestApp({ NINEHITS_CALLS_PER_MINUTE: '6000' }, 'once');
  beforeAll(async () => {
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'titles@example.com' });
  });

  async function control(body: unknown): Promise<{ calls: Record<string, number> }> {
    const res = await fetch(`${t.baseUrl}/sandbox/9hits/control?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { calls: Record<string, number> } }).data;
  }
  const db = () => t.app.ctx.db;
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), query))[0]!.n;
  const titleOf = async (id: number) =>
    (await queryRows<{ title: string }>(db(), sql`select body->>'title' as title from sandbox_ninehits_campaigns where id = ${id}`))[0]
      ?.title;
  const keyOf = async (websiteId: number) =>
    (await queryRows<{ key: string | null }>(db(), sql`select ninehits_key as key from websites where id = ${websiteId}`))[0]!.key;
  /** A campaign as an earlier version or someone else left it at 9Hits. */
  const campaign = async (title: string) =>
    (
      await queryRows<{ id: number }>(
        db(),
        sql`insert into sandbox_ninehits_campaigns (body, system_state) values (${JSON.stringify({ title, urls: ['https://old.example.com/'] })}::jsonb, 'approved') returning id`,
      )
    )[0]!.id;
  const runJobs = async () => {
    for (let round = 0; round < 10; round += 1) {
      await db().execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
      await t.app.jobs.drain();
      if (!(await count(sql`select count(*)::int as n from jobs where done_at is null and failed_at is null`))) return;
    }
  };
  const startTask = () => campaignTitlesTask(t.app.ctx).run(null, t.clock.now());
  const titleJobs = () => count(sql`select count(*)::int as n from jobs where kind = ${CAMPAIGN_TITLES_JOB}`);

  it('renames every campaign of a website once, removes strays, leaves others alone, and finishes for good', async () => {
    // A website synced by an earlier version: its campaign carries the first title form.
    const synced = (await createWebsite(t.app, owner, { url: 'https://synced.example.com/' })).json();
    await runJobs();
    const syncedCampaign = Number(await keyOf(synced.id));
    await db().execute(
      sql`update sandbox_ninehits_campaigns set body = jsonb_set(body, '{title}', to_jsonb(${`traffic-site-${synced.id}`}::text)) where id = ${syncedCampaign}`,
    );
    // Strays: a second campaign of that website (a lost siteAdd answer), one of a website deleted
    // since (whose delete job gave up), and a hundred more of those before the others, so that
    // deleting them moves later campaigns up a page.
    const duplicate = await campaign(`traffic-site-${synced.id}`);
    const gone = await campaign('traffic-site-999999');
    await db().execute(
      sql`insert into sandbox_ninehits_campaigns (body, system_state)
          select jsonb_build_object('title', 'traffic-site-' || (900000 + n), 'urls', '[]'::jsonb), 'approved' from generate_series(1, 100) as n`,
    );
    // A website whose first siteAdd answer was lost: no key, its campaign in the first form.
    const lost = (await createWebsite(t.app, owner, { url: 'https://lost.example.com/' })).json();
    await db().execute(sql`delete from jobs`);
    // 550 more websites with their campaigns in the first form (more than a page of 500).
    await db().execute(
      sql`with w as (
            insert into websites (user_id, type, url, daily_hit_limit, traffic_source, sync_state)
            select ${owner.user.id}, 'normal', 'https://bulk-' || n || '.example.com/', 100, 'Direct', 'synced' from generate_series(1, 550) as n
            returning id)
          insert into sandbox_ninehits_campaigns (body, system_state)
          select jsonb_build_object('title', 'traffic-site-' || id, 'urls', jsonb_build_array('https://bulk.example.com/')), 'approved' from w`,
    );
    await db().execute(
      sql`update websites set ninehits_key = c.id::text from sandbox_ninehits_campaigns c
          where websites.ninehits_key is null and c.body->>'title' = 'traffic-site-' || websites.id`,
    );
    const lostCampaign = await campaign(`traffic-site-${lost.id}`);
    // Not ours to change: titles that only look alike.
    const others = [
      await campaign('My Site'),
      await campaign(`traffic-site-${synced.id}x`),
      await campaign(`copy of traffic-site-${synced.id}`),
    ];

    await control({ reset: true });
    await control({ fail: { count: 1, with: 'http-500', path: 'siteUpdate' } });
    await startTask();
    await runJobs();

    const calls = (await control({})).calls;
    // 552 renames (one refused once and made again), the strays in a few siteDel calls, no siteAdd.
    expect(calls).toMatchObject({ siteUpdate: 553, siteAdd: 0 });
    expect(calls.siteDel).toBeLessThanOrEqual(3);
    expect(await titleOf(syncedCampaign)).toBe(campaignTitle(synced.id));
    expect(await titleOf(lostCampaign)).toBe(campaignTitle(lost.id));
    expect(await titleOf(duplicate)).toBeUndefined();
    expect(await titleOf(gone)).toBeUndefined();
    expect(await count(sql`select count(*)::int as n from sandbox_ninehits_campaigns where body->>'title' ~ '^traffic-site-[0-9]+$'`)).toBe(
      0,
    );
    expect(
      await count(
        sql`select count(*)::int as n from websites w join sandbox_ninehits_campaigns c on c.id::text = w.ninehits_key
            where c.body->>'title' = 'traffic-site-' || w.id || '-campaign'`,
      ),
    ).toBe(551);
    expect(await Promise.all(others.map(titleOf))).toEqual(['My Site', `traffic-site-${synced.id}x`, `copy of traffic-site-${synced.id}`]);

    const [task] = await queryRows<{ progress: Record<string, number>; finished_at: string | null }>(
      db(),
      sql`select progress, finished_at from one_time_tasks where name = ${CAMPAIGN_TITLES_TASK}`,
    );
    // Pass 1 changed titles, so pass 2 read the account again and found nothing left.
    expect(task!.progress).toMatchObject({ pass: 2, changedThisPass: 0, renamed: 552, removed: 102 });
    expect(task!.finished_at).not.toBeNull();

    // Finished for good: the task queues nothing more.
    const jobsBefore = await titleJobs();
    await startTask();
    expect(await titleJobs()).toBe(jobsBefore);

    // The website whose answer was lost adopts its renamed campaign at its next sync.
    await control({ reset: true });
    await t.app.inject({ method: 'POST', url: `/api/website/${lost.id}/pause`, headers: owner.headers });
    await runJobs();
    expect(await keyOf(lost.id)).toBe(String(lostCampaign));
    expect((await control({})).calls).toMatchObject({ siteAdd: 0, siteDel: 0 });
  }, 240_000);

  it('resumes from the recorded page after a restart', async () => {
    await db().execute(sql`delete from one_time_tasks`);
    await db().execute(sql`delete from jobs`);
    await db()
      .execute(sql`update sandbox_ninehits_campaigns set body = jsonb_set(body, '{title}', to_jsonb('traffic-site-' || (select min(id) from websites)))
                           where id = (select min(id) from sandbox_ninehits_campaigns where body->>'title' like 'traffic-site-%-campaign')`);
    // Recorded as an interrupted run would have left it: past page 1, which is not read again.
    await db().execute(
      sql`insert into one_time_tasks (name, progress) values (${CAMPAIGN_TITLES_TASK}, ${JSON.stringify({ pass: 1, page: 2, changedThisPass: 1, renamed: 1, removed: 0 })}::jsonb)`,
    );
    await control({ reset: true });
    await startTask();
    await runJobs();
    const calls = (await control({})).calls;
    // Page 2 of pass 1 only; pass 2 renames the campaign on page 1; pass 3 finds nothing left.
    expect(calls).toMatchObject({ siteGet: 5, siteUpdate: 1 });
    expect(await count(sql`select count(*)::int as n from sandbox_ninehits_campaigns where body->>'title' ~ '^traffic-site-[0-9]+$'`)).toBe(
      0,
    );
  }, 60_000);
});
