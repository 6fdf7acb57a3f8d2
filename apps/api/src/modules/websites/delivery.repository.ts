import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { prepared, queryRows, schema, type Executor } from '@traffic/db';

const { websites } = schema;

/**
 * The end of the period the customer has paid delivery of this type for (decision 0017): their
 * subscription's end, since when it ends every website of the type is paused (reconcile-capacity.ts)
 * whatever add-ons remain; with no subscription of that type at all, the latest end of a running
 * add-on of it; with neither, `now` (nothing is paid).
 */
export async function paidPeriodEnd(db: Executor, userId: number, type: string, now: Date): Promise<Date> {
  const [row] = await queryRows<{ until: string | null }>(
    db,
    prepared(sql`select coalesce(
          (select s.expires_at from subscriptions s where s.user_id = ${userId} and s.type = ${type}),
          (select max(a.expires_at) from activated_addons a where a.user_id = ${userId} and a.type = ${type} and a.expires_at > ${now.toISOString()}::timestamptz)
        ) as until`),
  );
  return row?.until ? new Date(row.until) : now;
}

/** Records the campaign's `systemState` as 9Hits answered it (null when it answered none). */
export async function storeNinehitsState(db: Executor, id: number, state: string | null, at: Date): Promise<void> {
  await db.update(websites).set({ ninehitsState: state, ninehitsCheckedAt: at }).where(eq(websites.id, id));
}

/** The campaign is gone at 9Hits (deleted in the panel): forget it, so that the next sync creates one. */
export async function forgetCampaign(db: Executor, id: number, key: string): Promise<void> {
  await db
    .update(websites)
    .set({ ninehitsKey: null, ninehitsState: null, syncState: 'pending' })
    .where(and(eq(websites.id, id), eq(websites.ninehitsKey, key)));
}

/** Websites whose campaign 9Hits has not approved (as last read), least recently checked first. */
export async function unapprovedCampaigns(db: Executor, limit: number): Promise<{ id: number; key: string; state: string | null }[]> {
  const rows = await db
    .select({ id: websites.id, key: websites.ninehitsKey, state: websites.ninehitsState })
    .from(websites)
    .where(and(isNotNull(websites.ninehitsKey), sql`${websites.ninehitsState} is distinct from 'approved'`))
    .orderBy(sql`${websites.ninehitsCheckedAt} asc nulls first`, asc(websites.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, key: r.key!, state: r.state }));
}

/** The stored campaign key (null: none yet) of each of these websites that still exists. */
export async function campaignKeysOf(db: Executor, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: websites.id, key: websites.ninehitsKey })
    .from(websites)
    .where(inArray(websites.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.key]));
}
