import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/** The name of a month's partition of the audit log (migration 0020): `2026-01` → `audit_events_2026_01`. */
export const monthTable = (month: string) => `audit_events_${month.replace('-', '_')}`;

/**
 * Detaches the partition of `month` ('YYYY-MM') from the audit log with the SQL function
 * `audit_archive_month` (migration 0020), which refuses the current month, a later one and a month
 * without a partition. When that table is already detached (an archiving run stopped after
 * detaching), answers its name as it stands.
 */
export async function detachAuditMonth(db: Executor, month: string): Promise<string> {
  const table = monthTable(month);
  const [state] = await queryRows<{ exists: boolean; attached: boolean }>(
    db,
    sql`select to_regclass(${`public.${table}`}) is not null as exists,
               exists (select 1 from pg_inherits where inhrelid = to_regclass(${`public.${table}`})) as attached`,
  );
  if (state?.exists && !state.attached) return table;
  const [row] = await queryRows<{ name: string }>(db, sql`select audit_archive_month(${month}) as name`);
  return row!.name;
}

/** Up to `limit` records of a detached month after id `afterId`, in id order, as stored. */
export function detachedRecords(db: Executor, table: string, afterId: number, limit: number): Promise<Record<string, unknown>[]> {
  return queryRows(db, sql`select * from ${sql.identifier(table)} where id > ${afterId} order by id limit ${limit}`);
}

export async function countDetachedRecords(db: Executor, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

/** Drops a detached month (never the audit log itself: only a table no longer one of its partitions). */
export async function dropDetachedMonth(db: Executor, table: string): Promise<void> {
  const [attached] = await queryRows(db, sql`select 1 from pg_inherits where inhrelid = to_regclass(${`public.${table}`})`);
  if (attached) throw new Error(`${table} is still a partition of audit_events`);
  await db.execute(sql`drop table ${sql.identifier(table)}`);
}
