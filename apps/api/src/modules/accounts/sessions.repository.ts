import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';
import { networkOf } from '../../lib/device.ts';

const { sessions } = schema;

export interface NewSession {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
  device: string;
}

export async function insertSession(db: Executor, values: NewSession): Promise<void> {
  await db.insert(sessions).values({ ...values, lastSeenAt: values.createdAt });
}

/** Whether a session with this id was ever opened (ended or not). */
export async function sessionExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id));
  return row !== undefined;
}

const open = (now: Date) => and(isNull(sessions.endedAt), gt(sessions.expiresAt, now));

/** The account's sessions that still work, newest first. */
export async function listOpenSessions(db: Executor, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), open(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(200);
}

/**
 * Ends sessions of the account (all, one, or all but one) that are still open; answers how many.
 * A session of another account is never touched, whatever id is given.
 */
export async function endSessions(
  db: Executor,
  userId: number,
  now: Date,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        open(now),
        which.only !== undefined ? eq(sessions.id, which.only) : undefined,
        which.except !== undefined ? ne(sessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Counts one more wrong answer given behind the session; answers how many it has had. */
export async function countWrongAnswer(db: Executor, sessionId: string): Promise<number> {
  const [row] = await db
    .update(sessions)
    .set({ wrongAnswers: sql`${sessions.wrongAnswers} + 1` })
    .where(eq(sessions.id, sessionId))
    .returning({ wrongAnswers: sessions.wrongAnswers });
  return row?.wrongAnswers ?? 0;
}

/** Whether the account has signed in from this device before (a new one gets an e-mail). */
export async function knownDevice(db: Executor, userId: number, device: string, ip: string): Promise<{ known: boolean; any: boolean }> {
  // The account's own list is short (forgetOldSessions): its devices and addresses, compared here.
  const rows = await db.selectDistinct({ device: sessions.device, ip: sessions.ip }).from(sessions).where(eq(sessions.userId, userId));
  const network = networkOf(ip);
  return { known: rows.some((r) => r.device === device && networkOf(r.ip) === network), any: rows.length > 0 };
}

/** Sessions that ended or expired before `before` are forgotten (SESSION_RETENTION_DAYS; the audit log keeps the sign-ins). */
export async function forgetOldSessions(db: Executor, userId: number, before: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lt(sessions.endedAt, before), lt(sessions.expiresAt, before))));
}

/** Stamps a session as seen now; the session check calls it at most once a minute per session. */
export async function touchSession(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}
