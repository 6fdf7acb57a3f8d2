import { eq, lt, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { revokedTokens, users } = schema;

/** Records a token as signed out until it would have expired; signing out twice is harmless. */
export async function revokeToken(db: Executor, values: { tokenId: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(revokedTokens).values(values).onConflictDoNothing();
}

/** Rows of tokens that have expired by now: the signature check refuses those tokens anyway. */
export async function forgetExpiredRevocations(db: Executor, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

/** Ends every session of the account (its tokens carry an older version from now on). */
export async function bumpSessionVersion(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
