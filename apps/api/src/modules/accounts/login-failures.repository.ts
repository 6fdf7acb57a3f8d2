import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { isIPv6 } from 'node:net';
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

/** This address's recent failures, for one login name and for all names, in one read. */
export async function countFailures(
  db: Executor,
  loginKey: string,
  address: string,
  since: Date,
): Promise<{ byName: FailureCount; byAddress: FailureCount }> {
  const forName = sql`${loginFailures.loginKey} = ${loginKey}`;
  const [row] = await db
    .select({
      nameCount: sql<number>`(count(*) filter (where ${forName}))::int`,
      nameOldest: sql<string | null>`min(${loginFailures.createdAt}) filter (where ${forName})`,
      addressCount: count(),
      addressOldest: sql<string | null>`min(${loginFailures.createdAt})`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.address, address), gt(loginFailures.createdAt, since)));
  const at = (v: string | null | undefined) => (v ? new Date(v) : null);
  return {
    byName: { count: row?.nameCount ?? 0, oldest: at(row?.nameOldest) },
    byAddress: { count: row?.addressCount ?? 0, oldest: at(row?.addressOldest) },
  };
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
    .where(
      address === undefined
        ? eq(loginFailures.loginKey, loginKey)
        : and(eq(loginFailures.loginKey, loginKey), eq(loginFailures.address, address)),
    );
}

/** The account's key: its email and its username count as one name. */
export const accountLoginKey = (userId: number) => `user:${userId}`;
export const unknownLoginKey = (login: string) => `name:${login.trim().toLowerCase()}`;
/** Password-reset requests for an address without an account (password-reset.ts), counted like a registered one's codes. */
export const resetRequestKey = (email: string) => `reset-request:${email.trim().toLowerCase()}`;
/** The `address` those requests are stored under: they count per e-mail address, whoever asks. */
export const RESET_REQUESTS = 'password-reset';

/**
 * The client a failure is counted against: an IPv4 address, or an IPv6 /64, since one host
 * commonly holds a whole /64 and could otherwise guess from a new address each time.
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address.split('%')[0]!)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The failures counted under one key from every address (the account-wide cap on wrong codes). */
export async function countKeyFailures(db: Executor, loginKey: string, since: Date): Promise<FailureCount> {
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.loginKey, loginKey), gt(loginFailures.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Wrong two-factor codes of an account, from any address: whoever holds the password cannot
 * multiply their guesses by changing address, and a stranger without it cannot add to this count.
 */
export const twoFactorKey = (userId: number) => `two-factor:${userId}`;
