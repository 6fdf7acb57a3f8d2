import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Cleanup } from './support/cleanup.ts';
import { createDatabase, query } from './support/databases.ts';
import { redisUrl } from './support/env.ts';
import { FakeNinehits } from './support/fake-ninehits.ts';
import { jobClaims, recordClaimsAndRuns, schedulerRuns } from './support/instrumentation.ts';
import { SmtpPeer } from './support/smtp-peer.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { createWebsite, customerWithPackage, loginAdmin, type HttpSession } from './support/api.ts';
import { customerBody } from '../src/test-support/accounts.ts';
import { TEST_ADMIN } from '../src/test-support/test-app.ts';
import { attempt, request } from './support/http.ts';
import { inParallel, waitFor } from './support/wait.ts';

/** The login route's per-address counter in Redis (@fastify/rate-limit's key for 127.0.0.1). */
const LOGIN_LIMIT_KEY = 'traffic-rl:POST/api/users/login-127.0.0.1';

/** A personal access token's calls per minute on both processes: reserved in blocks of at most 10 (a twentieth). */
const TOKEN_CALLS_PER_MINUTE = 200;

/**
 * Scale-out (docs/architecture.md): several server processes on one PostgreSQL, with Redis for the rate-limit
 * counters. Two real processes on distinct ports share DATABASE_URL, REDIS_URL and JWT_SECRET.
 */
