import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { preparedPerDatabase, schema, type Db, type Executor } from '@traffic/db';

const { accessTokens, users } = schema;
export type AccessTokenRow = typeof accessTokens.$inferSelect;

/**
 * The token check of every token call: the token's row and its account, by the token's hash, in one
 * indexed read (access_tokens_hash_idx). Revoked and expired rows are found too, so the caller can
 * tell a script which of the two it is.
 */
const byHashQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: accessTokens.id,
      scope: accessTokens.scope,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      lastUsedIp: accessTokens.lastUsedIp,
      userId: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      status: users.status,
      twoFactor: sql<boolean>`${users.totpEnabledAt} is not null`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
    .prepare('auth_access_token'),
);

export async function findAccessTokenByHash(db: Db, hash: string) {
  const [row] = await byHashQuery(db).execute({ hash });
  return row;
}

/** A token's check row: the token and its account. */
export type AccessTokenCheck = NonNullable<Awaited<ReturnType<typeof findAccessTokenByHash>>>;

/** Stamps the token's last use (the check writes it at most once a minute). */
export async function touchAccessToken(db: Executor, id: string, at: Date, ip: string): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(accessTokens.id, id));
}

export async function insertAccessToken(db: Executor, row: typeof accessTokens.$inferInsert): Promise<AccessTokenRow> {
  const [inserted] = await db.insert(accessTokens).values(row).returning();
  return inserted!;
}

/** The account's tokens that are not revoked (expired ones included, marked on the screen), newest first. */
export async function listAccessTokens(db: Executor, userId: number): Promise<AccessTokenRow[]> {
  return db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
}

/** Tokens that still work (neither revoked nor expired): what the limit per account counts. */
export async function countLiveAccessTokens(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Revokes one of the account's tokens; answers its row, or undefined when it is not theirs or already revoked. */
export async function revokeAccessTokenRow(db: Executor, userId: number, id: string, at: Date): Promise<AccessTokenRow | undefined> {
  const [row] = await db
    .update(accessTokens)
    .set({ revokedAt: at })
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning();
  return row;
}

/** Every token of the account, gone (closing an account deletes them with it); answers how many. */
export async function deleteAccessTokensOf(db: Executor, userId: number): Promise<number> {
  const rows = await db.delete(accessTokens).where(eq(accessTokens.userId, userId)).returning({ id: accessTokens.id });
  return rows.length;
}
