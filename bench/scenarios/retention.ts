/**
 * The retention row of the bench: each table that grows with use, after a simulated year at the
 * large seed's size (100,000 customers, 300,000 websites), before and after the clean-up, then after
 * a second simulated year and its clean-up: the rows and bytes after each clean-up must stay flat.
 *
 * The year's rows are written with set-based SQL, dated across the year, in the volumes below (a
 * busy year for that many customers); the clean-up is the product's own (`cleanUp` of
 * apps/api/src/modules/retention/clean-up.ts, default settings), run as the hourly job would, to the
 * end. After each clean-up `VACUUM` marks the space free, as autovacuum does. Flat means: the rows
 * after each clean-up are the same retention window, and the bytes never exceed what the table held
 * just before its clean-up (its freed space is reused, not added to).
 */
import pg from 'pg';
import { z } from 'zod';
import { openDatabase } from '@traffic/db';
import { backgroundEnvShape, backgroundSettings } from '../../apps/api/src/config-background.ts';
import { cleanUp, firstDailyMonth } from '../../apps/api/src/modules/retention/clean-up.ts';

const DAY_MS = 24 * 3600 * 1000;

/** One simulated year's new rows per table (the history's: the month that crosses the daily window). */
export const YEAR = {
  jobs: 1_500_000,
  sessions: 1_200_000,
  password_resets: 200_000,
  login_failures: 600_000,
  payment_events: 550_000,
  orders: 100_000,
  emails: 1_200_000,
  notifications: 1_200_000,
  support_requests: 20_000,
} as const;
const TABLES = [...Object.keys(YEAR), 'website_hits_daily', 'website_hits_monthly'] as const;

export interface TableSize {
  rows: number;
  bytes: number;
}
export type Sizes = Record<string, TableSize>;

export interface RetentionResult {
  /** Before the first year, after it, after its clean-up, after the second year's clean-up. */
  seeded: Sizes;
  afterYear: Sizes;
  afterCleanUp: Sizes;
  secondYear: Sizes;
  afterSecondYear: Sizes;
  cleanUpSeconds: [number, number];
  historyRowsMoved: number;
}

export async function sizes(client: pg.Client): Promise<Sizes> {
  const out: Sizes = {};
  for (const table of TABLES) {
    const { rows } = await client.query(`select count(*)::float8 as rows, pg_total_relation_size($1)::float8 as bytes from ${table}`, [
      table,
    ]);
    out[table] = { rows: rows[0].rows, bytes: rows[0].bytes };
  }
  return out;
}

