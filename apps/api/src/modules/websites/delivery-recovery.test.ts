import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { SANDBOX_CREDENTIALS } from '../../config.ts';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { documentedCampaign } from '../../test-support/ninehits.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

/**
 * The real adapter and jobs against the strict sandbox mounted in the app, over loopback HTTP: lost
 * answers, near-match titles, campaigns removed in the panel, the panel's moderation, the paid period.
 */
describe('delivery recovers and tells the truth', () => {
  let owner: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    await control({ reset: true });
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'recover@example.com' });
  });

  async function control(body: unknown) {
    const res = await fetch(`${t.baseUrl}/sandbox/9hits/control?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const campaigns = () =>
    queryRows<{ id: number; title: string; urls: string[] }>(
      t.app.ctx.db,
      sql`select id, body->>'title' as title, body->'urls' as urls from sandbox_ninehits_campaigns order by id`,
    );
  const row = async (id: number) =>
    (
      await queryRows<{ ninehits_key: string | null; ninehits_state: string | null; sync_state: string }>(
        t.app.ctx.db,
        sql`select ninehits_key, ninehits_state, sync_state from websites where id = ${id}`,
      )
    )[0]!;
  const runJobsNow = async () => {
    await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
    await t.app.jobs.drain();
  };
  /** Runs the queue until nothing is left: a call that timed out on a loaded machine is backed off, not lost. */
  const runUntilIdle = async () => {
    for (let round = 0; round < 5; round += 1) {
      await runJobsNow();
      const [left] = await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from jobs where done_at is null and failed_at is null`,
      );
      if (left!.n === 0) return;
    }
  };
  /** A campaign someone else made at 9Hits through the API (the same account may hold others). */
  const foreignCampaign = async (title: string) => {
    const res = await fetch(`${t.baseUrl}/sandbox/9hits/api/siteAdd?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(documentedCampaign({ title, urls: ['https://someone-else.example.net/'] })),
    });
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  };

  it('a lost siteAdd answer: the retry adopts the campaign by its exact title, never a near match, and creates no second', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    // Another campaign whose title merely contains ours, as the search also answers it.
    await foreignCampaign(`copy of traffic-site-${site.id}-campaign`);
    await control({ lose: { count: 1, with: 'reset', path: 'siteAdd' } });
    await runJobsNow();
    expect((await row(site.id)).ninehits_key).toBeNull();
    expect(await campaigns()).toHaveLength(2);

    await runJobsNow();
    const [foreign, ours] = await campaigns();
    expect(foreign!.urls).toEqual(['https://someone-else.example.net/']);
    expect(ours).toMatchObject({ title: `traffic-site-${site.id}-campaign`, urls: ['https://www.example.com/landing'] });
    expect(await row(site.id)).toMatchObject({ ninehits_key: String(ours!.id), sync_state: 'synced' });

    // Deleting the website removes its campaign and only its campaign.
    await t.app.inject({ method: 'DELETE', url: `/api/website/${site.id}`, headers: owner.headers });
    await runUntilIdle();
    expect((await campaigns()).map((c) => c.title)).toEqual([`copy of traffic-site-${site.id}-campaign`]);
  });

  it('a website deleted before its lost campaign was found: the delete job finds it by exact title', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    await foreignCampaign(`traffic-site-${site.id}-campaign 2`);
    await control({ lose: { count: 1, with: 'http-502', path: 'siteAdd' } });
    await runJobsNow();
    await t.app.inject({ method: 'DELETE', url: `/api/website/${site.id}`, headers: owner.headers });
    await runJobsNow();
    expect((await campaigns()).map((c) => c.title)).toEqual([`traffic-site-${site.id}-campaign 2`]);
  });

  it('a campaign removed in the panel is created again by the next sync', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    await runJobsNow();
    await t.app.ctx.db.execute(sql`delete from sandbox_ninehits_campaigns`);
    expect((await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await runJobsNow();
    const [again] = await campaigns();
    expect(again).toBeDefined();
    expect(await row(site.id)).toMatchObject({ ninehits_key: String(again!.id), sync_state: 'synced' });
  });

  it("stores the panel's moderation: pending at first, approved by the scan, rejected as Check hits reads it", async () => {
    const site = (await createWebsite(t.app, owner)).json();
    await runJobsNow();
    expect((await row(site.id)).ninehits_state).toBe('pending');

    await t.app.ctx.db.execute(sql`update sandbox_ninehits_campaigns set created_at = now() - interval '1 minute'`);
    await t.app.scheduler.tick(t.clock.now());
    expect((await row(site.id)).ninehits_state).toBe('approved');

    const key = Number((await row(site.id)).ninehits_key);
    await control({ systemState: { id: key, state: 'rejected' } });
    const hits = await t.app.inject({ method: 'GET', url: `/api/website/${site.id}/hits`, headers: owner.headers });
    expect(hits.statusCode).toBe(200);
    expect((await row(site.id)).ninehits_state).toBe('rejected');
  });

  it('untilDate follows the paid period: a renewal moves every campaign of the type', async () => {
    await createWebsite(t.app, owner);
    await runJobsNow();
    const until = async () =>
      (await queryRows<{ until: string }>(t.app.ctx.db, sql`select body->>'untilDate' as until from sandbox_ninehits_campaigns`))[0]!.until;
    const expiry = async () => (await queryRows<{ at: Date }>(t.app.ctx.db, sql`select expires_at as at from subscriptions`))[0]!.at;
    const panel = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', '/');
    expect(await until()).toBe(panel(new Date(await expiry())));

    const admin = await loginAdmin(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/addPackage',
          headers: admin.headers,
          payload: { pkg: 'pkgBasic', email: 'recover@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    await runJobsNow();
    await runJobsNow();
    const renewed = new Date(await expiry());
    expect(renewed.getTime()).toBeGreaterThan(Date.now() + 40 * 24 * 3600 * 1000);
    expect(await until()).toBe(panel(renewed));
  });
});
