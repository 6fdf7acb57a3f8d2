import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { prepared, preparedPerDatabase, queryRows, schema, type Db, type Executor } from '@traffic/db';
import { computeCapacity, type CapacityStats } from '@traffic/shared';
import { websiteCountryCodes } from '../shapes/index.ts';

const { websites, websiteLocations, users } = schema;
export type WebsiteRow = typeof websites.$inferSelect;
export type WebsiteWithLocations = WebsiteRow & { countryCodes: string[]; ownerEmail: string; ownerUsername: string };

const websiteWithOwner = (db: Executor) =>
  db
    .select({
      website: websites,
      ownerEmail: users.email,
      ownerUsername: users.username,
      countryCodes: websiteCountryCodes('websites'),
    })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.userId));
/** Read by every website call (access check, Check hits, after a write), so prepared. */
const findWebsiteQuery = preparedPerDatabase((db) =>
  websiteWithOwner(db)
    .where(eq(websites.id, sql.placeholder('id')))
    .prepare('find_website_by_id'),
);

export async function findWebsite(db: Executor, id: number): Promise<WebsiteWithLocations | undefined> {
  const [row] =
    db instanceof PgTransaction ? await websiteWithOwner(db).where(eq(websites.id, id)) : await findWebsiteQuery(db).execute({ id });
  return row ? { ...row.website, countryCodes: row.countryCodes, ownerEmail: row.ownerEmail, ownerUsername: row.ownerUsername } : undefined;
}

/** The user's websites with their locations and owner, oldest first: one prepared query. */
const websitesOfUserQuery = preparedPerDatabase((db) =>
  websiteWithOwner(db)
    .where(eq(websites.userId, sql.placeholder('userId')))
    .orderBy(asc(websites.createdAt), asc(websites.id))
    .prepare('list_websites_of_user'),
);

export async function websitesWithOwnerOf(db: Db, userId: number): Promise<WebsiteWithLocations[]> {
  const rows = await websitesOfUserQuery(db).execute({ userId });
  return rows.map((row) => ({
    ...row.website,
    countryCodes: row.countryCodes,
    ownerEmail: row.ownerEmail,
    ownerUsername: row.ownerUsername,
  }));
}

/** Takes the user's row lock: capacity checks and writes for one user happen one at a time. */
export async function lockUserRow(
  db: Executor,
  userId: number,
): Promise<{ id: number; email: string; username: string; status: string } | undefined> {
  const [row] = await queryRows<{ id: number; email: string; username: string; status: string }>(
    db,
    prepared(sql`select id, email, username, status from users where id = ${userId} for update`),
  );
  return row;
}

interface CapacityRow {
  sub: { hitsPerDay: number; slots: number; expiresAt: string } | null;
  addons: { kind: 'hits' | 'slots'; count: number; expiresAt: string }[];
  sites: { limit: number; url: string }[];
}

/**
 * The capacity figures of one user and type, as of `now` (call with the user's row locked). One
 * query, so one snapshot: taken after the lock, it sees every write of the lock's previous holder.
 */
export async function capacityOf(
  db: Executor,
  userId: number,
  type: string,
  now: Date,
  /** Counts this package instead of the one the customer has (a package change's preview), running from now. */
  replaceWith?: { hitsPerDay: number; slots: number },
): Promise<CapacityStats & { subscriptionActive: boolean; urls: string[] }> {
  const [row] = await queryRows<CapacityRow>(
    db,
    prepared(sql`select
      (select json_build_object('hitsPerDay', p.hits_per_day, 'slots', p.slots, 'expiresAt', s.expires_at)
         from subscriptions s join packages p on p.id = s.package_id where s.user_id = ${userId} and s.type = ${type}) as sub,
      (select coalesce(json_agg(json_build_object('kind', a.kind, 'count', a.count, 'expiresAt', a.expires_at)), '[]')
         from activated_addons a where a.user_id = ${userId} and a.type = ${type} and a.expires_at > ${now.toISOString()}::timestamptz) as addons,
      (select coalesce(json_agg(json_build_object('limit', w.daily_hit_limit, 'url', w.url) order by w.created_at, w.id), '[]')
         from websites w where w.user_id = ${userId} and w.type = ${type}) as sites`),
  );
  const { sub, addons, sites } = row!;
  const subscription = replaceWith
    ? { ...replaceWith, expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000) }
    : sub
      ? { hitsPerDay: sub.hitsPerDay, slots: sub.slots, expiresAt: new Date(sub.expiresAt) }
      : null;
  const stats = computeCapacity({
    subscription,
    addons: addons.map((a) => ({ kind: a.kind, count: a.count, expiresAt: new Date(a.expiresAt) })),
    websites: sites.map((site) => ({ dailyHitLimit: site.limit })),
    now,
  });
  // The type's addresses, oldest first, read with the figures: a create checks them for a duplicate
  // under the same lock without another round trip.
  return { ...stats, subscriptionActive: !!subscription && subscription.expiresAt > now, urls: sites.map((site) => site.url) };
}

