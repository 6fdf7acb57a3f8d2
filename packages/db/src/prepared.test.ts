import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client.ts';
import { prepared } from './prepared.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/** The statements marked with prepared() (prepared.ts): prepared on each connection, in transactions too. */
describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
    await testDb.destroy();
  });

  /** The statements prepared on the pool's one connection, as PostgreSQL lists them. */
  const preparedTexts = async () =>
    (await queryRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements where not from_sql`)).map(
      (r) => r.statement,
    );

  it('prepares a marked statement once per connection and answers it with each call’s values, in a transaction too', async () => {
    const doubled = (n: number) => prepared(sql`select ${n}::int * 2 as doubled`);
    expect(await queryRows(database.db, doubled(2))).toEqual([{ doubled: 4 }]);
    expect(await queryRows(database.db, doubled(5))).toEqual([{ doubled: 10 }]);
    const inTransaction = await database.db.transaction(async (tx) => queryRows(tx, doubled(21)));
    expect(inTransaction).toEqual([{ doubled: 42 }]);
    const marked = (await preparedTexts()).filter((text) => text.includes('* 2 as doubled'));
    expect(marked).toHaveLength(1);
  });

  it('leaves an unmarked statement unprepared', async () => {
    expect(await queryRows(database.db, sql`select ${3}::int * 3 as tripled`)).toEqual([{ tripled: 9 }]);
    expect((await preparedTexts()).some((text) => text.includes('* 3 as tripled'))).toBe(false);
  });
});
