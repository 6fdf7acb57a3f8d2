import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cleanup } from './support/cleanup.ts';
import { createDatabase, query } from './support/databases.ts';
import { FakeNinehits } from './support/fake-ninehits.ts';
import { startServer, waitHealthy, type ServerProcess } from './support/server-process.ts';
import { createWebsite, customerWithPackage, loginAdmin, type HttpSession } from './support/api.ts';
import { postgresServerUrl } from './support/env.ts';
import { request } from './support/http.ts';
import { sleep, waitFor } from './support/wait.ts';

/**
 * PostgreSQL cutting the server's connections again and again under write traffic (what a
 * failover, a pooler restart or an administrator's pg_terminate_backend does). With a small pool
 * (DATABASE_POOL_SIZE=4), a connection lost for good per drop would soon leave none: the server
 * must keep answering, and keep exactly what it acknowledged.
 */
describe('database connections dropped repeatedly under traffic', () => {
  const cleanup = new Cleanup();
  let db: { name: string; url: string };
  let server: ServerProcess;
  let owners: HttpSession[];
  beforeAll(async () => {
    db = await createDatabase(cleanup);
    const fake = await FakeNinehits.start(cleanup);
    server = await startServer(cleanup, {
      name: 'rel-drops',
      env: { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4', NINEHITS_BASE_URL: fake.baseUrl },
    });
    const admin = await loginAdmin(server.baseUrl);
    owners = [];
    for (let i = 0; i < 3; i++) owners.push(await customerWithPackage(server.baseUrl, admin, 'pkgPremiumPlus'));
  });
  afterAll(() => cleanup.run());

  it('keeps answering after 40 rounds of dropped connections; stores every acknowledged create once', async () => {
    const outcomes: { url: string; status: number; id?: number }[] = [];
    let stop = false;
    let attempts = 0;
    const deadline = Date.now() + 120_000;
    const worker = async (owner: HttpSession, w: number) => {
      // Bounded: 280 attempts in all (within the 300 slots of the three customers), 120 s, until told to stop.
      for (let i = 0; !stop && attempts < 280 && Date.now() < deadline; i++) {
        attempts += 1;
        const url = `https://d${w}-n${i}.example.com/`;
        const res = await createWebsite(server.baseUrl, owner, { url, daily_hit_limit: 100 }, 20_000);
        outcomes.push({ url, status: res.status, ...(res.status === 201 ? { id: res.json<{ id: number }>().id } : {}) });
        await sleep(res.status === 201 ? 20 : 50);
      }
    };
    const traffic = Promise.all([...owners, ...owners].map(worker));
    try {
      for (let round = 0; round < 40; round++) {
        await sleep(150);
        await query(
          postgresServerUrl(),
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [db.name],
        );
      }
    } finally {
      stop = true;
      await traffic;
    }
    const failed = outcomes.filter((o) => o.status !== 201);
    console.info(`connection drops: ${outcomes.length} creates, ${outcomes.length - failed.length} acknowledged, ${failed.length} refused`);
    for (const o of failed) expect([500, 503]).toContain(o.status);

    await waitHealthy(server);
    // Transactions still get a connection: ten creates at once, each answered.
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createWebsite(server.baseUrl, owners[i % 3]!, { url: `https://after-${i}.example.com/`, daily_hit_limit: 100 }, 20_000),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(201));

    const stored = await query<{ id: number; url: string }>(db.url, 'select id, url from websites');
    const acknowledged = [
      ...outcomes.filter((o) => o.status === 201),
      ...after.map((r, i) => ({ url: `https://after-${i}.example.com/`, id: r.json<{ id: number }>().id })),
    ];
    const storedByUrl = new Map(stored.map((s) => [s.url, s.id]));
    expect(storedByUrl.size).toBe(stored.length);
    for (const o of acknowledged) expect(storedByUrl.get(o.url)).toBe(o.id);
    expect(stored.length).toBe(acknowledged.length);
  });

  it('holds no connection it lost: one catalogue listener, and catalogue changes still arrive', async () => {
    const listeners = () =>
      query<{ n: number }>(
        db.url,
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'rel-drops' and query like 'listen %'`,
        [db.name],
      );
    await waitFor('the catalogue listener to be back', async () => (await listeners())[0]!.n >= 1, { timeoutMs: 30_000 });
    expect((await listeners())[0]!.n).toBe(1);

    const price = async () =>
      (await request(server.baseUrl, 'GET', '/api/packages')).json<{ id: string; price: string }[]>().find((p) => p.id === 'pkgBasic')
        ?.price;
    expect(await price()).toBe('14.99');
    await query(db.url, `update packages set price = '15.49' where id = 'pkgBasic'`);
    await query(db.url, `select pg_notify('catalogue_changed', '')`);
    // Well inside the cache's 60 s safety net: only the notification explains the change.
    await waitFor('the new price to be served', async () => (await price()) === '15.49', { timeoutMs: 20_000 });
  });
});
