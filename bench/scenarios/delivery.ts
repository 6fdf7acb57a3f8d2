import pg from 'pg';
import { call, expectOk } from '../lib/http.ts';
import type { LoadResult } from '../lib/load.ts';
import { measureCalls, type LatencyResult } from './admin-lists.ts';

/** A customer of the large data set (seed:large): AdaSmith1, password seed-password-1, 3 websites with 90 days each. */
const SEEDED = { username: 'AdaSmith1', password: 'seed-password-1' };

export interface ChartCalls {
  customer: LatencyResult[];
  admin: LatencyResult[];
  /** The admin dashboard's first call, which sums every closed day of the year once (then stored). */
  adminFirstMs: number;
}

/**
 * The delivery charts' calls on the large data set, one request at a time: a customer's 90-day
 * website chart and Home's chart of a type, and the admin's business dashboard.
 */
export async function measureChartCalls(base: string, adminToken: string, log: (line: string) => void): Promise<ChartCalls> {
  const session = await expectOk<{ token: string; data: { email: string } }>(
    call(base, 'POST', '/api/users/login', { json: { username: SEEDED.username, password: SEEDED.password } }),
    'seeded customer login',
  );
  const user = await expectOk<{ websites: { id: number }[] }>(
    call(base, 'POST', `/api/users/load/${encodeURIComponent(session.data.email)}`, { token: session.token }),
    'seeded customer load',
  );
  const site = user.websites[0]!.id;
  const customer = await measureCalls(
    base,
    session.token,
    [
      { label: `GET /api/website/${site}/history?days=90 (90 days stored)`, method: 'GET', path: `/api/website/${site}/history?days=90` },
      { label: 'GET /api/delivery/normal?days=90 (Home, stacked)', method: 'GET', path: '/api/delivery/normal?days=90' },
    ],
    log,
  );
  const first = await call(base, 'GET', '/api/admin/business', { token: adminToken });
  if (first.status !== 200) throw new Error(`GET /api/admin/business: HTTP ${first.status} ${first.text.slice(0, 300)}`);
  log(`    GET /api/admin/business, first call (sums the year's closed days once): ${first.ms.toFixed(1)} ms`);
  const admin = await measureCalls(
    base,
    adminToken,
    [{ label: 'GET /api/admin/business (dashboard charts)', method: 'GET', path: '/api/admin/business' }],
    log,
  );
  return { customer, admin, adminFirstMs: first.ms };
}

/**
 * The embedded 9Hits gets every seeded website's campaign (ids from the websites' keys), running,
 * as an account of 300,000 campaigns would hold them. Only now: until this phase the sandbox holds
 * just the bench customers' campaigns, as in the runs before the collection existed.
 */
