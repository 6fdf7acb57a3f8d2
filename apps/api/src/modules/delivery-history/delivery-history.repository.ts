import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';
import { jobPending } from '../../jobs/job-queue.ts';

/** One campaign of a siteGet page: its id at 9Hits and its confirmed total now. */
export interface CampaignTotal {
  key: string;
  total: number;
}

/** How a closed day joins website_hits_daily: added to a row of that day already there (capped at int). */
const addedToTheDay = sql.raw(
  'on conflict (website_id, day) do update set hits = least(website_hits_daily.hits::bigint + excluded.hits, 2147483647)::int',
);

/**
 * Adds one page of campaign totals to the history, in one statement. Per website matched by its
 * campaign id, the hits of `day` grow by the difference from the total read last time:
 * - the same campaign, total not lower: the difference (0 when read twice, so a page read again
 *   during a run adds nothing);
 * - another campaign (re-created) or a lower total (the counter was reset): the new total, all
 *   delivered since it started from zero;
 * - never read before: the total (all it has delivered since it was made, at most one collection
 *   interval ago), except in the very first run, which only takes a baseline: the totals of
 *   websites older than the history are not one day's delivery.
 * The day being counted stays on the website's counter row, which each reading rewrites anyway
 * (migration 0035): a reading on a later day first closes the counter's day into website_hits_daily,
 * as one row. So a reading writes one row per website, beside its previous version, instead of two
 * (the daily one on a page of its own): 7.4 MB of write-ahead log a page of 500 became ~0.1 MB
 * (docs/performance.md, run 13).
 * Runs under a transaction-wide advisory lock, so two runs never read the same old total.
 * Answers how many websites the page matched.
 */
export async function addCampaignTotals(tx: Executor, page: CampaignTotal[], day: string, now: Date, firstRun: boolean): Promise<number> {
  if (!page.length) return 0;
  await lockHistory(tx);
  const rows = await queryRows<{ matched: number }>(
    tx,
    sql`with page as (
          select key, max(total) as total
          from jsonb_to_recordset(${JSON.stringify(page)}::jsonb) as p(key text, total bigint)
          group by key
        ),
        read as (
          select w.id as website_id, w.type, p.key, p.total, c.day as open_day, c.day_hits as open_hits,
                 case
                   when c.website_id is null then case when ${firstRun} then 0 else p.total end
                   when c.campaign_id <> p.key or p.total < c.total then p.total
                   else p.total - c.total
                 end as delta
          from page p
          join websites w on w.ninehits_key = p.key
          left join delivery_counters c on c.website_id = w.id
        ),
        closed as (
          insert into website_hits_daily (website_id, day, hits)
          select website_id, open_day, open_hits from read where open_day <> ${day}::date and open_hits > 0
          ${addedToTheDay}
        ),
        counters as (
          insert into delivery_counters (website_id, campaign_id, total, read_at, day, day_hits)
          select website_id, key, total, ${now.toISOString()}::timestamptz, ${day}::date,
                 least(case when open_day = ${day}::date then open_hits else 0 end + greatest(delta, 0), 2147483647)::int
          from read
          on conflict (website_id) do update
            set campaign_id = excluded.campaign_id, total = excluded.total, read_at = excluded.read_at,
                day = excluded.day, day_hits = excluded.day_hits
        ),
        totals as (
          insert into delivery_daily_totals (day, type, hits)
          select ${day}::date, type, sum(delta) from read where delta > 0 group by type
          on conflict (day, type) do update set hits = delivery_daily_totals.hits + excluded.hits
        )
        select count(*)::int as matched from read`,
  );
  return rows[0]?.matched ?? 0;
}