/** What a create writes; every other column takes the table's default. */
export type NewWebsite = Required<
  Pick<
    typeof websites.$inferInsert,
    | 'userId'
    | 'type'
    | 'url'
    | 'status'
    | 'dailyHitLimit'
    | 'trafficSource'
    | 'trafficSourceType'
    | 'bounceRateReduction'
    | 'geolocationType'
    | 'title'
    | 'searchEngine'
  >
>;

/**
 * Every column of a website row, named as drizzle names them (`"user_id" as "userId"`), for raw
 * statements: written out once, as text, so that no statement builds the list again.
 */
const websiteColumns = sql.raw(
  Object.entries(getTableColumns(websites))
    .map(([key, column]) => `"${column.name}" as "${key}"`)
    .join(', '),
);

/** A website row read by a raw statement: its times may arrive as text (PGlite's JSON, or a driver's choice). */
function websiteRow(raw: WebsiteRow): WebsiteRow {
  return {
    ...raw,
    createdAt: new Date(raw.createdAt),
    updatedAt: new Date(raw.updatedAt),
    ninehitsCheckedAt: raw.ninehitsCheckedAt === null ? null : new Date(raw.ninehitsCheckedAt),
  };
}

/**
 * Inserts a website, its countries and the job that syncs it to 9Hits (payload `{ websiteId }`, key
 * `syncJob.keyPrefix` and the id), in one prepared statement: a create's transaction makes one round
 * trip for all three, and no query is built for it (drizzle's insert builder cost ~65 µs a create,
 * docs/performance.md run 18). The job row is job-queue.ts enqueueJob's, with the table's defaults,
 * and is not queued twice while one with the same key waits; it is due when the website was created
 * (one now() for both), which deleteWebsiteWithJob relies on. Answers the row as stored (defaults,
 * id) with its countries.
 */
export async function insertWebsite(
  db: Executor,
  values: NewWebsite,
  countryCodes: string[],
  syncJob: { kind: string; keyPrefix: string },
): Promise<WebsiteRow & { countryCodes: string[] }> {
  const [row] = await queryRows<WebsiteRow>(
    db,
    prepared(sql`with created as (
          insert into websites (user_id, type, url, status, daily_hit_limit, traffic_source, traffic_source_type,
                                bounce_rate_reduction, geolocation_type, title, search_engine)
          values (${values.userId}, ${values.type}, ${values.url}, ${values.status}, ${values.dailyHitLimit}, ${values.trafficSource},
                  ${values.trafficSourceType}, ${values.bounceRateReduction}, ${values.geolocationType}, ${values.title}, ${values.searchEngine})
          returning *
        ), located as (
          insert into website_locations (website_id, country_code)
          select created.id, code from created, jsonb_array_elements_text(${JSON.stringify(countryCodes)}::jsonb) as code
        ), queued as (
          insert into jobs (kind, payload, dedupe_key)
          select ${syncJob.kind}, jsonb_build_object('websiteId', created.id), ${syncJob.keyPrefix}::text || created.id from created
          on conflict do nothing
        )
        select ${websiteColumns} from created`),
  );
  return { ...websiteRow(row!), countryCodes: [...countryCodes].sort() };
}

export async function updateWebsiteRow(
  db: Executor,
  id: number,
  change: Partial<typeof websites.$inferInsert>,
  countryCodes?: string[],
): Promise<void> {
  await db
    .update(websites)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(websites.id, id));
  if (countryCodes) {
    await db.delete(websiteLocations).where(eq(websiteLocations.websiteId, id));
    if (countryCodes.length) await db.insert(websiteLocations).values(countryCodes.map((countryCode) => ({ websiteId: id, countryCode })));
  }
}

