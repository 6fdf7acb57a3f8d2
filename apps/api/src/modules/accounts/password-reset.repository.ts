import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { passwordResets } = schema;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function countCodesSince(db: Executor, userId: number, since: Date): Promise<{ count: number }> {
  const [row] = await db
    .select({ count: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return { count: row?.count ?? 0 };
}

export async function oldestCodeSince(db: Executor, userId: number, since: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)))
    .orderBy(passwordResets.createdAt)
    .limit(1);
  return row?.createdAt;
}

/** A new code supersedes every earlier one, verified or not: none of them can be used again. */
export async function voidOpenCodes(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertCode(db: Executor, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** The newest unused code: issuing a new code supersedes the older ones. */
export async function findLatestCode(db: Executor, userId: number, lock = false): Promise<PasswordResetRow | undefined> {
  const query = db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateCode(db: Executor, id: number, change: Partial<PasswordResetRow>): Promise<void> {
  await db.update(passwordResets).set(change).where(eq(passwordResets.id, id));
}