describe('two server processes on one PostgreSQL and Redis', () => {
  const cleanup = new Cleanup();
  let dbUrl: string;
  let fake: FakeNinehits;
  let smtp: SmtpPeer;
  let redis: Redis;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: HttpSession;
  beforeAll(async () => {
    dbUrl = (await createDatabase(cleanup, { migrate: true })).url;
    await recordClaimsAndRuns(dbUrl);
    fake = await FakeNinehits.start(cleanup);
    smtp = await SmtpPeer.create(cleanup);
    await smtp.start();
    redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
    cleanup.add('redis', async () => {
      await redis.del(LOGIN_LIMIT_KEY);
      redis.disconnect();
    });
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl(),
      NINEHITS_BASE_URL: fake.baseUrl,
      SMTP_URL: smtp.url,
      ACCESS_TOKEN_CALLS_PER_MINUTE: String(TOKEN_CALLS_PER_MINUTE),
    };
    [a, b] = await Promise.all([startServer(cleanup, { name: 'rel-a', env }), startServer(cleanup, { name: 'rel-b', env })]);
    admin = await loginAdmin(a.baseUrl);
  });
  afterAll(() => cleanup.run());

  it('capacity holds across both: 50 creates split between them, room for 25 → exactly 25, each delivered to 9Hits once', async () => {
    const owner = await customerWithPackage(b.baseUrl, admin, 'pkgStandard');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createWebsite(i % 2 ? a.baseUrl : b.baseUrl, owner, { url: `https://both-${i}.example.com/`, daily_hit_limit: 100 }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(25);
    for (const r of responses.filter((r) => r.status !== 201)) expect(r.status).toBe(409);
    const stored = await query<{ id: number }>(dbUrl, 'select id from websites where user_id = $1', [owner.user.id]);
    expect(stored).toHaveLength(25);

    // Both job runners drain the sync jobs; each website gets one campaign.
    await waitFor(
      'every website synced',
      async () => (await query<{ n: number }>(dbUrl, `select count(*)::int as n from websites where sync_state <> 'synced'`))[0]!.n === 0,
    );
    for (const site of stored) expect(fake.byTitle(`traffic-site-${site.id}-campaign`)).toHaveLength(1);
    expect(fake.added).toHaveLength(25);
  });

  it('the job queue runs each job once: 120 queued mails, each sent once to the SMTP peer', async () => {
    // Written as the product's outbox does (queueEmail): the mail and its job in one transaction.
    await query(
      dbUrl,
      `with mail as (
         insert into emails ("to", subject, text)
         select 'reader' || n || '@example.com', 'Bulk notice ' || n, 'Hello ' || n from generate_series(1, 120) n
         returning id
       )
       insert into jobs (kind, payload, max_attempts) select 'send-email', jsonb_build_object('emailId', id), 10 from mail`,
    );
    await waitFor(
      'every mail sent',
      async () => (await query<{ n: number }>(dbUrl, `select count(*)::int as n from emails where status <> 'sent'`))[0]!.n === 0,
      {
        timeoutMs: 120_000,
        intervalMs: 500,
      },
    );
    for (let n = 1; n <= 120; n++) expect(smtp.count(`Bulk notice ${n}`), `mail ${n}`).toBe(1);
    const claims = await jobClaims(dbUrl, 'send-email');
    expect(claims).toHaveLength(120);
    expect(new Set(claims.map((c) => c.job_id)).size).toBe(120);
    const byApp = claims.reduce<Record<string, number>>((m, c) => ({ ...m, [c.app]: (m[c.app] ?? 0) + 1 }), {});
    console.info(`mail jobs run per process: ${JSON.stringify(byApp)}`);
  });

  it('a catalogue change made on one process is served by the other (NOTIFY), both ways', async () => {
    const priceOn = async (server: ServerProcess) =>
      (await request(server.baseUrl, 'GET', '/api/packages'))
        .json<{ id: string; price: string; hits_per_day: number }[]>()
        .find((p) => p.id === 'pkgPremium');
    for (const [writer, reader, price, hits] of [
      [a, b, '79.99', 11000],
      [b, a, '81.50', 12000],
    ] as const) {
      // The reader has the catalogue in its cache before the change.
      expect((await priceOn(reader))?.price).not.toBe(price);
      const res = await request(writer.baseUrl, 'PUT', '/api/packages', {
        headers: admin.headers,
        json: { id: 'pkgPremium', name: 'Premium', price, hits_per_day: hits, slots: 50, description: '' },
      });
      expect(res.status).toBe(200);
      // Well inside the cache's 60 s safety net: only the notification explains the change.
      await waitFor(
        `${reader.name} to serve the change`,
        async () => {
          const pkg = await priceOn(reader);
          return pkg?.price === price && pkg.hits_per_day === hits;
        },
        { timeoutMs: 20_000 },
      );
    }
  });

  it('per-address rate limits are shared: 72 sign-ins from one address across both → 30 in total get through', async () => {
    await redis.del(LOGIN_LIMIT_KEY);
    // No X-Forwarded-For: both processes see 127.0.0.1. The right password, so the failed-sign-in
    // throttle (counted in PostgreSQL) stays out of it: only the shared request limit refuses.
    const results = await inParallel(
      8,
      Array.from(
        { length: 72 },
        (_, i) => () =>
          attempt(i % 2 ? a.baseUrl : b.baseUrl, 'POST', '/api/users/login', {
            json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
          }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(42);
    // Each process refused some: neither was counting on its own.
    expect(results.filter((r, i) => r.status === 429 && i % 2 === 1).length).toBeGreaterThan(0);
    expect(results.filter((r, i) => r.status === 429 && i % 2 === 0).length).toBeGreaterThan(0);
  });

  it("a personal access token's limit is shared: 300 fast calls across both → never more than the limit, at most a block per process short", async () => {
    const customer = await customerWithPackage(a.baseUrl, admin, 'pkgBasic');
    const created = await request(a.baseUrl, 'POST', '/api/account/tokens', {
      headers: customer.headers,
      json: { name: 'script', scope: 'read', expiresInDays: 7, password: customerBody().password },
    });
    expect(created.status, created.body).toBe(201);
    const headers = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    const results = await inParallel(
      16,
      Array.from({ length: 300 }, (_, i) => () => attempt(i % 2 ? a.baseUrl : b.baseUrl, 'GET', '/api/websites', { headers })),
    );
    const passed = results.filter((r) => r.status === 200).length;
    expect(results.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    // The shared count never grants more than the limit; the other process may still hold up to a
    // block it reserved (10 calls, a twentieth of the limit) when this one is refused.
    expect(passed).toBeLessThanOrEqual(TOKEN_CALLS_PER_MINUTE);
    expect(passed).toBeGreaterThanOrEqual(TOKEN_CALLS_PER_MINUTE - 10);
    for (const side of [0, 1]) expect(results.filter((r, i) => r.status === 429 && i % 2 === side).length).toBeGreaterThan(0);
  });

  it("the scheduler's periodic task runs once per interval across both processes", async () => {
    // capacity-scan runs every 60 s; both processes try every 15 s. Wait for a second run.
    const runs = await waitFor(
      'two runs of capacity-scan',
      async () => {
        const r = await schedulerRuns(dbUrl, 'capacity-scan');
        return r.length >= 2 ? r : undefined;
      },
      { timeoutMs: 150_000, intervalMs: 2000 },
    );
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.ran_at.getTime() - runs[i - 1]!.ran_at.getTime()).toBeGreaterThanOrEqual(60_000);
    }
    console.info(`capacity-scan runs: ${runs.map((r) => `${r.ran_at.toISOString()} by ${r.app}`).join(', ')}`);
  });
});
