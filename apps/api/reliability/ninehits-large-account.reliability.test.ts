import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { SANDBOX_CREDENTIALS } from '../src/config.ts';
import { createListeningTestApp } from '../src/test-support/listening-app.ts';
import type { TestApp } from '../src/test-support/test-app.ts';
import { customerWithPackage, type Session } from '../src/test-support/accounts.ts';
import { createWebsite } from '../src/test-support/websites.ts';
import { campaignTitle } from '../src/modules/delivery/campaign.ts';

/**
 * A 9Hits account of 300,000 campaigns, one per website, in the embedded sandbox, whose siteGet
 * search matches any campaign whose title or URL contains the filter text, as the documented one
 * does. Deleting website 1 and first-syncing website 2 (a prefix of 111,111 of those ids) each cost
 * one title search: the titles close the id on both sides. The calls are counted at the sandbox.
 * Here rather than in the unit suite: seeding the account takes minutes on PGlite.
 */
const ACCOUNT = 300_000;

describe('9Hits at a large account', () => {
  let t: TestApp & { baseUrl: string };
  let owner: Session;
  beforeAll(async () => {
    t = await createListeningTestApp();
    await t.reset();
    // Websites 1 and 2 are this test's; the account holds the campaigns of websites 3 to 300,002.
    await t.app.ctx.db.execute(sql`alter table websites alter column id restart with 1`);
    // The search's trigram indexes are built once over the whole account, not row by row (minutes on PGlite).
    const indexes = await queryRows<{ indexdef: string; indexname: string }>(
      t.app.ctx.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'sandbox_ninehits_campaigns' and indexdef like '%gin%'`,
    );
    expect(indexes).toHaveLength(2);
    for (const index of indexes) await t.app.ctx.db.execute(sql.raw(`drop index "${index.indexname}"`));
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body, system_state, created_at)
          select jsonb_build_object('title', 'traffic-site-' || n || '-campaign', 'urls', jsonb_build_array('https://site-' || n || '.example.com/')),
                 'approved', now() - interval '1 day' + n * interval '1 millisecond'
          from generate_series(3, ${ACCOUNT + 2}) as n`,
    );
    for (const index of indexes) await t.app.ctx.db.execute(sql.raw(index.indexdef));
    await t.app.ctx.db.execute(sql`analyze sandbox_ninehits_campaigns`);
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'large-account@example.com' });
  }, 600_000);
  afterAll(() => t.close());

  async function control(body: unknown): Promise<{ calls: Record<string, number> }> {
    const res = await fetch(`${t.baseUrl}/sandbox/9hits/control?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { calls: Record<string, number> } }).data;
  }
  const api = async (query: Record<string, string>) => {
    const res = await fetch(
      `${t.baseUrl}/sandbox/9hits/api/siteGet?${new URLSearchParams({ key: SANDBOX_CREDENTIALS.ninehitsApiKey, ...query })}`,
    );
    return ((await res.json()) as { data: { id: number; title: string }[] }).data;
  };
  const runJobs = async () => {
    for (let round = 0; round < 3; round += 1) {
      await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
      await t.app.jobs.drain();
    }
  };
  const campaignsTitled = (title: string) =>
    queryRows<{ id: number }>(t.app.ctx.db, sql`select id from sandbox_ninehits_campaigns where body->>'title' = ${title}`);

  it("the search is the documented substring search: website 1's first title form would match 111,110 campaigns", async () => {
    // `traffic-site-1` is in the titles of websites 10-19, 100-199, ..., 100000-199999: 223 pages of 500.
    expect(await api({ filter: 'traffic-site-1', limit: '500', page: '222' })).toHaveLength(500);
    expect(await api({ filter: 'traffic-site-1', limit: '500', page: '223' })).toHaveLength(111_110 - 222 * 500);
    expect((await api({ filter: campaignTitle(10), limit: '500', page: '1' })).map((c) => c.title)).toEqual([campaignTitle(10)]);
  });

  it('first-syncing website 1 and website 2 costs one title search each, and deleting website 1 one more', async () => {
    // An account this large has the slots for it (the sandbox's default is 100,000).
    await control({ reset: true });
    await control({ account: { slots: 1_000_000 } });
    const first = (await createWebsite(t.app, owner, { url: 'https://first.example.com/' })).json();
    const second = (await createWebsite(t.app, owner, { url: 'https://second.example.com/' })).json();
    expect([first.id, second.id]).toEqual([1, 2]);
    await runJobs();
    // Per website: the title search, siteAdd, the read-back of its moderation by id.
    expect((await control({})).calls).toMatchObject({ siteAdd: 2, siteGet: 4, siteUpdate: 0, siteDel: 0 });
    const [ours] = await campaignsTitled(campaignTitle(1));
    expect(ours).toBeDefined();

    await control({ reset: true });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/website/${first.id}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    expect((await control({})).calls).toMatchObject({ siteGet: 1, siteDel: 1, siteAdd: 0 });
    expect(await campaignsTitled(campaignTitle(1))).toEqual([]);
    // Only website 1's campaign went: the account still holds the other 300,001.
    const [left] = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from sandbox_ninehits_campaigns`);
    expect(left!.n).toBe(ACCOUNT + 1);
    const [failed] = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from jobs where done_at is null`);
    expect(failed!.n).toBe(0);
  });
});