/** The lock every change to the counters and the history takes, for the rest of its transaction. */
const lockHistory = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('delivery-history'))`);

/**
 * At a run's end: closes the open day of every counter this run (started at `runStartedAt`) did not
 * read, if that day is before `day`: a website whose campaign no page listed (deleted at 9Hits, or
 * read under another id). So an open day is never older than the last run, and the clean-up finds
 * every old day in website_hits_daily. A counter the run read before midnight keeps its day until
 * its next reading closes it, spread over that run's pages like every other day's end.
 * Answers how many days it closed.
 */
export async function closeOpenDays(tx: Executor, day: string, runStartedAt: Date): Promise<number> {
  await lockHistory(tx);
  const rows = await queryRows<{ closed: number }>(
    tx,
    sql`with stale as (
          select website_id, day, day_hits from delivery_counters
          where day < ${day}::date and read_at < ${runStartedAt.toISOString()}::timestamptz
          for update
        ),
        reset as (
          update delivery_counters c set day = null, day_hits = 0 from stale where c.website_id = stale.website_id
        ),
        closed as (
          insert into website_hits_daily (website_id, day, hits)
          select website_id, day, day_hits from stale where day_hits > 0
          ${addedToTheDay}
        )
        select count(*)::int as closed from stale`,
  );
  return rows[0]?.closed ?? 0;
}

/**
 * A website's days: the closed ones (website_hits_daily) and the one its counter still holds, summed
 * per day (a reading of the version before migration 0035 may have added to a day's row already).
 * `website` names the outer query's website id.
 */
const daysOf = (website: SQL, from: string) =>
  sql`select d.day, least(sum(d.hits), 2147483647)::int as hits from (
        select h.day, h.hits from website_hits_daily h where h.website_id = ${website} and h.day >= ${from}::date
        union all
        select c.day, c.day_hits from delivery_counters c where c.website_id = ${website} and c.day >= ${from}::date and c.day_hits > 0
      ) d group by d.day`;

/** The account's points balance on `day` (a later reading the same day replaces the earlier). */
export async function recordPoints(db: Executor, day: string, points: number, now: Date): Promise<void> {
  await db.execute(
    sql`insert into ninehits_points_daily (day, points, read_at) values (${day}::date, ${points}, ${now.toISOString()}::timestamptz)
        on conflict (day) do update set points = excluded.points, read_at = excluded.read_at`,
  );
}

export interface DayHits {
  day: string;
  hits: number;
}

const dayText = sql`to_char(h.day, 'YYYY-MM-DD')`;

/** A website's delivered hits per day from `from` (inclusive), oldest first; days with none are absent. */
export function websiteDays(db: Executor, websiteId: number, from: string): Promise<DayHits[]> {
  return queryRows<DayHits>(db, sql`select ${dayText} as day, h.hits from (${daysOf(sql`${websiteId}`, from)}) h order by h.day`);
}

/** When the website's campaign total was last read (the history is as of then); undefined if never. */
export async function lastReadAt(db: Executor, websiteId: number): Promise<Date | undefined> {
  const [row] = await queryRows<{ read_at: string | Date }>(db, sql`select read_at from delivery_counters where website_id = ${websiteId}`);
  return row ? new Date(row.read_at) : undefined;
}

/** Per website of a customer's package type, its delivered hits per day from `from`. */
export function typeDays(
  db: Executor,
  userId: number,
  type: string,
  from: string,
): Promise<{ website_id: number; url: string; day: string; hits: number }[]> {
  return queryRows(
    db,
    sql`select w.id as website_id, w.url, ${dayText} as day, h.hits
        from websites w cross join lateral (${daysOf(sql`w.id`, from)}) h
        where w.user_id = ${userId} and w.type = ${type}
        order by w.id, h.day`,
  );
}

/** The newest reading among a customer's websites of a type. */
export async function lastReadAtForType(db: Executor, userId: number, type: string): Promise<Date | undefined> {
  const [row] = await queryRows<{ read_at: string | Date | null }>(
    db,
    sql`select max(c.read_at) as read_at from websites w join delivery_counters c on c.website_id = w.id
        where w.user_id = ${userId} and w.type = ${type}`,
  );
  return row?.read_at ? new Date(row.read_at) : undefined;
}

/** Whether a collection run is queued or running (the next one waits for it). */
export const collectionPending = jobPending;

/** When the customer's first website of a type still listed was added; undefined without one. */
export async function firstWebsiteAddedAt(db: Executor, userId: number, type: string): Promise<Date | undefined> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(created_at) as at from websites where user_id = ${userId} and type = ${type}`,
  );
  return row?.at ? new Date(row.at) : undefined;
}

/** A customer's websites of a type, oldest first: the series of Home's chart. */
export async function websitesOfType(
  db: Executor,
  userId: number,
  type: string,
): Promise<{ id: number; url: string; dailyHitLimit: number }[]> {
  const rows = await queryRows<{ id: number; url: string; daily_hit_limit: number }>(
    db,
    sql`select id, url, daily_hit_limit from websites where user_id = ${userId} and type = ${type} order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), url: r.url, dailyHitLimit: Number(r.daily_hit_limit) }));
}

export interface MonthHits {
  month: string;
  hits: number;
}

/**
 * A website's hits per calendar month from `from` (a month's first day): the monthly totals of the
 * months rolled up (modules/retention/) and the sum of the days still kept daily.
 */
export function websiteMonths(db: Executor, websiteId: number, from: string): Promise<MonthHits[]> {
  return queryRows<MonthHits>(
    db,
    sql`select to_char(m.month, 'YYYY-MM') as month, sum(m.hits)::float8 as hits from (
          select month, hits from website_hits_monthly where website_id = ${websiteId} and month >= ${from}::date
          union all
          select date_trunc('month', h.day)::date, h.hits from (${daysOf(sql`${websiteId}`, from)}) h
        ) m group by m.month order by m.month`,
  );
}

/** Per website of a customer's package type, its hits per calendar month from `from`, read as websiteMonths reads one. */
export function typeMonths(
  db: Executor,
  userId: number,
  type: string,
  from: string,
): Promise<{ website_id: number; month: string; hits: number }[]> {
  return queryRows(
    db,
    sql`select m.website_id, to_char(m.month, 'YYYY-MM') as month, sum(m.hits)::float8 as hits from (
          select h.website_id, h.month, h.hits from websites w
            join website_hits_monthly h on h.website_id = w.id and h.month >= ${from}::date
            where w.user_id = ${userId} and w.type = ${type}
          union all
          select w.id, date_trunc('month', h.day)::date, h.hits from websites w
            cross join lateral (${daysOf(sql`w.id`, from)}) h
            where w.user_id = ${userId} and w.type = ${type}
        ) m group by m.website_id, m.month order by m.website_id, m.month`,
  );
}
