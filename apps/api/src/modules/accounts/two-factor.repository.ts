import { and, count, eq, isNull } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { users, recoveryCodes } = schema;

export interface TwoFactorChange {
  totpSecret?: string | null;
  totpPendingSecret?: string | null;
  totpEnabledAt?: Date | null;
  totpLastStep?: number | null;
}

export async function setTwoFactor(db: Executor, userId: number, change: TwoFactorChange): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Turns two-factor sign-in off: the secrets and the step go, and every recovery code with them. */
export async function removeTwoFactor(db: Executor, userId: number): Promise<void> {
  await setTwoFactor(db, userId, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces the account's recovery codes with these hashes (none: removes them). */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses a recovery code: true once for each code, whatever runs at the same time. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
