import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { users } = schema;
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

/** Sign-in accepts the email or the username (both unique ignoring case). */
export async function findUserByLogin(db: Executor, login: string, lock = false): Promise<UserRow | undefined> {
  const value = login.trim();
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${value}) or lower(${users.username}) = lower(${value})`)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return !!row;
}

/** Whether any administrator account exists. */
export async function anyAdminExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ROLE_ADMIN')).limit(1);
  return !!row;
}

/**
 * The ids of the ACTIVE administrators, their rows locked in id order: two admins deactivating each
 * other at once take turns, so one of them always stays active.
 */
export async function lockActiveAdmins(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ROLE_ADMIN'), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Inserts the user unless its email or username is taken (then false, and nothing written). */
export async function insertUserUnlessTaken(db: Executor, values: typeof users.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return inserted.length > 0;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: number, change: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Sets a new password hash (the caller ends the account's sessions in the same transaction). */
export async function setPassword(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The user's row, locked for the rest of the transaction. */
export async function findUserForUpdate(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return source ? (source.constraint ?? 'unique') : undefined;
}

/** Takes the user's row lock: what is read and written for one user afterwards happens one at a time. */
export async function lockUser(db: Executor, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** Empties the user's notification list; answers how many went. */
export async function deleteNotifications(db: Executor, userId: number): Promise<number> {
  const gone = await db
    .delete(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .returning({ id: schema.notifications.id });
  return gone.length;
}

/** One notification to one user. */
export async function insertNotification(db: Executor, userId: number, title: string, body: string, createdAt: Date): Promise<void> {
  await db.insert(schema.notifications).values({ userId, title, body, createdAt });
}
