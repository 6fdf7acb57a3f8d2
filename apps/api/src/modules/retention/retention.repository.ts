import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/**
 * Deletes up to `limit` rows of `table` matching `where`, found through the index the condition
 * names (migration 0015), in one short statement: a clean-up is many such batches, never one huge
 * transaction. Answers how many rows went.
 */
async function deleteBatch(db: Executor, table: string, key: string, where: SQL, limit: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from ${sql.raw(table)} where ${sql.raw(key)} in (
          select ${sql.raw(key)} from ${sql.raw(table)} where ${where} limit ${limit}
        ) returning 1`,
  );
  return rows.length;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Sessions that expired, or were ended, before `before` (the account page no longer lists or compares them). */
export async function deleteOldSessions(db: Executor, before: Date, limit: number): Promise<number> {
  const expired = await deleteBatch(db, 'sessions', 'id', sql`expires_at < ${at(before)}`, limit);
  if (expired === limit) return expired;
  return expired + (await deleteBatch(db, 'sessions', 'id', sql`ended_at is not null and ended_at < ${at(before)}`, limit - expired));
}

/** Reset codes (and the tokens verifying them handed out) created before `before`: spent or expired long since. */
export function deleteOldResetCodes(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'password_resets', 'id', sql`created_at < ${at(before)}`, limit);
}

/** Failed sign-ins recorded before `before`, outside every lockout window. */
export function deleteOldLoginFailures(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'login_failures', 'id', sql`created_at < ${at(before)}`, limit);
}

/**
 * Gateway events that moved no money, recorded before `before`: PayHere's pending and failed
 * notifies, and the delivery records of PayPal's webhooks (kept only so a redelivery is a no-op).
 * Payments, renewals, refunds, charge-backs and the charges a renewal read are the ledger: kept.
 */
export function deleteOldGatewayNotices(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    'payment_events',
    'id',
    sql`(kind in ('pending', 'failed') or kind like 'webhook:%') and created_at < ${at(before)}`,
    limit,
  );
}

/** Checkouts started before `before` and never paid (abandoned, declined or cancelled); a paid order is a record of sale, kept. */
export function deleteOldUnpaidOrders(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    'orders',
    'id',
    sql`paid_at is null and granted_at is null and status in ('pending', 'failed', 'cancelled') and created_at < ${at(before)}`,
    limit,
  );
}

/** Mail written before `before` that was sent or kept in the outbox; mail still queued waits for its job. */
export function deleteOldMail(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'emails', 'id', sql`status <> 'queued' and created_at < ${at(before)}`, limit);
}

/** Notifications sent before `before` that their customer never cleared. */
export function deleteOldNotifications(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'notifications', 'id', sql`created_at < ${at(before)}`, limit);
}

/** Support requests written before `before` (each was mailed to support when it came). */
export function deleteOldSupportRequests(db: Executor, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'support_requests', 'id', sql`created_at < ${at(before)}`, limit);
}

/**
 * Moves the daily delivery history before `firstKeptMonth` (a month's first day) of up to `limit`
 * websites after `afterId` into monthly totals, in one statement: each day is either still daily or
 * already in its month, never both. Walks websites in id order so each one is a primary-key range
 * scan of its old days. Answers the last website id of the batch (undefined when none was left) and
 * how many daily rows moved.
 */
export async function rollUpDeliveryDays(
  db: Executor,
  firstKeptMonth: string,
  afterId: number,
  limit: number,
): Promise<{ lastId: number | undefined; moved: number }> {
  const [row] = await queryRows<{ last_id: number | null; moved: number }>(
    db,
    sql`with ids as (select id from websites where id > ${afterId} order by id limit ${limit}),
        moved as (
          delete from website_hits_daily h using ids
          where h.website_id = ids.id and h.day < ${firstKeptMonth}::date
          returning h.website_id, h.day, h.hits
        ),
        months as (
          insert into website_hits_monthly (website_id, month, hits)
          select website_id, date_trunc('month', day)::date, sum(hits) from moved group by 1, 2
          on conflict (website_id, month) do update set hits = website_hits_monthly.hits + excluded.hits
          returning 1
        )
        select (select max(id) from ids) as last_id, (select count(*) from moved)::int as moved`,
  );
  return { lastId: row?.last_id == null ? undefined : Number(row.last_id), moved: Number(row?.moved ?? 0) };
}

/**
 * Makes sure the audit log has its month partitions (migration 0020) for the month of `now` and the
 * `ahead` months after it, creating those missing; answers how many it created. A month whose
 * records already went to the DEFAULT partition keeps them there (its partition is not made).
 * Creating a partition locks the whole audit log, and every insert queues behind a lock waiting
 * its turn: it waits at most 2 s for a long read to finish, else fails and the next hour tries
 * again (the months ahead leave time for that).
 */
export async function addAuditPartitions(db: Executor, now: Date, ahead: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '2s'`);
    const [row] = await queryRows<{ created: number }>(
      tx,
      sql`select count(*) filter (where audit_events_add_month(m))::int as created
          from generate_series(0, ${ahead}::int) n,
               lateral (select (date_trunc('month', ${at(now)} at time zone 'UTC') + make_interval(months => n)) at time zone 'UTC' as m) months`,
    );
    return Number(row?.created ?? 0);
  });
}
