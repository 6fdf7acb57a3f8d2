import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { freePort } from '../../test-support/listening-app.ts';
import { customerWithPackage, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

interface Campaign {
  id: number;
  user_state: string;
  body: {
    title: string;
    urls: string[];
    hourlyLimit: { speed: string; hours: { min: number; max: number }[] };
    referrers: unknown;
    geo: unknown;
    adSafe: string;
    macros: string;
    untilDate: string;
  };
}

/**
 * A switchable stand-in for the network between us and 9Hits: it forwards to the embedded sandbox
 * while up, and answers 503 without JSON while down.
 */
async function startFlakyProxy(target: () => string): Promise<{ url: string; setUp(up: boolean): void; close(): Promise<void> }> {
  let up = true;
  const server: Server = createServer(async (req, res) => {
    if (!up) {
      res.writeHead(503).end('Service Unavailable');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${target()}${req.url}`, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, setUp: (v) => (up = v), close: () => new Promise((r) => server.close(() => r())) };
}

describe('delivery through 9Hits (embedded sandbox over real HTTP)', () => {
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;
  let owner: Session;
  beforeAll(async () => {
    proxy = await startFlakyProxy(() => t.baseUrl);
  });
  afterAll(() => proxy.close());
  const t = useListeningTestApp(() => ({ NINEHITS_BASE_URL: `${proxy.url}/sandbox/9hits/api` }));
  beforeEach(async () => {
    proxy.setUp(true);
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'deliver@example.com' });
  });

  const campaigns = () => queryRows<Campaign>(t.app.ctx.db, sql`select id, user_state, body from sandbox_ninehits_campaigns order by id`);
  const website = async (id: number) =>
    (await t.app.inject({ method: 'POST', url: `/api/website/edit/${id}`, headers: owner.headers })).json();
  /** Makes every pending job due now (retries back off) and runs them. */
  const runJobsNow = async () => {
    await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
    await t.app.jobs.drain();
  };

  it('creates the campaign with our mapping and stores its id as ninehits_key', async () => {
    const site = (
      await createWebsite(t.app, owner, {
        daily_hit_limit: 500,
        traffic_source: 'Social',
        traffic_source_type: 'Reddit',
        geolocation_type: 'Specific Countries',
        geolocations: ['Canada', 'India'],
      })
    ).json();
    await runJobsNow();
    const [campaign] = await campaigns();
    expect(campaign!.body).toMatchObject({
      title: `traffic-site-${site.id}-campaign`,
      urls: ['https://www.example.com/landing'],
      referrers: { mode: 'basic', urls: ['https://www.reddit.com/'] },
      geo: { rule: 'any', by: 'country', codes: ['CA', 'IN'] },
      adSafe: 'google-ads',
    });
    // 500 a day: 20 hours of 21 and 4 of 20, exactly 500.
    const hours = campaign!.body.hourlyLimit.hours;
    expect(hours.map((h) => h.max).sort()).toEqual([...Array(4).fill(20), ...Array(20).fill(21)]);
    expect(campaign!.body.macros).toContain('ClickRandomInternalLink()');
    // The subscription (one month of Basic) ends the paid period.
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/deliver@example.com', headers: owner.headers })).json();
    expect(campaign!.body.untilDate).toBe(user.subscription_expiry_date.slice(0, 19).replace('T', ' ').replaceAll('-', '/'));
    expect((await website(site.id)).ninehits_key).toBe(String(campaign!.id));
  });

  it('keeps keywords inside our own macro as data, never as code', async () => {
    const seo = await customerWithPackage(t.app, 'pkgSEOStarter', { email: 'kw@example.com' });
    await createWebsite(t.app, seo, {
      type: 'seo',
      search_engine: 'google',
      title: 'T',
      traffic_source: 'Organic',
      traffic_source_type: 'shoes", alert(1), "x',
    });
    await runJobsNow();
    const [campaign] = await campaigns();
    const literal = /RandomArray\((\[.*\])\)/.exec(campaign!.body.macros)?.[1];
    expect(JSON.parse(literal!).map((u: string) => decodeURIComponent(u.replace('https://www.google.com/search?q=', '')))).toEqual([
      'shoes"',
      'alert(1)',
      '"x',
    ]);
  });

  it('pauses, resumes and deletes at 9Hits; Check hits reads the delivered count', async () => {
    const site = (await createWebsite(t.app, owner, { daily_hit_limit: 200 })).json();
    await runJobsNow();
    await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers });
    await runJobsNow();
    expect((await campaigns())[0]!.user_state).toBe('paused');
    await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers });
    await runJobsNow();
    expect((await campaigns())[0]!.user_state).toBe('running');

    // Pretend the campaign has been running for an hour of sandbox time.
    await t.app.ctx.db.execute(
      sql`update sandbox_ninehits_campaigns set created_at = now() - interval '1 hour', accrued_at = now() - interval '10 seconds'`,
    );
    const hits = await t.app.inject({ method: 'GET', url: `/api/website/${site.id}/hits`, headers: owner.headers });
    expect(hits.json().confirmedHits).toBeGreaterThanOrEqual(8);

    await t.app.inject({ method: 'DELETE', url: `/api/website/${site.id}`, headers: owner.headers });
    await runJobsNow();
    expect(await campaigns()).toEqual([]);
  });

  it('with 9Hits down: the website is saved, delivery is retried, nothing is duplicated', async () => {
    proxy.setUp(false);
    const res = await createWebsite(t.app, owner);
    expect(res.statusCode).toBe(201);
    await runJobsNow();
    const [job] = await queryRows<{ attempts: number; last_error: string; done_at: string | null }>(
      t.app.ctx.db,
      sql`select attempts, last_error, done_at from jobs where kind = 'ninehits-sync'`,
    );
    expect(job).toMatchObject({ attempts: 1, done_at: null });
    expect(job!.last_error).toContain('9Hits');
    expect((await website(res.json().id)).ninehits_key).toBeNull();

    proxy.setUp(true);
    await runJobsNow();
    await runJobsNow();
    expect(await campaigns()).toHaveLength(1);
    expect((await website(res.json().id)).ninehits_key).toBe(String((await campaigns())[0]!.id));
  });

  it('finds a campaign created by an attempt that could not store its id, instead of creating a second', async () => {
    const res = await createWebsite(t.app, owner);
    // A campaign with our title already exists at 9Hits (an earlier attempt died after siteAdd).
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body) values (${JSON.stringify({ title: `traffic-site-${res.json().id}-campaign`, urls: ['x'] })}::jsonb)`,
    );
    await runJobsNow();
    expect(await campaigns()).toHaveLength(1);
    expect((await campaigns())[0]!.body.urls).toEqual(['https://www.example.com/landing']);
  });

  it("closes a deleted website's first sync while it waits; a retried or held sync runs and ends, and the removal deletes what an attempt left", async () => {
    const syncJobs = () =>
      queryRows<{ id: number; done_at: string | null }>(
        t.app.ctx.db,
        sql`select id, done_at from jobs where kind = 'ninehits-sync' order by id`,
      );
    const doneFlags = async () => (await syncJobs()).map((j) => j.done_at !== null);
    const removals = async () =>
      (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from jobs where kind = 'ninehits-delete'`))[0]!.n;
    const remove = async (id: number) =>
      expect((await t.app.inject({ method: 'DELETE', url: `/api/website/${id}`, headers: owner.headers })).statusCode).toBe(200);

    // Created and deleted before any worker took its sync: it never reached 9Hits, so the sync is
    // closed and no removal is queued.
    const quick = (await createWebsite(t.app, owner)).json();
    await remove(quick.id);
    expect(await doneFlags()).toEqual([true]);
    expect(await removals()).toBe(0);
    await runJobsNow();
    expect(await campaigns()).toEqual([]);

    // An attempt made the campaign but lost the answer, and its retry waits: the retry runs, finds no
    // website and ends; the removal finds the campaign by its title.
    proxy.setUp(false);
    const site = (await createWebsite(t.app, owner)).json();
    await runJobsNow();
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body) values (${JSON.stringify({ title: `traffic-site-${site.id}-campaign`, urls: ['x'] })}::jsonb)`,
    );
    await remove(site.id);
    expect(await doneFlags()).toEqual([true, false]);
    expect(await removals()).toBe(1);
    proxy.setUp(true);
    await runJobsNow();
    expect(await doneFlags()).toEqual([true, true]);
    expect(await campaigns()).toEqual([]);

    // A first sync given back by a stopping server may have made the campaign: closed, but removed.
    const released = (await createWebsite(t.app, owner)).json();
    await t.app.ctx.db.execute(
      sql`update jobs set last_error = 'interrupted: the server stopped while it ran' where done_at is null and kind = 'ninehits-sync'`,
    );
    await remove(released.id);
    expect(await doneFlags()).toEqual([true, true, true]);
    expect(await removals()).toBe(2);

    // A sync a worker holds is the worker's: the deletion leaves it running, and queues the removal.
    const held = (await createWebsite(t.app, owner)).json();
    await t.app.ctx.db.execute(
      sql`update jobs set locked_until = now() + interval '1 minute', locked_by = gen_random_uuid(), attempts = 1 where done_at is null and kind = 'ninehits-sync'`,
    );
    await remove(held.id);
    expect(await doneFlags()).toEqual([true, true, true, false]);
    expect(await removals()).toBe(3);
  });

  it('answers Check hits with 502 while 9Hits is unreachable', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    await runJobsNow();
    proxy.setUp(false);
    const res = await t.app.inject({ method: 'GET', url: `/api/website/${site.id}/hits`, headers: owner.headers });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('UPSTREAM');
  });
});
