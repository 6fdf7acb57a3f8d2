import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { schema, type Db, type Executor } from '@traffic/db';
import { computeCapacity, type CapacityStats } from '@traffic/shared';

const { websites, websiteLocations, users, subscriptions, packages, activatedAddons } = schema;
export type WebsiteRow = typeof websites.$inferSelect;
export type WebsiteWithLocations = WebsiteRow & { countryCodes: string[]; ownerEmail: string; ownerUsername: string };

const websiteWithOwner = (db: Executor) =>
  db
    .select({
      website: websites,
      ownerEmail: users.email,
      ownerUsername: users.username,
      countryCodes: sql<string[]>`coalesce((select array_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = ${websites.id}), '{}')`,
    })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.userId));
const prepareFindWebsite = (db: Db) => websiteWithOwner(db).where(eq(websites.id, sql.placeholder('id'))).prepare('find_website_by_id');
/** Read by every website call (access check, Check hits, after a write): prepared once per connection. */
const findWebsiteQueries = new WeakMap<Db, ReturnType<typeof prepareFindWebsite>>();

export async function findWebsite(db: Executor, id: number): Promise<WebsiteWithLocations | undefined> {
  let rows;
  if (db instanceof PgTransaction) {
    rows = await websiteWithOwner(db).where(eq(websites.id, id));
  } else {
    let query = findWebsiteQueries.get(db);
    if (!query) findWebsiteQueries.set(db, (query = prepareFindWebsite(db)));
    rows = await query.execute({ id });
  }
  const [row] = rows;
  return row ? { ...row.website, countryCodes: row.countryCodes, ownerEmail: row.ownerEmail, ownerUsername: row.ownerUsername } : undefined;
}

/** Takes the user's row lock: capacity checks and writes for one user happen one at a time. */
export async function lockUserRow(db: Executor, userId: number): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** The capacity figures of one user and type, as of `now` (call with the user's row locked). */
export async function capacityOf(db: Executor, userId: number, type: string, now: Date): Promise<CapacityStats & { subscriptionActive: boolean }> {
  const [sub] = await db
    .select({ hitsPerDay: packages.hitsPerDay, slots: packages.slots, expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.type, type)));
  const addons = await db
    .select({ kind: activatedAddons.kind, count: activatedAddons.count, expiresAt: activatedAddons.expiresAt })
    .from(activatedAddons)
    .where(and(eq(activatedAddons.userId, userId), eq(activatedAddons.type, type), gt(activatedAddons.expiresAt, now)));
  const sites = await db
    .select({ dailyHitLimit: websites.dailyHitLimit })
    .from(websites)
    .where(and(eq(websites.userId, userId), eq(websites.type, type)));
  const stats = computeCapacity({
    subscription: sub ?? null,
    addons: addons.map((a) => ({ kind: a.kind as 'hits' | 'slots', count: a.count, expiresAt: a.expiresAt })),
    websites: sites,
    now,
  });
  return { ...stats, subscriptionActive: !!sub && sub.expiresAt > now };
}

export async function insertWebsite(db: Executor, values: typeof websites.$inferInsert, countryCodes: string[]): Promise<number> {
  const [row] = await db.insert(websites).values(values).returning({ id: websites.id });
  if (countryCodes.length) await db.insert(websiteLocations).values(countryCodes.map((countryCode) => ({ websiteId: row!.id, countryCode })));
  return row!.id;
}

export async function updateWebsiteRow(db: Executor, id: number, change: Partial<typeof websites.$inferInsert>, countryCodes?: string[]): Promise<void> {
  await db.update(websites).set({ ...change, updatedAt: new Date() }).where(eq(websites.id, id));
  if (countryCodes) {
    await db.delete(websiteLocations).where(eq(websiteLocations.websiteId, id));
    if (countryCodes.length) await db.insert(websiteLocations).values(countryCodes.map((countryCode) => ({ websiteId: id, countryCode })));
  }
}

export async function deleteWebsiteRow(db: Executor, id: number): Promise<void> {
  await db.delete(websites).where(eq(websites.id, id));
}

export async function websitesOfUser(db: Executor, userId: number, type?: string, order: 'newest' | 'oldest' = 'oldest'): Promise<WebsiteRow[]> {
  return db
    .select()
    .from(websites)
    .where(type ? and(eq(websites.userId, userId), eq(websites.type, type)) : eq(websites.userId, userId))
    .orderBy(order === 'newest' ? desc(websites.createdAt) : asc(websites.createdAt), order === 'newest' ? desc(websites.id) : asc(websites.id));
}

/** Marks the delivery as changed; the sync job compares `updated_at` to know it sent the latest. */
export async function markSynced(db: Executor, id: number, seenUpdatedAt: Date, key?: string): Promise<boolean> {
  const rows = await db
    .update(websites)
    .set({ syncState: 'synced', ...(key ? { ninehitsKey: key } : {}) })
    .where(and(eq(websites.id, id), eq(websites.updatedAt, seenUpdatedAt)))
    .returning({ id: websites.id });
  return rows.length > 0;
}

export async function storeKey(db: Executor, id: number, key: string): Promise<boolean> {
  const rows = await db.update(websites).set({ ninehitsKey: key }).where(eq(websites.id, id)).returning({ id: websites.id });
  return rows.length > 0;
}