/** A year of rows ending at `end`, spread evenly over it (`n` is 1..count, `at` its timestamp). */
export async function simulateYear(client: pg.Client, end: Date, log: (line: string) => void): Promise<void> {
  const at = (count: number) => `(${`'${end.toISOString()}'::timestamptz`} - make_interval(secs => (n::float8 / ${count}) * 365 * 86400))`;
  const step = async (table: keyof typeof YEAR, text: string) => {
    const t = performance.now();
    await client.query(text);
    log(`    ${table}: ${YEAR[table].toLocaleString('en-US')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const users = `(select min(id) from users where role = 'ROLE_USER') + n % 100000`;
  await step(
    'jobs',
    `insert into jobs (kind, payload, dedupe_key, run_at, attempts, done_at, created_at)
     select 'ninehits-sync', jsonb_build_object('websiteId', n % 300000), null, ${at(YEAR.jobs)}, 1, ${at(YEAR.jobs)} + interval '2 seconds', ${at(YEAR.jobs)}
     from generate_series(1, ${YEAR.jobs}) n`,
  );
  await step(
    'sessions',
    `insert into sessions (id, user_id, created_at, last_seen_at, expires_at, ended_at, ip, user_agent, device)
     select gen_random_uuid(), ${users}, ${at(YEAR.sessions)}, ${at(YEAR.sessions)}, ${at(YEAR.sessions)} + interval '30 days',
            case when n % 3 = 0 then ${at(YEAR.sessions)} + interval '2 hours' end,
            '10.' || (n % 250) || '.' || (n / 250 % 250) || '.1', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', 'Chrome on Linux'
     from generate_series(1, ${YEAR.sessions}) n`,
  );
  await step(
    'password_resets',
    `insert into password_resets (user_id, code_hash, attempts, expires_at, verified_at, token_hash, used_at, created_at)
     select ${users}, md5(n::text) || md5((n + 1)::text), n % 3, ${at(YEAR.password_resets)} + interval '10 minutes',
            ${at(YEAR.password_resets)} + interval '1 minute', md5(n::text) || md5((n + 2)::text), ${at(YEAR.password_resets)} + interval '2 minutes',
            ${at(YEAR.password_resets)}
     from generate_series(1, ${YEAR.password_resets}) n`,
  );
  await step(
    'login_failures',
    `insert into login_failures (login_key, address, created_at)
     select 'user:' || (${users}), '10.' || (n % 250) || '.' || (n / 250 % 250) || '.2', ${at(YEAR.login_failures)}
     from generate_series(1, ${YEAR.login_failures}) n`,
  );
  await step(
    'payment_events',
    `insert into payment_events (provider, external_id, kind, amount, currency, payload, created_at)
     select 'paypal', 'WH-' || md5(random()::text), 'webhook:PAYMENT.SALE.COMPLETED', 44.99, 'USD',
            jsonb_build_object('id', 'WH-' || n, 'event_type', 'PAYMENT.SALE.COMPLETED', 'resource', jsonb_build_object('id', 'SALE-' || n, 'amount', jsonb_build_object('total', '44.99', 'currency', 'USD'))),
            ${at(YEAR.payment_events)}
     from generate_series(1, ${YEAR.payment_events}) n`,
  );
  await step(
    'orders',
    `insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, created_at, updated_at)
     select ${users}, 'hits', '1000Hits', '1000 Hits', 'normal', 5, case when n % 2 = 0 then 'payhere' else 'paypal' end,
            case n % 3 when 0 then 'pending' when 1 then 'failed' else 'cancelled' end, ${at(YEAR.orders)}, ${at(YEAR.orders)}
     from generate_series(1, ${YEAR.orders}) n`,
  );
  await step(
    'emails',
    `insert into emails ("to", subject, text, status, sent_at, created_at)
     select 'customer' || n || '@example.com', 'Your renewal is coming', repeat('Hello, your package renews soon. ', 14), 'sent',
            ${at(YEAR.emails)}, ${at(YEAR.emails)}
     from generate_series(1, ${YEAR.emails}) n`,
  );
  await step(
    'notifications',
    `insert into notifications (user_id, title, body, created_at)
     select ${users}, 'Maintenance', 'The service will be briefly unavailable on Sunday night.', ${at(YEAR.notifications)}
     from generate_series(1, ${YEAR.notifications}) n`,
  );
  await step(
    'support_requests',
    `insert into support_requests (user_id, email, username, message, created_at)
     select ${users}, 'customer' || n || '@example.com', 'customer' || n, repeat('My website is not receiving hits. ', 6), ${at(YEAR.support_requests)}
     from generate_series(1, ${YEAR.support_requests}) n`,
  );
}

/**
 * The month of delivery history that crosses out of the daily window in a year's steady state: the
 * whole month just before the first month kept at `now`, for every website.
 */
async function agedHistory(client: pg.Client, now: Date, months: number, log: (line: string) => void): Promise<void> {
  const firstKept = firstDailyMonth(now, months);
  const t = performance.now();
  // Written as the seed writes history: without checking each row's foreign key (every website exists).
  await client.query('set session_replication_role = replica');
  const { rowCount } = await client.query(
    `insert into website_hits_daily (website_id, day, hits)
     select w.id, d::date, 50 + (w.id + extract(day from d)::int) % 100
     from websites w cross join generate_series($1::date - interval '1 month', $1::date - interval '1 day', interval '1 day') d
     on conflict do nothing`,
    [firstKept],
  );
  await client.query('set session_replication_role = origin');
  log(
    `    website_hits_daily: ${(rowCount ?? 0).toLocaleString('en-US')} rows of the month before ${firstKept} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

export async function measureRetention(dbUrl: string, log: (line: string) => void): Promise<RetentionResult> {
  const retention = backgroundSettings(z.object(backgroundEnvShape).parse({})).retention;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const database = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
  try {
    const now = new Date();
    const clean = async (at: Date, settings = retention) => {
      const t = performance.now();
      const report = await cleanUp(database.db, settings, at);
      const seconds = (performance.now() - t) / 1000;
      log(
        `    clean-up at ${at.toISOString().slice(0, 10)}: ${JSON.stringify(report.deleted)}, ${report.rolledUp.toLocaleString('en-US')} history rows rolled up, ${seconds.toFixed(1)} s`,
      );
      await client.query(`vacuum (analyze) ${TABLES.join(', ')}`);
      return { seconds, moved: report.rolledUp };
    };
    const seeded = await sizes(client);
    log('  a simulated year:');
    await simulateYear(client, now, log);
    await agedHistory(client, now, retention.deliveryHistoryMonths, log);
    await client.query(`analyze ${TABLES.join(', ')}`);
    const afterYear = await sizes(client);
    const first = await clean(now);
    const afterCleanUp = await sizes(client);
    log('  a second simulated year, then its clean-up:');
    const next = new Date(now.getTime() + 365 * DAY_MS);
    await simulateYear(client, next, log);
    const secondYear = await sizes(client);
    // The second year's 110,000,000 daily history rows are not written: its clean-up keeps the
    // first year's daily window (the history's flatness is the first clean-up's: nothing older stays daily).
    const second = await clean(next, { ...retention, deliveryHistoryMonths: retention.deliveryHistoryMonths + 12 });
    const afterSecondYear = await sizes(client);
    return {
      seeded,
      afterYear,
      afterCleanUp,
      secondYear,
      afterSecondYear,
      cleanUpSeconds: [first.seconds, second.seconds],
      historyRowsMoved: first.moved,
    };
  } finally {
    await database.close();
    await client.end();
  }
}

export { TABLES as RETENTION_TABLES };