export async function seedSandboxCampaigns(databaseUrl: string, log: (line: string) => void): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const result = await client.query(
      `insert into sandbox_ninehits_campaigns (id, body, user_state, confirmed_hits, accrued_at, system_state, created_at)
       overriding system value
       select w.ninehits_key::int, jsonb_build_object('title', 'traffic-site-' || w.id || '-campaign', 'urls', jsonb_build_array(w.url)),
              case when w.status = 'ACTIVE' then 'running' else 'paused' end, 0, now(), 'approved', w.created_at
       from websites w where w.ninehits_key ~ '^1[0-9]{6}$'
       on conflict (id) do nothing`,
    );
    await client.query('vacuum (analyze) sandbox_ninehits_campaigns');
    log(`    ${result.rowCount} seeded campaigns added to the 9Hits sandbox in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

export interface CollectionResult {
  seconds: number;
  /** siteGet pages of 500 read. */
  pages: number;
  /** The jobs they were read in (each reads for up to 5 s at the paced rate). */
  jobs: number;
  failedAttempts: number;
  websitesRead: number;
  campaigns: number;
  during: LoadResult;
}

/**
 * One run of the delivery collection over every campaign at the embedded 9Hits (300,000 seeded
 * plus the bench customers'), started by releasing its schedule (seed:large holds it for a day),
 * with the mixed customer workload running while it reads. The run is over when its last page job
 * is done; its time is from its first job's creation to its last job's end.
 */
export async function measureCollection(
  databaseUrl: string,
  runWorkload: () => Promise<LoadResult>,
  log: (line: string) => void,
  timeoutMs = 11 * 60_000,
): Promise<CollectionResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const startedAt = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
    await client.query(`update scheduler_locks set locked_until = now() - interval '1 second' where name = 'delivery-collection'`);
    const state = async () =>
      (
        await client.query<{ jobs: number; pending: number; failed: number; attempts: number; first: Date | null; last: Date | null }>(
          `select count(*)::int as jobs, count(*) filter (where done_at is null and failed_at is null)::int as pending,
                  count(*) filter (where failed_at is not null)::int as failed, coalesce(sum(attempts - 1), 0)::int as attempts,
                  min(created_at) as first, max(done_at) as last
           from jobs where kind = 'delivery-collect' and created_at >= $1`,
          [startedAt],
        )
      ).rows[0]!;
    const deadline = Date.now() + timeoutMs;
    while ((await state()).jobs === 0) {
      if (Date.now() > deadline) throw new Error('the delivery collection did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    log('    the collection started; the mixed workload runs while it reads');
    const during = await runWorkload();
    let s = await state();
    while (s.pending > 0) {
      if (Date.now() > deadline) throw new Error(`the delivery collection was still running after ${timeoutMs / 60_000} minutes`);
      await new Promise((r) => setTimeout(r, 1000));
      s = await state();
    }
    if (s.failed) throw new Error(`${s.failed} delivery collection page(s) gave up`);
    const {
      rows: [counts],
    } = await client.query<{ read: number; campaigns: number }>(
      `select (select count(*)::int from delivery_counters where read_at >= $1) as read,
              (select count(*)::int from sandbox_ninehits_campaigns) as campaigns`,
      [startedAt],
    );
    const seconds = (s.last!.getTime() - s.first!.getTime()) / 1000;
    const pages = Math.floor(counts!.campaigns / 500) + 1;
    log(
      `    collection: ${pages} pages of 500 in ${s.jobs} jobs, ${seconds.toFixed(1)} s (${s.attempts} retried), ${counts!.read} websites read of ${counts!.campaigns} campaigns`,
    );
    return { seconds, pages, jobs: s.jobs, failedAttempts: s.attempts, websitesRead: counts!.read, campaigns: counts!.campaigns, during };
  } finally {
    await client.end();
  }
}

/**
 * The seeded customer of the charts gets 50 websites in all, each with 90 days of history (inserted
 * as the collection would have left them), for the LCP of a busy /home. Answers the session.
 */
export async function customerWithFiftyWebsites(base: string, databaseUrl: string): Promise<{ token: string; email: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: number; n: number }>(
      `select u.id, (select count(*)::int from websites w where w.user_id = u.id) as n from users u where u.username = $1 for update`,
      [SEEDED.username],
    );
    const user = rows[0]!;
    await client.query(
      `with added as (
         insert into websites (user_id, type, url, daily_hit_limit, traffic_source, status, sync_state, created_at, updated_at)
         select $1, 'normal', 'https://www.home-bench-' || g || '.example.com/landing', 100, 'Direct', 'ACTIVE', 'synced', now(), now()
         from generate_series(1, $2::int) g returning id, daily_hit_limit
       )
       insert into website_hits_daily (website_id, day, hits)
       select a.id, current_date - d, (a.daily_hit_limit * (60 + (a.id * 7 + d * 13) % 41)) / 100 from added a cross join generate_series(0, 89) d`,
      [user.id, Math.max(50 - user.n, 0)],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
  const session = await expectOk<{ token: string; data: { email: string } }>(
    call(base, 'POST', '/api/users/login', { json: { username: SEEDED.username, password: SEEDED.password } }),
    'seeded customer login',
  );
  return { token: session.token, email: session.data.email };
}
