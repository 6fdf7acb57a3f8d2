/**
 * `npm run seed:large`: a production-sized data set for measuring the admin screens (docs/performance.md).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run seed:large
 *
 * Inserts, with set-based SQL (generate_series) in one transaction:
 *   100,000 customers, 100,000 subscriptions (80,000 normal, 20,000 SEO; some expired, some ending
 *   within 30 days), 300,000 websites (30,000 of them with two target countries) and 50,000
 *   activated add-ons on 25,000 customers; 90 days of delivery history for every website
 *   (27,000,000 website-days) with the collection's counters and day totals, and the 9Hits points
 *   balance per day; a year of payments (a paid order per subscription, by card or PayPal, 1 in 50
 *   refunded, 1 in 20 renewals stopped) with PayPal's monthly renewals. The delivery collection's
 *   schedule is held for a day: the bench starts it when it measures it.
 * The data is consistent with what the product would have produced: websites of an expired
 * subscription are paused by the system, and each customer's websites fit the package's slots and
 * hits. It runs the migrations first, so an empty database is enough. A second run finds the first
 * one's customers and changes nothing. Every seeded customer's password is `seed-password-1`.
 *
 * PostgreSQL only: PGlite holds the product's own data in DATA_DIR and is not meant for this size.
 */
import pg from 'pg';
import { openDatabase, runMigrations, seedCatalogue } from '@traffic/db';
import { hashPassword } from '../apps/api/src/lib/password.ts';

const USERS = 100_000;
const WEBSITES = 300_000;
const ADDONS = 50_000;
/** Customers n with (n - 1) % 10 < 8 hold a normal subscription: 80,000 of them. */
const NORMAL_SUBSCRIBERS = (USERS / 10) * 8;
export const SEED_PASSWORD = 'seed-password-1';
/** The first seeded customer's username: present means the data set is already there. */
const MARKER_USERNAME = 'AdaSmith1';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Katherine',
  'Donald',
  'Sophie',
  'Niklaus',
  'Anita',
  'Guido',
  'Mary',
  'James',
  'Shafi',
  'Leslie',
  'Lynn',
  'Bjarne',
  'Jean',
  'Yukihiro',
  'Carol',
  'Brian',
  'Adele',
  'Rasmus',
];
const LAST = [
  'Smith',
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Lee',
  'Lamarr',
  'McCarthy',
  'Johnson',
  'Knuth',
  'Wilson',
  'Wirth',
  'Borg',
  'Rossum',
  'Jackson',
  'Gosling',
  'Goldwasser',
  'Lamport',
  'Conway',
  'Stroustrup',
  'Sammet',
  'Matsumoto',
  'Shaw',
  'Kernighan',
  'Goldberg',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'proton.me', 'example.org', 'mail.lk', 'company.io'];
const CITIES = ['Colombo', 'Kandy', 'London', 'New York', 'Berlin', 'Paris', 'Sydney', 'Toronto', 'Mumbai', 'Tokyo'];
const COUNTRIES = [
  'Sri Lanka',
  'Sri Lanka',
  'United Kingdom',
  'United States',
  'Germany',
  'France',
  'Australia',
  'Canada',
  'India',
  'Japan',
];

const arr = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** The i-th element (0-based, wrapping) of a literal array, in SQL. */
const pick = (values: string[], i: string) => `(${arr(values)})[(${i}) % ${values.length} + 1]`;

export const AUDIT_EVENTS = 200_000;

/**
 * The audit log of a busy year: 200,000 records (sign-ins, failed sign-ins, admin actions), newest
 * last, for the admin's Audit log screen to page through. Added once, also to a data set seeded
 * before the audit log existed.
 */