/**
 * Deletes a website (only if `ownerId` owns it, when given) and writes the job that removes its 9Hits
 * campaign, in one statement: atomic without a transaction's extra round trips (the job row is
 * job-queue.ts enqueueJob's, with the table's defaults). Undefined when no such website was deleted;
 * otherwise whether a removal job was written (the caller wakes the job runner only then).
 *
 * The website's first sync, if it still waits for a worker, is closed in the same statement: run, it
 * would find no website and end (delivery-jobs.ts). It is found by its key and by being due exactly
 * when the website was created (insertWebsite writes both in one transaction, at one now()): either
 * is an index condition, so the lookup reads one row whatever the statistics say about the queue
 * (with only the key, a plan made while no job waited scanned every waiting job). A retried sync (due
 * later), a later change's sync, and a sync a worker holds (the claim's row lock makes this statement
 * wait, then skip it) run as before and end when they find no website.
 *
 * No removal job is written when the website never reached 9Hits: no key stored, and the first sync
 * closed here had never run (`attempts = 0 and last_error is null`; a job given back by a stopping
 * process says so in last_error, job-queue.ts releaseJob). Only that sync creates campaigns, and while
 * it waits no other sync of the website can be queued (its key). Otherwise the removal deletes the
 * stored campaign and any an attempt created without our learning its id, by title.
 */
export async function deleteWebsiteWithJob(
  db: Executor,
  id: number,
  jobs: { removal: string; sync: { keyPrefix: string } },
  ownerId?: number,
): Promise<{ removalQueued: boolean } | undefined> {
  const [row] = await queryRows<{ removal_queued: boolean }>(
    db,
    prepared(sql`with gone as (
          delete from websites where id = ${id} ${ownerId === undefined ? sql`` : sql`and user_id = ${ownerId}`}
          returning id, ninehits_key, created_at
        ), unsynced as (
          update jobs set done_at = now(), locked_until = null, locked_by = null
          where run_at = (select created_at from gone) and dedupe_key = (select ${jobs.sync.keyPrefix}::text || id from gone)
            and done_at is null and failed_at is null and (locked_until is null or locked_until < now())
          returning attempts = 0 and last_error is null as never_ran
        ), removal as (
          insert into jobs (kind, payload)
          select ${jobs.removal}, jsonb_build_object('websiteId', id, 'key', ninehits_key) from gone
          where ninehits_key is not null or not exists (select from unsynced where never_ran)
          returning id
        )
        select exists (select from removal) as removal_queued from gone`),
  );
  return row && { removalQueued: row.removal_queued };
}

export async function websitesOfUser(
  db: Executor,
  userId: number,
  type?: string,
  order: 'newest' | 'oldest' = 'oldest',
): Promise<WebsiteRow[]> {
  return db
    .select()
    .from(websites)
    .where(type ? and(eq(websites.userId, userId), eq(websites.type, type)) : eq(websites.userId, userId))
    .orderBy(
      order === 'newest' ? desc(websites.createdAt) : asc(websites.createdAt),
      order === 'newest' ? desc(websites.id) : asc(websites.id),
    );
}

/**
 * The end of a sync, in one statement: the campaign's moderation state as 9Hits answered it (null
 * when it answered none) is stored, and the website is marked synced with its key only if it has
 * not changed since the job read it (`updated_at`): answers whether it was.
 */
export async function recordSync(
  db: Executor,
  id: number,
  seenUpdatedAt: Date,
  key: string,
  read: { state: string | null; at: Date },
): Promise<boolean> {
  const unchanged = eq(websites.updatedAt, seenUpdatedAt);
  const rows = await db
    .update(websites)
    .set({
      ninehitsState: read.state,
      ninehitsCheckedAt: read.at,
      syncState: sql`case when ${unchanged} then 'synced' else ${websites.syncState} end`,
      ninehitsKey: sql`case when ${unchanged} then ${key} else ${websites.ninehitsKey} end`,
    })
    .where(eq(websites.id, id))
    .returning({ synced: sql<boolean>`${unchanged}` });
  return rows[0]?.synced === true;
}

export async function storeKey(db: Executor, id: number, key: string): Promise<boolean> {
  const rows = await db.update(websites).set({ ninehitsKey: key }).where(eq(websites.id, id)).returning({ id: websites.id });
  return rows.length > 0;
}

/** The users and types whose subscription or an add-on ended in (from, until] and that still have an active website of it. */
export function usersWithExpiriesBetween(db: Executor, from: Date, until: Date): Promise<{ user_id: number; type: string }[]> {
  return queryRows<{ user_id: number; type: string }>(
    db,
    sql`select distinct e.user_id, e.type from (
          select user_id, type from subscriptions where expires_at > ${from} and expires_at <= ${until}
          union all
          select user_id, type from activated_addons where expires_at > ${from} and expires_at <= ${until}
        ) e
        where exists (select 1 from websites w where w.user_id = e.user_id and w.type = e.type and w.status = 'ACTIVE')`,
  );
}
