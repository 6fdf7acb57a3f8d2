import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleanup } from './support/cleanup.ts';
import { createDatabase, query } from './support/databases.ts';
import { FakeNinehits } from './support/fake-ninehits.ts';
import { startServer, waitHealthy, type ServerProcess } from './support/server-process.ts';
import { createWebsite, customerWithPackage, loginAdmin, type HttpSession } from './support/api.ts';
import { attempt } from './support/http.ts';
import { restartPostgres } from './support/postgres.ts';
import { sleep, waitFor } from './support/wait.ts';

interface Outcome {
  url: string;
  status: number;
  id?: number;
  afterRestart: boolean;
}

/**
 * A real server process on PostgreSQL while PostgreSQL restarts under write traffic: the server
 * must answer again by itself, and keep exactly what it acknowledged.
 */
describe('PostgreSQL restarted in the middle of traffic', () => {
  const cleanup = new Cleanup();
  let dbUrl: string;
  let fake: FakeNinehits;
  let server: ServerProcess;
  let owners: HttpSession[];
  beforeAll(async () => {
    dbUrl = (await createDatabase(cleanup)).url;
    fake = await FakeNinehits.start(cleanup);
    server = await startServer(cleanup, { name: 'rel-pg-restart', env: { DATABASE_URL: dbUrl, NINEHITS_BASE_URL: fake.baseUrl } });
    // One customer per traffic worker, each with pkgPremiumPlus (100 slots, 50 000 hits): the 300
    // creates the test may send all fit, so every refusal below is the outage's.
    const admin = await loginAdmin(server.baseUrl);
    owners = [];
    for (let i = 0; i < 3; i++) owners.push(await customerWithPackage(server.baseUrl, admin, 'pkgPremiumPlus'));
  });
  afterAll(() => cleanup.run());

  it('answers again without a manual step; stores every acknowledged create once and nothing else', async () => {
    const outcomes: Outcome[] = [];
    let restarted = false;
    let stop = false;
    let attempts = 0;
    const deadline = Date.now() + 150_000;
    const worker = async (owner: HttpSession, w: number) => {
      // Bounded: 300 attempts in all, 150 s, and only until the main flow says stop.
      for (let i = 0; !stop && attempts < 300 && Date.now() < deadline; i++) {
        attempts += 1;
        const url = `https://w${w}-n${i}.example.com/`;
        const afterRestart = restarted;
        const res = await createWebsite(server.baseUrl, owner, { url, daily_hit_limit: 100 });
        outcomes.push({ url, status: res.status, afterRestart, ...(res.status === 201 ? { id: res.json<{ id: number }>().id } : {}) });
        await sleep(res.status === 201 ? 25 : 100);
      }
    };
    const ok = (after: boolean) => outcomes.filter((o) => o.status === 201 && o.afterRestart === after).length;
    const traffic = Promise.all(owners.map(worker));
    try {
      await waitFor('traffic before the restart', async () => ok(false) >= 15, { timeoutMs: 60_000, intervalMs: 50 });
      await restartPostgres();
      restarted = true;
      await waitHealthy(server);
      await waitFor('traffic after the restart', async () => ok(true) >= 15, { timeoutMs: 60_000, intervalMs: 50 });
    } catch (error) {
      const summary = outcomes.reduce<Record<string, number>>(
        (m, o) => ({
          ...m,
          [`${o.status}${o.afterRestart ? ' after' : ''}`]: (m[`${o.status}${o.afterRestart ? ' after' : ''}`] ?? 0) + 1,
        }),
        {},
      );
      throw new Error(
        `${(error as Error).message}; outcomes ${JSON.stringify(summary)}, ${attempts} attempts\n${server.output().slice(-3000)}`,
        { cause: error },
      );
    } finally {
      stop = true;
      await traffic;
    }

    const failed = outcomes.filter((o) => o.status !== 201);
    console.info(
      `PostgreSQL restart: ${outcomes.length} creates, ${outcomes.length - failed.length} acknowledged, ${failed.length} refused during the outage`,
    );
    // While PostgreSQL was away the server said so (5xx); it never half-answered with a 4xx.
    for (const o of failed) expect([500, 503]).toContain(o.status);

    const stored = await query<{ id: number; url: string }>(dbUrl, 'select id, url from websites');
    const acknowledged = outcomes.filter((o) => o.status === 201);
    expect(new Set(stored.map((s) => s.url)).size).toBe(stored.length);
    const storedByUrl = new Map(stored.map((s) => [s.url, s.id]));
    for (const o of acknowledged) expect(storedByUrl.get(o.url)).toBe(o.id);
    expect(stored.length).toBe(acknowledged.length);

    // Reads work as before.
    expect(
      (await attempt(server.baseUrl, 'POST', `/api/users/load/${owners[0]!.user.email}`, { headers: owners[0]!.headers })).status,
    ).toBe(200);
  });

  it('the queue drains after the restart: every website delivered to 9Hits once', async () => {
    // Jobs that failed mid-outage back off; a job whose failure could not be recorded waits out its lease (60 s).
    await waitFor(
      'the job queue to drain',
      async () =>
        (await query<{ n: number }>(dbUrl, 'select count(*)::int as n from jobs where done_at is null and failed_at is null'))[0]!.n === 0,
      { timeoutMs: 150_000, intervalMs: 1000 },
    );
    const sites = await query<{ id: number; ninehits_key: string | null; sync_state: string }>(
      dbUrl,
      'select id, ninehits_key, sync_state from websites',
    );
    for (const site of sites) {
      const campaigns = fake.byTitle(`traffic-site-${site.id}-campaign`);
      expect(campaigns).toHaveLength(1);
      expect(site).toMatchObject({ ninehits_key: String(campaigns[0]!.id), sync_state: 'synced' });
    }
    expect(fake.campaigns.size).toBe(sites.length);
    expect(new Set(fake.added).size).toBe(fake.added.length);
  });

  it('catalogue changes announced after the restart still reach the server (LISTEN is re-established)', async () => {
    const price = async () =>
      (await attempt(server.baseUrl, 'GET', '/api/packages')).json<{ id: string; price: string }[]>().find((p) => p.id === 'pkgBasic')
        ?.price;
    expect(await price()).toBe('14.99');
    // Another server process would do exactly this: write, then NOTIFY.
    await query(dbUrl, `update packages set price = '15.49' where id = 'pkgBasic'`);
    await query(dbUrl, `select pg_notify('catalogue_changed', '')`);
    // Well inside the cache's 60 s safety net: only the notification can explain the change.
    await waitFor('the new price to be served', async () => (await price()) === '15.49', { timeoutMs: 20_000, intervalMs: 200 });
  });
});
