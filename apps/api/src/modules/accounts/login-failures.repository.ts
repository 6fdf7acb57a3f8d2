import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { loginFailures } = schema;

export interface FailureCount {
  count: number;
  oldest: Date | null;
}

/**
 * Serialises sign-in attempts from one client address (a transaction-scoped advisory lock), so
 * parallel guesses cannot slip past either limit, whether or not the names have accounts. Every
 * count is per address, so attempts from different addresses never wait for each other.
 */
export async function lockAddress(db: Executor, address: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in|${address}`}, 0))`);
}

export async function countFailures(db: Executor, where: { loginKey?: string; address: string }, since: Date): Promise<FailureCount> {
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.address, where.address),
        where.loginKey === undefined ? undefined : eq(loginFailures.loginKey, where.loginKey),
        gt(loginFailures.createdAt, since),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Records a failure and drops this address's failures that have left every window. */
export async function recordFailure(db: Executor, loginKey: string, address: string, at: Date, forgetBefore: Date): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.address, address), lt(loginFailures.createdAt, forgetBefore)));
  await db.insert(loginFailures).values({ loginKey, address, createdAt: at });
}

/** A success from this address clears this name's count here; elsewhere it stays. */
export async function clearFailures(db: Executor, loginKey: string, address?: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(address === undefined ? eq(loginFailures.loginKey, loginKey) : and(eq(loginFailures.loginKey, loginKey), eq(loginFailures.address, address)));
}

/** The account's key: its email and its username count as one name. */
export const accountLoginKey = (userId: number) => `user:${userId}`;
export const unknownLoginKey = (login: string) => `name:${login.trim().toLowerCase()}`;
