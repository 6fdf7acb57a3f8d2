import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { createTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { customerWithPackage, type Session } from '../src/test-support/accounts.ts';
import { createWebsite, websiteBody } from '../src/test-support/websites.ts';
import { Cleanup } from './support/cleanup.ts';
import { FakeNinehits, type Fault } from './support/fake-ninehits.ts';

/**
 * A 9Hits failure leaves the website saved and queued for retry, never half-created, and never
 * duplicated at 9Hits; once 9Hits answers again the queue drains and 9Hits matches the database.
 * The real adapter talks HTTP to a fake 9Hits that answers in the documented shapes.
 */
describe('9Hits unreachable, slow or answering errors', () => {
  const cleanup = new Cleanup();
  let t: TestApp;
  let fake: FakeNinehits;
  let owner: Session;
  beforeAll(async () => {
    fake = await FakeNinehits.start(cleanup);
    t = await createTestApp({ NINEHITS_BASE_URL: fake.baseUrl });
    cleanup.add('app', () => t.close());
  });
  beforeEach(async () => {
    await t.reset();
    fake.reset();
    await fake.up();
    owner = await customerWithPackage(t.app, 'pkgBasic');
  });
  afterAll(() => cleanup.run());

  const pendingJobs = async () =>
    (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from jobs where done_at is null and failed_at is null`))[0]!
      .n;
  /** One attempt at every job that is waiting (as if its back-off had passed). */
  const attemptAll = async () => {
    await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
    await t.app.jobs.drain();
  };
  /** Retries until the queue is empty: bounded to 10 rounds. */
  const drainQueue = async () => {
    for (let round = 0; round < 10 && (await pendingJobs()) > 0; round++) await attemptAll();
    expect(await pendingJobs()).toBe(0);
  };
  // Each website its own address: one address is listed once per package type.
  let created = 0;
  const create = async (n: number, overrides: Record<string, unknown> = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await createWebsite(t.app, owner, { url: `https://site-${created++}.example.com/`, ...overrides });
      // Our own write never depends on 9Hits.
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    return ids;
  };
  const edit = async (id: number, daily_hit_limit: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/website',
      headers: owner.headers,
      payload: websiteBody({ id, url: 'https://x.example.com/', daily_hit_limit }),
    });
    expect(res.statusCode).toBe(200);
  };
  /** What the failed attempts said (for failure messages). */
  const jobErrors = async () =>
    JSON.stringify(await queryRows(t.app.ctx.db, sql`select kind, attempts, last_error from jobs where done_at is null`)) +
    JSON.stringify(fake.calls);
  const unsynced = () =>
    queryRows<{ id: number; ninehits_key: string | null }>(
      t.app.ctx.db,
      sql`select id, ninehits_key from websites where sync_state <> 'synced' order by id`,
    );

  /** Every website has exactly one campaign, with its current state; nothing else exists at 9Hits. */
  const expectNinehitsMatchesDatabase = async () => {
    const sites = await queryRows<{ id: number; status: string; daily_hit_limit: number; ninehits_key: string | null; sync_state: string }>(
      t.app.ctx.db,
      sql`select id, status, daily_hit_limit, ninehits_key, sync_state from websites order by id`,
    );
    for (const site of sites) {
      const campaigns = fake.byTitle(`traffic-site-${site.id}-campaign`);
      expect(campaigns, `campaigns of website ${site.id}`).toHaveLength(1);
      const [campaign] = campaigns;
      expect(site).toMatchObject({ ninehits_key: String(campaign!.id), sync_state: 'synced' });
      expect(campaign!.userState).toBe(site.status === 'ACTIVE' ? 'running' : 'paused');
      // The hourly buckets add up to exactly the daily limit.
      const hours = (campaign!.body.hourlyLimit as { hours: { max: number }[] }).hours;
      expect(hours.reduce((sum, h) => sum + Math.max(h.max, 0), 0)).toBe(site.daily_hit_limit);
    }
    expect(fake.campaigns.size).toBe(sites.length);
    expect(new Set(fake.added).size, 'siteAdd never ran twice for one website').toBe(fake.added.length);
  };

  it('unreachable (nothing listening): saved, queued, retried; deletes and edits catch up once it is back', async () => {
    const [kept, toDelete] = await create(2);
    await drainQueue();
    await fake.down();

    const [fresh, paused, gone] = await create(3);
    await edit(kept!, 300);
    expect((await t.app.inject({ method: 'POST', url: `/api/website/${paused}/pause`, headers: owner.headers })).statusCode).toBe(200);
    for (const id of [toDelete, gone])
      expect((await t.app.inject({ method: 'DELETE', url: `/api/website/${id}`, headers: owner.headers })).statusCode).toBe(200);
    await attemptAll();
    await attemptAll();

    const errors = await queryRows<{ last_error: string }>(t.app.ctx.db, sql`select last_error from jobs where done_at is null`);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.last_error).toContain('unreachable');
    expect((await unsynced()).map((s) => s.id)).toEqual([kept, fresh, paused]);
    expect(fake.byTitle(`traffic-site-${toDelete}-campaign`)).toHaveLength(1);

    await fake.up();
    await drainQueue();
    await expectNinehitsMatchesDatabase();
    expect(fake.byTitle(`traffic-site-${toDelete}-campaign`)).toEqual([]);
  });

  it.each<Fault>(['error-envelope', 'http-500-json', 'http-502-html', 'garbage', 'truncated-json', 'no-envelope', 'reset'])(
    'answering %s: the website is saved and delivered once 9Hits recovers',
    async (fault) => {
      const [delivered] = await create(1);
      await drainQueue();
      fake.fail(fault);
      const ids = await create(2, { daily_hit_limit: 200 });
      await attemptAll();
      expect((await unsynced()).map((s) => s.id)).toEqual(ids);
      expect(fake.campaigns.size).toBe(1);
      // Check hits says the traffic service is not answering (502), never a 500.
      const hits = await t.app.inject({ method: 'GET', url: `/api/website/${delivered}/hits`, headers: owner.headers });
      expect(hits.statusCode).toBe(502);
      expect(hits.json().code).toBe('UPSTREAM');

      fake.heal();
      await drainQueue();
      await expectNinehitsMatchesDatabase();
    },
  );

  it('9Hits did the work but the answer was lost or spoiled: found again by title, never created twice', async () => {
    // siteAdd is carried out each time, and the answer is lost, a 500, or has no id.
    fake.fail('applied-then-reset', { path: 'siteAdd', times: 1 });
    fake.fail('applied-then-500', { path: 'siteAdd', times: 1 });
    fake.fail('applied-without-id', { path: 'siteAdd', times: 1 });
    const ids = await create(3);
    // Each job reaches 9Hits at least once (a connection dropped on the way is just one more retry).
    for (let round = 0; round < 3 && fake.campaigns.size < 3; round++) await attemptAll();
    expect(fake.campaigns.size, await jobErrors()).toBe(3);
    expect((await unsynced()).every((s) => s.ninehits_key === null)).toBe(true);

    // Meanwhile the customer edits one, and the next lookups answer garbage of their own.
    await edit(ids[0]!, 500);
    fake.heal();
    fake.fail('list-not-a-list', { path: 'siteGet' });
    await attemptAll();
    fake.heal();
    fake.fail('http-500-json', { path: 'siteUpdate', times: 2 });
    await drainQueue();
    await expectNinehitsMatchesDatabase();
  });

  it("slower than the adapter's timeout: the late answer is ignored, the retry finds the campaign", async () => {
    // 9Hits creates the campaign at once but answers only after 6.5 s (the adapter gives up at 5 s).
    fake.fail({ slowMs: 6_500 }, { path: 'siteAdd' });
    await create(2);
    for (let round = 0; round < 3 && fake.added.length < 2; round++) await attemptAll();
    expect(fake.added, await jobErrors()).toHaveLength(2);

    fake.heal();
    await drainQueue();
    await expectNinehitsMatchesDatabase();
    // Every first attempt timed out; the retries found the campaigns instead of adding more.
    const attempts = await queryRows<{ attempts: number }>(t.app.ctx.db, sql`select attempts from jobs where kind = 'ninehits-sync'`);
    for (const job of attempts) expect(job.attempts).toBeGreaterThanOrEqual(2);
  });
});