async function seedAuditLog(client: pg.Client): Promise<void> {
  const { rows } = await client.query('select count(*)::int as n from audit_events');
  if (rows[0].n >= AUDIT_EVENTS) return;
  const t = Date.now();
  // The year's month partitions first (migration 0020), so its records spread over them as a year
  // of use would, rather than all landing in the default partition.
  await client.query(
    `select audit_events_add_month(now() - make_interval(months => n)) from generate_series(1, ${Math.ceil((AUDIT_EVENTS * 150) / (30 * 86400))}) n`,
  );
  const result = await client.query(
    `insert into audit_events (at, actor_id, actor_email, action, target_type, target_id, target_label, subject_user_id, before, after, ip, device)
     select now() - make_interval(secs => (${AUDIT_EVENTS} - n) * 150),
            case when n % 10 = 0 then a.id else u.id end,
            case when n % 10 = 0 then coalesce(a.email, 'admin@localhost') else u.email end,
            case when n % 10 = 0 then (array['package_granted', 'payment_refunded', 'user_deactivated', 'notification_sent', 'catalogue_updated'])[1 + (n / 10) % 5]
                 when n % 7 = 0 then 'sign_in_failed' else 'sign_in' end,
            'user', u.id::text, u.email,
            case when n % 10 = 0 then null else u.id end,
            case when n % 10 = 0 then jsonb_build_object('status', 'INACTIVE') end,
            case when n % 10 = 0 then jsonb_build_object('status', 'ACTIVE') else jsonb_build_object('with', 'password') end,
            '10.' || (n % 250) || '.' || (n / 250 % 250) || '.' || (n % 199), 'Chrome on Linux'
       from generate_series(1, ${AUDIT_EVENTS} - $1::int) as n
       join lateral (select id, email from users where role = 'ROLE_USER' and id = (select min(id) from users where role = 'ROLE_USER') + n % 100000) u on true
       left join lateral (select id, email from users where role = 'ROLE_ADMIN' order by id limit 1) a on true`,
    [rows[0].n],
  );
  console.log(`  audit log: ${result.rowCount ?? 0} rows in ${Date.now() - t} ms`);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('seed:large needs DATABASE_URL=postgres://... (PostgreSQL; PGlite is not meant for this size).');
    process.exit(1);
  }

  const started = Date.now();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await runMigrations(database);
    await seedCatalogue(database.db);
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from users where username = $1', [MARKER_USERNAME]);
    if (rows[0].n > 0) {
      await seedAuditLog(client);
      console.log('seed:large: the large data set is already there; nothing else to do.');
      return;
    }
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const step = async (label: string, text: string, values: unknown[] = []) => {
      const t = Date.now();
      const result = await client.query(text, values);
      console.log(`  ${label}: ${result.rowCount ?? 0} rows in ${Date.now() - t} ms`);
    };

    console.log(`seed:large: ${USERS} customers, ${WEBSITES} websites, ${ADDONS} activated add-ons...`);
    await client.query('begin');
    // The advisory lock makes two concurrent runs take turns; the second then finds the marker.
    await client.query('select pg_advisory_xact_lock(724302)');
    const again = await client.query('select 1 from users where username = $1', [MARKER_USERNAME]);
    if (again.rowCount) {
      await client.query('rollback');
      console.log('seed:large: another run seeded meanwhile; nothing to do.');
      return;
    }

    const before = (await client.query('select coalesce(max(id), 0)::int as id from users')).rows[0].id as number;
    const beforeWebsites = (await client.query('select coalesce(max(id), 0)::int as id from websites')).rows[0].id as number;
    const first = pick(FIRST, 'n - 1');
    const last = pick(LAST, '(n - 1) / 32');
    await step(
      'users',
      `insert into users (email, username, password_hash, first_name, last_name, address, phone_number, city, country, role, status, addon_count, created_at, updated_at)
       select lower(${first} || '.' || ${last} || n) || '@' || ${pick(DOMAINS, 'n / 7')},
              ${first} || ${last} || n,
              $1, ${first}, ${last}, n || ' Main Street', '9477' || lpad((n % 10000000)::text, 7, '0'),
              ${pick(CITIES, 'n / 3')}, ${pick(COUNTRIES, 'n / 3')}, 'ROLE_USER',
              case when n % 97 = 0 then 'DEACTIVATED' when (n - 1) % 10 < 8 or n % 5 = 0 then 'ACTIVE' else 'INACTIVE' end,
              case when n % 4 = 1 then 2 else 0 end, -- the two add-ons inserted below ("activated add-ons")
              now() - make_interval(days => n % 720, secs => n % 86400), now()
       from generate_series(1, ${USERS}) n`,
      [passwordHash],
    );
    // n -> id, read back from the username's trailing number (ids come from the identity column).
    await step(
      'seed map',
      `create temp table seed_users on commit drop as
         select substring(username from '(\\d+)$')::int as n, id from users where id > ${Number(before)} and username ~ '^[A-Za-z]+[0-9]+$'`,
    );
    await client.query('create unique index on seed_users (n)');
    await client.query('analyze seed_users');

    // Normal subscriptions end between 60 days ago and 340 days ahead: ~15% expired, ~7% within 30 days.
    await step(
      'normal subscriptions',
      `insert into subscriptions (user_id, type, package_id, started_at, expires_at, updated_at)
       select s.id, 'normal', ${pick(['pkgBasic', 'pkgStandard', 'pkgPremium', 'pkgPremiumPlus'], 's.n / 10')},
              now() - interval '30 days', now() + make_interval(days => (s.n * 37) % 400 - 60, secs => s.n % 86400), now()
       from seed_users s where (s.n - 1) % 10 < 8`,
    );
    await step(
      'SEO subscriptions',
      `insert into subscriptions (user_id, type, package_id, started_at, expires_at, updated_at)
       select s.id, 'seo', ${pick(['pkgSEOStarter', 'pkgSEOPro', 'pkgSEOAgency'], 's.n / 5')},
              now() - interval '30 days', now() + make_interval(days => (s.n * 53) % 400 - 60, secs => s.n % 86400), now()
       from seed_users s where s.n % 5 = 0`,
    );

    // Website g belongs to the k-th normal subscriber (k = (g - 1) % 80,000): 3 or 4 each, 100-250
    // hits a day, which fits the smallest package (6 slots, 1,000 hits).
    await step(
      'websites',
      `insert into websites (user_id, type, url, daily_hit_limit, traffic_source, traffic_source_type, bounce_rate_reduction,
                             geolocation_type, status, paused_by_system, ninehits_key, sync_state, created_at, updated_at)
       select s.id, 'normal', 'https://www.site' || g || '.' || ${pick(['com', 'lk', 'io', 'net', 'org'], 'g')} || '/landing',
              100 + (g % 4) * 50, ${pick(['Direct', 'Social', 'Referral'], 'g')},
              case g % 3 when 0 then '' when 1 then 'Facebook' else 'https://news.example.com' end,
              g % 2 = 0,
              case when g % 10 = 0 then 'Specific Countries' else 'All Countries' end,
              case when sub.expires_at <= now() then 'PAUSED' when g % 17 = 0 then 'PAUSED' else 'ACTIVE' end,
              sub.expires_at <= now(),
              (1000000 + g)::text, 'synced',
              now() - make_interval(days => (g * 7) % 365, secs => g % 86400), now()
       from generate_series(1, ${WEBSITES}) g
       join seed_users s on s.n = ((g - 1) % ${NORMAL_SUBSCRIBERS}) / 8 * 10 + ((g - 1) % ${NORMAL_SUBSCRIBERS}) % 8 + 1
       join subscriptions sub on sub.user_id = s.id and sub.type = 'normal'`,
    );
    await step(
      'website countries',
      `insert into website_locations (website_id, country_code)
       select w.id, c from websites w
       join seed_users s on s.id = w.user_id
       cross join unnest(array['US', 'GB']) c
       where w.geolocation_type = 'Specific Countries'`,
    );

    // Two add-ons each (one extra-hits, one extra-slots) for every 4th customer (n % 4 = 1). Their
    // addon_count was set with the users: the trigger that keeps it (migration 0002) would update
    // 25,000 user rows twice each, leaving the table and its indexes half dead tuples, unlike a
    // settled database. Checked against the rows right after.
    await client.query('alter table activated_addons disable trigger activated_addons_count');
    await step(
      'activated add-ons',
      `insert into activated_addons (user_id, addon_id, kind, type, name, count, activated_at, expires_at)
       select s.id, a.id, a.kind, a.type, a.name, a.count,
              now() - make_interval(days => i % 20), now() + make_interval(days => 1 + (i * 13) % 30, secs => i % 86400)
       from generate_series(0, ${ADDONS} - 1) i
       join seed_users s on s.n = (i / 2) * 4 + 1
       join addon_packages a on a.id = case when i % 2 = 0 then ${pick(['1000Hits', '5000Hits', '10000Hits'], 'i / 2')} else ${pick(['5Slots', '10Slots'], 'i / 2')} end`,
    );
    await client.query('alter table activated_addons enable trigger activated_addons_count');
    const [{ wrong }] = (
      await client.query(
        `select count(*)::int as wrong from users u join seed_users s on s.id = u.id
         where u.addon_count <> (select count(*) from activated_addons a where a.user_id = u.id)`,
      )
    ).rows;
    if (wrong !== 0) throw new Error(`${wrong} seeded users have an addon_count that does not match their add-ons`);
    // 90 days of delivery history for every website (27,000,000 rows, in primary-key order; today's
    // as a day written before migration 0035, which readers sum with the counter's open day), the
    // counters it would hold (no day open), its per-day totals and the points balance.
    // Its key and foreign key are made after the rows: checking 27,000,000 rows one by one takes
    // minutes, building the index over sorted rows and validating the key in one join, seconds.
    await client.query('alter table website_hits_daily drop constraint website_hits_daily_website_id_websites_id_fk');
    await client.query('alter table website_hits_daily drop constraint website_hits_daily_website_id_day_pk');
    await step(
      'delivery history (90 days x every website)',
      `insert into website_hits_daily (website_id, day, hits)
       select w.id, current_date - d, (w.daily_hit_limit * (60 + (w.id * 7 + d * 13) % 41)) / 100
       from websites w cross join generate_series(89, 0, -1) d
       where w.id > ${Number(beforeWebsites)}
       order by w.id, d desc`,
    );
    await step(
      'delivery history key',
      'alter table website_hits_daily add constraint website_hits_daily_website_id_day_pk primary key (website_id, day)',
    );
    await step(
      'delivery history foreign key',
      'alter table website_hits_daily add constraint website_hits_daily_website_id_websites_id_fk foreign key (website_id) references websites (id) on delete cascade',
    );
    await step(
      'delivery counters',
      `insert into delivery_counters (website_id, campaign_id, total, read_at)
       select w.id, w.ninehits_key, 0, now() from websites w where w.id > ${Number(beforeWebsites)} and w.ninehits_key is not null`,
    );
    await step(
      'delivery totals per day',
      `insert into delivery_daily_totals (day, type, hits)
       select h.day, w.type, sum(h.hits) from website_hits_daily h join websites w on w.id = h.website_id
       where w.id > ${Number(beforeWebsites)} group by h.day, w.type
       on conflict (day, type) do update set hits = delivery_daily_totals.hits + excluded.hits`,
    );
    await step(
      '9Hits points per day',
      `insert into ninehits_points_daily (day, points, read_at)
       select current_date - d, 50000000 + d * 900000, now() - make_interval(days => d) from generate_series(0, 89) d
       on conflict (day) do nothing`,
    );
    // A year of money: every subscriber's first payment (card or PayPal) within the last 365 days,
    // a monthly renewal since for PayPal ones, 1 in 50 payments refunded, 1 in 20 renewals stopped.
    await step(
      'paid orders',
      `insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, paid_at, granted_at,
                           revoked_at, revoked_reason, renewal_stopped_at, gateway_subscription_status, created_at, updated_at)
       select s.user_id, 'package', s.package_id, p.name, s.type, p.price,
              case when u.n % 2 = 0 then 'payhere' else 'paypal' end, 'paid',
              now() - make_interval(days => u.n % 365, secs => u.n % 86400), now() - make_interval(days => u.n % 365, secs => u.n % 86400),
              case when u.n % 50 = 0 then now() - make_interval(days => u.n % 365 - 1) end,
              case when u.n % 50 = 0 then 'refund' end,
              case when u.n % 20 = 0 then now() - make_interval(days => (u.n * 3) % 365) end,
              case when u.n % 20 = 0 then 'cancelled' else 'active' end,
              now() - make_interval(days => u.n % 365), now()
       from subscriptions s join seed_users u on u.id = s.user_id join packages p on p.id = s.package_id`,
    );
    await step(
      'renewal charges',
      `insert into payment_events (provider, external_id, order_id, kind, amount, currency, payload, created_at)
       select o.provider, 'sale:seed-' || o.id || '-' || m, o.id, 'renewal', o.amount, 'USD', '{}', o.paid_at + make_interval(months => m)
       from orders o join seed_users u on u.id = o.user_id
       cross join generate_series(1, 11) m
       where o.provider = 'paypal' and o.revoked_at is null and o.paid_at + make_interval(months => m) < now()`,
    );
    // The delivery collection runs when the bench starts it (it measures the run), not at the server's start.
    await step(
      'delivery collection schedule',
      `insert into scheduler_locks (name, last_run_at, locked_until) values ('delivery-collection', now(), now() + interval '1 day')
       on conflict (name) do update set last_run_at = excluded.last_run_at, locked_until = excluded.locked_until`,
    );
    // The data is as the expiry scan leaves it (expired subscriptions' websites are paused), so the
    // server's first scan need not look further back than now.
    await step(
      'scheduler',
      `insert into scheduler_locks (name, last_run_at) values ('capacity-scan', now())
       on conflict (name) do update set last_run_at = greatest(scheduler_locks.last_run_at, excluded.last_run_at)`,
    );
    await client.query('commit');
    await seedAuditLog(client);
    await step('analyze', 'analyze');
    // VACUUM sets the visibility map, so counts can be answered from indexes alone, as on a settled database.
    // The audit log too: autovacuum visits an insert-only table after every fifth of its rows (PostgreSQL 13+),
    // so a year's closed monthly partitions are all-visible, and its deep pages walk the indexes alone.
    await step(
      'vacuum',
      `vacuum (analyze) users, subscriptions, websites, website_locations, activated_addons, website_hits_daily, delivery_counters,
               orders, payment_events, audit_events`,
    );
    const counts = await client.query(
      `select (select count(*) from users where role = 'ROLE_USER')::int as users, (select count(*) from subscriptions)::int as subscriptions,
              (select count(*) from websites)::int as websites, (select count(*) from activated_addons)::int as addons,
              (select count(*) from website_hits_daily)::int as history_days, (select count(*) from orders)::int as orders,
              (select count(*) from payment_events where kind = 'renewal')::int as renewals`,
    );
    console.log(`seed:large: done in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts.rows[0]);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error('seed:large failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
